"""The party's leader finding the way on (a word of the hero scripts): the seen corridor's
edge, the known doors and the unseen rooms behind them, and the hidden ways looked for when
nothing is left to open."""
from __future__ import annotations

from collections.abc import Callable

from ....engine.grid import DIRS4, Grid, Sq
from ....engine.words import counted, listing
from .. import board
from . import caution, trapwork
from .companions import flee, known_doors
from .primitives import Plan, advance_to, beside, choose_target, head_for, registry


@registry.action
def explore(p: Plan) -> str:
    """Look down the seen corridors near the known doors first, then open the door to the
    largest unseen room (a smaller one where no way leads to the largest); else look for secret
    doors."""
    s = p.s
    seen = board.revealed_test(s)
    closed = known_doors(p)
    best = max((size for _, _, size in closed), default=0)
    frontier = _near_doors([sq for sq in _seen_edge(p, seen) if sq != p.me.pos],
                           [sq for _, e, size in closed if size for sq in e if seen(sq)])
    if frontier and advance_to(p, frontier) is not None:  # more doors may show further on
        return "looks down the corridor before opening a door"
    largest = f"the largest unopened room ({counted(best, 'square')})" if best else "a room already seen"
    for doors, behind in (([(d, e) for d, e, size in closed if size == best], largest),
                          ([(d, e) for d, e, _ in closed], "a smaller room")):
        here = [d for d, e in doors if p.me.pos in e]
        if here:
            late = caution.stragglers(p, 4)
            if late and not p.monsters():  # what is behind the door fights the whole party, not him
                return f"waits for {listing([h.name for h in late])} before opening the door to {behind}"
            p.intents.append(("open_door", here[0]))
            return f"opens the door to {behind}"
        goals = [sq for _, e in doors for sq in e if seen(sq) and s.grid.floor(sq)]
        if goals and advance_to(p, goals) is not None:
            return f"heads for the door to {behind}"
    known = [m for m in p.monsters() if p.dist(m) is not None]
    if known:  # nothing left to open: go after what is still out there
        t = choose_target(p, known, "nearest")
        if t is not None:
            head_for(p, beside(p, t))
            return f"hunts {t.name}"
    return _seek_secret_door(p)


# How far (in squares along the rows and columns) the leader looks down a corridor away from the doors
# he already knows.  A corner near a door may hide a better one (The Trial: Verag's door is seen
# only past the corner beyond room T's), but a corridor that runs on past blank walls is a long
# walk that opens nothing: the Warlock's Cellar's parties walked round the whole board before
# opening a door (issue 19, fourth pass: 9 kept the Cellar over 40 % and The Trial where it was).
LOOK_ROUND = 9


def _near_doors(frontier: list[Sq], doors: list[Sq]) -> list[Sq]:
    """The corridor ends worth a look: within LOOK_ROUND of a seen door onto an unseen room (all
    of them while no such door is known)."""
    if not doors:
        return frontier
    # Loops, not a comprehension making a generator for each corridor end: at every look ahead.
    out = []
    for f in frontier:
        fx, fy = f
        for dx, dy in doors:
            if abs(fx - dx) + abs(fy - dy) <= LOOK_ROUND:
                out.append(f)
                break
    return out


class SeenEdge:
    """The seen corridor's edge as last worked out (`_seen_edge`), with the map it was worked
    out on, what had been seen then, and the neighbours the map gave each seen corridor
    square (in the corridor's order)."""

    __slots__ = ("edge", "grid", "key", "near")

    def __init__(self, grid: Grid, key: tuple[int, int], edge: list[Sq], near: list[list[Sq]]) -> None:
        self.grid, self.key, self.edge, self.near = grid, key, edge, near


# The edge worked out last in this process (one map at a time): a change to the map forgets its
# memo, but only the squares whose neighbours it changed can come onto the edge (`_seen_edge`).
_EDGE: list[SeenEdge | None] = [None]


def _seen_edge(p: Plan, seen: Callable[[Sq], bool]) -> list[Sq]:
    """The seen corridor squares with an unseen square a step away.  Worked out again only for
    what changed since the last time: every hero walking on asks.  While the map stands, what
    has been seen only grows (at the corridor's end), so a square once off the edge stays off;
    a change to the map (a door opened or found) puts back on it only squares whose neighbours
    the map gives anew (`Grid.neighbours` keeps the very lists of the others)."""
    s = p.s
    g = s.grid
    key = (len(s.revealed_corridor), len(s.revealed_rooms))
    kept = _EDGE[0]
    same_map = g.memo.get("seen_edge") is not None  # the map forgets it when it changes
    if kept is not None and kept.grid is g and kept.key == key and same_map:
        return list(kept.edge)
    neighbours = g.neighbours

    def on_edge(sq: Sq, near: list[Sq]) -> bool:
        # The map's own neighbours (kept until it changes) are the squares a step away with
        # floor and an open edge between: only whether each is seen is asked here.  A loop,
        # not any() over a generator.
        x, y = sq
        for nb in near:  # noqa: SIM110
            if abs(nb[0] - x) + abs(nb[1] - y) == 1 and not seen(nb):
                return True
        return False
    corridor = s.seen_corridor()
    if kept is None or kept.grid is not g or kept.key[0] > key[0] or kept.key[1] > key[1]:
        near = [neighbours(sq) for sq in corridor]
        edge = [sq for sq, nbs in zip(corridor, near, strict=True) if g.floor(sq) and on_edge(sq, nbs)]
    else:
        near, n = kept.near, len(kept.near)
        if same_map:  # the squares on the edge before, less those whose unseen neighbours were seen
            edge = [sq for sq in kept.edge if on_edge(sq, neighbours(sq))]
        else:  # and those the change gave new neighbours, in the corridor's order
            again = set(kept.edge)
            for k in range(n):
                nbs = neighbours(corridor[k])
                if nbs is not near[k]:
                    near[k] = nbs
                    again.add(corridor[k])
            # (the corridor seen before: `near` holds its squares' neighbours only)
            edge = [sq for sq, nbs in zip(corridor, near, strict=False) if sq in again and g.floor(sq)
                    and on_edge(sq, nbs)]
        for sq in corridor[n:]:
            nbs = neighbours(sq)
            near.append(nbs)
            if g.floor(sq) and on_edge(sq, nbs):
                edge.append(sq)
    _EDGE[0] = SeenEdge(g, key, edge, near)
    g.memo["seen_edge"] = True
    return list(edge)


def _beside_hidden(p: Plan, rock: set[str]) -> list[Sq]:
    """The seen corridor squares beside a room nobody has seen (not rock) that no search has
    covered.  Kept with the map while nothing more is seen or searched: a leader with nothing
    left to open asks at every step of his walk to one."""
    s = p.s
    done = s.searched.get("secret:squares", [])
    key = (len(s.revealed_corridor), tuple(s.revealed_rooms), tuple(done))
    kept = s.grid.memo.get("beside_hidden")
    if kept is not None and kept[0] == key:
        return list(kept[1])
    covered = set(done)
    revealed = set(s.revealed_rooms)
    beside = _rooms_beside(p, rock)
    found = [sq for sq in s.seen_corridor() if (rooms := beside[sq]) and not revealed.issuperset(rooms)
             and f"{sq[0]},{sq[1]}" not in covered]
    s.grid.memo["beside_hidden"] = (key, found)
    return list(found)


class RoomsBeside(dict[Sq, tuple[str, ...]]):
    """The rooms (not rock) a step from each square along the rows and columns, walls or not,
    worked out the first time a square is asked: the board's regions and the quest's rock never
    change, and a leader seeking a hidden way asks of every seen corridor square again after
    each search."""

    def __init__(self, region: dict[Sq, str], rock: set[str]) -> None:
        super().__init__()
        self.region, self.rock = region, frozenset(rock)

    def __missing__(self, sq: Sq) -> tuple[str, ...]:
        x, y = sq
        rooms = self[sq] = tuple(a for dx, dy in DIRS4 if (a := self.region.get((x + dx, y + dy)))
                                 not in (None, board.CORRIDOR) and a not in self.rock)
        return rooms


# Each quest's rooms beside its squares, by content and quest (a few quests a process).
_BESIDE: dict[tuple[str, str], RoomsBeside] = {}


def _rooms_beside(p: Plan, rock: set[str]) -> RoomsBeside:
    key = (p.game.content.digest, p.s.quest)
    found = _BESIDE.get(key)
    if found is None:
        found = _BESIDE[key] = RoomsBeside(dict(p.s.grid.region), rock)
    return found


def _seek_secret_door(p: Plan) -> str:
    """Search the nearest room nobody has searched for secret doors, else a corridor square
    beside a hidden room that no search has covered yet."""
    s = p.s
    rock = set(p.game.content.rock[s.quest])
    here = board.area_of(s, p.me.square)
    unsearched = {r for r in s.revealed_rooms if not s.searched.get(f"secret:{r}")}
    beside_hidden = _beside_hidden(p, rock)
    searchable_here = p.offered("search_secret_doors", "search_both")
    if searchable_here and (here in unsearched or (here == board.CORRIDOR and p.me.pos in beside_hidden)):
        p.intents.append(("search_secret_doors", None))
        return "searches for a hidden way here"
    goals = [sq for r in sorted(unsearched) for sq in s.grid.squares_of(r) if s.grid.floor(sq)] + beside_hidden
    if goals and advance_to(p, goals) is not None:
        return "goes to look for a hidden way"
    if goals or p.monsters():
        p.intents.append(("search_secret_doors", None))
        return "looks for a hidden way"
    room = trapwork.quest_item_room(p)
    if room is not None and trapwork.known_shut(p, room) is not None and not trapwork.no_disarmer(p):
        return "waits for the quest's treasure to be disarmed"
    # Every door opened, every wall searched: the way on is not to be found, so home it is.
    return "nothing left to open or search: " + flee(p)
