"""Exploration (spec §5.6): the active hero along an unexplored edge (or his wizard eye's tile)
opens it, and a sentry opens tiles from the bottom; laying the tiles and their monsters is
`arrivals`, building a chamber behind an entrance is `chambers`."""
from __future__ import annotations


from ...engine.game import Action, Decision, Game, Procedure
from . import board, decks
from .arrivals import long_hallway_extra, new_monster, place_tile
from .chambers import entered
from .choosing import edges as named_edges
from .choosing import pick
from .geometry import Cell, side_squares
from .items import elven_cloak_holder
from .powers import wizard_eye_cell
from .state import Figure, State
from .tile_names import edge_name



def edges_along(s: State, figure: Figure) -> list[tuple[Cell, str]]:
    """Unexplored edges the figure stands along (its square in that side's border row), and
    those of his wizard eye's tile."""
    lay = board.lay(s)
    eye = wizard_eye_cell(s, figure) if figure.side == "hero" else None
    out = []
    for cell, side in lay.unexplored_edges():
        if (figure.pos is not None and figure.pos in side_squares(cell, side)) or cell == eye:
            out.append((cell, side))
    return out


def explore(game: Game, hero: Figure) -> Procedure:
    """E1-E2: the active hero along an unexplored edge places the top tile there, and its monster."""
    s: State = game.state
    edges = edges_along(s, hero)
    if not edges or not s.decks.get("dungeon"):
        return False
    if len(edges) == 1:
        cell, side = edges[0]
    else:
        seat = s.seat_of[hero.id]
        options = [Action.make(seat, "explore", text=f"Explore {edge_name(sd, board.tile_label(s, cl))}",
                               cell=list(cl), side=sd) for cl, sd in edges]
        a = yield Decision(seat, f"{hero.name} stands by several unexplored edges: which one?", options,
                           context={"figure": hero.id})
        cell, side = tuple(a.get("cell")), a.get("side")
    tile = yield from decks.draw(game, "dungeon")
    placed = place_tile(game, tile, cell, side)
    if placed is None:
        return False
    new = yield from long_hallway_extra(game, placed)
    s.placed_this_turn += [t.triangle or "white" for t in new]
    target = new[-1]  # the farthest new tile takes the monster [H D7]
    if target.triangle is not None and not target.tile.endswith("_entrance"):  # [H D16]
        yield from new_monster(game, target.cells[0], elven_cloak_holder(game, s.active or hero.id))
    yield from entered(game, new)
    return True


def sentry_explore(game: Game, me: Figure, edges: list[tuple[Cell, str]]) -> Procedure:
    """A sentry's tactic: the bottom tile beyond an unexplored edge of its tile, a new monster
    on it held by the active player; no encounter for it [H D28]."""
    s: State = game.state
    if not edges or not s.decks.get("dungeon"):
        return
    edge = yield from pick(game, edges, lambda e: 0, "the edge the sentry opens", named_edges(s))
    tile = yield from decks.draw(game, "dungeon", bottom=True)
    placed = place_tile(game, tile, edge[0], edge[1])
    if placed is None:
        return
    new = yield from long_hallway_extra(game, placed, bottom=True)
    if new[-1].triangle is not None and not new[-1].tile.endswith("_entrance"):
        yield from new_monster(game, new[-1].cells[0], s.active or s.party[0])
    yield from entered(game, new)


