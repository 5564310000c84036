"""Terminal app speed: time to the first frame (ours and a minimal Textual app, each in a fresh
process) and from a key to the repainted map on a 60x60 explored map.

Prints figures; asserts nothing.  Run: python bench/tui_speed.py [--runs N] [--keys N]
The key figure is measured with `run_action` (not `pilot.press`, which waits by design): the
action, then every visible line of the map rendered again, as a repaint does.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FIRST_FRAME = """
import time
t0 = time.perf_counter()
import asyncio, os, sys
sys.path.insert(0, {root!r})
os.environ["DUNGEON_TUI_SAVES"] = {saves!r}
{make_app}
async def main():
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(100):
            if hasattr(app, "map_frame") or not hasattr(app, "initial"):
                break
            await pilot.pause(0.01)
        print(app.first_frame - t0, getattr(app, "map_frame", app.first_frame) - t0)
asyncio.run(main())
"""

MINIMAL_APP = """
from textual.app import App
from textual.widgets import Static, Footer
class Minimal(App):
    def compose(self):
        yield Static("hello")
        yield Footer()
    def on_ready(self):
        self.first_frame = time.perf_counter()
app = Minimal()
"""

OUR_APP = """
from dungeon_tui.tui.app import DungeonApp
from dungeon_tui.tui.session import new_session
class Timed(DungeonApp):
    def on_ready(self):
        self.first_frame = time.perf_counter()
from dungeon_tui.tui.map_view import MapView
_render = MapView.render_line
def render_line(self, y):  # the game's map drawn for the first time: the player sees the game
    if not hasattr(app, "map_frame"):
        app.map_frame = time.perf_counter()
    return _render(self, y)
MapView.render_line = render_line
app = Timed(start=lambda: new_session("warhammer-quest", {"adventure": "fp6"}, 42))  # as `dungeon-tui new` does
"""

TITLE_APP = """
from dungeon_tui.tui.app import DungeonApp
class Timed(DungeonApp):
    def on_ready(self):
        self.first_frame = time.perf_counter()
app = Timed()
"""


def first_frame(make_app: str, runs: int, saves: str) -> list[tuple[float, ...]]:
    code = FIRST_FRAME.format(root=str(ROOT), saves=saves, make_app=make_app)
    out = []
    for _ in range(runs):
        res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        out.append(tuple(float(x) for x in res.stdout.strip().splitlines()[-1].split()))
    return out


def big_map() -> tuple[dict, tuple[int, int, int, int]]:
    """A 60x60 explored map: rooms of floor crossed by walls, a few figures and doorways."""
    cells = {}
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


async def key_to_repaint(keys: int) -> list[float]:
    from textual.app import App

    from dungeon_tui.tui.map_view import MapView

    class MapApp(App[None]):
        def compose(self):
            yield MapView(id="map")

    app = MapApp()
    times = []
    async with app.run_test(size=(100, 30)) as pilot:
        mv = app.query_one(MapView)
        cells, bounds = big_map()
        reach = {(x, y) for x in range(25, 36) for y in range(25, 36) if cells[(x, y)][1] == "floor"}
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
        # A redraw of the whole map (a new board after a move in the game) for comparison.
        full = []
        for _ in range(20):
            t0 = time.perf_counter()
            mv.show(cells, bounds, reach)
            for y in range(mv.size.height):
                mv.render_line(y)
            full.append(time.perf_counter() - t0)
    return times, full


def ms(xs: list[float]) -> str:
    return f"median {statistics.median(xs) * 1000:.2f} ms, max {max(xs) * 1000:.2f} ms"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--keys", type=int, default=400)
    args = ap.parse_args()
    import tempfile
    with tempfile.TemporaryDirectory() as saves:
        minimal = first_frame(MINIMAL_APP, args.runs, saves)
        ours = first_frame(OUR_APP, args.runs, saves)
        title = first_frame(TITLE_APP, args.runs, saves)
    base = [m[0] for m in minimal]
    ready, shown = [o[0] for o in ours], [o[1] for o in ours]
    print(f"first frame (on_ready), minimal Textual app: {ms(base)} ({args.runs} fresh processes)")
    plain = [t[0] for t in title]
    print(f"first frame (on_ready), dungeon-tui (the title): {ms(plain)}; ratio "
          f"{statistics.median(plain) / statistics.median(base):.2f}x")
    print(f"first frame (on_ready), dungeon-tui new (the title, the game set up behind it): {ms(ready)}; ratio "
          f"{statistics.median(ready) / statistics.median(base):.2f}x")
    print(f"game map first drawn (new game, fp6): {ms(shown)}; "
          f"ratio {statistics.median(shown) / statistics.median(base):.2f}x")
    keys, full = asyncio.run(key_to_repaint(args.keys))
    print(f"key to repainted map (60x60 explored, 100x30 terminal): {ms(keys)} over {args.keys} keys")
    print(f"whole map redrawn from new cells: {ms(full)}")


if __name__ == "__main__":
    main()
