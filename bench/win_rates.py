"""How often the AI party wins, per adventure, and what a companion decision costs.

The table issue 19 keeps in bench/README.md: AI on every seat (the game-master side by its
tactics scripts, every hero by the default companion), `--games` seeds from `--seed`, the same
games `dungeon-tui simulate` plays.  "ms per hero decision" is the companions' own time (the
hero seats' `choose`), not the rules'.  Prints figures; asserts nothing.

Run: python bench/win_rates.py [--game G] [--games 200] [--seed 2026] [--only ADVENTURE]
     [--companion lookahead]   (the companions' level: the setup's `companion` option)
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dungeon_tui.batch import game_seed
from dungeon_tui.engine.game import Decision, Game
from dungeon_tui.rulesets import get

# (game, adventure label, setup): the rows the issue names, plus every quest and adventure.
ROWS: list[tuple[str, str, dict[str, Any]]] = [
    ("warhammer-quest", "fp6", {"adventure": "fp6"}),
    ("warhammer-quest", "random", {"adventure": "random"}),
    *[("heroquest", q, {"adventure": q}) for q in
      ("the_trial", "rescue_of_sir_ragnar", "warlocks_cellar", "crypt_of_the_bone_lantern")],
    *[("ashardalon", a, {"adventure": a, "heroes": ["quinn", "vistra", "keyleth"]}) for a in
      ("a_day_in_the_life", "monster_hunt", "the_mysterious_chamber", "the_closed_doors",
       "free_the_captives", "sneaky_endeavor", "the_wrath_of_ashardalon")],
]


class Timed:
    """A hero seat's controller with a stopwatch: the companions' own time per decision."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.seconds, self.count = inner, 0.0, 0

    def choose(self, game: Game, decision: Decision) -> Any:
        start = time.perf_counter()
        try:
            return self.inner.choose(game, decision)
        finally:
            self.seconds += time.perf_counter() - start
            self.count += 1


def row(game_id: str, setup: dict[str, Any], games: int, seed: int) -> tuple[int, float, float]:
    """Wins, ms per hero decision, ms per game over `games` games."""
    rs = get(game_id)
    setup = rs.normalise_setup(dict(setup))
    wins, hero_s, hero_n, total = 0, 0.0, 0, 0.0
    for i in range(games):
        controllers = rs.ai_controllers()
        timed = Timed(controllers["*"])
        controllers["*"] = timed
        start = time.perf_counter()
        game = rs.new_game(setup, game_seed(seed, i))
        game.run(controllers)
        total += time.perf_counter() - start
        wins += rs.won(game.result or {})
        hero_s, hero_n = hero_s + timed.seconds, hero_n + timed.count
    return wins, 1000 * hero_s / max(1, hero_n), 1000 * total / max(1, games)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", help="only this game's rows")
    ap.add_argument("--only", help="only this adventure")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--companion", default="default", help="the companions' level (default, lookahead)")
    args = ap.parse_args()
    print(f"AI on every seat, {args.games} games each, seed {args.seed}, companion {args.companion}")
    print(f"{'game':16} {'adventure':28} {'wins':>10} {'ms/hero decision':>17} {'ms/game':>9}")
    for game_id, label, setup in ROWS:
        if (args.game and get(args.game).id != game_id) or (args.only and args.only != label):
            continue
        if args.companion != "default":
            setup = {**setup, "companion": args.companion}
        wins, per_decision, per_game = row(game_id, setup, args.games, args.seed)
        print(f"{game_id:16} {label:28} {wins:4}/{args.games:<4} ({100 * wins / args.games:3.0f}%)"
              f" {per_decision:10.2f} {per_game:10.1f}", flush=True)


if __name__ == "__main__":
    main()
