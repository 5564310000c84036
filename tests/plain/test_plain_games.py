"""Each game played a few decisions through the plain front end with typed answers: the lines it
prints, the choices the answers made, and the reading commands."""
import pytest

from .helpers import DRAWN, after, chosen, fresh, played


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path))


def test_heroquest_spell_draft_by_name_and_number(tmp_path):
    s = fresh("heroquest")
    lines = played(s, "water", "2", "look", "objective")
    assert "Wizard: choose a group of spells" in lines
    assert "4. Wizard takes the water spells: Sleep, Veil of Mist, Water of Healing" in lines
    # "water" names the fourth group; "2" the Elf's second (earth, once water is gone)
    assert chosen(s) == ["Wizard takes the water spells: Sleep, Veil of Mist, Water of Healing",
                         "Elf takes the earth spells: Heal Body, Pass Through Rock, Rock Skin"]
    looked = after(lines, "6. Barbarian leaves the dungeon")
    assert looked[0] == "> Here, at 1,14: Barbarian: Body 8/8 · 3 att · 2 def"
    assert "Next to you, east: Dwarf: Body 7/7 · 2 att · 2 def." in looked
    assert "Walls to the north and west." in looked
    assert any(line.startswith("> The Trial: Your first task as heroes") for line in looked)
    assert (tmp_path / "heroquest-5.json").exists()  # input ended: the game was saved
    assert not [line for line in lines if DRAWN.search(line)]


def test_warhammer_quest_placement_by_square(tmp_path):
    s = fresh("warhammer-quest")
    lines = played(s, "0,0", "3", "look", "roll")
    assert "Roll: The Barbarian starts with 2+9 = 11 Wounds. Rule whq.setup.wounds, faces 2, result 11." in lines
    assert "Barbarian: Where does the Barbarian start?" in lines
    assert chosen(s) == ["Barbarian starts at 0,0", "Elf starts at 0,2"]
    looked = after(lines, "Wizard: Where does the Wizard start?")
    assert "> Wizard is not on the board yet." in looked
    assert "On the map: Barbarian: 11/11 Wounds, active · 0,0: floor in the Guard Room." in looked
    assert "> Rule whq.setup.power_tokens: The Wizard starts with 4 power tokens and the spells Freeze, " \
           "Confuse, Healing Hands." in looked
    assert "Dice 1d6, faces 4." in looked and "Outcome: 4." in looked
    assert not [line for line in lines if DRAWN.search(line)]


def test_ashardalon_treasure_given_and_cards_read():
    s = fresh("ashardalon")
    lines = played(s, "give", "cards", "party")
    assert "Card: Wand of Fear. Scare every monster on a tile up to 1 away onto tiles up to 2 from you." in lines
    assert chosen(s) == ["Give it to Vistra (Wand of Fear)"]
    assert "Quinn hands the Wand of Fear to Vistra." in lines
    cards = after(lines, "2. Give it to Quinn (Crossbow of Speed)")
    assert cards[0] == "> Dwarven Resilience · utility. Spend a move to regain 4 HP."
    assert "Wand of Fear. Scare every monster on a tile up to 1 away onto tiles up to 2 from you." in cards
    # party: no wound bars, the hit points as numbers
    assert "V Vistra 8/8 AC17 L1 0g" in cards
    assert not [line for line in lines if DRAWN.search(line)]


def test_catakombs_deployment_then_a_look_and_a_monster_sheet():
    s = fresh("catakombs")
    lines = played(s, "1,3", "2", "3", "look", "sheet vampire")
    assert chosen(s) == ["Torgils the Dark Wolf at 1,3", "Esterella the Healer at 2,3", "Irf the Hunter at 1,5"]
    looked = after(lines, "22. End the heroes' turn")
    assert looked[:3] == ["> Here: 1,3: Torgils the Dark Wolf: 32/32 PV, 4 AP",
                          "Next to you, east: 2,3: Esterella the Healer: 26/26 PV, 4 AP.",
                          "Next to you, south: 1,4: stairs (entrance)."]
    assert "In sight: 1,5: Irf the Hunter: 26/26 PV, 4 AP, 2 squares south." in looked
    assert "> Vampire 24/24 PV" in looked
    assert "Skills: flight, regeneration, fear 2, poisoned attack 2" in looked


def test_skirmish_roll_off_by_name_and_the_ai_says_why():
    s = fresh("skirmish")
    lines = played(s, "second", "1", "sheet big boss")
    roll_off = "Roll: Roll-off: Ostland Road Wardens roll 5, Ironjaw Raiders roll 4; Ostland Road Wardens choose. Rule "
    assert any(line.startswith(roll_off) for line in lines)
    assert chosen(s) == ["Take the second turn", "Deploy Empire Captain at 0,31"]
    # the opposing warband deploys on its own and says why
    assert ("Ironjaw Raiders chose: Deploy Orc Big Boss at 17,4. Why: Orc Big Boss (leader): deploys nearest "
            "the centre, at 17,4") in lines
    sheet = after(lines, "> Ostland Road Wardens chose: Deploy Empire Captain at 0,31")
    assert sheet[sheet.index("M4 WS5 BS3 S4 T5 W2 I3 A3 Ld8") - 1].startswith("> Orc Big Boss (leader")


def test_an_unknown_answer_gets_one_line_and_the_choices_again():
    s = fresh("heroquest")
    lines = played(s, "dragon", "wizard")
    problem = after(lines, "4. Wizard takes the water spells: Sleep, Veil of Mist, Water of Healing")
    assert problem[0] == "> 'dragon' names no choice and no command (help lists the commands)."
    assert problem[1:6] == ["Wizard: choose a group of spells",
                            "1. Wizard takes the air spells: Genie, Swift Wind, Tempest",
                            "2. Wizard takes the earth spells: Heal Body, Pass Through Rock, Rock Skin",
                            "3. Wizard takes the fire spells: Ball of Flame, Courage, Fire of Wrath",
                            "4. Wizard takes the water spells: Sleep, Veil of Mist, Water of Healing"]
    assert problem[6].startswith("> 'wizard' names 4 choices: 1, 2, 3, 4.")
    assert chosen(s) == []


def test_undo_takes_back_the_last_choice():
    s = fresh("heroquest")
    lines = played(s, "air", "undo", "fire")
    assert "> Took back your last choice." in lines
    assert chosen(s) == ["Wizard takes the fire spells: Ball of Flame, Courage, Fire of Wrath"]


def test_save_under_a_name_and_load_it_again(tmp_path):
    from dungeon_tui.tui.session import load_session
    s = fresh("heroquest")
    lines = played(s, "air", "save trial", "quit")
    assert f"> Saved to {tmp_path / 'trial.json'}" in lines
    again = load_session(tmp_path / "trial.json")
    assert chosen(again) == ["Wizard takes the air spells: Genie, Swift Wind, Tempest"]
    resumed = played(again, "log 2", resumed=True)
    assert "Resumed. The last lines of the log:" in resumed
    assert "Elf: choose a group of spells" in resumed


def test_a_save_name_with_a_folder_is_refused(tmp_path):
    lines = played(fresh("heroquest"), "save ../elsewhere")
    assert "> A save's name is letters, digits, dots, dashes and underscores (no folders)." in lines
    assert not (tmp_path.parent / "elsewhere.json").exists()


def test_hotseat_hands_over_with_a_line():
    from dungeon_tui.tui.session import new_session
    s = new_session("heroquest", {}, 5, hero_owners={"hero:wizard": "Anna", "hero:elf": "Ben"})
    lines = played(s, "air", "", "earth")
    assert "Pass to Ben, then press Enter. > Elf: choose a group of spells" in lines
    assert chosen(s)[-1] == "Elf takes the earth spells: Heal Body, Pass Through Rock, Rock Skin"


def test_wait_on_stops_after_each_ai_decision():
    s = fresh("skirmish")
    lines = played(s, "wait on", "second", "1", "")
    assert "> The AI stops after each decision until Enter." in lines
    assert any(line.startswith("Enter to go on > ") for line in lines)


def test_hotseat_deployment_passes_piece_by_piece_without_waiting():
    from dungeon_tui.tui.session import new_session
    s = new_session("skirmish", {}, 5, dungeon="Zoe")
    lines = played(s, "second", "0,31", "0,0", "1,31")
    assert "Zoe's turn." in lines and "Player's turn." in lines  # nothing hidden: no Enter asked
    assert chosen(s) == ["Take the second turn", "Deploy Empire Captain at 0,31", "Deploy Orc Big Boss at 0,0",
                         "Deploy Empire Duelist at 1,31"]
