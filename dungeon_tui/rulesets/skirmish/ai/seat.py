"""The automated warband (spec §6): for each decision it runs the script of the model concerned
(its role's script for the phase, or the script every model uses for that decision) and picks
the offered action that carries out the plan.  The reason names the model, its role, the script
line that fired and what it found, in a player's words."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from ....engine import tactics
from ....engine.game import Action, Decision, Game, LazyDecision
from ..charges import may_charge as rules_may_charge
from ..deployment import chosen_square
from ..distance import nearest_distance
from ..phase_offers import ModelChoice
from ..state import Model, State
from ..terrain import battlefield_for
from . import odds
from .board import board_of
from .plan import Plan
from .words import registry

ROLE_ORDER = ("melee", "leader", "shooter", "wizard")  # who acts first in a phase (§6)
_RANK = {role: i for i, role in enumerate(ROLE_ORDER)}  # a role's place in ROLE_ORDER, looked up
# For the charge and move views of a movement script: each entry's line in the script as written.
_LINES: dict[str, dict[str, list[int | None]]] = {}
CHARGING = "charge"
# The charge views of the movement scripts that have a charge entry: a model whose scripts have
# none declares no charge, so its charges are not worked out to be weighed.
_CHARGERS: dict[str, set[str]] = {}
# Those of them whose every charge entry charges first thing the enemy its own `can_charge`
# condition picked: none charges while no enemy is within a charge's reach (words.chargeable).
_IN_REACH_ONLY: dict[str, set[str]] = {}


def _charges_in_reach(entry: tactics.Entry) -> bool:
    """The entry's first action charges the enemy a `can_charge` test of its own picked."""
    first = entry.calls[0] if entry.calls else None
    return first is not None and first.name == CHARGING and any(
        c.name == "can_charge" and not neg and c.kwargs.get("pick") == first.kwargs.get("pick")
        for c, neg in entry.tests)


def split_movement(content: Any, compiled: dict[str, tactics.Script]) -> None:
    """Each movement script also as its charge entries only (step 2a) and as the rest (step
    2c), with each entry's line in the script as written."""
    lines: dict[str, list[int | None]] = {}
    chargers: set[str] = set()
    in_reach: set[str] = set()
    for name in sorted(compiled):
        if name.endswith("_movement"):
            script = compiled[name]
            charging = [i for i, e in enumerate(script.entries) if any(c.name == CHARGING for c in e.calls)]
            moving = [i for i in range(len(script.entries)) if i not in charging]
            stay = tactics.Entry(None, False, (tactics.Call("no_charge", ()),))
            compiled[name + ":charges"] = replace(script, entries=[*(script.entries[i] for i in charging), stay])
            compiled[name + ":moves"] = replace(script, entries=[script.entries[i] for i in moving])
            lines[name + ":charges"] = [*charging, None]
            lines[name + ":moves"] = list(moving)
            if charging:
                chargers.add(name + ":charges")
            if all(_charges_in_reach(script.entries[i]) for i in charging):
                in_reach.add(name + ":charges")
    _LINES[content.digest] = lines
    _CHARGERS[content.digest] = chargers
    _IN_REACH_ONLY[content.digest] = in_reach


BOOK = tactics.ScriptBook(registry, "content/skirmish/tactics.yaml", then=split_movement)
scripts, script_problems = BOOK.scripts, BOOK.problems


class WarbandSeat:
    """Plays one warband (or both) by the §6 scripts."""

    # The plan that chose which model moves, for the "where does it go" decision that follows
    # on the same board: (board, model id, plan, reason).
    _planned: tuple[Any, str, Plan, str] | None = None
    # (content, scenario, role) -> how its models' scripts charge (see _charge_views): made
    # for each seat as it first asks.
    _charges_of: dict[tuple[str, str, str], str] | None = None
    # HANDLERS bound to this class's own functions (set below, and for each subclass as it is made).
    _handlers: tuple[tuple[str, Callable[..., Any]], ...] = ()
    # The kinds a decision offers -> the handlers that answer it, in HANDLERS order (see answering).
    _answering: dict[frozenset[str], tuple[Callable[..., Any], ...]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._handlers = _bound(cls)
        cls._answering = {}

    def choose(self, game: Game, d: Decision) -> tuple[Action, str]:
        if isinstance(d, LazyDecision) and ("squares" in d.context or "destinations" in d.context):
            # A choice of a square (square_offers): the squares are in its context, and only
            # the offer the plan picks is made.
            kinds = _DEPLOY if "squares" in d.context else _MOVE
        elif isinstance(d, ModelChoice):
            # A phase's choice of a model: its handler, named by the end of the phase (every kind
            # it offers has the same one), weighs the models one at a time (see offered_models).
            kinds = frozenset((d.end.kind,))
        elif not d.options:
            raise ValueError("nothing to choose from")
        else:
            kinds = frozenset([a.kind for a in d.options])
        for handler in self.answering(kinds):
            found = handler(self, game, d)
            if found is not None:
                return found
        return d.options[0], "the first choice offered"

    def answering(self, kinds: frozenset[str]) -> tuple[Callable[..., Any], ...]:
        """The handlers of these kinds, in HANDLERS order, found once for each set of kinds (a
        battle's decisions offer a dozen or so sets; every decision walked all 22 handlers)."""
        found = self._answering.get(kinds)
        if found is None:
            found = self._answering[kinds] = tuple(handler for kind, handler in self._handlers if kind in kinds)
        return found

    # -- running a script ------------------------------------------------------------------------

    def run(self, game: Game, d: Decision, me: Model, script_name: str,
            only: frozenset[str] | None = None) -> tuple[Plan, str]:
        """The script's entry that fires, performed.  `only`: the caller reads no more of the plan
        than what these actions do, so an entry calling none of them is not performed (its
        intents stay empty, its why is the conditions' alone)."""
        compiled = scripts(game.content)
        plan = Plan(game, me, d)
        script, i, label = tactics.choose(compiled[script_name], compiled, registry, plan)
        entry = script.entries[i]
        if only is not None and not any(call.name in only for call in entry.calls):
            return plan, label
        notes = tactics.perform(entry, registry, plan)
        role = script_name.split(":")[0].replace("_", " ")
        line = _LINES[game.content.digest].get(script_name, [])[i:i + 1] or [i]
        where = f"line {line[0] + 1}" if line[0] is not None else "no charge"
        return plan, f"{me.name} ({role}, {where}): {tactics.reason(label, notes)}"

    def role_script(self, game: Game, me: Model, phase: str) -> str | None:
        return game.content.tactic_roles.get(me.role, {}).get(phase)

    def movement_plan(self, game: Game, d: Decision, me: Model, part: str,
                      only: frozenset[str] | None = None) -> tuple[Plan, str] | None:
        """The model's movement script for step 2a (`part` "charges") or 2c ("moves"): the
        scenario's own first (§7: the barrow's relic), then its role's when the scenario's leaves
        the model to it.  A model the scenario's script moves (a carrier, a model taking up the
        relic) makes no charge.  `only`: as for run (the scenario's hand-over is always performed)."""
        s: State = game.state
        first = game.content.scenario_movement.get(game.content.scenarios[s.scenario].victory)
        if first is not None:
            plan, why = self.run(game, d, me, first + ":moves", None if only is None else only | _HAND_OVER)
            if not plan.by_role:
                return plan, why
            if part == "charges":
                plan, why = self.run(game, d, me, first + ":charges")
                if any(kind == "declare_charge" for kind, _ in plan.intents):
                    return plan, why
        name = self.role_script(game, me, "movement")
        return None if name is None else self.run(game, d, me, f"{name}:{part}", only)

    def acting_order(self, game: Game, models: list[Model]) -> list[Model]:
        """By role (ROLE_ORDER), then the nearest enemy's distance, then id.  The keys made in
        one loop (asked at every decision of a phase, for every model of the side)."""
        s: State = game.state
        board = board_of(game)
        keyed = []
        for m in models:
            # Board.enemy_gap written out: asked of every model of the side at every step.
            side = m.side
            kept = board.nearest_enemy[side]
            near = kept.get(m.pos)  # type: ignore[arg-type]
            if near is None:
                near = kept[m.at] = nearest_distance(m.at, board.squares_of(s, 3 - side), none=99)
            keyed.append((_RANK.get(m.role, 9), near, m.id, m))
        keyed.sort()  # the ids differ, so no two models are ever compared themselves
        return [k[3] for k in keyed]

    def offered_models(self, game: Game, d: Decision, kinds: tuple[str, ...],
                       weighs: Callable[[Game, Model], bool] | None = None) -> Iterator[tuple[Model, list[Action]]]:
        """The models the decision offers these kinds, in acting order, each with its offers.  A
        phase's choice of a model (ModelChoice) makes a model's offers only when its turn to be
        weighed comes: the models after the one chosen are never asked, nor those `weighs`
        says the warband never picks for these kinds."""
        s: State = game.state
        if isinstance(d, ModelChoice):
            for me in self.acting_order(game, [s.models[mid] for mid in d.models if s.models[mid].on_table]):
                if weighs is not None and not weighs(game, me):
                    continue
                offers = [a for a in d.offers_by(me.id) if a.kind in kinds]
                if offers:
                    yield me, offers
            return
        offered = sorted({a.get("model") for a in d.options if a.kind in kinds})
        for me in self.acting_order(game, [s.models[c] for c in offered]):
            yield me, [a for a in d.options if a.kind in kinds and a.get("model") == me.id]

    def figure(self, game: Game, d: Decision) -> Model | None:
        s: State = game.state
        fid = d.context.get("figure") or next((a.get("model") for a in d.options if a.get("model")), None)
        m = s.models.get(fid) if fid else None
        return m if m is not None and m.on_table else None

    # -- the decisions ---------------------------------------------------------------------------

    def may_charge(self, game: Game, me: Model) -> bool:
        """Some script movement_plan runs for the model's charges has a charge entry, and an
        enemy is within a charge's reach or one of those scripts might charge without one."""
        key = (game.content.digest, game.state.scenario, me.role)
        if self._charges_of is None:
            self._charges_of = {}
        charging = self._charges_of.get(key)
        if charging is None:
            charging = self._charges_of[key] = self._charge_views(game, me)
        if charging != _IN_REACH:
            return charging == _ALWAYS
        # As words.chargeable measures it, before a plan is made for it (the acting order
        # weighed has found it already).
        return board_of(game).enemy_gap(game.state, me) <= 2 * me.m + 2

    def _charge_views(self, game: Game, me: Model) -> str:
        """Whether the charge views of the scripts movement_plan runs for a model of this role
        charge never, always, or only with an enemy in reach (the same for every model of the
        role all battle, so asked once of each, not at every charges decision)."""
        scripts(game.content)  # compiled (and split) once per content
        chargers, in_reach = _CHARGERS[game.content.digest], _IN_REACH_ONLY[game.content.digest]
        first = game.content.scenario_movement.get(game.content.scenarios[game.state.scenario].victory)
        name = self.role_script(game, me, "movement")
        views = [f"{script}:charges" for script in (first, name) if script is not None]
        if not any(view in chargers for view in views):
            return _NEVER
        return _IN_REACH if all(view in in_reach for view in views) else _ALWAYS

    def charges(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        for me in self.chargers(game, d):
            found = self.movement_plan(game, d, me, "charges")
            if found is None:
                continue
            plan, why = found
            for kind, target in plan.intents:
                if kind == "declare_charge":
                    offers = d.offers_by(me.id) if isinstance(d, ModelChoice) else d.offers_of("declare_charge")
                    for a in offers:
                        if a.kind == "declare_charge" and a.get("model") == me.id and a.get("target") == target:
                            return a, why
        return _kind(d, "end_charges"), "no model of the warband has a charge worth making"

    def chargers(self, game: Game, d: Decision) -> Iterator[Model]:
        """The models weighed for a charge, in acting order: those whose scripts have a charge
        entry.  On a phase's choice of a model, a model's charges are made only when its script
        asks about them (a model offered none plans no charge: its script weighs only the
        charges offered), so a script whose selector finds no one to charge makes none."""
        if not isinstance(d, ModelChoice):
            yield from (me for me, _offers in self.offered_models(game, d, ("declare_charge",), self.may_charge))
            return
        s: State = game.state
        for me in self.acting_order(game, [s.models[mid] for mid in d.models if s.models[mid].on_table]):
            if self.may_charge(game, me) and rules_may_charge(game, me):  # else it is offered none
                yield me

    def movement(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        for me, move in self.movers(game, d):
            # A model offered only to hide: only whether its plan hides is read (as hide_here).
            found = self.movement_plan(game, before_asking(d, me), me, "moves", only=None if move else _HIDES)
            if found is None:
                continue
            plan, why = found
            intents = [k for k, _ in plan.intents]
            # A model offered only to hide (it may not move this turn) never takes another
            # model's option in its place.
            if "move" in intents and move is not None:
                self._planned = (board_of(game), me.id, plan, why)
                return move, why
            if "hide" in intents:
                hide = _offer(d, "hide", me.id)
                if hide is not None:
                    return hide, why
        return _kind(d, "end_movement"), "every model of the warband is where it wants to be"

    def movers(self, game: Game, d: Decision) -> Iterator[tuple[Model, Action | None]]:
        """The models the movement decision offers a move or a hiding place, in acting order,
        each with its move offered (None: it may only hide).  A phase's choice of a model is
        asked kind by kind (offer_for): whether a model may move is settled without looking for
        a hiding place out of every enemy's sight, which only a model that may not move, or
        whose script hides it, needs."""
        if not isinstance(d, ModelChoice):
            for me, offers in self.offered_models(game, d, ("move_model", "hide")):
                yield me, next((a for a in offers if a.kind == "move_model"), None)
            return
        s: State = game.state
        for me in self.acting_order(game, [s.models[mid] for mid in d.models if s.models[mid].on_table]):
            move = _offer(d, "move_model", me.id)
            if move is not None or _offer(d, "hide", me.id) is not None:
                yield me, move

    def where(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        me = self.figure(game, d)
        if me is None:
            return None
        name = self.role_script(game, me, "movement") if not me.down else None
        if name is None:
            return _kind(d, "stay", me.id), f"{me.name} stays where it is"
        planned, self._planned = self._planned, None
        if planned is not None and planned[0] is board_of(game) and planned[1] == me.id \
                and not planned[2].asked_hiding:
            # The same script on the same board with fewer squares to choose from (those offered):
            # when the square it chose is offered, it is chosen again, for the same reason.
            again = _offered_move(d, me, planned[2])
            if again is not None:
                return again, planned[3]
        found = self.movement_plan(game, d, me, "moves")
        if found is None:
            return _kind(d, "stay", me.id), f"{me.name} stays where it is"
        plan, why = found
        return _offered_move(d, me, plan) or _kind(d, "stay", me.id), why

    def hide_here(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        me = self.figure(game, d)
        if me is None:
            return None
        # Only whether it hides is read: an entry without the word is not performed (a melee
        # model's walk weighed again from where it now stands, for nothing).
        found = self.movement_plan(game, d, me, "moves", only=_HIDES)
        if found is not None:
            plan, why = found
            if any(k == "hide" for k, _ in plan.intents):
                return _kind(d, "hide", me.id), why
        return _kind(d, "stay_seen", me.id), f"{me.name} has no reason to hide"

    def any_role(self, game: Game, d: Decision, decision: str) -> tuple[Plan, str, Model] | None:
        me = self.figure(game, d)
        name = game.content.any_role.get(decision)
        if me is None or name is None:
            return None
        plan, why = self.run(game, d, me, name)
        return plan, why, me

    def charged(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        found = self.any_role(game, d, "charged")
        if found is None:
            return None
        plan, why, me = found
        if ("stand_and_shoot", None) in plan.intents:
            shots = [a for a in d.options if a.kind == "stand_and_shoot"]
            return max(shots, key=lambda a: (_expected_hits(a), -shots.index(a))), why
        return _kind(d, "hold", me.id), why

    def interception(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        found = self.any_role(game, d, "intercept")
        if found is None:
            return None
        plan, why, _me = found
        for kind, mid in plan.intents:
            if kind == "model":
                return _kind(d, "intercept", mid), why
        return d.options[0], why

    def destination(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        found = self.any_role(game, d, "destination")
        if found is None:
            return None
        plan, why, _me = found
        for kind, sq in plan.intents:
            if kind == "destination":
                return next(a for a in d.options if tuple(a.get("to")) == sq), why
        return d.options[0], why

    def magic(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        me = self.figure(game, d)
        name = self.role_script(game, me, "magic") if me is not None else None
        if me is None or name is None:
            return None
        plan, why = self.run(game, d, me, name)
        for kind, arg in plan.intents:
            if kind == "cast":
                spell, target = arg
                for a in d.options:
                    if a.kind == "cast" and a.get("spell") == spell and a.get("target") == target:
                        return a, why
        return _kind(d, "pass", me.id), why

    def dispelling(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        return _kind(d, "dispel"), "a wizard always tries to dispel"

    def searching(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        """Each model that may search runs the search script (§7.3: instead of shooting); when
        none searches, the shooting scripts decide."""
        s: State = game.state
        name = game.content.any_role.get("search")
        searchers = sorted({a.get("model") for a in d.options if a.kind == "search"})
        for me in self.acting_order(game, [s.models[c] for c in searchers]) if name else []:
            plan, why = self.run(game, d, me, name)
            for kind, letter in plan.intents:
                if kind == "search":
                    return next(a for a in d.options if a.kind == "search" and a.get("model") == me.id
                                and a.get("objective") == letter), why
        return None

    def shooting(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        for me, offers in self.offered_models(game, d, ("shoot",)):
            name = self.role_script(game, me, "shooting")
            if name is None:
                continue
            plan, why = self.run(game, d, me, name)
            for kind, target in plan.intents:
                if kind == "shoot":
                    return self._best_shot(game, d, me, target, offers), why
        return _kind(d, "end_shooting"), "no shot is worth taking"

    def _best_shot(self, game: Game, d: Decision, me: Model, target: str, offers: list[Action]) -> Action:
        """Several shots only if more hits are expected (§6): hits = shots x chance at the need.
        `offers`: the model's shots offered."""
        shots = [a for a in offers if a.get("target") == target]
        s: State = game.state
        plan = Plan(game, me, d)
        victim = s.models[target]
        cover = plan.cover(me, victim)

        def expected(a: Action) -> float:
            n = int(a.get("shots") or 1)
            need = odds.shot_need(game.content, me, victim, a.get("weapon"), cover, n)
            return n * odds.chance(need)

        return max(shots, key=lambda a: (expected(a), -shots.index(a)))

    def weapon(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        found = self.any_role(game, d, "weapon")
        if found is None:
            return None
        plan, why, _me = found
        for kind, wid in plan.intents:
            if kind == "weapon":
                return next(a for a in d.options if a.get("weapon") == wid), why
        return d.options[0], why

    def allocation(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        found = self.any_role(game, d, "allocate")
        if found is None:
            return None
        plan, why, _me = found
        for kind, want in plan.intents:
            if kind == "split":
                for a in d.options:
                    if {str(t): int(n) for t, n in a.get("split")} == want:
                        return a, why
        return d.options[0], why

    def rally(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        found = self.any_role(game, d, "down")
        if found is None:
            return None
        plan, why, me = found
        want = "stay_down" if ("stay_down", None) in plan.intents else "stand_up"
        return _kind(d, want, me.id), why

    def first_turn(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        return _kind(d, "go_first"), "the warband takes the first turn, to strike first"

    def deploy(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        s: State = game.state
        me = s.models.get(d.context.get("figure") or d.options[0].get("model"))
        if me is None:
            return None
        field = battlefield_for(game.content, s.scenario)
        squares = d.context.get("squares")
        if squares is None:  # offers made as a list: each square once, in the order offered
            squares = list(dict.fromkeys(tuple(a.get("at")) for a in d.options if a.kind == "deploy"))
        enemy_role = s.roles.get(str(3 - me.side), f"side_{3 - me.side}")
        sq = chosen_square(field, me.role, list(squares), enemy_role)
        action = d.offer_for(Action.make(d.seat, "deploy", at=sq, model=me.id))
        if action is None:
            return None
        where = {"leader": "nearest the centre", "melee": "nearest the enemy"}.get(me.role, "on high ground in cover")
        return action, f"{me.name} ({me.role}): deploys {where}, at {sq[0]},{sq[1]}"


def _expected_hits(a: Action) -> float:
    """Several shots only if more hits are expected (§6): shots x the chance at the need."""
    return int(a.get("shots") or 1) * odds.chance(a.get("need"))


_DEPLOY, _MOVE = frozenset({"deploy"}), frozenset({"move"})
_NEVER, _ALWAYS, _IN_REACH = "never", "always", "in reach"  # how a role's scripts charge
# The action words that make a plan hide, and the one that hands a model from the scenario's
# script to its role's (seat.movement_plan reads it of the plan).
_HIDES = frozenset({"hide"})
_HAND_OVER = frozenset({"by_role"})


def _offered_move(d: Decision, me: Model, plan: Plan) -> Action | None:
    """The offered move to the square the plan heads for, if any (that offer alone is made)."""
    for kind, arg in plan.intents:
        if kind == "move":
            found = d.offer_for(Action.make(d.seat, "move", model=me.id, to=tuple(arg)))
            if found is not None:
                return found
    return None


def _offer(d: Decision, kind: str, model: str) -> Action | None:
    """The model's offer of that kind (the phase's offers take no other argument), or None;
    on a lazy decision no other offer is made (on a phase's choice of a model, none of
    another kind: asked of every model at every step of the movement phase)."""
    if isinstance(d, ModelChoice):
        return d.offer_of(model, kind)
    return d.offer_for(Action.make(d.seat, kind, model=model))


def before_asking(d: Decision, me: Model) -> Decision:
    """The decision as a model's script sees it before it is asked where it goes: no squares yet."""
    return Decision(d.seat, d.prompt, [], context={"figure": me.id, "before_asking": True})


def _kind(d: Decision, kind: str, model: str | None = None, required: bool = True) -> Any:
    if isinstance(d, ModelChoice):  # by model, the whole list not made
        found = next((a for a in (*d.offers_by(model), d.end) if a.kind == kind), None) if model \
            else (d.end if d.end.kind == kind else None)
        if found is not None or not required:
            return found
    for a in d.offers_of(kind):
        if model is None or a.get("model") in (None, model):
            return a
    if required:
        return d.options[0]
    return None


# Which handler answers a decision offering each kind, by the handler's name: looked up on the
# seat's own class (WarbandSeat._handlers), so a subclass that overrides a handler is the one
# called.
HANDLERS: tuple[tuple[str, str], ...] = (
    ("go_first", "first_turn"),
    ("deploy", "deploy"),
    ("stand_up", "rally"),
    ("declare_charge", "charges"),
    ("end_charges", "charges"),
    ("stand_and_shoot", "charged"),
    ("flee", "charged"),
    ("choose_destination", "destination"),
    ("intercept", "interception"),
    ("move_model", "movement"),
    ("end_movement", "movement"),
    ("move", "where"),
    ("stay", "where"),
    ("stay_seen", "hide_here"),
    ("cast", "magic"),
    ("dispel", "dispelling"),
    ("search", "searching"),
    ("shoot", "shooting"),
    ("end_shooting", "shooting"),
    ("choose_weapon", "weapon"),
    ("allocate_attacks", "allocation"),
    ("hold", "charged"),
)


def _bound(cls: type) -> tuple[tuple[str, Callable[..., Any]], ...]:
    """HANDLERS with each name looked up on `cls` (its own override, else the inherited one),
    once per class: choose reads the functions, not a name per kind at every decision."""
    return tuple((kind, getattr(cls, name)) for kind, name in HANDLERS)


WarbandSeat._handlers = _bound(WarbandSeat)
