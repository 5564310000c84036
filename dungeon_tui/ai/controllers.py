"""Players every game can use: random legal play, and the game's own AI with random choices mixed in
(fuzzing).  Each game's own AI lives in its package (`rulesets/<game>/ai`)."""
from __future__ import annotations

from typing import Any

from ..engine.dice import SeededChance
from ..engine.contract import Ruleset
from ..engine.game import CHANCE, Action, Decision, Game


class RandomPlayer:
    """Picks uniformly among the legal actions, from its own seeded stream (fuzzing).  Kinds in
    `shun` (walking out, giving up) are taken only when nothing else is offered, so random
    games last long enough to reach the later states of an adventure."""

    def __init__(self, salt: int = 0x5EED, shun: tuple[str, ...] = ()) -> None:
        self.stream = SeededChance(salt)
        self.shun = shun

    def choose(self, game: Game, decision: Decision) -> tuple[Action, str]:
        options = [a for a in decision.options if a.kind not in self.shun] or decision.options
        i = self.stream.uniform(game.seed, len(game.decisions), 0, len(options))
        return options[i], "random legal choice (fuzz)"


class MixedPlayer:
    """Plays as the AI would, but one choice in `every` is a random legal one (fuzzing): games
    go as deep as the AI takes them, off the paths it would always pick."""

    def __init__(self, ai: Any, salt: int = 0x5EED, every: int = 4, shun: tuple[str, ...] = ()) -> None:
        self.ai, self.every = ai, every
        self.random = RandomPlayer(salt, shun)

    def choose(self, game: Game, decision: Decision) -> tuple[Action, str]:
        if self.random.stream.uniform(game.seed, len(game.decisions), 1, self.every) == 0:
            return self.random.choose(game, decision)
        return self.ai.choose(game, decision)


def random_controllers(salt: int = 0x5EED, shun: tuple[str, ...] = ()) -> dict[str, Any]:
    return {CHANCE: SeededChance(), "*": RandomPlayer(salt, shun)}


def mixed_controllers(rs: Ruleset[Any, Any], salt: int = 0x5EED, shun: tuple[str, ...] = ()) -> dict[str, Any]:
    """The game's AI on every seat, each taking one choice in four at random."""
    return {seat: c if seat == CHANCE else MixedPlayer(c, salt, shun=shun)
            for seat, c in rs.ai_controllers().items()}
