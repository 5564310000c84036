"""What to do on a real board after the app has played: short instructions ("Place Orc 4 on
7,17, next to the Elf"), read from the events a game emits.

A game's presenter says which of its event kinds change the board and how (`table_kinds`:
place, move, remove, or note for anything else worth saying, such as a door or a new tile);
the rest is read from the fields events share across games: the figure under `figure`,
`model` or `target`, where it went under `to` or `at`, where from under `frm`, and the names
of figures a reveal brought in under `appeared`.  Moves of one figure in a row are one step.
Words only: nothing here decides a rule."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .game import Event, Game

Sq = tuple[int, int]
NEAR = 3  # a hero farther than this is no help in finding a square


def table_steps(game: Game, events: Iterable[Event], kinds: dict[str, str], article: str = "",
                skip: frozenset[str] = frozenset(), before: dict[str, Sq | None] | None = None) -> list[str]:
    """The instructions for these events, in order; `article` goes before a hero's name where the
    game says "the Elf" rather than "Vistra"; moves of the figures in `skip` (the players' own,
    which they moved themselves) are left out.  `before`: where every figure stood before these
    events (`positions`), so moves no event tells of (a hero's steps, made one decision each)
    are told too, after the rest."""
    events = list(events)
    steps: list[str] = []
    # Where a figure a reveal brought in stood before it moved in these same events (the state
    # shows only where it is now).
    started: dict[str, Sq] = {}
    for event in events:
        frm = sq(event.data.get("frm"))
        if kinds.get(event.kind) == "move" and frm is not None and isinstance(event.data.get("figure"), str):
            started.setdefault(name_of(game, event.data["figure"]), frm)
    moving: tuple[str, Sq | None, Sq, int] | None = None  # figure, first square, last square, moves

    def close_move() -> None:
        nonlocal moving
        if moving is not None:
            fid, frm, to, count = moving
            came = f" from {square(frm)}" if frm is not None and frm != to else ""
            steps.append(f"Move {name_of(game, fid)}{came} to {square(to)}{near(game, to, fid, article)}"
                         + (f" ({count} steps)" if count > 1 and frm is None else "") + ".")
            moving = None

    for event in events:
        verb = kinds.get(event.kind)
        if verb is None:
            continue
        data = event.data
        fid = next((str(data[k]) for k in ("figure", "model", "target") if isinstance(data.get(k), str)), None)
        to = sq(data.get("to")) or sq(data.get("at"))
        if verb == "move" and fid in skip:
            continue
        if verb == "move" and fid is not None and to is not None:
            if moving is not None and moving[0] == fid:
                moving = (fid, moving[1], to, moving[3] + 1)
            else:
                close_move()
                moving = (fid, sq(data.get("frm")), to, 1)
            continue
        close_move()
        if verb == "place" and isinstance(data.get("appeared"), list):
            for n in map(str, data["appeared"]):
                at = started.get(n) or where_named(game, n)
                steps.append(f"Place {n} on {square(at)}{near(game, at, None, article)}." if at else f"Place {n}.")
        elif verb == "place" and fid is not None and to is not None:
            steps.append(f"Place {name_of(game, fid)} on {square(to)}{near(game, to, fid, article)}.")
        elif verb == "remove" and fid is not None:
            steps.append(f"Remove {name_of(game, fid)} from the board.")
        elif event.text.strip():
            steps.append(event.text.strip())
    close_move()
    if before is not None:
        told = {str(e.data.get(k)) for e in events if kinds.get(e.kind, "note") != "note"
                for k in ("figure", "model", "target")}
        for fid, now in positions(game).items():
            was = before.get(fid)
            if now == was or fid in told or fid in skip:
                continue
            if was is None:
                steps.append(f"Place {name_of(game, fid)} on {square(now)}{near(game, now, fid, article)}.")
            elif now is None:
                steps.append(f"Remove {name_of(game, fid)} from the board.")
            else:
                steps.append(f"Move {name_of(game, fid)} from {square(was)} to {square(now)}"
                             f"{near(game, now, fid, article)}.")
    return steps


def positions(game: Game) -> dict[str, Sq | None]:
    """Where every figure stands now (None: off the board), for `table_steps(before=...)`."""
    return {fid: sq(getattr(f, "pos", None)) for fid, f in pieces(game).items()}


def sq(value: Any) -> Sq | None:
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return (value[0], value[1])
    return None


def square(at: Sq | None) -> str:
    return "?" if at is None else f"{at[0]},{at[1]}"


def pieces(game: Game) -> dict[str, Any]:
    """The game's figures by id, whatever the game calls them."""
    for field in ("figures", "models"):
        found = getattr(game.state, field, None)
        if isinstance(found, dict):
            return found
    return {}


def name_of(game: Game, fid: str) -> str:
    return str(getattr(pieces(game).get(fid), "name", None) or fid)


def where_named(game: Game, name: str) -> Sq | None:
    return next((sq(getattr(f, "pos", None)) for f in pieces(game).values() if getattr(f, "name", None) == name), None)


def near(game: Game, at: Sq | None, fid: str | None, article: str) -> str:
    """', next to the Elf' or ', 3 squares from the Elf': the nearest hero as a landmark."""
    if at is None:
        return ""
    figures = pieces(game)
    best: tuple[int, str] | None = None
    for hid in getattr(game.state, "party", []) or []:
        hero = figures.get(hid)
        pos = sq(getattr(hero, "pos", None))
        if hero is None or pos is None or hid == fid:
            continue
        d = max(abs(pos[0] - at[0]), abs(pos[1] - at[1]))
        if best is None or d < best[0]:
            best = (d, str(getattr(hero, "name", hid)))
    if best is None or not 1 <= best[0] <= NEAR:
        return ""
    who = f"{article}{best[1]}"
    return f", next to {who}" if best[0] == 1 else f", {best[0]} squares from {who}"
