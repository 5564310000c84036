"""Dice and draws: the chance seat.

Rules ask for dice with `faces = yield from roll(game, 2, 6, rule)`; the chance seat's
controller answers.  The default controller derives each outcome from the seed and the
index of the chance decision alone (a counter-based generator), so a game loaded from its
decision list carries on exactly as it would have, in any process.
"""
from __future__ import annotations

from typing import Any
from collections.abc import Generator, Sequence

from .game import CHANCE, Action, Chance, Decision, Game

MASK = (1 << 64) - 1


def splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


class SeededChance:
    """The game's own dice: outcome k of decision i is a pure function of (seed, i, k)."""

    def __init__(self, salt: int = 0) -> None:
        self.salt = salt
        # The seed's own first step, the same for every outcome of a game: the last one kept.
        self._seeded: tuple[int, int] | None = None

    def uniform(self, seed: int, index: int, k: int, n: int) -> int:
        seeded = self._seeded
        if seeded is None or seeded[0] != seed:
            seeded = self._seeded = (seed, splitmix64((seed ^ self.salt) & MASK))
        x = splitmix64(splitmix64(seeded[1] ^ index) ^ k)
        return x % n

    def choose(self, game: Game, decision: Decision) -> tuple[Action, str]:
        spec = decision.chance
        assert spec is not None, "the chance seat only answers chance decisions"
        index = len(game.decisions)
        if spec.kind == "dice":
            if spec.count == 1:  # most rolls are of one die: no generator for it
                return spec.action((1 + self.uniform(game.seed, index, 0, spec.sides),)), "seeded dice"
            faces = tuple(1 + self.uniform(game.seed, index, k, spec.sides) for k in range(spec.count))
            return spec.action(faces), "seeded dice"
        return spec.action(self.uniform(game.seed, index, 0, spec.sides)), "seeded draw"


class ForcedChance:
    """Test and 'I roll my own dice' helper: answers from a fixed list, in order."""

    def __init__(self, outcomes: list[Any]) -> None:
        self.outcomes = list(outcomes)

    def choose(self, game: Game, decision: Decision) -> tuple[Action, str]:
        spec = decision.chance
        assert spec is not None
        if not self.outcomes:
            raise LookupError(f"no forced outcome left for {spec.rule or spec.kind}")
        value = self.outcomes.pop(0)
        if spec.kind == "dice":
            faces = tuple(value) if isinstance(value, (list, tuple)) else (value,)
            return spec.action(faces), "forced"
        return spec.action(int(value)), "forced"


# The dice asked for so far: each spec is immutable, and a game asks for the same few rolls
# hundreds of times (a frozen class's construction sets each field the slow way).  Draws are
# not kept: a draw names the cards left in its pile, different every time.
_ROLLS: dict[tuple[int, int, str, tuple[str, ...], str | None], tuple[Chance, str]] = {}


def _dice(count: int, sides: int, rule: str, faces: tuple[str, ...], by: str | None) -> tuple[Chance, str]:
    """The spec of these dice and the prompt that asks for them."""
    key = (count, sides, rule, faces, by)
    kept = _ROLLS.get(key)
    if kept is None:
        if len(_ROLLS) >= 4096:  # rules naming their rolls afresh each time must not fill memory
            _ROLLS.clear()
        kept = _ROLLS[key] = (Chance("dice", count, sides, rule, tuple(faces), by),
                              f"roll {count}d{sides} for {rule}")
    return kept


def roll(game: Game, count: int, sides: int, rule: str, faces: tuple[str, ...] = (),
         by: str | None = None) -> Generator[Decision, Action, tuple[int, ...]]:
    """Ask the chance seat for `count` dice; returns the faces (numbers).  For players who roll
    their own dice: `faces` names what each face shows where the die has symbols, `by` the seat
    that rolls them at the table when it is not the one whose choice led here."""
    spec, prompt = _dice(count, sides, rule, faces, by)
    action = yield Decision(CHANCE, prompt, chance=spec)
    rolled: tuple[int, ...] = action.get("faces")
    return rolled


def draw(game: Game, n: int, rule: str, names: tuple[str, ...] = ()) -> Generator[Decision, Action, int]:
    """Ask the chance seat to pick one of n (a card from a pile, a counter from a cup); `names`,
    the cards in pile order, lets players who draw from their own deck name the card."""
    if n <= 1:
        return 0
    spec = Chance("draw", 1, n, rule, names)
    action = yield Decision(CHANCE, f"draw one of {n} for {rule}", chance=spec)
    index: int = action.get("index")
    return index


def shuffled(game: Game, items: list[Any], rule: str) -> Generator[Decision, Action, list[Any]]:
    """A uniformly shuffled copy, drawn card by card."""
    rest = list(items)
    out: list[Any] = []
    while rest:
        out.append(rest.pop((yield from draw(game, len(rest), rule))))
    return out


def roll_event(game: Game, rule: str, dice: str, faces: Sequence[int | str], *,
               target: int | None = None, inputs: dict[str, Any] | None = None,
               modifiers: dict[str, int] | None = None, outcome: Any = None, text: str = "",
               **more: Any) -> None:
    """Every roll becomes one structured Roll event (the log, help and tests read these).  A
    face is a number, or a word where the dice show symbols (HeroQuest's combat dice); `more`
    holds a game's own plain fields (a reroll, a critical).  None is made for nobody (a game
    played by `run` keeping no events and heard by no one: `Game.unseen`)."""
    if getattr(game, "unseen", False):
        return
    game.emit("roll", rule=rule, dice=dice, faces=list(faces), target=target,
              inputs=dict(inputs or {}), modifiers=dict(modifiers or {}), outcome=outcome, text=text, **more)


def natural_test(face: int, total: int, target: int) -> bool:
    """A pass/fail roll of one die where a natural 1 fails and a natural 6 passes, however modified."""
    if face == 1:
        return False
    if face == 6:
        return True
    return total >= target
