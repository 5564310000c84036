"""The map's glyph sets: the games' own box-drawing glyphs, or plain 7-bit ASCII for terminals
that cannot show UTF-8 (or for players who ask for it with --ascii or in the settings).

Presenters paint cells of two characters and a role; the map derives the corners of edge
boards itself.  Rather than ask every game for a second set, the map translates what it is
given: runs first (a pair that means one thing, a ladder or a triangle), then
character by character.  The same translation serves the legend, so it names what the map shows."""
from __future__ import annotations

import os
from collections.abc import Mapping

# Runs that read as one picture, translated as a whole (the ellipsis only ever in legends).
ASCII_RUNS = {
    "▪▪": "[]",  # a piece of furniture the view does not name
    "╪╪": "][",  # a ladder out (Ashardalon)
    "∩∩": "()",  # a tunnel out (Ashardalon)
    "▲▲": "/\\",  # a black triangle (Ashardalon)
    "△△": "^^",  # a white triangle (Ashardalon)
    "≡≡": ">>",  # a stairway, as roguelikes draw stairs
    "⇲⇲": "<>",  # where the dead come back in (Catakombs' reinforcement entries)
    "…": "...",
}
# Then every other character.  Walls are '#' whatever their direction, so that '+' and '/' are
# only ever doors (closed, open) and never the corner of a wall.
ASCII_CHARS = {
    # ▒▒ previews a tile or a section about to be laid, or a spell's area: never read as a wall.
    "·": ".", "░": ":", "█": "#", "▓": "#", "▒": ",", "≈": "~", "≡": "=", "▪": "o", "¤": "&", "●": "*",
    "│": "#", "─": "#", "┼": "#", "┤": "#", "├": "#", "┴": "#", "┬": "#", "┘": "#", "└": "#", "┐": "#", "┌": "#",
    "╪": "H", "∩": "n", "▲": "A", "△": "^",
    "♣": "^",  # a wood (Skirmish): not "?", which marks a hidden model there
    "∙": ";", "▣": "$", "▤": "%", "□": "_",  # Catakombs: a cell's floor; a chest closed, locked, open
    **{chr(0x2080 + d): str(d) for d in range(10)},  # a monster's small number (Warhammer Quest's o₃)
}
UNKNOWN = "?"  # a character no table knows: still one cell, still visibly something


def to_ascii(text: str) -> str:
    """The 7-bit ASCII form of map glyphs or of a legend naming them, one cell for one cell."""
    if text.isascii():
        return text
    for run, plain in ASCII_RUNS.items():
        text = text.replace(run, plain)
    return "".join(ch if ch.isascii() else ASCII_CHARS.get(ch, UNKNOWN) for ch in text)


def terminal_is_utf8(env: Mapping[str, str] | None = None) -> bool:
    """Whether the locale says UTF-8: the first of LC_ALL, LC_CTYPE and LANG that is set decides
    (as the C library does); with none set, UTF-8 is assumed."""
    env = os.environ if env is None else env
    # Python itself turns a C locale into C.UTF-8 at start (PEP 538) and says so in LC_CTYPE;
    # the terminal it runs in was set up for the C locale all the same.
    coerced = env.get("LC_CTYPE", "").lower().replace("-", "") in ("c.utf8", "utf8")
    if not env.get("LC_ALL") and coerced and env.get("LANG", "C") in ("C", "POSIX"):
        return False
    for var in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(var)
        if value:
            return value.lower().replace("-", "").endswith("utf8") or ".utf8@" in value.lower().replace("-", "")
    return True


def wants_ascii(setting: bool | None, env: Mapping[str, str] | None = None) -> bool:
    """The glyph set to use: the player's choice if there is one, else the terminal's."""
    return bool(setting) if setting is not None else not terminal_is_utf8(env)
