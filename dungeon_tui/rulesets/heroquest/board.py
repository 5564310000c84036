"""The HeroQuest board for one quest: areas and walls, doors, blocked squares, furniture,
the stairway; the two kinds of sight (§5.3) and what seeing reveals (§5.4)."""
from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from typing import Any

from ...engine.game import freeze_state, thaw_state
from ...engine.grid import Grid, Sq, edge
from .state import POS_OF, State

CORRIDOR = "corridor"
# Terrain letters on the grid: floor, stairway, furniture, blocked tile, rock.
FLOOR, STAIRS, FURNITURE, BLOCKED, ROCK = ".", "S", "F", "#", "R"


def door_edges(quest: Any) -> dict[str, tuple[Sq, Sq]]:
    """The quest's doors by id (the same dict each time: read it, never change it)."""
    return _edges(quest, "doors", "d")


def secret_edges(quest: Any) -> dict[str, tuple[Sq, Sq]]:
    return _edges(quest, "secret_doors", "s")


# (id of a quest, which doors) -> (the quest, its edges): rules ask for a quest's doors at every
# step; the quest is kept with them so its id cannot be taken by another.
_EDGES: dict[tuple[int, str], tuple[Any, dict[str, tuple[Sq, Sq]]]] = {}


def _edges(quest: Any, which: str, prefix: str) -> dict[str, tuple[Sq, Sq]]:
    kept = _EDGES.get((id(quest), which))
    if kept is None or kept[0] is not quest:
        if len(_EDGES) > 1000:  # content loaded again and again (tests): start afresh
            _EDGES.clear()
        kept = _EDGES[(id(quest), which)] = (quest, {f"{prefix}{i + 1}": edge(tuple(a), tuple(b))
                                                     for i, (a, b) in enumerate(getattr(quest, which))})
    return kept[1]


def doors_of(state: State, content: Any, hidden: bool = False) -> dict[str, tuple[Sq, Sq]]:
    """The quest's doors with the secret doors found so far (`hidden`: every secret door too).
    Read it, never change it: with no secret door in it, it is `door_edges` itself."""
    quest = content.quests[state.quest]
    if not state.secret_found and not hidden:  # the common case, asked at every step
        return door_edges(quest)
    return door_edges(quest) | {k: e for k, e in secret_edges(quest).items() if hidden or k in state.secret_found}


def closed_door_squares(state: State, content: Any) -> frozenset[Sq]:
    """The squares on either side of every closed door (secret doors found included), kept
    with the map while no door opens or is found: every hero's decision and every walk a
    companion plans asks whether he stands at one."""
    # The doors as they stood, kept as a copy and compared whole (no tuple of them made each ask).
    doors = state.doors
    kept = state.grid.memo.get("closed_door_squares")
    if kept is not None and kept[0] == doors and kept[1] == len(state.secret_found):
        found: frozenset[Sq] = kept[2]
        return found
    found = frozenset(sq for d, e in doors_of(state, content).items()
                      if doors.get(d, "closed") == "closed" for sq in e)
    state.grid.memo["closed_door_squares"] = (dict(doors), len(state.secret_found), found)
    return found


def area_letters(board: Any) -> dict[Sq, str]:
    return {(x, y): (CORRIDOR if ch == "." else ch) for y, row in enumerate(board.rows) for x, ch in enumerate(row)}


def rock_rooms(board: Any, quest: Any) -> list[str]:
    """Rooms with no door and no secret door in this quest are solid rock."""
    areas = area_letters(board)
    used = {areas[sq] for e in list(quest.doors) + list(quest.secret_doors) for sq in map(tuple, e)}
    return sorted({a for a in areas.values() if a != CORRIDOR} - used)


def furniture_squares(piece: Any, content: Any) -> list[Sq]:
    w, h = piece.size or content.furniture[piece.kind].size
    return [(piece.at[0] + dx, piece.at[1] + dy) for dy in range(h) for dx in range(w)]


def stairway(quest: Any) -> list[Sq]:
    x, y = quest.stairway
    return [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]


def build_grid(state: State, content: Any) -> Grid:
    """The grid as the state says now: open doors, found secret doors, blocks laid since."""
    quest = content.quests[state.quest]
    grid = Grid(region_walls=True, impassable=frozenset({FURNITURE, BLOCKED, ROCK}),
                opaque=frozenset({BLOCKED, ROCK}), move_doors=frozenset({"open"}),
                sight_doors=frozenset({"open"}), diagonal_moves=False, corner="either")
    rock = set(content.rock[state.quest])
    stairs = set(stairway(quest))
    furn = {sq for p in quest.furniture for sq in furniture_squares(p, content)}
    blocked = set(map(tuple, state.blocked))
    for sq, area in content.areas.items():
        t = ROCK if area in rock else BLOCKED if sq in blocked else FURNITURE if sq in furn else \
            STAIRS if sq in stairs else FLOOR
        grid.add_square(sq, t, area)
    for did, e in doors_of(state, content).items():
        grid.set_door(*e, state=state.doors.get(did, "closed"))
    return grid


def lay_block(state: State, sq: Sq) -> None:
    """A block laid on `sq` (already in `state.blocked`): the map as `build_grid` would now make
    it, changed where it stands rather than made again (the whole map's sight bits cost more
    than a dozen hero steps)."""
    if state.grid.terrain.get(sq) not in (None, ROCK):
        state.grid.set_terrain(sq, BLOCKED)


def starting_grid(state: State, content: Any) -> Grid:
    """`build_grid` for a quest as it starts, made once a process: its sight bits, worked out
    from every square of the board, cost more than a short replay's every hero step.  Each
    game gets its own copy (frozen and thawed, as a keyframe keeps it: the bits go along, the caches
    start empty); the key is everything `build_grid` reads of the state."""
    key = (id(content), state.quest, tuple(map(tuple, state.blocked)), tuple(sorted(state.doors.items())),
           tuple(state.secret_found))
    kept = _STARTING_GRIDS.get(key)
    if kept is None or kept[0] is not content:
        grid = build_grid(state, content)
        start = next(iter(grid.terrain), None)
        if start is not None:
            grid.in_sight(start, ())  # makes the sight bits the first look would make
        if len(_STARTING_GRIDS) > 100:
            _STARTING_GRIDS.clear()
        kept = _STARTING_GRIDS[key] = (content, freeze_state(grid))
    grid = thaw_state(kept[1])
    assert isinstance(grid, Grid)
    return grid


# (id of the content, the quest, blocks, doors, secret doors found) -> (the content, the grid pickled)
_STARTING_GRIDS: dict[tuple[Any, ...], tuple[Any, bytes]] = {}


def area_of(state: State, sq: Sq) -> str:
    return state.grid.region.get(sq, CORRIDOR)


def terrain_sight(state: State, a: Sq, b: Sq) -> bool:
    return state.grid.line_of_sight(a, b)


def targeting_sight(state: State, a: Sq, b: Sq, standing: set[Sq] | None = None) -> bool:
    """Sight that figures between block; `standing` (from `standing_squares`) when the caller
    looks along many lines with nobody moving."""
    if standing is not None:
        return state.grid.line_of_sight(a, b, blocker=standing.__contains__)
    found: list[set[Sq]] = []

    def blocker(sq: Sq) -> bool:  # asked only when the walls leave the line clear
        if not found:
            found.append(standing_squares(state))
        return sq in found[0]
    return state.grid.line_of_sight(a, b, blocker=blocker)


def standing_squares(state: State) -> set[Sq]:
    """The squares `State.at` finds a figure on."""
    # `pos` read in C (`squares_held`'s way), not a set comprehension made and called each ask.
    return set(map(POS_OF, state.standing()))


def reveal_from(state: State, content: Any, sq: Sq) -> list[str]:
    """Reveal every room with a square in terrain sight, and each seen corridor square; place
    the monsters found there.  Returns what was newly revealed (room letters, 'corridor')."""
    return reveal_placing(state, content, sq)[0]


def reveal_placing(state: State, content: Any, sq: Sq) -> tuple[list[str], list[str]]:
    """`reveal_from`, and the ids of the monsters it placed (none when nothing new is seen)."""
    memo = state.grid.memo
    # A look kept for this square (`seen_from`, kept with the map as it stands) was made here,
    # and everything it saw revealed at once: with the map unchanged and what is revealed only
    # growing, a look from here again finds nothing new.  So also when all this square could
    # ever see is revealed (`all_seen`).
    if ("seen_from", sq) in memo or ("all_seen", sq) in memo or all_seen(state, content, sq):
        return [], []
    new, fresh = seen_from(state, content, sq)
    new = list(new)
    state.revealed_rooms.extend(new)
    if fresh:
        state.revealed_corridor.extend(fresh)
        new.append(CORRIDOR)
    return new, place_revealed(state) if new else []


def all_seen(state: State, content: Any, sq: Sq) -> bool:
    """Whether everything `sq` could ever see (`could_see`: every door open) is revealed
    already: then a look from there reveals nothing, whichever doors stand open, and the
    look's lines of sight need not be drawn (after a door opens, most steps are such).  Once
    so, so for the rest of the game (what is revealed only grows): kept with the map."""
    memo = state.grid.memo
    if ("all_seen", sq) in memo:
        return True
    kept = _could_see_kept(content, state.quest, sq)
    # As sets, compared whole (asked again after every door, once its memo is gone).
    if not kept[2].issubset(state.revealed_rooms) or not kept[3].issubset(seen_corridor(state)):
        return False
    memo[("all_seen", sq)] = True
    return True


def seen_from(state: State, content: Any, sq: Sq) -> tuple[list[str], list[Sq]]:
    """What a look from `sq` reveals: the rooms not revealed yet (in the quest's order) with a
    square in terrain sight, and the corridor squares in sight not revealed yet.  What is
    revealed already is not looked at (its lines of sight were most of a look's cost).  The
    look is marked with the map (`reveal_placing`: a look from there again finds nothing new
    until the map changes)."""
    in_sight = state.grid.in_sight
    rooms_in_view, corridor_in_view = could_see(content, state.quest, sq)
    # Sight only crosses walls at open doors: only areas joined to his by open doors can be seen.
    near = joined_areas(state, content, area_of(state, sq))
    revealed_rooms = set(state.revealed_rooms)
    rooms = [room for room, squares in rooms_in_view
             if room in near and room not in revealed_rooms and in_sight(sq, squares)]
    if CORRIDOR in near:
        seen = seen_corridor(state)
        corridor = in_sight(sq, [t for t in corridor_in_view if t not in seen])
    else:
        corridor = []
    found = state.grid.memo[("seen_from", sq)] = (rooms, corridor)
    return found


def could_see(content: Any, quest: str, sq: Sq) -> tuple[list[tuple[str, list[Sq]]], list[Sq]]:
    """What `sq` sees with every door of the quest open (secret ones too) and no block laid: the
    rooms, each with its squares in sight, and the corridor squares in sight.  Opening doors
    and laying blocks never lets sight further than that, so a look from `sq` need test only
    these.  Made once per quest and square in a process (games replayed and simulated share it)."""
    return _could_see_kept(content, quest, sq)[1]


def _could_see_kept(content: Any, quest: str, sq: Sq) -> _CouldSee:
    """`could_see` as kept: the content, the answer, and its rooms and corridor squares as sets."""
    key = (id(content), quest, sq)
    kept = _COULD_SEE.get(key)
    if kept is not None and kept[0] is content:
        return kept
    rooms, corridor = _open_board(content, quest).could_see(sq)
    if len(_COULD_SEE) > 20_000:  # many quests' squares in one process: start afresh
        _COULD_SEE.clear()
    kept = _COULD_SEE[key] = (content, (rooms, corridor), frozenset(room for room, _ in rooms), frozenset(corridor))
    return kept


_CouldSee = tuple[Any, tuple[list[tuple[str, list[Sq]]], list[Sq]], frozenset[str], frozenset[Sq]]
_COULD_SEE: dict[tuple[int, str, Sq], _CouldSee] = {}

# Whether one square of the open board sees another, as `_OpenBoard.sees` keeps it, and a
# table that turns a row of them into 1 where not looked yet, 0 elsewhere (`bytearray.translate`).
_UNSEEN, _SEEN, _NOT_LOOKED = 0, 1, 2
_IS_NOT_LOOKED = bytes(int(known == _NOT_LOOKED) for known in range(256))


class _OpenBoard:
    """A quest's board with every door open, secret ones too, and no block laid, and what each
    square of its rooms (solid rock left out) and corridor sees there, worked out a square at a
    time as heroes come to stand on them.  Sight on a map is the same from either end
    (`Grid.line_of_sight`: the line from b to a crosses the squares and corners the line from a
    to b crosses, each tested alike), so a square's look also tells every square it looked at
    whether that one sees it: a square looked from later draws its lines only to the squares no
    look has reached yet (most of them, by the time a quest has been played once)."""

    __slots__ = ("corridor_from", "grid", "number", "rooms", "sees", "squares")

    def __init__(self, content: Any, quest: str) -> None:
        q = content.quests[quest]
        ghost = State(quest=quest, party=[], seat_of={}, secret_found=list(secret_edges(q)),
                      doors=dict.fromkeys([*door_edges(q), *secret_edges(q)], "open"))
        self.grid = build_grid(ghost, content)
        rock = content.rock[quest]
        # Every room's squares (in the content's order, each room's as listed), then the corridor's.
        self.squares: list[Sq] = []
        self.rooms: list[tuple[str, int, int]] = []  # a room and where its squares start and end
        for room, squares in content.room_squares.items():
            if room not in rock:
                self.rooms.append((room, len(self.squares), len(self.squares) + len(squares)))
                self.squares += squares
        self.corridor_from = len(self.squares)
        self.squares += content.corridor_squares
        self.number = {sq: i for i, sq in enumerate(self.squares)}  # each square in one area only
        # sees[i][j]: whether square i sees square j, or _NOT_LOOKED while neither has looked
        # (a byte each: a Crypt board's 306 squares come to under 100 KB).
        self.sees = [bytearray([_NOT_LOOKED]) * len(self.squares) for _ in self.squares]

    def could_see(self, sq: Sq) -> tuple[list[tuple[str, list[Sq]]], list[Sq]]:
        """`could_see`'s answer for `sq`, each list in the content's order."""
        squares, start = self.squares, self.corridor_from
        i = self.number.get(sq)
        if i is None:  # not a square of the rooms or corridor (solid rock): every line drawn
            in_sight = self.grid.in_sight
            return ([(room, seen) for room, a, b in self.rooms if (seen := in_sight(sq, squares[a:b]))],
                    in_sight(sq, squares[start:]))
        row = self.sees[i]
        if _NOT_LOOKED in row:
            self._look(i, row)
        return ([(room, seen) for room, a, b in self.rooms if (seen := list(compress(squares[a:b], row[a:b])))],
                list(compress(squares[start:], row[start:])))

    def _look(self, i: int, row: bytearray) -> None:
        """Fills square i's row: the lines to the squares no look has reached yet drawn, and
        each answer set down for both ends."""
        squares, sees = self.squares, self.sees
        ask = row.translate(_IS_NOT_LOOKED)  # the squares to draw lines to, picked out in C
        targets = list(compress(squares, ask))
        seen = set(self.grid.in_sight(squares[i], targets))
        for j, target in zip(compress(range(len(row)), ask), targets, strict=True):
            sees[j][i] = row[j] = _SEEN if target in seen else _UNSEEN


_OPEN_BOARDS: dict[tuple[int, str], tuple[Any, _OpenBoard]] = {}


def _open_board(content: Any, quest: str) -> _OpenBoard:
    """The quest's `_OpenBoard`, made once a process."""
    kept = _OPEN_BOARDS.get((id(content), quest))
    if kept is None or kept[0] is not content:
        if len(_OPEN_BOARDS) > 100:  # many quests' packs in one process: start afresh
            _OPEN_BOARDS.clear()
        kept = _OPEN_BOARDS[(id(content), quest)] = (content, _OpenBoard(content, quest))
    return kept[1]


def joined_areas(state: State, content: Any, start: str) -> set[str]:
    """The areas reachable from `start` through open doors (found secret doors included).  Kept
    with the map by the doors as they stand: a hero's every look from a new square asks."""
    key = ("joined_areas", start, len(state.secret_found), tuple(state.doors.items()))
    kept: set[str] | None = state.grid.memo.get(key)
    if kept is not None:
        return set(kept)
    links: dict[str, set[str]] = {}
    for did, (a, b) in doors_of(state, content).items():
        if state.doors.get(did) == "open":
            x, y = content.areas[a], content.areas[b]
            links.setdefault(x, set()).add(y)
            links.setdefault(y, set()).add(x)
    out, todo = {start}, [start]
    while todo:
        for nxt in links.get(todo.pop(), ()):
            if nxt not in out:
                out.add(nxt)
                todo.append(nxt)
    state.grid.memo[key] = out
    return set(out)


def reveal_area(state: State, content: Any, sq: Sq) -> list[str]:
    """Reveal the one area a square belongs to (a room whole, or that corridor square): for
    steps through rock, and for all-revealing quest events."""
    area = state.grid.region.get(sq)
    if area is None or revealed(state, sq):
        return []
    if area == CORRIDOR:
        state.revealed_corridor.append(sq)
    else:
        state.revealed_rooms.append(area)
    place_revealed(state)
    return [area]


def revealed(state: State, sq: Sq) -> bool:
    return revealed_test(state)(sq)


def seen_corridor(state: State) -> set[Sq]:
    """The revealed corridor squares as a set (never to be changed by the caller), kept with
    the map and brought up to date as more is seen: every step asks, and the list only grows."""
    seen = state.revealed_corridor
    kept: tuple[int, set[Sq]] | None = state.grid.memo.get("seen_corridor")
    if kept is None or kept[0] > len(seen):
        kept = (0, set())
    if kept[0] < len(seen):
        # map(tuple): a keyframe's may be lists
        kept[1].update(map(tuple, seen[kept[0]:]))  # type: ignore[arg-type]
        kept = (len(seen), kept[1])
    state.grid.memo["seen_corridor"] = kept
    return kept[1]


def revealed_test(state: State) -> Callable[[Sq], bool]:
    """`revealed` for many squares with nothing revealed between (what has been seen gathered
    once, not for each square)."""
    region = state.grid.region.get
    corridor = seen_corridor(state)
    rooms = set(state.revealed_rooms)

    def test(sq: Sq) -> bool:
        area = region(sq)
        if area is None:
            return False
        return sq in corridor if area == CORRIDOR else area in rooms
    return test


def place_revealed(state: State) -> list[str]:
    placed: list[str] = []
    waiting = state.unplaced()  # not every figure looked at: most are placed, or heroes
    if not waiting:
        return placed
    seen = revealed_test(state)
    for f in waiting:
        if seen(f.pos):  # type: ignore[arg-type]  # each has a square (`State.unplaced`)
            f.placed = True
            placed.append(f.id)
    return placed
