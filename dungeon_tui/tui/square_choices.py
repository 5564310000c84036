"""What a square of the map stands for in the decision on offer: the choices enter (or a click)
there plays, and the next square the tab key jumps to. Reads the presenter and the decision;
plays nothing."""
from __future__ import annotations

from ..engine.game import Action, Decision, Game
from ..engine.presenter import Presenter, aimed_at, aimed_at_other, goes_to

Sq = tuple[int, int]


def lit_on(presenter: Presenter, game: Game, seat: str, d: Decision, sq: Sq) -> tuple[list[Action], bool]:
    """The choices lit on a square: a move or placement there, else what aims at the figure
    there (its attacks first), else what the square stands for (a door or trap beside it,
    the tile a power covers). The flag says it is the last kind: the square is only part
    of what the choice covers."""
    here = [a for a in d.options if goes_to(a) == sq]
    if here:
        return here, False
    me = presenter.hero_of(game, d)
    aimed = [a for a in d.options if aimed_at_other(game, a, me) == sq]
    if aimed:
        attacks = [a for a in aimed if a.kind in presenter.aim_kinds]
        return attacks or aimed, False
    return [a for a in d.options if sq in presenter.squares_of(game, seat, a)], True


def next_target(game: Game, d: Decision | None, cursor: Sq) -> Sq | None:
    """The first target square after the cursor in reading order, wrapping round; None when
    nothing is aimed at."""
    squares = sorted({sq for a in (d.options if d else []) if (sq := aimed_at(game, a)) is not None},
                     key=lambda q: (q[1], q[0]))
    if not squares:
        return None
    later = [q for q in squares if (q[1], q[0]) > (cursor[1], cursor[0])]
    return (later or squares)[0]
