"""Moving models (§5.1, §5.3): allowances, walking and running, crawling, climbing, dropping
and falling, edge slips, standing up, hiding and being found."""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from operator import itemgetter
from typing import Any

from ...engine.game import Game, Procedure
from ...engine.words import counted
from .battle import field_of
from .contact import enemies_touching, enemy_squares
from .damage import Hits, wound
from .distance import distance, touching, within
from .moves import Mode, Route, kept_costs, move_options
from .rolls import i_test, roll_d3
from .seeing import sightlines
from .sight import detects, hidden_ok, hiding_place
from .state import GONE, KNOCKED_DOWN, STUNNED, Model, Sq, State, placed

RUN_BLOCK = 8  # no running with a standing, unhidden, non-fleeing enemy this near
UNDEAD_RUN = 6  # undead run only if they start their move this near their standing leader
CRAWL = 2


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
    foes = [e.at for e in s.on_table(3 - side) if e.standing and not e.fleeing and not e.hidden]
    # A foe within 8 (one loop over their squares, stopping at the first: not a distance() call per foe).
    s.no_run = [m.id for m in s.on_table(side) if within(m.at, foes, RUN_BLOCK)]


def may_move(game: Game, model: Model) -> bool:
    """Other moves (§5.3): not in combat (unless only down enemies touch it, or a crawl out),
    not fleeing, stunned, rallied, after a failed fear test, a charge, or a fall."""
    s: State = game.state
    if not model.on_table or model.fleeing or model.status == STUNNED or model.rallied or model.failed_fear:
        return False
    if model.charged or model.failed_charge or model.fell or model.moved:
        return False
    if model.status != KNOCKED_DOWN and not model.stood_up:
        # The common case, asked of every model at every step of the phase: no standing enemy
        # touches it (enemies_touching's test, stopping at the first standing one), kept while
        # no model moves or changes.
        kept = placed(s)
        key = ("held", model.id)
        held = kept.get(key)
        if held is None:
            held = kept[key] = _held(s, field_of(game), model)
        return not held
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


def _held(s: State, field: Any, model: Model) -> bool:
    """A standing enemy touches the model."""
    return not touching(field, model.at).isdisjoint(enemy_squares(s, model.side, standing=True))


def squares_of(s: State, model: Model) -> tuple[list[Sq], list[Sq]]:
    """The enemies' squares and the friends' (others than the model), for move_options.  Kept
    while no model moves or changes (state.placed), copies given: asked at every move, charge
    and route made."""
    kept = placed(s)
    key = ("squares_of", model.id)
    found = kept.get(key)
    if found is None:
        # One pass, Model.on_table read directly.
        enemies: list[Sq] = []
        friends: list[Sq] = []
        side = model.side
        for m in s.models.values():
            if m.pos is not None and m.status not in GONE and m is not model:
                (friends if m.side == side else enemies).append(m.pos)
        found = kept[key] = (enemies, friends)
    return list(found[0]), list(found[1])


_ROW_BY_ROW = itemgetter(1, 0)  # a square's (y, x)


# How a move reaches a square: the move (mode, allowance) whose search reached it.
How = tuple[Mode, int]


class Reach(Mapping[Sq, How]):
    """Where an ordinary move may end (`reach`): each square with the move whose search reached
    it, row by row.  Asked square by square (whether the model may go there, and how), a walk's
    or a run's square is looked up in that search's kept costs, and a run is searched only when
    a square the walk does not reach is asked about: the AI asks for one square of a walk it
    weighed, and then no run is searched for the offers.  Read whole (a player's offers), it is
    the same table, made then."""

    def __init__(self, field: Any, at: Sq, walking: How, running: How | None,
                 enemies: list[Sq], friends: list[Sq]) -> None:
        self.field, self.at, self.walking, self.running = field, at, walking, running
        self.enemies, self.friends = enemies, set(friends)
        self._walk: dict[Sq, int] | None = None
        self._run: dict[Sq, int] | None = None
        self._whole: dict[Sq, How] | None = None

    def _costs(self, how: How) -> dict[Sq, int]:
        return kept_costs(self.field, self.at, how[1], mode=how[0], enemies=self.enemies)

    def walk(self) -> dict[Sq, int]:
        if self._walk is None:
            self._walk = self._costs(self.walking)
        return self._walk

    def run(self) -> dict[Sq, int]:
        if self._run is None:
            assert self.running is not None
            self._run = self._costs(self.running)
        return self._run

    def get(self, sq: Sq, default: Any = None) -> Any:
        if sq in self.friends:
            return default
        if sq in self.walk():
            return self.walking
        if self.running is not None and sq in self.run():
            return self.running
        return default

    def __getitem__(self, sq: Sq) -> How:
        found: How | None = self.get(sq)
        if found is None:
            raise KeyError(sq)
        return found

    def __contains__(self, sq: object) -> bool:
        return self.get(sq) is not None  # type: ignore[arg-type]

    def __bool__(self) -> bool:
        friends = self.friends
        return any(sq not in friends for sq in self.walk()) or (
            self.running is not None and any(sq not in friends for sq in self.run()))

    def whole(self) -> dict[Sq, How]:
        """Every square, row by row, with its move: a walk's square is a walk's."""
        if self._whole is None:
            friends = self.friends
            walk = {sq: self.walking for sq in self.walk() if sq not in friends}
            if self.running is None:
                self._whole = walk
            else:
                out = {sq: self.running for sq in self.run() if sq not in friends}
                ran = len(out)
                out.update(walk)  # a square the walk reaches is a walk's
                # When the run reaches every square the walk does, its order (row by row) is the union's.
                self._whole = out if len(out) == ran else {sq: out[sq] for sq in sorted(out, key=_ROW_BY_ROW)}
        return self._whole

    def __iter__(self) -> Iterator[Sq]:
        return iter(self.whole())

    def __len__(self) -> int:
        return len(self.whole())


def reach(game: Game, model: Model) -> Reach:
    """Where an ordinary move may end: a crawl for a knocked-down model, else a walk of M (a
    climb only as its first step), and a run of 2M when it may run; row by row.  The squares
    alone, from the searches' kept costs: the routes are made for the square taken
    (`routes_to`), and for every square only when the offers are read."""
    s: State = game.state
    enemies, friends = squares_of(s, model)
    if model.status == KNOCKED_DOWN:
        return Reach(field_of(game), model.at, ("crawl", CRAWL), None, enemies, friends)
    walking: How = ("walk", model.m // 2 if model.stood_up else model.m)
    running: How | None = ("run", 2 * model.m) if may_run(s, model) else None
    return Reach(field_of(game), model.at, walking, running, enemies, friends)


def routes_to(game: Game, model: Model, found: Reach, squares: Iterable[Sq] | None = None) -> dict[Sq, Route]:
    """The canonical routes to these squares of `found` (None: all of them), in its order: one
    search's answer for the squares each move reached (read off its kept search)."""
    wanted = found.whole() if squares is None else {sq: found[sq] for sq in squares}
    enemies, friends = squares_of(game.state, model)
    field = field_of(game)
    routes: dict[Sq, Route] = {}
    for mode, allowance in dict.fromkeys(wanted.values()):
        goals = [sq for sq, how in wanted.items() if how == (mode, allowance)]
        routes.update(move_options(field, model.at, allowance, mode=mode, enemies=enemies, friends=friends,
                                   goals=goals))
    return {sq: routes[sq] for sq in wanted}


def destinations(game: Game, model: Model) -> dict[Sq, Route]:
    """Where an ordinary move may end (`reach`), with its canonical route."""
    return routes_to(game, model, reach(game, model))


def free_near(game: Game, sq: Sq, model: Model) -> Sq:
    """The square itself when a model may stand there, else the nearest free square it may stand
    on at the same floor (then any floor), lowest y,x on a tie: where a fall or a halted move lands."""
    s: State = game.state
    field = field_of(game)
    here = s.at(sq)
    if field.standable(sq) and (here is None or here is model):
        return sq
    floor = field.height_at(sq)
    spots = [q for q in field.squares() if field.standable(q) and s.at(q) is None]
    return min(spots, key=lambda q: (distance(q, sq), field.height_at(q) != floor, q[1], q[0]))


def walk(game: Game, model: Model, route: Route, why: str = "moves") -> Procedure:
    """Along the canonical route, step by step: a climb, a leap and each full 2 levels of a drop
    test Initiative; a failed climb up ends the move where it stands, any other failure falls.
    Returns the landing squares of the drops passed, or None when the move was cut short.

    A model passes through friends but never shares a square with one: while it crosses a
    friend's square (where a test may be rolled) it is still shown on the last free square it
    passed, and a failed climb up from a friend's square leaves it on the nearest free one."""
    s: State = game.state
    field = field_of(game)
    start = here = model.at
    model.moved = True
    model.ran = model.ran or route.squares > model.m
    landings: list[Sq] = []
    # Where the others stand, looked at once: no one else moves while it walks (a test's roll
    # is the only thing asked on the way).
    taken = {m.pos for m in s.models.values() if m is not model and m.pos is not None and m.status not in GONE}
    for step in route.steps:
        levels = (field.height_at(here) or 0) - (field.height_at(step.to) or 0)
        if step.way == "drop":
            for _ in range(step.levels // 2):
                if not (yield from i_test(game, "sk.move.drop", model, f"drop {counted(levels, 'level')}")):
                    model.pos = free_near(game, step.to, model)
                    yield from fall(game, model, levels)
                    return None
            landings.append(step.to)
        elif step.way == "climb":
            up = levels < 0
            if not (yield from i_test(game, "sk.move.climb", model, f"climb {'up' if up else 'down'} "
                                      f"{counted(abs(levels), 'level')}")):
                if up:
                    model.pos = free_near(game, here, model)
                    game.emit("note", model=model.id, text=f"{model.name} cannot get a grip and stays put.")
                else:
                    model.pos = free_near(game, step.to, model)
                    yield from fall(game, model, levels)
                return None
        elif step.way == "leap" and not (yield from i_test(game, "sk.move.leap", model, "leap the gap")):
            gap = (here[0] + _sign(step.to[0] - here[0]), here[1] + _sign(step.to[1] - here[1]))
            model.pos = free_near(game, gap, model)
            yield from fall(game, model, max(0, (field.height_at(here) or 0) - (field.height_at(model.at) or 0)))
            return None
        here = step.to
        if here not in taken:
            model.pos = here
            if model.hidden and spotted_on_the_way(game, model):
                model.hidden = False
                game.emit("revealed", model=model.id, at=list(model.at),
                          text=f"{model.name} is spotted on its way at {model.at[0]},{model.at[1]}.")
    model.pos = here
    game.emit("move", model=model.id, frm=list(start), to=list(model.at), run=model.ran,
              text=f"{model.name} {'runs' if model.ran else why} to {model.at[0]},{model.at[1]}.")
    yield from reveal_seen(game)
    return landings


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


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


def spotted_on_the_way(game: Game, model: Model) -> bool:
    """§5.2: a hidden model walking stays hidden only if no standing enemy detects it on any
    square of its path (the end square must also still be a hiding place: reveal_seen)."""
    s: State = game.state
    field = field_of(game)
    lines = sightlines(s)
    return any(detects(field, e.at, e.i, model.at, lines) for e in s.on_table(3 - model.side) if e.standing)


def can_hide(game: Game, model: Model) -> bool:
    """§5.2: not after running, charging, fleeing or a fall, nor stunned; a hiding place that no
    standing enemy detects."""
    if (not model.on_table or model.hidden or model.ran or model.charged or model.fleeing or model.fell
            or model.status == STUNNED or model.hid_blocked):
        return False
    if not hiding_place(field_of(game), model.at):  # asked for every model at every step of the phase
        return False
    return unspotted(game, model.at, model.side)


def unspotted(game: Game, sq: Sq, side: int) -> bool:
    """A model of `side` may hide, or stay hidden, on `sq`: no standing enemy detects it there.
    Kept with the sight lines until a model moves or changes (the movement phase asks it of
    every model at every step)."""
    s: State = game.state
    lines = sightlines(s)
    found = lines.hiding.get((sq, side))
    if found is None:
        spotters = [(e.at, e.i) for e in s.on_table(3 - side) if e.standing]
        found = lines.hiding[(sq, side)] = hidden_ok(field_of(game), sq, spotters, lines)
    return found


def reveal_seen(game: Game) -> Procedure:
    """Detection after every completed move, stand-up or placement."""
    s: State = game.state
    for m in s.models.values():
        if m.hidden and m.on_table and not unspotted(game, m.at, m.side):
            m.hidden = False
            game.emit("revealed", model=m.id, text=f"{m.name} is spotted.")
    return
    yield
