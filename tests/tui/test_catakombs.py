"""Catakombs in the app, driven by Pilot: the map with its walls, lava and doors; a game with the
AI on every seat to the game-over screen; a human Catacomb Master handed the keyboard and back."""
import asyncio

from dungeon_tui.engine.dice import SeededChance

from dungeon_tui.tui.app import DungeonApp
from dungeon_tui.tui.dialogs import GameOver, PassTheKeyboard
from dungeon_tui.tui.game_screen import GameScreen
from dungeon_tui.tui.map_view import MapView
from dungeon_tui.tui.session import Options, new_session

from .helpers import map_lines, screen_text, wait_for

BIG = (150, 50)


def cat_session(**kwargs):
    kwargs.setdefault("options", Options(ai_speed="instant"))
    return new_session("catakombs", {"adventure": "lost_treasure", "turn_limit": 2}, 4, **kwargs)


def test_ai_on_every_seat_plays_a_quest_to_the_game_over_screen(tmp_path):
    session = cat_session()
    for seat in session.owners:
        session.owners[seat] = "AI"

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=BIG) as pilot:
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameOver), tries=3000)
            text = app.screen.text
            assert "DEFEAT" in text or "VICTORY" in text
            assert "Torgils the Dark Wolf" in text
    asyncio.run(run())


def test_human_master_is_handed_the_keyboard_and_sees_the_dungeon(tmp_path):
    owners = {f"hero:{h}": "Ann" for h in ("torgils", "esterella", "irf")}
    session = cat_session(hero_owners=owners, dungeon="Zoe")
    game = session.game
    dice = SeededChance()
    while game.pending.chance is not None or any(a.kind == "deploy" for a in game.pending.options):
        d = game.pending
        game.play(*dice.choose(game, d)) if d.chance is not None else game.play(d.options[0], "by the stairs")

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=BIG) as pilot:
            assert await wait_for(pilot, lambda: session.human_pending() is not None)
            for _ in range(400):  # the heroes end their activations until the Master's turn comes
                d = session.human_pending()
                if isinstance(app.screen, PassTheKeyboard) or (d is not None and d.seat == "dungeon"):
                    break
                if isinstance(app.screen, GameScreen) and d is not None:
                    await pilot.press("e")
                await pilot.pause(0.02)
            d = session.human_pending()
            assert await wait_for(pilot, lambda: isinstance(app.screen, PassTheKeyboard)), (
                type(app.screen).__name__, d and d.seat, d and [a.kind for a in d.options][:5])
            assert "Zoe" in screen_text(app)
            assert "look away" not in screen_text(app)  # nothing in Catakombs is hidden from the heroes
            await pilot.press("enter")
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            lines = "\n".join(map_lines(app.screen.query_one(MapView)))
            assert "~~" in lines and "▓▓" in lines  # lava and walls on the map
            assert session.human_pending().seat == "dungeon"
    asyncio.run(run())


def test_real_terminal_hands_the_keyboard_to_a_human_master(tmp_path):
    """`dungeon-tui new --game catakombs --set mode=hotseat --dungeon Zoe` in tmux: the Master
    musters and places his figures first (the book's order), so Zoe is handed the keyboard at once."""
    import shutil
    import subprocess
    import time

    import pytest

    from .test_tmux import start_program, tmux, wait_screen
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    session = start_program(tmp_path, "new --game catakombs --adventure lost_treasure --seed 4 --set mode=hotseat "
                            "--dungeon Zoe", (150, 45))
    try:
        wait_screen(session, "Zoe")
        tmux("send-keys", "-t", session, "Enter")
        wait_screen(session, "The Master's roster: Tomb King")
        for key in ("o", "End", "Enter"):  # the choices' last: done, the Tomb King alone
            time.sleep(0.3)  # one at a time: at load 6 a burst of three lost the enter
            tmux("send-keys", "-t", session, key)
        wait_screen(session, "Where does Tomb King start?")
        tmux("send-keys", "-t", session, "q")
        wait_screen(session, "Quit the game?")
        tmux("send-keys", "-t", session, "y")
        wait_screen(session, "EXITED 0")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_replay_viewer_steps_through_a_catakombs_record():
    from pathlib import Path

    from dungeon_tui.engine import record
    from dungeon_tui.tui.replay_screen import ReplayScreen
    rec = record.read(Path(__file__).resolve().parents[1] / "records" / "cat-liberation-midgame.json")

    async def run():
        app = DungeonApp(replay=rec)
        async with app.run_test(size=BIG) as pilot:
            assert await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            for _ in range(30):
                await pilot.press("right")
            assert app.screen.pos > 0
            lines = "\n".join(map_lines(app.screen.query_one(MapView)))
            assert "~~" in lines and "T" in lines  # the lava, and Torgils
            await pilot.press("end")
            assert app.screen.pos == len(rec.decisions)
    asyncio.run(run())


def on_board(session):
    return sum(h.pos is not None for h in session.game.state.heroes())


def test_each_hero_is_placed_with_enter_on_the_map(tmp_path):
    """The cursor starts each placement on a square the hero may take (it stayed on the hero just
    placed, where Enter did nothing)."""
    owners = {f"hero:{h}": "Ann" for h in ("torgils", "esterella", "irf")}
    session = cat_session(hero_owners=owners)

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=BIG) as pilot:
            for placed in range(1, 4):
                assert await wait_for(pilot, lambda: (d := session.human_pending()) is not None
                                      and d.options[0].kind == "deploy" and app.screen.offered_at > 0)
                await pilot.pause(0.5)
                await pilot.press("enter")
                assert await wait_for(pilot, lambda n=placed: on_board(session) == n), placed
    asyncio.run(run())
