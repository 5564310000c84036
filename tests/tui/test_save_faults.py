"""Nothing a player does is lost: every choice is autosaved before the next is asked; a disk
that refuses a save never ends the game; a closed terminal (SIGHUP) or SIGTERM saves first.
The faults are made for real: a plain file where the saves folder should be, a full tmpfs (when
this machine lets the tests mount one), real signals to a real app process in tmux."""
from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from dungeon_tui import cli
from dungeon_tui.tui.app import DungeonApp
from dungeon_tui.tui.game_screen import GameScreen
from dungeon_tui.tui.session import load_session

from .helpers import fp6_session, wait_for
from .test_tmux import tmux, wait_screen

ROOT = Path(__file__).resolve().parents[2]


async def _play_choices(app, pilot, session, n: int) -> None:
    """Play n human choices with enter on the choices list, waiting for each to be asked."""
    for _ in range(n):
        assert await wait_for(pilot, lambda: session.human_pending() is not None)
        before = len(session.game.decisions)
        await pilot.press("o", "enter")
        assert await wait_for(pilot, lambda before=before: len(session.game.decisions) > before)


def test_every_choice_is_autosaved_before_the_next_is_asked(tmp_path):
    session = fp6_session()

    async def run():
        async with DungeonApp(session).run_test(size=(110, 34)) as pilot:
            app = pilot.app
            await _play_choices(app, pilot, session, 1)
            assert await wait_for(pilot, lambda: session.human_pending() is not None)
            saved = load_session(tmp_path / "autosave.json")
            assert len(saved.game.decisions) == len(session.game.decisions)  # no round had to end first
            assert saved.game.state_hash() == session.game.state_hash()
    asyncio.run(run())


def test_a_saves_folder_that_is_a_file_never_ends_the_game(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a plain file", encoding="utf-8")
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(blocker / "saves"))
    session = fp6_session()

    async def run():
        async with DungeonApp(session).run_test(size=(110, 34)) as pilot:
            app = pilot.app
            await _play_choices(app, pilot, session, 2)  # two autosaves refused
            await pilot.press("ctrl+s")  # and a save asked for
            await pilot.pause(0.2)
            said = [n.message for n in app._notifications]
            assert any("Autosave failed, could not save" in m and "Not a directory" in m for m in said)
            assert any(m.startswith("The game was not saved: could not save") for m in said)
            assert isinstance(app.screen, GameScreen)  # still playing
            await _play_choices(app, pilot, session, 1)
    asyncio.run(run())
    assert blocker.read_text(encoding="utf-8") == "a plain file"


@pytest.fixture
def small_disk(tmp_path):
    """A 64 KB tmpfs, mounted for the test; skipped where this machine does not allow it."""
    where = tmp_path / "disk"
    where.mkdir()
    if shutil.which("mount") is None or os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(where)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], capture_output=True)


def fill(disk: Path) -> Path:
    """Fill the disk to the last byte with one file."""
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as fh:  # unbuffered: nothing is left to flush on close
        try:
            while True:
                fh.write(b"\0" * 512)
        except OSError:
            pass
    return filler


def test_a_full_disk_keeps_the_last_autosave_and_play_goes_on(small_disk, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(small_disk))
    session = fp6_session()
    kept: dict[str, int] = {}

    async def run():
        async with DungeonApp(session).run_test(size=(110, 34)) as pilot:
            app = pilot.app
            await _play_choices(app, pilot, session, 1)
            assert await wait_for(pilot, lambda: session.human_pending() is not None)
            kept["first"] = len(load_session(small_disk / "autosave.json").game.decisions)
            filler = fill(small_disk)
            await _play_choices(app, pilot, session, 1)
            said = [n.message for n in app._notifications]
            assert any("Autosave failed" in m and "No space left on device" in m for m in said)
            # the autosave on disk is the last one that could be written, whole
            assert len(load_session(small_disk / "autosave.json").game.decisions) == kept["first"]
            assert sorted(p.name for p in small_disk.iterdir()) == ["autosave.json", "filler"]
            filler.unlink()
            await _play_choices(app, pilot, session, 1)
            assert await wait_for(pilot, lambda: session.human_pending() is not None)
            assert any("Autosave works again" in n.message for n in app._notifications)
            kept["last"] = len(session.game.decisions)
            kept_hash = session.game.state_hash()
            resumed = load_session(small_disk / "autosave.json")  # Continue resumes at the last choice
            assert len(resumed.game.decisions) == kept["last"] and resumed.game.state_hash() == kept_hash
    asyncio.run(run())


def test_commands_that_write_fail_with_one_line(tmp_path, capsys, small_disk):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    assert cli.main(["simulate", "--game", "heroquest", "--games", "1", "--record", str(blocker / "records")]) == 2
    assert capsys.readouterr().err == f"dungeon-tui: {blocker / 'records'}: Not a directory\n"
    fill(small_disk)
    (small_disk / "filler").write_bytes(b"\0" * 10_000)  # leave room for some bytes, not a record
    assert cli.main(["simulate", "--game", "heroquest", "--games", "1", "--record", str(small_disk)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].endswith("No space left on device")
    assert [p.name for p in small_disk.iterdir()] == ["filler"]  # nothing half-written left behind


# -- real signals to a real app process --------------------------------------------------------
def start_app(tmp_path: Path) -> str:
    session = f"dungeon-tui-test-{uuid.uuid4().hex[:8]}"
    script = Path(sys.executable).parent / "dungeon-tui"
    program = str(script) if script.exists() else f"PYTHONPATH={ROOT} {sys.executable} -m dungeon_tui"
    command = (f"cd {tmp_path} && DUNGEON_TUI_SAVES={tmp_path / 'saves'} {program} "
               f"new --adventure fp6 --seed 42; echo EXITED $?; sleep 30")
    env = {k: v for k, v in os.environ.items() if not k.startswith("TMUX")}
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "100", "-y", "30", command],
                   check=True, env=env)
    return session


def app_pid(session: str) -> int:
    shell = tmux("display", "-p", "-t", session, "#{pane_pid}").strip()
    end = time.monotonic() + 10
    while time.monotonic() < end:
        found = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True).stdout.split()
        if found:
            return int(found[0])
        time.sleep(0.1)
    raise AssertionError("the app process never started")


def place_two_warriors(session: str) -> None:
    wait_screen(session, "Where does the Barbarian start?")
    tmux("send-keys", "-t", session, "Enter")
    wait_screen(session, "Where does the Elf start?")
    tmux("send-keys", "-t", session, "Enter")
    wait_screen(session, "Elf starts at")
    time.sleep(0.5)  # the autosave after it has been written


needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None or shutil.which("pgrep") is None,
                                reason="tmux and pgrep are needed")


def placed(path: Path) -> list[str]:
    return [str(a) for a, _ in load_session(path).game.decisions if a.seat.startswith("hero:")]


@needs_tmux
def test_sigterm_saves_and_exits_cleanly(tmp_path):
    session = start_app(tmp_path)
    try:
        place_two_warriors(session)
        os.kill(app_pid(session), signal.SIGTERM)
        wait_screen(session, f"EXITED {128 + signal.SIGTERM}")
        assert placed(tmp_path / "saves" / "autosave.json") == ["Barbarian starts at 2,-2", "Elf starts at 3,-2"]
        assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == ["autosave.json", "warhammer-quest-42.json"]
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


@needs_tmux
def test_closing_the_terminal_saves_the_game(tmp_path):
    session = start_app(tmp_path)
    place_two_warriors(session)
    pid = app_pid(session)
    autosave = tmp_path / "saves" / "autosave.json"
    autosave.unlink()  # so what is there after the hang-up was written by it
    subprocess.run(["tmux", "kill-session", "-t", session], check=True)  # the terminal goes: SIGHUP
    end = time.monotonic() + 20
    while time.monotonic() < end and Path(f"/proc/{pid}").exists():
        time.sleep(0.1)
    assert not Path(f"/proc/{pid}").exists(), "the app did not exit on SIGHUP"
    assert placed(autosave) == ["Barbarian starts at 2,-2", "Elf starts at 3,-2"]
