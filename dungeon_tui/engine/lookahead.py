"""A slower, stronger companion: before a choice that matters it plays a few short futures of
each sensible option with the default AI on every seat, and takes the option whose futures
left the party best off.

It lives in the engine, not in `dungeon_tui/ai`, because the games' controllers are made in
their own packages, which may import the engine and nothing else of ours.  Every game uses
this one player through a few hooks of its own (`Hooks`): which options are
worth weighing, how good a position is for the party, what in the game's state a hero seat
cannot see (re-drawn in every future), and which events show something new (a future stops
there, so it never reads an unrevealed room).

Own dice only.  A future's chance seat is a private stream derived from the game's seed, the
decision's index and the future's number, never the game's own dice, so the lookahead cannot
know what the dice will do.  Every option weighed meets the same futures' dice, counted per
rule (common random numbers): two options are compared on the same luck, which the few
futures a decision can afford need.

Forking.  A game cannot be copied: its rules are a generator, paused mid-procedure.  A future
is the game resumed from its last keyframe (`Game.resume`: one deep copy of the state) with
the few decisions since then replayed, which costs at most a round or two of rules.  The app's
game keeps keyframes (for undo) and is forked from directly; a game that keeps none (`simulate`)
gets a shadow kept by the lookahead, fed the live game's decisions as they come and keeping a
keyframe at every round boundary.  The engine needs no new entry point, and nothing the live
game holds is touched.
"""
from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from .contract import ruleset_of, setting
from .dice import MASK, SeededChance, splitmix64
from .game import CHANCE, Action, Controller, Decision, Event, Game

LOOKAHEAD = "lookahead"
SALT = 0x100CA4EAD


class Hooks(Protocol):
    """What one game tells the lookahead."""

    futures: int  # futures played per option
    widest: int  # at most this many options weighed, the default's first choice among them
    horizon: int  # a future ends after this many round boundaries (or at the end of the game)
    longest: int  # and after this many decisions at most
    margin: float  # another option must beat the default's by this much (the futures are few)
    measure: str  # what the score counts, as the reason says it ("Wounds kept, a foe slain worth 3")

    def candidates(self, game: Game, decision: Decision, first: Action) -> list[Action]:
        """The options worth weighing, `first` (the default companion's) among them; fewer than
        two means the default's choice stands without a look ahead."""

    def conceal(self, game: Game, pick: Callable[[int], int]) -> Any:
        """Re-draw in a future's state what a hero seat cannot see (the order of a deck), with
        `pick(n)`, a private draw of one of n; returns what the seat knew at the fork (the foes
        in sight), which `score` is given."""

    def reveals(self, event: Event) -> bool:
        """An event that shows what no hero could know before (a new room): the future stops."""

    def score(self, game: Game, known: Any) -> float:
        """How well the party stands in a game still going, in the words of `measure`, counting
        only foes of `known` (a won or lost game is scored by the engine: see `FINISHED`)."""


FINISHED = 1000.0  # a won future scores this, a lost one its negative: more than any standing


def alongside(decision: Decision, first: Action, kinds: tuple[str, ...],
              keep: Callable[[Action], bool] = lambda a: True) -> list[Action]:
    """`first` (the default's choice) and the decision's other options of these kinds that
    `keep` accepts, in their order: what the hooks' `candidates` mostly weigh."""
    return [first, *(a for a in decision.options if a.kind in kinds and a != first and keep(a))]


@dataclass(slots=True)
class Weighed:
    action: Action
    mean: float


class Private:
    """One private stream of draws: a pure function of the game's seed and a salt."""

    def __init__(self, seed: int, salt: int) -> None:
        self.seed, self.dice, self.k = seed, SeededChance(salt), 0

    def __call__(self, n: int) -> int:
        self.k += 1
        return self.dice.uniform(self.seed, 0, self.k, n)


class FutureDice:
    """A future's chance seat.  The k-th roll for a rule asked after a seat's choice is a pure
    function of the game's seed, the salt, the rule, the seat and k, so two futures of
    different options meet the same luck where they roll for the same thing (the monsters'
    second blow hits in both or in neither, whether or not a warrior swung first)."""

    def __init__(self, salt: int) -> None:
        self.dice, self.counts = SeededChance(salt), dict[str, int]()

    def choose(self, game: Game, decision: Decision) -> tuple[Action, str]:
        spec = decision.chance
        assert spec is not None, "the chance seat only answers chance decisions"
        key = f"{spec.rule} {asker(game)}"
        count = self.counts.get(key, 0)
        self.counts[key] = count + 1
        seed = game.seed ^ zlib.crc32(key.encode())
        if spec.kind == "dice":
            return spec.action(tuple(1 + self.dice.uniform(seed, count, k, spec.sides)
                                     for k in range(spec.count))), "the lookahead's own dice"
        return spec.action(self.dice.uniform(seed, count, 0, spec.sides)), "the lookahead's own draw"


def asker(game: Game) -> str:
    """The seat whose choice led to this roll: the last one not the chance seat's."""
    for action, _ in reversed(game.decisions[-40:]):
        if action.seat != CHANCE:
            return action.seat
    return CHANCE


def future_salt(index: int, number: int) -> int:
    return splitmix64((SALT ^ (index << 12) ^ number) & MASK)


class Lookahead:
    """A hero companion that weighs each sensible option over short futures."""

    def __init__(self, default: Controller, others: Callable[[], dict[str, Controller]], hooks: Hooks) -> None:
        self.default, self.others, self.hooks = default, others, hooks
        self._shadow: Game | None = None

    def choose(self, game: Game, decision: Decision) -> tuple[Action, str]:
        first, why = self.default.choose(game, decision)
        options = self.hooks.candidates(game, decision, first)
        if len(options) < 2:
            return first, why
        options = options[:self.hooks.widest]
        if first not in options:
            options[-1] = first
        # A live game that keeps keyframes (the app's, for undo) is forked from directly.
        shadow = game if game.keyframes else self.shadow(game)
        index = len(game.decisions)
        weighed = [Weighed(a, sum(self.future(shadow, a, index, n) for n in range(self.hooks.futures))
                           / self.hooks.futures) for a in options]
        mean_first = next(w.mean for w in weighed if w.action == first)
        best = max(weighed, key=lambda w: w.mean)
        if best.mean <= mean_first + self.hooks.margin:
            best = next(w for w in weighed if w.action == first)
        rest = [w for w in weighed if w.action != best.action]
        other = max(rest, key=lambda w: w.mean)
        weighed_why = (f"in {self.hooks.futures} futures each the party scored {best.mean:.1f} against"
                       f" {other.mean:.1f} for {other.action} ({self.hooks.measure})")
        if best.action == first:
            return first, f"{why}; {weighed_why}"
        return best.action, f"{best.action}: {weighed_why}"

    # -- forking -----------------------------------------------------------------------
    def shadow(self, game: Game) -> Game:
        """The lookahead's own copy of the game, brought up to the live game's decisions."""
        shadow = self._shadow
        done = [a for a, _ in game.decisions]
        if (shadow is None or shadow.seed != game.seed or shadow.setup != game.setup
                or shadow.ruleset is not game.ruleset or len(shadow.decisions) > len(done)
                or [a for a, _ in shadow.decisions] != done[:len(shadow.decisions)]):
            shadow = Game(game.ruleset, game.setup, game.seed, game.content, game.content_digest)
            shadow.keep_keyframes = True
            self._shadow = shadow
        shadow.replay_actions(game.decisions[len(shadow.decisions):])
        return shadow

    def fork(self, shadow: Game) -> Game:
        """A game at the shadow's decision, which may be played on without touching the shadow."""
        if not shadow.keyframes:
            fork = Game(shadow.ruleset, shadow.setup, shadow.seed, shadow.content, shadow.content_digest)
        else:
            fork = Game.resume(shadow.ruleset, shadow.setup, shadow.seed, shadow.content, shadow.keyframes[-1],
                               shadow.decisions, shadow.content_digest)
        fork.replay_actions(shadow.decisions[len(fork.decisions):])
        return fork

    def future(self, shadow: Game, action: Action, index: int, number: int) -> float:
        """Play `action` and one short future after it, on dice of the lookahead's own."""
        game = self.fork(shadow)
        salt = future_salt(index, number)
        known = self.hooks.conceal(game, Private(game.seed, salt ^ 0x5A17))
        seen: list[bool] = []
        game.keep_events = False
        game.listeners.append(lambda event: seen.append(True) if self.hooks.reveals(event) else None)
        controllers: dict[str, Any] = {**self.others(), CHANCE: FutureDice(salt)}
        game.play(action)
        rounds = len(game.checkpoints) + self.hooks.horizon
        steps = 0
        while not game.over and not seen and len(game.checkpoints) < rounds and steps < self.hooks.longest:
            decision = game.pending
            assert decision is not None
            controller = controllers.get(decision.seat) or controllers["*"]
            picked, _ = controller.choose(game, decision)
            game.play(picked)
            steps += 1
        if game.over:
            return FINISHED if ruleset_of(game).won(game.result or {}) else -FINISHED
        return self.hooks.score(game, known)


class CompanionLevels:
    """The hero seats' controller: the default companion, or another level the game's setup
    names under `companion` (an AI setting kept with the setup; records replay the same)."""

    def __init__(self, default: Controller, **levels: Controller) -> None:
        self.default, self.levels = default, levels

    def choose(self, game: Game, decision: Decision) -> tuple[Action, str]:
        level = self.levels.get(str(game.setup.get("companion") or ""), self.default)
        return level.choose(game, decision)


def with_lookahead(default: Controller, others: Callable[[], dict[str, Controller]], hooks: Hooks) -> CompanionLevels:
    """The hero seats' controller of a game with a lookahead level: `others` makes the default
    AI of every seat (the game-master's under DUNGEON, the heroes' under "*") for the futures."""
    return CompanionLevels(default, **{LOOKAHEAD: Lookahead(default, others, hooks)})


def companion_setting() -> Any:
    """The setup option that picks the hero companions' level (games with a lookahead level)."""
    return setting("default", "Companions", [("quick (the default)", "default"),
                                               ("lookahead: slower, stronger", LOOKAHEAD)],
                   about="how the AI plays the heroes nobody plays: the lookahead weighs short futures")


def companion_of(options: Any) -> dict[str, str]:
    """What a setup keeps of the option: nothing for the default, so records stay as they were."""
    level = getattr(options, "companion", "default")
    return {} if level == "default" else {"companion": level}
