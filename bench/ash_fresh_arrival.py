"""A ceiling for Ashardalon's chamber adventures (issue 19): how often would the companions win
if they reached the chamber in the best shape the rules allow?

Plays the same games as bench/win_rates.py (AI on every seat, the bench's party), and at the
moment a chamber is built puts every hero back to full HP with every power and item card face up,
no condition or curse, and both healing surges, then plays on.  No real party arrives better
than that, so the win rate here bounds what preparing before the chamber can reach; the wins
that still fail are lost in the chamber fight itself.  Prints figures; asserts nothing.

Run: python bench/ash_fresh_arrival.py [--games 200] [--seed 2026] [--only ADVENTURE]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dungeon_tui.batch import game_seed
from dungeon_tui.rulesets import get

CHAMBER_ADVENTURES = ("the_mysterious_chamber", "the_closed_doors", "free_the_captives", "sneaky_endeavor",
                      "the_wrath_of_ashardalon")
PARTY = ["quinn", "vistra", "keyleth"]


def refresh(state: object) -> None:
    s = state
    for h in s.heroes():  # type: ignore[attr-defined]
        h.hp = h.max_hp
        h.conditions.clear()
        h.curses.clear()
        for k in h.powers:
            h.powers[k] = True
        for k in h.items:
            h.items[k] = True
    s.surges = max(s.surges, 2)  # type: ignore[attr-defined]


def play(adventure: str, seed: int) -> tuple[bool, bool]:
    """(reached the chamber, won) for one game."""
    rs = get("ashardalon")
    game = rs.new_game(rs.normalise_setup({"adventure": adventure, "heroes": PARTY}), seed)
    ai = rs.ai_controllers()
    reached = False
    while game.pending is not None:
        d = game.pending
        game.play(*(ai.get(d.seat) or ai["*"]).choose(game, d))
        if not reached and game.state.chamber:
            reached = True
            refresh(game.state)
    return reached, bool(rs.won(game.result or {}))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--only")
    args = ap.parse_args()
    print(f"Fresh at the chamber, {args.games} games each, seed {args.seed}")
    for adventure in CHAMBER_ADVENTURES:
        if args.only and args.only != adventure:
            continue
        reached = wins = 0
        for i in range(args.games):
            r, w = play(adventure, game_seed(args.seed, i))
            reached, wins = reached + r, wins + w
        print(f"{adventure:28} reached {reached:4}/{args.games}  won {wins:4}/{args.games}"
              f" ({100 * wins / args.games:3.0f}%)", flush=True)


if __name__ == "__main__":
    main()
