"""Replay, seek and load time in long records (about 1,000 and 5,000 decisions), done the way
the replay viewer does it: a step forward plays the next decisions on the game it holds; a step
back (or a jump to a turn behind) resumes from the nearest keyframe (a state copy kept at each
round boundary by a background pass) and plays on; without keyframes it replays from the start.

The records are HeroQuest games: a 1,000-decision one cut from an AI game, a 5,000-decision
one cut from a game with random (but never quitting) heroes.  No quest runs that long under the
rules (a quest ends after 200 rounds, about 3,500 decisions at most), so these processes raise
that limit to 1,000 rounds, for making and replaying the record alike: the cost of a decision
is what is measured, and it does not depend on the round limit.

Each figure is the best of --runs, in CPU time of the measuring process (one core; a machine
busy with other work inflates wall time, not this) and wall time.  The records are made once,
by this checkout; `--against DIR` measures another checkout (for example the tree before a
change, `git archive <commit> | tar -x -C /tmp/before`) on the same records in the same run,
each checkout in a fresh process, one after the other.
Prints figures; asserts nothing.
Run: python bench/replay_seek.py [--runs N] [--app] [--against DIR]
--app also times the viewer (its table first drawn, its opening pass, its seeks with the table
drawn after them, the same record opened again, End pressed as the table is first drawn) and
loading a save to the first drawing of its map (then the app's own save of that game, as
Continue and Load find it), in the app at 100x30 (not the terminal paint).  The app's cache
folder is the run's own, so every run starts cold.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from collections.abc import Callable
from typing import Any

HERE = Path(__file__).resolve()


def long_record(decisions: int, folder: Path) -> Path:
    """The first game (AI heroes, then random ones, quests in turn) that runs at least
    `decisions` long, cut there and saved: a mid-game save of exactly that length."""
    from dungeon_tui.ai.controllers import random_controllers
    from dungeon_tui.batch import game_seed
    from dungeon_tui.engine import record
    from dungeon_tui.rulesets.heroquest.game import GAME
    from dungeon_tui.rulesets.heroquest.invariants import FUZZ_SHUN, fuzz_adventures
    for i in range(20):
        quest = fuzz_adventures()[i % len(fuzz_adventures())]
        game = GAME.new_game({"adventure": quest}, game_seed(1, i))
        game.keep_events = False
        seats = GAME.ai_controllers() if decisions <= 1500 else random_controllers(i, FUZZ_SHUN)
        while not game.over and len(game.decisions) < decisions:
            d = game.pending
            game.play(*(seats.get(d.seat) or seats["*"]).choose(game, d))
        if len(game.decisions) == decisions:
            path = folder / f"hq-{decisions}.json"
            record.save(game, path, "bench", {"adventure": quest})
            return path
    raise SystemExit(f"no game reached {decisions} decisions")


def best(runs: int, fn: Callable[[], Any]) -> tuple[float, float]:
    """(best CPU seconds, best wall seconds) of `runs` calls."""
    cpu = wall = float("inf")
    for _ in range(runs):
        c0, t0 = time.process_time(), time.perf_counter()
        fn()
        cpu, wall = min(cpu, time.process_time() - c0), min(wall, time.perf_counter() - t0)
    return cpu, wall


def engine_figures(path: Path, runs: int) -> dict[str, Any]:
    from dungeon_tui.engine import record
    from dungeon_tui.engine.game import Game
    from dungeon_tui.rulesets import game_from_record as make_game
    out: dict[str, Any] = {}
    c0, t0 = time.process_time(), time.perf_counter()
    rec = record.read(path)
    out["read"] = (time.process_time() - c0, time.perf_counter() - t0)
    n = len(rec.decisions)
    c0, t0 = time.process_time(), time.perf_counter()
    record.replay(rec, make_game)
    out["first full replay"] = (time.process_time() - c0, time.perf_counter() - t0)  # the process's first
    out["full replay"] = best(runs, lambda: record.replay(rec, make_game))

    def forward(to: int) -> None:
        game = record.replay(rec, make_game, upto=0)  # a viewer just opened, at the start
        for d in rec.decisions[:to]:
            game.play(record.action_of(d), d.why)
    out["start -> end, no keyframes"] = best(runs, lambda: forward(n))

    frames: list[Any] = []

    def gather() -> Game:  # the viewer's opening pass: one keyframe per round, 80 decisions apart
        game = record.replay(rec, make_game, upto=0)
        game.keep_keyframes, game.keyframe_gap = True, 80
        for d in rec.decisions:
            game.play(record.action_of(d), d.why)
        frames[:] = game.keyframes
        return game
    out["keyframe pass"] = best(runs, gather)
    game = gather()

    def seek(to: int) -> None:
        frame = max((f for f in frames if f.decisions <= to), key=lambda f: f.decisions)
        g = Game.resume(game.ruleset, game.setup, game.seed, game.content, frame, game.decisions)
        for d in rec.decisions[frame.decisions:to]:
            g.play(record.action_of(d), d.why)
    seeks = [best(runs, lambda k=k: seek(k)) for k in range(n // 10, n, n // 10)]
    out["slowest of ten seeks from keyframes"] = max(seeks)
    out["decisions"] = n
    return out


class FirstDrawing:
    """(CPU, wall) clocks at the map's first drawn line while `on`, in `times` (clear it to time
    another): the map's `render_line` wrapped, and put back by `off`."""

    def __init__(self, map_view: Any) -> None:
        self.map_view, self.render = map_view, map_view.render_line
        self.times: list[tuple[float, float]] = []

    def on(self) -> list[tuple[float, float]]:
        render, times = self.render, self.times

        def render_line(view: Any, y: int) -> Any:
            if not times:
                times.append((time.process_time(), time.perf_counter()))
            return render(view, y)
        self.map_view.render_line = render_line
        return times

    def off(self) -> None:
        self.map_view.render_line = self.render


async def app_figures(path: Path, runs: int) -> dict[str, Any]:
    """The viewer in the app at 100x30: its opening pass, then seeks with the table drawn."""
    from dungeon_tui.engine import record
    from dungeon_tui.tui.app import DungeonApp
    from dungeon_tui.tui.replay_screen import ReplayScreen
    from dungeon_tui.tui.map_view import MapView
    out: dict[str, Any] = {}
    rec = record.read(path)
    clock = FirstDrawing(MapView)
    drawn = clock.on()
    c0, t0 = time.process_time(), time.perf_counter()  # opening: from the app made with the record
    app = DungeonApp(replay=rec)
    async with app.run_test(size=(100, 30)) as pilot:
        while not isinstance(app.screen, ReplayScreen):
            await pilot.pause(0.005)
        viewer = app.screen
        n = viewer.total
        while not getattr(viewer, "pass_done", bool(viewer.frames)):  # older viewers hand all over at once
            await pilot.pause(0.005)
        out["viewer: all keyframes in, after opening"] = (time.process_time() - c0, time.perf_counter() - t0)
        # The table up (the map's first line drawn): steps and seeks into what the pass has
        # handed over work from here, with the pass running beside them.
        out["viewer: the table first drawn"] = (drawn[0][0] - c0, drawn[0][1] - t0)
        clock.off()
        worst = (0.0, 0.0)
        for frm, to in ((0, n), (n, n // 2), (n // 2, n), (n, n - 1), (n, 0), (n // 3, 2 * n // 3)):
            times: list[tuple[float, float]] = []
            for _ in range(runs):
                viewer.seek(frm)
                c0, t0 = time.process_time(), time.perf_counter()
                viewer.seek(to)
                times.append((time.process_time() - c0, time.perf_counter() - t0))
            pair = (min(t[0] for t in times), min(t[1] for t in times))
            worst = max(worst, pair)
        out["viewer: slowest seek, drawing included"] = worst
    c0, t0 = time.process_time(), time.perf_counter()  # the same record opened again
    app = DungeonApp(replay=rec)
    async with app.run_test(size=(100, 30)) as pilot:
        while not isinstance(app.screen, ReplayScreen):
            await pilot.pause(0.005)
        viewer = app.screen
        while not getattr(viewer, "pass_done", bool(viewer.frames)):
            await pilot.pause(0.005)
        out["viewer opened again: all keyframes in"] = (time.process_time() - c0, time.perf_counter() - t0)
    # End pressed at the table's first drawing, no keyframes kept (no cache): the player seeks
    # before the opening pass is through.
    cache = os.environ.get("DUNGEON_TUI_CACHE")
    os.environ["DUNGEON_TUI_CACHE"] = ""
    clock.on()
    drawn.clear()
    c0, t0 = time.process_time(), time.perf_counter()
    app = DungeonApp(replay=rec)
    async with app.run_test(size=(100, 30)) as pilot:
        while not drawn or not isinstance(app.screen, ReplayScreen):
            await pilot.pause(0.005)
        viewer = app.screen
        viewer.action_jump(-1)
        while viewer.pos != viewer.total:
            await pilot.pause(0.005)
        out["viewer: End pressed at the table's first drawing, there"] = (
            time.process_time() - c0, time.perf_counter() - t0)
    clock.off()
    if cache is not None:
        os.environ["DUNGEON_TUI_CACHE"] = cache
    return out


async def load_figures(path: Path, runs: int) -> dict[str, Any]:
    """Loading a save (read, replay) to the first drawing of its map, as Load or
    `dungeon-tui load` does, with the game's content already read; best of `runs`, each load
    of the record made elsewhere with a cache folder of its own (nothing kept of it)."""
    from dungeon_tui.tui.app import DungeonApp
    from dungeon_tui.tui.map_view import MapView
    from dungeon_tui.tui.session import load_session
    clock = FirstDrawing(MapView)
    drawn = clock.on()

    async def load(save: Path) -> tuple[tuple[float, float], Any]:
        drawn.clear()
        c0, t0 = time.process_time(), time.perf_counter()
        session = load_session(save)
        app = DungeonApp(session)
        async with app.run_test(size=(100, 30)) as pilot:
            while not drawn:
                await pilot.pause(0.005)
        return (drawn[0][0] - c0, drawn[0][1] - t0), session
    out: dict[str, Any] = {}
    # First as any record loads (replayed), then the app's own save of it, as Continue or Load
    # finds a game saved by the app (its last keyframe kept, where this checkout keeps one).
    cache = os.environ.get("DUNGEON_TUI_CACHE")
    times, folders = [], []
    for _ in range(runs):
        folders.append(tempfile.mkdtemp(prefix="replay-seek-cache-"))
        os.environ["DUNGEON_TUI_CACHE"] = folders[-1]
        pair, session = await load(path)
        times.append(pair)
    out["load to the drawn map"] = (min(t[0] for t in times), min(t[1] for t in times))
    own = path.with_name("app-" + path.name)
    session.save(own, "bench")  # kept in the last run's cache folder, where the loads below look
    times = [(await load(own))[0] for _ in range(runs)]
    out["load the app's save of it to the drawn map"] = (min(t[0] for t in times), min(t[1] for t in times))
    if cache is not None:
        os.environ["DUNGEON_TUI_CACHE"] = cache
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)
    clock.off()
    return out


async def floor_figures(runs: int) -> dict[str, Any]:
    """Textual's floor in the same process: a minimal app (a line of text and a footer) at
    100x30, from made to its first frame (`on_ready`), best of `runs`."""
    from textual.app import App, ComposeResult
    from textual.widgets import Footer, Static

    class Minimal(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("hello")
            yield Footer()

        def on_ready(self) -> None:
            self.first_frame = (time.process_time(), time.perf_counter())

    best_pair = (float("inf"), float("inf"))
    for _ in range(runs):
        c0, t0 = time.process_time(), time.perf_counter()
        app = Minimal()
        async with app.run_test(size=(100, 30)) as pilot:
            while not hasattr(app, "first_frame"):
                await pilot.pause(0.005)
        best_pair = min(best_pair, (app.first_frame[0] - c0, app.first_frame[1] - t0))
    return {"a minimal Textual app to its first frame (the floor)": best_pair}


def child(root: Path, records: Path, runs: int, app: bool) -> None:
    """Measure one checkout: print one JSON line of figures per record."""
    sys.path.insert(0, str(root))
    from dungeon_tui.rulesets.heroquest import turns
    from dungeon_tui.rulesets.heroquest.game import GAME
    turns.MAX_ROUNDS = 1000  # see above: a bench-only limit, so one game runs 5,000 decisions
    GAME.content()
    for size in (1000, 5000):
        path = records / f"hq-{size}.json"
        figures = engine_figures(path, runs)
        if app:
            figures.update(asyncio.run(app_figures(path, runs)))
            figures.update(asyncio.run(load_figures(path, runs)))
            figures.update(asyncio.run(floor_figures(runs)))
        print(json.dumps({"size": size, "bytes": path.stat().st_size, **figures}), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--app", action="store_true")
    ap.add_argument("--against", type=Path, help="another checkout measured on the same records")
    ap.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--records", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.records, args.runs, args.app)
        return
    roots = {"this": HERE.parents[1]}
    if args.against:
        roots = {"against": args.against.resolve(), **roots}
    with tempfile.TemporaryDirectory() as tmp:
        # The app's own cache (content, kept keyframes) in the run's folder: every run starts cold.
        env = {**os.environ, "DUNGEON_TUI_SAVES": tmp, "DUNGEON_TUI_CACHE": str(Path(tmp) / "cache")}
        os.environ["DUNGEON_TUI_SAVES"] = tmp
        sys.path.insert(0, str(HERE.parents[1]))
        from dungeon_tui.rulesets.heroquest import turns
        turns.MAX_ROUNDS = 1000
        for size in (1000, 5000):
            long_record(size, Path(tmp))
        results: dict[str, list[dict[str, Any]]] = {}
        for name, root in roots.items():
            cmd = [sys.executable, str(HERE), "--child", str(root), "--records", tmp, "--runs", str(args.runs)]
            done = subprocess.run(cmd + (["--app"] if args.app else []), env=env, cwd=root,
                                  capture_output=True, text=True, check=True)
            results[name] = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    for i, size in enumerate((1000, 5000)):
        first = results["this"][i]
        print(f"{size} decisions ({first['bytes'] // 1024} KB), CPU ms (wall ms)"
              + (f": {args.against} -> this checkout" if args.against else ""))
        for key, value in first.items():
            if key in ("size", "bytes", "decisions"):
                continue
            shown = [f"{r[i][key][0] * 1000:.1f} ({r[i][key][1] * 1000:.0f})" if key in r[i] else "-"
                     for r in results.values()]
            rate = f", {size / value[0]:,.0f} decisions/s" if "replay" in key else ""
            print(f"  {key}: {' -> '.join(shown)}{rate}")


if __name__ == "__main__":
    main()
