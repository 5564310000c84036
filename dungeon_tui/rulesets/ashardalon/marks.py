"""The mark a figure wears on the map ("l3" a Legion Devil, "B!" Bellax, "@a" Alek), and a
figure named so that two of one name read apart ("Legion Devil (l3)").

The rules name figures in option texts and the log, the presenter draws them from a seat's
view, so this module works on plain data: a figure's side, kind, id and name."""
from __future__ import annotations

from collections.abc import Iterable

# One letter per monster kind (the names share initials); unknown kinds take their first letter.
MONSTER_LETTERS = {"cave_bear": "b", "duergar_guard": "d", "gibbering_mouther": "m", "grell": "g",
                   "human_cultist": "c", "kobold_dragonshield": "k", "legion_devil": "l", "orc_archer": "a",
                   "orc_smasher": "o", "snake": "s"}
VILLAIN_LETTERS = {"ashardalon": "A", "bellax": "B", "kraash": "R", "margrath": "M", "meerak": "E",
                   "otyugh": "O", "rage_drake": "D"}


def _serial(fid: str) -> int:
    digits = "".join(ch for ch in fid if ch.isdigit())
    return int(digits) if digits else 0


def mark(side: str, kind: str, fid: str, name: str, kin: Iterable[str] = ()) -> str:
    """Two characters: heroes a capital and a space, monsters a letter and their number among
    the figures of their kind that came into play (`kin`, the ids of all of them, defeated ones
    too, so a number never changes and no two of a kind share one: a card brings at most three
    figures, Legion Devils nine in all), villains a capital and "!", villagers "@" and an
    initial, objects "¤".  Without `kin`, the last digit of the figure's id."""
    kin = sorted(kin, key=_serial)
    digits = str(kin.index(fid) + 1) if fid in kin else "".join(ch for ch in fid if ch.isdigit())
    if side == "hero":
        return (name or kind or "H")[0].upper() + " "
    if side == "villain":
        return VILLAIN_LETTERS.get(kind, kind[:1].upper() or "V") + "!"
    if side == "villager":
        return "@" + (name or kind or "v")[0].lower()
    if side == "object":
        return "¤" + (digits[-1:] or " ")
    return MONSTER_LETTERS.get(kind, kind[:1] or "m") + (digits[-1:] or "?")


def told_apart(name: str, figure_mark: str, alike: bool, *more: str) -> str:
    """`name`, with its map mark when another figure of that name is on the board (`alike`),
    and any further words in the same brackets: "Legion Devil (l3, 1 square)"."""
    inside = ([figure_mark.strip()] if alike else []) + list(more)
    return f"{name} ({', '.join(inside)})" if inside else name
