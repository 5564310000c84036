"""A typed answer names a choice by its number or by its words; anything else is one line."""
from dungeon_tui.plain.answers import pick

SPELLS = ["Wizard takes the air spells: Genie, Swift Wind, Tempest",
          "Wizard takes the earth spells: Heal Body, Pass Through Rock, Rock Skin",
          "Wizard takes the fire spells: Ball of Flame, Courage, Fire of Wrath"]
SQUARES = ["Barbarian starts at 0,1", "Barbarian starts at 0,10", "Barbarian starts at 10,1"]


def test_a_number_picks_that_choice():
    assert pick("2", SPELLS).index == 1
    assert pick(" 3 ", SPELLS).index == 2


def test_a_number_out_of_range_says_the_range():
    found = pick("4", SPELLS)
    assert found.index is None and "answer 1 to 3" in found.problem


def test_a_word_inside_the_name_picks_the_only_choice_with_it():
    assert pick("earth", SPELLS).index == 1
    assert pick("Fire", SPELLS).index == 2


def test_the_start_of_the_name_picks_it_when_unique():
    assert pick("wizard takes the a", SPELLS).index == 0


def test_a_whole_word_beats_a_longer_one_it_starts():
    # "0,1" is a square of its own and the start of "0,10": the whole word decides.
    assert pick("0,1", SQUARES).index == 0
    assert pick("10,1", SQUARES).index == 2


def test_an_ambiguous_answer_names_the_choices_it_fits():
    found = pick("wizard", SPELLS)
    assert found.index is None and "names 3 choices: 1, 2, 3" in found.problem


def test_an_unknown_answer_says_so():
    found = pick("dragon", SPELLS)
    assert found.index is None and "'dragon' names no choice" in found.problem
