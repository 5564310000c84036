"""Rolling your own dice in the plain mode: the faces asked in a line and checked, `app` lets
the app roll, and what to do on the real board once the app has played."""
import pytest

from dungeon_tui.engine.typed_dice import TYPED

from .helpers import DRAWN, fresh, played


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path))


def test_typed_roll_in_lines_then_the_board():
    s = fresh("heroquest")
    s.options.dice = "mine"
    s.owners["hero:dwarf"] = s.owners["hero:elf"] = s.owners["hero:wizard"] = "AI"
    lines = [line.removeprefix("> ") for line in played(s, "rolls to move", "9 1", "3 four", "3 4", "table")]
    ask = next(i for i, line in enumerate(lines) if "roll 2 dice (Barbarian rolls" in line)
    assert lines[ask] == ("Player: roll 2 dice (Barbarian rolls to move; rule hq.move.roll). "
                          "Type the faces: each die's number, 1 to 6; "
                          "or app to let the app roll them.")
    assert "9 is not a face of a d6. Type it again." in lines  # asked again, nothing played
    assert "type each die's number, 1 to 6; 'four' is not one. Type it again." in lines
    typed = [a for a, why in s.game.decisions if why == TYPED]
    assert [a.get("faces") for a in typed] == [(3, 4)]
    assert any(line.startswith("Roll: Barbarian rolls 3+4 to move: 7 squares.") for line in lines)
    assert "Nothing to do on the board yet." in lines  # only the player's own Barbarian has moved
    assert not [line for line in lines if DRAWN.search(line)]


def test_the_board_after_the_app_has_played():
    s = fresh("heroquest")
    s.options.dice = "mine"
    s.owners["hero:barbarian"] = "AI"  # the AI moves the Barbarian; the Dwarf's player is asked next
    lines = [line.removeprefix("> ") for line in played(s, "water", "earth", "table")]
    start = lines.index("At the table:")
    steps = lines[start + 1:lines.index("", start) if "" in lines[start:] else start + 6]
    assert any(line.startswith("1. ") for line in steps)
    assert any("Move Barbarian from 1,14 to " in line for line in lines[start:])
    # `table` says the same steps again
    again = [i for i, line in enumerate(lines) if line == "At the table:"]
    assert len(again) == 2 and lines[again[0] + 1] == lines[again[1] + 1]


def test_a_warriors_starting_wounds_are_rolled_by_his_player():
    s = fresh("warhammer-quest")
    s.options.dice = "mine"
    lines = [line.removeprefix("> ") for line in played(s, "3")]
    assert lines[lines.index("Type help for the commands.") + 1].startswith(
        "Player: roll 1 die (rule whq.setup.wounds). Type the faces")
    assert "Roll: The Barbarian starts with 3+9 = 12 Wounds. Rule whq.setup.wounds, faces 3, result 12." in lines
    assert [a.get("faces") for a, why in s.game.decisions if why == TYPED] == [(3,)]
