"""HeroQuest invariants, checked after every decision by the fuzz runner and the tests.

Each check returns a list of one-line problems (empty when the state is sound)."""
from __future__ import annotations

from typing import Any

from ...engine.game import CHANCE
from ...engine.grid import Sq
from . import board
from .state import ALIVE, HERO, Figure


def hero_mid_turn(game: Any) -> str | None:
    """The hero whose turn is under way, who may be passing a friend's square: the one asked
    now, or, while the dice decide something in his turn (a jump, a potion), the hero whose
    last choice it was, unless that choice ended his turn."""
    d = game.pending
    if d is None:
        return None
    if d.seat.startswith("hero:"):
        return d.context.get("figure")
    if d.seat != CHANCE:
        return None
    last = next((a for a, _why in reversed(game.decisions) if a.seat != CHANCE), None)
    if last is None or not last.seat.startswith("hero:") or last.kind in ("end_turn", "leave"):
        return None
    return next((fid for fid, seat in game.state.seat_of.items() if seat == last.seat), None)


def check_hero_view(game: Any, seat: str = "hero:barbarian") -> list[str]:
    """What a hero seat is shown: only revealed squares, placed monsters without their secrets,
    known traps, found secret doors, furniture of revealed rooms (§6.4)."""
    s = game.state
    view = game.ruleset.view(s, seat)
    out: list[str] = []
    for fid, f in view["figures"].items():
        if f["side"] == "monster":
            # Placed monsters stay visible wherever they walk (§5.4); unplaced ones never show.
            if not (f["placed"] and f["status"] == ALIVE):
                out.append(f"hero view shows monster {fid} that is not placed and alive")
            secrets = {"dread", "guard", "script"} & set(f)
            if secrets:
                out.append(f"hero view shows {fid}'s hidden {', '.join(sorted(secrets))}")
    for x, y, _area, _terrain in view["areas"]:
        if not board.revealed(s, (x, y)):
            out.append(f"hero view shows unrevealed square {(x, y)}")
    out += [f"hero view shows hidden trap {tid}" for tid, t in view["traps"].items() if t["state"] == "hidden"]
    out += [f"hero view shows unfound secret door {d}" for d, e in view["door_edges"].items()
            if e["secret"] and d not in s.secret_found]
    out += [f"hero view shows furniture {pid} of an unrevealed room" for pid, p in view["furniture"].items()
            if p["room"] not in s.revealed_rooms]
    if "special_claimed" in view:
        out.append("hero view shows special_claimed")
    if not isinstance(view["deck"], int):
        out.append("hero view shows the treasure deck's order")
    return out


def check_board(game: Any) -> list[str]:
    """One figure per square (hero-side figures may share the stairway and sprung pits; the hero
    on the move may pass through a friend, or a monster under Veil of Mist), Body within bounds,
    the dead off the board and never asked to act."""
    s = game.state
    out: list[str] = []
    stairs = set(board.stairway(game.content.quests[s.quest]))
    pits = {tuple(t["at"]) for t in s.traps.values() if t["state"] == "sprung"}
    moving = hero_mid_turn(game)
    seen: dict[Sq, Figure] = {}
    for f in s.figures.values():
        if not 0 <= f.body <= f.max_body:
            out.append(f"{f.id} has Body {f.body} outside 0..{f.max_body}")
        if f.status != ALIVE:
            if f.pos is not None:
                out.append(f"{f.id} is {f.status} but still on the board at {f.pos}")
            continue
        if f.pos is None or (f.side != HERO and not f.placed):
            continue
        if not (s.grid.floor(f.pos) or f.side == HERO):
            out.append(f"{f.id} stands off the floor at {f.pos}")
        other = seen.get(f.pos)
        if other is not None:
            if not (f.side == HERO and other.side == HERO):
                if moving not in (f.id, other.id):  # Veil of Mist lets a hero pass (not stop) through monsters
                    out.append(f"{f.id} and {other.id} share {f.pos}")
            elif not (f.pos in stairs | pits or moving in (f.id, other.id)):
                out.append(f"heroes {f.id} and {other.id} stop on the same square {f.pos}")
        seen[f.pos] = f
    d = game.pending
    if d is not None and d.seat.startswith("hero:") and d.context.get("figure") in s.figures:
        f = s.figures[d.context["figure"]]
        if f.status != ALIVE:
            out.append(f"{f.id} is {f.status} but asked to act")
    return out


def check(game: Any) -> list[str]:
    """Every HeroQuest invariant."""
    return check_board(game) + check_hero_view(game)


# Random heroes would otherwise walk out by the stairway in the first rounds.
FUZZ_SHUN = ("leave", "die")


def fuzz_adventures() -> tuple[str, ...]:
    """The quests the fuzz runner plays in rotation."""
    from .models import QUESTS
    return QUESTS
