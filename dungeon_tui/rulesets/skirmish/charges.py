"""Charges (§5.3, 2a): declared and resolved one at a time: spotting, the charger's fear, the
target's reaction (hold, stand and shoot, flee), the destination, the target's fear,
interception, the move with its drops, diving charges, failed charges and fleeing targets."""
from __future__ import annotations

from collections.abc import Iterator

from ...engine.game import Action, Decision, Game, Procedure
from . import relic
from .battle import field_of
from .contact import enemies_touching, in_combat
from .distance import contact_squares, distance
from .moves import Route, along, charge_squares, move_options, route_toward
from .fleeing import flee_away, flee_to_edge
from .movement import squares_of, walk
from .phase_offers import model_choice
from .psychology import fear_test, unit_strength
from .rolls import i_test
from .seeing import sightlines
from .sight import KeptLines, can_see
from .shooting import missile_weapons, shoot, valid_shots
from .state import STANDING, Model, Sq, State

SPOT_RANGE = 4
DIVE_REACH = 2
INTERCEPT_REACH = 2


def may_charge(game: Game, m: Model) -> bool:
    s: State = game.state
    return (m.standing and not m.fleeing and not m.stood_up and not m.rallied and not m.charged
            and not m.failed_charge and not m.failed_fear and not m.moved and not m.no_shoot
            and not in_combat(s, field_of(game), m))


def charge_targets(game: Game, m: Model, lines: KeptLines | None = None) -> list[tuple[Model, bool]]:
    """Seen enemies, and unhidden ones within 4 it must first spot: (target, needs a spot test).
    `lines`: sightlines(s), when the caller asks of every model before anything moves."""
    return list(_targets(game, m, sightlines(game.state) if lines is None else lines))


def has_target(game: Game, m: Model, lines: KeptLines) -> bool:
    """charge_targets is not empty, no line drawn past the first target found (whether the
    charges phase asks at all: most models' offers are never read)."""
    return next(_targets(game, m, lines), None) is not None


def _targets(game: Game, m: Model, lines: KeptLines) -> Iterator[tuple[Model, bool]]:
    """charge_targets one at a time."""
    s: State = game.state
    for e in s.on_table(3 - m.side):
        spot = charge_target(game, m, e, lines)
        if spot is not None:
            yield e, spot


def charge_target(game: Game, m: Model, e: Model, lines: KeptLines) -> bool | None:
    """Whether the enemy `e` (on the table) is one of m's charge targets: None when not, else
    whether m must first spot it (the AI asks it of the enemies in reach alone)."""
    if e.hidden:
        return None
    # What seeing.sees asks, the target on the table: the rules ask it at every charge.
    if m.on_table and can_see(field_of(game), m.at, e.at, lines, target_low=e.status != STANDING):
        return False
    return True if distance(m.at, e.at) <= SPOT_RANGE else None


def charge_phase(game: Game, side: int) -> Procedure:
    s: State = game.state
    seat = s.seat(side)
    end = Action.make(seat, "end_charges", text="No more charges")
    while s.result is None:
        lines = sightlines(s)  # nothing moves while the offers are made

        def offers(m: Model, _kind: str | None, lines: KeptLines = lines) -> list[Action]:
            if not may_charge(game, m):
                return []
            # Built as Action.make would build them (plain arguments, sorted by name): the
            # offers are made again after every charge declared.
            return [Action.sorted_plain(seat, "declare_charge",
                                        f"{m.name} {'spots and charges' if spot else 'charges'} {target.name}",
                                        (("model", m.id), ("spot", spot), ("target", target.id)))
                    for target, spot in charge_targets(game, m, lines)]

        def charges_one(m: Model, lines: KeptLines = lines) -> bool:
            return may_charge(game, m) and has_target(game, m, lines)

        decision = model_choice(seat, "Charges: declare one, or go on to the other moves", s.side_models(side),
                                offers, end, {"phase": "charges"}, has_offer=charges_one)
        if decision is None:
            return
        choice = yield decision
        if choice.kind == "end_charges":
            return
        yield from resolve(game, s.models[choice.get("model")], s.models[choice.get("target")], choice.get("spot"))


def charge_ends(game: Game, charger: Model, target: Model) -> dict[Sq, Route]:
    """The free squares touching the target a charge may end on, each with its canonical route."""
    s: State = game.state
    enemies, friends = squares_of(s, charger)
    return charge_squares(field_of(game), charger.at, 2 * charger.m, target.at, enemies=enemies, friends=friends)


def resolve(game: Game, charger: Model, target: Model, spot: bool) -> Procedure:
    game.emit("charge", model=charger.id, target=target.id, text=f"{charger.name} charges {target.name}!")
    if spot:
        seen = yield from i_test(game, "sk.move.spot", charger, f"spot {target.name}")
        if not seen:
            charger.failed_charge = True
            game.emit("note", model=charger.id, text=f"{charger.name} cannot make out {target.name}: no charge.")
            return
    if target.causes_fear and not (yield from fear_test(game, charger, target)):
        charger.failed_fear = True
        game.emit("note", model=charger.id, text=f"{charger.name} dares not charge: no move or shot this turn.")
        return
    if target.fleeing:
        yield from _reach_fleeing(game, charger, target)
        return
    yield from react(game, charger, target)
    if not target.on_table or not charger.standing:
        charger.failed_charge = True
        return
    ends = charge_ends(game, charger, target)
    if not ends:
        yield from failed(game, charger, target)
        return
    to = yield from destination(game, charger, target, ends)
    if charger.causes_fear and not (yield from fear_test(game, target, charger)):
        if unit_strength(target) < unit_strength(charger):  # outmatched as well as afraid: it runs
            yield from flee_away(game, target, [charger], "flees in terror")
            if target.on_table:
                yield from _reach_fleeing(game, charger, target)
            else:
                charger.failed_charge = True
            return
        target.fear_sixes = True
    route = ends[to]
    route = yield from intercept(game, charger, target, route, reaches=True)
    if route is None:  # the interceptor stands in its first step: they fight where it is
        _charged(game, charger)
        return
    landings = yield from walk(game, charger, route, "charges")
    relic.take_up(game, charger)
    if landings is None:
        charger.failed_charge = True
        return
    charger.ran = False
    _charged(game, charger)
    if any(distance(sq, target.at) <= DIVE_REACH for sq in landings) and charger.standing:
        charger.diving = True
        game.emit("note", model=charger.id, text=f"{charger.name} makes a diving charge: +1 Strength and +1 to hit.")


def _charged(game: Game, charger: Model) -> None:
    s: State = game.state
    charger.charged = charger.moved = charger.first_round = True
    for e in enemies_touching(s, field_of(game), charger):
        e.first_round = True


def react(game: Game, charger: Model, target: Model) -> Procedure:
    """The reacting seat: hold, stand and shoot, or flee; a target in combat or down only holds."""
    s: State = game.state
    if target.down or in_combat(s, field_of(game), target):
        return
    seat = s.seat(target.side)
    options = [Action.make(seat, "hold", text=f"{target.name} holds", model=target.id)]
    for wid in missile_weapons(game, target):
        if (target.stood_and_shot or not target.standing or (game.content.weapons[wid].move_or_fire and target.moved)
                or distance(target.at, charger.at) <= charger.m):
            continue
        for x in valid_shots(game, target, wid, charging=charger):
            many = f", {x.shots} shots" if x.shots > 1 else ""
            options.append(Action.make(seat, "stand_and_shoot", model=target.id, weapon=wid, shots=x.shots,
                                       need=x.need, text=f"{target.name} stands and shoots ({x.need}+{many})"))
    if not target.immune:
        options.append(Action.make(seat, "flee", text=f"{target.name} flees", model=target.id))
    choice = yield Decision(seat, f"React to the charge ({charger.name} charges {target.name})", options,
                            context={"figure": target.id, "charger": charger.id})
    if choice.kind == "stand_and_shoot":
        target.stood_and_shot = True
        x = next(x for x in valid_shots(game, target, choice.get("weapon"), charging=charger)
                 if x.shots == choice.get("shots"))
        yield from shoot(game, target, x)
    elif choice.kind == "flee":
        yield from flee_away(game, target, [charger], "flees from the charge")


def destination(game: Game, charger: Model, target: Model, ends: dict[Sq, Route]) -> Procedure:
    s: State = game.state
    seat = s.seat(charger.side)
    if len(ends) == 1:
        return next(iter(ends))
    order = sorted(ends, key=lambda q: (ends[q].cost, q[1], q[0]))
    options = [Action.make(seat, "choose_destination", text=f"{charger.name} charges to {sq[0]},{sq[1]}",
                           model=charger.id, to=list(sq)) for sq in order]
    choice = yield Decision(seat, f"{charger.name}: where to meet {target.name}", options,
                            context={"figure": charger.id})
    x, y = choice.get("to")
    return (x, y)


def _first(route: Route, k: int) -> Route:
    """The first k steps of a route."""
    steps = route.steps[:k]
    return Route(sum(x.cost for x in steps), sum(x.tests for x in steps), steps)


def intercept(game: Game, charger: Model, target: Model, route: Route, reaches: bool) -> Procedure:
    """Interception along a charge's route (its last square, next to the target, is not open to
    it when the charge reaches): the route cut short before the interceptor's square, None when
    the charger meets it where it stands, or the route itself when nobody steps in."""
    s: State = game.state
    path = list(route.path)
    stop = yield from interception(game, charger, target, path[:-1] if reaches else path)
    if stop is None:
        return route
    j, ic = stop
    ic_from = ic.at
    ic.pos = path[j]
    game.emit("intercept", model=ic.id, to=list(ic.at), frm=list(ic_from),
              text=f"{ic.name} steps in to intercept {charger.name}.")
    relic.take_up(game, ic)
    # The charger stops on the last square before the interceptor where a model may stand: not
    # on a friend it was passing, nor on a square it was only crossing (a wall it climbs over).
    fld = field_of(game)
    k = j
    while k > 0 and (s.at(path[k - 1]) is not None or not fld.standable(path[k - 1])):
        k -= 1
    return _first(route, k) if k else None


def interception(game: Game, charger: Model, target: Model, path: list[Sq]) -> Procedure:
    """§5.3 step 7 (house D10): the enemies able to step (cost 2 or less) onto a free path square
    within 2 of them, the earliest square winning; between models tied on it the reacting seat
    chooses.  Returns (the path index, the interceptor) or None."""
    s: State = game.state
    fld = field_of(game)
    found: list[tuple[int, Model]] = []
    for ic in s.on_table(target.side):
        if ic is target or not ic.standing or ic.fleeing or ic.hidden:
            continue
        # The path squares within its reach first: a model far from the path is not searched.
        at = ic.at
        close = [j for j, sq in enumerate(path) if sq != at and distance(at, sq) <= INTERCEPT_REACH]
        if not close or in_combat(s, fld, ic):
            continue
        enemies, friends = squares_of(s, ic)
        near = move_options(fld, at, INTERCEPT_REACH, mode="intercept", enemies=enemies, friends=friends)
        for j in close:
            if path[j] in near and s.at(path[j]) is None:
                found.append((j, ic))
                break
    if not found:
        return None
    j = min(k for k, _ in found)
    tied = sorted((ic for k, ic in found if k == j), key=lambda m: m.id)
    if len(tied) == 1:
        return j, tied[0]
    seat = s.seat(target.side)
    sq = path[j]
    options = [Action.make(seat, "intercept", text=f"{ic.name} steps in at {sq[0]},{sq[1]}", model=ic.id)
               for ic in tied]
    choice = yield Decision(seat, f"Who steps in to intercept {charger.name}?", options,
                            context={"figure": tied[0].id, "charger": charger.id})
    return j, s.models[choice.get("model")]


def failed(game: Game, charger: Model, target: Model) -> Procedure:
    """No square in contact within reach: up to M along the canonical path toward the target
    (to the last square on it where a model may stop); no shooting this turn."""
    s: State = game.state
    fld = field_of(game)
    charger.failed_charge = True
    game.emit("note", model=charger.id, text=f"{charger.name} falls short of {target.name}.")
    enemies, friends = squares_of(s, charger)
    goals = [sq for sq in contact_squares(fld, target.at) if fld.standable(sq)]
    route = route_toward(fld, charger.at, goals, mode="charge", enemies=enemies, friends=friends)
    if route is not None:
        part = along(route, charger.m)
        k = len(part.steps)
        while k > 0 and (s.at(part.path[k - 1]) is not None or not fld.standable(part.path[k - 1])
                         or part.path[k - 1] in goals):
            k -= 1
        if k:
            part = _first(part, k)
            cut = yield from intercept(game, charger, target, part, reaches=False)
            if cut is part:
                yield from walk(game, charger, part, "stumbles forward")
            elif cut is None or (yield from walk(game, charger, cut, "charges")) is not None:
                _charged(game, charger)  # stopped by an interceptor: it fights it as a charger
            relic.take_up(game, charger)
    charger.ran = False


def _reach_fleeing(game: Game, charger: Model, target: Model) -> Procedure:
    """A fleeing target: the charger is placed in contact, then the target flees again toward
    the nearest edge before any blow; the charger counts as having charged."""
    ends = charge_ends(game, charger, target)
    if not ends:
        yield from failed(game, charger, target)
        return
    to = yield from destination(game, charger, target, ends)
    landings = yield from walk(game, charger, ends[to], "charges")
    relic.take_up(game, charger)
    if landings is not None:
        _charged(game, charger)
        yield from flee_to_edge(game, target)

