"""Screens at fixed seeds compared with text screenshots in tests/tui/snapshots/
(UPDATE_SNAPSHOTS=1 python -m pytest tests/tui/test_snapshots.py rewrites them after a deliberate change)."""
import asyncio

from dungeon_tui.tui.app import DungeonApp, TitleScreen
from dungeon_tui.tui.dialogs import GameOver
from dungeon_tui.tui.game_screen import GameScreen
from dungeon_tui.tui.replay_screen import ReplayScreen

from .helpers import all_ai_session, check_snapshot, fp6_session, hq_session, screen_text, wait_for

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
            # The footer redraws its keys after a focus change: wait until the screen holds still
            # with the footer drawn.
            text = ""
            for _ in range(100):
                await pilot.pause(0.05)
                now = screen_text(app)
                if now == text and now.rstrip("\n").splitlines()[-1].strip() != "":
                    break
                text = now
            check_snapshot(name, screen_text(app))
    asyncio.run(run())


def test_title(tmp_path):
    shoot("title", DungeonApp, lambda app: isinstance(app.screen, TitleScreen))


def first_choice(app):
    return isinstance(app.screen, GameScreen) and app.screen.session.human_pending() is not None


def test_game_first_choice(tmp_path):
    shoot("game_fp6_42", lambda: DungeonApp(fp6_session()), first_choice)


def test_game_in_80x24(tmp_path):
    shoot("game_fp6_42_80x24", lambda: DungeonApp(fp6_session()), first_choice, size=(80, 24))


def test_help(tmp_path):
    shoot("help", lambda: DungeonApp(fp6_session()), first_choice, keys=("question_mark",))


def test_game_over(tmp_path):
    shoot("game_over_fp5_7", lambda: DungeonApp(all_ai_session()), lambda app: isinstance(app.screen, GameOver))


def test_replay_viewer(tmp_path):
    from dungeon_tui.rulesets import get
    from dungeon_tui.engine import record
    game = all_ai_session().game
    game.run(get("warhammer-quest").ai_controllers())
    record.save(game, tmp_path / "r.json", "test")
    rec = record.read(tmp_path / "r.json")
    shoot("replay_fp5_7_turn3", lambda: DungeonApp(replay=rec), lambda app: isinstance(app.screen, ReplayScreen),
          keys=("t", "3", "enter", "right", "right"))





def test_heroquest_first_choice(tmp_path):
    shoot("heroquest_trial_3", lambda: DungeonApp(hq_session(3)), first_choice)


def test_heroquest_in_80x24(tmp_path):
    shoot("heroquest_trial_3_80x24", lambda: DungeonApp(hq_session(3)), first_choice, size=(80, 24))
