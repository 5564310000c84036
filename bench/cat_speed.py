"""Catakombs speed: simulated quests with the AI on every seat (the solo Master and the hero
companions), decisions per second, how much of the time the AI spends choosing, and replay time.

Prints figures; asserts nothing.  Run: python bench/cat_speed.py [--games N] [--quest ID]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dungeon_tui.batch import game_seed
from dungeon_tui.rulesets import get
from replay_timing import best_replay

GAME = get("catakombs")


def run_quest(quest: str, games: int) -> None:
    times, decisions, thinking, won = [], 0, 0.0, 0
    longest = None
    for i in range(games):
        game = GAME.new_game({"adventure": quest}, game_seed(1, i))
        game.keep_events = False
        ctl = GAME.ai_controllers()
        t0 = time.perf_counter()
        while not game.over:
            d = game.pending
            c0 = time.perf_counter()
            action, why = (ctl.get(d.seat) or ctl["*"]).choose(game, d)
            if d.seat != "chance":
                thinking += time.perf_counter() - c0
            game.play(action, why)
        times.append(time.perf_counter() - t0)
        decisions += len(game.decisions)
        won += GAME.won(game.result or {})
        if longest is None or len(game.decisions) > len(longest.decisions):
            longest = game
    total = sum(times)
    print(f"{quest}: {games} games, {won} won; median {statistics.median(times) * 1000:.0f} ms, "
          f"{games / total:.2f} quests/s, {decisions / total:.0f} decisions/s, "
          f"AI choosing {100 * thinking / total:.0f}% of the time")
    if longest is not None:
        n, best, _ = best_replay(longest)
        print(f"  replay of its longest record ({n} decisions): {best * 1000:.0f} ms, "
              f"{1e6 * best / n:.0f} us per decision")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--quest", action="append")
    args = ap.parse_args()
    for quest in args.quest or [q for q, _ in GAME.adventures()]:
        run_quest(quest, args.games)


if __name__ == "__main__":
    main()
