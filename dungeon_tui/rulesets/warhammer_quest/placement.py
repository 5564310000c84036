"""Placing monsters by the One-on-One rule (spec 6.2).

Counters (which warrior a monster goes against) are chance draws; the square is the
dungeon seat's choice among the legal ones, offered in the order N, E, S, W, NE, SE, SW, NW
of the target, which the scripted dungeon takes first.
"""
from __future__ import annotations


from collections.abc import Collection
from operator import attrgetter

from ...engine.dice import draw
from ...engine.game import DUNGEON, Action, Decision, Game, Procedure
from ...engine.grid import DIRS8, Sq, chebyshev
from . import board
from .monster_strikes import strike, valid_target
from .sight import sees
from .state import MONSTER, ROW_FIRST, Figure, State
from .words import The, plural

_KIND = attrgetter("kind")


def spawn(game: Game, kind: str, sq: Sq, card: str, phase: str, first_target: str | None) -> Figure:
    s: State = game.state
    prof = game.content.monsters[kind]
    n = s.next_monster
    s.next_monster += 1
    # Counted in one pass in C (every figure so far, the slain too: a monster's number is for good).
    same = list(map(_KIND, s.figures.values())).count(kind) + 1
    fig = Figure(id=f"m{n}", kind=kind, side=MONSTER, name=f"{prof.name} {same}", pos=sq,
                 wounds=prof.wounds, max_wounds=prof.wounds, card=card, order=n,
                 placed_turn=s.turn, placed_phase=phase, first_target=first_target)
    s.figures[fig.id] = fig
    if not game.unseen:  # the log's line, made only for someone to read (see Game.unseen)
        game.emit("place", figure=fig.id, monster=kind, at=list(sq), target=first_target,
                  text=f"{fig.name} appears at {sq[0]},{sq[1]}"
                  + (f", going for the {s.figures[first_target].name}." if first_target else "."))
    return fig


def area(state: State, anchor: str) -> tuple[list[Sq], list[Sq]]:
    """Squares of the anchor section, and of the sections joined to it (entered ones only, D32)."""
    own = sorted(state.sections[anchor].squares, key=ROW_FIRST)
    more: list[Sq] = []
    for sid in board.joined(state, anchor):
        sec = state.sections[sid]
        if sec.kind in ("room", "objective") and not sec.entered:
            continue
        more.extend(sorted(sec.squares, key=ROW_FIRST))
    return own, more


def free(state: State, sq: Sq, occupied: dict[Sq, Figure]) -> bool:
    return sq not in occupied and state.grid.floor(sq)


def squares_next_to(state: State, warrior: Figure, allowed: Collection[Sq],
                    occupied: dict[Sq, Figure] | None = None) -> list[Sq]:
    """The free squares a step from him, among `allowed` (a set, where the caller asks often),
    in the order N, E, S, W, NE, SE, SW, NW.  `occupied`: `state.occupied()`, when the caller
    asks of several warriors on one board."""
    occ = state.occupied() if occupied is None else occupied
    allowed_set = allowed if isinstance(allowed, (set, frozenset)) else set(allowed)
    out: list[Sq] = []
    assert warrior.pos is not None
    grid = state.grid
    # The squares a step from him reaches are his kept neighbours (`can_step` in every
    # direction, diagonals too on this map), besides any link, which `can_step` still judges.
    # (Every square among them is floor, so `free` comes down to nobody standing there.)
    steps, links = grid.neighbours(warrior.pos), grid.links.get(warrior.pos, ())
    if not links:
        # No portal here: his neighbours are the squares a step away, already in the order
        # N, E, S, W, NE, SE, SW, NW (`Grid.neighbours` finds them in DIRS8's order).
        for sq in steps:  # a loop, not a comprehension: asked of each warrior, monster after monster
            if sq in allowed_set and sq not in occ:
                out.append(sq)
        return out
    for d in DIRS8:
        sq = (warrior.pos[0] + d[0], warrior.pos[1] + d[1])
        if sq in allowed_set and sq in steps and sq not in occ and (
                sq not in links or grid.can_step(warrior.pos, sq)):
            out.append(sq)
    return out


def placer(game: Game) -> str:
    """The dungeon seat places monsters, or with the `rotating_player` option the hero seats
    take turns at it (D26); the legal squares are the same either way."""
    s: State = game.state
    if game.setup.get("placer") != "rotating_player":
        return DUNGEON
    seats = [s.seat_of[w] for w in s.party if s.figures[w].on_board] or [DUNGEON]
    i = s.adv.get("placer_turn", 0)
    s.adv["placer_turn"] = i + 1
    seat: str = seats[i % len(seats)]
    return seat


def choose_square(game: Game, kind: str, squares: list[Sq], why: str) -> Procedure:
    name = game.content.monsters[kind].name
    seat = placer(game)
    # Built as Action.make would (one argument, a square of two ints): every monster placed
    # offers each free square beside its warrior.
    opts = [Action.sorted_plain(seat, "place", f"Place {name} at {sq[0]},{sq[1]}", (("at", (sq[0], sq[1])),))
            for sq in squares]
    pick = yield Decision(seat, f"Where does the {name} go?", opts, context={"why": why})
    return tuple(pick.get("at"))


def place_monsters(game: Game, groups: list[tuple[str, int]], anchor: str, targets: list[Figure],
                   card: str, phase: str, order: list[Figure]) -> Procedure:
    """Place every group; returns the new figures.  Immediate attackers strike at once."""
    s: State = game.state
    placed: list[Figure] = []
    for kind, count in groups:
        prof = game.content.monsters[kind]
        left = count
        if "missile" in prof.specials:
            left = yield from _place_archers(game, kind, left, anchor, card, phase, placed)
        if "swarm" in prof.specials:
            left = yield from _place_swarm(game, kind, left, anchor, targets, card, phase, placed)
        if left:
            yield from _place_melee(game, kind, left, anchor, targets, card, phase, order, placed)
    for fig in placed:
        prof = game.content.monsters[fig.kind]
        if "immediate" in prof.specials and fig.active and fig.first_target:
            w = s.figures[fig.first_target]
            if valid_target(s, w) and fig.pos and w.pos and s.grid.adjacent(fig.pos, w.pos):
                if "swarm" in prof.specials and fig.flags.get("swarmed") == s.turn:
                    continue
                game.emit("info", text=f"{The(fig.name)} strikes as it appears!")
                yield from strike(game, fig, w)
    return placed


def _place_archers(game: Game, kind: str, left: int, anchor: str, card: str, phase: str,
                   placed: list[Figure]) -> Procedure:
    s: State = game.state
    own, more = area(s, anchor)
    for _ in range(left):
        warriors = [w for w in s.heroes() if valid_target(s, w, melee=False)]
        occ = s.occupied()
        best: list[tuple[int, Sq]] = []
        for group in (own, more):
            near = _seeing_squares(s, group, warriors, occ)
            if near:
                far = max(near.values())
                best = [(far, sq) for sq, d in near.items() if d == far]
                break
        if not best:
            return left
        sq = yield from choose_square(game, kind, [b[1] for b in best],
                                      "archer: the square that sees a warrior farthest from them all")
        placed.append(spawn(game, kind, sq, card, phase, None))
        left -= 1
    return left


def _seeing_squares(s: State, group: list[Sq], warriors: list[Figure], occ: dict[Sq, Figure]) -> dict[Sq, int]:
    """Each free square of `group` that sees a warrior, with the steps to the nearest (`free`
    written out, and the nearest found once a square).  Loops, not a generator or two a
    square: asked of every square of the section."""
    floor = s.grid.floor
    near = {}
    for sq in group:
        if sq in occ or not floor(sq):
            continue
        for w in warriors:
            if sees(s, sq, w.pos):
                break
        else:
            continue  # he sees nobody from here
        x, y = sq
        steps = -1
        for w in warriors:  # `chebyshev(sq, w.square)`, the least of them
            wx, wy = w.square
            d = max(abs(wx - x), abs(wy - y))
            if steps < 0 or d < steps:
                steps = d
        near[sq] = steps
    return near


def _place_swarm(game: Game, kind: str, left: int, anchor: str, targets: list[Figure], card: str,
                 phase: str, placed: list[Figure]) -> Procedure:
    s: State = game.state
    own_list, more = area(s, anchor)
    own, everywhere = set(own_list), set(own_list + more)  # asked of each warrior, monster after monster
    cup = [w for w in targets if valid_target(s, w)]
    while left and cup:
        occ = s.occupied()  # the board as it stands for every warrior asked about
        eligible = [w for w in cup if squares_next_to(s, w, everywhere, occ)]
        if not eligible:
            break
        w = eligible[(yield from draw(game, len(eligible), "whq.place.counter"))]
        cup.remove(w)
        for stage in (own, everywhere):
            while left and (sqs := squares_next_to(s, w, stage)):
                sq = yield from choose_square(game, kind, sqs, f"snotlings surround the {w.name} (counter drawn)")
                placed.append(spawn(game, kind, sq, card, phase, w.id))
                left -= 1
    return left


def _place_melee(game: Game, kind: str, left: int, anchor: str, targets: list[Figure], card: str,
                 phase: str, order: list[Figure], placed: list[Figure]) -> Procedure:
    s: State = game.state
    own, more = area(s, anchor)
    target_ids = [t.id for t in targets]
    # First beside the warriors the monsters came for, in their own section; then beside any
    # warrior, the joined sections' squares too (the log says which, in words).
    # The squares as sets: asked of each warrior in the pool, monster after monster.
    stages = [("", set(own), [w for w in order if w.id in target_ids]),
              (", the joined sections too", set(own + more), list(order))]
    for stage, squares, pool in stages:
        while left > 0:
            # A warrior in a pit, unconscious or invisible is no target (D18): nobody is placed on him.
            occ = s.occupied()  # the board as it stands for every warrior asked about
            eligible = [w for w in pool if valid_target(s, w) and squares_next_to(s, w, squares, occ)]
            if not eligible:
                break
            if left >= len(eligible):
                picks, cup, how = eligible, [], "One-on-One: one each in turn order"
            else:
                picks, cup = [], list(eligible)
                for _ in range(left):
                    picks.append(cup.pop((yield from draw(game, len(cup), "whq.place.counter"))))
                how = "One-on-One: fewer monsters than warriors, a warrior counter drawn"
            for drawn in picks:
                if left <= 0:
                    break
                w: Figure | None = drawn
                if cup and not squares_next_to(s, drawn, squares):
                    # His last free square went to a friend's monster: draw another counter from
                    # those still in the cup (rulebook: "tirez un autre pion").
                    w = yield from _redraw(game, cup, squares)
                sqs = squares_next_to(s, w, squares) if w is not None else []
                if w is None or not sqs:
                    continue
                sq = yield from choose_square(game, kind, sqs, f"{how}{stage}: beside the {w.name}")
                placed.append(spawn(game, kind, sq, card, phase, w.id))
                left -= 1
    # Each warrior's place in the turn order, found by id (`order.index` compares figures field
    # by field); the first place where one stood twice.
    rank: dict[str, int] = {}
    for i, w in enumerate(order):
        rank.setdefault(w.id, i)
    while left > 0:
        # Beside the nearest warrior it may attack; if none may be, still as near the party as it gets.
        warriors = [w for w in s.heroes() if valid_target(s, w)] or [w for w in s.heroes() if w.active and w.pos]
        occ = s.occupied()
        cands = [sq for sq in own if free(s, sq, occ)] or [sq for sq in more if free(s, sq, occ)]
        if not cands or not warriors:
            name = game.content.monsters[kind].name
            game.emit("info", text=f"No room for {left} more {name if left == 1 else plural(name)}; "
                                   f"{'it stays' if left == 1 else 'they stay'} away.")
            return
        cands.sort(key=lambda sq: (min(chebyshev(sq, w.square) for w in warriors), sq[1], sq[0]))
        sq = yield from choose_square(game, kind, cands, "no free square next to a warrior: the nearest empty square")
        nearest = min(warriors, key=lambda w: (chebyshev(sq, w.square), rank.get(w.id, 9)))
        placed.append(spawn(game, kind, sq, card, phase, nearest.id))
        left -= 1


def _redraw(game: Game, cup: list[Figure], squares: Collection[Sq]) -> Procedure:
    """Another counter from the cup, among the warriors who still have a free square beside them;
    None when no one has (the monster waits for the next round)."""
    s: State = game.state
    occ = s.occupied()  # the board as it stands for every warrior asked about
    able = [w for w in cup if squares_next_to(s, w, squares, occ)]
    if not able:
        return None
    w = able[(yield from draw(game, len(able), "whq.place.counter"))]
    cup.remove(w)
    return w
