"""How Warhammer Quest's log, options and panels count and name things: "1 Wound", "2 Goblin
Spearmen", "an Orc Archer", "the Barbarian" but "Orc Warrior 3".  Text only: no rule here."""
from __future__ import annotations

import re
from functools import lru_cache

from ...engine.words import a
from ...engine.words import counted as shared_counted

__all__ = ["The", "a", "counted", "plural", "the"]

# Plurals English does not make by adding an s (monster names end in these words).
IRREGULAR = {"Skaven": "Skaven", "gold": "gold"}
NUMBERED = re.compile(r" \d+$")


# The words below are pure functions of their text, asked again and again of the same few
# names (every reason the dungeon's scripts give names its victim): kept, as many as a game
# could name and then some.
@lru_cache(maxsize=2048)
def plural(word: str) -> str:
    """The plural of a word or of a name's last word: "Goblin Spearman" -> "Goblin Spearmen"."""
    head, _, last = word.rpartition(" ")
    if last in IRREGULAR:
        tail = IRREGULAR[last]
    elif last.endswith("man"):
        tail = last[:-3] + "men"
    elif last.endswith(("s", "x", "ch", "sh")):
        tail = last + "es"
    elif last.endswith("y") and last[-2:-1] not in "aeiou":
        tail = last[:-1] + "ies"
    else:
        tail = last + "s"
    return f"{head} {tail}" if head else tail


def counted(n: int, word: str) -> str:
    """A number and its noun agreeing, with this game's plurals: "1 Wound", "2 Goblin Spearmen"."""
    return shared_counted(n, word, plural(word))


@lru_cache(maxsize=2048)
def the(name: str) -> str:
    """A figure as a sentence names it: "the Barbarian", but a numbered monster by its own name
    ("Orc Warrior 3"), which reads like a proper name."""
    return name if NUMBERED.search(name) else f"the {name}"


def The(name: str) -> str:  # the capitalised form, for the start of a sentence
    said = the(name)
    return said[:1].upper() + said[1:]
