"""The small English every game's texts share: articles, counted nouns and lists, so "an Orc
Archer", "1 square", "2 Kobolds" and "a, b and c" read the same everywhere.  Text only: no rule
here.  A game with nouns English does not pluralise with an s passes the plural."""
from __future__ import annotations

from collections.abc import Sequence


def a(name: str) -> str:
    """The name with its indefinite article: "an Orc Archer", "a Goblin"."""
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def an(name: str) -> str:
    """The same at the start of a sentence: "An Orc Archer"."""
    said = a(name)
    return said[:1].upper() + said[1:]


def counted(n: int, word: str, many: str | None = None) -> str:
    """A number and its noun agreeing: "1 square", "2 squares", counted(3, "die", "dice")."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def listing(parts: Sequence[str]) -> str:
    """Words in a list as a sentence has them: "a, b and c"."""
    return " and ".join([", ".join(parts[:-1]), parts[-1]]) if len(parts) > 1 else "".join(parts)
