"""The engine contract: seats, actions, decisions, events and the game driver.

A ruleset writes its rules as one generator procedure.  The procedure yields a
`Decision` whenever any seat (a hero, the dungeon, or chance) must choose, and receives
the chosen `Action` back.  Nothing but the list of decisions needs saving: replaying
them through a fresh procedure rebuilds the exact state.
"""
from __future__ import annotations

import io
import pickle  # copies of our own states (keyframes): read back by `thaw_state`, which admits our state classes only
import re
from dataclasses import dataclass, field
from typing import Any, Protocol
from collections.abc import Callable, Generator, Iterable

from . import state_pickle
from .canonical import canonical_hash as canonical_hash  # its home before engine/canonical.py

CHANCE = "chance"
DUNGEON = "dungeon"


# A set: an action is made for every option of every decision, and a set answers `in` at once.
_PLAIN = frozenset((str, int, bool, float))


class IllegalAction(ValueError):
    """An action that the pending decision did not offer."""


def freeze(value: Any) -> Any:
    """JSON value -> hashable value (lists become tuples, dicts sorted item tuples)."""
    kind = type(value)
    if kind is tuple or kind is list:  # a square, a list of ids: most often plain all through
        for v in value:
            if type(v) not in _PLAIN:
                return tuple(freeze(v) for v in value)
        return value if kind is tuple else tuple(value)
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, freeze(v)) for k, v in value.items()))
    return value


def thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """A choice of one seat: a kind plus plain JSON-able arguments."""

    seat: str
    kind: str
    args: tuple[tuple[str, Any], ...] = ()
    text: str = field(default="", compare=False, hash=False)

    @classmethod
    def make(cls, seat: str, kind: str, text: str = "", **args: Any) -> Action:
        items = [(k, v if v is None or type(v) in _PLAIN else freeze(v)) for k, v in args.items()]
        items.sort()
        return cls.sorted_plain(seat, kind, text, tuple(items))

    @classmethod
    def sorted_plain(cls, seat: str, kind: str, text: str, args: tuple[tuple[str, Any], ...]) -> Action:
        """An action from arguments already as `make` would leave them (plain or frozen values,
        sorted by name): a ruleset that knows its arguments are plain skips their checking.
        The fields are set through their slots: a frozen dataclass's own __init__ goes through
        object.__setattr__ by name, twice as slow, and rules make several actions a step."""
        action = _new(cls)
        _SET_SEAT(action, seat)
        _SET_KIND(action, kind)
        _SET_ARGS(action, args)
        _SET_TEXT(action, text)
        return action

    def __eq__(self, other: object) -> bool:
        """Seat, kind and arguments (never the text).  Written out, not the dataclass's tuple
        comparison: a replayed choice is compared with the options before it in the list, and
        those mostly differ already in kind."""
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self.args == other.args and self.seat == other.seat

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        return default

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "args": {k: thaw(v) for k, v in self.args}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        return cls.make(data["seat"], data["kind"], **data.get("args", {}))

    def __str__(self) -> str:
        if self.text:
            return self.text
        inner = ", ".join(f"{k}={thaw(v)}" for k, v in self.args)
        return f"{self.kind}({inner})"


_new = object.__new__
# The last chance action made, with its spec (`Chance.action`); another thread making its own
# between the two only sends `Game.play` the long way.
_MADE: list[Any] = [None, None]
_SET_SEAT, _SET_KIND, _SET_ARGS, _SET_TEXT = (vars(Action)[name].__set__ for name in ("seat", "kind", "args", "text"))


@dataclass(frozen=True, slots=True)
class Chance:
    """What the chance seat is asked for: dice to roll, or one card out of n to draw."""

    kind: str  # "dice" | "draw"
    count: int = 1  # number of dice
    sides: int = 6  # faces per die, or the number of cards for a draw
    rule: str = ""
    # What each face shows where the die has symbols (HeroQuest's combat dice, Catakombs' power
    # dice), face 1 first, empty for numbered dice; for a draw, the name of each card in pile
    # order.  Only players typing their own rolls and draws read it.
    faces: tuple[str, ...] = ()
    # Who rolls these dice at a real table (a defending hero's player in the monsters' turn),
    # where that is not the seat whose choice led to the roll; None: that seat.
    by: str | None = None

    def legal(self, action: Action) -> bool:
        if action.seat != CHANCE or action.kind != self.kind:
            return False
        if self.kind == "dice":
            faces = action.get("faces")
            if not isinstance(faces, tuple) or len(faces) != self.count:
                return False
            # A loop, not all() over a generator: every roll played asks this.
            for f in faces:  # noqa: SIM110
                if not isinstance(f, int) or not 1 <= f <= self.sides:
                    return False
            return True
        pick = action.get("index")
        return isinstance(pick, int) and not isinstance(pick, bool) and 0 <= pick < self.sides

    def action(self, outcome: Any) -> Action:
        # Built from the one plain argument directly (Action.make would only check it): a
        # replay makes one for every roll.
        if self.kind == "dice":
            faces = tuple(outcome)
            made = Action.sorted_plain(CHANCE, "dice", f"{self.count}d{self.sides} = " + "+".join(map(str, faces)),
                                       (("faces", faces),))
        else:
            made = Action.sorted_plain(CHANCE, "draw", f"draw {outcome + 1} of {self.sides}", (("index", outcome),))
        _MADE[:] = self, made  # `Game.play` takes it as it is rather than making it again
        return made


@dataclass(slots=True)
class Decision:
    """One seat must choose.  `options` lists the legal actions (empty for chance)."""

    seat: str
    prompt: str
    options: list[Action] = field(default_factory=list)
    chance: Chance | None = None
    context: dict[str, Any] = field(default_factory=dict)

    def legal(self, action: Action) -> bool:
        if self.chance is not None:
            return self.chance.legal(action)
        return action in self.options

    def offered(self, action: Action) -> Action | None:
        """The option equal to `action` (the ruleset's instance, with its words), or None."""
        options = self.options
        for a in options:  # a player's pick is mostly the option itself: found without comparing
            if a is action:
                return a
        try:
            return options[options.index(action)]
        except ValueError:
            return None

    def offers_of(self, *kinds: str) -> list[Action]:
        """The options of these kinds, in the options' order (a player asking for one kind of
        action reads no more than that: see LazyDecision)."""
        return [a for a in self.options if a.kind in kinds]

    def offer_for(self, action: Action) -> Action | None:
        """The option equal to `action`, or None, as `offered` finds it but without choosing
        it (a player who knows what it wants, asking whether it is offered and in what words:
        on a LazyDecision nothing else is made)."""
        return Decision.offered(self, action)


_OPTIONS = vars(Decision)["options"]  # the slot under LazyDecision's property


def _played() -> list[Action]:
    raise RuntimeError("the options of a decision played without them being read were never made, "
                       "and the state has moved on since")


class LazyDecision(Decision):
    """A decision whose options are made the first time anyone reads `options` (by `make`,
    then kept), so every reader sees the one list in the one order.  A choice played before
    that (a replay, where no one reads them) is checked by `find` alone: the ruleset's promise
    is that `find(action)` is the element of `make()` equal to `action`, or None, made from
    the same state, and that it costs a fraction of the whole list.  Once played that way, the
    options are never made (the state they came from is gone): reading them is an error.

    A player who wants only some kinds of action (an AI whose script asks for a walk) reads
    `offers_of(kinds)`, made by `of_kinds` when the ruleset gives one: its promise is that
    `of_kinds(kinds)` equals `make()` filtered by those kinds, in order, with the same words.
    Those lists are kept, so a choice taken from one is found in it when played.  A player who
    knows the one action it wants asks `offer_for(action)`: `find` alone, choosing nothing."""

    # Weakly referable: a ruleset's `of_kinds` may need to name the decision it belongs to
    # (Catakombs keys the map of the moment by it), and holding it strongly would make a cycle.
    __slots__ = ("__weakref__", "_find", "_kinds", "_make", "_of_kinds")

    def __init__(self, seat: str, prompt: str, make: Callable[[], list[Action]],
                 find: Callable[[Action], Action | None], context: dict[str, Any] | None = None,
                 of_kinds: Callable[[tuple[str, ...]], list[Action]] | None = None) -> None:
        # Decision's fields set here, not by its __init__: that would set `options` through
        # the property below, two calls more for every decision a ruleset makes this way.
        self.seat, self.prompt, self.chance = seat, prompt, None
        self.context = {} if context is None else context
        _OPTIONS.__set__(self, [])
        self._make: Callable[[], list[Action]] | None = make
        self._find = find
        self._of_kinds = of_kinds
        self._kinds: dict[tuple[str, ...], list[Action]] = {}

    @property
    def options(self) -> list[Action]:
        if self._make is not None:
            _OPTIONS.__set__(self, self._make())
            self._make = None
        return _OPTIONS.__get__(self)  # type: ignore[no-any-return]

    @options.setter
    def options(self, value: list[Action]) -> None:
        _OPTIONS.__set__(self, value)

    def offers_of(self, *kinds: str) -> list[Action]:
        if self._make is None or self._of_kinds is None:
            return Decision.offers_of(self, *kinds)
        found = self._kinds.get(kinds)
        if found is None:
            found = self._kinds[kinds] = self._of_kinds(kinds)
        return found

    def offered(self, action: Action) -> Action | None:
        if self._make is None:
            return Decision.offered(self, action)
        found = self.offer_for(action)
        if found is not None:
            self._make = _played
        return found

    def offer_for(self, action: Action) -> Action | None:
        if self._make is None:
            return Decision.offered(self, action)
        for kinds, made in self._kinds.items():  # a choice read from offers_of: no making again
            if action.kind in kinds:
                for a in made:  # a loop, not next() over a generator: most choices are played so
                    if a is action or a == action:
                        return a
                return None
        return self._find(action)


@dataclass(slots=True)
class Event:
    """Something that happened; `data` holds plain JSON fields."""

    kind: str
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}

    @property
    def text(self) -> str:
        return str(self.data.get("text", ""))


@dataclass(slots=True)
class Keyframe:
    """The game at a round boundary: decisions made so far, the state (kept pickled: a private
    copy, and each reading of `state` another), the checkpoints and events up to it."""

    decisions: int
    frozen: bytes
    checkpoints: list[tuple[int, int, str]]
    events: list[Event]

    @property
    def state(self) -> Any:
        return thaw_state(self.frozen)


def freeze_state(state: Any) -> bytes:
    """A state as bytes to copy it from: pickling and reading back is several times quicker than
    a deep copy (states are plain data, and a map pickles without its caches).  Pickled by
    engine/state_pickle.py, which leaves the objects' attributes as quick to read as before,
    in the state and in its copies."""
    return state_pickle.dumps(state)


def kept_action(seat: str, kind: str, text: str, args: tuple[tuple[str, Any], ...]) -> Action:
    """An action read back from the keyframe cache: a plain function, because a pickled
    classmethod is read back through getattr, which `thaw_state` cannot admit."""
    return Action.sorted_plain(seat, kind, text, args)


# Where the classes of a kept state live: the engine's game and grid, and each game's state
# (and Ashardalon's tile layout).  Nothing else is data.
_STATE_MODULE = re.compile(r"dungeon_tui\.(engine\.(game|grid)|rulesets\.\w+\.(state|geometry))")


class _Thaw(pickle.Unpickler):
    """Reads back what `freeze_state` (and the keyframe cache) wrote, and nothing else: a kept
    state may come from the user's cache folder (engine/keyframe_cache.py), so a pickle that
    names any other callable (the classic os.system) is refused rather than run."""

    def find_class(self, module: str, name: str) -> Any:
        if _STATE_MODULE.fullmatch(module):
            found = super().find_class(module, name)
            if isinstance(found, type) or found is kept_action:
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a kept state")


def thaw_state(data: bytes) -> Any:
    """A state (or keyframes) back from `freeze_state`'s bytes; only our own state classes."""
    return _Thaw(io.BytesIO(data)).load()


class Controller(Protocol):
    def choose(self, game: Game, decision: Decision) -> tuple[Action, str]:
        """Return the action and a reason (non-empty for AI)."""


Procedure = Generator[Decision, Action, Any]


class Rules(Protocol):
    """What the driver needs of a game; engine/contract.py declares the whole contract."""

    @property
    def id(self) -> str: ...
    @property
    def rules_version(self) -> str: ...

    def new_state(self, setup: dict[str, Any], content: Any, seed: int) -> Any: ...
    def procedure(self, game: Game) -> Procedure: ...
    def state_dict(self, state: Any) -> dict[str, Any]: ...
    def view(self, state: Any, seat: str) -> Any: ...
    def seats(self, state: Any) -> list[str]: ...


class Game:
    """Drives a ruleset's procedure, checks every action, keeps the decision list."""

    _in_run = False  # inside `run`, where nobody reads the events `play` hands back

    def __init__(self, ruleset: Rules, setup: dict[str, Any], seed: int, content: Any,
                 content_digest: str = "") -> None:
        self.ruleset = ruleset
        self.setup = setup
        self.seed = seed
        self.content = content
        self.content_digest = content_digest
        self.state = ruleset.new_state(setup, content, seed)
        self.decisions: list[tuple[Action, str]] = []
        self.checkpoints: list[tuple[int, int, str]] = []  # (decision count, round, hash)
        self.events: list[Event] = []
        self.keep_events = True
        self.listeners: list[Callable[[Event], None]] = []
        self.result: dict[str, Any] | None = None
        self._fresh: list[Event] = []
        self._pending: Decision | None = None
        # Keyframes: a copy of the state at each round boundary, from which `resume` rebuilds
        # the game without replaying what came before (the replay viewer's fast seek).
        self.keep_keyframes = False
        self.keyframe_gap = 0  # at least this many decisions between two keyframes (copies cost)
        self.keyframes: list[Keyframe] = []
        self.resuming = False  # the procedure starts from a keyframe's state, not a new game
        # False for a game only looked at (the replay viewer's): its checkpoints keep no state
        # hash, the dearest part of a round boundary, as nothing checks or saves them.
        self.hashes = True
        self._proc = ruleset.procedure(self)
        self._advance(None)

    @classmethod
    def resume(cls, ruleset: Rules, setup: dict[str, Any], seed: int, content: Any, frame: Keyframe,
               decisions: list[tuple[Action, str]], content_digest: str = "") -> Game:
        """The game as it stood at a keyframe: its state (a fresh copy), the decisions made up
        to it (the chance seat's answers depend on their count), the events and checkpoints so
        far; the ruleset's procedure then goes on from the round boundary (`game.resuming`)."""
        game = cls.__new__(cls)
        game.ruleset, game.setup, game.seed, game.content = ruleset, setup, seed, content
        game.content_digest = content_digest
        game.state = frame.state
        game.decisions = list(decisions[:frame.decisions])
        game.checkpoints = list(frame.checkpoints)
        game.events = list(frame.events)
        game.keep_events, game.listeners, game.result = True, [], None
        game._fresh, game._pending = [], None
        game.keep_keyframes, game.keyframe_gap, game.keyframes, game.resuming = False, 0, [], True
        game.hashes = True
        game._proc = ruleset.procedure(game)
        game._advance(None)
        game.resuming = False
        return game

    def rewound(self, keep: int) -> Game:
        """The game as it stood after its first `keep` decisions (undo): resumed from the last
        keyframe at or before that point, so only what follows it is played again; from the
        start when there is none.  Keyframes up to that point carry over."""
        frames = [f for f in self.keyframes if f.decisions <= keep]
        if frames:
            game = Game.resume(self.ruleset, self.setup, self.seed, self.content, frames[-1], self.decisions,
                               self.content_digest)
        else:
            game = Game(self.ruleset, self.setup, self.seed, self.content, self.content_digest)
        game.keep_keyframes, game.keyframe_gap, game.keyframes = self.keep_keyframes, self.keyframe_gap, frames
        game.replay_actions(self.decisions[len(game.decisions):keep])
        return game

    # -- driving ---------------------------------------------------------------------
    @property
    def pending(self) -> Decision | None:
        return self._pending

    @property
    def over(self) -> bool:
        return self._pending is None

    def play(self, action: Action, why: str = "") -> list[Event]:
        decision = self._pending
        if decision is None:
            raise IllegalAction("the game is over")
        if decision.chance is None:
            # Take the offered instance so the canonical text comes from the ruleset (found in
            # one pass: `Decision.legal` would look it up, then `index` again; a LazyDecision's
            # options not read by anyone are not made at all).
            offered = decision.offered(action)
            if offered is None:
                raise IllegalAction(f"{action} is not a legal choice for {decision.seat}: {decision.prompt}")
            action = offered
        elif not decision.chance.legal(action):
            raise IllegalAction(f"{action} is not a legal choice for {decision.seat}: {decision.prompt}")
        elif action is not _MADE[1] or decision.chance is not _MADE[0]:
            # In the spec's own words (an action this spec has just made, as the seeded dice's
            # are, is in them already: half of a game's decisions are rolls and draws).
            action = decision.chance.action(action.get("faces") if action.kind == "dice" else action.get("index"))
        self.decisions.append((action, why))
        self._fresh = []
        if self.keep_events or self.listeners:
            # Nobody keeps or hears a game's events (simulate, fuzz): the decision itself is in
            # `decisions`, and its event, half of all a game makes, is not made.
            self.emit("decision", seat=action.seat, action=str(action), why=why)
        self._advance(action)
        fresh, self._fresh = self._fresh, []
        return fresh

    def _advance(self, action: Action | None) -> None:
        try:
            self._pending = self._proc.send(action) if action is not None else next(self._proc)
        except StopIteration as stop:
            self._pending = None
            self.result = stop.value if isinstance(stop.value, dict) else {"outcome": "over"}

    # -- called by rules ---------------------------------------------------------------
    @property
    def unseen(self) -> bool:
        """Whether an event made now would reach nobody: none are kept, nobody listens, and no
        caller of `play` is handed them (simulate's and fuzz's games, played by `run`)."""
        return self._in_run and not self.keep_events and not self.listeners

    def emit(self, kind: str, **data: Any) -> Event:
        event = Event(kind, data)
        if self.keep_events:
            self.events.append(event)
        self._fresh.append(event)
        for listener in self.listeners:
            listener(event)
        return event

    def checkpoint(self, round_no: int, resumable: bool = True) -> str:
        """A state hash for the record at a round boundary; `resumable` says the procedure can
        go on from here when started with `resuming` (not so for the final checkpoint)."""
        digest = self.state_hash() if self.hashes else ""
        self.checkpoints.append((len(self.decisions), round_no, digest))
        last = self.keyframes[-1].decisions if self.keyframes else -(1 << 30)
        if resumable and self.keep_keyframes and len(self.decisions) - last >= self.keyframe_gap:
            self.keyframes.append(Keyframe(len(self.decisions), freeze_state(self.state),
                                           list(self.checkpoints), list(self.events)))
        return digest

    def state_hash(self) -> str:
        return canonical_hash(self.ruleset.state_dict(self.state))

    def view(self, seat: str) -> Any:
        return self.ruleset.view(self.state, seat)

    # -- running with controllers ---------------------------------------------------------
    def run(self, controllers: dict[str, Controller], max_decisions: int = 200_000) -> dict[str, Any]:
        """Play until the end with a controller per seat (see engine.controllers.for_seat)."""
        count = 0
        self._in_run = True
        try:
            while self._pending is not None:
                decision = self._pending
                controller = controllers.get(decision.seat) or controllers["*"]
                action, why = controller.choose(self, decision)
                self.play(action, why)
                count += 1
                if count > max_decisions:
                    raise RuntimeError(f"game did not end within {max_decisions} decisions")
        finally:
            self._in_run = False
        return self.result or {}

    def replay_actions(self, actions: Iterable[tuple[Action, str]]) -> None:
        for action, why in actions:
            self.play(action, why)
