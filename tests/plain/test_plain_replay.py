"""A record read back in lines: step, back, jump to a decision; the same lines as forward play."""
import io

import pytest

from dungeon_tui import __version__
from dungeon_tui.engine import record
from dungeon_tui.plain.console import Console
from dungeon_tui.plain.replay import PlainReplay, stops_of
from dungeon_tui.plain.words import told
from dungeon_tui.tui.session import new_session


@pytest.fixture
def recorded(tmp_path):
    """Twelve decisions of a HeroQuest game, the AI on every hero seat too, saved."""
    s = new_session("heroquest", {}, 5)
    s.owners = dict.fromkeys(s.owners, "AI")
    for _ in range(12):
        s.play_ai_step()
    path = tmp_path / "hq.json"
    record.save(s.game, path, __version__, {})
    return path, s.game


PROMPT = "Enter for the next step > "


def replayed(path, *typed):
    """The lines printed, the prompt taken off the line an answer's output starts on."""
    out = io.StringIO()
    PlainReplay.of_file(path, Console(io.StringIO("".join(f"{t}\n" for t in typed)), out)).run()
    return [line.removeprefix(PROMPT) for line in out.getvalue().splitlines()]


def test_a_step_is_a_decision_and_the_rolls_after_it():
    assert stops_of(["hero:elf", "chance", "chance", "dungeon", "chance", "hero:elf"]) == [0, 3, 5, 6]


def test_stepping_through_says_what_forward_play_said(recorded):
    path, game = recorded
    lines = replayed(path, *[""] * 12)
    assert lines[0] == "Replay of hq.json: 12 decisions. Type help for the commands."
    story = [line for line in lines[3:] if line and not line.startswith("Decision ")]
    assert story == told(game.events, lambda seat: seat.split(":")[-1].title())
    assert lines[-2] == "Decision 12 of 12. The end."


def test_back_and_jump(recorded):
    path, game = recorded
    lines = replayed(path, "", "", "back", "jump 12", "jump 0", "jump x")
    text = "\n".join(lines)
    assert "Back to decision 1." in text
    assert "Decision 12 of 12. The end." in text
    assert "Decision 0 of 12." in text
    assert "jump N, with N a decision from 0 to the end, or jump end." in text


def test_reading_commands_work_in_a_replay(recorded):
    path, _game = recorded
    lines = replayed(path, "jump 12", "party", "objective")
    assert "B Barbarian 8/8 M2 0g" in lines
    assert any(line.startswith("The Trial: Your first task as heroes") for line in lines)
