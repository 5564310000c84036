"""Where the command line opens the plain mode: the title, a game, or a replay."""
from __future__ import annotations

from pathlib import Path
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


def replay(path: Path) -> int:
    from .replay import PlainReplay
    PlainReplay.of_file(path, Console()).run()
    return 0
