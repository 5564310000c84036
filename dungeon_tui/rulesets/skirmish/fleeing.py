"""Fleeing (§5.8, house D21): 2D6 squares (3D6 for M above 6) by normal steps and ladders,
never into contact; away from what frightened it, or toward the nearest edge.  A model that
reaches an edge square leaves the table; a model with nowhere to go stays where it is."""
from __future__ import annotations

from itertools import repeat

from ...engine.dice import roll
from ...engine.game import Game, Procedure
from ...engine.words import counted
from .battle import field_of
from .distance import distance, nearest_distance
from .moves import reachable
from . import relic
from .rolls import sk_roll
from .state import FLED, Model, Sq, State


def flee_distance(game: Game, model: Model) -> Procedure:
    dice = 3 if model.m > 6 else 2
    faces = yield from roll(game, dice, 6, "sk.flee.distance")
    total = sum(faces)
    sk_roll(game, "sk.flee.distance", list(faces), outcome=total,
            text=f"{model.name} flees {' + '.join(map(str, faces))} = {counted(total, 'square')}.")
    return total


def flee_squares(game: Game, model: Model, budget: int) -> list[Sq]:
    """Where a fleeing model may end: normal steps and ladders, through friends, never into
    contact with an enemy."""
    s: State = game.state
    enemies = [m.at for m in s.models.values() if m.on_table and m.side != model.side]
    friends = [m.at for m in s.models.values() if m.on_table and m.side == model.side and m is not model]
    return reachable(field_of(game), model.at, budget, mode="flee", enemies=enemies, friends=friends)


def flee_away(game: Game, model: Model, sources: list[Model], why: str) -> Procedure:
    """Flee from `sources`: the square that keeps the nearest of them farthest; ties the largest
    summed distance, then nearest an edge, then lowest y,x."""
    if not model.on_table or model.immune:
        return
    relic.drop(game, model, "it flees")
    model.fleeing, model.hidden = True, False
    budget = yield from flee_distance(game, model)
    field = field_of(game)
    spots = [m.at for m in sources if m.on_table] or [model.at]
    options = flee_squares(game, model, budget)
    if options:
        last_x, last_y = field.width - 1, field.height - 1

        # Mostly one model to flee from: its distance is then both the nearest and the sum, one
        # call a square (a flight weighs a hundred).
        one = spots[0] if len(spots) == 1 else None

        def key(sq: Sq) -> tuple[int, int, int, int, int]:
            if one is not None:
                near = total = distance(sq, one)
            else:
                ds = list(map(distance, repeat(sq), spots))
                near, total = min(ds), sum(ds)
            x, y = sq
            return (-near, -total, min(x, y, last_x - x, last_y - y), y, x)  # (the last: to the edge)
        yield from _arrive(game, model, min(options, key=key), why)


def flee_to_edge(game: Game, model: Model) -> Procedure:
    """The compulsory move of a fleeing model: toward the nearest edge, avoiding enemies."""
    s: State = game.state
    budget = yield from flee_distance(game, model)
    field = field_of(game)
    options = flee_squares(game, model, budget)
    # The way home: the distance to the nearest square of its own edge, straight across it.
    axis, home = field.own_edge_line(s.roles[str(model.side)])
    enemies = [m.at for m in s.models.values() if m.on_table and m.side != model.side]
    if options:
        # The least of (to the edge, home, -far from enemies, y, x): the enemies are looked at
        # only for the squares nearest the edge and home (the first two decide most flights).
        # Worked out in one loop, no call a square: a flight weighs a hundred.
        last_x, last_y = field.width - 1, field.height - 1
        nearness = [(min(x, y, last_x - x, last_y - y), abs((y if axis else x) - home)) for x, y in options]
        least = min(nearness)
        tied = [sq for sq, near in zip(options, nearness, strict=True) if near == least]
        to = min(tied, key=lambda sq: (-nearest_distance(sq, enemies, none=0), sq[1], sq[0]))
        yield from _arrive(game, model, to, "flees for the edge")


def _arrive(game: Game, model: Model, to: Sq, why: str) -> Procedure:
    s: State = game.state
    field = field_of(game)
    start = model.at
    model.pos = to
    if field.edge(to):
        model.status, model.pos = FLED, None
        if model.carrying:
            model.carrying = False
            s.objectives["relic_at"] = list(to)
        game.emit("fled", model=model.id, side=model.side, frm=list(start), text=f"{model.name} {why} off the table.")
    else:
        game.emit("flee", model=model.id, frm=list(start), to=list(to), text=f"{model.name} {why} to {to[0]},{to[1]}.")
    return
    yield
