"""Small words the texts need right: "an Orc Archer", "1 square", "2 Kobolds"."""
from __future__ import annotations


def a(name: str) -> str:
    """The name with its indefinite article."""
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def an(name: str) -> str:
    """The same at the start of a sentence: "An Orc Archer"."""
    return a(name)[0].upper() + a(name)[1:]


def count(n: int, word: str, many: str | None = None) -> str:
    """A number and its noun, plural unless one: count(2, "square") -> "2 squares"."""
    return f"{n} {word if n == 1 else many or word + 's'}"
