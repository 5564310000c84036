"""Searching (§5.7), traps (§5.8) and the treasure deck with wandering monsters (§5.9)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.dice import draw
from ...engine.effects import Effects
from ...engine.game import DUNGEON, Action, Decision, Game, Procedure
from ...engine.grid import DIRS4, Sq
from . import board, events
from .combat import SKULL, combat_roll, instantly, lose_body, strike
from .profiles import monster_profile
from .state import ALIVE, MONSTER, Figure, State
from ...engine.words import a


def occupied(state: State, sq: Sq) -> bool:
    return any(f.pos == sq and f.status == ALIVE for f in state.figures.values())


def free(state: State, sq: Sq) -> bool:
    return state.grid.floor(sq) and not occupied(state, sq)


def nearest_free_squares(state: State, near: Sq, n: int) -> list[Sq]:
    """The n free squares nearest by walking distance, ties in reading order (D14, D26)."""
    dist, _ = state.grid.bfs(near)
    spots = sorted((d, sq[1], sq[0]) for sq, d in dist.items() if d > 0 and free(state, sq))
    return [(x, y) for _, y, x in spots[:n]]


def nearest_free(state: State, near: Sq) -> Sq | None:
    """First free neighbour in reading order, else the nearest free square by BFS (D14)."""
    spots = nearest_free_squares(state, near, 1)
    return spots[0] if spots else None


def monster_in_room(state: State, room: str) -> bool:
    return any(board.area_of(state, m.square) == room for m in state.monsters())


def sees_monster(state: State, figure: Figure) -> bool:
    return any(board.targeting_sight(state, figure.square, m.square) for m in state.monsters())


# -- treasure ------------------------------------------------------------------------------------
def can_search_treasure(game: Game, figure: Figure) -> bool:
    s: State = game.state
    room = board.area_of(s, figure.square)
    quest = game.content.quests[s.quest]
    return (room != board.CORRIDOR and room not in quest.no_search_rooms and not monster_in_room(s, room)
            and figure.id not in s.searched.get(f"treasure:{room}", []))


def armed_pieces(game: Game, room: str) -> list[Any]:
    """The room's pieces of furniture whose trap is still armed."""
    s: State = game.state
    return [piece for piece in game.content.quests[s.quest].furniture if piece.room == room
            and (trap := s.furniture_traps.get(piece.id)) and trap.get("armed")]


def shut_piece(game: Game, room: str) -> Any | None:
    """The armed trapped piece that holds the room's unclaimed special treasure: a search finds
    nothing there until its trap is disarmed (D8)."""
    s: State = game.state
    for special in game.content.quests[s.quest].treasure:  # a loop, not next() over a generator
        if special.room == room:
            break
    else:
        return None
    if room in s.special_claimed:
        return None
    return next((piece for piece in armed_pieces(game, room) if piece.id == special.furniture), None)


def search_treasure(game: Game, figure: Figure) -> Procedure:
    """Returns True when the searcher's turn ends (a trap or a hazard)."""
    s: State = game.state
    c = game.content
    room = board.area_of(s, figure.square)
    quest = c.quests[s.quest]
    # D8: an armed trap springs only on a room nobody has searched for traps; found, it stays
    # put and keeps its piece shut until disarmed (RB: disarm it, then search it next turn).
    armed = armed_pieces(game, room)
    if armed and not s.searched.get(f"traps:{room}"):
        yield from spring_furniture_trap(game, figure, armed[0].id)
        return True
    special = next((t for t in quest.treasure if t.room == room), None)
    shut = shut_piece(game, room)
    if shut is not None:
        game.emit("treasure", figure=figure.id,
                  text=f"{figure.name} leaves the {c.furniture[shut.kind].name} alone: "
                       "its trap must be disarmed before it can be searched.")
        return False
    s.searched.setdefault(f"treasure:{room}", []).append(figure.id)
    if special is not None and room not in s.special_claimed:
        s.special_claimed.append(room)
        took = []
        for it in special.items:
            if it.gold:
                figure.gold += it.gold
                took.append(f"{it.gold} gold")
            if it.item == "potion_of_healing":
                figure.potions.append(f"healing:{it.heal or 0}")
                took.append("a potion of healing")
            elif it.item:
                figure.flags.setdefault("items", []).append(it.item)
                took.append(it.item.replace("_", " "))
            if it.artifact:
                figure.equipment.append(it.artifact)
                figure.mind += c.artifacts[it.artifact].mind
                took.append(c.artifacts[it.artifact].name)
        game.emit("treasure", figure=figure.id,
                  text=f"{figure.name} finds " + (", ".join(took) if took else "nothing") + ".")
        for it in special.items:
            if it.item:
                events.item_taken(game, figure, it.item)
        return False
    return (yield from draw_card(game, figure))


def spring_furniture_trap(game: Game, figure: Figure, piece_id: str) -> Procedure:
    """An armed trap on a piece of furniture goes off on him and is spent."""
    s: State = game.state
    c = game.content
    trap = s.furniture_traps[piece_id]
    piece = next(p for p in c.quests[s.quest].furniture if p.id == piece_id)
    trap["armed"] = False
    game.emit("trap", figure=figure.id, trap="furniture", text=f"The {c.furniture[piece.kind].name} was trapped!")
    if trap.get("dice"):
        n = yield from combat_roll(game, trap["dice"], "hq.trap.furniture", SKULL,
                                   inputs={"dice": trap["dice"]}, modifiers={},
                                   text=f"The trap strikes {figure.name}: {{faces}} = {{n}} Body Point{{s}}.")
        lose_body(game, figure, n, "a trapped piece of furniture")
    else:
        lose_body(game, figure, trap.get("body_loss") or 1, "a trapped piece of furniture")


def draw_card(game: Game, figure: Figure) -> Procedure:
    s: State = game.state
    c = game.content
    pile = [cid for cid in sorted(s.deck) for _ in range(s.deck[cid])]
    if not pile:
        game.emit("treasure", figure=figure.id, text="The treasure deck is empty.")
        return False
    cid = pile[(yield from draw(game, len(pile), "hq.treasure.draw", tuple(c.treasure[p].name for p in pile)))]
    card = c.treasure[cid]
    if card.kept:
        s.deck[cid] -= 1
    game.emit("treasure_card", figure=figure.id, card=cid, text=f"{figure.name} draws {card.name}: {card.text}")
    return (yield from TREASURE[cid].run(game, figure, card))


# A treasure card's effect on the hero who drew it: (game, hero, card) -> True when his turn ends.
TREASURE: Effects[Callable[[Game, Figure, Any], Procedure]] = Effects("treasure card")


@TREASURE("gem_35", "gold_15", "gold_25", "jewels_50")
@instantly
def riches(game: Game, figure: Figure, card: Any) -> bool:
    figure.gold += card.gold
    return False


@TREASURE("potion_of_healing", "heroic_brew", "potion_of_strength", "potion_of_defense")
@instantly
def potion(game: Game, figure: Figure, card: Any) -> bool:
    figure.potions.append(card.potion or "healing")
    return False


@TREASURE("hazard_arrow")
@instantly
def arrow(game: Game, figure: Figure, card: Any) -> bool:
    lose_body(game, figure, 1, card.name)
    return True


@TREASURE("hazard_pit")
@instantly
def rotten_floor(game: Game, figure: Figure, card: Any) -> bool:
    lose_body(game, figure, 1, card.name)
    figure.flags["in_pit"] = "hazard"  # no pit tile: he climbs out at his next step or next turn's end
    figure.flags["pit_round"] = game.state.round
    return True


@TREASURE("wandering_monster")
def wandering_monster_card(game: Game, figure: Figure, card: Any) -> Procedure:
    yield from wandering_monster(game, figure)
    return False


def wandering_monster(game: Game, figure: Figure) -> Procedure:
    s: State = game.state
    c = game.content
    kind = c.quests[s.quest].wandering_monster
    name = c.monsters[kind].name
    beside = sorted((sq for sq in ((figure.square[0] + dx, figure.square[1] + dy) for dx, dy in DIRS4)
                     if free(s, sq) and s.grid.edge_passable(figure.square, sq)), key=lambda q: (q[1], q[0]))
    if len(beside) > 1:  # Zargon chooses where it comes from (his AI: the first in reading order)
        opts = [Action.make(DUNGEON, "place", text=f"The wandering {name} comes at {q[0]},{q[1]}", at=q)
                for q in beside]
        pick = yield Decision(DUNGEON, f"Where does the wandering {name} appear?", opts, context={"place": kind})
        sq: Sq | None = (pick.get("at")[0], pick.get("at")[1])
    else:
        sq = beside[0] if beside else nearest_free(s, figure.square)
    if sq is None:
        game.emit("place", figure=figure.id, monster=kind,
                  text=f"A wandering {name} is drawn, but there is no free square for it anywhere.")
        return
    m = new_monster(game, kind, sq)
    game.emit("place", figure=m.id, monster=kind, at=list(sq),
              text=f"{m.name}, a wandering monster, appears at {sq[0]},{sq[1]}.")
    # The rulebook has it attack at once (Zargon "lance immédiatement les Dés d'attaque").
    if sq in beside:
        yield from strike(game, m, figure)
    else:
        game.emit("place", figure=m.id, text=f"Every square beside {figure.name} is taken or walled off: "
                  f"{m.name} cannot attack him yet.")


def new_monster(game: Game, kind: str, sq: Sq) -> Figure:
    s: State = game.state
    p = monster_profile(game.content, s.variants, kind)
    mid = f"x{s.next_monster}"
    s.next_monster += 1
    n = 1 + max((f.number for f in s.figures.values() if f.kind == kind), default=0)
    m = Figure(id=mid, kind=kind, side=MONSTER, name=f"{p['name']} {n}", pos=sq, body=p["body"],
               max_body=p["body"], mind=p["mind"], attack=p["attack"], defend=p["defend"], move=p["move"],
               script="zargon_default", placed=True, number=n)
    s.figures[mid] = m
    return m


# -- traps and secret doors --------------------------------------------------------------------------
def search_area(state: State, figure: Figure) -> tuple[str, list[Sq]]:
    """A room: the whole room; a corridor: the corridor squares he sees (terrain sight)."""
    area = board.area_of(state, figure.square)
    if area != board.CORRIDOR:
        return area, state.grid.squares_of(area)
    return area, [sq for sq in state.seen_corridor() if board.terrain_sight(state, figure.square, sq)]


def search_traps(game: Game, figure: Figure) -> None:
    s: State = game.state
    area, squares = search_area(s, figure)
    where = set(squares)
    found = []
    for _tid, t in sorted(s.traps.items()):
        if t["state"] == "hidden" and tuple(t["at"]) in where:
            t["state"] = "known"
            found.append(f"{a(t['kind'].replace('_', ' '))} trap at {t['at'][0]},{t['at'][1]}")
    if area != board.CORRIDOR:
        for piece in game.content.quests[s.quest].furniture:
            trap = s.furniture_traps.get(piece.id)
            if piece.room == area and trap and trap.get("armed") and not trap.get("known"):
                trap["known"] = True
                found.append(f"a trapped {game.content.furniture[piece.kind].name}")
    s.searched.setdefault(f"traps:{area}", []).append(figure.id)
    game.emit("search", figure=figure.id, what="traps",
              text=f"{figure.name} searches for traps: " + ("; ".join(found) if found else "none found") + ".")


def search_secret_doors(game: Game, figure: Figure) -> None:
    s: State = game.state
    area, squares = search_area(s, figure)
    where = set(squares)
    found = []
    for sid, e in board.secret_edges(game.content.quests[s.quest]).items():
        if sid not in s.secret_found and (e[0] in where or e[1] in where):
            s.secret_found.append(sid)
            s.doors[sid] = "closed"
            s.grid.set_door(*e, state="closed")
            found.append(f"{e[0][0]},{e[0][1]}")  # the door's square on this side
    s.searched.setdefault(f"secret:{area}", []).append(figure.id)
    if area == board.CORRIDOR:  # which corridor squares a search has covered (shown, and used by the AI)
        done = s.searched.setdefault("secret:squares", [])
        done.extend(k for k in (f"{x},{y}" for x, y in squares) if k not in done)
    game.emit("search", figure=figure.id, what="secret_doors",
              text=f"{figure.name} searches for secret doors: "
                   + (f"found {'one' if len(found) == 1 else len(found)} beside " + "; ".join(found)
                      if found else "none") + ".")
