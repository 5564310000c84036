"""The words the §6 tactics scripts are written in: conditions, selectors (`pick`), places and
actions, each registered with the label the log reads.  Conditions measure the present state
exactly; actions add intents to the plan, which the seat turns into an offered action."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ....engine.tactics import Registry
from ..distance import distance, nearest_distance, nearest_of, within
from ..state import Model
from ..tables import wound_need
from . import objective, odds
from .objective import Goal
from .plan import COVER_RANK, Plan

registry = Registry()
Square = tuple[int, int]
HARDEST = max(COVER_RANK.values())  # no square has harder cover than this


# -- selectors: which enemy (or friend) a word means --------------------------------------------

def _tie(m: Model) -> tuple[bool, int, str]:
    """Ties between models: the leader first, then fewest wounds left, then the lowest id."""
    return (not m.leader, m.wounds, m.id)


def _spell_odds(p: Plan, target: Model) -> float:
    spell = p.content.spells[p.intent_spell] if getattr(p, "intent_spell", None) else None
    strength = spell.strength if spell is not None and spell.strength else 4
    return odds.chance(wound_need(strength, target.t)) * odds.unsaved(p.content, target, strength)


def _group(p: Plan, target: Model) -> int:
    """The target and every enemy chained to it by steps of 2 or less, out of combat (§2.6)."""
    free = [e for e in p.enemies() if not p.in_combat(e)]
    group, todo = [target], [target]
    while todo:
        cur = todo.pop()
        for e in free:
            if e not in group and distance(e.at, cur.at) <= 2:
                group.append(e)
                todo.append(e)
    return len(group)


# Each selector: which models it may pick (None: any), and its order (None: the first in the
# order given); every order ends on the id, so the pick is the first of its sort.
Only = Callable[[Plan, Model], bool]
Order = Callable[[Plan, Model], tuple[Any, ...]]
SELECTORS: dict[str, tuple[Only | None, Order | None]] = {
    "nearest": (None, lambda p, m: (distance(p.me.at, m.at), *_tie(m))),
    "best_odds": (None, lambda p, m: (-odds.melee_wounds(p.content, p.me, m), *_tie(m))),
    "best_to_hit": (None, lambda p, m: (p.need_at(m), distance(p.me.at, m.at), *_tie(m))),
    "objective_holder": (lambda p, m: _holds_objective(p, m), lambda p, m: (distance(p.me.at, m.at), *_tie(m))),
    "largest_group": (None, lambda p, m: (-_group(p, m), *_tie(m))),
    "lowest_ld": (None, lambda p, m: (m.ld, *_tie(m))),
    "spell_odds": (None, lambda p, m: (-_spell_odds(p, m), *_tie(m))),
    "highest_ws": (None, lambda p, m: (-m.ws, -m.wounds, m.id)),
    "leader": (lambda p, m: m.leader, None),
    "relic_carrier": (lambda p, m: m.carrying, None),
}


def _eligible(p: Plan, how: str, among: list[Model], best_first: bool = True) -> list[Model]:
    """The models the selector may pick, best first (or in the order given)."""
    only, order = SELECTORS[how]
    found = among if only is None else [m for m in among if only(p, m)]
    return found if order is None or not best_first else sorted(found, key=lambda m: order(p, m))


PICK_WORDS = {"nearest": "the nearest", "best_odds": "the best odds", "best_to_hit": "the easiest shot",
              "objective_holder": "on the objective", "largest_group": "the largest group",
              "relic_carrier": "who carries the relic",
              "lowest_ld": "the lowest Leadership", "leader": "its leader", "highest_ws": "the best fighter"}


def goal(p: Plan) -> Goal | None:
    """Where the scenario sends this model now (§7), with the words the log reads."""
    if objective.relic_scenario(p):
        return objective.relic_goal(p)
    found = p.objective()
    return Goal(found[0], found[1], "the objective") if found is not None else None


def _holds_objective(p: Plan, m: Model) -> bool:
    return objective.holds_relic_goal(p, m) if objective.relic_scenario(p) else p.holds_objective(m)


def choose_model(p: Plan, how: str, among: list[Model]) -> Model | None:
    """The model a selector picks (remembered, so the log names what the condition found)."""
    found = _eligible(p, how, among, best_first=False)
    order = SELECTORS[how][1]
    if order is None:
        return _remember(p, how, next(iter(found), None))
    # (the order's own function as the key, the plan bound in C: no frame of a lambda per model)
    return _remember(p, how, min(found, key=partial(order, p), default=None))


def _remember(p: Plan, how: str, chosen: Model | None) -> Model | None:
    p.picked[how] = chosen
    return chosen


def _picked(p: Plan, how: str) -> str:
    m = p.picked.get(how)
    return m.name if m is not None else "nobody"


# -- conditions ---------------------------------------------------------------------------------

@registry.condition(says="in combat")
def in_combat(p: Plan) -> bool:
    return p.in_combat(p.me)


def chargeable(p: Plan, pick: str) -> Model | None:
    """The enemy the selector picks among those this model could charge: of those it might
    charge (offered, seen, near enough), the selector's weighed best first, stopping at the
    first it could charge (each charge weighed costs a search; the pick is the one it would
    make among all it could charge)."""
    near = p.charge_candidates()
    return next((e for e in _eligible(p, pick, near) if p.can_charge(e)), None) if near else None


@registry.condition(says=lambda p, pick: f"can charge {_picked(p, pick)} ({PICK_WORDS.get(pick, pick)})")
def can_charge(p: Plan, pick: str) -> bool:
    return _remember(p, pick, chargeable(p, pick)) is not None


@registry.condition(says=lambda p, pick: f"the odds favour it against {_picked(p, pick)}")
def favourable(p: Plan, pick: str) -> bool:
    target = p.picked.get(pick)
    if target is None:
        return False
    dealt = odds.round_of_blows(p.content, p.me, target)
    taken = odds.round_of_blows(p.content, target, p.me) if target.standing else 0.0
    return dealt >= taken


@registry.condition(says="an enemy within {n}", says_not="no enemy within {n}")
def enemy_within(p: Plan, n: int) -> bool:
    return any(distance(p.me.at, e.at) <= n and p.sees(p.me, e) for e in p.standing_enemies())


@registry.condition(says="no enemy within {n}")
def no_enemy_within(p: Plan, n: int) -> bool:
    return not enemy_within(p, n)


@registry.condition(says="an enemy could charge it", says_not="no enemy could charge it")
def threatened(p: Plan) -> bool:
    return p.threatened()


@registry.condition(says=lambda p: f"has a shot at {p.best_target_name()}", says_not="nothing to shoot at")
def has_target(p: Plan) -> bool:
    return bool(p.targets()) if p.decision is None or not p.offered("shoot") else True


@registry.condition(says="hidden", says_not="not hidden")
def hidden(p: Plan) -> bool:
    return p.me.hidden


@registry.condition(says="its leader is fighting")
def leader_in_combat(p: Plan) -> bool:
    lead = p.leader()
    return lead is not None and p.in_combat(lead)


@registry.condition(says="more than {n} from its leader")
def far_from_leader(p: Plan, n: int) -> bool:
    lead = p.leader()
    return lead is not None and lead.standing and distance(p.me.at, lead.at) > n


@registry.condition(says="the scenario's objective calls", says_not="no objective calls")
def objective_active(p: Plan) -> bool:
    return goal(p) is not None


@registry.condition(says="can hide here", says_not="cannot hide here")
def can_hide(p: Plan) -> bool:
    asking = p.decision is not None and not p.decision.context.get("before_asking")
    return bool(p.offered("hide")) if asking else p.may_hide_here()


@registry.condition(says=lambda p, spell: f"{p.content.spells[spell].name} can be cast")
def castable(p: Plan, spell: str) -> bool:
    return any(a.get("spell") == spell for a in p.offered("cast"))


@registry.condition(says="it can stand and shoot")
def stand_and_shoot_legal(p: Plan) -> bool:
    return bool(p.offered("stand_and_shoot"))


@registry.condition(says="it may crawl away")
def may_crawl(p: Plan) -> bool:
    return bool(p.offered("stay_down")) and p.in_combat(p.me) and not p.offered("stand_up")


# -- actions ------------------------------------------------------------------------------------

@registry.action(says=lambda p, pick: f"charges {_picked(p, pick)}")
def charge(p: Plan, pick: str) -> str:
    target = p.picked.get(pick)
    if target is None:
        target = _remember(p, pick, chargeable(p, pick))
    if target is None:
        return "no one to charge"
    p.intents.append(("declare_charge", target.id))
    return f"charges {target.name}"


@registry.action(says="stays out of the charges")
def no_charge(p: Plan) -> str:
    p.intents.append(("no_charge", None))
    return ""


def _place(p: Plan, place: str) -> tuple[list[Square], int] | None:
    """The squares a place names and how close the model stops by default."""
    if place == "objective":
        found = goal(p)
        return (found.squares, found.stop) if found is not None else None
    if place == "nearest_enemy":
        foes = [e for e in p.enemies() if not e.hidden]
        near = choose_model(p, "nearest", foes)
        return ([near.at], 0) if near else None
    if place == "leader":
        lead = p.leader()
        return ([lead.at], 0) if lead else None
    if place == "nearest_friend":
        near = min(p.friends(), key=lambda m: (distance(p.me.at, m.at), m.id), default=None)
        return ([near.at], 1) if near else None
    if place == "own_edge":
        return p.field.own_edge(p.role()), 0
    if place == "carrier":
        holder = next((m for m in p.s.models.values() if m.carrying and m.on_table), None)
        return ([holder.at], 2) if holder else None
    raise ValueError(f"unknown place {place!r}")


PLACE_WORDS = {"objective": "the objective", "nearest_enemy": "the nearest enemy", "leader": "its leader",
               "nearest_friend": "the nearest friend", "own_edge": "its own table edge", "carrier": "the relic"}


@registry.action(says=lambda p, place, **_: f"heads for {PLACE_WORDS.get(place, place)}")
def move_toward(p: Plan, place: str, mode: str = "walk", stop_at: int = 0, cover: str = "any",
                keep_away: int = 0) -> str:
    """The reachable square nearest the place but not nearer than stop_at; ties: harder cover,
    fewer enemies seeing it, lowest y, x (§6).  It stays put when nothing is better."""
    where = _place(p, place)
    words, why = PLACE_WORDS.get(place, place), ""
    if place == "objective" and where is not None:
        found = goal(p)
        assert found is not None
        words, why = found.place, f" ({found.why})" if found.why else ""
    if where is None:
        p.intents.append(("stay", None))
        return f"nowhere to go ({words} is gone)"
    goals, default_stop = where
    stop = max(stop_at, default_stop)
    options = _kept_away(p, p.moves(mode), keep_away)

    known = nearest_of(tuple(goals))
    # The squares at the smallest gap, in one pass (a run weighs a few hundred squares).
    nearest, tied = -1, []
    for sq in options:
        gap = known.get(sq)
        if gap is None:
            gap = known[sq] = nearest_distance(sq, goals)  # goals: never empty
        if gap < stop:
            gap = stop + (stop - gap)  # nearer than stop_at counts as farther
        if gap < nearest or nearest < 0:
            nearest, tied = gap, [sq]
        elif gap == nearest:
            tied.append(sq)
    best = _best_placed(p, tied, cover == "prefer")
    if best == p.me.at:
        p.intents.append(("stay", None))
        return f"stays where it is, as near {words} as it can be{why}"
    p.intents.append(("move", best))
    running = options[best] // 2 > p.me.m
    return f"{'runs' if running else 'moves'} toward {words}, to {best[0]},{best[1]}{why}"


def _kept_away(p: Plan, options: dict[Square, int], keep_away: int) -> dict[Square, int]:
    """The squares a move may end on, and where it stands (cost 0), but those within `keep_away`
    of a standing enemy (a wizard's); where it stands when every one is."""
    options[p.me.at] = 0
    if not keep_away:
        return options
    foes = [e.at for e in p.standing_enemies()]
    return {sq: c for sq, c in options.items() if not within(sq, foes, keep_away)} or {p.me.at: 0}


def _best_placed(p: Plan, squares: list[Square], prefer_cover: bool) -> Square:
    """The square with the hardest cover against the nearest enemy, then the fewest enemies
    seeing it, then the lowest y, x; without preferring cover the lowest y, x.  Each measure is
    taken only of the squares still in the running."""
    squares = sorted(squares, key=lambda sq: (sq[1], sq[0]))
    if not prefer_cover or len(squares) == 1:  # (one square: no line need be drawn to choose it)
        return squares[0]
    # Row by row, the cover of each square; once a square has the hardest there is (hard),
    # the rest are weighed only as they come, and the first of them no enemy sees ends it.
    hardest: dict[Square, int] = {}
    for sq in squares:
        hardest[sq] = cover = p.best_cover_against(sq)
        if cover == HARDEST:
            unseen = _unseen_in_hard_cover(p, squares, hardest, len(hardest) - 1)
            if unseen is not None:
                return unseen
            break
    top = max(hardest.values())
    fewest: Square | None = None
    least = 0
    for sq in squares:
        if hardest.get(sq) is None:
            hardest[sq] = p.best_cover_against(sq)
        if hardest[sq] != top:
            continue
        seen = p.seen_by(sq, least if fewest is not None else None)
        if fewest is None or seen < least:
            fewest, least = sq, seen
            if seen == 0:  # none can do better, and the squares come row by row
                break
    assert fewest is not None
    return fewest


def _unseen_in_hard_cover(p: Plan, squares: list[Square], hardest: dict[Square, int], start: int) -> Square | None:
    """From squares[start] on (the first in hard cover), the first square in hard cover that no
    enemy sees, weighing each square's cover only until then (kept in `hardest`)."""
    for sq in squares[start:]:
        cover = hardest.get(sq)
        if cover is None:
            cover = hardest[sq] = p.best_cover_against(sq)
        if cover == HARDEST and p.unseen(sq):
            return sq
    return None


@registry.action(says="looks for a firing spot")
def firing_spot(p: Plan, keep_away: int = 0) -> str:
    """Walk to the square with the easiest shot; ties harder cover, then lowest y, x (§6)."""
    if p.out_of_range(p.me.m):  # no square it could walk to has a shot: no search for them
        p.intents.append(("stay", None))
        return "no better place to shoot from"
    options = _kept_away(p, p.moves("walk"), keep_away)
    # The squares by the best need a shot from there could have, each looked along only while it
    # could still match the easiest shot found: the rest cannot be among the easiest.
    floors = p.need_floors(options)
    scored: dict[Square, int] = {}
    easiest = odds.MAX_NEED + 1
    for sq in sorted(options, key=floors.__getitem__):
        # A square with no enemy in range (floor 10) has no shot: once there, no square has one.
        if floors[sq] > min(easiest, odds.MAX_NEED):
            break
        scored[sq] = p.need_from(sq, floors[sq])
        easiest = min(easiest, scored[sq])
    if easiest > odds.MAX_NEED:  # no shot from anywhere it could walk to
        p.intents.append(("stay", None))
        return "no better place to shoot from"
    # Cover is weighed only among the squares with the easiest shot, and only when there are two.
    easiest_at = [sq for sq in scored if scored[sq] == easiest]
    best = easiest_at[0] if len(easiest_at) == 1 else \
        min(easiest_at, key=lambda sq: (-p.best_cover_against(sq), sq[1], sq[0]))
    if best == p.me.at:
        p.intents.append(("stay", None))
        return "no better place to shoot from"
    p.intents.append(("move", best))
    return f"moves to {best[0]},{best[1]} to shoot from there ({scored[best]}+)"


@registry.action(says="holds its ground")
def hold(p: Plan) -> str:
    p.intents.append(("stay", None))
    return ""


@registry.action(says="hides")
def hide(p: Plan) -> str:
    p.intents.append(("hide", None))
    return ""


@registry.action(says=lambda p, pick: f"shoots at {_picked(p, pick)}")
def shoot(p: Plan, pick: str) -> str:
    shots = p.offered("shoot")
    targets = [p.s.models[a.get("target")] for a in shots] if shots else [t for t, _w, _n in p.targets()]
    unique = sorted({m.id: m for m in targets}.values(), key=lambda m: m.id)
    target = choose_model(p, pick, unique)
    if target is None:
        p.intents.append(("pass", None))
        return "nothing to shoot at"
    p.intents.append(("shoot", target.id))
    return f"shoots at {target.name} ({p.need_at(target)}+)"


@registry.action(says=lambda p, spell, pick: f"casts {p.content.spells[spell].name}")
def cast(p: Plan, spell: str, pick: str) -> str:
    casts = [a for a in p.offered("cast") if a.get("spell") == spell]
    among = sorted({a.get("target"): p.s.models[a.get("target")] for a in casts}.values(), key=lambda m: m.id)
    p.intent_spell = spell
    how = "spell_odds" if pick == "best_odds" else pick
    target = choose_model(p, how, among)
    if target is None:
        p.intents.append(("pass", None))
        return "no target for the spell"
    p.intents.append(("cast", (spell, target.id)))
    return f"casts {p.content.spells[spell].name} on {target.name}"


@registry.action(name="pass", says="lets it be")
def pass_(p: Plan) -> str:
    p.intents.append(("pass", None))
    return ""


def _searchable(p: Plan) -> list[str]:
    """The sarcophagi this model may search now (the decision offers it)."""
    return [str(a.get("objective")) for a in p.offered("search")]


@registry.condition(says=lambda p: f"next to sarcophagus {' or '.join(_searchable(p))}, not yet searched",
                    says_not="no sarcophagus to search")
def may_search(p: Plan) -> bool:
    return bool(_searchable(p))


@registry.action(says="searches the sarcophagus")
def search(p: Plan) -> str:
    """The first sarcophagus offered (by letter); the score the relic needs there (§7.3)."""
    letters = _searchable(p)
    if not letters:
        p.intents.append(("pass", None))
        return "nothing to search"
    sc = p.content.scenarios[p.s.scenario]
    needs = sc.search_needs
    need = needs[min(len(p.s.objectives.get("searched", [])), len(needs) - 1)]
    p.intents.append(("search", letters[0]))
    odds_words = "the relic is surely there" if need <= 1 else f"the relic on {need}+"
    return f"searches sarcophagus {letters[0]} ({odds_words})"


@registry.condition(says="it carries the relic", says_not="it carries nothing")
def carrying_relic(p: Plan) -> bool:
    return p.me.carrying


@registry.condition(says=lambda p: "the relic lies within its reach", says_not="the relic is out of its reach")
def can_take_relic(p: Plan) -> bool:
    return bool(objective.relic_takings(p))


@registry.action(says="takes up the relic")
def pick_up(p: Plan) -> str:
    """End a move on or next to the free relic (§7.3): the nearest such square to it, then the
    cheapest way, then the lowest y, x."""
    takings = objective.relic_takings(p)
    lying = objective.free_relic(p)
    if not takings or lying is None:
        p.intents.append(("stay", None))
        return "the relic is out of its reach"
    best = min(takings, key=lambda sq: (distance(sq, lying), takings[sq], sq[1], sq[0]))
    p.intents.append(("move", best))
    how = "runs" if takings[best] // 2 > p.me.m else "moves"
    return f"{how} to {best[0]},{best[1]} and takes up the relic lying at {lying[0]},{lying[1]}"


@registry.action(says="")
def by_role(p: Plan) -> str:
    """Nothing of the scenario's for this model now: its role's own script decides."""
    p.by_role = True
    return ""


@registry.action(says="stands and shoots")
def stand_and_shoot(p: Plan) -> str:
    p.intents.append(("stand_and_shoot", None))
    return ""


@registry.action(says="tries to dispel it")
def dispel(p: Plan) -> str:
    p.intents.append(("dispel", None))
    return ""


@registry.action(says=lambda p, pick: f"{_picked(p, pick)} steps in")
def interceptor(p: Plan, pick: str) -> str:
    options = p.decision.options if p.decision is not None else []
    among = sorted({a.get("model"): p.s.models[a.get("model")] for a in options
                    if a.get("model") in p.s.models}.values(), key=lambda m: m.id)
    chosen = choose_model(p, pick, among)
    if chosen is not None:
        p.intents.append(("model", chosen.id))
    return ""


@registry.action(says="fights with its best weapon")
def best_weapon(p: Plan) -> str:
    foes = [e for e in p.enemies() if p.touching(p.me, e)]
    picks = [a.get("weapon") for a in p.offered("choose_weapon")]
    if not picks:
        return ""

    def dealt(wid: str) -> float:
        extra = p.content.weapons[wid].extra_attacks
        per = max((odds.melee_wounds(p.content, p.me, e, wid) for e in foes), default=0.0)
        return (p.me.a + extra) * per

    best = max(picks, key=lambda w: (dealt(w), -picks.index(w)))
    p.intents.append(("weapon", best))
    return f"fights with the {p.content.weapons[best].name}"


@registry.action(says=lambda p, pick: f"strikes at {_picked(p, pick)}")
def allocate(p: Plan, pick: str) -> str:
    """One attack on a stunned enemy (it is finished without a roll), the rest on the pick (§6)."""
    splits = p.offered("allocate_attacks")
    if not splits:
        return ""
    eligible = sorted({t: p.s.models[t] for a in splits for t, _n in a.get("split")}.values(), key=lambda m: m.id)
    stunned = [m for m in eligible if m.status == "stunned"]
    rest = [m for m in eligible if m.status != "stunned"] or eligible
    main = choose_model(p, pick, rest)
    want: dict[str, int] = {}
    total = sum(n for _t, n in splits[0].get("split"))
    if stunned:
        want[min(stunned, key=_tie).id] = 1
    if main is not None and total - sum(want.values()) > 0:
        want[main.id] = want.get(main.id, 0) + total - sum(want.values())
    p.intents.append(("split", want))
    return ", ".join(f"{n} on {p.s.models[t].name}" for t, n in want.items())


@registry.action(says="takes the shortest way in")
def cheapest_contact(p: Plan) -> str:
    """Lowest path cost (the order the options come in), then fewest enemies touched, lowest y, x."""
    ends = p.offered("choose_destination")
    if not ends:
        return ""
    foes = p.enemies()
    squares = [(a.get("to")[0], a.get("to")[1]) for a in ends]
    costs = p.route_costs(squares, mode="charge")

    def key(sq: Square) -> tuple[int, int, int, int]:
        touched = sum(1 for e in foes if p.field.inside(sq) and distance(sq, e.at) <= 1)
        return (costs.get(sq, 1 << 20), touched, sq[1], sq[0])

    best = min(squares, key=key)
    p.intents.append(("destination", best))
    return f"meets the enemy at {best[0]},{best[1]}"


@registry.action(says=lambda p, place: f"crawls toward {PLACE_WORDS.get(place, place)}")
def crawl_toward(p: Plan, place: str) -> str:
    p.intents.append(("stay_down", None))
    return ""


@registry.action(says="stands up")
def stand_up(p: Plan) -> str:
    p.intents.append(("stand_up", None))
    return ""


@registry.action(says="takes the first turn")
def go_first(p: Plan) -> str:
    p.intents.append(("go_first", None))
    return ""


@registry.action(says="deploys by its role")
def deploy_by_role(p: Plan) -> str:
    p.intents.append(("deploy", None))
    return ""


__all__ = ["COVER_RANK", "registry"]
