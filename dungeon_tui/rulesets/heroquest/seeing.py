"""What the heroes see (§5.4): the rooms and corridor that come into view from a square, or
from every hero-side figure once a door opens, and the log line that says what appeared."""
from __future__ import annotations

from ...engine.game import Game
from . import board
from .state import Figure, State
from ...engine.words import a, counted, listing


def party_sees(game: Game, first: Figure) -> None:
    """A door opened (by hand, by a genie or by a quest event): whatever any hero-side figure
    now sees is revealed, the opener's view first."""
    s: State = game.state
    for f in [first, *(h for h in s.hero_side() if h is not first)]:
        if f.pos is not None:
            reveal(game, f.square)


def reveal(game: Game, sq: tuple[int, int]) -> None:
    """Reveal what can be seen from a square, and say what came into view."""
    s: State = game.state
    # Only the monsters placed by this look can have appeared: nobody else moves or falls here,
    # and a step that brings nothing new into view (most of them) asks nothing of the figures.
    new, placed = board.reveal_placing(s, game.content, sq)
    if new:
        appeared = set(placed)
        announce(game, new, [m.name for m in s.monsters() if m.id in appeared])


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
