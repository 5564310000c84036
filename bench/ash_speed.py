"""Wrath of Ashardalon speed: AI adventures per second for each adventure, decisions per second,
and the replay time of the longest record.

Prints figures; asserts nothing.  Run: python bench/ash_speed.py [--games N] [--heroes a,b,c]
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dungeon_tui.rulesets.ashardalon.game import GAME
from replay_timing import best_replay, simulate_many


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--heroes", default="quinn,vistra,keyleth")
    args = ap.parse_args()
    adventures = sorted(GAME.content().adventures, key=lambda a: GAME.content().adventures[a].number)
    for adventure in adventures:
        setup = {"adventure": adventure, "heroes": args.heroes.split(",")}
        times, decisions, longest = simulate_many(GAME, setup, args.games)
        total = sum(times)
        n, best, _ = best_replay(longest)
        print(f"{adventure}: {args.games} games, median {statistics.median(times) * 1000:.0f} ms, "
              f"{args.games / total:.1f} adventures/s, {decisions / total:.0f} decisions/s; replay of its longest "
              f"record ({n} decisions) {best * 1000:.0f} ms")


if __name__ == "__main__":
    main()
