"""A script's answer kept by the figure's flags (ai/interpreter.py `_ANSWERED`): when one of its
first entries, whose conditions read only the figure's own flags, fires with actions that only
ask, every figure with those flags gets the same intents and why; when none of them holds, the
script is asked from the entry after them.  Checked at every script run
of the Master and the companions in AI quests of burglary and old_fool: the answer with the
kept table is the answer with the table empty; and the solo Master's first entries are the
ones its figures not roused fire (webbed, in a duel, the two rolls of one not roused)."""
from __future__ import annotations

import pytest

from cat_ai_quests import play_ai_quest
from dungeon_tui.engine.game import Action, Decision, Game
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.catakombs.ai import companions, interpreter, master
from dungeon_tui.rulesets.catakombs.state import Figure
from dungeon_tui.rulesets.catakombs.terrain import Map


def test_the_first_entries_told_by_the_flags() -> None:
    content = get("catakombs").new_game({"adventure": "burglary"}, 1).content
    compiled = interpreter.scripts(content)
    # webbed: free itself; in a duel: a duel step reads the map; the rolls of one not roused
    assert interpreter._by_flags(compiled["solo_master"]) == [True, False, True, True]
    assert interpreter._by_flags(compiled["hero_companion"]) == [True]


def test_an_answer_kept_by_the_flags_is_the_answer_worked_out(monkeypatch: pytest.MonkeyPatch) -> None:
    real = interpreter.run_script
    seen = {"runs": 0, "kept": 0}

    def checked(game: Game, d: Decision, me: Figure, script: str, m: Map | None = None) -> tuple[Action | None, str]:
        top = interpreter.scripts(game.content)[script]
        kept = interpreter._ANSWERED.get((id(top), *interpreter._flags(me)))
        got = real(game, d, me, script, m)
        kept_now = dict(interpreter._ANSWERED)
        interpreter._ANSWERED.clear()  # worked out afresh, then the table as it was
        assert got == real(game, d, me, script, m)
        interpreter._ANSWERED.clear()
        interpreter._ANSWERED.update(kept_now)
        seen["runs"] += 1
        seen["kept"] += kept is not None and kept[0] is top
        return got
    monkeypatch.setattr(master, "run_script", checked)  # both seats hold the name
    monkeypatch.setattr(companions, "run_script", checked)
    for quest in ("burglary", "old_fool"):
        play_ai_quest(quest, 1)
    assert seen["runs"] > 300 and seen["kept"] > 100, seen
