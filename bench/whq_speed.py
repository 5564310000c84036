"""Warhammer Quest speed: simulated adventures, decisions per second, replay time, each in
wall time and in the process's CPU time (one core): on a busy machine the wall figures take in
every other process's share, the CPU figures do not.

`--against DIR` times another checkout (the tree before a change) the same way, adventure by
adventure in the same run, each in a fresh process (see against.py): on a busy machine only the
ratio between the two means anything.

Prints figures; asserts nothing.
Run: python bench/whq_speed.py [--games N] [--adventure fp6] [--against DIR [--rounds N]]
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from against import run_against, tree

tree()  # the checkout measured goes first on the import path, before the game is imported
from dungeon_tui.rulesets.warhammer_quest.game import GAME
from replay_timing import best_replay, simulate_many


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--adventure", help="default: fp6, or with --against fp6 and random adventures")
    ap.add_argument("--against", type=Path, help="another checkout timed adventure by adventure in the same run")
    ap.add_argument("--rounds", type=int, default=1, help="with --against: each adventure's runs on both checkouts")
    ap.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.against:
        adventures = [args.adventure] if args.adventure else ["fp6", "random"]
        run_against("whq_speed.py", args.against, [["--games", str(args.games), "--adventure", a] for a in adventures],
                    args.rounds)
        return
    args.adventure = args.adventure or "fp6"
    GAME.content()
    cpu0 = time.process_time()
    times, decisions, longest = simulate_many(GAME, {"adventure": args.adventure}, args.games)
    cpu = time.process_time() - cpu0
    total = sum(times)
    print(f"adventure {args.adventure}, {args.games} games with AI on every seat")
    print(f"median ms per adventure: {statistics.median(times) * 1000:.1f} wall")
    print(f"mean ms per adventure: {total / args.games * 1000:.1f} wall, {cpu / args.games * 1000:.1f} CPU")
    print(f"adventures per second (one core): {args.games / total:.1f} wall, {args.games / cpu:.1f} CPU")
    print(f"decisions per second: {decisions / total:.0f} wall, {decisions / cpu:.0f} CPU "
          f"({decisions / args.games:.0f} decisions per game)")
    cpu0 = time.process_time()
    n, best, digest = best_replay(longest, 5)
    cpu = (time.process_time() - cpu0) / 5
    print(f"replay of a {n}-decision record: {best * 1000:.1f} ms wall (best of 5), {n / best:.0f} decisions/s; "
          f"{cpu * 1000:.1f} ms CPU (mean of 5, with saving and reading it), {n / cpu:.0f} decisions/s; "
          f"hash {digest}")

if __name__ == "__main__":
    main()
