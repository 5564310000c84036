"""Replay and seek time in long records (about 1,000 and 5,000 decisions), done the way the
replay viewer does it: a step forward plays the next decisions on the game it holds; a step
back (or a jump to a turn behind) resumes from the nearest keyframe (a state copy kept at each
round boundary by a background pass) and plays on; without keyframes it replays from the start
(both are printed).

The records are HeroQuest games: a 1,000-decision one cut from an AI game, a 5,000-decision
one cut from a game with random (but never quitting) heroes.  No quest runs that long under the
rules (a quest ends after 200 rounds, about 3,500 decisions at most), so this process raises
that limit to 1,000 rounds, for making and replaying the record alike: the cost of a decision
is what is measured, and it does not depend on the round limit.
Prints figures; asserts nothing.  Run: python bench/replay_seek.py [--runs N] [--app]
--app also times the viewer's own seek in the app, drawing included (not the terminal paint).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dungeon_tui.ai.controllers import random_controllers
from dungeon_tui.batch import game_seed
from dungeon_tui.rulesets import game_from_record as make_game
from dungeon_tui.engine import record
from dungeon_tui.rulesets.heroquest.invariants import fuzz_adventures, FUZZ_SHUN
from dungeon_tui.rulesets.heroquest import turns
from dungeon_tui.rulesets.heroquest.game import GAME

turns.MAX_ROUNDS = 1000  # see above: a bench-only limit, so one game runs 5,000 decisions


def long_record(decisions: int, folder: Path) -> record.RecordModel:
    """The first game (AI heroes, then random ones, quests in turn) that runs at least
    `decisions` long, cut there and saved: a mid-game save of exactly that length."""
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
            return record.read(path)
    raise SystemExit(f"no game reached {decisions} decisions")


def best(runs: int, fn) -> float:
    out = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out = min(out, time.perf_counter() - t0)
    return out


def engine_figures(rec: record.RecordModel, runs: int) -> None:
    n = len(rec.decisions)
    full = best(runs, lambda: record.replay(rec, make_game))
    print(f"{n} decisions ({os.path.getsize(rec.meta['path']) // 1024} KB): full replay with hash checks "
          f"{full * 1000:.0f} ms ({n / full:.0f} decisions/s)")

    def forward(to: int) -> float:
        times = []
        for _ in range(runs):
            game = record.replay(rec, make_game, upto=0)  # a viewer just opened, at the start
            t0 = time.perf_counter()
            for d in rec.decisions[:to]:
                game.play(record.action_of(d), d.why)
            times.append(time.perf_counter() - t0)
        return min(times)
    keyframe_figures(rec, runs)
    back_mid = best(runs, lambda: record.replay(rec, make_game, upto=n // 2, check=False))
    print(f"  seek start -> middle {forward(n // 2) * 1000:.0f} ms, start -> end {forward(n) * 1000:.0f} ms, "
          f"end -> middle (replays from the start) {back_mid * 1000:.0f} ms, "
          f"one step back near the end "
          f"{best(runs, lambda: record.replay(rec, make_game, upto=n - 1, check=False)) * 1000:.0f} ms")


def keyframe_figures(rec: record.RecordModel, runs: int) -> None:
    """What the viewer does since keyframes: one pass keeping a state copy per round, then a
    seek resumes from the nearest keyframe before the target and plays on."""
    from dungeon_tui.engine.game import Game
    n = len(rec.decisions)
    t0 = time.perf_counter()
    game = record.replay(rec, make_game, upto=0)
    game.keep_keyframes = True
    for d in rec.decisions:
        game.play(record.action_of(d), d.why)
    pass_time = time.perf_counter() - t0
    frames = game.keyframes

    def seek(to: int) -> None:
        frame = max((f for f in frames if f.decisions <= to), key=lambda f: f.decisions)
        g = Game.resume(game.ruleset, game.setup, game.seed, game.content, frame, game.decisions)
        for d in rec.decisions[frame.decisions:to]:
            g.play(record.action_of(d), d.why)
    worst = max(best(runs, lambda k=k: seek(k)) for k in range(n // 10, n, n // 10))
    print(f"  keyframes: the pass keeping {len(frames)} of them {pass_time * 1000:.0f} ms; seek to the middle "
          f"{best(runs, lambda: seek(n // 2)) * 1000:.1f} ms, one step back near the end "
          f"{best(runs, lambda: seek(n - 1)) * 1000:.1f} ms, slowest of ten seeks {worst * 1000:.1f} ms")


async def app_figures(rec: record.RecordModel, runs: int) -> None:
    """The viewer's seek, drawing the table after it, in the app at 100x30."""
    from dungeon_tui.tui.app import DungeonApp
    from dungeon_tui.tui.replay_screen import ReplayScreen
    app = DungeonApp(replay=rec)
    async with app.run_test(size=(100, 30)) as pilot:
        while not isinstance(app.screen, ReplayScreen):
            await pilot.pause(0.01)
        viewer = app.screen
        n = viewer.total
        t0 = time.perf_counter()
        while not viewer.frames:  # the background keyframe pass
            await pilot.pause(0.05)
        print(f"  in the viewer: keyframes ready {time.perf_counter() - t0:.1f} s after opening")
        marks = {}
        for label, pos in (("start -> end", n), ("end -> middle", n // 2), ("middle -> end", n),
                           ("end -> one step back", n - 1), ("-> start", 0)):
            times = []
            for _ in range(runs):
                viewer.seek({"start -> end": 0, "end -> middle": n, "middle -> end": n // 2,
                             "end -> one step back": n, "-> start": n}[label])
                t0 = time.perf_counter()
                viewer.seek(pos)
                times.append(time.perf_counter() - t0)
            marks[label] = min(times)
        print("  in the viewer, drawing included: " + ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in marks.items()))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--app", action="store_true")
    args = ap.parse_args()
    GAME.content()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["DUNGEON_TUI_SAVES"] = tmp
        for size in (1000, 5000):
            rec = long_record(size, Path(tmp))
            rec.meta["path"] = str(Path(tmp) / f"hq-{size}.json")
            engine_figures(rec, args.runs)
            if args.app:
                asyncio.run(app_figures(rec, args.runs))


if __name__ == "__main__":
    main()
