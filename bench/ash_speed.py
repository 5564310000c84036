"""Wrath of Ashardalon speed: AI adventures per second for each adventure, decisions per second,
and the replay time of the longest record.

Per adventure both wall time and the CPU time of this process (one core), which a busy
machine inflates less.  `--against DIR` times another checkout (the tree before a change) the
same way, adventure by adventure in the same run (see against.py).

Prints figures; asserts nothing.
Run: python bench/ash_speed.py [--games N] [--heroes a,b,c] [--adventure ID] [--against DIR [--rounds N]]
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from against import run_against, tree

tree()  # the checkout measured goes first on the import path, before the game is imported
from dungeon_tui.rulesets.ashardalon.game import GAME
from replay_timing import best_replay, simulate_many


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--heroes", default="quinn,vistra,keyleth")
    ap.add_argument("--adventure")
    ap.add_argument("--against", type=Path, help="another checkout timed adventure by adventure in the same run")
    ap.add_argument("--rounds", type=int, default=1, help="with --against: each adventure's runs on both checkouts")
    ap.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    adventures = sorted(GAME.content().adventures, key=lambda a: GAME.content().adventures[a].number)
    if args.adventure:
        adventures = [args.adventure]
    if args.against:
        run_against("ash_speed.py", args.against, [["--games", str(args.games), "--heroes", args.heroes,
                                                    "--adventure", a] for a in adventures], args.rounds)
        return
    for adventure in adventures:
        setup = {"adventure": adventure, "heroes": args.heroes.split(",")}
        cpu = time.process_time()
        times, decisions, longest = simulate_many(GAME, setup, args.games)
        cpu = time.process_time() - cpu
        total = sum(times)
        n, best, _ = best_replay(longest)
        print(f"{adventure}: {args.games} games, median {statistics.median(times) * 1000:.0f} ms, "
              f"{args.games / total:.1f} adventures/s, {decisions / total:.0f} decisions/s, per CPU second "
              f"{args.games / cpu:.2f} adventures; replay of its longest "
              f"record ({n} decisions) {best * 1000:.0f} ms")


if __name__ == "__main__":
    main()
