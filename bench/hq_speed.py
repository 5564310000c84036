"""HeroQuest speed: simulated quests with AI on every seat, decisions per second, replay time,
and where a game's time goes (the rules, Zargon's scripts, the hero companions).

Per quest both wall time and the CPU time of this process (one core), which a busy machine
inflates less.  `--against DIR` times another checkout (the tree before a change) the same way,
quest by quest in the same run (see against.py).

Prints figures; asserts nothing.
Run: python bench/hq_speed.py [--games N] [--quest ID] [--against DIR [--rounds N]]
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from against import run_against, tree

tree()  # the checkout measured goes first on the import path, before the game is imported
from dungeon_tui.batch import game_seed
from dungeon_tui.rulesets.heroquest.game import GAME
from replay_timing import best_replay

QUESTS = ("the_trial", "rescue_of_sir_ragnar", "warlocks_cellar", "crypt_of_the_bone_lantern")


def run_quest(quest: str, games: int) -> None:
    times, decisions, thinking, outcomes = [], 0, 0.0, {"success": 0, "failure": 0}
    longest = None
    cpu = time.process_time()
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
    cpu = time.process_time() - cpu
    total = sum(times)
    print(f"{quest}: {games} games, {outcomes['success']} won; median {statistics.median(times) * 1000:.0f} ms, "
          f"{games / total:.1f} quests/s, {decisions / total:.0f} decisions/s, "
          f"AI choosing {100 * thinking / total:.0f}% of the time; per CPU second {games / cpu:.2f} quests")
    n, best, _ = best_replay(longest)
    print(f"  replay of its longest record ({n} decisions): {best * 1000:.0f} ms, {1e6 * best / n:.0f} us per decision")

def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--quest", choices=QUESTS)
    ap.add_argument("--against", type=Path, help="another checkout timed quest by quest in the same run")
    ap.add_argument("--rounds", type=int, default=1, help="with --against: each quest's runs on both checkouts")
    ap.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.against:
        run_against("hq_speed.py", args.against, [["--games", str(args.games), "--quest", q]
                                                  for q in ([args.quest] if args.quest else QUESTS)], args.rounds)
        return
    GAME.content()
    for quest in [args.quest] if args.quest else QUESTS:
        run_quest(quest, args.games)


if __name__ == "__main__":
    main()
