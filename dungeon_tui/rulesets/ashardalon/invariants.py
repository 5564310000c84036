"""Wrath of Ashardalon invariants, checked after every decision by the fuzz runner and tests.

Each check returns one-line problems (none when the state is sound)."""
from __future__ import annotations

from collections import Counter
from typing import Any

from ...engine.game import DUNGEON
from . import board, decks
from .content import load_content
from .state import HERO, squares_of


def check_board(game: Any) -> list[str]:
    """One figure per square, figures on floor, HP within bounds, the fallen never asked to act."""
    s = game.state
    out: list[str] = []
    seen: dict[Any, str] = {}
    lay = board.lay(s)
    for f in s.figures.values():
        if not 0 <= f.hp <= f.max_hp:
            out.append(f"{f.id} has HP {f.hp} outside 0..{f.max_hp}")
        if not f.on_board:
            continue
        for q in squares_of(f):
            if not lay.grid.floor(q):
                out.append(f"{f.id} stands off the floor at {q}")
            other = s.figures.get(seen.get(q, ""))
            passing = other is not None and f.side == HERO and other.side == HERO and \
                (f.flags.get("walking") or other.flags.get("walking"))  # a hero passing a friend
            if other is not None and not passing:
                out.append(f"{f.id} and {other.id} share {q}")
            seen[q] = f.id
    if s.surges < 0:
        out.append(f"the party has {s.surges} healing surges")
    d = game.pending
    if d is not None and d.seat.startswith("hero:") and d.context.get("done") is not None:
        h = s.figures[d.context["figure"]]
        if not h.up:
            out.append(f"{h.id} is asked for a hero phase action at {h.hp} HP or off the board")
    return out


def check_cards(game: Any) -> list[str]:
    """Every card is in exactly one place: a deck, a discard pile, a row, the XP pile, a hero's
    items or curses, the environment; a monster on the board has a card of its name held."""
    s = game.state
    c = game.content
    out: list[str] = []
    if s.phase == "setup":  # the decks are still being shuffled card by card
        return out
    places: Counter[str] = Counter()
    for deck in ("monster", "encounter", "treasure"):
        places.update(s.decks.get(deck, []))
        places.update(s.discards.get(deck, []))
    for row in s.rows.values():
        places.update(row)
    places.update(x for x in s.xp if not x.startswith("villain:"))
    places.update(s.drawn)
    for h in s.heroes():
        places.update(h.items)
        places.update(h.curses)
    if s.environment:
        places.update([s.environment])
    dup = sorted(k for k, n in places.items() if n > 1)
    if dup:
        out.append(f"cards in two places at once: {', '.join(dup)}")
    expected = (sum(m.cards for m in c.monsters.values()) + len(c.encounters)
                + sum(i.copies for i in c.items.values()))
    have = sum(1 for k in places if k not in c.adventure_encounters)
    if have != expected:
        out.append(f"{have} cards are in play, the box holds {expected}")
    held = {decks.kind_of(x) for row in s.rows.values() for x in row}
    for f in s.foes():
        if f.side == "monster" and f.kind not in held:
            out.append(f"{f.id} is on the board but no player holds a {f.kind} card")
    return out


def check_hero_view(game: Any) -> list[str]:
    """Hero seats see deck sizes, never deck order, and door tokens only as doors (§6.2)."""
    s = game.state
    out: list[str] = []
    seat = next((seat for seat in game.ruleset.seats(s) if seat != DUNGEON), None)
    view = game.ruleset.view(s, seat)
    if any(not isinstance(v, int) for v in view["decks"].values()):
        out.append("hero view shows a deck's order")
    if any(v != "door" for k, v in view["doors"].items() if k not in s.revealed_doors):
        out.append("hero view shows a face-down door token")
    if any("value" in t or (t.get("face_down") and t["kind"] != "treasure") for t in view["tokens"]):
        out.append("hero view shows a face-down token's value or kind")
    return out


def check(game: Any) -> list[str]:
    return check_board(game) + check_cards(game) + check_hero_view(game)


FUZZ_SHUN = ("escape",)  # random heroes would otherwise leave at once when they can


def fuzz_adventures() -> tuple[str, ...]:
    return tuple(sorted(load_content().adventures, key=lambda a: load_content().adventures[a].number))


__all__ = ["HERO", "check", "fuzz_adventures"]
