"""Reinforcements (§5.13, §6.3): while the leader is on the board, every Master figure removed
in an earlier round rolls 5-6 to come back (all come back with event 4) at a reinforcement
entry, with full PV and AP; rats arriving together form swarms of up to 4."""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ...engine.dice import roll_event
from ...engine.game import DUNGEON, Action, Decision, Game
from .acts import at
from .dice import d6
from .board import Entry
from .numbering import Steps, Terrain, bits, terrain
from .paths import Search
from .sight import chebyshev
from .state import MASTER, OFF, RAT_PV, STANDING, Figure, Square, State, figure_from_card
from .terrain import Map

SWARM = 4
UNREACHED = 1 << 20  # the steps of an entry from which no target can be reached


def leader_on_board(s: State) -> bool:
    return any(f.has("leader") and f.on_board for f in s.master_figures())


def origin(entry: dict[str, Any]) -> str:
    """The figure a pool entry came from (a lost rat names its swarm)."""
    return str(entry["id"]).split(".")[0]


def in_roster_order(s: State, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rank = {fid: i for i, fid in enumerate(s.roster)}
    return sorted(entries, key=lambda e: (rank.get(origin(e), len(rank)), s.pool.index(e)))


def arrival_square(m: Map, inside: Square) -> Square | None:
    """The entry's inner square, else the nearest free square by walking (ties: y, then x)."""
    if m.free(inside):
        return inside
    for ring in m.rings(inside, m.floor):
        free = [sq for sq in ring if m.free(sq)]
        if free:
            return min(free, key=lambda sq: (sq[1], sq[0]))
    return None


# The solo Master's entry by the ground and where the standing heroes are, in order (all it
# reads but the quest and its board, which the ground's number names): asked again each time
# the dead come back while the heroes stand where they stood.  Bounded: a long run stays flat.
_ENTRIES: dict[tuple[object, ...], Square] = {}
_ENTRIES_KEPT = 256


def solo_entry(game: Game) -> Square:
    """§6.3, the solo Master's entry: the zone with most standing heroes (ties: the entrance,
    then zone order); the entry whose inner square is nearest by walking to a hero in that
    zone (ties: y, then x)."""
    m = Map(game)
    heroes = [f for f in m.s.hero_side() if f.standing]
    found_key = (m.ground_number, m.s.quest, *[h.at for h in heroes])
    found = _ENTRIES.get(found_key)
    if found is None:
        if len(_ENTRIES) >= _ENTRIES_KEPT:
            _ENTRIES.clear()
        found = _ENTRIES[found_key] = _nearest_entry(game, m, heroes)
    return found


def _nearest_entry(game: Game, m: Map, heroes: list[Figure]) -> Square:
    order = game.content.quests[m.s.quest].zone_order
    count: dict[str, int] = {}
    for h in heroes:
        for z in m.board.zones_of(h.at):
            count[z] = count.get(z, 0) + 1
    entries = list(m.board.entries)
    if not count:
        return entries[0].inside
    zone = min(count, key=lambda z: (-count[z], z != "entrance", order.get(z, 0)))
    targets = [h.at for h in heroes if zone in m.board.zones_of(h.at)]
    # Walking through the floor and the targets' squares, a step costing 1: one ground for
    # every entry's search, each stopping at the nearest target.
    steps = m.steps()
    ground = terrain(steps, m.floor_bits() | bits(steps, targets), {})
    insides = bits(steps, (e.inside for e in entries))
    # One search from the targets when every entry has a square of its own that may be entered.
    if insides and insides & ground[0] == insides and insides.bit_count() == len(entries):
        return _nearest_to_targets(steps, ground, targets, insides)
    return _nearest_by_entries(m, entries, targets, ground)


def _nearest_to_targets(steps: Steps, ground: Terrain, targets: list[Square], insides: int) -> Square:
    """The entry nearest its nearest target, found by one search from all the targets at once
    to the nearest entries' squares (ties: y, then x, the lowest bit).  As `_nearest_by_entries`
    finds it: a step goes both ways (the corner rule reads a diagonal's two corners from either
    end), each costs 1, and every entry's square may be entered, so the steps from an entry to
    a target are the steps back; no entry reached: the first in (y, x) order, as there."""
    search = Search(steps, targets[0], ground, also=bits(steps, targets))
    found = search.nearest(insides)
    if found is None:
        grid = search.grid
        return grid.squares[(insides & -insides).bit_length() - 1]  # type: ignore[return-value]
    return found[0]


def _nearest_by_entries(m: Map, entries: list[Entry], targets: list[Square], ground: Terrain) -> Square:
    """The entry nearest its nearest target, searched entry by entry (an entry's square one
    cannot walk into, as a search from the targets would need)."""
    # The least of (steps, y, x) over the entries.  An entry is searched only as far as the
    # best one found so far (one farther cannot come first; one as far may, by its square), and
    # not at all when it is farther as the crow flies (a step goes one square): the entries
    # nearest as the crow flies are searched first, so the far ones stop early.
    best: tuple[int, int, int] | None = None
    for bound, e in sorted(((min(chebyshev(e.inside, t) for t in targets), e) for e in entries),
                           key=lambda b: (b[0], b[1].inside[1], b[1].inside[0])):
        x, y = e.inside
        if best is not None and (bound, y, x) > best:
            continue
        search = Search(m.steps(), e.inside, ground)
        found = search.nearest(targets) if best is None else search.nearest_within(targets, best[0])
        reach = UNREACHED if found is None else found[1]
        if best is None or (reach, y, x) < best:
            best = (reach, y, x)
    assert best is not None
    return best[2], best[1]


def choose_entry(game: Game, who: str) -> Generator[Decision, Action, Square]:
    """The dungeon seat picks the entry (the solo Master by §6.3)."""
    board = Map(game).board
    if len(board.entries) == 1:
        return board.entries[0].inside
    options = [Action.make(DUNGEON, "entry", text=f"Bring {who} in by the entry at {at(e.at)}", at=e.inside)
               for e in board.entries]
    choice = yield Decision(DUNGEON, f"Where does {who} come in?", options, context={"ask": "entry"})
    return tuple(choice.get("at"))


def bring_back(game: Game, fig: Figure, inside: Square) -> bool:
    """A figure from the pool at the entry, full PV and AP; False when no square is free."""
    sq = arrival_square(Map(game), inside)
    if sq is None:
        return False
    fig.pos, fig.status = sq, STANDING
    fig.pv = fig.rats * RAT_PV if fig.rats else fig.max_pv
    fig.ap = fig.stats["ap"]
    fig.attackers = []
    game.emit("returns", figure=fig.id, at=list(sq), text=f"{fig.name} comes back at {at(sq)}.")
    return True


def new_swarm(game: Game, card: str, rats: int) -> Figure:
    """A swarm formed from rats arriving together (§5.13)."""
    s: State = game.state
    c = game.content.cards[card]
    fid = f"{card}s_{s.next_swarm}"
    fig = figure_from_card(fid, card, c, f"{c.name}s {s.next_swarm}", MASTER)
    s.next_swarm += 1
    fig.rats, fig.pv, fig.status = rats, rats * RAT_PV, OFF
    s.figures[fid] = fig
    s.roster.append(fid)
    return fig


def arrive(game: Game, entries: list[dict[str, Any]], inside: Square) -> None:
    """Figures from the pool come in at one entry; rats together make swarms of up to 4."""
    s: State = game.state
    rats = [e for e in entries if "." in str(e["id"])]
    for e in entries:
        if e in rats:
            continue
        s.pool.remove(e)
        if not bring_back(game, s.figures[e["id"]], inside):
            s.pool.append(e)
    while rats:
        group, rats = rats[:SWARM], rats[SWARM:]
        fig = new_swarm(game, group[0]["card"], len(group))
        if bring_back(game, fig, inside):
            for e in group:
                s.pool.remove(e)
        else:
            s.roster.remove(fig.id)
            del s.figures[fig.id]


def reinforcements(game: Game) -> Generator[Decision, Action, None]:
    """C1: a d6 per figure removed in an earlier round, in roster order; 5-6 returns it."""
    s: State = game.state
    if not leader_on_board(s):
        return
    due = in_roster_order(s, [e for e in s.pool if e["turn"] < s.turn])
    if not due:
        return
    automatic = bool(s.flags.get("event_return"))
    back = []
    for e in due:
        if automatic:
            back.append(e)
            continue
        (pip,) = yield from d6(game, 1, "cat.reinf.return")
        ok = pip >= 5
        name = s.figures[e["id"]].name if e["id"] in s.figures else "a rat"
        roll_event(game, "cat.reinf.return", "1d6", [pip], target=5, outcome="success" if ok else "fail",
                   text=f"Reinforcements: {pip} for {name}" + (", who returns." if ok else ", who stays away."))
        if ok:
            back.append(e)
    if back:
        inside = yield from choose_entry(game, "the reinforcements")
        arrive(game, back, inside)
