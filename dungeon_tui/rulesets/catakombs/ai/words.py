"""The words of the tactics scripts (spec §6.1, §6.5) as engine tactics primitives, each with
the plain words the log shows ("next to Flavien", "Flavien's armour 4 is over half of 6").

Conditions read the Plan; actions add intents to it (plan.py).  The word list must stay the
one content checks against (models.TACTICS_WORDS); a test keeps the two the same.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from ....engine import tactics
from ....engine.words import counted
from ..sight import chebyshev
from ..state import Figure, Square
from ..terrain import Map, visible
from .plan import Plan, name

registry = tactics.Registry()
EXITS_OPEN = ("leave",)


def _target_name(p: Plan) -> str:
    t = p.target
    return name(t) if t is not None else "no one"


# -- conditions ----------------------------------------------------------------------------

@registry.condition(says="caught in a web")
def webbed(p: Plan) -> bool:
    return p.me.webbed > 0


@registry.condition(says=lambda p: f"duelling {name(p.s.figures[p.me.duel])}" if p.me.duel else "duelling")
def in_duel(p: Plan) -> bool:
    return p.me.duel is not None


def _inactive_says(p: Plan, low: int, high: int) -> str:
    roll = p.me.inactive_roll
    return f"not roused, rolled {roll}: {'stays put' if roll == 6 else 'frenzy' if roll == 1 else 'wanders'}"


@registry.condition(says=_inactive_says)
def inactive_roll(p: Plan, low: int, high: int) -> bool:
    return not p.me.activated and p.me.inactive_roll > 0 and low <= p.me.inactive_roll <= high


@registry.condition(says="no enemy left standing", says_not="an enemy stands")
def no_target(p: Plan) -> bool:
    return not p.adversaries()


def best_stat(p: Plan) -> str:
    """The highest of melee, shooting and magic (ties in that order; a swarm's bonus counts);
    worked out once per figure and map (asked by most entries of a script)."""
    found = p.m.found.get(("primary", p.me.id))
    if found is None:
        found = p.m.found["primary", p.me.id] = _highest(p)
    return str(found)


def _highest(p: Plan) -> str:
    me = p.me
    cc, mag = me.stat("cc"), me.stat("mag")
    tir = me.stat("tir") if me.dmg_shoot is not None else 0
    return "cc" if cc >= tir and cc >= mag else "tir" if tir >= mag else "mag"  # ties: the first


PRIMARY_WORDS = {"cc": "a fighter", "tir": "a shooter", "mag": "a caster"}


@registry.condition(says=lambda p, stat: PRIMARY_WORDS[stat])
def primary(p: Plan, stat: str) -> bool:
    return best_stat(p) == stat


@registry.condition(says="knows only support spells")
def only_support_spells(p: Plan) -> bool:
    spells = p.game.content.spells
    return bool(p.me.spells) and all(spells[s].tag == "support" for s in p.me.spells)


def _steps_words(p: Plan) -> str:
    target, steps = p.target_and_steps()
    if target is None:
        return "no target"
    return f"next to {name(target)}" if steps == 0 else f"nearest enemy {name(target)}"


@registry.condition(says=_steps_words)
def can_melee(p: Plan) -> bool:
    return p.strikes_from_here()


@registry.condition(says=lambda p: f"{name(p.target)} in sight at {counted(chebyshev(p.me.at, p.target.at), 'square')}"
                    if p.target else "no target")
def can_shoot(p: Plan) -> bool:
    t = p.target
    return (t is not None and p.me.dmg_shoot is not None and p.me.stat("tir") > 0
            and chebyshev(p.me.at, t.at) >= 2 and p.m.targets(p.me, t))


@registry.condition(says=lambda p: f"{_target_name(p)} in sight")
def target_in_los(p: Plan) -> bool:
    t = p.target
    return t is not None and p.m.targets(p.me, t)


def damage_of(p: Plan, kind: str) -> int:
    return p.me.melee_damage if kind == "melee" else (p.me.dmg_shoot or 0)


def _armour_says(p: Plan, kind: str) -> str:
    t = p.target
    best = max(t.armour.values()) if t is not None else 0
    return f"{_target_name(p)}'s armour {best} is over half of {damage_of(p, kind)}"


def _armour_not(p: Plan, kind: str) -> str:
    t = p.target
    best = max(t.armour.values()) if t is not None else 0
    return f"{_target_name(p)}'s armour {best} is at most half of {damage_of(p, kind)}"


@registry.condition(says=_armour_says, says_not=_armour_not)
def armour_over_half(p: Plan, kind: str) -> bool:
    """The 50 % rule (§6.2): worth doubling the damage when the best armour eats over half."""
    t = p.target
    return t is not None and 2 * max(t.armour.values()) > damage_of(p, kind)


@registry.condition(says=lambda p, n: f"{p.me.ap} AP left")
def ap_at_least(p: Plan, n: int) -> bool:
    return p.me.ap >= n


def leader_on_board(p: Plan) -> bool:
    return any(f.has("leader") and f.on_board for f in p.s.figures.values() if f.side == p.me.side)


@registry.condition(says=lambda p, n: f"{len(p.s.pool)} of the dead wait off the board")
def off_board_at_least(p: Plan, n: int) -> bool:
    return leader_on_board(p) and len(p.s.pool) >= n


@registry.condition(says=lambda p, spell: f"{p.game.content.spells[spell].name} not yet cast this turn")
def not_cast_this_turn(p: Plan, spell: str) -> bool:
    return spell not in p.s.cast_this_turn.get(p.me.id, [])


@registry.condition(says="an enemy is next to it", says_not="no enemy next to it")
def adjacent_enemy(p: Plan) -> bool:
    return any(f.standing for f in p.m.adjacent_foes(p.me))


# -- actions -------------------------------------------------------------------------------

@registry.action(says="struggles against the web")
def free_self(p: Plan) -> None:
    p.want("free_self")


@registry.action(says="ends its activation")
def end_activation(p: Plan) -> None:
    p.want("end_activation")
    p.stop = True


@registry.action
def duel_step(p: Plan) -> str:
    foe = p.s.figures.get(p.me.duel or "")
    if foe is None or foe.pos is None:
        return "no duel to fight"
    if p.m.step_ok(p.me.at, foe.at):
        best = max(foe.armour.values())
        if 2 * best > p.me.melee_damage and p.me.ap >= 2:
            p.want("power_attack", target=foe.id)
            return f"power attack on {name(foe)}"
        p.want("melee", target=foe.id)
        return f"attacks {name(foe)}"
    return p.move_along(p.spot_bits(foe), p.spots(foe).__contains__) and f"closes on {name(foe)}"


@registry.action(says=lambda p, n: f"wanders up to {counted(n, 'square')}")
def wander(p: Plan, n: int) -> None:
    p.want("wander", steps=n)


@registry.action
def melee(p: Plan, mode: str) -> str:
    t = p.target
    if t is None:
        return ""
    if mode == "power":
        p.want("power_attack", target=t.id)
        return f"power attack on {name(t)}"
    p.want("melee", target=t.id)
    if not armour_over_half(p, "melee"):
        return f"{_armour_not(p, 'melee')}: attacks {name(t)}"
    return f"attacks {name(t)}"


@registry.action
def shoot(p: Plan, mode: str) -> str:
    t = p.target
    if t is None:
        return ""
    p.want("precise_shot" if mode == "precise" else "shoot", target=t.id)
    return f"{'a precise shot' if mode == 'precise' else 'shoots'} at {name(t)}"


def most_harmful(p: Plan) -> str | None:
    spells = p.game.content.spells
    return next((s for s in p.me.spells if spells[s].tag == "harmful"), None)


@registry.action
def cast(p: Plan, spell: str) -> str:
    sid = most_harmful(p) if spell == "most_harmful" else spell
    if sid is None:
        return ""
    sp = p.game.content.spells[sid]
    if sp.target == "none":
        p.want("cast", spell=sid, target=None)
        return f"casts {sp.name}"
    t = p.target
    if t is not None and webs(sp):
        t = unwebbed_in_sight(p, t)
    if t is None:
        return ""
    p.want("cast", spell=sid, target=t.id)
    return f"casts {sp.name} on {name(t)}"


def webs(spell: Any) -> bool:
    return any(b.effect == "web" for b in spell.bands)


def unwebbed_in_sight(p: Plan, first: Figure) -> Figure | None:
    """Who a web is worth casting on: the target unless a web already holds it, else the
    nearest adversary in sight that is free; a second web on the webbed wastes the AP."""
    if not first.webbed:
        return first
    free = [f for f in p.adversaries() if not f.webbed and p.m.targets(p.me, f)]
    return min(free, key=lambda f: (chebyshev(p.me.at, f.at), free.index(f)), default=None)


@registry.action
def cast_support(p: Plan) -> str:
    spells = [s for s in p.me.spells if p.game.content.spells[s].tag == "support"
              and p.game.content.spells[s].target != "none"]
    hurt = [a for a in [p.me, *p.allies()] if a.pv < a.max_pv and (a is p.me or p.m.targets(p.me, a))]
    if not spells or not hurt:
        return ""
    ally = max(hurt, key=lambda a: (a.max_pv - a.pv, -hurt.index(a)))
    for sid in spells:
        p.want("cast", spell=sid, target=ally.id)
    return f"helps {name(ally)}"


def _advance_goal(p: Plan, until: str) -> tuple[Callable[[Square], bool], object]:
    """Whether a square is one to advance to: next to the target (by the corner rule), or with
    it in sight at least one or two squares off; and a key naming the squares it tells where
    one is known (all a sight from them reads, and how near: the viewer's own square is not
    among them, so the same goals as it steps on)."""
    t = p.target
    assert t is not None
    m = p.m
    if until == "adjacent":
        return p.spots(t).__contains__, None
    near = 2 if until == "los_not_adjacent" else 1
    there = t.at
    me, shot = p.me, m.shot_from
    if not m.board.inside(there):
        return (lambda sq: chebyshev(sq, there) >= near and shot(me, t, sq)), None
    tx, ty = there
    width, height = m.board.width, m.board.height
    sight_key, seen = _sight_from(m, me, t)
    # `shot` from squares on the board, what it reads looked up once, when first asked (a walk
    # one step on along its way may have the answer already, asking none).
    shots: list[Callable[[Square], bool]] = []

    def goal(sq: Square) -> bool:
        if max(abs(sq[0] - tx), abs(sq[1] - ty)) < near:  # chebyshev, written out
            return False
        if not (0 <= sq[0] < width and 0 <= sq[1] < height):  # the board's `inside`, written out
            return shot(me, t, sq)
        found = seen.get(sq)
        if found is None:
            if not shots:
                shots.append(m.shots_at(me, t))
            found = seen[sq] = shots[0](sq)
        return found
    # Whether the target shows at all is read only off the board (`Map.targets`), kept all the same.
    return goal, ("in sight", near, visible(t), sight_key)


# Whether a viewer has its target in sight from a square (`Map.shot_from`), by all a shot reads
# but that square: the ground, the viewer, the target and its square, and every other figure
# with where it stands and its status (its side and size go with it).  A figure advancing to see
# its target asks it of every square its walk settles, and again from its next square, a step
# or two on, while nothing else has moved.  Bounded, so a long run's memory stays flat.
# Each kept table comes with a number of its own, never given twice: the name its goals go by in
# a walk's answers (a walk hashes the name at each question, and the key is a tuple of every
# figure on the board).
_SIGHT: dict[tuple[object, ...], tuple[int, dict[Square, bool]]] = {}
_SIGHT_KEPT = 8
_SIGHT_NUMBERS = itertools.count()


def _sight_from(m: Map, me: Figure, target: Figure) -> tuple[int, dict[Square, bool]]:
    """The number of the viewer's sight of its target from any square, and its table."""
    others = tuple((sq, f.id, f.status) for sq, f in m.figures.items() if f is not me)
    found_key = (m.ground_number, me.id, target.id, target.at, others)
    found = _SIGHT.get(found_key)
    if found is None:
        if len(_SIGHT) >= _SIGHT_KEPT:
            _SIGHT.clear()
        found = _SIGHT[found_key] = (next(_SIGHT_NUMBERS), {})
    return found


@registry.action
def advance(p: Plan, until: str) -> str:
    t = p.target
    if t is None:
        return ""
    goal, key = _advance_goal(p, until)
    # Squares next to the target are listed, so the walk reads their steps instead of testing
    # every square it settles.
    goals = p.spot_bits(t) if until == "adjacent" else goal
    words = p.move_along(goals, goal, key)
    if words:
        return f"advances on {name(t)} ({words})"
    # No way to the goal: the reachable square closest to the target (§6.1).
    dist, there = p.distances(), t.at
    best = min(dist, key=lambda sq: (chebyshev(sq, there), dist[sq], sq[1], sq[0]), default=None)
    if best is not None and best != p.me.at and chebyshev(best, t.at) < chebyshev(p.me.at, t.at):
        words = p.move_along([best], lambda sq: sq == best)
        return f"no way to {name(t)}: edges closer ({words})" if words else ""
    return ""


# Whether a square has any of the foes' squares in sight (`Map.sees_any`: the terrain's sight
# alone), by the ground and those squares: a figure keeping close to an ally asks it of the
# same allies and spots at each step it takes while they stand.  Bounded, as `_SIGHT`.
_SEEN: dict[tuple[int, tuple[Square, ...]], dict[Square, bool]] = {}


def _seeing_foes(m: Map, foes: tuple[Square, ...]) -> Callable[[Square], bool]:
    """Whether a square sees any of the foes' squares, kept for the ground and the foes."""
    found_key = (m.ground_number, foes)
    seen = _SEEN.get(found_key)
    if seen is None:
        if len(_SEEN) >= _SIGHT_KEPT:
            _SEEN.clear()
        seen = _SEEN[found_key] = {}

    def sees(sq: Square) -> bool:
        found = seen.get(sq)
        if found is None:
            found = seen[sq] = m.sees_any(sq, foes)
        return found
    return sees


@registry.action
def support_advance(p: Plan) -> str:
    # The adversaries' squares read once: every ally and spot asks of each (sight goes both ways).
    m = p.m
    sees = _seeing_foes(m, tuple(f.at for f in p.adversaries()))
    seeing = [a for a in p.allies() if sees(a.at)]
    if not seeing:
        return ""
    near = p.nearest_groups([m.neighbours(a.at) for a in seeing])[1]
    ally = seeing[near[0] if near else 0]  # the nearest, or the first when none can be reached
    spots = [n for n in m.neighbours(ally.at) if m.free(n)]
    hidden = [sq for sq in spots if not sees(sq)]
    words = p.move_along(hidden or spots, lambda sq: sq in (hidden or spots))
    return f"keeps close to {name(ally)}" if words else ""
