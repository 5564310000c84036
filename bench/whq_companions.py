"""Where Warhammer Quest parties fall short (issue 19's note): over the same games as
`win_rates.py`, how many reach the objective room and win, and, as a yardstick only, how many
would win if no Unexpected Event ever came (the power roll's 1s: no choice of the party makes
or prevents them).  That second figure is not a rule of the game; the script sets the rules
back as they were when it ends.  Prints figures; asserts nothing.

Run: python bench/whq_companions.py [--only fp6] [--games 200] [--seed 2026]
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dungeon_tui.batch import game_seed
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.warhammer_quest import turns


def no_unexpected_event(game: Any, order: Any) -> Iterator[Any]:
    return
    yield


def tally(adventure: str, games: int, seed: int) -> tuple[int, int]:
    """(objective rooms entered, wins) over `games` games."""
    rs = get("warhammer-quest")
    setup = rs.normalise_setup({"adventure": adventure})
    reached = wins = 0
    for i in range(games):
        game = rs.new_game(setup, game_seed(seed, i))
        game.run(rs.ai_controllers())
        s = game.state
        reached += bool(s.objective_section and s.sections[s.objective_section].entered)
        wins += rs.won(game.result or {})
    return reached, wins


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", help="only this adventure (fp6 or random)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    print(f"Warhammer Quest, AI on every seat, {args.games} games each, seed {args.seed}")
    for adventure in ("fp6", "random"):
        if args.only and args.only != adventure:
            continue
        reached, wins = tally(adventure, args.games, args.seed)
        real = turns.events.unexpected
        turns.events.unexpected = no_unexpected_event  # type: ignore[assignment]
        try:
            _, calm = tally(adventure, args.games, args.seed)
        finally:
            turns.events.unexpected = real  # type: ignore[assignment]
        print(f"{adventure:8} objective room reached {reached:4}/{args.games}   wins {wins:4}/{args.games}"
              f"   wins with no Unexpected Event (yardstick) {calm:4}/{args.games}")


if __name__ == "__main__":
    main()
