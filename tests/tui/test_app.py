"""The terminal app driven by Pilot: a human turn, save, quit, continue, an AI game to its end."""
import asyncio

from dungeon_tui.tui.app import DungeonApp
from dungeon_tui.tui.game_screen import GameOver, GameScreen
from dungeon_tui.tui.map_view import MapView
from dungeon_tui.tui.session import load_session, new_session


async def wait_for(pilot, test, tries=200):
    for _ in range(tries):
        if test():
            return True
        await pilot.pause(0.02)
    return False


def test_human_turn_save_quit_and_continue(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path))
    session = new_session("warhammer-quest", {"adventure": "fp6"}, 42)

    async def run():
        app = DungeonApp(session, ai_delay=0.01)
        async with app.run_test(size=(110, 34)) as pilot:
            assert await wait_for(pilot, lambda: session.human_pending() is not None)
            before = len(session.game.decisions)
            await pilot.press("o", "enter")  # the first offered choice
            assert await wait_for(pilot, lambda: len(session.game.decisions) > before)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            lines = [screen.query_one(MapView).render_line(y).text for y in range(6)]
            assert any("B" in line for line in lines)  # the Barbarian stands on the map
            await pilot.press("ctrl+s")
            assert (tmp_path / "warhammer-quest-42.json").exists()
            played = len(session.game.decisions)
            await pilot.press("q", "y")
        return played

    played = asyncio.run(run())
    resumed = load_session(tmp_path / "autosave.json")
    assert len(resumed.game.decisions) == played
    assert resumed.game.state_hash() == session.game.state_hash()


def test_ai_on_every_seat_plays_to_the_game_over_screen(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path))
    session = new_session("warhammer-quest", {"adventure": "fp5"}, 7)
    for seat in session.owners:
        session.owners[seat] = "AI"

    async def run():
        app = DungeonApp(session, ai_delay=0)
        async with app.run_test(size=(90, 30)) as pilot:
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameOver), tries=3000)
            text = app.screen.text
            assert session.game.over and any(o in text for o in ("WIN", "DEFEAT", "FAILURE"))
            await pilot.press("enter")
    asyncio.run(run())
    assert (tmp_path / "autosave.json").exists()
