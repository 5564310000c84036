"""What a new player met in an hour of Warhammer Quest (the play-whq trial of issue 16) that the
rules and words decide: what a drawn Event card does, spells offered only when they would do
something, placement reasons, counted words."""
from __future__ import annotations

from dungeon_tui.engine.game import Event
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.warhammer_quest.presenter import PRESENTER

RS = get("warhammer-quest")


def drawn(card_id: str) -> tuple[str, str]:
    game = RS.new_game({"adventure": "fp6"}, 1)
    said = PRESENTER.drawn_card(game, Event("event", {"card": card_id, "text": ""}))
    assert said is not None
    return said


def test_a_drawn_monster_card_says_how_many_of_what_and_the_treasure():
    title, text = drawn("m_minotaurs")
    assert title == "Event: Minotaurs"
    assert "D3 Minotaurs attack." in text and "Treasure card" in text
    assert "D6 Goblin Spearmen and D6 Night Goblin Archers attack." in drawn("m_goblins_mixed")[1]
    ambush = drawn("m_minotaur_ambush")[1]
    assert "A Minotaur attacks." in ambush and "drawn before the fight" in ambush


def test_a_drawn_e_card_says_what_it_does_and_what_follows():
    trap = drawn("trap")[1]
    assert "lowest sets it off" in trap and "1-3 another Event card follows" in trap
    assert "Treasure card" not in drawn("portcullis")[1]  # E cards earn none of their own
    assert "follows at once" in drawn("dead_body")[1]
