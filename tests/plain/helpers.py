"""Drive the plain front end with typed lines and read what it printed."""
from __future__ import annotations

import io
import re

from dungeon_tui.plain.console import Console
from dungeon_tui.plain.play import PlainGame
from dungeon_tui.tui.session import Session, new_session

# Box drawing, block elements (wound bars), and any escape sequence: none may reach a line.
DRAWN = re.compile("[\u2500-\u259f\x1b]")


def played(session: Session, *typed: str, resumed: bool = False) -> list[str]:
    """Every line printed while the typed answers last (input then ends, which saves and leaves)."""
    out = io.StringIO()
    PlainGame(session, Console(io.StringIO("".join(f"{t}\n" for t in typed)), out)).run(resumed=resumed)
    return out.getvalue().splitlines()


def fresh(game: str, seed: int = 5, **setup: object) -> Session:
    return new_session(game, dict(setup), seed)


def after(lines: list[str], marker: str) -> list[str]:
    """The lines after the first that contains `marker`."""
    i = next(i for i, line in enumerate(lines) if marker in line)
    return lines[i + 1:]


def chosen(session: Session) -> list[str]:
    """The players' own choices so far, as the game words them."""
    return [str(a) for a, _why in session.game.decisions if session.is_human(a.seat)]
