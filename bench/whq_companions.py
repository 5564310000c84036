"""Where Warhammer Quest parties fall short (issue 19's note): over the same games as
`win_rates.py`, how many reach the objective room and win, and, as a yardstick only, how many
would win if no Unexpected Event ever came (the power roll's 1s: no choice of the party makes
or prevents them).  That second figure is not a rule of the game; the script sets the rules
back as they were when it ends.  With --losses, where the warriors die instead: each fight
by the Event card that began it (Unexpected, marked *, or a room's), how many warriors it
cost, and how the dead had stood.  Prints figures; asserts nothing.

Run: python bench/whq_companions.py [--only fp6] [--games 200] [--seed 2026] [--losses]
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
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


def losses(adventure: str, games: int, seed: int) -> None:
    """Per fight (from the first monster card until the board is clear): the card that began
    it, the warriors who died in it; and, for each warrior who fell, his Wounds when the turn
    began (a quarter of his most or less, ...) and what killed him."""
    rs = get("warhammer-quest")
    setup = rs.normalise_setup({"adventure": adventure})
    fights: Counter[str] = Counter()
    dead: Counter[str] = Counter()
    fell_from: Counter[int] = Counter()
    how: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    for i in range(games):
        game = rs.new_game(setup, game_seed(seed, i))
        now: dict[str, Any] = {"fight": None, "wounds": {}}

        def note(e: Any, game: Any = game, now: dict[str, Any] = now) -> None:
            s = game.state
            if e.kind == "turn":
                totals["turns"] += 1
                now["wounds"] = {x.id: (x.wounds, x.max_wounds) for x in s.heroes()}
                if now["fight"] and not s.monsters():
                    now["fight"] = None
            elif e.kind == "event":
                totals["Unexpected Event cards" if s.phase == "power" else "room Event cards"] += 1
                if e.data["card"].startswith("m_") and now["fight"] is None:
                    now["fight"] = e.data["card"][2:] + ("*" if s.phase == "power" else "")
                    fights[now["fight"]] += 1
            elif e.kind == "unconscious":
                w, most = now["wounds"].get(e.data["target"], (0, 1))
                fell_from[min(3, 4 * w // max(1, most))] += 1
            elif e.kind == "death" and e.data.get("side") == "hero":
                totals["warriors dead"] += 1
                buried = "buried" in e.data["text"]
                how["buried by a cave-in" if buried else "fell and nobody healed him"] += 1
                if now["fight"] and not buried:
                    dead[now["fight"]] += 1
        game.listeners.append(note)
        game.run(rs.ai_controllers())
    print(f"{adventure}: a game has " + ", ".join(f"{v / games:.1f} {k}" for k, v in totals.items()))
    print("  deaths: " + ", ".join(f"{k} {v}" for k, v in how.most_common()))
    print("  fights, by the Event card that began them (* Unexpected): fights, warriors dead, per fight")
    for card, n in sorted(fights.items(), key=lambda kv: -dead[kv[0]])[:12]:
        print(f"    {card:24} {n:4} {dead[card]:4} {dead[card] / n:5.2f}")
    quarters = ["a quarter or less", "a quarter to a half", "a half to three quarters", "more"]
    print("  warriors who fell, by their Wounds when the turn began (of their most): "
          + ", ".join(f"{quarters[q]} {fell_from[q]}" for q in range(4)))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", help="only this adventure (fp6 or random)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--losses", action="store_true", help="where the warriors die, fight by fight")
    args = ap.parse_args()
    print(f"Warhammer Quest, AI on every seat, {args.games} games each, seed {args.seed}")
    for adventure in ("fp6", "random"):
        if args.only and args.only != adventure:
            continue
        if args.losses:
            losses(adventure, args.games, args.seed)
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
