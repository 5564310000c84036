"""Choices a hero's seat makes inside an effect (a tile, a square, a figure) and placing
figures (§5.2): shared by powers, items, reactions and encounter cards."""
from __future__ import annotations

from typing import Any

from ...engine.game import Action, Decision, Game, Procedure
from ...engine.grid import Sq
from . import board, combat, hooks
from .geometry import Cell
from .movement import walks
from .state import MONSTER, OBJECT, VILLAIN, Figure, State, squares_of

BITING = ("blade_barrier", "caltrops")  # tokens that hurt a monster placed on them


def _seat(game: Game, hero: Figure) -> str:
    s: State = game.state
    return s.seat_of[hero.id]


# -- small choices ------------------------------------------------------------------------------

def choose(game: Game, hero: Figure, prompt: str, options: list[Action]) -> Procedure:
    """Ask the hero's seat unless there is only one way (then no question)."""
    if not options:
        return None
    if len(options) == 1:
        return options[0]
    return (yield Decision(options[0].seat, prompt, options, context={"figure": hero.id}))


def choose_cell(game: Game, hero: Figure, cells: list[Cell], prompt: str, what: str) -> Procedure:
    s: State = game.state
    opts = [Action.make(_seat(game, hero), "tile", text=f"{what} {board.tile_label(s, c)}", tile=list(c))
            for c in cells]
    a = yield from choose(game, hero, prompt, opts)
    return tuple(a.get("tile")) if a is not None else None


def choose_square(game: Game, hero: Figure, squares: list[Sq], prompt: str, stay: bool = False) -> Procedure:
    opts = [Action.make(_seat(game, hero), "square", text=f"Square {q[0]},{q[1]}", to=list(q)) for q in squares]
    if stay:
        opts.insert(0, Action.make(_seat(game, hero), "square", text="Stay put", to=None))
    a = yield from choose(game, hero, prompt, opts)
    return tuple(a.get("to")) if a is not None and a.get("to") is not None else None


def choose_figure(game: Game, hero: Figure, figs: list[Figure], prompt: str, none: str | None = None) -> Procedure:
    opts = [Action.make(_seat(game, hero), "target", text=board.called(game.state, f, f"{f.hp} HP"), target=f.id)
            for f in figs]
    if none is not None and opts:
        opts.append(Action.make(_seat(game, hero), "target", text=none, target=None))
    a = yield from choose(game, hero, prompt, opts)
    return game.state.figures.get(a.get("target") or "") if a is not None else None


def move_offer(game: Game, hero: Figure, steps: int | None, prompt: str, keep: Any = None) -> Procedure:
    """A free move of up to `steps` squares (None: the hero's speed); `keep` filters the ends."""
    ways = walks(game, hero, steps)
    ends = sorted((q for q in ways if keep is None or keep(q)), key=lambda q: (q[1], q[0]))
    if not ends:
        return False
    sq = yield from choose_square(game, hero, ends, prompt, stay=True)
    if sq is None:
        return False
    yield from hooks.walk(game, hero, ways[sq])
    return True


def place_on_tile(game: Game, figure: Figure, cell: Cell, how: str) -> bool:
    """Place a figure on a tile per §5.2; objects (altar, gate) never move."""
    s: State = game.state
    if figure.side == OBJECT:
        return False
    sq = board.place_square(s, cell, but=figure, size=figure.flags.get("size", 1))
    if sq is None:
        return False
    figure.pos = sq
    game.emit("place", figure=figure.id, to=list(sq), text=f"{figure.name} {how} {board.tile_label(s, cell)}.")
    return True


def place_at(game: Game, figure: Figure, sq: Sq, how: str) -> None:
    figure.pos = sq
    game.emit("place", figure=figure.id, to=list(sq), text=f"{figure.name} {how} {sq[0]},{sq[1]}.")


def put(game: Game, figure: Figure, cell: Cell, how: str, by: Figure | None = None) -> Procedure:
    """Place a figure on a tile; a monster landing on blade or caltrop tokens is bitten."""
    if place_on_tile(game, figure, cell, how):
        yield from placed(game, figure, by)


def placed(game: Game, figure: Figure, by: Figure | None = None) -> Procedure:
    """A monster placed on biting tokens takes 1 damage per token; the tokens are removed.
    Other modules that place monsters call this after placing (hook)."""
    s: State = game.state
    if figure.side not in (MONSTER, VILLAIN) or not figure.on_board:
        return
    mine = set(squares_of(figure))
    bites = [t for t in s.tokens if t["kind"] in BITING and tuple(t["at"]) in mine]
    if not bites:
        return
    for t in bites:
        s.tokens.remove(t)
    owner = by or s.figures.get(bites[0].get("owner") or "")
    yield from combat.damage_foe(game, figure, len(bites), owner, "blades underfoot")


def swap(game: Game, hero: Figure, o: Figure) -> None:
    hero.pos, o.pos = o.pos, hero.pos
    game.emit("place", figure=hero.id, to=list(hero.at), text=f"{hero.name} and {o.name} trade places.")


def free_squares_on(s: State, cells: list[Cell], but: Figure | None = None) -> list[Sq]:
    lay = board.lay(s)
    taken = s.occupied() - (set(squares_of(but)) if but else set())
    return sorted((q for c in cells for q in lay.floor_squares(c) if q not in taken), key=lambda q: (q[1], q[0]))
