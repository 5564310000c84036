"""Putting villains, villagers and chamber objects on the board (spec §2.4, §2.7, §5.12).

Villains are held by nobody and act in every villain phase in order of arrival [H D14];
villagers act in V3 in order of placement [H D15]; objects (altar, vast gate) never act."""
from __future__ import annotations

from typing import Any

from ...engine.game import Game
from ...engine.grid import Sq
from . import board
from .geometry import Cell, cell_of
from .state import OBJECT, VILLAGER, VILLAIN, Figure, State


def _put(game: Game, figure: Figure, cell: Cell, at: Sq | None = None) -> Figure | None:
    s: State = game.state
    size = figure.flags.get("size", 1)
    sq = at if at is not None and board.free(s, at) and size == 1 else board.place_square(s, cell, size=size)
    if sq is None:
        for near in board.lay(s).tile_neighbours(cell):  # a full tile: the nearest tile with room
            sq = board.place_square(s, near, size=size)
            if sq is not None:
                break
    if sq is None:
        game.emit("crowded", text=f"There is no room for {figure.name} on the board.")
        return None
    s.arrivals += 1
    figure.order = s.arrivals
    figure.pos = sq
    s.figures[figure.id] = figure
    game.emit("arrive", figure=figure.id, at=list(sq), side=figure.side,
              text=f"{figure.name} appears on {board.tile_label(s, cell_of(sq))} (AC {figure.ac}, HP {figure.hp}).")
    return figure


def spawn_villain(game: Game, kind: str, cell: Cell, chamber: bool = False, at: Sq | None = None) -> Figure | None:
    s: State = game.state
    v = game.content.villains[kind]
    name = v.name + (f" the {v.title}" if v.title else "")
    f = Figure(id=s.fresh_id(kind), kind=kind, side=VILLAIN, name=name, pos=None, hp=v.hp, max_hp=v.hp, ac=v.ac,
               chamber=chamber)
    if v.size == 2:
        f.flags["size"] = 2
    return _put(game, f, cell, at)  # the caller runs adventures.villain_placed (it may shuffle)


def spawn_villager(game: Game, kind: str, cell: Cell) -> Figure | None:
    s: State = game.state
    v = game.content.villagers[kind]
    f = Figure(id=s.fresh_id(kind), kind=kind, side=VILLAGER, name=v.name, pos=None, hp=v.hp, max_hp=v.hp, ac=v.ac)
    return _put(game, f, cell)


def spawn_object(game: Game, obj: Any, cell: Cell) -> Figure | None:
    s: State = game.state
    name = obj.name.replace("_", " ").title()
    f = Figure(id=s.fresh_id(obj.name), kind=obj.name, side=OBJECT, name=name, pos=None, hp=obj.hp, max_hp=obj.hp,
               ac=obj.ac, chamber=True)
    return _put(game, f, cell)


def in_play(s: State, kind: str) -> Figure | None:
    return next((f for f in s.figures.values() if f.kind == kind and f.on_board), None)
