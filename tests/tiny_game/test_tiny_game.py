"""The tiny game of docs/adding-a-game.md: it registers, starts in the app, saves, replays,
fuzzes and simulates through the contract alone, and no file of the engine, the app or the
command line names it."""
from __future__ import annotations

import asyncio
from pathlib import Path

from dungeon_tui import cli, fuzz
from dungeon_tui.engine import record
from dungeon_tui.engine.dice import ForcedChance
from dungeon_tui.engine.game import CHANCE, DUNGEON
from dungeon_tui.rulesets import get

from .game import GAME

ROOT = Path(__file__).resolve().parents[2]


def test_the_registry_finds_it_by_id_and_alias():
    assert get("goblin-cellar") is GAME and get("gc") is GAME
    assert [h.id for h in GAME.heroes()] == ["knight", "archer"]
    assert GAME.default_adventure() == "small_cellar"


def test_an_attack_hits_on_the_defence_or_more():
    # Forced dice, alternating 4 and 3: the first attack (whoever makes it) meets a defence of
    # 4 and hits, the second misses.
    game = GAME.new_game({"heroes": ["knight"], "adventure": "small_cellar"}, 1)
    ai = GAME.controllers()
    dice = ForcedChance([(4,), (3,)] * 20)
    rolls = []
    game.listeners.append(lambda e: rolls.append(e.data) if e.kind == "roll" else None)
    while not game.over and len(rolls) < 2:
        d = game.pending
        ctl = dice if d.seat == CHANCE else ai[DUNGEON] if d.seat == DUNGEON else ai["*"]
        game.play(*ctl.choose(game, d))
    assert [(r["faces"], r["outcome"]) for r in rolls] == [([4], "hit"), ([3], "miss")]
    assert all(r["rule"] == "goblin_cellar.attack" for r in rolls)


def test_setup_errors_are_one_line(capsys):
    assert cli.main(["simulate", "--game", "goblin-cellar", "--heroes", "wizard"]) == 2
    assert cli.main(["simulate", "--game", "goblin-cellar", "--set", "surges=3"]) == 2
    assert cli.main(["simulate", "--game", "goblin-cellar", "--adventure", "attic"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "dungeon-tui: unknown hero 'wizard'; choose from knight, archer",
        "dungeon-tui: unknown setup option 'surges'",
        "dungeon-tui: unknown cellar 'attic'; see `dungeon-tui list`"]


def test_content_check_list_and_simulate(capsys):
    assert cli.main(["content", "check", "--game", "goblin-cellar"]) == 0
    assert cli.main(["list"]) == 0
    assert cli.main(["simulate", "--game", "gc", "--games", "6", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "goblin-cellar: all content is valid" in out
    assert "Goblin Cellar (goblin-cellar)" in out and "small_cellar  The Small Cellar" in out
    assert "Goblin Cellar: 6 games, seed 3" in out and "goblins slain" in out


def test_fuzz_holds_its_invariants_and_repeats():
    first = fuzz.run("goblin-cellar", 12, seed=4, players="mixed", save_every=5)
    again = fuzz.run(GAME, 12, seed=4, players="mixed", save_every=5)
    assert first.ok and first.failures == [] and first.decisions > 0
    assert first.hashes == again.hashes


def test_a_saved_game_replays_to_the_same_hash(tmp_path, capsys):
    game = GAME.new_game({"adventure": "deep_cellar"}, 11)
    game.run(GAME.ai_controllers())
    path = tmp_path / "gc.json"
    record.save(game, path, "test", {"label": "tiny"})
    assert cli.main(["replay", str(path), "--headless"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == f"final state hash {game.state_hash()}"
    assert "The game ends in" in out


def test_it_plays_saves_and_replays_in_the_app(tmp_path):
    from dungeon_tui.tui.app import DungeonApp
    from dungeon_tui.tui.game_screen import GameScreen
    from dungeon_tui.tui.replay_screen import ReplayScreen
    from dungeon_tui.tui.session import Options, load_session, new_session

    session = new_session("goblin-cellar", {"adventure": "small_cellar"}, 5, options=Options(ai_speed="instant"))

    async def play():
        app = DungeonApp(session)
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(300):
                if isinstance(app.screen, GameScreen) and session.human_pending() is not None:
                    break
                await pilot.pause(0.02)
            knight = session.game.pending
            assert knight is not None and knight.context["figure"] == "knight"
            await pilot.press("e")  # the Knight ends his turn: `e` plays the game's end kind
            for _ in range(300):
                d = session.game.pending
                if d is not None and d.context.get("figure") == "archer":
                    break
                await pilot.pause(0.02)
            assert session.game.pending.context["figure"] == "archer"
            await pilot.press("ctrl+s")
            await pilot.pause(0.1)
            app.save_screenshot(str(tmp_path / "goblin-cellar.svg"))
    asyncio.run(play())
    saved = tmp_path / "goblin-cellar-5.json"
    again = load_session(saved)
    assert again.game.state_hash() == session.game.state_hash()
    assert len(again.game.decisions) == len(session.game.decisions)

    async def replay():
        app = DungeonApp(replay=record.read(saved))
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(300):
                if isinstance(app.screen, ReplayScreen):
                    break
                await pilot.pause(0.02)
            assert isinstance(app.screen, ReplayScreen)
            await pilot.press("end")
            await pilot.pause(0.1)
            assert app.screen.game.state_hash() == session.game.state_hash()
    asyncio.run(replay())


def test_no_file_of_the_engine_the_app_or_the_command_line_names_it():
    named = [p.relative_to(ROOT) for p in (ROOT / "dungeon_tui").rglob("*.py")
             if any(name in p.read_text(encoding="utf-8").lower() for name in ("goblin-cellar", "goblin_cellar",
                                                                              "goblincellar", "tiny_game"))]
    assert named == []


def test_it_plays_to_the_end_in_the_plain_mode(tmp_path):
    """A game the plain mode never heard of: its presenter's words, then the end and its record."""
    import io

    from dungeon_tui.plain.console import Console
    from dungeon_tui.plain.play import PlainGame
    from dungeon_tui.tui.session import new_session

    session = new_session("goblin-cellar", {"adventure": "small_cellar"}, 5)
    session.owners = dict.fromkeys(session.owners, "AI")
    out = io.StringIO()
    PlainGame(session, Console(io.StringIO(""), out)).run()
    lines = out.getvalue().splitlines()
    assert session.game.over
    assert "The game is over." in lines
    assert f"The record is saved to {tmp_path / 'goblin-cellar-5.json'}; replay shows it again." in lines
    assert any(" chose: " in line and ". Why: " in line for line in lines)  # the AI says why
