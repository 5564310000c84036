"""Where the command line opens the plain mode: the title, a game, or a replay."""
from __future__ import annotations

from typing import Any

from .console import Console


def play(session: Any = None, resumed: bool = False) -> int:
    """A game set up on the command line, else the title's choices."""
    from .play import PlainGame
    from .title import title
    console = Console()
    if session is None:
        return title(console)
    PlainGame(session, console).run(resumed=resumed)
    return 0


def replay(rec: Any, name: str) -> int:
    """A record already read (and its game known) stepped through in lines."""
    from .replay import PlainReplay
    PlainReplay.of_record(rec, Console(), name).run()
    return 0
