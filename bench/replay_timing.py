"""Shared by the speed scripts: how long replaying a finished game's record takes."""
from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from dungeon_tui.cli import make_game
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
