"""Lines out, answers in: the plain mode's only contact with the terminal."""
from __future__ import annotations

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
