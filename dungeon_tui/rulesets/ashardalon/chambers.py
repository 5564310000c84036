"""Chambers (spec §5.12) [H D16]: when an entrance is placed, chamber tiles from its own
stack go beyond each of its unexplored edges (and beyond a large chamber's while the stack
lasts); the chamber card places its villain, object, villagers or tokens; then each player
draws a monster for it and holds it with a shield marker."""
from __future__ import annotations

from typing import Any

from ...engine.game import Game, Procedure
from . import board, decks
from .adventures import chamber_rules, top_4, villain_placed
from .arrivals import arrived, drop_treasure_token, place_tile, spawn
from .choosing import holders_from
from .geometry import ROTATION_BEYOND, Cell, PlacedTile, beyond, lay_out
from .state import State
from .villains import spawn_object, spawn_villager, spawn_villain

CHAMBER_STACK = "chamber_tiles"


def entered(game: Game, new: list[PlacedTile]) -> Procedure:
    """A chamber entrance among the new tiles builds its chamber."""
    s: State = game.state
    for placed in new:
        if placed.tile.endswith("_entrance") and not s.chamber:
            yield from build(game, placed)


def _place_chamber_tile(game: Game, tile: str, src: Cell, side: str) -> PlacedTile | None:
    """A chamber tile beyond an edge; a large chamber that does not fit tries the other axis."""
    s: State = game.state
    c = game.content
    lay = board.lay(s)
    rot = ROTATION_BEYOND[side]
    for turn in ((0, 90, 270) if c.tiles.tiles[tile].cells == 2 else (0,)):
        placed, _ = lay_out(c.tiles, tile, beyond(src, side), (rot + turn) % 360)
        if not any(lay.placed(cell) for cell in placed.cells):
            s.tiles.append(placed)
            board.relayout(s, c)
            return placed
    return None


def build(game: Game, entrance: PlacedTile) -> Procedure:
    s: State = game.state
    c = game.content
    adv = c.adventures[s.adventure]
    stack = [t for t, tile in sorted(c.tiles.tiles.items()) if tile.stack == "chamber" for _ in range(tile.copies)]
    yield from decks.shuffle(game, CHAMBER_STACK, stack)
    cells: list[Cell] = []
    todo: list[tuple[Cell, str]] = [e for e in board.lay(s).unexplored_edges() if e[0] in entrance.cells]
    while todo and s.decks[CHAMBER_STACK]:
        src, side = todo.pop(0)
        if board.lay(s).placed(beyond(src, side)):
            continue
        tile = s.decks[CHAMBER_STACK].pop(0)
        placed = _place_chamber_tile(game, tile, src, side)
        if placed is None:
            s.decks[CHAMBER_STACK].append(tile)  # it goes under the stack
            continue
        cells += placed.cells
        if c.tiles.tiles[tile].cells == 2:  # beyond a large chamber's edges while the stack lasts
            todo += [e for e in board.lay(s).unexplored_edges() if e[0] in placed.cells]
    card = adv.chamber
    if card is None:
        yield from decks.shuffle(game, "chamber_cards", sorted(c.chambers))
        card = s.decks["chamber_cards"].pop(0)
    ch = c.chambers[card]
    s.chamber = {"card": card, "entrance": [list(x) for x in entrance.cells], "cells": [list(x) for x in cells],
                 "villain": None, "object": None, "monsters": [], "villagers": []}
    game.emit("chamber", card=card, text=f"The chamber is built: {card.replace('_', ' ')}. {ch.text}")
    if ch.tunnel_exit:
        edges = [e for e in board.lay(s).unexplored_edges() if e[0] in cells]
        if edges:
            place_tile(game, "tunnel_exit", *edges[0])
    seal(game, cells)
    target = far_chamber_cell(game, cells) or entrance.cells[0]
    if ch.villain or ch.random_villain:
        kind = ch.villain
        if ch.random_villain:
            yield from decks.shuffle(game, "villain_tokens", sorted(c.villains))
            kind = s.decks["villain_tokens"].pop(0)
        where = entrance.cells[0] if ch.villain_on == "entrance" else target
        v = spawn_villain(game, kind, where, chamber=True)
        s.chamber["villain"] = v.id if v else None
        if v is not None:
            yield from villain_placed(game, v)
    if ch.object is not None:
        o = spawn_object(game, ch.object, target)
        s.chamber["object"] = o.id if o else None
    if ch.time_tokens:
        s.time_tokens = ch.time_tokens
    if ch.encounter_on_top:
        decks.put_on_top(s, "encounter", [ch.encounter_on_top])
    if ch.encounter_top_4:
        yield from top_4(game, ch.encounter_top_4)
    if ch.treasure_tokens:
        for cell in cells:
            drop_treasure_token(game, cell)
    if ch.villagers:
        yield from decks.shuffle(game, "villagers", sorted(c.villagers))
        for k, _ in enumerate(s.party):
            if s.decks["villagers"]:
                kind = s.decks["villagers"].pop(0)
                v = spawn_villager(game, kind, cells[k % len(cells)] if cells else target)
                if v is not None:
                    s.chamber["villagers"].append(v.id)
    yield from chamber_rules(game, cells, entrance)
    for _ in range(ch.fills):
        yield from fill(game, cells, entrance, ch)


def seal(game: Game, cells: list[Cell]) -> None:
    """Chamber walls: a chamber tile's sides that face no tile are closed, so nobody explores
    out of a chamber (its tunnel exit, if any, is already placed)."""
    s: State = game.state
    lay = board.lay(s)
    for t in s.tiles:
        for cell in t.cells:
            if cell in cells:
                t.open_sides[cell] = [side for side in t.open_sides[cell] if lay.placed(beyond(cell, side))]
    board.relayout(s, game.content)


def far_chamber_cell(game: Game, cells: list[Cell]) -> Cell | None:
    """'A chamber tile': the non-entrance one farthest from the active hero (ties: lattice order)."""
    s: State = game.state
    if not cells:
        return None
    h = s.figures.get(s.active or "")
    dist = board.lay(s).tile_distances(board.cells_of(h)) if h is not None and h.on_board else {}
    return max(sorted(cells, key=lambda c: (c[1], c[0])), key=lambda c: dist.get(c, 0))


def chamber_filter_ok(game: Game, card: str, ch: Any) -> bool:
    m = game.content.monsters[decks.kind_of(card)]
    if ch.filter and not set(ch.filter) & set(m.keywords):
        return False
    return ch.filter_not_xp is None or m.xp != ch.filter_not_xp


def fill(game: Game, cells: list[Cell], entrance: PlacedTile, ch: Any) -> Procedure:
    """From the active player on, each player draws a monster (one redraw if the filter refuses
    it), puts it on an empty chamber tile's scorch and holds it with a shield marker."""
    s: State = game.state
    for holder in holders_from(s, None):
        card = yield from decks.draw(game, "monster")
        if card is not None and not chamber_filter_ok(game, card, ch):
            decks.discard(s, "monster", card)
            card = yield from decks.draw(game, "monster")
        if card is None:
            return
        occupied = {c for f in s.figures.values() if f.on_board for c in board.cells_of(f)}
        empty = [c for c in cells if c not in occupied] or cells or list(entrance.cells)
        s.rows[holder].append(card)
        figs = spawn(game, card, empty[0], chamber=True)
        s.chamber["monsters"] += [f.id for f in figs]
        yield from arrived(game, figs)
