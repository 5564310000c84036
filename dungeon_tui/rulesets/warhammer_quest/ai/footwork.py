"""Where a warrior stands: breaking from a pin when staying would fell him, out from under a
cave-in before its roof comes down, closing with the foe that matters, keeping inside the
lantern's light, and walking into a new room only all together (the monsters of a room's Event
are placed round those inside it)."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ....engine.game import Action, Game
from ....engine.grid import Sq, chebyshev
from ....engine.spreading import Spreading
from .. import board, stats
from ..sight import sees
from ..state import Doorway, Figure, State
from ..warriors import move_options  # the rules' own reach: the squares the options offer
from ..words import counted
from . import shelter
from .danger import danger_now, friend_in_peril_beside, is_archer, peril
from .odds import menace

Choice = tuple[Action, str]
# A move the companion picks: the square he goes to (his option for it is asked of the decision
# alone: his move options are never all made), and why.
Step = tuple[Sq, str]


def start(s: State, opts: list[Action]) -> Choice:
    """Stand as near the way on as possible: the leader picks first, so he leads."""
    doors = [q for d in s.doorways.values() if d.state == "unexplored" for q in d.squares]
    if not doors:
        return opts[0], "first free square"
    # Steps from the nearest doorway square: one search from all of them at once (each
    # square's least count over every doorway's own search).
    dist = s.grid.steps_from(doors)
    best = min(opts, key=lambda a: (dist.get(tuple(a.get("to") or a.get("at")), 999), a.get("at")))
    return best, "the free square nearest the way on"


def in_peril(game: Game, warrior: Figure) -> bool:
    """The blows waiting for him could well fell him: most of his Wounds, or a third of them
    for the Wizard and the badly hurt."""
    risk = peril(warrior, danger_now(game).get(warrior.id, 0))
    fragile = warrior.kind == "wizard" or warrior.wounds * 3 <= warrior.max_wounds
    return risk >= 0.6 or (fragile and risk >= 0.3)


def wants_to_break_away(game: Game, s: State, warrior: Figure, decision: Any = None) -> str | None:
    """Why the pinned warrior should roll to break away (the roll costs nothing: on a failure he
    still fights), or None when he is better off fighting where he stands.  `decision`: his
    turn's, when the caller has it (`move_options` reads its search)."""
    if not in_peril(game, warrior):
        return None
    if not _safe_squares(game, s, warrior, decision):
        return None
    danger = danger_now(game)
    return (f"break away: about {counted(round(danger[warrior.id]), 'Wound')} would come at him here, "
            f"{warrior.wounds} left, and there is a square out of reach")


def in_cave_in(s: State, warrior: Figure) -> bool:
    """He stands on the section whose roof is coming down."""
    cave = s.adv.get("cave_in")
    return cave is not None and warrior.pos is not None and s.section_of(warrior.pos) == cave["section"]


def leave_cave_in(game: Game, s: State, warrior: Figure, moves: list[Sq]) -> Step | None:
    """The roof of his section is coming down (whoever is still on it at the end of the next
    turn is buried): out by any open doorway before anything else, fight or no fight, and
    where the lantern still reaches."""
    if not in_cave_in(s, warrior) or not moves:
        return None
    cave = s.section_of(warrior.pos)
    out = _lit_among(s, warrior, [sq for sq in moves if s.section_of(sq) != cave])
    if out:
        harm = shelter.foes_reaching(game, s, warrior, out) if s.any_monster() else {}
        best = min(out, key=lambda sq: (harm.get(sq, 0.0), _fresh_room(s, sq), sq))
        return best, "out of the caving section before the roof comes down"
    # Too far to get out this turn: as near the nearest way out as he can (on the map alone:
    # friends in the way step out of it in their own turns).
    reach = s.grid.distances(warrior.square)
    outside = _lit_among(s, warrior, [sq for sq in reach if s.section_of(sq) != cave])
    if not outside:
        return None
    goal = min(outside, key=lambda q: (reach[q], q))
    to_goal = s.grid.distances(goal)
    best = min(moves, key=lambda sq: (to_goal.get(sq, 999), sq))
    if to_goal.get(best, 999) >= to_goal.get(warrior.square, 999):
        return None
    return best, "toward the way out of the caving section: the roof is coming down"


def _lit_among(s: State, warrior: Figure, squares: Iterable[Sq]) -> list[Sq]:
    """The squares he may stand on and keep in the lantern's light, in their order: in a lit
    section, or for the leader (who carries the lantern) where it still lights every friend.
    A look over the list, not a call a square: asked of every square of his move."""
    region = s.grid.region
    if warrior.id != s.lantern:
        lit_now = board.lit_sections(s)
        return [sq for sq in squares if region[sq] in lit_now]
    others = [x for x in s.heroes() if x.on_board and x.id != warrior.id]
    keeps_from: dict[str, bool] = {}  # the leader's answer is the same for every square of a section
    out = []
    for sq in squares:
        home = region[sq]
        kept = keeps_from.get(home)
        if kept is None:
            lit = [home, *board.joined(s, home)]
            kept = keeps_from[home] = all(s.section_of(x.pos) in lit for x in others)
        if kept:
            out.append(sq)
    return out


def _safe_squares(game: Game, s: State, warrior: Figure, decision: Any = None) -> list[Sq]:
    foes = s.monsters()
    fresh, region = _fresh_rooms(s), s.grid.region
    # `grid.adjacent(sq, m.square)` for some foe: a foe's square among his steps from there,
    # asked in C (not a generator a square).
    foe_squares, neighbours = {m.square for m in foes}, s.grid.neighbours
    return [sq for sq in _lit_among(s, warrior, move_options(s, game.content, warrior, decision))
            if foe_squares.isdisjoint(neighbours(sq)) and region[sq] not in fresh]


def move(game: Game, s: State, warrior: Figure, moves: list[Sq]) -> Step | None:
    safe = _lit_among(s, warrior, moves)
    if not safe:
        return None
    foes = s.monsters()
    if foes:
        return _in_a_fight(game, s, warrior, safe, foes)
    return _onward(game, s, warrior, safe)


def _in_a_fight(game: Game, s: State, warrior: Figure, moves: list[Sq], foes: list[Figure]) -> Step | None:
    c = game.content
    if warrior.flags.get("escaped_pin"):
        # He broke away to live: as far from the monsters as the light allows, near his friends.
        away = [sq for sq in moves if not any(s.grid.adjacent(sq, m.square) for m in foes)
                and not _fresh_room(s, sq)]
        friends = [x.square for x in s.heroes() if x.active and x.id != warrior.id]
        if away:
            harm = shelter.foes_reaching(game, s, warrior, away)

            def cover(sq: Sq) -> tuple[float, int, int, Sq]:
                gap = min(3, min(chebyshev(sq, m.square) for m in foes))
                return harm[sq], -gap, min((chebyshev(sq, f) for f in friends), default=0), sq
            best = min(away, key=cover)
            return best, "step back out of the monsters' reach, behind his friends"
    if warrior.kind == "wizard" or (stats.bow(c, warrior) is not None and _sees_any(s, warrior, foes)):
        return None  # the Wizard fights from behind the others; a bowman shoots from where he stands
    # The foe worth closing with: archers first, then whoever stands over the friend in most peril.
    def worth(m: Figure) -> float:
        shield_friend = friend_in_peril_beside(game, m)
        return menace(c, m) * (2.0 if is_archer(c, m) else 1.0) * (1 + shield_friend)
    ranked = sorted(foes, key=lambda m: (-worth(m), m.id))
    for m in ranked:
        beside = [sq for sq in moves if s.grid.adjacent(sq, m.square) and not _fresh_room(s, sq)]
        if beside:
            best = min(beside, key=lambda sq: (sum(1 for f in foes if s.grid.adjacent(sq, f.square)),
                                               sq))
            what = "the archer" if is_archer(c, m) else "the foe"
            return best, f"close with {what} {m.name}" + (" before it shoots again" if is_archer(c, m) else "")
    near = min(chebyshev(warrior.square, m.square) for m in foes)
    best = min(moves, key=lambda sq: (min(chebyshev(sq, m.square) for m in foes), sq))
    if min(chebyshev(best, m.square) for m in foes) < near and not _fresh_room(s, best):
        return best, "close with the nearest foe"
    return None


def _sees_any(s: State, warrior: Figure, foes: list[Figure]) -> bool:
    return any(sees(s, warrior.pos, m.pos) for m in foes)


def _onward(game: Game, s: State, warrior: Figure, moves: list[Sq]) -> Step | None:
    is_leader = warrior.id == s.lantern
    if is_leader and resting(s):
        return None
    leader = s.figures.get(s.lantern)
    if not is_leader and leader is not None and leader.pos is not None:
        room = s.sections[s.grid.region[leader.pos]]
        if holding_back(s):
            return None
        if room.kind == "room" and room.entered_turn == s.turn and not room.event_done:
            # The leader has just stepped into a room: go in with him, so its monsters are shared out.
            inside = [sq for sq in moves if s.grid.region[sq] == room.id]
            if inside:
                best = min(inside, key=lambda sq: (chebyshev(sq, leader.square), sq))
                return best, "into the room beside the leader, so its monsters face us all"
    goal = _goal(s, warrior)
    if not is_leader and leader is not None and leader.active:
        # Close up behind the leader towards where he is heading, so all can go in together.
        goal = _goal(s, leader) or goal
    if goal is None:
        return None
    # The leader steps into a new room when he reaches it (waiting at its door for the others
    # cost more turns, and Unexpected Events, than it saved); they follow him in at once.
    if is_leader:
        options = moves
    else:
        fresh, region = _fresh_rooms(s), s.grid.region
        options = [sq for sq in moves if region[sq] not in fresh]
    if not options:
        return None
    dist = s.grid.distances(goal)
    here = dist.get(warrior.square, 999)
    if not is_leader:
        return _close_up(s, warrior, options, dist, here)
    best = min(options, key=lambda sq: (dist.get(sq, 999), sq))
    if dist.get(best, 999) < here:
        into = _fresh_room(s, best)
        return best, ("lead the party into the new room; the others follow him in" if into else
                      "head for " + ("the objective" if goal in objective_squares(s) else "the next doorway"))
    return None


def exposure(s: State, sq: Sq, me: Figure, blocked: Sq | None = None,
             taken: set[Sq] | None = None) -> int:
    """Free squares beside `sq` (with `blocked` taken too): One-on-One puts a monster on each,
    so fewer is safer.  `taken`: the squares the others stand on, when the caller has them."""
    if taken is None:
        taken = _others(s, me)
    return len([q for q in s.grid.neighbours(sq) if q not in taken and q != blocked])


def _others(s: State, me: Figure) -> set[Sq]:
    """The squares every figure but `me` stands on."""
    return {f.pos for f in s.in_play() if f.pos is not None and f.id != me.id}


def frailty(warrior: Figure) -> float:
    """How much each open side of his square costs: most for the Wizard and the badly hurt."""
    if warrior.kind == "wizard":
        return 2.0
    if warrior.wounds * 2 < warrior.max_wounds:
        return 1.2
    return 0.6 if warrior.kind == "elf" else 0.3


def _party_exposure(s: State, me: Figure) -> Callable[[Sq], float]:
    """Open sides of the whole party, weighed by frailty, were `me` to stand on a square: the
    figures stand still while he weighs his squares, so what the others take is found once."""
    # Where every figure stands, looked up once for all the party's `_others` below.
    placed = [(f.id, f.pos) for f in s.in_play() if f.pos is not None]
    my_frailty, my_taken = frailty(me), {pos for fid, pos in placed if fid != me.id}
    # Each friend's open sides as he stands, and which of them `me` would take by standing
    # there (counted, as `exposure` counts them): his square then costs one side less.
    friends = []
    neighbours = s.grid.neighbours
    for x in s.heroes():
        if x.id != me.id and x.active and x.pos is not None:
            taken = {pos for fid, pos in placed if fid != x.id}
            open_sides: dict[Sq, int] = {}
            for q in neighbours(x.square):
                if q not in taken:
                    open_sides[q] = open_sides.get(q, 0) + 1
            friends.append((frailty(x), sum(open_sides.values()), open_sides))

    def were_he_on(sq: Sq) -> float:
        # `exposure(s, sq, me, taken=my_taken)` written out: asked for every square ahead.
        sides = 0
        for q in neighbours(sq):  # a loop, not a comprehension: asked for every square ahead
            if q not in my_taken:
                sides += 1
        total = my_frailty * sides
        for frail, sides, open_sides in friends:
            total += frail * (sides - open_sides.get(sq, 0))
        return total
    return were_he_on


def _close_up(s: State, warrior: Figure, moves: list[Sq], dist: dict[Sq, int], here: int) -> Step | None:
    """Follow on as far as the leader's way allows (the lantern cannot go on without him), and
    among the squares that far forward, the one where the party shows the fewest open sides,
    the Wizard's and the hurt's above all: an Unexpected Event puts its monsters on them."""
    doorways = {q for d in s.doorways.values() if d.state == "unexplored" for q in d.squares}
    moves = [sq for sq in moves if sq not in doorways]  # the leader must stand there to explore
    if not moves:
        return None
    nearest = min(dist.get(sq, 999) for sq in moves)
    front = max(nearest + 1, 2)
    ahead = [sq for sq in moves if dist.get(sq, 999) <= front]
    party_exposure = _party_exposure(s, warrior)
    best = min(ahead, key=lambda sq: (party_exposure(sq), dist.get(sq, 999), sq))
    to = best
    if here <= front and warrior.square not in doorways and \
            party_exposure(to) >= party_exposure(warrior.square) - 0.05:
        return None
    mine = exposure(s, to, warrior)
    return best, f"keep up with the party, on a square open on {mine} side{'s' if mine != 1 else ''}"


def holding_back(s: State) -> bool:
    """The leader has stepped into the objective room and its monsters are still to come: the
    others keep out of it and away from its door.  Its horde is placed round those inside and
    beside the rest, so they come on once it stands (200 fp6 games: 18 wins, not 11)."""
    leader = s.figures.get(s.lantern)
    if leader is None or leader.pos is None:
        return False
    room = s.sections[s.grid.region[leader.pos]]
    return room.kind == "objective" and not room.event_done


def resting(s: State) -> bool:
    """Worth a quiet turn or two: someone is down to a third of his Wounds and the Wizard holds a
    healing spell (each turn waited risks an Unexpected Event, so only then)."""
    wiz = s.figures.get("wizard")
    if wiz is None or not wiz.active or s.any_monster():
        return False
    heals = [sp for sp in s.spells if sp in ("healing_hands", "heal_wounds", "lifebringer")]
    if not heals:
        return False
    if s.objective_section is not None and not s.sections[s.objective_section].entered:
        # The objective's fight decides the adventure: go in as whole as the Wizard can make us.
        return any(x.active and x.wounds * 3 < x.max_wounds * 2 for x in s.heroes())
    return any(x.active and x.wounds * 3 < x.max_wounds for x in s.heroes())


def _fresh_rooms(s: State) -> set[str]:
    """The sections `_fresh_room` says yes to, found once for a list of squares (a move
    reaches a few dozen, over a handful of sections)."""
    return {sid for sid, sec in s.sections.items() if not sec.entered and sec.kind in ("room", "objective")}


def _fresh_room(s: State, sq: Sq) -> bool:
    sec = s.sections[s.grid.region[sq]]
    return not sec.entered and sec.kind in ("room", "objective")


def objective_squares(s: State) -> list[Sq]:
    if s.objective_section is None:
        return []
    return s.sections[s.objective_section].squares


def _goal(s: State, warrior: Figure) -> Sq | None:
    cave = s.adv.get("cave_in")
    if cave and s.section_of(warrior.pos) == cave["section"]:
        # Get out the way we came before the roof finishes falling.
        entry = s.doorways[s.sections[cave["section"]].doorways[0]]
        if entry.leads_to:
            out = s.sections[entry.leads_to].squares
            dist = s.grid.distances(warrior.square)
            return min(out, key=lambda q: (dist.get(q, 999), q))
    leader = s.figures.get(s.lantern)
    if warrior.id != s.lantern and leader is not None and leader.pos is not None:
        if chebyshev(warrior.square, leader.pos) <= 2:
            return None
        return leader.pos
    obj = objective_squares(s)
    if obj:
        sec = s.sections[s.objective]
        feats = [sq for name in sorted(sec.features) for sq in sec.features[name]]
        return (feats or obj)[0] if sec.entered else obj[0]
    taken = {f.pos for f in s.in_play() if f.on_board and f.id != warrior.id and f.pos is not None}
    doors = [d for d in s.doorways.values() if d.state == "unexplored" and any(q not in taken for q in d.squares)]
    if not doors and cave and warrior.pos is not None:
        # Nowhere left to go: stand outside the cave-in's doorway and dig.
        entry = s.doorways[s.sections[cave["section"]].doorways[0]]
        outside = s.sections[entry.leads_to].squares if entry.leads_to else []
        near_door = [q for q in outside if q not in taken and any(chebyshev(q, e) <= 1 for e in entry.squares)]
        return near_door[0] if near_door else None
    if not doors or warrior.pos is None:
        return None
    # The way found last time from this square, round the same figures, to the same doorways,
    # on the same map (its memo is emptied by every change to it): the leader's way is asked
    # again by each friend who follows him, and again while nobody has moved.
    kept = s.grid.memo.get(_GOALS)
    if kept is None:
        kept = s.grid.memo[_GOALS] = {}
    key = (warrior.pos, frozenset(taken), tuple([d.id for d in doors]))
    found = kept.get(key)
    if found is None:
        if len(kept) >= GOALS_KEPT:
            del kept[next(iter(kept))]  # the oldest first (dicts keep their order)
        found = kept[key] = _nearest_doorway(s, warrior.pos, taken, doors)
    return found


_GOALS = ("whq.footwork", "goals")  # the grid memo's key for the ways to a doorway found
GOALS_KEPT = 32  # a few turns' worth of the party's moves between two changes to the map


def _nearest_doorway(s: State, start: Sq, taken: set[Sq], doors: list[Doorway]) -> Sq:
    """The free square of the unexplored doorways nearest `start` walking round the figures."""
    # Distances around the others, so a friend in the way counts as the wall he is, only as
    # far as the nearest free square of those doorways: every square as near is in by then,
    # and any other (left at 999) is further, so the same doorway and square are picked.
    dist = Spreading(s.grid, (start,), taken).reach_any({q for d in doors for q in d.squares if q not in taken})
    door = min(doors, key=lambda d: (min(dist.get(q, 999) for q in d.squares), d.id))
    return min((q for q in door.squares if q not in taken), key=lambda q: (dist.get(q, 999), q))
