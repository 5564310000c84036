"""A figure's script tried again after an entry whose actions fit no offer (ai/interpreter.py
`run_script`) goes on with the entries after that one: those before it did not hold, on the
same map, figure and decision.  Checked at every script run, the Master's and the companions',
in AI quests of old_fool and burglary (the quests whose scripts are tried again most): the
action and the why are those of the script run as it was, every entry left but the one that
failed asked again (and, with none holding, `choose` giving up)."""
from __future__ import annotations

from typing import Any

import pytest

from cat_ai_quests import play_ai_quest
from dungeon_tui.engine import tactics
from dungeon_tui.engine.game import Action, Decision, Game
from dungeon_tui.rulesets.catakombs.ai import companions, interpreter, master
from dungeon_tui.rulesets.catakombs.ai.plan import Plan
from dungeon_tui.rulesets.catakombs.ai.words import best_stat, registry
from dungeon_tui.rulesets.catakombs.state import Figure
from dungeon_tui.rulesets.catakombs.kept_maps import map_for
from dungeon_tui.rulesets.catakombs.terrain import Map


def _all_but_the_failed(game: Game, d: Decision, me: Figure, script: str, m: Map | None) -> tuple[Action | None, str]:
    """`run_script` as it was: each try asks every entry left but the one that failed."""
    m = m or map_for(game, d)
    compiled = interpreter.scripts(game.content)
    p = Plan(game, me, d, shared=m)
    current = interpreter.for_best_stat(compiled[script], best_stat(p))
    for k in range(len(current.entries) + 1):
        if k:
            p = Plan(game, me, d, shared=m)
        try:
            chosen, i, label = tactics.choose(current, compiled, registry, p)
        except tactics.TacticsError:
            break
        notes = tactics.perform(chosen.entries[i], registry, p)
        action = interpreter.carry_out(d, me, p.intents)
        if action is not None or p.stop:
            return action, tactics.reason(label, notes)
        current = tactics.Script(chosen.name, [e for j, e in enumerate(chosen.entries) if j != i], chosen.params)
        if not current.entries:
            break
    return None, "nothing it can do"


def test_a_script_tried_again_chooses_as_when_every_entry_left_was_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    real, carry_out = interpreter.run_script, interpreter.carry_out
    seen = {"runs": 0, "tried again": 0}

    def counted(*args: Any) -> Action | None:
        action = carry_out(*args)
        seen["tried again"] += action is None
        return action

    def checked(game: Game, d: Decision, me: Figure, script: str, m: Map | None = None) -> tuple[Action | None, str]:
        got = real(game, d, me, script, m)
        assert got == _all_but_the_failed(game, d, me, script, m)
        seen["runs"] += 1
        return got
    monkeypatch.setattr(interpreter, "carry_out", counted)
    monkeypatch.setattr(master, "run_script", checked)  # both seats hold the name
    monkeypatch.setattr(companions, "run_script", checked)
    for quest in ("old_fool", "burglary"):
        play_ai_quest(quest, 1)
    assert seen["runs"] > 300 and seen["tried again"] > 20, seen
