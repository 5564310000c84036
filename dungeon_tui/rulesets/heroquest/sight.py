"""What a figure sees and could strike at now, for the screens (§5.3): the squares in its
terrain sight, and the squares of the figures its attacks and spells may aim at."""
from __future__ import annotations

from ...engine.game import Game
from ...engine.grid import Sq
from . import board, dread, magic
from .heroes import adjacent, attack_targets, is_hero
from .state import MONSTER, Figure, State


def in_sight(s: State, figure: Figure, shown: set[Sq]) -> set[Sq]:
    """Of the squares shown, those the figure sees (walls and closed doors stop sight, figures
    and furniture do not)."""
    return {sq for sq in shown if board.terrain_sight(s, figure.square, sq)}


def targets_of(game: Game, figure: Figure, secrets: bool = False) -> set[Sq]:
    """Squares of the figures this one could attack or cast at now: a hero's monsters within
    reach of his weapon or in sight of one of his spells; a monster's heroes beside it, and
    with `secrets` (Zargon's own view) those its dread spells may aim at."""
    s: State = game.state
    if figure.side != MONSTER:
        if not is_hero(game, figure):
            return set()
        out = {m.square for m in attack_targets(game, figure)}
        for sp in figure.spells:
            out |= {s.figures[fid].square for kind, fid in magic.spell_targets(game, figure, sp)
                    if kind == "figure" and s.figures[fid].side == MONSTER}
        return out
    out = {h.square for h in s.hero_side() if adjacent(s, figure.square, h.square)}
    if secrets:
        out |= {s.figures[t].square for a in dread.options(game, figure)
                if (t := a.get("target")) in s.figures and s.figures[t].on_board}
    return out
