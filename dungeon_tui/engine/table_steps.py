"""What to do on a real board after the app has played: short instructions ("Place Orc 4 on
7,17, next to the Elf"), read from the events a game emits and the figures a view shows.

A game's presenter says which of its event kinds change the board and how (`table_kinds`:
place, move, remove, or note for anything else worth saying, such as a door or a new tile);
the rest is read from the fields events share across games: the figure under `figure`,
`model` or `target`, where it went under `to` or `at`, where from under `frm`, and the names
of figures a reveal brought in under `appeared`.  Moves of one figure in a row are one step.
Figures are as the presenter's `figures()` gives them (id -> name and square), so nothing a
view hides is told; comparing them with where they stood before tells the moves no event
names (a hero's steps, one decision each) and figures that came into view.  Compared decision
by decision (`table_story`), those moves take their place among the events.  Words only:
nothing here decides a rule."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .game import Event

Sq = tuple[int, int]
Figures = dict[str, tuple[str, Sq | None]]  # id -> (name, square or None off the board)
NEAR = 3  # a hero farther than this is no help in finding a square


Chunk = tuple[Sequence[Event], Figures]  # the events of one decision, and the figures after them


def table_steps(events: Iterable[Event], kinds: dict[str, str], figures: Figures, heroes: Sequence[str] = (),
                article: str = "", skip: frozenset[str] = frozenset(), before: Figures | None = None) -> list[str]:
    """The instructions for these events, in order, then those the figures' squares tell.
    `heroes`: the ids used as landmarks; `article` goes before a hero's name where the game says
    "the Elf" rather than "Vistra"; the figures in `skip` (the players' own, which they moved
    themselves) are left out; `before`: the figures before these events."""
    return table_story([(list(events), figures)], kinds, heroes, article, skip, before)


def table_story(chunks: Sequence[Chunk], kinds: dict[str, str], heroes: Sequence[str] = (), article: str = "",
                skip: frozenset[str] = frozenset(), before: Figures | None = None) -> list[str]:
    """The instructions for a run of decisions, in the order things happened: each chunk's
    events, then the moves its figures tell (compared with the chunk before), so an AI hero's
    steps come before the monster that moved after them.  Moves of one figure in a row, across
    chunks too, are one step."""
    steps: list[str] = []
    names: dict[str, str] = {fid: fname for fid, (fname, _at) in (before or {}).items()}
    for _events, after in chunks:
        names.update((fid, fname) for fid, (fname, _at) in after.items())
    figures: Figures = {}  # where the figures stand after the chunk being told (the landmarks)

    def name(fid: str) -> str:
        return names.get(fid, fid)

    def near(at: Sq | None, fid: str | None, landmarks: Figures | None = None) -> str:
        """', next to the Elf' or ', 3 squares from the Elf': the nearest hero as a landmark
        (where the heroes stand after this chunk, or as `landmarks` says)."""
        best: tuple[int, str] | None = None
        for hid in heroes:
            hname, pos = (figures if landmarks is None else landmarks).get(hid, (hid, None))
            if pos is None or at is None or hid == fid:
                continue
            d = max(abs(pos[0] - at[0]), abs(pos[1] - at[1]))
            if best is None or d < best[0]:
                best = (d, hname)
        if best is None or not 1 <= best[0] <= NEAR:
            return ""
        who = f"{article}{best[1]}"
        return f", next to {who}" if best[0] == 1 else f", {best[0]} squares from {who}"

    # figure, first square, last square, moves, and the figures when it stopped (its landmarks)
    moving: tuple[str, Sq | None, Sq, int, Figures] | None = None

    def close_move() -> None:
        nonlocal moving
        if moving is not None and moving[1] == moving[2]:  # back where it started: nothing to do
            moving = None
        if moving is not None:
            fid, frm, to, count, landmarks = moving
            came = f" from {square(frm)}" if frm is not None and frm != to else ""
            steps.append(f"Move {name(fid)}{came} to {square(to)}{near(to, fid, landmarks)}"
                         + (f" ({count} steps)" if count > 1 and frm is None else "") + ".")
            moving = None

    def moved(fid: str, frm: Sq | None, to: Sq) -> None:
        nonlocal moving
        if moving is not None and moving[0] == fid:
            moving = (fid, moving[1], to, moving[3] + 1, figures)
        else:
            close_move()
            moving = (fid, frm, to, 1, figures)

    was_before = before
    for events, figures in chunks:
        # Where a figure a reveal brought in stood before it moved in these same events.
        started: dict[str, Sq] = {}
        for event in events:
            frm = sq(event.data.get("frm"))
            if kinds.get(event.kind) == "move" and frm is not None and isinstance(event.data.get("figure"), str):
                started.setdefault(name(event.data["figure"]), frm)
        by_name = dict(figures.values())
        standing = {fid: at for fid, (_n, at) in (was_before or {}).items() if at is not None}
        told: set[str] = set()
        for event in events:
            verb = kinds.get(event.kind)
            if verb is None:
                continue
            data = event.data
            fid = figure_of(data)
            if verb != "note" and fid is not None:
                told.add(fid)
            to = sq(data.get("to")) or sq(data.get("at"))
            if verb == "move" and fid in skip:
                continue
            if verb == "move" and fid is not None and to is not None:
                # Where it stood, when the event does not say: the square it was last seen on
                # (so three Legion Devils moving read apart: "from -3,1", "from -3,0").
                moved(fid, sq(data.get("frm")) or standing.get(fid), to)
                standing[fid] = to
                continue
            close_move()
            if verb == "place" and isinstance(data.get("appeared"), list):
                for n in map(str, data["appeared"]):
                    at = started.get(n) or by_name.get(n)
                    told.update(f for f, (fname, _pos) in figures.items() if fname == n)
                    steps.append(f"Place {n} on {square(at)}{near(at, None)}." if at else f"Place {n}.")
            elif verb == "place" and fid is not None and to is not None:
                steps.append(f"Place {name(fid)} on {square(to)}{near(to, fid)}.")
            elif verb == "remove" and fid is not None:
                steps.append(f"Remove {name(fid)} from the board.")
            elif event.text.strip():
                steps.append(event.text.strip())
        if was_before is not None:
            for fid, (fname, now) in figures.items():
                was = was_before.get(fid, (fname, None))[1]
                if now == was or fid in told or fid in skip:
                    continue
                if was is not None and now is not None:
                    moved(fid, was, now)
                    continue
                close_move()
                steps.append(f"Place {fname} on {square(now)}{near(now, fid)}." if was is None
                             else f"Remove {fname} from the board.")
            gone = [fname for fid, (fname, was) in was_before.items()
                    if was is not None and fid not in figures and fid not in told]
            if gone:
                close_move()
                steps += [f"Remove {fname} from the board." for fname in gone]
        was_before = figures
    close_move()
    return steps


def figure_of(data: dict[str, Any]) -> str | None:
    return next((str(data[k]) for k in ("figure", "model", "target") if isinstance(data.get(k), str)), None)


def sq(value: Any) -> Sq | None:
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return (value[0], value[1])
    return None


def square(at: Sq | None) -> str:
    return "?" if at is None else f"{at[0]},{at[1]}"
