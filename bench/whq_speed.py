"""Warhammer Quest speed: simulated adventures, decisions per second, replay time.

Prints figures; asserts nothing.  Run: python bench/whq_speed.py [--games N]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dungeon_tui.ai.controllers import ai_controllers  # noqa: E402
from dungeon_tui.cli import game_seed  # noqa: E402
from dungeon_tui.rulesets.warhammer_quest.ruleset import RULESET  # noqa: E402
from replay_timing import best_replay  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--adventure", default="fp6")
    args = ap.parse_args()
    RULESET.content()
    times, decisions = [], 0
    longest = None
    for i in range(args.games):
        t0 = time.perf_counter()
        game = RULESET.new_game({"adventure": args.adventure}, game_seed(1, i))
        game.keep_events = False
        game.run(ai_controllers(RULESET.id))
        times.append(time.perf_counter() - t0)
        decisions += len(game.decisions)
        if longest is None or len(game.decisions) > len(longest.decisions):
            longest = game
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
