"""The words HeroQuest tactics scripts are written in (§6.1, §6.5): the registry, the plan a
script fills in, and the words both sides use.  A primitive plans (where to go, whom to
strike); the seat then picks the offered action that carries the plan out."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ....engine import tactics
from ....engine.game import Decision, Game
from ....engine.grid import DIRS4, Sq
from .. import board, ending
from .. import monsters as mon
from ..combat import attack_dice, defend_dice
from ..heroes import adjacent, hero_path_avoid, may_stop
from ..state import HERO, MONSTER, Figure, State
from ....engine.words import counted
from .walking import nearest, path_to, walk, within

registry = tactics.Registry()


def past_traps(s: State) -> frozenset[Sq]:
    """What a hero's walk that may cross a known trap (to disarm or jump it) must still avoid:
    the monsters."""
    return frozenset(s.squares_held(MONSTER))


@dataclass
class Plan:
    game: Game
    me: Figure
    decision: Decision
    intents: list[tuple[str, Any]] = field(default_factory=list)
    stop: bool = False
    _field: tuple[Mapping[Sq, int], Mapping[Sq, Sq]] | None = None
    memo: dict[str, Any] = field(default_factory=dict)  # what one decision works out once
    # The game's state, read half a million times a quest (an attribute, not a property).
    s: State = field(init=False, repr=False)
    # A monster, or a hero under Zargon's command (asked by most words: worked out once).
    for_zargon: bool = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.s = self.game.state
        self.for_zargon = self.me.side != HERO or bool(self.decision.context.get("commanded"))

    def monsters(self) -> list[Figure]:
        """The monsters on the board, gathered once a decision (nobody moves while it is made;
        never changed by the caller)."""
        found: list[Figure] | None = self.memo.get("monsters")
        if found is None:
            found = self.memo["monsters"] = self.s.monsters()
        return found

    def dice(self, figure: Figure) -> int:
        """A figure's attack dice (`attack_dice`), once a decision: the party's leader and a
        frail hero's caution both weigh every hero's."""
        kept: dict[str, int] = self.memo.setdefault("dice", {})
        found = kept.get(figure.id)
        if found is None:
            found = kept[figure.id] = attack_dice(figure, self.game.content)[0]
        return found

    def objective_met(self) -> bool:
        """`ending.objective_met` once a decision: the script asks it twice, going home once more."""
        found: bool | None = self.memo.get("objective_met")
        if found is None:
            found = self.memo["objective_met"] = ending.objective_met(self.game)
        return found

    def path_avoid(self) -> frozenset[Sq]:
        """`hero_path_avoid` once a decision: the plan's walk and the seat's step share it."""
        found: frozenset[Sq] | None = self.memo.get("path_avoid")
        if found is None:
            found = self.memo["path_avoid"] = hero_path_avoid(self.s)
        return found

    def foes(self) -> list[Figure]:
        return [h for h in self.s.hero_side() if h is not self.me] if self.for_zargon else self.monsters()

    def field(self) -> tuple[Mapping[Sq, int], Mapping[Sq, Sq]]:
        """Steps to every square the figure can walk to, and their parents (a hero's grown
        only as far as asked: see walking.py)."""
        if self._field is None:
            if not self.for_zargon:
                self._field = walk(self.s.grid, self.me.square, self.path_avoid())
            else:
                self._field = mon.monster_field(self.s, self.me)
        return self._field

    def trap_field(self) -> tuple[Mapping[Sq, int], Mapping[Sq, Sq]]:
        """A hero's walk that may cross the known traps (to disarm or jump them), for goals the
        careful walk cannot reach."""
        memo = self.memo.get("trap_field")
        if memo is None:
            memo = self.memo["trap_field"] = walk(self.s.grid, self.me.square, past_traps(self.s))
        return memo

    def dist(self, figure: Figure) -> int | None:
        return mon.dist_to(self.s, self.me, figure, self.field()[0])

    def offered(self, *kinds: str) -> bool:
        """Whether the decision offers an action of these kinds (a plan needs one to be carried out)."""
        return bool(self.decision.offers_of(*kinds))  # only the groups of these kinds are made

    def allowance(self) -> int:
        if self.me.side != HERO:
            return self.me.move
        return int(self.decision.context.get("points", 12))


# How a script's `pick` reads in the log: "the weakest foe beside it".
PICK_WORDS = {"weakest": "weakest", "nearest": "nearest", "least_defended": "least defended",
              "caster_first": "spellcasting"}


def foe_named(p: Plan, pick: str, t: Figure) -> str:
    """The picked foe with its Body left: "the weakest foe, Orc 3 (1 Body Point)"."""
    return f"the {PICK_WORDS.get(pick, pick)} foe, {t.name} ({counted(t.body, 'Body Point')})"


def weakest(p: Plan, fs: list[Figure]) -> Figure | None:
    c = p.game.content
    order = {fid: i for i, fid in enumerate(p.s.party)}
    return min(fs, key=lambda f: (f.body, defend_dice(f, c)[0], order.get(f.id, 99), f.id), default=None)


def choose_target(p: Plan, fs: list[Figure], how: str) -> Figure | None:
    if not fs:
        return None
    if how == "nearest":
        best = min((d for f in fs if (d := p.dist(f)) is not None), default=None)
        near = [f for f in fs if p.dist(f) == best] if best is not None else fs
        return weakest(p, near)
    if how == "least_defended":
        c = p.game.content
        return min(fs, key=lambda f: (defend_dice(f, c)[0], f.body, f.id))
    if how == "caster_first":
        for kind in ("wizard", "elf"):
            for f in fs:
                if f.kind == kind:
                    return f
    return weakest(p, fs)


def beside(p: Plan, target: Figure) -> list[Sq]:
    """Squares from which one could strike the figure: orthogonal, with no wall between.  They
    depend on the map alone, so they are kept with it (the memo is cleared when it changes):
    a hero following the leader asks them at every step."""
    grid = p.s.grid
    kept: dict[Sq, tuple[Sq, ...]] = grid.memo.setdefault("beside", {})
    at = target.square
    found = kept.get(at)
    if found is None:
        x, y = at
        found = kept[at] = tuple(sq for dx, dy in DIRS4 if grid.floor(sq := (x + dx, y + dy))
                                 and grid.edge_passable(sq, at))
    return list(found)


def taken(p: Plan) -> set[Sq]:
    """The squares anyone else alive stands on (`free_for` for many squares at once)."""
    found: set[Sq] | None = p.memo.get("taken")
    if found is None:
        found = p.memo["taken"] = {f.pos for f in p.s.figures.values()
                                   if f.pos is not None and f.status == "alive" and f is not p.me}
    return found


def stop_ok(p: Plan, sq: Sq) -> bool:
    """`may_stop` for the acting figure, asked of many squares: only a square someone stands on
    can forbid it (those gathered once a decision)."""
    standing: set[Sq] | None = p.memo.get("standing")
    if standing is None:
        standing = p.memo["standing"] = board.standing_squares(p.s)
    return sq not in standing or may_stop(p.s, p.me, sq)


def attack_squares(p: Plan, target: Figure) -> list[Sq]:
    held = taken(p)
    out = []
    for sq in beside(p, target):  # a loop, not a comprehension (a function made and called)
        if sq not in held:
            out.append(sq)
    return out


def reachable_attack_square(p: Plan, target: Figure) -> Sq | None:
    """The nearest free square beside the target within this move (ties in reading order);
    asked of every foe by several conditions of one decision, so worked out once each."""
    key = f"attack_square:{target.id}"
    if key in p.memo:
        found: Sq | None = p.memo[key]
        return found
    most = p.allowance()
    if not p.for_zargon:
        # Every square beside it further than his move as the crow flies: no walk is shorter
        # (`Walk.within` answers each so), so none is looked at.  Most monsters on the board.
        (x, y), (mx, my) = p.me.square, target.square
        if abs(mx - x) + abs(my - y) > most + 1:
            p.memo[key] = None
            return None
    dist, _ = p.field()
    ok = [(d, sq[1], sq[0]) for sq in attack_squares(p, target) if (d := within(dist, sq, most)) is not None]
    found = p.memo[key] = (min(ok)[2], min(ok)[1]) if ok else None
    return found


# -- conditions -----------------------------------------------------------------------------------
@registry.condition(says="next to a hero")
def adjacent_hero(p: Plan) -> bool:
    return any(adjacent(p.s, p.me.square, h.square) for h in p.foes())


@registry.condition(says="a hero within its move")
def can_reach_hero(p: Plan) -> bool:
    return any(reachable_attack_square(p, h) is not None for h in p.foes())


@registry.condition(says="sees a hero")
def sees_hero(p: Plan) -> bool:
    return any(board.targeting_sight(p.s, p.me.square, h.square) for h in p.foes())


@registry.condition(says="a hero within {n} squares")
def hero_within(p: Plan, n: int) -> bool:
    return any((d := p.dist(h)) is not None and d <= n for h in p.foes())


# A quest flag a script waits on, as the log says it has happened.
FLAG_WORDS = {"alarm": "the alarm has been raised"}


@registry.condition(says=lambda p, name: FLAG_WORDS.get(name, f"the quest's {name.replace('_', ' ')} has happened"))
def flag(p: Plan, name: str) -> bool:
    return bool(p.s.flags.get(name))


@registry.condition(says=lambda p, n: f"down to {counted(n, 'Body Point')}" + (" or fewer" if n > 1 else ""))
def body_at_most(p: Plan, n: int) -> bool:
    return p.me.body <= n


@registry.action
def attack(p: Plan, pick: str) -> str:
    foes = [f for f in p.foes() if adjacent(p.s, p.me.square, f.square)]
    t = choose_target(p, foes, pick)
    if t is None:
        return "nobody adjacent"
    p.intents.append(("attack", t.id))
    return f"attacks {foe_named(p, pick, t)}"


@registry.action
def approach_and_attack(p: Plan, pick: str) -> str:
    foes = [f for f in p.foes() if reachable_attack_square(p, f) is not None]
    t = choose_target(p, foes, pick)
    if t is None:
        return "nobody in reach"
    sq = reachable_attack_square(p, t)
    if sq != p.me.pos:
        p.intents.append(("move", sq))
    p.intents.append(("attack", t.id))
    return f"moves in on {foe_named(p, pick, t)}"


def advance_to(p: Plan, goals: list[Sq]) -> int | None:
    """Walk the canonical path toward the nearest goal; stop on the last square within reach where
    one may stop.  Returns that goal's distance (None: no goal reachable)."""
    dist, parent = p.field()
    # Heroes may end on a friend's square on the stairway or in a sprung pit; monsters never share.
    def can_end(sq: Sq) -> bool:
        return sq not in taken(p) if p.for_zargon else stop_ok(p, sq)
    # Monsters aim at the nearest goal even if taken (§6.1); heroes only at goals they may stand on.
    found = nearest(dist, goals, (lambda g: True) if p.for_zargon else can_end)
    if found is None and not p.for_zargon:  # only across a known trap: the seat disarms or jumps it
        dist, parent = p.trap_field()
        found = nearest(dist, goals, can_end)
    if found is None:
        return None
    d, y, x = found
    p.memo["goal_steps"] = d  # a walk kept over the turn counts down to the goal (keeping.py)
    path = path_to(dist, parent, p.me.square, (x, y))
    steps = min(p.allowance(), len(path) - 1)
    for i in range(steps, 0, -1):
        if can_end(path[i]):
            p.intents.append(("move", path[i]))
            break
    return d


def head_for(p: Plan, goals: list[Sq]) -> None:
    """`advance_to` for a caller that does not read how far the goal is: with no movement
    left (a walk that ran out of points, its entry asked again before he ends his turn) no
    step can be planned, so no walk is grown to find one."""
    if p.allowance() > 0:
        advance_to(p, goals)


@registry.action
def advance(p: Plan, pick: str) -> str:
    t = choose_target(p, [f for f in p.foes() if p.dist(f) is not None], pick)
    if t is None:
        return "no way to anyone"
    d = advance_to(p, beside(p, t))
    return f"advances on the {PICK_WORDS.get(pick, pick)} foe, {t.name}" + (
        f", {counted(d, 'square')} away" if d is not None else ", with no way there")


@registry.action
def hold(p: Plan) -> str:
    return "waits"
