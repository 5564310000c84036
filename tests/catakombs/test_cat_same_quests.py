"""Speed-ups change no quest: the same seed gives the same quest, decision for decision (each
action, its arguments and its reason) and the same final state, as recorded in
same_quests.json before the AI's path searches were cached.  The table covers all six quests
with the AI on every seat (the solo Master and the hero companions) on the default setup, with
every optional rule on (unexpected events, duels, critical hits), and with the fuzzer's mixed
players (the AI, one choice in four random).

When a rule, a script or the words of a reason change on purpose, the quests change with them:
check the change, then write the table again with `python tests/catakombs/test_cat_same_quests.py`."""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dungeon_tui.ai.controllers import mixed_controllers
from dungeon_tui.batch import game_seed
from dungeon_tui.engine.game import Game
from dungeon_tui.rulesets import get

GAME = get("catakombs")
TABLE = Path(__file__).with_name("same_quests.json")
QUESTS = [qid for qid, _ in GAME.adventures()]
# kind -> (setup besides the quest, the run's seed, quests per kind)
KINDS: dict[str, tuple[dict[str, Any], int, int]] = {
    "ai": ({}, 1, 3),
    "options": ({"unexpected_events": True, "duels": True, "critical_hits": True}, 5, 1),
    "mixed": ({}, 3, 2),
}


def decisions_hash(game: Game) -> str:
    """Every decision in order: its words, its arguments and its reason."""
    digest = hashlib.sha256()
    for action, why in game.decisions:
        digest.update(f"{action}|{json.dumps(action.to_json(), sort_keys=True)}|{why}\n".encode())
    return digest.hexdigest()[:16]


def quest(adventure: str, kind: str, i: int) -> Game:
    extra, run_seed, _count = KINDS[kind]
    seed = game_seed(run_seed, i)
    game = GAME.new_game({"adventure": adventure, **extra}, seed)
    game.keep_events = False
    if kind == "mixed":
        game.run(mixed_controllers(GAME, seed ^ 0xF022, GAME.invariants().shun))
    else:
        game.run(GAME.ai_controllers())
    return game


def fingerprint(game: Game) -> dict[str, Any]:
    return {"decisions": len(game.decisions), "state_hash": game.state_hash(), "decisions_hash": decisions_hash(game)}


def recorded() -> list[dict[str, Any]]:
    return list(json.loads(TABLE.read_text(encoding="utf-8"))["quests"])


@pytest.mark.parametrize("adventure", QUESTS)
def test_the_same_seed_gives_the_same_quest_decision_for_decision(adventure):
    rows = [row for row in recorded() if row["quest"] == adventure]
    assert len(rows) == sum(count for _extra, _seed, count in KINDS.values())
    for row in rows:
        game = quest(adventure, row["kind"], row["i"])
        want = {k: row[k] for k in ("decisions", "state_hash", "decisions_hash")}
        assert fingerprint(game) == want, f"{adventure} {row['kind']} quest {row['i']}"


FIRST_IMPORTS = {
    "the ruleset": "from dungeon_tui.rulesets import get; get('catakombs').content()",
    "the turn's rules": "import dungeon_tui.rulesets.catakombs.turns",
    "the items": "import dungeon_tui.rulesets.catakombs.items",
}


def test_the_same_seed_gives_the_same_quest_whatever_module_was_imported_first():
    """A figure's options were listed in the order the mechanic modules registered their
    actions, so a test or a command that imported one of them first met a different list and
    a mixed player, picking by position, played another game (acts.OFFER_ORDER fixes it)."""
    here = Path(__file__).resolve()
    script = ("import sys; sys.path.insert(0, {tests!r}); {first}; import test_cat_same_quests as t; "
              "print(t.fingerprint(t.quest('lost_treasure', 'mixed', 0)))")
    seen = {what: subprocess.run([sys.executable, "-c", script.format(tests=str(here.parent), first=first)],
                                 capture_output=True, text=True, check=True).stdout
            for what, first in FIRST_IMPORTS.items()}
    assert len(set(seen.values())) == 1, seen


def test_every_action_has_its_place_in_the_offer_order():
    from dungeon_tui.rulesets.catakombs import turns  # noqa: F401  (every action registers)
    from dungeon_tui.rulesets.catakombs.acts import ACTS, OFFER_ORDER
    assert sorted(ACTS) == sorted(OFFER_ORDER)


def write_table() -> None:
    rows = [{"quest": q, "kind": kind, "i": i, **fingerprint(quest(q, kind, i))}
            for q in QUESTS for kind, (_extra, _seed, count) in KINDS.items() for i in range(count)]
    lines = ",\n".join(json.dumps(row) for row in rows)
    TABLE.write_text('{"quests": [\n' + lines + "\n]}\n", encoding="utf-8")


if __name__ == "__main__":
    # Writing is the only thing this does: any argument (even --help) is refused rather than
    # taken as leave to rewrite the table.
    if sys.argv[1:]:
        sys.exit(f"usage: python {sys.argv[0]} (no arguments): plays the same quests on this tree "
                 "and writes their table anew")
    write_table()
    sys.exit(0)
