"""An area spell's cast names whoever else its squares hold, in the figures' order: the same
words as a look over every figure, at every moment the Wizard is asked in whole AI games."""
from __future__ import annotations

from dungeon_tui.batch import game_seed
from dungeon_tui.engine.words import listing
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.warhammer_quest.ai.companions import WarriorAI
from dungeon_tui.rulesets.warhammer_quest.magic import cast_options
from dungeon_tui.rulesets.warhammer_quest.spells import area
from dungeon_tui.rulesets.warhammer_quest.state import MONSTER
from dungeon_tui.rulesets.warhammer_quest.words import the

AREA_SPELLS = {"fireball": True, "pit_of_despair": False}  # spell: only monsters named


def _caught(s, target, monsters_only: bool) -> str:
    sqs = area(target.square)
    others = [f for f in s.figures.values() if f is not target and f.on_board and f.pos in sqs
              and (f.side == MONSTER or not monsters_only)]
    return f" ({listing([the(f.name) for f in others])} too)" if others else ""


def test_an_area_spell_names_those_it_would_catch_as_a_look_over_every_figure_does():
    rs = get("warhammer-quest")
    checked = {"casts": 0, "named": 0}

    class Checked(WarriorAI):
        def choose(self, game, decision):
            s = game.state
            wiz = s.figures.get("wizard")
            if wiz is not None and (decision.context.get("window") or decision.context.get("figure") == "wizard"):
                for a in cast_options(game, wiz):
                    monsters_only = AREA_SPELLS.get(a.get("spell"))
                    if a.kind == "cast" and monsters_only is not None and a.get("target"):
                        words = _caught(s, s.figures[a.get("target")], monsters_only)
                        assert a.text.endswith(words) and (words or not a.text.endswith(" too)"))
                        checked["casts"] += 1
                        checked["named"] += bool(words)
            return super().choose(game, decision)
    controllers = rs.ai_controllers()
    controllers["*"] = Checked()
    for adventure in ("fp6", "random"):
        for i in range(8):
            rs.new_game(rs.normalise_setup({"adventure": adventure}), game_seed(11, i)).run(controllers)
    assert checked["casts"] > 50 and checked["named"] > 5
