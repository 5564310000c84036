"""The plain mode in a real terminal: play by number and by name, look, save, quit, load; every
line read back as text has no box drawing and no escape (colour) sequence."""
import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from .helpers import DRAWN

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], check=True, capture_output=True, text=True).stdout


def screen_of(session: str, escapes: bool = False) -> str:
    """Everything the pane has shown, wrapped lines joined; with `escapes`, the colours and
    attributes tmux would repeat as escape sequences."""
    return tmux("capture-pane", "-p", "-J", "-S", "-", *(["-e"] if escapes else []), "-t", session)


def wait_for(session: str, want: str, seconds: float = 30.0) -> str:
    end = time.monotonic() + seconds
    screen = ""
    while time.monotonic() < end:
        screen = screen_of(session)
        if want in screen:
            return screen
        time.sleep(0.1)
    raise AssertionError(f"{want!r} never appeared; the screen was:\n{screen}")


def start(tmp_path: Path, arguments: str) -> str:
    session = f"dungeon-tui-plain-{uuid.uuid4().hex[:8]}"
    script = Path(sys.executable).parent / "dungeon-tui"  # the installed program, as a player runs it
    program = str(script) if script.exists() else f"PYTHONPATH={ROOT} {sys.executable} -m dungeon_tui"
    command = (f"cd {tmp_path} && DUNGEON_TUI_SAVES={tmp_path / 'saves'} DUNGEON_TUI_SETTINGS= "
               f"{program} {arguments}; echo EXITED $?; sleep 30")
    env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE")}
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "200", "-y", "50", command],
                   check=True, env=env)
    tmux("set-option", "-t", session, "history-limit", "5000")
    return session


def answer(session: str, line: str) -> None:
    tmux("send-keys", "-t", session, "-l", line)
    tmux("send-keys", "-t", session, "Enter")


def assert_plain(session: str) -> None:
    shown = screen_of(session, escapes=True)
    assert "\x1b" not in shown, "a line carries colour or another escape sequence"
    assert not [line for line in shown.splitlines() if DRAWN.search(line)]


def test_plain_mode_in_a_real_terminal(tmp_path):
    sessions = [start(tmp_path, "--plain new --game heroquest --seed 5")]
    try:
        first = sessions[0]
        wait_for(first, "4. Wizard takes the water spells")
        answer(first, "2")  # by number: the earth spells
        wait_for(first, "Elf: choose a group of spells")
        answer(first, "water")  # by name
        wait_for(first, "Barbarian: your turn")
        answer(first, "look")
        screen = wait_for(first, "Walls to the north and west.")
        assert "Chose: Wizard takes the earth spells: Heal Body, Pass Through Rock, Rock Skin" in screen
        assert "Chose: Elf takes the water spells: Sleep, Veil of Mist, Water of Healing" in screen
        assert "Next to you, east: Dwarf: Body 7/7" in screen
        answer(first, "save tmuxed")
        wait_for(first, f"Saved to {tmp_path / 'saves' / 'tmuxed.json'}")
        answer(first, "quit")
        wait_for(first, "EXITED 0")
        assert_plain(first)
        # The first session stays (its shell sleeps) while the second starts: the tmux server
        # would otherwise be on its way out when asked for a new session.
        sessions.append(start(tmp_path, f"--plain load {tmp_path / 'saves' / 'tmuxed.json'}"))
        second = sessions[1]
        screen = wait_for(second, "Barbarian: your turn")
        assert "Resumed. The last lines of the log:" in screen
        answer(second, "quit")
        wait_for(second, "EXITED 0")
        assert_plain(second)
    finally:
        for session in sessions:
            subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_a_seat_handed_to_the_ai_and_taken_back_in_a_real_terminal(tmp_path):
    session = start(tmp_path, "--plain new --game heroquest --seed 5")
    try:
        wait_for(session, "4. Wizard takes the water spells")
        answer(session, "water")
        wait_for(session, "Elf: choose a group of spells")
        answer(session, "earth")
        wait_for(session, "Barbarian: your turn")
        answer(session, "ai")
        wait_for(session, "The AI plays Barbarian now")
        screen = wait_for(session, "Dwarf: your turn")
        assert "Chose: Barbarian " in screen and "Why: " in screen  # the AI played the Barbarian's turn
        answer(session, "me")
        wait_for(session, "You play Barbarian again.")
        answer(session, "quit")
        wait_for(session, "EXITED 0")
        assert_plain(session)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
