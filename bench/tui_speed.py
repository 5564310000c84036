"""Terminal app speed: time to the first frame (ours and a minimal Textual app, each in a fresh
process), from a key to the repainted map, and a whole map redrawn, on a 60x60 explored map.

Prints figures; asserts nothing.
Run: python bench/tui_speed.py [--runs N] [--keys N] [--against OTHER_CHECKOUT]

- Fresh processes run with Python's bytecode cache on (in a temporary folder, after one warm-up
  run), as an installed program runs: a process that compiles every module of ours each time
  (PYTHONDONTWRITEBYTECODE=1 and no cache) measures the compiler, not the program.
- Each figure is given as a ratio to the minimal app measured in the same run: the processes
  are interleaved (minimal, ours, minimal, ours ...), so a machine busy with other work slows
  all of them alike.  Wall time and CPU time (the process's, every thread) are both printed.
- --against runs the same measures on another checkout (for example the tree before a change,
  `git worktree add /tmp/before <commit>`) in the same interleaved run: before and after side
  by side against one baseline.
- The key figure is measured with `run_action` (not `pilot.press`, which waits by design): the
  action, then every visible line of the map rendered again, as a repaint does.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FIRST_FRAME = """
import time
t0, c0 = time.perf_counter(), time.process_time()
import asyncio, os, sys
sys.path.insert(0, {root!r})
os.environ["DUNGEON_TUI_SAVES"] = {saves!r}
{make_app}
async def main():
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(300):
            if hasattr(app, "first_frame") and (hasattr(app, "map_frame") or not {wait_for_map}):
                break
            await pilot.pause(0.01)
        first, shown = app.first_frame, getattr(app, "map_frame", app.first_frame)
        print(first[0] - t0, shown[0] - t0, first[1] - c0, shown[1] - c0)
asyncio.run(main())
"""

CLOCKS = "(time.perf_counter(), time.process_time())"

MINIMAL_APP = f"""
from textual.app import App
from textual.widgets import Static, Footer
class Minimal(App):
    def compose(self):
        yield Static("hello")
        yield Footer()
    def on_ready(self):
        self.first_frame = {CLOCKS}
app = Minimal()
"""

# The floor the design sets: content is validated by pydantic, so a game's first map cannot come
# sooner than a minimal app that first imports pydantic and validates one model.
PYDANTIC_FIRST = """
import os
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
from pydantic import BaseModel
class Floor(BaseModel):
    name: str
    moves: list[int] = []
Floor(name="floor", moves=[1, 2])
"""

OUR_APP = """
from dungeon_tui import cli  # as the program starts: the command line first
args = cli.parser().parse_args({argv})
if hasattr(cli, "play_app"):
    app = cli.play_app(args)  # what `dungeon-tui` and `dungeon-tui new` run
else:  # a checkout from before play_app: what its cmd_play ran
    from dungeon_tui.tui.app import DungeonApp
    if args.command is None:
        app = DungeonApp()
    else:  # the game set up behind the title
        from dungeon_tui.tui.session import new_session
        app = DungeonApp(start=lambda: new_session("warhammer-quest", {{"adventure": "fp6"}}, 42))
_ready = getattr(type(app), "on_ready", None)
def on_ready(self):  # Textual calls on_ready once the first frame is up
    if not hasattr(self, "first_frame"):
        self.first_frame = {clocks}
    if _ready is not None:
        _ready(self)
type(app).on_ready = on_ready
if args.command == "new":
    from dungeon_tui.tui.map_view import MapView
    _render = MapView.render_line
    def render_line(self, y):  # the game's map drawn for the first time: the player sees the game
        if not hasattr(app, "map_frame"):
            app.map_frame = {clocks}
        return _render(self, y)
    MapView.render_line = render_line
"""

REPAINT = """
import asyncio, json, statistics, sys, time
sys.path.insert(0, {root!r})
from textual.app import App
from dungeon_tui.tui.map_view import MapView

def big_map():
    # A 60x60 explored map: rooms of floor crossed by walls, a few figures and doorways.
    cells = {{}}
    for y in range(60):
        for x in range(60):
            if x % 12 == 0 or y % 12 == 0:
                cells[(x, y)] = ("██", "wall") if (x + y) % 7 else ("+ ", "door")
            else:
                cells[(x, y)] = ("· ", "floor")
    for i in range(12):
        cells[(3 + i * 4, 5 + i * 4)] = ("o" + str(i % 10), "monster")
    for i, g in enumerate("BDEW"):
        cells[(30 + i, 30)] = (g + " ", "hero")
    return cells, (0, 0, 59, 59)

class MapApp(App):
    def compose(self):
        yield MapView(id="map")

async def main(keys):
    app = MapApp()
    times, full = [], []
    async with app.run_test(size=(100, 30)) as pilot:
        mv = app.query_one(MapView)
        cells, bounds = big_map()
        reach = {{(x, y) for x in range(25, 36) for y in range(25, 36) if cells[(x, y)][1] == "floor"}}
        mv.show(cells, bounds, reach)
        mv.move_cursor_to((30, 31))
        mv.focus()
        await pilot.pause()
        moves = ["cursor(1,0)", "cursor(0,1)", "cursor(-1,0)", "cursor(0,-1)"]
        for i in range(keys):
            t0 = time.perf_counter()
            await app.run_action(moves[i % 4], mv)
            for y in range(mv.size.height):  # the repaint: every visible line of the map
                mv.render_line(y)
            times.append(time.perf_counter() - t0)
        # A redraw of the whole map (a new board after a move in the game).
        for _ in range(50):
            t0 = time.perf_counter()
            mv.show(cells, bounds, reach)
            for y in range(mv.size.height):
                mv.render_line(y)
            full.append(time.perf_counter() - t0)
    print(json.dumps({{"keys": times, "full": full}}))
asyncio.run(main({keys}))
"""


def child_env(cache: str) -> dict[str, str]:
    env = dict(os.environ, PYTHONPYCACHEPREFIX=cache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def run(code: str, env: dict[str, str]) -> str:
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    return res.stdout.strip().splitlines()[-1]


NEW_GAME = ["new", "--game", "warhammer-quest", "--adventure", "fp6", "--seed", "42"]


def first_frames(roots: dict[str, Path], runs: int, saves: str, env: dict[str, str]) -> dict[str, list[list[float]]]:
    """For each checkout: `dungeon-tui` (the title) and `dungeon-tui new` (the game's map)."""
    def code(root: Path, make_app: str, wait_for_map: bool) -> str:
        return FIRST_FRAME.format(root=str(root), saves=saves, make_app=make_app, wait_for_map=wait_for_map)
    codes = {"minimal": code(ROOT, MINIMAL_APP, False),
             "minimal + pydantic": code(ROOT, PYDANTIC_FIRST + MINIMAL_APP, False)}
    for name, root in roots.items():
        codes[f"{name} title"] = code(root, OUR_APP.format(argv=[], clocks=CLOCKS), False)
        codes[f"{name} new"] = code(root, OUR_APP.format(argv=NEW_GAME, clocks=CLOCKS), True)
    for text in codes.values():  # warm-up: the bytecode cache is written once
        run(text, env)
    out: dict[str, list[list[float]]] = {name: [] for name in codes}
    for _ in range(runs):
        for name, text in codes.items():
            out[name].append([float(x) for x in run(text, env).split()])
    return out


def med(xs: list[float]) -> float:
    return statistics.median(xs)


def ms(xs: list[float]) -> str:
    return f"median {med(xs) * 1000:.2f} ms, max {max(xs) * 1000:.2f} ms"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--keys", type=int, default=400)
    ap.add_argument("--against", type=Path, help="another checkout measured alongside this one")
    args = ap.parse_args()
    roots = {"this tree": ROOT} | ({f"against {args.against}": args.against.resolve()} if args.against else {})
    with tempfile.TemporaryDirectory() as saves, tempfile.TemporaryDirectory() as cache:
        env = child_env(cache)
        frames = first_frames(roots, args.runs, saves, env)
        repaint = {name: json.loads(run(REPAINT.format(root=str(root), keys=args.keys), env))
                   for name, root in roots.items()}
    base = frames.pop("minimal")
    base_wall, base_cpu = med([m[0] for m in base]), med([m[2] for m in base])
    print(f"minimal Textual app, first frame: wall {base_wall * 1000:.0f} ms, cpu {base_cpu * 1000:.0f} ms "
          f"(medians of {args.runs} fresh processes, interleaved with the others)")
    floor = frames.pop("minimal + pydantic")
    wall, cpu = med([m[0] for m in floor]), med([m[2] for m in floor])
    print(f"minimal app after importing pydantic and validating one model (the design's floor): "
          f"wall {wall * 1000:.0f} ms ({wall / base_wall:.2f}x), cpu {cpu * 1000:.0f} ms ({cpu / base_cpu:.2f}x)")
    for name in roots:
        title, got = frames[f"{name} title"], frames[f"{name} new"]
        for what, rows, col in (("title (`dungeon-tui`) first frame", title, 0),
                                ("`new`: first frame", got, 0), ("`new`: game map first drawn (fp6)", got, 1)):
            wall, cpu = med([r[col] for r in rows]), med([r[col + 2] for r in rows])
            print(f"[{name}] {what}: wall {wall * 1000:.0f} ms ({wall / base_wall:.2f}x), "
                  f"cpu {cpu * 1000:.0f} ms ({cpu / base_cpu:.2f}x)")
        print(f"[{name}] key to repainted map (60x60 explored, 100x30): {ms(repaint[name]['keys'])} "
              f"over {args.keys} keys")
        print(f"[{name}] whole map redrawn from new cells: {ms(repaint[name]['full'])}")


if __name__ == "__main__":
    main()
