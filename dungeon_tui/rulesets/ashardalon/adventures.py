"""Adventures (spec §7, §5.13): the stack they build, exits, winning and losing."""
from __future__ import annotations

from typing import Any, Generator

from ...engine.game import Action, Decision, Game
from . import board, decks
from .geometry import cell_of
from .state import Figure, State

Proc = Generator[Decision, Action, Any]


def build_stack(game: Game, shuffled_tiles: list[str]) -> list[str]:
    """Set-aside tiles go in at their positions (k-th from the top; + heroes if so written)."""
    s: State = game.state
    adv = game.content.adventures[s.adventure]
    stack = list(shuffled_tiles)
    for p in sorted(adv.placements, key=lambda p: p.position):
        k = p.position + (len(s.party) if p.plus_heroes else 0)
        stack.insert(min(k - 1, len(stack)), p.tile)
    return stack


def exit_here(game: Game, h: Figure) -> bool:
    """Whether a hero stands on one of the adventure's exit squares."""
    s: State = game.state
    adv = game.content.adventures[s.adventure]
    if not adv.exits or not h.on_board:
        return False
    return board.lay(s).terrain.get(h.pos) in adv.exits


def check_end(game: Game) -> bool:
    """Set the result once the adventure is won or lost; all win or all lose."""
    s: State = game.state
    if s.result is not None:
        return True
    adv = game.content.adventures[s.adventure]
    for goal in adv.victory:
        if goal.kind == "all_heroes_escaped" and all(h.escaped for h in s.heroes()):
            s.result = {"outcome": "victory", "why": "every hero escaped"}
        elif goal.kind == "trophies" and s.trophies >= goal.per_hero * len(s.party) + goal.plus:
            s.result = {"outcome": "victory", "why": f"{s.trophies} trophies taken"}
    if s.result is None and not any(h.on_board for h in s.heroes()) and any(h.escaped for h in s.heroes()) \
            and not all(h.escaped for h in s.heroes()):
        pass  # the rest are lifted off the board for now, not gone
    if s.result is not None:
        game.emit("end", outcome=s.result["outcome"], text=f"The adventure ends in {s.result['outcome']}: {s.result['why']}.")
        return True
    return False


def adventure_encounter(game: Game, card: str, h: Figure) -> Proc:
    """Adventure cards (uncancellable); their adventures come in a later version."""
    s: State = game.state
    decks.discard(s, "encounter", card)
    game.emit("encounter", card=card, text=f"{game.content.adventure_encounters[card].name}: nothing happens yet.")
    yield from ()


__all__ = ["build_stack", "exit_here", "check_end", "adventure_encounter", "cell_of"]
