"""Shared by the speed scripts: AI games played back to back, and how long replaying a
finished game's record takes."""
from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from dungeon_tui.rulesets import game_from_record as make_game
from dungeon_tui.engine import record


def best_replay(game: Any, runs: int = 3) -> tuple[int, float, str]:
    """(decisions in the record, best seconds of `runs` replays, the replayed state hash)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "record.json"
        record.save(game, path, "bench")
        rec = record.read(path)
        best, again = float("inf"), None
        for _ in range(runs):
            t0 = time.perf_counter()
            again = record.replay(rec, make_game)
            best = min(best, time.perf_counter() - t0)
    return len(rec.decisions), best, again.state_hash()


_COLLECTING_LESS: list[bool] = []


def prepare(ruleset: Any) -> None:
    """What a process does once before its first game, as simulate's and fuzz's workers do: the
    content loaded, the collector told to collect less, the AI's modules imported (compiled,
    when no bytecode is written).  A speed script calls it before its clock starts, so the
    first quest it times is not charged with the process's setting up."""
    from dungeon_tui.batch import collect_less
    if not _COLLECTING_LESS:
        ruleset.content()
        ruleset.ai_controllers()
        collect_less()
        _COLLECTING_LESS.append(True)


def simulate_many(ruleset: Any, setup: dict[str, Any], games: int, hashes: bool = True) -> tuple[list[float], int, Any]:
    """Play `games` AI games of one setup (the seeds `simulate` uses): each game's seconds, the
    decisions in all, and the longest game.  `hashes=False` plays them as `simulate` does
    without --record: no state hash at the rounds' checkpoints (the longest then has none)."""
    from dungeon_tui.batch import game_seed
    prepare(ruleset)
    times, decisions, longest = [], 0, None
    for i in range(games):
        t0 = time.perf_counter()
        game = ruleset.new_game(setup, game_seed(1, i))
        game.keep_events = False
        game.hashes = hashes
        game.run(ruleset.ai_controllers())
        times.append(time.perf_counter() - t0)
        decisions += len(game.decisions)
        if longest is None or len(game.decisions) > len(longest.decisions):
            longest = game
    return times, decisions, longest
