"""Screens at fixed seeds compared with SVG screenshots (pytest-textual-snapshot) kept in
tests/tui/__snapshots__/; `python -m pytest tests/tui/test_snapshots.py --snapshot-update`
rewrites them after a deliberate change (look at the pictures, or the report it writes on a
failure, before committing)."""
import re

from dungeon_tui.tui.app import DungeonApp, TitleScreen
from dungeon_tui.tui.dialogs import GameOver
from dungeon_tui.tui.game_screen import GameScreen
from dungeon_tui.tui.replay_screen import ReplayScreen

from .helpers import all_ai_session, fp6_session, hq_session, offers, wait_for

SIZE = (100, 30)


def picture(app) -> str:
    # rich names the SVG's classes after a hash of the picture; the same screen, the same text
    return re.sub(r"terminal-\d+", "terminal", app.export_screenshot())


def shoot(snap_compare, app, ready, keys=(), size=SIZE):
    """The screen once `ready(app)`, after `keys`, with no focus (no cursor blink) and the
    footer redrawn: it redraws its keys after a focus change, so wait until the picture holds
    still."""
    async def settle(pilot):
        assert await wait_for(pilot, lambda: ready(pilot.app), tries=1500)
        for key in keys:
            await pilot.press(key)
        await pilot.pause(0.1)
        pilot.app.screen.set_focus(None)
        before = ""
        for _ in range(100):
            await pilot.pause(0.05)
            now = picture(pilot.app)
            if now == before:
                break
            before = now
    assert snap_compare(app, terminal_size=size, run_before=settle)


def test_title(snap_compare, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", "/saves")  # the title names the folder: the same in every run
    shoot(snap_compare, DungeonApp(), lambda app: isinstance(app.screen, TitleScreen))


def first_choice(app):
    return isinstance(app.screen, GameScreen) and offers(app)


def test_game_first_choice(snap_compare):
    shoot(snap_compare, DungeonApp(fp6_session()), first_choice)


def test_game_in_80x24(snap_compare):
    shoot(snap_compare, DungeonApp(fp6_session()), first_choice, size=(80, 24))


def test_help(snap_compare):
    shoot(snap_compare, DungeonApp(fp6_session()), first_choice, keys=("question_mark",))


def test_game_over(snap_compare):
    shoot(snap_compare, DungeonApp(all_ai_session()), lambda app: isinstance(app.screen, GameOver))


def test_replay_viewer(snap_compare, tmp_path):
    from dungeon_tui.engine import record
    from dungeon_tui.rulesets import get
    game = all_ai_session().game
    game.run(get("warhammer-quest").ai_controllers())
    record.save(game, tmp_path / "r.json", "test")
    rec = record.read(tmp_path / "r.json")
    shoot(snap_compare, DungeonApp(replay=rec), lambda app: isinstance(app.screen, ReplayScreen),
          keys=("t", "3", "enter", "right", "right"))


def test_heroquest_first_choice(snap_compare):
    shoot(snap_compare, DungeonApp(hq_session(3)), first_choice)


def test_heroquest_in_80x24(snap_compare):
    shoot(snap_compare, DungeonApp(hq_session(3)), first_choice, size=(80, 24))
