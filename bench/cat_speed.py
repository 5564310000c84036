"""Catakombs speed: simulated quests with the AI on every seat (the solo Master and the hero
companions), quests and decisions per second, and the rules alone: the replay of the longest
game's record (the same decisions, nobody choosing).  Per quest both wall time and the CPU time
of this process (one core), which a busy machine inflates less.

Prints figures; asserts nothing.  Run: python bench/cat_speed.py [--games N] [--quest ID] [--no-hashes]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dungeon_tui.rulesets import get
from replay_timing import best_replay, prepare, simulate_many

GAME = get("catakombs")


def run_quest(quest: str, games: int, hashes: bool = True) -> None:
    prepare(GAME)  # the process's setting up, once, before the clock (the first quest paid it)
    cpu = time.process_time()
    times, decisions, longest = simulate_many(GAME, {"adventure": quest}, games, hashes)
    cpu = time.process_time() - cpu
    if not hashes:  # its record is replayed checking the rounds' hashes: played again with them
        longest = GAME.new_game({"adventure": quest}, longest.seed)
        longest.keep_events = False
        longest.run(GAME.ai_controllers())
    total = sum(times)
    print(f"{quest}: {games} games; median {statistics.median(times) * 1000:.0f} ms, "
          f"{games / total:.2f} quests/s, {decisions / total:.0f} decisions/s, "
          f"{1e6 * total / decisions:.0f} us per decision; "
          f"per second of CPU on one core: {games / cpu:.2f} quests, {decisions / cpu:.0f} decisions")
    n, best, _ = best_replay(longest)
    print(f"  the rules alone, replaying its longest record ({n} decisions): {best * 1000:.0f} ms, "
          f"{1e6 * best / n:.0f} us per decision")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--quest", action="append")
    ap.add_argument("--no-hashes", action="store_true",
                    help="play as simulate does without --record: no state hash at each round (about 6%%)")
    args = ap.parse_args()
    for quest in args.quest or [q for q, _ in GAME.adventures()]:
        run_quest(quest, args.games, not args.no_hashes)


if __name__ == "__main__":
    main()
