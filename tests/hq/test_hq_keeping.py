"""A companion's walk kept over his turn (heroquest/ai/keeping.py): where the kept walk asks
only the entry that chose it again, the whole script chooses that same entry."""
from __future__ import annotations

from typing import Any

import pytest

from dungeon_tui.batch import game_seed
from dungeon_tui.engine import tactics
from dungeon_tui.rulesets.heroquest.ai import keeping
from dungeon_tui.rulesets.heroquest.ai.primitives import Plan, registry
from dungeon_tui.rulesets.heroquest.ai.seat import ScriptedSeat, scripts
from dungeon_tui.rulesets.heroquest.game import GAME


@pytest.mark.parametrize("quest, games", [("warlocks_cellar", 12), ("crypt_of_the_bone_lantern", 3)])
def test_the_entry_a_kept_walk_asks_again_is_the_one_the_whole_script_chooses(
        quest: str, games: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Asked at every decision where a walk keeps its entry, through whole AI quests (the
    Cellar's twelfth game has a Dwarf climbing out of a pit mid-walk: his dice, and so the
    party's leader, change with that step)."""
    kept_entry = keeping.KeptWalk.fired_still
    asked: list[Any] = []

    def checked(self: keeping.KeptWalk, game: Any, d: Any, me: Any) -> tuple[Any, str] | None:
        found = kept_entry(self, game, d, me)
        if found is not None:
            compiled = scripts(game.content)
            name = "escort_default" if me.kind in game.content.escorts else "hero_default"
            script, i, label = tactics.choose(compiled[name], compiled, registry, Plan(game, me, d))
            assert (script.entries[i], label) == found, (len(game.decisions), me.name)
            asked.append(found)
        return found

    monkeypatch.setattr(keeping.KeptWalk, "fired_still", checked)
    for n in range(games):
        game = GAME.new_game({"adventure": quest}, game_seed(2027, n + 1))
        ctl = GAME.ai_controllers()
        while not game.over:
            d = game.pending
            game.play((ctl.get(d.seat) or ctl["*"]).choose(game, d)[0])
    assert len(asked) > 100


def test_a_follower_near_his_leader_waits_as_his_follow_entry_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a follower's kept walk answers for `follow` (he has come within two steps of his
    leader's side), running the entry itself (a walk from his new square, then carrying it out)
    gives the same end of turn with the same words, through whole AI quests."""
    kept_wait = keeping.KeptWalk.waits
    asked: list[str] = []

    def checked(self: keeping.KeptWalk, d: Any, fired: tuple[Any, str]) -> tuple[Any, str] | None:
        found = kept_wait(self, d, fired)
        if found is not None:
            game = self.game
            me = game.state.figures[self.figure]
            p = Plan(game, me, d)
            p.memo["fired"] = fired
            why = tactics.reason(fired[1], tactics.perform(fired[0], registry, p))
            assert ScriptedSeat()._carry_out(game, d, me, p, why) == found, (len(game.decisions), me.name)
            asked.append(found[1])
        return found

    monkeypatch.setattr(keeping.KeptWalk, "waits", checked)
    for quest, n in (("crypt_of_the_bone_lantern", 1), ("crypt_of_the_bone_lantern", 2), ("warlocks_cellar", 2),
                     ("the_trial", 3)):
        game = GAME.new_game({"adventure": quest}, game_seed(2027, n))
        ctl = GAME.ai_controllers()
        while not game.over:
            d = game.pending
            game.play((ctl.get(d.seat) or ctl["*"]).choose(game, d)[0])
    assert len(asked) > 60 and all(why.startswith("waits by ") for why in asked)
