"""What the rules work out lazily is what they would have worked out in full, at every decision
of whole AI games: whether a warrior may move at all (`can_move`) is whether he has a square
to move to, and the Wizard's casting window, made spell by spell, offers the casts
`cast_options` lists (then the pass), in order and in the same words, each found alone."""
from __future__ import annotations

from dungeon_tui.batch import game_seed
from dungeon_tui.engine.game import Action
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.warhammer_quest.ai.companions import WarriorAI
from dungeon_tui.rulesets.warhammer_quest.magic import SPELL_TYPES, cast_options, window_choice
from dungeon_tui.rulesets.warhammer_quest.warriors import can_move, move_options


def _played(check, adventures=("fp6", "random"), games=3) -> None:
    rs = get("warhammer-quest")

    class Checked(WarriorAI):
        def choose(self, game, decision):
            check(game, decision)
            return super().choose(game, decision)
    controllers = rs.ai_controllers()
    controllers["*"] = Checked()
    for adventure in adventures:
        for i in range(games):
            rs.new_game(rs.normalise_setup({"adventure": adventure}), game_seed(2027, i)).run(controllers)


def test_a_warrior_may_move_exactly_when_he_has_a_square_to_move_to():
    seen = {True: 0, False: 0}

    def check(game, decision):
        s = game.state
        for w in s.heroes():
            if w.pos is not None:
                moves = bool(move_options(s, game.content, w))
                assert can_move(s, game.content, w) == moves
                seen[moves] += 1
    _played(check)
    assert seen[True] > 500 and seen[False] > 50


def test_the_casting_window_offers_every_cast_in_order_and_finds_each_alone():
    windows = [0, 0]  # windows checked, casts found alone

    def check(game, decision):
        phase = decision.context.get("window")
        if not phase:
            return
        wiz = game.state.figures["wizard"]
        types = SPELL_TYPES if phase == "W" else ("defence", "healing")
        whole = cast_options(game, wiz, types)
        read, only = window_choice(game, wiz, phase)
        assert only is None and len(whole) >= 1
        assert [(a, a.text) for a in read.options] == [(a, a.text) for a in whole] + [
            (read.options[-1], "the Wizard holds his power")]
        assert [(a, a.text) for a in decision.options] == [(a, a.text) for a in read.options]
        for a in read.options:
            alone, _ = window_choice(game, wiz, phase)
            found = alone.offer_for(a)
            assert found == a and found.text == a.text
            windows[1] += 1
        stranger = Action.make(decision.seat, "cast", spell="no_such_spell")
        assert window_choice(game, wiz, phase)[0].offer_for(stranger) is None
        windows[0] += 1
    _played(check)
    assert windows[0] > 30 and windows[1] > windows[0] * 2
