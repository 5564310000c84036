"""Which listed choice a typed answer names: its number, or its words."""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Picked:
    index: int | None  # the choice named, or None
    problem: str = ""  # why none was: one line for the player


def _words(text: str) -> list[str]:
    return text.casefold().split()


def pick(answer: str, choices: Sequence[str]) -> Picked:
    """The choice an answer names: "3" is the third; words name the one whose text is those
    words, else the one a run of its words is, else the one it starts, else the one in which
    some word starts with them ("air" for "Wizard takes the air spells").  The first of these
    ways that names any choice decides, so one matching exactly is never ambiguous with longer
    ones; when it names several, the answer is ambiguous."""
    said = answer.strip()
    if said.isdigit():
        n = int(said)
        if 1 <= n <= len(choices):
            return Picked(n - 1)
        return Picked(None, f"There is no choice {n}: answer 1 to {len(choices)}, or the start of a name.")
    key = " ".join(_words(said))
    if not key:
        return Picked(None, "Answer a number or the start of a name.")
    tests: list[Callable[[str], bool]] = [
        lambda text: text == key,
        lambda text: re.search(rf"(^|\s){re.escape(key)}($|\s)", text) is not None,
        lambda text: text.startswith(key),
        lambda text: re.search(rf"(^|\s){re.escape(key)}", text) is not None,
    ]
    texts = [" ".join(_words(c)) for c in choices]
    for test in tests:
        found = [i for i, text in enumerate(texts) if test(text)]
        if len(found) == 1:
            return Picked(found[0])
        if found:
            return Picked(None, f"'{said}' names {len(found)} choices: "
                          + ", ".join(str(i + 1) for i in found[:8]) + (" and more" if len(found) > 8 else "")
                          + ". Say more of the name, or the number.")
    return Picked(None, f"'{said}' names no choice and no command (help lists the commands).")
