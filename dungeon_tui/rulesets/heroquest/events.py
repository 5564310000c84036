"""Quest events (§2.11, §7): a quest names a moment (a door opened, an item taken) and what
follows (the escort appears, the alarm is raised, doors fly open, every monster is placed)."""
from __future__ import annotations

from typing import Any

from ...engine.game import Game
from ...engine.grid import edge
from . import board
from .state import HERO, Figure, State


def _fire(game: Game, who: Figure, kind: str, what: Any) -> None:
    s: State = game.state
    quest = game.content.quests[s.quest]
    for i, ev in enumerate(quest.events):
        key = f"event:{i}"
        if s.flags.get(key):
            continue
        wkind, wwhat = ev.trigger
        if wkind != kind or (edge(*wwhat) if kind == "door_opened" else wwhat) != what:
            continue
        s.flags[key] = True
        for verb, args in ev.actions:
            run(game, who, verb, args)


def door_opened(game: Game, who: Figure, door: str) -> None:
    quest = game.content.quests[game.state.quest]
    e = (board.door_edges(quest) | board.secret_edges(quest)).get(door)
    if e is not None:
        _fire(game, who, "door_opened", edge(*e))


def item_taken(game: Game, who: Figure, item: str) -> None:
    _fire(game, who, "item_taken", item)


def run(game: Game, who: Figure, verb: str, args: dict[str, str]) -> None:
    s: State = game.state
    c = game.content
    quest = c.quests[s.quest]
    if verb == "set_flag":
        s.flags[args["*"]] = True
        game.emit("alarm", text="The alarm is raised: the whole dungeon stirs.")
    elif verb == "open_all_doors":
        for d in board.door_edges(quest):
            s.doors[d] = "open"
        s.grid = board.build_grid(s, c)
        game.emit("doors", text="Every door in the dungeon swings open.")
    elif verb == "reveal_all":
        rock = set(c.rock[s.quest])
        for room in c.room_squares:
            if room not in rock and room not in s.revealed_rooms:
                s.revealed_rooms.append(room)
        seen = set(map(tuple, s.revealed_corridor))
        s.revealed_corridor.extend(sq for sq in c.corridor_squares if sq not in seen)
        board.place_revealed(s)
        game.emit("reveal", areas=["all"], text="The whole dungeon lies open to view.")
    elif verb == "place_all_monsters":
        for f in s.figures.values():
            if f.side != HERO and f.pos is not None and not f.placed:
                f.placed = True
        game.emit("place_all", text="Every monster of the dungeon takes its place.")
    elif verb == "place_escort":
        place_escort(game, who)
    else:
        raise ValueError(f"unknown quest event step {verb!r}")


def place_escort(game: Game, opener: Figure) -> None:
    s: State = game.state
    c = game.content
    spec = c.quests[s.quest].escort or {}
    eid = spec.get("id")
    if not eid or eid in s.figures:
        return
    p = c.escorts[eid]
    at = tuple(spec["at"])
    controller = opener.id if opener.kind in c.heroes else (s.escort_controller or s.party[0])
    s.figures[eid] = Figure(id=eid, kind=eid, side=HERO, name=p.name, pos=at, body=p.body, max_body=p.body,
                            mind=p.mind, attack=0, defend=p.defend, placed=True)
    s.escort = eid
    s.escort_controller = controller
    s.seat_of[eid] = s.seat_of[controller]
    game.emit("escort", figure=eid, controller=controller,
              text=f"{p.name} is found at {at[0]},{at[1]}; {s.figures[controller].name} will lead him out.")
