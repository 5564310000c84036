"""`--plain` before a command that opens the app, and the kept setting that makes it the default."""
import io
import json

import pytest

from dungeon_tui import cli, settings


@pytest.fixture(autouse=True)
def folders(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("DUNGEON_TUI_SETTINGS", str(tmp_path / "settings.json"))


def typed(monkeypatch, *answers):
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{a}\n" for a in answers)))


def test_plain_new_game_plays_in_lines(monkeypatch, capsys, tmp_path):
    typed(monkeypatch, "air", "quit")
    assert cli.main(["--plain", "new", "--game", "heroquest", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "1. Wizard takes the air spells: Genie, Swift Wind, Tempest" in out
    assert "Elf: choose a group of spells" in out
    assert (tmp_path / "saves" / "heroquest-5.json").exists()


def test_plain_load_resumes_where_the_save_stopped(monkeypatch, capsys, tmp_path):
    typed(monkeypatch, "fire", "quit")
    cli.main(["--plain", "new", "--game", "heroquest", "--seed", "5"])
    capsys.readouterr()
    typed(monkeypatch, "quit")
    assert cli.main(["--plain", "load", str(tmp_path / "saves" / "heroquest-5.json")]) == 0
    out = capsys.readouterr().out
    assert "Chose: Wizard takes the fire spells: Ball of Flame, Courage, Fire of Wrath" in out
    assert "Elf: choose a group of spells" in out


def test_plain_title_offers_its_choices_by_number(monkeypatch, capsys):
    typed(monkeypatch, "5")
    assert cli.main(["--plain"]) == 0
    out = capsys.readouterr().out
    assert "What now?\n1. New game\n2. Continue\n3. Load a saved game\n4. Watch a replay\n5. Quit\n" in out


def test_the_title_new_game_form_asks_its_questions(monkeypatch, capsys, tmp_path):
    # HeroQuest, its first quest, the usual party, all played by Player, Zargon by the AI,
    # seed 5, the usual undo, the app's dice; then one choice and quit, then quit the title.
    typed(monkeypatch, "1", "heroquest", "", "", "", "", "", "", "", "", "5", "", "", "air", "quit", "quit")
    assert cli.main(["--plain"]) == 0
    out = capsys.readouterr().out
    assert "Which game?" in out and "Which adventure?" in out and "Who goes?" in out
    assert "Who plays Zargon? AI, or a player's name for hotseat; Enter for AI" in out
    assert "Dice?\n1. the app rolls\n2. I roll for my heroes\n3. I roll every die" in out
    assert "Chose: Wizard takes the air spells: Genie, Swift Wind, Tempest" in out
    assert (tmp_path / "saves" / "heroquest-5.json").exists()


def test_the_kept_setting_makes_plain_the_default(monkeypatch, capsys, tmp_path):
    assert cli.main(["settings", "plain", "on"]) == 0
    assert json.loads((tmp_path / "settings.json").read_text()) == {"plain": "on"}
    typed(monkeypatch, "quit")
    assert cli.main(["new", "--game", "heroquest", "--seed", "5"]) == 0
    assert "Wizard: choose a group of spells" in capsys.readouterr().out
    cli.main(["settings"])
    assert capsys.readouterr().out == "plain on\n"


def test_a_setting_not_offered_is_one_line(capsys):
    assert cli.main(["settings", "plain", "maybe"]) == 2
    assert capsys.readouterr().err == "dungeon-tui: plain is one of on, off, not 'maybe'\n"
    assert cli.main(["settings", "colour", "on"]) == 2


def test_a_broken_settings_file_leaves_the_defaults(tmp_path):
    (tmp_path / "settings.json").write_text("{not json")
    assert settings.read() == {"plain": "off"}


def test_plain_replay_steps_a_record(monkeypatch, capsys, tmp_path):
    typed(monkeypatch, "air", "quit")
    cli.main(["--plain", "new", "--game", "heroquest", "--seed", "5"])
    capsys.readouterr()
    typed(monkeypatch, "", "quit")
    assert cli.main(["--plain", "replay", str(tmp_path / "saves" / "heroquest-5.json")]) == 0
    out = capsys.readouterr().out
    assert "Replay of heroquest-5.json: 1 decision." in out
    assert "Decision 1 of 1. The end." in out


def test_plain_replay_of_a_game_this_build_lacks_is_one_line(capsys, tmp_path):
    bad = tmp_path / "other.json"
    bad.write_text(json.dumps({"format": "dungeon-tui-record", "version": 1, "ruleset": "chess", "seed": 1,
                               "setup": {}, "decisions": []}))
    assert cli.main(["--plain", "replay", str(bad)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_continue_on_the_title_resumes_the_game_left(monkeypatch, capsys):
    typed(monkeypatch, "earth", "quit")
    cli.main(["--plain", "new", "--game", "heroquest", "--seed", "5"])
    capsys.readouterr()
    typed(monkeypatch, "continue", "quit", "quit")
    assert cli.main(["--plain"]) == 0
    out = capsys.readouterr().out
    assert "Chose: Wizard takes the earth spells: Heal Body, Pass Through Rock, Rock Skin" in out
    assert "Elf: choose a group of spells" in out
