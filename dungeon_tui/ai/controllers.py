"""Controllers for every seat: the seeded dice, the scripted dungeon, companions, random play."""
from __future__ import annotations

from typing import Any

from ..engine.dice import SeededChance
from ..engine.game import CHANCE, DUNGEON, Action, Decision, Game


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
        return self.ai.choose(game, decision)  # type: ignore[no-any-return]


def ai_controllers(game_id: str) -> dict[str, Any]:
    """AI on every seat: simulate and demo games."""
    if game_id == "warhammer-quest":
        from ..rulesets.warhammer_quest.dungeon_ai import DungeonAI
        from .whq_warrior import WarriorAI
        return {CHANCE: SeededChance(), DUNGEON: DungeonAI(), "*": WarriorAI()}
    if game_id == "heroquest":
        from ..rulesets.heroquest.zargon import ScriptedSeat
        seat = ScriptedSeat()
        return {CHANCE: SeededChance(), DUNGEON: seat, "*": seat}
    if game_id == "ashardalon":
        from .ash_hero import DungeonSeat, HeroAI
        return {CHANCE: SeededChance(), DUNGEON: DungeonSeat(), "*": HeroAI()}
    raise KeyError(game_id)


def random_controllers(salt: int = 0x5EED, shun: tuple[str, ...] = ()) -> dict[str, Any]:
    return {CHANCE: SeededChance(), "*": RandomPlayer(salt, shun)}


def mixed_controllers(game_id: str, salt: int = 0x5EED, shun: tuple[str, ...] = ()) -> dict[str, Any]:
    """The AI on every seat, each taking one choice in four at random."""
    return {seat: c if seat == CHANCE else MixedPlayer(c, salt, shun=shun)
            for seat, c in ai_controllers(game_id).items()}
