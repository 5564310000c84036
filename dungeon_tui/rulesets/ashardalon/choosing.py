"""Choices the automated side makes by rule (spec §6.2): the fixed order of figures, the
closest one, and ties, which go to the active hero's seat or to that fixed order.  Shared by
monster tactics, hazards, encounter cards and adventures."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...engine.game import Action, Decision, Game, Procedure
from ...engine.grid import Sq
from ...engine.words import listing
from . import board
from .geometry import cell_of, cell_squares, side_squares
from .state import Figure, State, squares_of
from .tile_names import edge_name



def holders_from(s: State, who: Figure | None) -> list[str]:
    """Players clockwise from a hero (him first), else from the active player."""
    start = who.id if who is not None and who.id in s.party else (s.active or s.party[0])
    k = s.party.index(start)
    return s.party[k:] + s.party[:k]


def fixed_order(s: State, figs: list[Figure]) -> list[Figure]:
    """Heroes in turn order from the active hero, then villagers by placement, then foes."""
    order = holders_from(s, None) if s.active else list(s.party)
    rank = {h: k for k, h in enumerate(order)}
    return sorted(figs, key=lambda f: (0, rank[f.id], 0) if f.id in rank else (1, f.order, 0))


@dataclass(frozen=True)
class Named:
    """How tied items are told apart: a line for the list, and their squares for the map."""
    label: Callable[[Any], str]
    squares: Callable[[Any], list[Sq]]


SQUARES = Named(lambda sq: f"square {sq[0]},{sq[1]}", lambda sq: [sq])


def tiles(s: State) -> Named:
    return Named(lambda c: board.tile_label(s, c), cell_squares)


def edges(s: State) -> Named:
    return Named(lambda e: edge_name(e[1], board.tile_label(s, e[0])), lambda e: side_squares(e[0], e[1]))


def pick(game: Game, items: list[Any], key: Callable[[Any], Any], what: str, named: Named) -> Procedure:
    """The item with the smallest key; a tie goes to the active hero's seat (mode
    active_player) or to the fixed order the items come in (mode auto)."""
    s: State = game.state
    if not items:
        return None
    best = min(key(x) for x in items)
    tied = [x for x in items if key(x) == best]
    if len(tied) == 1:
        return tied[0]
    if s.options.get("ties", "auto") == "auto" or s.active is None:
        game.emit("tie", what=what, text=f"  A tie for {what} between {listing([named.label(x) for x in tied])}: "
                                         f"{named.label(tied[0])}, first in the fixed order.")
        return tied[0]
    seat = s.seat_of[s.active]
    options = [Action.make(seat, "tie", text=named.label(x), pick=k) for k, x in enumerate(tied)]
    # The squares ride on the question, not on the answers: records keep answers only.
    where = [[list(q) for q in named.squares(x)] for x in tied]
    action = yield Decision(seat, f"A tie for {what}: which one?", options, context={"tie": what, "squares": where})
    return tied[action.get("pick")]


def closeness(s: State, me: Figure, pool: list[Figure]) -> tuple[list[Figure], dict[str, int]]:
    """Whom `closest` weighs, in the fixed order (never an invisible hero, §5.1), and how many
    squares away each of the nearest is; the others are further and count as `board.FAR` (only
    the nearest are picked or named: the search goes no further than they are)."""
    cands = fixed_order(s, [h for h in pool if not h.flags.get("invisible") and h.on_board])
    if not cands:
        return cands, {}
    dist = board.square_distances(s, me).reach_any([q for h in cands for q in squares_of(h)])
    return cands, {h.id: min((dist.get(q, board.FAR) for q in squares_of(h)), default=board.FAR) for h in cands}


def closest_said(s: State, me: Figure, pool: list[Figure], what: str) -> str:
    """`closest`'s pick in words before it is made: "the closest hero, Quinn"; a tie, which is
    settled when the figure acts, names every one tied."""
    cands, far = closeness(s, me, pool)
    if not cands:
        return f"the {what}, though there is none"
    best = min(far.values())
    tied = [h.name for h in cands if far[h.id] == best]
    return f"the {what}, " + (tied[0] if len(tied) == 1 else "a tie between " + listing(tied))


def closest(game: Game, me: Figure, pool: list[Figure], what: str) -> Procedure:
    """The closest by square distance, never an invisible hero (§5.1)."""
    s: State = game.state
    cands, far = closeness(s, me, pool)
    if not cands:
        return None

    def away(hero: Figure) -> str:
        return f"{far[hero.id]} square{'s' * (far[hero.id] != 1)}"
    chosen = yield from pick(game, cands, lambda h: far[h.id], what,
                             Named(lambda h: board.called(s, h, away(h)), squares_of))
    game.emit("tactics", figure=me.id, target=chosen.id,
              text=f"  {what} for {me.name}: {board.called(s, chosen)}, {away(chosen)} away.")
    return chosen


def reading(cells: Any) -> list[Any]:
    return sorted(cells, key=lambda c: (c[1], c[0]))


def closest_edge_cell(game: Game, f: Figure) -> Procedure:
    """The tile with an unexplored edge closest to a figure (ties §6.2); with no unexplored edge
    anywhere, the figure's own tile (§5.7); None for a figure off the board."""
    s: State = game.state
    if not f.on_board:
        return None
    lay = board.lay(s)
    dist = lay.tile_distances(board.cells_of(f))
    cells = [c for c in reading({c for c, _ in lay.unexplored_edges()}) if c in dist]
    if not cells:
        return cell_of(f.at)
    return (yield from pick(game, cells, lambda c: dist[c], "the closest tile with an unexplored edge", tiles(s)))
