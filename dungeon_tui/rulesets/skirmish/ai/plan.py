"""What one model of the automated side looks at when its script runs (spec §6): the battlefield,
friends and enemies, sight, reach and odds, all measured exactly on the present state.  A script
fills `intents` (what the model means to do); the seat then picks the offered action that does it."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter
from typing import Any

from ....engine.game import Action, Decision, Game
from ..charges import charge_target, may_charge as rules_may_charge
from ..distance import distance, nearest_distance, nearest_of, touching, within
from ..moves import Route, charge_squares, move_costs, move_options
from ..phase_offers import ModelChoice
from ..sight import can_see, cover, hidden_ok
from ..state import Model, State
from ..terrain import Battlefield, Square, battlefield_for
from . import odds
from .board import Board, board_of, kept

RUN_BLOCK = 8  # no running with a standing enemy this close (§5.3)
INTERCEPT_REACH = 2  # an interceptor steps at most this far, onto a path square within 2 (§5.3 step 7)
COVER_PENALTY = odds.COVER_PENALTY
COVER_RANK = {"none": 0, "soft": 1, "hard": 2}
# A missile weapon as a plan weighs shots: range, thrown, fires only without moving, the enemies
# it could be shot at (square, down) and their squares.
_Missile = tuple[int, bool, bool, list[tuple[Square, bool]], list[Square]]


_UNASKED = object()  # a plan's offered charges not yet worked out
_NEAREST = itemgetter(0)  # a (distance, square, down) by its distance


@dataclass(init=False)
class Plan:
    """One model's look at the battle for one decision.  Nothing moves while the AI thinks, so
    what the plan measures of the board (the battlefield, who is where, who fights, the sight
    blockers, charge reach) is worked out once per plan and kept; the lists it returns are
    shared and never changed by their readers."""

    game: Game
    me: Model
    decision: Decision | None = None
    intents: list[tuple[str, Any]] = field(default_factory=list)
    stop: bool = False
    picked: dict[str, Model | None] = field(default_factory=dict)  # what each selector found
    intent_spell: str | None = None  # the spell being aimed, for its odds
    # It asked whether the model could hide where it stands without a decision offering it
    # (the answer a decision asking where it goes would not give the same way).
    asked_hiding: bool = False
    # The scenario's script had nothing to say for this model: its role's script decides.
    by_role: bool = False
    _charges: dict[str, dict[Square, Route]] | None = None
    _charging: frozenset[str] | object | None = _UNASKED  # see offered_charges
    _enemies: list[Model] | None = None
    _standing_enemies: list[Model] | None = None
    _offered: dict[str, list[Action]] | None = None
    _shots: list[_Missile] | None = None
    _near: dict[Square, int] | None = None  # see _foe_distances
    _seers: list[Model] | None = None  # see seen_by
    _in_reach: list[Model] | None = None  # see charge_candidates

    # -- the scene -------------------------------------------------------------------------------

    def __init__(self, game: Game, me: Model, decision: Decision | None = None) -> None:
        # Written out, not the dataclass's: a plan is made for every script run (some 250 a
        # battle), and the fields left out read their defaults off the class until written.
        self.game, self.me, self.decision = game, me, decision
        self.intents = []
        self.picked = {}
        # Plain attributes, not properties: a plan reads them some forty times a decision.
        self.s: State = game.state
        self.content: Any = self.game.content
        self.field: Battlefield = battlefield_for(self.content, self.s.scenario)
        # What is kept of the board as it stands (shared with the other plans made on it).
        self.board: Board = board_of(self.game)

    def enemies(self) -> list[Model]:
        """Enemies on the table, in id order."""
        if self._enemies is None:
            self._enemies = self.board.side(self.s, 3 - self.me.side)
        return self._enemies

    def friends(self) -> list[Model]:
        return [m for m in self.s.models.values() if m.side == self.me.side and m.on_table and m is not self.me]

    def standing_enemies(self) -> list[Model]:
        if self._standing_enemies is None:
            self._standing_enemies = self.board.standing(self.s, 3 - self.me.side)
        return self._standing_enemies

    def leader(self) -> Model | None:
        lead = self.s.leader(self.me.side)
        return lead if lead is not None and lead.on_table and lead is not self.me else None

    def blockers(self) -> dict[Square, bool]:
        """The models on the table as sight blockers (a line leaves out its own two ends, so the
        viewer and the target never block it)."""
        return self.board.blockers

    def sees(self, viewer: Model, target: Model) -> bool:
        if target.hidden or not (viewer.on_table and target.on_table):
            return False
        return self.sees_square(viewer.at, target.at, not target.standing)

    def sees_square(self, a: Square, b: Square, low: bool = False) -> bool:
        """A model on a sees one on b (low: down or hidden), with the models as they stand."""
        # The kept answer read here first (most are): asked tens of thousands of times a battle.
        blockers = self.board.blockers
        found = blockers.sight.get((a, b, low))
        return can_see(self.field, a, b, blockers, target_low=low) if found is None else found

    def cover(self, viewer: Model, target: Model) -> str:
        return self.cover_at(viewer.at, target.at, not target.standing)

    def cover_at(self, a: Square, b: Square, low: bool = False) -> str:
        return cover(self.field, a, b, self.board.blockers, target_low=low)

    def touching(self, a: Model, b: Model) -> bool:
        return a.on_table and b.on_table and b.at in touching(self.field, a.at)

    def in_combat(self, model: Model) -> bool:
        fighting = self.board.fighting.get(model.id)
        if fighting is None:
            # (the squares it touches are a frozenset: the test made in C, not a generator)
            fighting = self.board.fighting[model.id] = not touching(self.field, model.at).isdisjoint(
                self.board.squares_of(self.s, 3 - model.side))
        return fighting

    def offered(self, kind: str) -> list[Action]:
        """The options of the pending decision of this kind for this model."""
        if self.decision is None:
            return []
        if self._offered is None:
            self._offered = {}
        found = self._offered.get(kind)
        if found is None:
            # Asked by kind: a decision whose offers are made when read (where a model goes)
            # makes none of them to say it offers no shot.
            me, d = self.me.id, self.decision
            if isinstance(d, ModelChoice):  # this model's offers alone: no other model's made
                found = [a for a in (*d.offers_by(me), d.end) if a.kind == kind]
            else:
                found = [a for a in d.offers_of(kind) if a.get("model") in (None, me)]
            self._offered[kind] = found
        return list(found)

    # -- reach -----------------------------------------------------------------------------------

    def squares_of(self, side: int) -> list[Square]:
        """The squares of the side's models on the table, in id order (shared: never changed)."""
        return self.board.squares_of(self.s, side)

    def may_run(self) -> bool:
        """No standing, non-fleeing, unseen-or-seen enemy (hidden ones excepted) within 8."""
        return not within(self.me.at, [e.at for e in self.standing_enemies() if not e.hidden], RUN_BLOCK)

    def moves(self, mode: str) -> dict[Square, int]:
        """Squares this model may walk (M) or run (2M) to now, with their cost in half-squares; the
        squares the pending decision offers when it asks where the model goes."""
        enemies = self.squares_of(3 - self.me.side)
        friends = [sq for sq in self.squares_of(self.me.side) if sq != self.me.at]
        allowance = self.me.m * (2 if mode == "run" and self.may_run() else 1)
        found = move_costs(self.field, self.me.at, allowance, mode="run" if allowance > self.me.m else "walk",
                           enemies=enemies, friends=friends)
        # The squares the rules offer (square_offers.move_choice), not their hundred offers; a
        # decision holding its offers as a list, read from them.
        offered = self.decision.context.get("destinations") if self.decision is not None else None
        if offered is None and self.decision is not None:
            offered = {tuple(a.get("to")) for a in self.offered("move")}
        if offered:
            return {sq: cost for sq, cost in found.items() if sq in offered}
        return found

    def charge_ends(self, target: Model) -> dict[Square, Route]:
        """Where this model could end a charge at `target`, and how (empty: out of reach)."""
        if self._charges is None:
            self._charges = {}
        if target.id not in self._charges:
            ends: dict[Square, Route] = {}
            # Out of reach at once when even a straight run could not touch it.
            if distance(self.me.at, target.at) <= 2 * self.me.m + 2:
                enemies = self.squares_of(3 - self.me.side)
                friends = [sq for sq in self.squares_of(self.me.side) if sq != self.me.at]
                ends = charge_squares(self.field, self.me.at, 2 * self.me.m, target.at, enemies=enemies,
                                      friends=friends)
            self._charges[target.id] = ends
        return self._charges[target.id]

    def interceptor(self, target: Model, end: Square) -> Model | None:
        """An enemy other than the target that could step into this model's charge path (§5.3 step 7)."""
        route = self.charge_ends(target).get(end)
        if route is None:
            return None
        path = route.path
        if not path:  # (a charge's end is never its start)
            return None
        # An enemy farther than its reach off the path's box on either axis is near none of it.
        xs, ys = [sq[0] for sq in path], [sq[1] for sq in path]
        r = INTERCEPT_REACH
        x0, x1, y0, y1 = min(xs) - r, max(xs) + r, min(ys) - r, max(ys) + r
        for e in self.standing_enemies():
            ex, ey = e.at
            if not (x0 <= ex <= x1 and y0 <= ey <= y1):
                continue
            if e is target or e.hidden or self.in_combat(e):
                continue
            near = [sq for sq in path if distance(e.at, sq) <= INTERCEPT_REACH]
            if not near:
                continue
            reach = move_options(self.field, e.at, INTERCEPT_REACH, mode="intercept", goals=near,
                                 enemies=[self.me.at], friends=[sq for sq in self.squares_of(e.side) if sq != e.at])
            if reach:
                return e
        return None

    def can_charge(self, target: Model) -> bool:
        """Seen, in reach, no interceptor on the way and no fear test to take (§6 can_charge)."""
        if not self.might_charge(target):
            return False
        return kept(self.board.charge_reach, (self.me.id, target.id), lambda: self._reaches(target))

    def charge_candidates(self) -> list[Model]:
        """The enemies this model might charge (might_charge), in id order; shared.  Worked out
        once: a melee model's scripts ask it for each of their two charge entries."""
        if self._in_reach is None:
            # might_charge's own distance test first, here: most enemies are beyond a charge's reach.
            at, reach = self.me.at, 2 * self.me.m + 2
            self._in_reach = [e for e in self.enemies() if distance(at, e.at) <= reach and self.might_charge(e)]
        return self._in_reach

    def might_charge(self, target: Model) -> bool:
        """can_charge without the search: seen (or offered), no fear test to take, and near
        enough that a straight run could touch it."""
        if target.hidden or (target.causes_fear and not (self.me.immune or self.me.causes_fear)):
            return False
        # The distance first: asked of every enemy, and a sight line is the dearer question.
        if distance(self.me.at, target.at) > 2 * self.me.m + 2:
            return False
        d = self.decision
        if isinstance(d, ModelChoice) and d.end.kind == "end_charges":
            # The charges phase offers a model that may charge a charge at each of its charge
            # targets: the rules' test asked of this enemy alone, not the model's offers made
            # (a line drawn to every enemy, most of them beyond a charge's reach).
            return rules_may_charge(self.game, self.me) and \
                charge_target(self.game, self.me, target, self.board.blockers) is not None
        offered = self.offered_charges()
        if offered is not None:
            return target.id in offered
        return self.sees(self.me, target)

    def offered_charges(self) -> frozenset[str] | None:
        """The targets the pending decision offers this model a charge at; None when it offers
        no model a charge (asked for every enemy weighed, so worked out once)."""
        if self._charging is _UNASKED:
            d = self.decision
            # The charges phase asks only while some model has a charge offered (and offers
            # nothing else), so its choice of a model holds one without each model's being made.
            offers = d is not None and (d.end.kind == "end_charges" or d.offers_any("declare_charge")
                                        if isinstance(d, ModelChoice) else bool(d.offers_of("declare_charge")))
            self._charging = frozenset(a.get("target") for a in self.offered("declare_charge")) if offers else None
        return self._charging  # type: ignore[return-value]

    def _reaches(self, target: Model) -> bool:
        """A charge at `target` can end touching it with no interceptor on the cheapest way."""
        ends = self.charge_ends(target)
        if not ends:
            return False
        first = min(ends, key=lambda sq: (ends[sq].cost, ends[sq].tests, sq[1], sq[0]))
        return self.interceptor(target, first) is None

    def threatened(self) -> bool:
        """A standing enemy out of combat could charge this model next turn (it sees it and reaches it)."""
        return kept(self.board.threat, self.me.id, self._threatened)

    def _threatened(self) -> bool:
        friends = self.squares_of(self.me.side)
        x, y = self.me.at
        for e in self.standing_enemies():
            dx, dy = e.at
            dx, dy = abs(dx - x), abs(dy - y)
            # distance(e.at, me.at), written out: asked of every enemy for every model's plan.
            if e.hidden or (dx + dy // 2 if dx >= dy else dy + dx // 2) > 2 * e.m + 2 or self.in_combat(e):
                continue
            if self.me.hidden or not self.sees(e, self.me):
                continue
            ends = charge_squares(self.field, e.at, 2 * e.m, self.me.at,
                                  enemies=friends, friends=[sq for sq in self.squares_of(e.side) if sq != e.at])
            if ends:
                return True
        return False

    def may_hide_here(self, sq: Square | None = None) -> bool:
        self.asked_hiding = True
        at = sq or self.me.at
        spotters = [(e.at, e.i) for e in self.standing_enemies()]
        return hidden_ok(self.field, at, spotters, self.blockers())

    # -- shooting --------------------------------------------------------------------------------

    def missiles(self) -> list[str]:
        return [w for w in self.me.weapons if self.content.weapons[w].range is not None]

    def targets(self) -> list[tuple[Model, str, int]]:
        """Enemies this model could shoot now: (target, weapon, need), need at most 9 (shared)."""
        return kept(self.board.targets, (self.me.id, self.me.moved), self._targets)

    def _targets(self) -> list[tuple[Model, str, int]]:
        out = []
        me, at = self.me, self.me.at
        # sees and cover read inline, the kept answers first, as in _need_from (the enemies are
        # on the table, so sees' own tests come to the target not being hidden).
        blockers, field = self.board.blockers, self.field
        sight, covers = blockers.sight, blockers.covers
        x, y = at
        for wid in self.missiles():
            w = self.content.weapons[wid]
            reach = w.range or 0
            for e in self.enemies():
                dx, dy = e.at
                dx, dy = abs(dx - x), abs(dy - y)
                # distance(at, e.at), written out: asked of every enemy for every shooter's plan.
                if e.hidden or (dx + dy // 2 if dx >= dy else dy + dx // 2) > reach or self.in_combat(e):
                    continue
                key = (at, e.at, not e.standing)
                seen = sight.get(key)
                if seen is None:
                    seen = can_see(field, at, e.at, blockers, target_low=key[2])
                if not seen:
                    continue
                found = covers.get(key)
                if found is None:
                    found = cover(field, at, e.at, blockers, target_low=key[2])
                need = odds.shot_need(self.content, me, e, wid, found)
                if need <= odds.MAX_NEED:
                    out.append((e, wid, need))
        return out

    def need_at(self, target: Model) -> int:
        """The easiest need this model has on `target` with any missile weapon (10: none)."""
        return min((n for t, _w, n in self.targets() if t is target), default=odds.MAX_NEED + 1)

    def need_from(self, sq: Square, floor: int | None = None) -> int:
        """The easiest need it would have from `sq` after walking there (10: no shot); `floor`:
        need_floor(sq), when the caller has it."""
        return kept(self.board.need_from, (self.me.id, self.me.moved, sq), lambda: self._need_from(sq, floor))

    def _need_from(self, sq: Square, floor: int | None) -> int:
        best = odds.MAX_NEED + 1
        # No line can give a need below the floor's, so the lines stop being drawn once one does
        # (the nearest enemies first: the floor is the nearest's need in the open).
        if floor is None:
            floor = self.need_floor(sq)
        here, me = sq == self.me.at, self.me
        # sees_square and cover_at read inline: the kept answers first (asked of every foe in
        # range of every square weighed for a firing spot).
        blockers, field = self.board.blockers, self.field
        sight, covers = blockers.sight, blockers.covers
        ranked: list[tuple[int, Square, bool]] | None = None  # every weapon shoots at the same foes
        for reach, thrown, fixed, foes, _squares in self._shooting():
            if fixed and not here:
                continue
            if ranked is None:
                # Nearest first, by distance alone: the order among foes as far away changes
                # no answer (the least need is returned, or the floor as soon as one has it).
                # (distance(sq, at) written out: every foe, for every square weighed.)
                ranked = []
                x, y = sq
                for at, low in foes:
                    dx, dy = abs(at[0] - x), abs(at[1] - y)
                    ranked.append((dx + dy // 2 if dx >= dy else dy + dx // 2, at, low))
                ranked.sort(key=_NEAREST)
            for d, at, low in ranked:
                if d > reach:
                    break
                seen = sight.get((sq, at, low))
                if seen is None:
                    seen = can_see(field, sq, at, blockers, target_low=low)
                if not seen:
                    continue
                found = covers.get((sq, at, low))
                if found is None:
                    found = cover(field, sq, at, blockers, target_low=low)
                need = 7 - me.bs + COVER_PENALTY[found]
                if not thrown:
                    need += int(not here or me.moved) + int(d * 2 > reach)
                best = min(best, max(2, need))
                if best <= floor:
                    return best
        return best

    def need_floor(self, sq: Square) -> int:
        """A need no shot from `sq` can beat: need_from's without looking along the lines (as if
        every enemy in range were seen in the open).  Cheap: no sight line is drawn; a need
        grows with the distance, so only the nearest enemy that could be shot counts."""
        return self.need_floors([sq])[sq]

    def need_floors(self, squares: Iterable[Square]) -> dict[Square, int]:
        """need_floor of each square, in one loop (a firing spot is sought among every square a
        walk reaches)."""
        shooting, me, out = self._shooting(), self.me, {}
        table: dict[Square, int] | None = None
        for sq in squares:
            best = odds.MAX_NEED + 1
            here = sq == me.at
            near = -1
            for reach, thrown, fixed, _foes, foe_at in shooting:
                if fixed and not here:
                    continue
                if near < 0:  # every weapon shoots at the same foes
                    if table is None:
                        table = self._foe_distances(foe_at)
                    near = table.get(sq, -1)
                    if near < 0:
                        near = table[sq] = nearest_distance(sq, foe_at)
                if near > reach:
                    continue
                need = 7 - me.bs if thrown else 7 - me.bs + int(not here or me.moved) + int(near * 2 > reach)
                best = min(best, max(2, need))
            out[sq] = best
        return out

    def _foe_distances(self, squares: list[Square]) -> dict[Square, int]:
        """How far the nearest foe it could shoot is from each square asked: kept by the foes'
        squares (see distance.nearest_of), which stay put while its own side moves and shoots."""
        if self._near is None:
            self._near = nearest_of(tuple(squares))
        return self._near

    def out_of_range(self, allowance: int) -> bool:
        """No enemy it could shoot at is within any missile weapon's range of a square up to
        `allowance` squares away on either axis (as far as a move of that allowance reaches:
        moves.py's searches are keyed on that), so need_floor is 10 on every square a move
        could end on.  A distance is at least the larger of the two axes' differences."""
        shooting = self._shooting()
        if not shooting:
            return True
        reach = max(weapon[0] for weapon in shooting) + allowance
        x, y = self.me.at
        return all(abs(fx - x) > reach or abs(fy - y) > reach for fx, fy in shooting[0][4])

    def _shooting(self) -> list[_Missile]:
        """Each missile weapon's range, whether it is thrown and whether it may only fire when
        the model has not moved, with the enemies it could be shot at (not hidden, not fighting):
        their squares and whether they are down, and their squares alone; worked out once per plan."""
        if self._shots is None:
            foes = [(e.at, not e.standing) for e in self.enemies() if not e.hidden and not self.in_combat(e)]
            squares = [at for at, _low in foes]
            self._shots = [(w.range or 0, w.thrown, w.move_or_fire, foes, squares)
                           for w in (self.content.weapons[wid] for wid in self.missiles())]
        return self._shots

    def best_target_name(self) -> str:
        found = self.targets()
        if not found:
            return "nobody"
        t, _w, _n = min(found, key=lambda x: (x[2], distance(self.me.at, x[0].at), x[0].id))
        return t.name

    def route_costs(self, squares: list[Square], mode: str) -> dict[Square, int]:
        """The cheapest cost to each of `squares` it can reach.  A charge's ends (the squares its
        destination decision offers) all lie within its own allowance, 2M, so it searches no
        further: a square's cheapest cost is the same in any search that reaches it, and the
        search is then the one the charge's weighing (and the rules' offer) made, found kept."""
        enemies = self.squares_of(3 - self.me.side)
        friends = [sq for sq in self.squares_of(self.me.side) if sq != self.me.at]
        allowance = (2 if mode == "charge" else 4) * self.me.m
        found = move_options(self.field, self.me.at, allowance, mode=mode,  # type: ignore[arg-type]
                             enemies=enemies, friends=friends, goals=squares)
        return {sq: r.cost for sq, r in found.items()}

    def holds_objective(self, m: Model) -> bool:
        """On, carrying or next to an objective (§6 objective_holder)."""
        if m.carrying:
            return True
        return any(distance(m.at, at) <= 1 for at in self.field.objectives.values())

    # -- the scenario ----------------------------------------------------------------------------

    def role(self) -> str:
        return str(self.s.roles.get(str(self.me.side), f"side_{self.me.side}"))

    def objective(self) -> tuple[list[Square], int] | None:
        """The squares this model makes for under its scenario's objective (§7), and how close it
        stops; None when the scenario gives it none now.  The barrow's relic is `objective.py`'s."""
        sc = self.content.scenarios[self.s.scenario]
        marks = self.s.objectives
        if sc.victory == "loot":
            left = [(k, (o.at[0], o.at[1])) for k, o in sorted(sc.objectives.items())
                    if k not in marks.get("looted", [])]
            if not left:
                return None
            if self.role() == "attacker":
                return [min(left, key=lambda kv: (distance(self.me.at, kv[1]), kv[0]))[1]], 0
            raiders = self.enemies()
            if not raiders:
                return None
            near = min(left, key=lambda kv: (min(distance(kv[1], e.at) for e in raiders), kv[0]))
            return [near[1]], 1
        if sc.victory == "hold" and sc.hold:
            return list(_held(self.field, sc.hold, self.me.role == "shooter")), 0
        return None

    def best_cover_against(self, sq: Square) -> int:
        """How hard the cover on `sq` is against the nearest standing enemy (0 none ... 2 hard)."""
        return kept(self.board.cover_against, (self.me.side, sq), lambda: self._cover_against(sq))

    def _cover_against(self, sq: Square) -> int:
        # The nearest, ties to the lowest id: a loop rather than min() with a key, asked of
        # every square a model weighs.
        foe: Model | None = None
        near = 0
        x, y = sq
        for e in self.standing_enemies():
            dx, dy = e.at
            dx, dy = abs(dx - x), abs(dy - y)
            d = dx + dy // 2 if dx >= dy else dy + dx // 2  # distance(e.at, sq), written out
            if foe is None or d < near or (d == near and e.id < foe.id):
                foe, near = e, d
        return 0 if foe is None else COVER_RANK[self.cover_at(foe.at, sq)]

    def seen_by(self, sq: Square, under: int | None = None) -> int:
        """How many standing enemies see a model on `sq`; given `under`, counted no further than
        that (a caller asking whether fewer than so many see it), and then kept only when the
        count stopped short of it."""
        key = (self.me.side, sq)
        found = self.board.seen_by.get(key)
        if found is not None:
            return found
        # The enemies that saw the squares asked before are asked first: squares side by side
        # are mostly seen by the same ones, and a count stopped at `under` is the same whoever
        # is asked first (fewer lines drawn).
        seers = self._seers
        if seers is None:
            seers = self._seers = list(self.standing_enemies())
        seen = 0
        blockers = self.board.blockers
        sight = blockers.sight
        for i, e in enumerate(seers):
            # sees_square read inline: the kept answer first.
            looks = sight.get((e.at, sq, False))
            if looks is None:
                looks = can_see(self.field, e.at, sq, blockers)
            if looks:
                seen += 1
                if i >= seen:  # ahead of those not seeing this square
                    seers.insert(seen - 1, seers.pop(i))
                if seen == under:
                    return seen
        self.board.seen_by[key] = seen
        return seen

    def unseen(self, sq: Square) -> bool:
        """No standing enemy sees a model on `sq` (looking no further than the first that does)."""
        return self.seen_by(sq, 1) == 0


@lru_cache(maxsize=16)
def _held(field: Battlefield, building: str, high: bool) -> tuple[Square, ...]:
    """The squares of the building a model stands on to hold it (high: only its highest, where a
    shooter goes), row by row: the same for every plan on this battlefield, and asked by each
    model's script up to three times a decision."""
    squares = [sq for sq in field.building_squares(building) if field.standable(sq)]
    if high:
        top = max(field.height_at(sq) or 0 for sq in squares)
        squares = [sq for sq in squares if (field.height_at(sq) or 0) == top]
    return tuple(squares)
