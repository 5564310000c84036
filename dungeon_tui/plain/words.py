"""Text made plain for reading aloud: no markup, no drawn bars or symbols, one line at a time."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import Any

from rich.errors import MarkupError
from rich.text import Text

from ..engine.game import CHANCE, Event

_SPACES = re.compile(r"[ \t]+")


def unmarked(text: str) -> str:
    """The text without Rich markup ("[b]Wizard[/b]" reads "Wizard"); text that only looks
    like markup is kept as written."""
    try:
        return Text.from_markup(text).plain
    except MarkupError:
        return text


def plain(text: str) -> str:
    """One line for a screen reader: pictures (wound bars, box drawing, card marks, dice faces)
    are symbols a reader names one by one, so they go; the numbers beside them stay."""
    kept = "".join(" " if unicodedata.category(ch) == "So" or ch == "\x1b" else ch for ch in text)
    return _SPACES.sub(" ", kept).strip()


def lines_of(text: str, markup: bool = False) -> list[str]:
    """A presenter's text (a sheet, a status, a help page) as plain lines, empty ones dropped."""
    text = unmarked(text) if markup else text
    return [line for raw in text.splitlines() if (line := plain(raw))]


def event_lines(event: Event, who: Callable[[str], str] | None = None) -> list[str]:
    """How one event reads: what happened; a choice with who made it (`who` names a seat) and
    why (a player's choice has no reason); nothing for the chance seat's picks, whose rolls
    are events of their own."""
    if event.kind == "decision":
        seat = str(event.data.get("seat", ""))
        if seat == CHANCE:
            return []
        why = str(event.data.get("why") or "")
        head, *detail = why.splitlines() or [""]
        action = str(event.data.get("action", ""))
        chooser = who(seat) if who is not None else ""
        named = chooser and not action.lower().startswith(chooser.lower())  # "Barbarian ends the turn" names him
        line = (f"{chooser[:1].upper()}{chooser[1:]} chose: " if named else "Chose: ") + action  # "The dungeon chose"
        line += f". Why: {head.strip()}" if head.strip() else ""
        return [plain(line), *(p for d in detail if (p := plain(d)))]
    if not event.text:
        return []
    said = lines_of(event.text)
    if event.kind == "roll" and said:
        d = event.data
        faces = ", ".join(str(f) for f in d.get("faces", []))
        said[0] = f"Roll: {said[0]}"
        stop = "" if said[-1].endswith((".", "!", "?")) else "."
        said[-1] += stop + " " + plain(f"Rule {d.get('rule', '')}, faces {faces}, result {d.get('outcome')}.")
    return said


def roll_lines(data: dict[str, Any]) -> list[str]:
    """A roll as the player asks for it: its rule, the dice and faces, what it needed, what
    went into it, and what came out."""
    faces = ", ".join(str(f) for f in data.get("faces", []))
    out = [f"Rule {data.get('rule', '')}: {data.get('text', '')}", f"Dice {data.get('dice')}, faces {faces}."]
    if data.get("target") is not None:
        out.append(f"Needed {data['target']}.")
    out += [f"Input {name}: {value}." for name, value in (data.get("inputs") or {}).items()]
    out += [f"Modifier {name} {value:+d}." if isinstance(value, int) else f"Modifier {name} {value}."
            for name, value in (data.get("modifiers") or {}).items()]
    out.append(f"Outcome: {data.get('outcome')}.")
    return [p for line in out if (p := plain(line))]


def told(events: Iterable[Event], who: Callable[[str], str] | None = None) -> list[str]:
    """Every line these events read as, in order."""
    return [line for e in events for line in event_lines(e, who)]
