"""Warhammer Quest speed: simulated adventures, decisions per second, replay time.

Prints figures; asserts nothing.  Run: python bench/whq_speed.py [--games N]
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dungeon_tui.rulesets.warhammer_quest.game import GAME
from replay_timing import best_replay, simulate_many


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--adventure", default="fp6")
    args = ap.parse_args()
    GAME.content()
    times, decisions, longest = simulate_many(GAME, {"adventure": args.adventure}, args.games)
    total = sum(times)
    print(f"adventure {args.adventure}, {args.games} games with AI on every seat")
    print(f"median ms per adventure: {statistics.median(times) * 1000:.1f}")
    print(f"adventures per second (one core): {args.games / total:.1f}")
    print(f"decisions per second: {decisions / total:.0f} ({decisions / args.games:.0f} decisions per game)")
    n, best, digest = best_replay(longest, 5)
    print(f"replay of a {n}-decision record: {best * 1000:.1f} ms (best of 5), {n / best:.0f} decisions/s; "
          f"hash {digest}")

if __name__ == "__main__":
    main()
