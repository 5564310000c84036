"""Quest events (§2.11, §7): a quest names a moment (a door opened, an item taken) and what
follows (the escort appears, the alarm is raised, doors fly open, every monster is placed)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.effects import Effects
from ...engine.game import Game
from ...engine.grid import edge
from . import board
from .seeing import party_sees
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


# A quest event's step (a quest's `do:` verb; models.ACTIONS says which a quest may write):
# (game, the hero who set it off, the step's arguments).
STEPS: Effects[Callable[[Game, Figure, dict[str, str]], None]] = Effects("quest event step")


def run(game: Game, who: Figure, verb: str, args: dict[str, str]) -> None:
    if verb not in STEPS:
        raise ValueError(f"unknown quest event step {verb!r}")
    STEPS[verb].run(game, who, args)


@STEPS("set_flag")
def set_flag(game: Game, who: Figure, args: dict[str, str]) -> None:
    game.state.flags[args["*"]] = True
    game.emit("alarm", text="The alarm is raised: the whole dungeon stirs.")


@STEPS("open_all_doors")
def open_all_doors(game: Game, who: Figure, args: dict[str, str]) -> None:
    s: State = game.state
    for d, e in board.door_edges(game.content.quests[s.quest]).items():
        s.doors[d] = "open"
        s.grid.set_door(*e, state="open")
    game.emit("doors", text="Every door in the dungeon swings open.")
    party_sees(game, who)


@STEPS("reveal_all")
def reveal_all(game: Game, who: Figure, args: dict[str, str]) -> None:
    s: State = game.state
    c = game.content
    rock = set(c.rock[s.quest])
    for room in c.room_squares:
        if room not in rock and room not in s.revealed_rooms:
            s.revealed_rooms.append(room)
    seen = set(s.seen_corridor())
    s.revealed_corridor.extend(sq for sq in c.corridor_squares if sq not in seen)
    board.place_revealed(s)
    game.emit("reveal", areas=["all"], text="The whole dungeon lies open to view.")


@STEPS("place_all_monsters")
def place_all_monsters(game: Game, who: Figure, args: dict[str, str]) -> None:
    for figure in game.state.figures.values():
        if figure.side != HERO and figure.pos is not None and not figure.placed:
            figure.placed = True
    game.emit("place_all", text="Every monster of the dungeon takes its place.")


@STEPS("place_escort")
def place_escort_step(game: Game, who: Figure, args: dict[str, str]) -> None:
    place_escort(game, who)


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
