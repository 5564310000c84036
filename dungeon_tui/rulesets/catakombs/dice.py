"""Catakombs dice (§2.1): the power die (blank, blank, I, I, I*, I*) and its score, the location
die (1 head, 2-3 torso, 4-5 arms, 6 legs), and plain d6.  The chance seat rolls six-sided dice;
this module reads their faces as the game's symbols."""
from __future__ import annotations

from collections.abc import Generator, Sequence
from functools import lru_cache
from itertools import product
from typing import Final

from ...engine.dice import roll
from ...engine.game import Action, Decision, Game

BLANK: Final = "blank"
ONE: Final = "I"
STAR: Final = "I*"  # a bonus face: it counts, and two or more multiply (D1, D2)
POWER_FACES: Final = (BLANK, BLANK, ONE, ONE, STAR, STAR)
LOCATION_FACES: Final = ("head", "torso", "torso", "arms", "arms", "legs")

Dice = Generator[Decision, Action, tuple[int, ...]]


def power_face(pip: int) -> str:
    return POWER_FACES[pip - 1]


def score(faces: Sequence[str]) -> int:
    """The test score: every I and I* counts; with two or more I* the count is multiplied by
    their number (§2.1: [I*, I*, I] = 3 x 2 = 6; a single I* does not multiply)."""
    counted = len(faces) - faces.count(BLANK)  # counted in C: a test is rolled at every blow
    stars = faces.count(STAR)
    return counted * stars if stars > 1 else counted


@lru_cache(maxsize=64)
def chance(dice: int, difficulty: int) -> float:
    """The odds that `dice` power dice score `difficulty` or more, every face counted once (the
    AI's own reckoning from a card; the rules only ever roll)."""
    if dice <= 0:
        return 0.0
    hits = sum(1 for faces in product(POWER_FACES, repeat=dice) if score(faces) >= difficulty)
    return hits / len(POWER_FACES) ** dice


def worked(faces: Sequence[str]) -> str:
    """The score as the log works it out: '2', or '3 x2 = 6' when two or more I* multiply."""
    counted = sum(1 for f in faces if f != BLANK)
    stars = sum(1 for f in faces if f == STAR)
    return f"{counted} x{stars} = {counted * stars}" if stars > 1 else str(counted)


def location(pip: int) -> str:
    return LOCATION_FACES[pip - 1]


def power_dice(game: Game, count: int, rule: str) -> Generator[Decision, Action, list[str]]:
    """Roll `count` power dice; their faces as words."""
    pips = yield from roll(game, count, 6, rule, POWER_FACES)
    return [power_face(p) for p in pips]


def location_die(game: Game, rule: str) -> Generator[Decision, Action, tuple[int, str]]:
    """The location die: its face and the zone it names."""
    (pip,) = yield from roll(game, 1, 6, rule, LOCATION_FACES)
    return pip, location(pip)


def d6(game: Game, count: int, rule: str) -> Generator[Decision, Action, tuple[int, ...]]:
    return (yield from roll(game, count, 6, rule))
