"""Loader checks for one quest file (spec §2.11): every position on the board and in the right
area, nothing stacked, doors between two areas with free squares, names that exist in the
other content files, and every monster reachable from the stairway.

Each problem is one line, `<file>: <yaml path>: <problem>`, the path naming pieces by id
(`monsters.m3.at`) and lists by index (`doors.2`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.grid import Grid, Sq, edge
from . import board
from .models import parse_do


@dataclass(frozen=True)
class Names:
    """What a quest may refer to in the other content files."""
    monsters: set[str]
    furniture: dict[str, Any]  # kind -> its footprint model (board.furniture_squares reads it)
    dread_spells: set[str]
    artifacts: set[str]
    scripts: set[str]
    escorts: set[str]


def show(sq: Sq) -> str:
    return f"[{sq[0]},{sq[1]}]"


def check_quest(q: Any, here: str, board_file: Any, names: Names) -> list[str]:
    areas = board.area_letters(board_file)
    rooms = {a for a in areas.values() if a != board.CORRIDOR}
    rock = set(board.rock_rooms(board_file, q))
    problems: list[str] = []

    def bad(path: str, problem: str) -> None:
        problems.append(f"{here}: {path}: {problem}")

    def first(path: str, *cases: tuple[bool, str]) -> bool:
        """Report the first (condition, problem) that holds; True when none does."""
        for failed, problem in cases:
            if failed:
                bad(path, problem)
                return False
        return True

    def room_ok(path: str, room: str) -> bool:
        return first(path, (room not in rooms, f"{room!r} is not a room of the board"),
                     (room in rock, f"room {room} has no door in this quest (solid rock)"))

    # -- what stands where: furniture first, then the pieces that must not share a square --
    furn: dict[Sq, str] = {}
    for p in q.furniture:
        path = f"furniture.{p.id}"
        if p.kind not in names.furniture:
            bad(f"{path}.kind", f"unknown furniture {p.kind!r}")
            continue
        if not first(f"{path}.room", (p.room not in rooms, f"{p.room!r} is not a room of the board")):
            continue
        for sq in board.furniture_squares(p, names):
            if first(path, (areas.get(sq) != p.room, f"square {show(sq)} is not in room {p.room}"),
                     (sq in furn, f"square {show(sq)} is already taken by furniture {furn.get(sq)}")):
                furn[sq] = p.id
    blocked = {tuple(b) for b in q.blocked}

    def standing(path: str, sq: Sq) -> bool:
        """A square a figure or trap may be on: on the board, not rock, blocked or furniture."""
        return first(path, (sq not in areas, f"{show(sq)} is off the board"),
                     (areas.get(sq) in rock, f"{show(sq)} is in room {areas.get(sq)}, which has no door (solid rock)"),
                     (sq in blocked, f"{show(sq)} is a blocked square"),
                     (sq in furn, f"{show(sq)} is under furniture {furn.get(sq)}"))

    taken: dict[Sq, str] = {}

    def take(path: str, sq: Sq, what: str) -> None:
        if sq in taken:
            bad(path, f"{show(sq)} is already taken by {taken[sq]}")
        else:
            taken[sq] = what

    stairs = board.stairway(q)
    stairs_ok = all(sq in areas for sq in stairs)
    if stairs_ok:
        if len({areas[sq] for sq in stairs}) > 1:
            bad("stairway", f"its squares {', '.join(map(show, stairs))} are not all in one area")
            stairs_ok = False
        for sq in stairs:
            if standing("stairway", sq):
                take("stairway", sq, "the stairway")
            else:
                stairs_ok = False
    else:
        bad("stairway", f"{show(tuple(q.stairway))} and the 3 squares right and below must be on the board")
    for i, b in enumerate(q.blocked):
        sq = tuple(b)
        if first(f"blocked.{i}", (sq not in areas, f"{show(sq)} is off the board"),
                 (areas.get(sq, board.CORRIDOR) != board.CORRIDOR,
                  f"{show(sq)} is in room {areas.get(sq)}; blocked squares go in the corridor")):
            take(f"blocked.{i}", sq, f"blocked.{i}")
    for t in q.traps:
        if standing(f"traps.{t.id}.at", tuple(t.at)):
            take(f"traps.{t.id}.at", tuple(t.at), f"trap {t.id}")
    placed: list[tuple[str, Sq]] = []  # pieces on valid squares, for the reachability check
    for m in q.monsters:
        path = f"monsters.{m.id}"
        if m.kind not in names.monsters:
            bad(f"{path}.kind", f"unknown monster {m.kind!r}")
        if standing(f"{path}.at", tuple(m.at)):
            take(f"{path}.at", tuple(m.at), f"monster {m.id}")
            placed.append((f"{path}.at", tuple(m.at)))
        if m.guard is not None:
            standing(f"{path}.guard", tuple(m.guard))
        if m.script not in names.scripts:
            bad(f"{path}.script", f"unknown tactics script {m.script!r}")
        for i, spell in enumerate(m.spells):
            if spell not in names.dread_spells:
                bad(f"{path}.spells.{i}", f"unknown dread spell {spell!r}")
    if q.escort is not None:
        if q.escort["id"] not in names.escorts:
            bad("escort.id", f"unknown escort {q.escort['id']!r}")
        if standing("escort.at", tuple(q.escort["at"])):
            take("escort.at", tuple(q.escort["at"]), f"escort {q.escort['id']}")
            placed.append(("escort.at", tuple(q.escort["at"])))
    if q.escape_square is not None:
        standing("escape_square", tuple(q.escape_square))

    # -- doors --
    seen_edges: dict[Any, str] = {}
    for kind, edges in (("doors", q.doors), ("secret_doors", q.secret_doors)):
        for i, (a, b) in enumerate(edges):
            a, b, path = tuple(a), tuple(b), f"{kind}.{i}"
            if a not in areas or b not in areas or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                bad(path, f"{show(a)}-{show(b)} is not an edge between two squares of the board")
                continue
            if areas[a] == areas[b]:
                bad(path, f"{show(a)}-{show(b)} joins two squares of the same area")
            if edge(a, b) in seen_edges:
                bad(path, f"{show(a)}-{show(b)} is already {seen_edges[edge(a, b)]}")
            seen_edges.setdefault(edge(a, b), path)
            for sq in (a, b):
                if sq in furn:
                    bad(path, f"door square {show(sq)} is under furniture {furn[sq]}")
                elif sq in blocked:
                    bad(path, f"door square {show(sq)} is a blocked square")

    # -- rooms named by treasure and searching --
    items = {it.item for t in q.treasure for it in t.items if it.item}
    by_id = {p.id: p for p in q.furniture}
    special: dict[str, int] = {}
    for i, t in enumerate(q.treasure):
        path = f"treasure.{i}"
        if room_ok(f"{path}.room", t.room):
            if t.room in special:
                bad(f"{path}.room", f"room {t.room} already has its special treasure in treasure.{special[t.room]}")
            special.setdefault(t.room, i)
        if t.furniture is not None:
            if t.furniture not in by_id:
                bad(f"{path}.furniture", f"no furniture {t.furniture!r} in this quest")
            elif by_id[t.furniture].room != t.room:
                bad(f"{path}.furniture", f"{t.furniture} is in room {by_id[t.furniture].room}, not {t.room}")
        for j, it in enumerate(t.items):
            if it.artifact is not None and it.artifact not in names.artifacts:
                bad(f"{path}.items.{j}.artifact", f"unknown artifact {it.artifact!r}")
    for i, room in enumerate(q.no_search_rooms):
        room_ok(f"no_search_rooms.{i}", room)

    # -- names: wandering monster, objective, failure, events --
    if q.wandering_monster not in names.monsters:
        bad("wandering_monster", f"unknown monster {q.wandering_monster!r}")
    escort = q.escort["id"] if q.escort is not None else None
    monster_ids = {m.id for m in q.monsters}
    obj = q.objective
    if obj.kind == "kill" and obj.target not in monster_ids:
        bad("objective.target", f"no monster {obj.target!r} in this quest")
    if obj.kind == "escort" and obj.figure != escort:
        bad("objective.figure", f"{obj.figure!r} is not this quest's escort")
    if obj.kind == "carry" and obj.item not in items:
        bad("objective.item", f"no item {obj.item!r} in this quest's treasure")
    if q.fail_if is not None and q.fail_if["dead"] not in monster_ids | {escort}:
        bad("fail_if.dead", f"{q.fail_if['dead']!r} is neither this quest's escort nor one of its monsters")
    for i, ev in enumerate(q.events):
        kind, arg = ev.trigger
        if kind == "door_opened" and edge(*arg) not in {edge(tuple(a), tuple(b)) for a, b in q.doors}:
            bad(f"events.{i}.when", f"{show(arg[0])}-{show(arg[1])} is not one of this quest's doors")
        if kind == "item_taken" and arg not in items:
            bad(f"events.{i}.when", f"no item {arg!r} in this quest's treasure")
        for j, text in enumerate(ev.do):
            if parse_do(text)[0] == "place_escort" and escort is None:
                bad(f"events.{i}.do.{j}", "this quest has no escort")

    # -- every monster (and the escort) can be reached from the stairway: orthogonal steps,
    # through doors and secret doors (closed ones too), never through walls or furniture --
    if not stairs_ok:
        return problems
    grid = Grid(region_walls=True, impassable=frozenset({board.FURNITURE, board.BLOCKED, board.ROCK}),
                move_doors=frozenset({"closed"}), diagonal_moves=False)
    for sq, area in areas.items():
        grid.add_square(sq, board.ROCK if area in rock else board.BLOCKED if sq in blocked
                        else board.FURNITURE if sq in furn else board.FLOOR, area)
    for a, b in list(q.doors) + list(q.secret_doors):
        grid.set_door(tuple(a), tuple(b), state="closed")
    reach = grid.distances(stairs[0])
    for path, sq in placed:
        if sq not in reach:
            bad(path, f"{show(sq)} cannot be reached from the stairway")
    return problems
