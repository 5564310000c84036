"""Doors (§5.3): opening one by hand or by a genie, and what it reveals and sets off."""
from __future__ import annotations

from ...engine.game import Game
from . import board, events
from .state import Figure, State
from ...engine.words import a, counted, listing


def door_here(game: Game, figure: Figure) -> list[str]:
    """Closed doors on an edge of the hero's square."""
    s: State = game.state
    return [d for d, e in board.doors_of(s, game.content).items()
            if figure.pos in e and s.doors.get(d, "closed") == "closed"]


def open_door(game: Game, figure: Figure, door: str, by_spell: bool = False) -> None:
    s: State = game.state
    s.doors[door] = "open"
    s.grid = board.build_grid(s, game.content)
    if not by_spell:
        game.emit("door", figure=figure.id, door=door, text=f"{figure.name} opens a door.")
    reveal(game, figure.square)
    events.door_opened(game, figure, door)


def reveal(game: Game, sq: tuple[int, int]) -> None:
    """Reveal what can be seen from a square, and say what came into view."""
    s: State = game.state
    before = {m.id for m in s.monsters()}
    new = board.reveal_from(s, game.content, sq)
    announce(game, new, [m.name for m in s.monsters() if m.id not in before])


def announce(game: Game, new: list[str], appeared: list[str] | None = None) -> None:
    if new:
        rooms = [r for r in new if r != board.CORRIDOR]
        # The board shows no room letters: the log counts the rooms instead of naming them.
        parts = ([a("room") if len(rooms) == 1 else counted(len(rooms), "room")] if rooms else []) \
            + (["more corridor"] if board.CORRIDOR in new else [])
        text = "Revealed: " + " and ".join(parts) + (f", with {listing(appeared)}." if appeared else ".")
        # Only a room or a monster stops a walk: a corridor opening up step by step does not.
        quiet = not rooms and not appeared
        game.emit("corridor_seen" if quiet else "reveal", areas=new, appeared=appeared or [], text=text)
