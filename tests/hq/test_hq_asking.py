"""A seat is asked only when it has a real choice (dungeon_tui/rulesets/heroquest/asking.py):
a decision with one option is played at once and the log says why."""
from __future__ import annotations

from hq_scenario import Picks, run, trial
from test_hq_worked_examples import new_monster_at

from dungeon_tui.rulesets.heroquest.hero_turn import hero_turn
from dungeon_tui.rulesets.heroquest.monsters import activate
from dungeon_tui.rulesets.heroquest.rescue import die


def settled(game) -> list[str]:
    return [e.data["text"] for e in game.events if e.kind == "settled"]


def test_a_hero_with_nothing_left_to_do_is_not_asked_to_end_his_turn():
    s = trial({"barbarian": (3, 15)})
    bar = s.figures["barbarian"]
    picks = Picks(("roll_move", {}), ("step", {"to": (3, 16)}), ("step", {"to": (2, 16)}), ("search_traps", {}),
                  then=())
    game = run(s, lambda g: hero_turn(g, bar), [[1, 1]], heroes=picks)
    # Moved all his squares and took his action: the search was the last question.
    assert [c["kinds"] for c in picks.seen][-1] == ["search_treasure", "search_traps", "search_secret_doors",
                                                    "end_turn"]
    assert len(picks.seen) == 4 and not picks.picks
    assert settled(game) == ["Barbarian has nothing more to do: the turn ends."]
    assert game.events[-1].kind == "settled"


def test_a_monster_that_moved_and_reaches_nobody_is_not_asked_to_stop():
    s = trial({"barbarian": (1, 14)})
    orc = new_monster_at(s, "orc", (9, 13))
    zargon = Picks(("monster_move", {"to": (9, 15)}), then=())
    game = run(s, lambda g: activate(g, orc), [], dungeon=zargon)
    assert orc.pos == (9, 15) and len(zargon.seen) == 1
    assert settled(game) == [f"{orc.name} can do nothing more this turn."]


def test_the_only_hero_near_a_fallen_friend_takes_her_belongings_unasked():
    s = trial({"elf": (5, 9), "wizard": (2, 9)})
    elf = s.figures["elf"]
    elf.gold = 40
    heroes = Picks(then=())
    game = run(s, lambda g: die(g, elf), [], heroes=heroes)
    assert heroes.seen == [] and s.figures["wizard"].gold == 40
    assert settled(game) == ["Only Wizard is near enough to take Elf's belongings."]


def test_several_heroes_near_are_asked_who_takes_them():
    s = trial({"elf": (5, 9), "wizard": (2, 9), "dwarf": (4, 9)})
    elf = s.figures["elf"]
    elf.gold = 40
    heroes = Picks(("take_remains", {"who": "dwarf"}))
    game = run(s, lambda g: die(g, elf), [], heroes=heroes)
    assert len(heroes.seen) == 1 and s.figures["dwarf"].gold == 40 and settled(game) == []
