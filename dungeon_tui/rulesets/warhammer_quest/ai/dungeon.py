"""The scripted dungeon seat: monster tactics primitives and the controller that runs them.

The scripts live in content/warhammer_quest/tactics.yaml; these are the words they may use.
Each primitive plans (where to stand, whom to attack); the controller then picks the
offered action matching the plan and gives the script's reason.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ....engine import tactics
from ....engine.dice import SeededChance
from ....engine.game import Action, Decision, Game, LazyDecision
from ....engine.grid import DIRS8, Sq, chebyshev
from ....engine.spreading import Spreading
from ..monsters import (adjacent_targets, in_reach, next_to_warrior, plan_weighed, reach_of, reachable,
                        sees_any, targets)
from ..state import Figure, State
from ..words import counted, the

registry = tactics.Registry()
_tiebreak = SeededChance(salt=0x7AC71C5)


@dataclass(slots=True)
class Plan:
    game: Game
    m: Figure
    decision_index: int
    to: Sq | None = None
    target: Figure | None = None
    mode: str | None = None
    stop: bool = False
    _reach: dict[Sq, int] | None = field(default=None, repr=False)
    _valid: list[Figure] | None = field(default=None, repr=False)

    @property
    def state(self) -> State:
        state: State = self.game.state
        return state

    @property
    def content(self) -> Any:
        return self.game.content

    @property
    def reach(self) -> dict[Sq, int]:
        if self._reach is None:
            self._reach = reachable(self.state, self.content, self.m)
        return self._reach

    @property
    def valid(self) -> list[Figure]:
        """`targets`: the warriors it may strike, found once for the plan."""
        if self._valid is None:
            self._valid = targets(self.state)
        return self._valid

    def gets_beside(self, sq: Sq) -> bool:
        """Whether `sq` is a step from a square in its reach: a warrior standing there is one
        it can get beside this turn (a blow of reach 1 lands exactly there).  Asked from `sq`'s
        side (a step between two floor squares goes both ways, and every square of its reach is
        floor), so a handful of squares are looked at, not every square round its reach."""
        reach, neighbours = self.reach, self.state.grid.neighbours
        for q in neighbours(sq):  # noqa: SIM110 - a loop, not any() over a generator: asked per warrior, per plan
            if q in reach and sq in neighbours(q):
                return True
        return False

    def distances(self, warriors: list[Figure]) -> dict[str, int]:
        """Each warrior's path length ignoring figures (spec: 'nearest' = shortest path ignoring
        models), 999 for none.  Read from a warrior's side where the map's whole search from
        his square is kept already (`grid.distances`, asked by the monsters that go after
        him): between two floor squares a step goes both ways (the same walls, doors, corners
        and links either way round), so the count is the one from the monster's square.  The
        others are searched from the monster, only as far as the last of them."""
        grid, here = self.state.grid, self.m.square
        out: dict[str, int] = {}
        rest: list[Figure] = []
        on_floor = grid.floor(here)
        for w in warriors:
            kept = grid.distances_kept(w.pos) if on_floor and w.pos is not None and grid.floor(w.pos) else None
            if kept is not None:
                out[w.id] = kept.get(here, 999)
            else:
                rest.append(w)
        if rest:
            wanted = {w.pos for w in rest if w.pos is not None}
            found = Spreading(grid, (here,)).reach_all(wanted)
            for w in rest:
                out[w.id] = found.get(w.pos, 999) if w.pos is not None else 999
        return {w.id: out[w.id] for w in warriors}


# -- conditions ------------------------------------------------------------------------------
@registry.condition(says="pinned in place")
def pinned(p: Plan) -> bool:
    return bool(p.m.flags.get("pinned"))


@registry.condition(says="a warrior in its line of fire")
def sees_target(p: Plan) -> bool:
    s = p.state
    return not next_to_warrior(s, p.m.square) and sees_any(s, p.m.square, p.valid)


@registry.condition(says="a line of fire within its move")
def can_gain_sight(p: Plan) -> bool:
    valid = p.valid
    return any(sees_any(p.state, sq, valid) and not next_to_warrior(p.state, sq) for sq in p.reach)


@registry.condition(says="its First Attack is still to come")
def first_attack_pending(p: Plan) -> bool:
    from ..monster_strikes import valid_target
    t = p.m.first_target
    return (not p.m.flags.get("acted_once") and t is not None
            and valid_target(p.state, p.state.figures[t]))


@registry.condition(says="provoked", says_not="not yet provoked")
def provoked(p: Plan) -> bool:
    return bool(p.m.flags.get("provoked"))


def _locked_on(p: Plan) -> str:
    return f"still set on {the(p.state.figures[p.m.locked].name)}" if p.m.locked else "set on a warrior"


@registry.condition(says=_locked_on)
def locked_valid(p: Plan) -> bool:
    from ..monster_strikes import valid_target
    return p.m.locked is not None and valid_target(p.state, p.state.figures[p.m.locked])


# -- target choice ---------------------------------------------------------------------------------
def _one_on_one(p: Plan, pool: list[Figure]) -> tuple[Figure | None, str]:
    s = p.state
    chosen = list(s.phase_choice.values())  # each warrior's attackers this phase, counted in C
    counts = {w.id: chosen.count(w.id) for w in pool}
    if reach_of(p.content, p.m) == 1:  # in_reach is then a step from one of its squares
        reachable_now = [w for w in pool if w.pos is not None and p.gets_beside(w.pos)]
    else:
        reachable_now = [w for w in pool if any(in_reach(s, p.content, p.m, sq, w) for sq in p.reach)]
    candidates = reachable_now or pool
    if not candidates:
        return None, "no warrior to attack"
    low = min(counts[w.id] for w in candidates)
    tied = [w for w in candidates if counts[w.id] == low]
    dist = p.distances(tied)
    near = min(dist.values())
    tied = [w for w in tied if dist[w.id] == near]
    pick = tied[0]
    if len(tied) > 1:
        pick = tied[_tiebreak.uniform(p.game.seed, p.decision_index, 0, len(tied))]
    why = f"One-on-One picks {the(pick.name)}, with {counted(low, 'attacker')} and {counted(near, 'square')} away"
    if len(tied) > 1:
        why += f", by a counter drawn among {len(tied)}"
    return pick, why


def _choose(p: Plan, rule: str) -> str:
    s = p.state
    valid = p.valid
    if rule == "first_attack" and p.m.first_target:
        p.target = s.figures[p.m.first_target]
        return f"First Attack on {the(p.target.name)}, who it was placed against"
    if rule == "locked" and p.m.locked:
        p.target = s.figures[p.m.locked]
        return f"keeps on {the(p.target.name)}"
    if rule == "not_last":
        last = p.m.flags.get("last_target")
        pool = [w for w in valid if w.id != last] or valid
        p.target, why = _one_on_one(p, pool)
        return why + (" (a new victim)" if last else "")
    p.target, why = _one_on_one(p, valid)
    return why


@registry.action
def choose_target(p: Plan, rule: str) -> str:
    return _choose(p, rule)


@registry.action
def attack_adjacent(p: Plan, pick: list[str]) -> str:
    adj = adjacent_targets(p.state, p.m)
    p.to = p.m.pos
    if not adj:
        return "nobody adjacent"
    if "first_attack" in pick and p.m.first_target in [w.id for w in adj] and not p.m.flags.get("acted_once"):
        p.target = p.state.figures[p.m.first_target]
        return f"strikes its First Attack target, {the(p.target.name)}"
    p.target, why = _one_on_one(p, adj)
    return why


@registry.action
def move_to_reach(p: Plan, reach: int = 1, within: str | None = None) -> str:
    s = p.state
    w = p.target
    if w is None or w.pos is None:
        p.to = p.m.pos
        return "nobody to go after"
    squares = p.reach
    if within:
        allowed = set()
        for sec in s.sections.values():
            for sq in sec.features.get(within, []):
                allowed.add(sq)
        squares = {sq: c for sq, c in squares.items() if sq in allowed or sq == p.m.pos}
    reach = max(reach, reach_of(p.content, p.m))
    if reach == 1:
        good = _steps_from(p, w, squares)
    else:
        good = [sq for sq in squares if in_reach(s, p.content, p.m, sq, w, reach)]
    if good:
        wx, wy = w.square
        prefer = {(wx + d[0], wy + d[1]): i for i, d in enumerate(DIRS8)}
        # A long-reach monster likes to strike from two squares away.
        far_first = reach >= 2
        good.sort(key=lambda sq: ((-chebyshev(sq, w.square) if far_first else 0), squares[sq], prefer.get(sq, 9),
                                  sq[1], sq[0]))
        p.to = good[0]
        if p.to != p.m.pos:
            return f"moves {counted(squares[p.to], 'square')} to reach {the(w.name)}"
        return f"already in reach of {the(w.name)}"
    dist = s.grid.distances(w.pos)
    p.to = min(squares, key=lambda sq: (dist.get(sq, 999), squares[sq], sq[1], sq[0]))
    return f"closes on {the(w.name)}"


def _steps_from(p: Plan, w: Figure, squares: dict[Sq, int]) -> list[Sq]:
    """The squares of `squares` a blow of reach 1 lands on the warrior from (`in_reach`: his
    square a step from theirs), found among his own neighbours: a step between two floor
    squares goes both ways, and every square the monster moves to is floor.  Its own square,
    which it stands on whatever it is, is asked as `in_reach` asks.  (Not in `squares`'
    order: the caller sorts them by a key that tells every square apart.)"""
    neighbours, here = p.state.grid.neighbours, p.m.pos
    out = [sq for sq in neighbours(w.square) if sq != here and sq in squares and w.pos in neighbours(sq)]
    if here in squares and here is not None and w.pos in neighbours(here):
        out.append(here)
    return out


@registry.action
def attack_if_in_reach(p: Plan) -> str:
    if p.target is not None and p.to is not None and in_reach(p.state, p.content, p.m, p.to, p.target):
        p.mode = "attack"
        return f"attacks {the(p.target.name)}"
    p.target = None
    return "cannot reach anyone this turn"


@registry.action
def join_volley(p: Plan) -> str:
    p.to = p.to or p.m.pos
    p.mode = "volley"
    return "shoots with its kind's volley"


@registry.action
def move_until_sight(p: Plan) -> str:
    s = p.state
    valid = p.valid
    good = [sq for sq in p.reach if sees_any(s, sq, valid) and not next_to_warrior(s, sq)]
    if not good:
        return "finds no line of fire"
    p.to = min(good, key=lambda sq: (p.reach[sq], sq[1], sq[0]))
    return f"steps {counted(p.reach[p.to], 'square')} to get a line of fire"


@registry.action
def hold(p: Plan) -> str:
    p.to = p.m.pos
    p.target = None
    p.stop = True
    return "holds its ground"


@registry.action
def flee(p: Plan) -> str:
    s = p.state
    warriors = [w for w in s.heroes() if w.on_board and w.pos]
    if not warriors:
        p.to = p.m.pos
        return "nothing to flee from"
    p.to = max(p.reach, key=lambda sq: (min(chebyshev(sq, w.square) for w in warriors), -p.reach[sq], -sq[1], -sq[0]))
    return "flees from the warriors"


@registry.action
def cast(p: Plan, spell: str) -> str:
    # A spell the scripts name but no card describes: its name in title case ("the Hand of Mork").
    words = [w if w in ("of", "the") else w.capitalize() for w in spell.split("_")]
    return f"calls on the {' '.join(words)}"


# -- controller ---------------------------------------------------------------------------------------
class DungeonAI:
    """Plays the dungeon seat by the tactics scripts in content."""

    def choose(self, game: Game, decision: Decision) -> tuple[Action, str]:
        who = decision.context.get("monster")
        if who is None:
            return decision.options[0], str(decision.context.get("why") or "the placement script's first choice")
        m = game.state.figures[who]
        reach, valid = plan_weighed(decision)
        plan = Plan(game, m, len(game.decisions), _reach=reach, _valid=valid)
        script_name = game.content.monsters[m.kind].script
        if m.flags.get("script"):
            script_name = m.flags["script"]
        why = tactics.run(game.content.scripts[script_name], game.content.scripts, registry, plan)
        return self._match(decision, plan), why

    @staticmethod
    def _match(decision: Decision, plan: Plan) -> Action:
        """The option the plan names: its square with its attack or volley, else its square
        alone, else staying put, else the first."""
        if isinstance(decision, LazyDecision):
            return _named(decision, plan)
        opts = decision.options
        target = plan.target.id if plan.target is not None else None
        if opts and opts[0].kind == "strike":
            for a in opts:
                if a.get("target") == target:
                    return a
            return opts[0]
        to = tuple(plan.to) if plan.to is not None else plan.m.pos
        want_mode = "volley" if plan.mode == "volley" else None
        for a in opts:
            want_target = target if plan.mode == "attack" else None
            if a.get("to") == to and a.get("mode") == want_mode and a.get("target") == want_target:
                return a
        for a in opts:
            if a.get("to") == to and a.get("target") is None and a.get("mode") is None:
                return a
        for a in opts:
            if a.get("to") == plan.m.pos and a.get("target") is None and a.get("mode") is None:
                return a
        return opts[0]


def _named(decision: LazyDecision, plan: Plan) -> Action:
    """`_match` on a plan made when read (monsters.plan_choice): each option it would look
    for is asked for by itself (`offer_for`, the plans from its square alone), so the plans
    from every square the monster reaches are never all made."""
    m = plan.m
    seat, who = decision.seat, ("who", m.id)
    # Built as Action.make would (squares of ints, the arguments in name order: mode, target,
    # to, who), each option looked for made only when the one before it is not offered.
    at = ("to", tuple(plan.to) if plan.to is not None else m.pos)
    if plan.mode == "volley":
        found = decision.offer_for(Action.sorted_plain(seat, "act", "", (("mode", "volley"), at, who)))
    elif plan.mode == "attack" and plan.target is not None:
        found = decision.offer_for(Action.sorted_plain(seat, "act", "", (("target", plan.target.id), at, who)))
    else:
        found = None  # the plain move is asked next
    if found is None:
        found = decision.offer_for(Action.sorted_plain(seat, "act", "", (at, who)))
    if found is None:
        found = decision.offer_for(Action.sorted_plain(seat, "act", "", (("to", m.pos), who)))
    return decision.options[0] if found is None else found
