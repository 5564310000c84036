"""Tiles and monsters arriving (spec §5.6): a tile laid beyond an edge with its door tokens
and treasure token, a Long Hallway's second tile, a monster card drawn for a tile (boons and
Time Leap may change what comes) and its figures placed."""
from __future__ import annotations


from ...engine.game import Action, Decision, Game, Procedure
from ...engine.grid import Sq
from . import board, decks
from .geometry import ROTATION_BEYOND, Cell, PlacedTile, beyond, cell_of, door_key, lay_out, turn_side
from .placing import placed
from .reactions import monster_arrived
from .state import MONSTER, Figure, State
from .tile_names import edge_name
from ...engine.words import an



def placement_door(game: Game, tile: str) -> str | None:
    """A side the adventure puts a door token on when this set-aside tile is placed (A5)."""
    adv = game.content.adventures[game.state.adventure]
    return next((p.door for p in adv.placements if p.tile == tile and p.door), None)


def boon_discard(game: Game, card: str, holder: str) -> Procedure:
    """duergar_defeated and kin: discard a just-drawn monster of the boon's keyword, not replaced."""
    s: State = game.state
    keywords = game.content.monsters[decks.kind_of(card)].keywords
    for boon in list(s.boons):
        kw = game.content.boons[boon].discards_keyword
        if kw is None or kw not in keywords:
            continue
        seat = s.seat_of[holder]
        name = game.content.monsters[decks.kind_of(card)].name
        options = [Action.make(seat, "boon", text=f"Use {boon.replace('_', ' ')}: discard the {name}", use=True),
                   Action.make(seat, "boon", text=f"Keep the boon for later; the {name} comes", use=False)]
        s.drawn.append(card)  # face up while the player decides
        a = yield Decision(seat, f"A {name} is drawn: use the boon?", options, context={"boon": boon})
        s.drawn.remove(card)
        if a.get("use"):
            s.boons.remove(boon)
            decks.discard(s, "monster", card)
            game.emit("boon", text=f"The boon is spent: the {name} never arrives.")
            return True
    return False


def claim_leap_square(game: Game, holder: str) -> Sq | None:
    """Time Leap: "a monster you draw takes his square".  The square the leaping hero left, for
    the next monster drawn for his player (exploration's new_monster should pass it to spawn as
    `at`); None when he is not away, the square is taken, or it was already used."""
    s: State = game.state
    h = s.figures.get(holder)
    if h is None or "leap_square" not in h.flags:
        return None
    sq = tuple(h.flags.pop("leap_square"))
    if not (h.lifted and "time_leap" in h.curses) or not board.free(s, sq):
        return None
    return sq


def place_tile(game: Game, tile_id: str, src: Cell, side: str) -> PlacedTile | None:
    """Lay a tile beyond `side` of cell `src`, its entry facing back; None if it does not fit."""
    s: State = game.state
    c = game.content
    rot = ROTATION_BEYOND[side]
    placed, _ = lay_out(c.tiles, tile_id, beyond(src, side), rot)
    lay = board.lay(s)
    if any(lay.placed(cell) for cell in placed.cells):
        return None
    if not c.adventures[s.adventure].doors:
        placed.doors = []
    extra = placement_door(game, tile_id)
    if extra is not None:  # an adventure's own door on a set-aside tile (A5), template side
        placed.doors.append(door_key(placed.cells[0], turn_side(extra, rot)))
    for key in placed.doors:
        token = s.decks.get("door") or []
        if token:
            s.doors[key] = token.pop(0)
    s.tiles.append(placed)
    board.relayout(s, c)
    arrow = "black" if placed.triangle == "black" else "white" if placed.triangle else "no"
    game.emit("tile", tile=tile_id, cells=[list(x) for x in placed.cells], rot=rot,
              text=f"A new tile ({arrow} triangle) joins {edge_name(side, board.tile_label(s, src))}.")
    if c.tiles.tiles[tile_id].treasure_token:
        drop_treasure_token(game, placed.cells[0])
    return placed


def drop_treasure_token(game: Game, cell: Cell) -> None:
    s: State = game.state
    bag = s.decks.get("treasure_tokens") or []
    if not bag:
        return
    sq = board.lay(s).placement_order(cell)[0]
    s.tokens.append({"kind": "treasure", "value": bag.pop(0), "at": list(sq)})
    game.emit("token", at=list(sq), text=f"A treasure token lies on {board.tile_label(s, cell)}.")


def long_hallway_extra(game: Game, placed: PlacedTile, bottom: bool = False) -> Procedure:
    """A Long Hallway pulls one more tile beyond its far side if that cell is empty (from the
    bottom when a sentry opened it); returns the new tiles, nearest first."""
    s: State = game.state
    new = [placed]
    if game.content.tiles.tiles[placed.tile].long_hallway:
        far = turn_side("N", placed.rot)
        if s.decks.get("dungeon") and not board.lay(s).placed(beyond(placed.cells[0], far)):
            extra_id = yield from decks.draw(game, "dungeon", bottom=bottom)
            extra = place_tile(game, extra_id, placed.cells[0], far)
            if extra is not None:
                new.append(extra)
    return new


def new_monster(game: Game, cell: Cell, holder: str, duplicates: bool = True, chamber: bool = False) -> Procedure:
    """Draw a monster card for a tile: a name the holder already holds is discarded and another
    drawn (kept if the deck runs dry); the card goes to the end of the holder's row."""
    s: State = game.state
    held = {decks.kind_of(x) for x in s.rows[holder]}
    card = yield from decks.draw(game, "monster")
    if card is not None and s.boons and (yield from boon_discard(game, card, holder)):
        return None
    while card is not None and duplicates and decks.kind_of(card) in held:
        name = game.content.monsters[decks.kind_of(card)].name
        left = s.decks.get("monster", []) + s.discards.get("monster", [])
        if all(decks.kind_of(x) in held for x in left):
            # Every card left (the discards would be shuffled back) is a kind he holds: the
            # decks have run dry of anything else, so he keeps this one (spec §5.6, step 3).
            game.emit("duplicate", card=card, text=f"No other monster is left to draw: "
                                                    f"{s.figures[holder].name} keeps the {name}.")
            break
        a = "an" if name[0] in "AEIOU" else "a"
        game.emit("duplicate", card=card, text=f"{s.figures[holder].name} already holds {a} {name}: drawn again.")
        decks.discard(s, "monster", card)
        again = yield from decks.draw(game, "monster")
        if again is None:
            card = s.discards["monster"].pop()  # the decks ran dry: keep it
            break
        card = again
    if card is None:
        game.emit("monster", text="The monster deck is empty: no monster comes.")
        return None
    s.rows[holder].append(card)
    at = claim_leap_square(game, holder)  # Time Leap: the monster takes the vanished hero's square
    figs = spawn(game, card, cell_of(at) if at else cell, chamber=chamber, at=at)
    yield from arrived(game, figs)
    return card


def arrived(game: Game, figs: list[Figure]) -> Procedure:
    """New monsters on the board: tokens bite them, then To Arms! may answer."""
    for f in figs:
        yield from placed(game, f)
    if figs:
        yield from monster_arrived(game, figs)


def spawn(game: Game, card: str, cell: Cell, chamber: bool = False, at: Sq | None = None) -> list[Figure]:
    """Put a card's figures on a tile: Legion Devils until three are on the board."""
    s: State = game.state
    c = game.content
    kind = decks.kind_of(card)
    m = c.monsters[kind]
    count = 1
    if m.figures_per_card > 1:
        count = m.figures_per_card - sum(1 for f in s.foes() if f.kind == kind)
    out: list[Figure] = []
    for k in range(count):
        sq = at if (k == 0 and at is not None and board.free(s, at)) else None
        if sq is None and out:
            near = board.free_adjacent(s, out[0])
            sq = near[0] if near else None
        if sq is None and not out:
            sq = board.place_square(s, cell)
        if sq is None:
            break
        s.arrivals += 1
        f = Figure(id=s.fresh_id(kind), kind=kind, side=MONSTER, name=m.name, pos=sq, hp=m.hp, max_hp=m.hp,
                   ac=m.ac, card=card, order=s.arrivals, chamber=chamber)
        s.figures[f.id] = f
        out.append(f)
        game.emit("monster", figure=f.id, card=card, at=list(sq),
                  text=f"{an(m.name)} appears on {board.tile_label(s, cell_of(sq))} (AC {m.ac}, HP {m.hp}).")
    return out
