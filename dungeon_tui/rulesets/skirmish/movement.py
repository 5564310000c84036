"""Moving models (§5.1, §5.3): allowances, walking and running, crawling, climbing, dropping
and falling, edge slips, standing up, hiding and being found."""
from __future__ import annotations

from ...engine.game import Game, Procedure
from ...engine.words import counted
from .battle import field_of
from .contact import contact_zone, enemies_touching, square_in_contact
from .damage import Hits, wound
from .distance import distance
from .paths import path_to, routes
from .rolls import i_test, roll_d3
from .seeing import blockers
from .sight import hidden_ok
from .state import KNOCKED_DOWN, STUNNED, Model, Sq, State

RUN_BLOCK = 8  # no running with a standing, unhidden, non-fleeing enemy this near
UNDEAD_RUN = 6  # undead run only if they start their move this near their standing leader
CRAWL = 2
Found = dict[Sq, tuple[int, int, Sq | None]]


def allowance(s: State, model: Model) -> int:
    """Squares it may spend this turn: a crawl, half M the turn it stood up, M, or 2M running."""
    if model.status == KNOCKED_DOWN:
        return CRAWL
    if model.stood_up:
        return model.m // 2
    return 2 * model.m if may_run(s, model) else model.m


def may_run(s: State, model: Model) -> bool:
    if model.stood_up or model.carrying or model.id in s.no_run:
        return False
    if model.has("undead"):
        lead = s.leader(model.side)
        return bool((lead and lead is not model and lead.standing and distance(lead.at, model.at) <= UNDEAD_RUN)
                    or lead is model)
    return True


def run_snapshot(s: State, side: int) -> None:
    """Taken once the charges are resolved (§5.3): who has an enemy within 8 and may not run."""
    foes = [e for e in s.on_table(3 - side) if e.standing and not e.fleeing and not e.hidden]
    s.no_run = [m.id for m in s.on_table(side) if any(distance(m.at, e.at) <= RUN_BLOCK for e in foes)]


def may_move(game: Game, model: Model) -> bool:
    """Other moves (§5.3): not in combat (unless only down enemies touch it, or a crawl out),
    not fleeing, stunned, rallied, after a failed fear test, a charge, or a fall."""
    s: State = game.state
    if not model.on_table or model.fleeing or model.status == STUNNED or model.rallied or model.failed_fear:
        return False
    if model.charged or model.failed_charge or model.fell or model.moved:
        return False
    foes = enemies_touching(s, field_of(game), model)
    if model.status == KNOCKED_DOWN:
        if model.stood_up:
            return False
        standing = [e for e in foes if e.standing]
        return all(any(f is not model and f.side == model.side for f in enemies_touching(s, field_of(game), e))
                   for e in standing)
    if model.stood_up and foes:
        return False
    return all(not e.standing for e in foes)


def destinations(game: Game, model: Model, budget: int | None = None) -> Found:
    """The canonical paths of an ordinary move: through friends, never onto an enemy or into
    contact with one, drops allowed (a crawl takes normal steps only)."""
    s: State = game.state
    field = field_of(game)
    enemies = {m.at for m in s.models.values() if m.on_table and m.side != model.side}
    zone = contact_zone(s, field, model.side)

    def passable(sq: Sq) -> bool:
        return sq not in enemies and sq not in zone

    return routes(field, model.at, allowance(s, model) if budget is None else budget, passable=passable,
                  drops=model.status != KNOCKED_DOWN)


def end_squares(game: Game, found: Found) -> list[Sq]:
    """The squares of `found` a move may end on: free and standable, row by row."""
    s: State = game.state
    field = field_of(game)
    taken = {m.at for m in s.models.values() if m.on_table}
    return sorted((sq for sq in found if sq not in taken and field.standable(sq)), key=lambda q: (q[1], q[0]))


def climbs(game: Game, model: Model) -> dict[Sq, int]:
    """Climbs from the square it started on (§5.1): a neighbour 2+ levels up, cost its height,
    not when running (so never beyond M); not for animals."""
    s: State = game.state
    field = field_of(game)
    if model.status != "standing" or model.moved or model.has("animal"):
        return {}
    out = {}
    here = field.height_at(model.at) or 0
    for nb in field.neighbours(model.at):
        if field.step_kind(model.at, nb) != "climb" or s.at(nb) or not field.standable(nb):
            continue
        if square_in_contact(s, field, nb, model.side):
            continue
        rise = (field.height_at(nb) or 0) - here
        if rise <= (model.m // 2 if model.stood_up else model.m):
            out[nb] = rise
    return out


def walk(game: Game, model: Model, to: Sq, found: Found, why: str = "moves") -> Procedure:
    """Along the canonical path: each drop tested, a failure falls onto the landing square and
    ends the move.  Returns the landing squares of the drops passed, or None after a fall."""
    field = field_of(game)
    path = path_to(found, to)
    start = model.at
    cost = found[to][0]
    model.moved = True
    if cost // 2 > model.m:
        model.ran = True
    landings: list[Sq] = []
    for step in path:
        here = model.at
        drop = (field.height_at(here) or 0) - (field.height_at(step) or 0)
        if drop >= 2 and field.step_kind(here, step) == "drop":
            for _ in range(drop // 2):
                ok = yield from i_test(game, "sk.move.drop", model, f"drop {counted(drop, 'level')}")
                if not ok:
                    model.pos = step
                    yield from fall(game, model, drop)
                    return None
            landings.append(step)
        model.pos = step
    game.emit("move", model=model.id, frm=list(start), to=list(to), run=model.ran,
              text=f"{model.name} {'runs' if model.ran else why} to {to[0]},{to[1]}.")
    yield from reveal_seen(game)
    return landings


def climb(game: Game, model: Model, to: Sq) -> Procedure:
    """sk.move.climb: up on a pass; a failed climb up means no move this turn."""
    field = field_of(game)
    rise = (field.height_at(to) or 0) - (field.height_at(model.at) or 0)
    ok = yield from i_test(game, "sk.move.climb", model, f"climb {counted(rise, 'level')}")
    model.moved = True
    if ok:
        start = model.at
        model.pos = to
        game.emit("move", model=model.id, frm=list(start), to=list(to), run=False,
                  text=f"{model.name} climbs to {to[0]},{to[1]}.")
        yield from reveal_seen(game)
    return ok


def fall(game: Game, model: Model, levels: int) -> Procedure:
    """D3 hits at S = levels fallen, no armour save, never critical; no more moving or hiding."""
    model.fell, model.hidden = True, False
    game.emit("fall", model=model.id, levels=levels, text=f"{model.name} falls {counted(levels, 'level')}.")
    hits = yield from roll_d3(game, "sk.move.fall_hits", "the hits of the fall")
    yield from wound(game, model, Hits("sk.move.fall_wound", "the fall", hits, levels, critical=False, armour=False))


def edge_slip(game: Game, model: Model) -> Procedure:
    """A model that becomes down next to a floor 2+ levels lower tests sk.move.edge_slip; on a
    failure it falls there (the lowest such floor, then lowest y,x)."""
    s: State = game.state
    field = field_of(game)
    if not model.down:
        return
    here = field.height_at(model.at) or 0
    below = [nb for nb in field.neighbours(model.at)
             if field.standable(nb) and (field.height_at(nb) or 0) <= here - 2 and s.at(nb) is None]
    if not below:
        return
    ok = yield from i_test(game, "sk.move.edge_slip", model, "keep its footing at the edge")
    if not ok:
        to = min(below, key=lambda sq: (field.height_at(sq) or 0, sq[1], sq[0]))
        model.pos = to
        yield from fall(game, model, here - (field.height_at(to) or 0))


def can_hide(game: Game, model: Model) -> bool:
    """§5.2: not after running, charging, fleeing or a fall, nor stunned; a hiding place that no
    standing enemy detects."""
    s: State = game.state
    if (not model.on_table or model.hidden or model.ran or model.charged or model.fleeing or model.fell
            or model.status == STUNNED or model.hid_blocked):
        return False
    field = field_of(game)
    spotters = [(e.at, e.i) for e in s.on_table(3 - model.side) if e.standing]
    return hidden_ok(field, model.at, spotters, blockers(s, model))


def reveal_seen(game: Game) -> Procedure:
    """Detection after every completed move, stand-up or placement."""
    s: State = game.state
    field = field_of(game)
    for m in s.models.values():
        if m.hidden and m.on_table:
            spotters = [(e.at, e.i) for e in s.on_table(3 - m.side) if e.standing]
            if not hidden_ok(field, m.at, spotters, blockers(s, m)):
                m.hidden = False
                game.emit("revealed", model=m.id, text=f"{m.name} is spotted.")
    return
    yield
