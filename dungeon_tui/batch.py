"""Many games in a row with AI on every seat: what `simulate` runs, and the seeds `fuzz` shares.

Game i of a run uses a seed derived only from the run's seed and i, so the first games of a
long run are the games of a short one.  The figures a run adds up are the game's own
(`Ruleset.tally`), so each game reports in its own words."""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .engine.contract import Ruleset
from .engine.dice import MASK, splitmix64
from .engine.game import Game


def game_seed(seed: int, i: int) -> int:
    """Game i of a run: its seed depends on the run's seed and i alone."""
    return splitmix64(splitmix64(seed & MASK) ^ i) >> 1


@dataclass
class Summary:
    """What a run of games comes to: outcomes, wins, the game's figures, decisions and times."""

    title: str
    games: int
    seed: int
    outcomes: dict[str, int] = field(default_factory=dict)
    wins: int = 0
    totals: dict[str, int] = field(default_factory=dict)
    decisions: int = 0
    milliseconds: list[float] = field(default_factory=list)

    def add(self, rs: Ruleset[Any, Any], game: Game, ms: float) -> None:
        result = game.result or {}
        outcome = str(result.get("outcome", "?"))
        self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1
        self.wins += rs.won(result)
        for name, value in rs.tally(game).items():
            self.totals[name] = self.totals.get(name, 0) + value
        self.decisions += len(game.decisions)
        self.milliseconds.append(ms)

    def lines(self) -> list[str]:
        n = max(1, self.games)
        times = sorted(self.milliseconds)
        median = times[len(times) // 2] if times else 0.0
        return [f"{self.title}: {self.games} games, seed {self.seed}",
                "outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(self.outcomes.items())),
                f"wins {self.wins}, losses {self.games - self.wins}",
                "per game: " + ", ".join(f"{name} {total / n:.1f}" for name, total in self.totals.items()),
                f"decisions {self.decisions}; ms per game: median {median:.1f}, mean {sum(times) / n:.1f}"]


def simulate(rs: Ruleset[Any, Any], setup: dict[str, Any], games: int, seed: int, keep_events: bool = False,
             each: Callable[[int, Game], None] | None = None) -> Summary:
    """Play `games` games of one setup with AI on every seat; `each` sees every finished game."""
    summary = Summary(rs.title, games, seed)
    for i in range(games):
        start = time.perf_counter()
        game = rs.new_game(setup, game_seed(seed, i))
        game.keep_events = keep_events
        game.run(rs.ai_controllers())
        summary.add(rs, game, (time.perf_counter() - start) * 1000)
        if each is not None:
            each(i, game)
    return summary
