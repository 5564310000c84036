"""What the plain mode prints is text alone: no markup, no drawn bars, no escapes."""
from dungeon_tui.engine.game import Event
from dungeon_tui.plain.words import event_lines, lines_of, plain, roll_lines


def test_bars_and_markup_go_the_numbers_stay():
    assert lines_of("[b]Wizard[/b] · gold 0\nBody ██████░░░░  4/6  attack 1 die", markup=True) == \
        ["Wizard · gold 0", "Body 4/6 attack 1 die"]


def test_an_escape_sequence_never_reaches_a_line():
    assert "\x1b" not in plain("\x1b[31mred\x1b[0m")


def test_text_that_only_looks_like_markup_is_kept():
    assert lines_of("[x] ticked [/y]", markup=True) == ["[x] ticked [/y]"]


def test_an_ai_choice_reads_with_who_chose_and_why():
    e = Event("decision", {"seat": "dungeon", "action": "Orc Boss moves to 3,4", "why": "nearest hero\n  2 squares"})
    assert event_lines(e, lambda seat: "Zargon") == \
        ["Zargon chose: Orc Boss moves to 3,4. Why: nearest hero", "2 squares"]


def test_a_choice_that_names_its_hero_is_not_named_twice():
    e = Event("decision", {"seat": "hero:elf", "action": "Elf ends the turn", "why": ""})
    assert event_lines(e, lambda seat: "Elf") == ["Chose: Elf ends the turn"]


def test_the_chance_seat_says_nothing_its_rolls_speak():
    assert event_lines(Event("decision", {"seat": "chance", "action": "2d6 = 3+4"})) == []


def test_a_roll_reads_with_its_rule_faces_and_outcome():
    data = {"rule": "whq.melee.to_hit", "text": "The Elf hits the Orc.", "dice": "1d6", "faces": [5],
            "target": 4, "modifiers": {"Sword": 1}, "outcome": "hit"}
    assert roll_lines(data) == ["Rule whq.melee.to_hit: The Elf hits the Orc.", "Dice 1d6, faces 5.", "Needed 4.",
                                "Modifier Sword +1.", "Outcome: hit."]
    assert event_lines(Event("roll", data)) == \
        ["Roll: The Elf hits the Orc. Rule whq.melee.to_hit, faces 5, result hit."]


def test_a_sentence_starts_with_a_capital_and_ends_before_the_rule():
    e = Event("decision", {"seat": "dungeon", "action": "Snake acts", "why": "closest hero"})
    assert event_lines(e, lambda seat: "the dungeon") == ["The dungeon chose: Snake acts. Why: closest hero"]
    data = {"rule": "ash.combat.monster_attack", "text": "Snake attacks Quinn: d20 18 +7 = 25 vs AC 16: hit",
            "dice": "1d20", "faces": [18], "outcome": "hit"}
    assert event_lines(Event("roll", data)) == ["Roll: Snake attacks Quinn: d20 18 +7 = 25 vs AC 16: hit. "
                                                "Rule ash.combat.monster_attack, faces 18, result hit."]
