"""Make the replay-regression records and their manifest again.

Run after a deliberate change of a game's rules (with its RULES_VERSION bumped):

    PYTHONPATH=. python tests/records/make_records.py            # every record
    PYTHONPATH=. python tests/records/make_records.py whq-fp6-finished

Each record is an AI game on every seat from a fixed seed, saved with the engine's own record
code; manifest.json keeps, per record, the rules version it was made with and the state hash
its replay must reach (tests/engine/test_replay_regressions.py checks both).  Review the diff
of manifest.json: a hash that moves without a rules change is a regression, not a re-record.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from dungeon_tui import __version__
from dungeon_tui.rulesets import get
from dungeon_tui.batch import game_seed
from dungeon_tui.engine import record

MANIFEST = HERE / "manifest.json"

# name: (game, adventure, game number in a `simulate --seed 1` run, decisions to stop after or None)
RECORDS: dict[str, tuple[str, str, int, int | None]] = {
    "whq-fp6-finished": ("warhammer-quest", "fp6", 2, None),
    "hq-the_trial-finished": ("heroquest", "the_trial", 2, None),
    "hq-ragnar-midgame": ("heroquest", "rescue_of_sir_ragnar", 1, 600),
    "ash-closed_doors-finished": ("ashardalon", "the_closed_doors", 3, None),
    "ash-day-midgame": ("ashardalon", "a_day_in_the_life", 1, 200),
    "cat-liberation-midgame": ("catakombs", "liberation", 1, 400),
    "sk-barrow_tomb-finished": ("skirmish", "barrow_tomb", 1, None),
}


def make(name: str) -> dict[str, Any]:
    game_id, adventure, number, stop = RECORDS[name]
    rs = get(game_id)
    game = rs.new_game({"adventure": adventure}, game_seed(1, number))
    game.keep_events = False
    ai = rs.ai_controllers()
    while not game.over and (stop is None or len(game.decisions) < stop):
        d = game.pending
        game.play(*(ai.get(d.seat) or ai["*"]).choose(game, d))
    # No date in the meta: the same rules make the same file, so a re-record diffs cleanly.
    meta = {"label": name, "adventure": adventure, "turn": game.state.turn, "over": game.over}
    path = HERE / f"{name}.json"
    record.save(game, path, __version__, meta)
    return {"file": path.name, "ruleset": rs.id, "rules_version": rs.rules_version, "seed": game.seed,
            "decisions": len(game.decisions), "over": game.over, "state_hash": game.state_hash(),
            "bytes": path.stat().st_size}


def main(names: list[str]) -> None:
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8")) if MANIFEST.exists() else {}
    for name in names or list(RECORDS):
        if name not in RECORDS:
            raise SystemExit(f"unknown record {name!r}; known: {', '.join(RECORDS)}")
        manifest[name] = entry = make(name)
        print(f"{name}: {entry['decisions']} decisions, {entry['bytes']} bytes, hash {entry['state_hash']}")
    MANIFEST.write_text(json.dumps(dict(sorted(manifest.items())), indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
