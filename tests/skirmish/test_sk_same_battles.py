"""Speed-ups change no battle: the same seed gives the same battle, decision for decision (each
action, its arguments and its reason) and the same final state, as recorded in
same_battles.json before the AI's and the rules' caches were added.  The table covers every
scenario with the §6 scripts on both seats (the default warbands; Skaven against Undead with
magic; the default warbands with magic) and the fuzzer's mixed players (the AI, one choice in
four random).

When a rule or a script changes on purpose, the battles change with it: check the change, then
write the table again with `python tests/skirmish/test_sk_same_battles.py`."""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from dungeon_tui.ai.controllers import mixed_controllers
from dungeon_tui.batch import game_seed
from dungeon_tui.engine.game import Game
from dungeon_tui.rulesets.skirmish.game import GAME

TABLE = Path(__file__).with_name("same_battles.json")
SCENARIOS = ("border_patrol", "defend_the_village", "barrow_tomb", "hold_the_ruin")
# kind -> (setup besides the scenario, the run's seed, battles per scenario)
KINDS: dict[str, tuple[dict[str, Any], int, int]] = {
    "ai": ({}, 1, 6),
    "magic_skaven": ({"warband_1": "skaven_scouts", "warband_2": "undead_host", "magic": True}, 7, 2),
    "magic": ({"warband_1": "empire_patrol", "warband_2": "orc_raiders", "magic": True}, 7, 2),
    "mixed": ({}, 3, 3),
}


def decisions_hash(game: Game) -> str:
    """Every decision in order: its words, its arguments and its reason."""
    digest = hashlib.sha256()
    for action, why in game.decisions:
        digest.update(f"{action}|{json.dumps(action.to_json(), sort_keys=True)}|{why}\n".encode())
    return digest.hexdigest()[:16]


def battle(scenario: str, kind: str, i: int) -> Game:
    extra, run_seed, _count = KINDS[kind]
    seed = game_seed(run_seed, i)
    game = GAME.new_game({"adventure": scenario, **extra}, seed)
    if kind == "mixed":
        game.run(mixed_controllers(GAME, seed ^ 0xF022, GAME.invariants().shun))
    else:
        game.run(GAME.ai_controllers())
    return game


def fingerprint(game: Game) -> dict[str, Any]:
    return {"decisions": len(game.decisions), "state_hash": game.state_hash(), "decisions_hash": decisions_hash(game)}


def recorded() -> list[dict[str, Any]]:
    return list(json.loads(TABLE.read_text(encoding="utf-8"))["battles"])


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_same_seed_gives_the_same_battle_decision_for_decision(scenario):
    rows = [row for row in recorded() if row["scenario"] == scenario]
    assert len(rows) == sum(count for _extra, _seed, count in KINDS.values())
    for row in rows:
        game = battle(scenario, row["kind"], row["i"])
        want = {k: row[k] for k in ("decisions", "state_hash", "decisions_hash")}
        assert fingerprint(game) == want, f"{scenario} {row['kind']} battle {row['i']}"


def write_table() -> None:
    rows = [{"scenario": sc, "kind": kind, "i": i, **fingerprint(battle(sc, kind, i))}
            for sc in SCENARIOS for kind, (_extra, _seed, count) in KINDS.items() for i in range(count)]
    lines = ",\n".join(json.dumps(row) for row in rows)
    TABLE.write_text('{"battles": [\n' + lines + "\n]}\n", encoding="utf-8")


if __name__ == "__main__":
    # Writing is the only thing this does: any argument (even --help) is refused rather than
    # taken as leave to rewrite the table.
    if sys.argv[1:]:
        sys.exit(f"usage: python {sys.argv[0]} (no arguments): plays the same battles on this tree "
                 "and writes their table anew")
    write_table()
    sys.exit(0)
