"""HeroQuest speed: simulated quests with AI on every seat, decisions per second, replay time,
and where a game's time goes (the rules, Zargon's scripts, the hero companions).

Prints figures; asserts nothing.  Run: python bench/hq_speed.py [--games N] [--quest ID]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dungeon_tui.batch import game_seed
from dungeon_tui.rulesets.heroquest.game import GAME
from replay_timing import best_replay

QUESTS = ("the_trial", "rescue_of_sir_ragnar", "warlocks_cellar", "crypt_of_the_bone_lantern")


def run_quest(quest: str, games: int) -> None:
    times, decisions, thinking, outcomes = [], 0, 0.0, {"success": 0, "failure": 0}
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
        outcomes[game.result["outcome"]] += 1
        if longest is None or len(game.decisions) > len(longest.decisions):
            longest = game
    total = sum(times)
    print(f"{quest}: {games} games, {outcomes['success']} won; median {statistics.median(times) * 1000:.0f} ms, "
          f"{games / total:.1f} quests/s, {decisions / total:.0f} decisions/s, "
          f"AI choosing {100 * thinking / total:.0f}% of the time")
    n, best, _ = best_replay(longest)
    print(f"  replay of its longest record ({n} decisions): {best * 1000:.0f} ms, {1e6 * best / n:.0f} us per decision")

def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--quest", choices=QUESTS)
    args = ap.parse_args()
    GAME.content()
    for quest in [args.quest] if args.quest else QUESTS:
        run_quest(quest, args.games)


if __name__ == "__main__":
    main()
