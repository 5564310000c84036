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
from pathlib import Path

import pytest

from dungeon_tui import cli
from dungeon_tui.tui.app import DungeonApp
from dungeon_tui.tui.game_screen import GameScreen
from dungeon_tui.tui.session import load_session

from .helpers import fp6_session, offers, wait_for
from .test_tmux import start_fp6, tmux, wait_screen

ROOT = Path(__file__).resolve().parents[2]


def heard(app: DungeonApp) -> list[str]:
    """Every notice the app gives from now on, kept after it leaves the screen: a notice goes
    after its few seconds, which a loaded machine can outlast before a test reads it."""
    said: list[str] = []
    notify = app.notify
    def keep(message: str, *args, **kwargs):
        said.append(str(message))
        return notify(message, *args, **kwargs)
    app.notify = keep  # type: ignore[method-assign]
    return said


def the_autosave(folder: Path) -> Path:
    """The one game in progress in a saves folder: its autosave."""
    (path,) = folder.glob("autosave-*.json")
    return path


async def _play_choices(app, pilot, session, n: int) -> None:
    """Play n human choices with enter on the choices list, waiting for each to be asked."""
    for _ in range(n):
        assert await wait_for(pilot, lambda: offers(app))
        before = len(session.game.decisions)
        await pilot.press("o", "enter")
        assert await wait_for(pilot, lambda before=before: len(session.game.decisions) > before)


def test_every_choice_is_autosaved_before_the_next_is_asked(tmp_path):
    session = fp6_session()

    async def run():
        async with DungeonApp(session).run_test(size=(110, 34)) as pilot:
            app = pilot.app
            await _play_choices(app, pilot, session, 1)
            assert await wait_for(pilot, lambda: offers(app))
            saved = load_session(the_autosave(tmp_path))
            assert len(saved.game.decisions) == len(session.game.decisions)  # no round had to end first
            assert saved.game.state_hash() == session.game.state_hash()
    asyncio.run(run())


def test_a_saves_folder_that_is_a_file_never_ends_the_game(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a plain file", encoding="utf-8")
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(blocker / "saves"))
    session = fp6_session()

    async def run():
        app = DungeonApp(session)
        said = heard(app)
        async with app.run_test(size=(110, 34)) as pilot:
            await _play_choices(app, pilot, session, 1)  # an autosave refused, said at once
            assert await wait_for(pilot, lambda: any("Autosave failed, could not save" in m and "Not a directory" in m
                                                     for m in said))
            await _play_choices(app, pilot, session, 1)  # refused again, not said again
            await pilot.press("ctrl+s")  # and a save asked for
            # Waited for, not a fixed pause: on a loaded machine the refusal can take longer.
            assert await wait_for(pilot, lambda: any(m.startswith("The game was not saved: could not save")
                                                     for m in said))
            assert sum("Autosave failed" in m for m in said) == 1
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
        app = DungeonApp(session)
        said = heard(app)
        async with app.run_test(size=(110, 34)) as pilot:
            await _play_choices(app, pilot, session, 1)
            assert await wait_for(pilot, lambda: offers(app))
            kept["first"] = len(load_session(the_autosave(small_disk)).game.decisions)
            filler = fill(small_disk)
            await _play_choices(app, pilot, session, 1)
            # the notices come as the autosave is tried, which may be a frame after the choice
            assert await wait_for(pilot, lambda: any("Autosave failed" in m and "No space left on device" in m
                                                     for m in said))
            # the autosave on disk is the last one that could be written, whole
            assert len(load_session(the_autosave(small_disk)).game.decisions) == kept["first"]
            assert sorted(p.name for p in small_disk.iterdir()) == [the_autosave(small_disk).name, "filler"]
            filler.unlink()
            await _play_choices(app, pilot, session, 1)
            assert await wait_for(pilot, lambda: offers(app))
            assert await wait_for(pilot, lambda: any("Autosave works again" in m for m in said))
            kept["last"] = len(session.game.decisions)
            kept_hash = session.game.state_hash()
            resumed = load_session(the_autosave(small_disk))  # Continue resumes at the last choice
            assert len(resumed.game.decisions) == kept["last"] and resumed.game.state_hash() == kept_hash
    asyncio.run(run())


def test_commands_that_write_fail_with_one_line(tmp_path, capsys, small_disk):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    assert cli.main(["simulate", "--game", "heroquest", "--games", "1", "--record", str(blocker / "records")]) == 2
    assert capsys.readouterr().err == f"dungeon-tui: {blocker / 'records'}: Not a directory\n"
    assert cli.main(["campaign", "new", str(blocker / "party.json"), "--game", "heroquest"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("dungeon-tui: ") and "Not a directory" in err[0]
    fill(small_disk)
    (small_disk / "filler").write_bytes(b"\0" * 10_000)  # leave room for some bytes, not a record
    assert cli.main(["simulate", "--game", "heroquest", "--games", "1", "--record", str(small_disk)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].endswith("No space left on device")
    assert [p.name for p in small_disk.iterdir()] == ["filler"]  # nothing half-written left behind


# -- real signals to a real app process --------------------------------------------------------
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
    session = start_fp6(tmp_path)
    try:
        place_two_warriors(session)
        os.kill(app_pid(session), signal.SIGTERM)
        wait_screen(session, f"EXITED {128 + signal.SIGTERM}")
        saves = tmp_path / "saves"
        assert placed(the_autosave(saves)) == ["Barbarian starts at 2,-2", "Elf starts at 3,-2"]
        assert sorted(p.name for p in saves.iterdir()) == sorted([the_autosave(saves).name, "warhammer-quest-42.json"])
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


@needs_tmux
def test_closing_the_terminal_saves_the_game(tmp_path):
    session = start_fp6(tmp_path)
    place_two_warriors(session)
    pid = app_pid(session)
    autosave = the_autosave(tmp_path / "saves")
    autosave.unlink()  # so what is there after the hang-up was written by it
    subprocess.run(["tmux", "kill-session", "-t", session], check=True)  # the terminal goes: SIGHUP
    end = time.monotonic() + 20
    while time.monotonic() < end and Path(f"/proc/{pid}").exists():
        time.sleep(0.1)
    assert not Path(f"/proc/{pid}").exists(), "the app did not exit on SIGHUP"
    assert placed(autosave) == ["Barbarian starts at 2,-2", "Elf starts at 3,-2"]


@needs_tmux
def test_every_closed_terminal_ends_its_program(tmp_path):
    """The terminal closed as soon as the first question shows, four times over: each program
    saves and ends.  Textual's shutdown could wait for ever to write to the closed terminal (3
    runs in 8 left the program behind), so the app ends itself once its games are saved."""
    for n in range(4):
        where = tmp_path / str(n)
        where.mkdir()
        session = start_fp6(where)
        wait_screen(session, "Where does the Barbarian start?")
        pid = app_pid(session)
        subprocess.run(["tmux", "kill-session", "-t", session], check=True)
        end = time.monotonic() + 20
        while time.monotonic() < end and Path(f"/proc/{pid}").exists():
            time.sleep(0.1)
        assert not Path(f"/proc/{pid}").exists(), f"run {n}: the program was left running"
        assert (where / "saves" / "warhammer-quest-42.json").exists()

def test_each_game_keeps_its_own_autosave_and_continue_offers_them_all(tmp_path):
    from dungeon_tui.tui.app import SavesScreen, TitleScreen
    from dungeon_tui.tui.session import Options, new_session

    first = fp6_session()
    second = new_session("heroquest", {"adventure": "the_trial"}, 3, options=Options(ai_speed="instant"))
    for session in (first, second):
        for _ in range(5):  # a few choices: the first offered for the player, the AI's otherwise
            if session.play_ai_step() is None:
                session.play_human(session.game.pending.options[0])
        assert session.autosave() is None
    assert first.autosave_file != second.autosave_file and first.autosave_file.exists()
    assert len(list(tmp_path.glob("autosave-*.json"))) == 2

    async def run():
        async with DungeonApp().run_test(size=(120, 30)) as pilot:
            app = pilot.app
            assert isinstance(app.screen, TitleScreen)
            await pilot.press("down", "enter")  # Continue
            assert await wait_for(pilot, lambda: isinstance(app.screen, SavesScreen))
            assert sorted(app.screen.paths) == sorted([first.autosave_file, second.autosave_file])
            row = app.screen.paths.index(second.autosave_file)
            app.screen.query_one("DataTable").move_cursor(row=row)
            await pilot.press("enter")
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            assert app.screen.session.game.state_hash() == second.game.state_hash()
    asyncio.run(run())


def test_the_saves_list_deletes_a_save_after_asking(tmp_path):
    from dungeon_tui.tui.app import SavesScreen
    from dungeon_tui.tui.dialogs import Confirm

    fp6_session().save(tmp_path / "keep.json")
    fp6_session().save(tmp_path / "drop.json")

    async def run():
        async with DungeonApp().run_test(size=(120, 30)) as pilot:
            app = pilot.app
            await pilot.press("down", "down", "enter")  # Load a saved game
            assert await wait_for(pilot, lambda: isinstance(app.screen, SavesScreen))
            screen = app.screen
            screen.query_one("DataTable").move_cursor(row=screen.paths.index(tmp_path / "drop.json"))
            await pilot.press("d")
            assert await wait_for(pilot, lambda: isinstance(app.screen, Confirm))
            await pilot.press("n")  # no: nothing happens
            assert await wait_for(pilot, lambda: app.screen is screen)
            assert (tmp_path / "drop.json").exists()
            await pilot.press("d")
            assert await wait_for(pilot, lambda: isinstance(app.screen, Confirm))
            await pilot.press("y")
            assert await wait_for(pilot, lambda: not (tmp_path / "drop.json").exists())
            assert await wait_for(pilot, lambda: screen.paths == [tmp_path / "keep.json"])
    asyncio.run(run())


def test_an_unexpected_error_ends_the_app_with_a_non_zero_status(tmp_path):
    code = ("from dungeon_tui.cli import run_app\n"
            "from dungeon_tui.tui.app import DungeonApp\n"
            "class Broken(DungeonApp):\n"
            "    def on_ready(self):\n"
            "        raise RuntimeError('boom')\n"
            "raise SystemExit(run_app(Broken()))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=tmp_path)
    assert done.returncode == 1 and "RuntimeError: boom" in done.stdout + done.stderr


def test_a_read_only_disk_is_said_and_play_goes_on(small_disk, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(small_disk))
    if subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], capture_output=True).returncode != 0:
        pytest.skip("cannot remount the tmpfs read-only here")
    session = fp6_session()

    async def run():
        app = DungeonApp(session)
        said = heard(app)
        async with app.run_test(size=(110, 34)) as pilot:
            await _play_choices(app, pilot, session, 2)
            assert any("Autosave failed" in m and "Read-only file system" in m for m in said)
            assert isinstance(app.screen, GameScreen) and session.human_pending() is not None
    asyncio.run(run())
    assert list(small_disk.iterdir()) == []
