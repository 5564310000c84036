"""The three calls a rule makes to a rule in a higher layer, handed down by the turn flow.

Imports run downward only (pyproject's "Wrath of Ashardalon in layers").  Three rules must
still hand control back up: a d20 attack roll (combat) that a reroll reaction may repeat, a
power or item that lets a hero walk a whole move slot (placing), and an adventure's own
encounter card that draws another encounter (adventures).  Each calls the function that
`turns` installs here when it is imported, before any game can start."""
from __future__ import annotations

from collections.abc import Callable

from ...engine.game import Game, Procedure
from ...engine.grid import Sq
from .state import Figure


_installed: dict[str, Callable[..., Procedure]] = {}


def install(*, rerolls: Callable[[Game, Figure | None, Figure | None, bool, set[str]], Procedure],
            walk: Callable[[Game, Figure, list[Sq]], Procedure],
            encounter: Callable[[Game, int], Procedure]) -> None:
    _installed.update(rerolls=rerolls, walk=walk, encounter=encounter)


def rerolls(game: Game, hero: Figure | None, victim: Figure | None, hit: bool, used: set[str]) -> Procedure:
    """reactions.reroll_offers: returns (rule id, owner) of a reroll taken, or None."""
    return _installed["rerolls"](game, hero, victim, hit, used)


def walk(game: Game, hero: Figure, path: list[Sq]) -> Procedure:
    """heroes.walk: one move slot along a path, picking up tokens and revealing doors."""
    return _installed["walk"](game, hero, path)


def encounter(game: Game, depth: int = 0) -> Procedure:
    """encounters.encounter: draw and resolve an encounter card."""
    return _installed["encounter"](game, depth)
