"""Screens at fixed seeds compared with text screenshots in tests/tui/snapshots/
(UPDATE_SNAPSHOTS=1 python -m pytest tests/tui/test_snapshots.py rewrites them after a deliberate change)."""
import asyncio

from dungeon_tui.tui.app import DungeonApp, TitleScreen
from dungeon_tui.tui.dialogs import GameOver
from dungeon_tui.tui.game_screen import GameScreen
from dungeon_tui.tui.replay_screen import ReplayScreen
from dungeon_tui.tui.session import Options, new_session

from .helpers import check_snapshot, screen_text, wait_for

SIZE = (100, 30)


def shoot(name, app_factory, ready, keys=(), size=SIZE):
    async def run():
        app = app_factory()
        async with app.run_test(size=size) as pilot:
            assert await wait_for(pilot, lambda: ready(app), tries=1500)
            for key in keys:
                await pilot.press(key)
            await pilot.pause(0.1)
            app.screen.set_focus(None)  # no cursor blink in the picture
            # The footer redraws its keys after a focus change: wait for it to settle.
            await wait_for(pilot, lambda: screen_text(app).rstrip("\n").splitlines()[-1].strip() != "", tries=50)
            await pilot.pause(0.1)
            check_snapshot(name, screen_text(app))
    asyncio.run(run())


def test_title(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path))
    shoot("title", DungeonApp, lambda app: isinstance(app.screen, TitleScreen))


def _placing(size_name, size):
    def factory():
        return DungeonApp(new_session("warhammer-quest", {"adventure": "fp6"}, 42, options=Options(ai_speed="instant")))
    shoot(size_name, factory, lambda app: isinstance(app.screen, GameScreen) and app.screen.session.human_pending()
          is not None, size=size)


def test_game_first_choice(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path))
    _placing("game_fp6_42", SIZE)


def test_game_in_80x24(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path))
    _placing("game_fp6_42_80x24", (80, 24))


def test_help(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path))

    def factory():
        return DungeonApp(new_session("warhammer-quest", {"adventure": "fp6"}, 42, options=Options(ai_speed="instant")))
    shoot("help", factory, lambda app: isinstance(app.screen, GameScreen) and app.screen.session.human_pending()
          is not None, keys=("question_mark",))


def _all_ai():
    session = new_session("warhammer-quest", {"adventure": "fp5"}, 7, options=Options(ai_speed="instant"))
    for seat in session.owners:
        session.owners[seat] = "AI"
    return session


def test_game_over(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path))
    shoot("game_over_fp5_7", lambda: DungeonApp(_all_ai()), lambda app: isinstance(app.screen, GameOver))


def test_replay_viewer(tmp_path, monkeypatch):
    from dungeon_tui.ai.controllers import ai_controllers
    from dungeon_tui.engine import record
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path))
    game = _all_ai().game
    game.run(ai_controllers("warhammer-quest"))
    record.save(game, tmp_path / "r.json", "test")
    rec = record.read(tmp_path / "r.json")
    shoot("replay_fp5_7_turn3", lambda: DungeonApp(replay=rec), lambda app: isinstance(app.screen, ReplayScreen),
          keys=("t", "3", "enter", "right", "right"))



