"""Lines out, answers in: the plain mode's only contact with the terminal."""
from __future__ import annotations

import select
import sys
from typing import TextIO

from .words import plain


class Console:
    def __init__(self, read: TextIO | None = None, write: TextIO | None = None) -> None:
        self.read = read or sys.stdin
        self.write = write or sys.stdout

    def say(self, *lines: str) -> None:
        for line in lines:
            self.write.write(plain(line) + "\n")
        self.write.flush()

    def ask(self, prompt: str = "") -> str | None:
        """The next answer typed, or None when input has ended (the player closed it)."""
        self.write.write(f"{plain(prompt)} > " if prompt else "> ")
        self.write.flush()
        line = self.read.readline()
        if not line:
            self.write.write("\n")
            return None
        return line.rstrip("\r\n")

    def typed_ahead(self, wait: float = 0.0) -> bool:
        """Was a line typed while the program was busy (Enter pressed while the AI plays), or
        within `wait` seconds?  Read from a terminal only: piped answers are all there at once
        and wait their turn."""
        try:
            if not self.read.isatty():
                return False
            ready, _w, _x = select.select([self.read], [], [], wait)
        except (OSError, ValueError):
            return False
        if ready:
            self.read.readline()
        return bool(ready)
