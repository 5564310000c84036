"""Doors (§5.3): opening one by hand or by a genie, and what it reveals and sets off."""
from __future__ import annotations

from ...engine.game import Game
from . import board, events
from .seeing import party_sees
from .state import Figure, State


def door_here(game: Game, figure: Figure) -> list[str]:
    """Closed doors on an edge of the hero's square."""
    s: State = game.state
    if figure.pos not in board.closed_door_squares(s, game.content):  # most squares: asked at every step
        return []
    return [d for d, e in board.doors_of(s, game.content).items()
            if figure.pos in e and s.doors.get(d, "closed") == "closed"]


def door_words(game: Game, door: str) -> str:
    """Which door, as the board shows it: "the door between 4,9 and 5,9"."""
    (ax, ay), (bx, by) = sorted(board.doors_of(game.state, game.content)[door])
    return f"the door between {ax},{ay} and {bx},{by}"


def open_door(game: Game, figure: Figure, door: str, by_spell: bool = False) -> None:
    s: State = game.state
    s.doors[door] = "open"
    s.grid.set_door(*board.doors_of(s, game.content)[door], state="open")
    if not by_spell:
        game.emit("door", figure=figure.id, door=door, text=f"{figure.name} opens {door_words(game, door)}.")
    party_sees(game, figure)
    events.door_opened(game, figure, door)
