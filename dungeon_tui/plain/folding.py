"""Long choice lists made short for a screen reader: choices of one kind and one wording (every
"moves (running) to" a square, every spell cast) fold into one line, the biggest first, until the
list fits in a few lines; `list N` opens the group that holds choice N, its squares told row by
row.  The numbers never change, so a number or a square still picks a choice directly."""
from __future__ import annotations

import re
from dataclasses import dataclass

SHORT = 20  # the most lines a list of choices takes before its biggest groups fold
SQUARE = re.compile(r"(?<![\w,-])(-?\d+),(-?\d+)(?![\w,])")
NUMBER = re.compile(r"-?\d+")
PLURAL = re.compile(r"(# \w+?)s\b")


@dataclass
class Group:
    members: list[int]  # indexes into the decision's options, in order
    texts: list[str]  # the texts of all the options

    @property
    def first(self) -> int:
        return self.members[0] + 1

    @property
    def squares(self) -> list[tuple[int, int] | None]:
        return [square_in(self.texts[i]) for i in self.members]

    def label(self) -> str:
        """The words every member starts with, up to its square ("Empire Captain moves to")."""
        words = [before_square(self.texts[i]).split() for i in self.members]
        common: list[str] = []
        for column in zip(*words, strict=False):  # up to the shortest
            if any(w != column[0] for w in column):
                break
            common.append(column[0])
        return " ".join(common) or self.texts[self.members[0]]

    def folded(self) -> str:
        """The one line that stands for the group in the short list."""
        n, last = len(self.members), self.members[-1] + 1
        numbers = f"{self.first} to {last}" if last - self.first + 1 == n else f"{self.first} and {n - 1} more"
        if all(self.squares):
            return f"{numbers}. {self.label()} one of {n} squares: list {self.first} tells them row by row."
        return f"{numbers}. {self.label()}: {n} choices, list {self.first} names them."

    def opened(self) -> list[str]:
        """The group in full: squares by row (say a square or a number to pick one), else
        each choice numbered."""
        squares = self.squares
        if not all(squares):
            return [f"{i + 1}. {self.texts[i]}" for i in self.members]
        rows: dict[int, list[tuple[int, int]]] = {}
        for i, at in zip(self.members, squares, strict=True):
            assert at is not None
            rows.setdefault(at[1], []).append((at[0], i + 1))
        x, y = squares[0] or (0, 0)
        out = [f"{self.label()} one of {len(self.members)} squares. Say the square (as {x},{y}) or its number."]
        for y in sorted(rows):
            row = sorted(rows[y])
            numbers = sorted(n for _x, n in row)
            counted = numbers[-1] - numbers[0] + 1 == len(numbers)
            choices = (f" (choice {numbers[0]})" if len(numbers) == 1 else
                       f" (choices {numbers[0]} to {numbers[-1]})" if counted else "")
            out.append(f"Row {y}: x {runs([x for x, _n in row])}{choices}.")
        return out


def square_in(text: str) -> tuple[int, int] | None:
    """The last square a choice names ("at 4,31"), or None."""
    found = SQUARE.findall(text)
    return (int(found[-1][0]), int(found[-1][1])) if found else None


def before_square(text: str) -> str:
    found = list(SQUARE.finditer(text))
    return text[:found[-1].start()] if found else text


def runs(xs: list[int]) -> str:
    """"0 to 5, 8, 10 to 11": sorted numbers as runs."""
    parts: list[str] = []
    start = prev = xs[0]
    for x in [*xs[1:], None]:
        if x is not None and x == prev + 1:
            prev = x
            continue
        parts.append(str(start) if start == prev else f"{start} to {prev}")
        if x is not None:
            start = prev = x
    return ", ".join(parts)


def groups_of(texts: list[str], kinds: list[str]) -> list[Group]:
    """Choices of one kind fold together: those naming a square by their wording with the
    numbers left out (walking apart from running, a jump apart from a walk), the others by their
    first two words (who does it: each model's charges apart)."""
    keyed: dict[tuple[str, str], Group] = {}
    for i, (text, kind) in enumerate(zip(texts, kinds, strict=True)):
        if square_in(text):
            wording = PLURAL.sub(r"\1", NUMBER.sub("#", text))  # "(1 step)" with "(3 steps)"
        else:
            wording = " ".join(text.split()[:2])
        keyed.setdefault((kind, wording), Group([], texts)).members.append(i)
    return list(keyed.values())


def short_list(texts: list[str], kinds: list[str], limit: int = SHORT) -> tuple[list[str], list[Group]]:
    """The lines that offer these choices, and the groups folded in them: the biggest groups
    fold first, until the list fits in `limit` lines."""
    if len(texts) <= limit:
        return [f"{i}. {t}" for i, t in enumerate(texts, 1)], []
    groups = groups_of(texts, kinds)
    folded: list[Group] = []
    size = len(texts)
    for group in sorted(groups, key=lambda g: (-len(g.members), g.members[0])):
        if size <= limit or len(group.members) < 3:
            break
        folded.append(group)
        size -= len(group.members) - 1
    lines: dict[int, str] = {}
    for group in groups:
        if group in folded:
            lines[group.members[0]] = group.folded()
        else:
            lines.update((i, f"{i + 1}. {texts[i]}") for i in group.members)
    return [lines[i] for i in sorted(lines)], folded


def group_holding(groups: list[Group], number: int) -> Group | None:
    return next((g for g in groups if number - 1 in g.members), None)
