"""Who stands on the board (`State.standing`, kept with the map until anyone is put on or
taken off it) is what a scan of every figure finds, at every decision of whole AI quests, and
after the rules' and a test's own ways of putting figures on and off the board."""
from __future__ import annotations

import pytest

from dungeon_tui.batch import game_seed
from dungeon_tui.rulesets.heroquest.game import GAME
from dungeon_tui.rulesets.heroquest.state import ALIVE, DEAD, HERO, State


def scanned(s: State) -> list[str]:
    return [f.id for f in s.figures.values()
            if (f.placed or f.side == HERO) and f.pos is not None and f.status == ALIVE]


@pytest.mark.parametrize("quest, games", [("crypt_of_the_bone_lantern", 2), ("rescue_of_sir_ragnar", 2),
                                          ("the_trial", 2), ("warlocks_cellar", 2)])
def test_who_stands_on_the_board_is_what_a_scan_finds_at_every_decision(quest: str, games: int) -> None:
    placed_later = 0
    for n in range(games):
        game = GAME.new_game({"adventure": quest}, game_seed(2027, n))
        ctl = GAME.ai_controllers()
        before = len(scanned(game.state))
        while not game.over:
            s = game.state
            assert [f.id for f in s.standing()] == scanned(s), (quest, n, len(game.decisions))
            d = game.pending
            game.play((ctl.get(d.seat) or ctl["*"]).choose(game, d)[0])
            placed_later += len(scanned(game.state)) > before
        assert [f.id for f in game.state.standing()] == scanned(game.state)
    assert placed_later > 0  # monsters came onto the board in these quests


def test_a_figure_put_on_or_taken_off_the_board_by_hand_is_seen_at_once() -> None:
    game = GAME.new_game({"adventure": "the_trial"}, game_seed(2027, 0))
    s = game.state
    hero, *others = s.heroes()
    monster = next(f for f in s.figures.values() if f.side != HERO and not f.placed)
    assert s.standing() == s.heroes()  # the party at the stairway, nobody else yet
    for h in others:
        h.pos = None
    hero.pos = (1, 1)
    assert s.standing() == [hero] == s.hero_side()
    monster.pos, monster.placed = (2, 1), True
    assert s.monsters() == [monster] and s.at((2, 1)) is monster
    hero.pos = (1, 2)  # a step: the same figures stand, on other squares
    assert s.at((1, 2)) is hero and s.at((1, 1)) is None
    monster.status = DEAD
    assert s.monsters() == [] and s.at((2, 1)) is None
    hero.pos = None
    assert s.standing() == []
