"""Where Ashardalon's chamber adventures are lost (issue 19): the party as the chamber opens,
the damage heroes and villagers take in it by source, and how each game ends.

Plays the same games as bench/win_rates.py (AI on every seat, the bench's party).  For every
game that reaches the chamber: the party's HP, surges and foes on the board as it is built
(those not of the chamber are the way's leftovers), the damage taken from then on by what dealt
it, and how many player-turns after the chamber opened each villager fell.  Prints figures;
asserts nothing.

Run: python bench/ash_chamber_losses.py [--games 100] [--seed 2026] [--only ADVENTURE]
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ash_fresh_arrival import CHAMBER_ADVENTURES, PARTY

from dungeon_tui.batch import game_seed
from dungeon_tui.rulesets import get


def play(adventure: str, seed: int, tally: Counter[str], hurt: Counter[str], fell: Counter[int],
         ends: Counter[str]) -> None:
    rs = get("ashardalon")
    game = rs.new_game(rs.normalise_setup({"adventure": adventure, "heroes": PARTY}), seed)
    ai = rs.ai_controllers()
    opened: list[int] = []

    def listen(ev: Any) -> None:
        if not opened:
            return
        f = game.state.figures.get(ev.data.get("figure", ""))
        if ev.kind == "damage" and f is not None and f.side in ("hero", "villager"):
            hurt[ev.data["text"].split(" from ")[-1].split(" (")[0]] += ev.data["amount"]
        if ev.kind == "defeat" and f is not None and f.side == "villager":
            fell[game.state.turn - opened[0]] += 1
    game.listeners.append(listen)
    while game.pending is not None:
        d = game.pending
        game.play(*(ai.get(d.seat) or ai["*"]).choose(game, d))
        s = game.state
        if not opened and s.chamber:
            opened.append(s.turn)
            tally["reached"] += 1
            tally["hp"] += sum(h.hp for h in s.heroes())
            tally["surges"] += s.surges
            tally["foes"] += len(s.foes())
            tally["leftovers"] += sum(1 for f in s.foes() if not f.chamber)
            tally["turn"] += s.turn
    result = game.result or {}
    tally["won"] += bool(rs.won(result))
    where = "in the chamber" if opened else "on the way"
    ends[f"{result.get('outcome')} {where}: {str(result.get('why', ''))[:70]}"] += 1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--only")
    args = ap.parse_args()
    for adventure in CHAMBER_ADVENTURES:
        if args.only and args.only != adventure:
            continue
        tally: Counter[str] = Counter()
        hurt: Counter[str] = Counter()
        fell: Counter[int] = Counter()
        ends: Counter[str] = Counter()
        for i in range(args.games):
            play(adventure, game_seed(args.seed, i), tally, hurt, fell, ends)
        n = max(1, tally["reached"])
        print(f"{adventure}: won {tally['won']}/{args.games}, chamber reached {tally['reached']}")
        print(f"  as it opens (mean): turn {tally['turn'] / n:.1f}, party HP {tally['hp'] / n:.1f}/24, "
              f"surges {tally['surges'] / n:.1f}, foes {tally['foes'] / n:.1f} "
              f"({tally['leftovers'] / n:.1f} from the way)")
        print("  damage taken in the chamber, per game reaching it: " + ", ".join(
            f"{k} {v / n:.1f}" for k, v in hurt.most_common(8)))
        if fell:
            print("  villagers fallen, by player-turns after the chamber opened: " + ", ".join(
                f"{k}: {v}" for k, v in sorted(fell.items())))
        for why, count in ends.most_common(12):
            print(f"  {count:4}  {why}")


if __name__ == "__main__":
    main()
