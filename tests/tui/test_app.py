"""The terminal app driven by Pilot: a human turn, save, quit and continue, undo, hotseat, the
new-game form, an AI game to its end, the replay viewer, the too-small notice."""
import asyncio
import itertools

import pytest

from dungeon_tui.engine import record
from dungeon_tui.engine.game import CHANCE
from dungeon_tui.rulesets import game_from_record
from dungeon_tui.rulesets import get as get_game
from dungeon_tui.tui.app import DungeonApp, SavesScreen, TitleScreen
from dungeon_tui.tui.dialogs import GameOver, PassTheKeyboard, TooSmall
from dungeon_tui.tui.game_screen import GameScreen
from dungeon_tui.tui.map_view import MapView
from dungeon_tui.tui.replay_screen import KEYFRAME_GAP, ReplayScreen
from dungeon_tui.tui.session import load_session, new_session

from .helpers import all_ai_session, fp6_session, offers, open_new_game_form, pick_game, screen_text, settled, wait_for


def test_human_turn_save_quit_and_continue(tmp_path):
    session = fp6_session()

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(110, 34)) as pilot:
            assert await wait_for(pilot, lambda: offers(app))
            assert session.human_pending().prompt == "Where does the Barbarian start?"
            before = len(session.game.decisions)
            await pilot.press("enter")  # the cursor starts on the first square offered
            assert await wait_for(pilot, lambda: len(session.game.decisions) > before)
            barbarian = session.game.state.figures["barbarian"]
            assert barbarian.pos is not None
            # Place everyone else, then play warriors' turns until the first turn is over.
            for _ in range(40):
                if session.game.state.turn >= 2:
                    break
                assert await wait_for(pilot, lambda: offers(app) or session.game.over)
                d = session.human_pending()
                if any(a.kind in ("end", "pass", "done") for a in d.options):
                    await pilot.press("e")
                else:
                    await pilot.press("o", "enter")
            assert session.game.state.turn >= 2
            mv = app.screen.query_one(MapView)
            text = "".join(mv.render_line(y).text for y in range(mv.size.height))
            assert "B " in text or "B_" in text  # the Barbarian stands on the map
            await pilot.press("ctrl+s")
            assert (tmp_path / "warhammer-quest-42.json").exists()
            played = len(session.game.decisions)
            await pilot.press("q", "y")
        return played

    played = asyncio.run(run())
    resumed = load_session(session.autosave_file)
    assert [p.name for p in tmp_path.glob("autosave*.json")] == [session.autosave_file.name]
    assert len(resumed.game.decisions) == played
    assert resumed.game.state_hash() == session.game.state_hash()
    assert resumed.owners["hero:barbarian"] == "Player" and resumed.owners["dungeon"] == "AI"

    async def resume():  # Continue on the title screen opens the autosave at the same place
        app = DungeonApp()
        async with app.run_test(size=(110, 34)) as pilot:
            assert isinstance(app.screen, TitleScreen)
            await pilot.press("down", "enter")
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            assert len(app.screen.session.game.decisions) == played
    asyncio.run(resume())


def test_undo_takes_back_a_choice_but_not_past_a_roll(tmp_path):
    session = fp6_session()

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(110, 34)) as pilot:
            assert await wait_for(pilot, lambda: offers(app))
            count, digest = len(session.game.decisions), session.game.state_hash()
            await pilot.press("enter")  # place the Barbarian: no dice follow
            assert await wait_for(pilot, lambda: len(session.game.decisions) > count)
            assert session.game.state.figures["barbarian"].pos is not None
            await pilot.press("u")
            assert await wait_for(pilot, lambda: len(session.game.decisions) == count)
            assert session.game.state_hash() == digest
            assert session.game.state.figures["barbarian"].pos is None
            # Place all four: the power roll follows, so the last placement cannot be taken back.
            while session.game.state.turn == 0:
                assert await wait_for(pilot, lambda: offers(app))
                await pilot.press("enter")
                await pilot.pause(0.05)
            placed = len(session.game.decisions)
            seats = [a.seat for a, _ in session.game.decisions]
            last_human = max(i for i, seat in enumerate(seats) if seat.startswith("hero:"))
            assert CHANCE in seats[last_human:]
            await pilot.press("u")
            await pilot.pause(0.1)
            assert len(session.game.decisions) >= placed  # refused: a roll came after
            session.options.unlimited_undo = True
            await pilot.press("u")
            assert await wait_for(pilot, lambda: session.game.state.turn == 0)
    asyncio.run(run())


def test_ai_on_every_seat_plays_to_the_game_over_screen(tmp_path):
    session = all_ai_session()

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(90, 30)) as pilot:
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameOver), tries=1500)
            text = app.screen.text
            assert session.game.over and any(o in text for o in ("WIN", "DEFEAT", "FAILURE", "VICTORY"))
            for hero in ("Barbarian", "Dwarf", "Elf", "Wizard"):
                assert hero in text
            await pilot.press("s")  # save the record, then back to the title
            assert await wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
    asyncio.run(run())
    # the finished game's autosave gives way to its record in the saves list
    assert not list(tmp_path.glob("autosave*.json")) and (tmp_path / "warhammer-quest-7.json").exists()
    saved = tmp_path / "record-warhammer-quest-7.json"
    rec = record.read(saved)
    assert record.replay(rec, game_from_record).state_hash() == session.game.state_hash()


def test_hotseat_names_the_next_player(tmp_path):
    owners = {"hero:barbarian": "Ann", "hero:dwarf": "Bob", "hero:elf": "Ann", "hero:wizard": "Bob"}
    session = fp6_session(hero_owners=owners)

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(110, 34)) as pilot:
            assert await wait_for(pilot, lambda: offers(app))
            first = session.human_pending().seat
            await pilot.press("enter")
            assert await wait_for(pilot, lambda: isinstance(app.screen, PassTheKeyboard)
                                  or (session.human_pending() is not None
                                      and session.owners[session.human_pending().seat] == session.owners[first]))
            if isinstance(app.screen, PassTheKeyboard):
                nxt = session.owners[session.human_pending().seat]
                assert nxt != session.owners[first]
                assert nxt in screen_text(app)
                await pilot.press("enter")
                assert isinstance(app.screen, GameScreen)
            else:  # the same player again: no banner
                assert not isinstance(app.screen, PassTheKeyboard)
    asyncio.run(run())


def test_new_game_form_is_played_from_the_keyboard_from_its_first_field(tmp_path):
    async def run():
        app = DungeonApp()
        async with app.run_test(size=(100, 40)) as pilot:
            form = await open_new_game_form(app, pilot)
            assert app.focused is form.query_one("#game")  # enter opens the games, no tab first
            # The games are listed by title and the arrows go round: down from the game shown
            # (the first registered) to Ashardalon.
            games = [value for _, value in form.query_one("#game")._options]
            steps = (games.index("ashardalon") - games.index(form.query_one("#game").value)) % len(games)
            await pilot.press("enter", *["down"] * steps, "enter")
            assert await wait_for(pilot, lambda: bool(app.screen.query("#in-quinn")))  # Ashardalon's heroes
            assert app.focused is form.query_one("#game") and app.focused.value == "ashardalon"
            await pilot.press("tab")
            assert app.focused is app.screen.query_one("#adventure")
            shown = [str(label) for label, _ in app.focused._options]
            assert "Monster Hunt" in shown and not any("_" in label for label in shown)  # names, not ids
    asyncio.run(run())


def test_new_game_form_sets_party_players_and_options(tmp_path):

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(100, 40)) as pilot:
            form = await open_new_game_form(app, pilot)
            form.query_one("#in-dwarf").value = False
            form.query_one("#ctl-elf").value = "ai"  # the Player/AI choice beside the hero
            await pilot.pause()
            assert form.query_one("#who-elf").disabled and form.query_one("#who-dwarf").disabled
            assert not form.query_one("#who-wizard").disabled
            form.query_one("#who-wizard").value = "Zoe"  # a player's name, for hotseat
            form.query_one("#seed").value = "1234"
            form.query_one("#undo").value = True
            form.query_one("#ascii").value = "on"
            assert form.query_one("#set-placer").value == "dungeon_ai"
            form.query_one("#set-placer").value = "rotating_player"  # D26: the warriors place the monsters
            await pilot.press("ctrl+n")
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            s = app.screen.session
            assert s.game.seed == 1234 and s.game.state.party == ["barbarian", "elf", "wizard"]
            assert s.owners["hero:elf"] == "AI" and s.owners["hero:wizard"] == "Zoe"
            assert s.owners["hero:barbarian"] == "Player" and s.options.unlimited_undo
            assert app.ascii_map is True and s.game.setup["placer"] == "rotating_player"
    asyncio.run(run())


def test_new_game_form_ticks_the_party_each_game_is_usually_played_with(tmp_path):
    async def run():
        app = DungeonApp(ascii_map=False)
        async with app.run_test(size=(100, 40)) as pilot:
            form = await open_new_game_form(app, pilot)
            assert form.query_one("#ascii").value == "off"  # as the app was started (--no-ascii)
            heading = form.query_one("#heading")
            assert heading.render_line(0).text.rstrip() == "New game"  # the title stands alone
            ticked = {box.id.removeprefix("in-") for box in form.query("Checkbox") if box.value}
            assert ticked == {"barbarian", "dwarf", "elf", "wizard"}  # Warhammer Quest: all four
            await pick_game(app, pilot, "ashardalon", "#in-heskan")
            ticked = {box.id.removeprefix("in-") for box in form.query("Checkbox") if box.value}
            assert ticked == {"quinn", "vistra"}  # Ashardalon: two of the five, as one player takes them
            assert form.query_one("#ctl-heskan").disabled and form.query_one("#who-heskan").disabled
            form.query_one("#in-heskan").value = True
            await pilot.pause()
            assert not form.query_one("#ctl-heskan").disabled and not form.query_one("#who-heskan").disabled
    asyncio.run(run())


def test_new_game_form_shows_every_heros_whole_name_in_80_columns(tmp_path):
    """The party's tick boxes are as wide as the longest name (Catakombs' Sir Flavien the
    Paladin, 23 letters): a name cut short with an ellipsis leaves a player guessing who he
    ticks."""
    from dungeon_tui.tui.app import game_names

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(80, 40)) as pilot:
            form = await open_new_game_form(app, pilot)
            for game_id in game_names():
                heroes = get_game(game_id).heroes()
                await pick_game(app, pilot, game_id, f"#in-{heroes[-1].id}")
                boxes = [form.query_one(f"#in-{hero.id}") for hero in heroes]
                # The new rows are laid out a frame or more after they are mounted (later on
                # a loaded machine): a box not yet given its size renders nothing.
                assert await wait_for(pilot, lambda boxes=boxes: all(box.size.width for box in boxes))
                for hero, box in zip(heroes, boxes, strict=True):
                    assert hero.name in box.render_line(0).text, (game_id, hero.name)
    asyncio.run(run())


def test_ticks_and_the_highlighted_row_read_without_colour(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")

    def underlined(strip):
        return "".join(seg.text for seg in strip if seg.style is not None and seg.style.underline).strip()

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(100, 40)) as pilot:
            menu = app.screen.query_one("#menu")
            lines = [menu.render_line(y) for y in range(menu.size.height)]
            assert [underlined(line) for line in lines if underlined(line)] == ["New game"]
            form = await open_new_game_form(app, pilot)
            undo = form.query_one("#undo")
            assert undo.render_line(0).text.split()[:3] == ["[", "]", "Unlimited"]  # [ ]: not ticked
            undo.value = True
            await pilot.pause()
            assert undo.render_line(0).text.split()[:2] == ["[x]", "Unlimited"]
            await pilot.press("escape", "down", "down", "enter")  # the saves list
            assert await wait_for(pilot, lambda: isinstance(app.screen, SavesScreen))
            table = app.screen.query_one("DataTable")
            assert "no saves yet" in underlined(table.render_line(1))  # the cursor's row
    asyncio.run(run())


def test_without_no_color_the_highlight_is_coloured_not_underlined(tmp_path, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(100, 40)):
            menu = app.screen.query_one("#menu")
            assert not any(seg.style and seg.style.underline for y in range(menu.size.height)
                           for seg in menu.render_line(y))
    asyncio.run(run())


def test_title_says_where_saves_go(tmp_path):
    async def run():
        app = DungeonApp()
        async with app.run_test(size=(100, 30)):
            shown = " ".join(str(app.screen.query_one("#saves").render()).split())
            assert f"Saves: {tmp_path} (named by DUNGEON_TUI_SAVES)" in shown
    asyncio.run(run())


def test_the_title_imports_the_games_behind_it_and_a_game_opens_without(tmp_path):
    """The title starts the games' imports in a worker once it shows (New game lists every game);
    a game opened straight from the command line asks for no such work."""
    from textual.worker import WorkerState
    async def run(app, from_title: bool):
        async with app.run_test(size=(100, 30)) as pilot:
            if not from_title:
                await pilot.pause(0.3)
                assert app.warming is None
                return
            assert await wait_for(pilot, lambda: app.warming is not None and app.warming.state == WorkerState.SUCCESS)
            form = await open_new_game_form(app, pilot)
            assert {"warhammer-quest", "heroquest", "ashardalon", "catakombs", "skirmish"} <= set(form.games)
    asyncio.run(run(DungeonApp(), True))
    asyncio.run(run(DungeonApp(fp6_session()), False))


def test_saves_list_shows_metadata_and_loads(tmp_path):
    session = new_session("warhammer-quest", {"adventure": "fp6"}, 42)
    session.save()
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.press("down", "down", "enter")  # Load a saved game
            assert await wait_for(pilot, lambda: isinstance(app.screen, SavesScreen))
            text = screen_text(app)
            assert "warhammer-quest-42.json" in text and "Warhammer Quest" in text and "Free the Prisoners" in text
            assert "unreadable" in text  # the broken file says so instead of failing
            row = app.screen.paths.index(tmp_path / "warhammer-quest-42.json")
            app.screen.query_one("DataTable").move_cursor(row=row)
            await pilot.press("enter")
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
    asyncio.run(run())


def _finished_record(tmp_path):
    from dungeon_tui.rulesets import get
    game = new_session("warhammer-quest", {"adventure": "fp5"}, 7).game
    game.run(get("warhammer-quest").ai_controllers())
    path = tmp_path / "done.json"
    record.save(game, path, "test")
    return record.read(path), game


def test_replay_viewer_steps_back_and_forth(tmp_path):
    rec, final = _finished_record(tmp_path)

    async def run():
        app = DungeonApp(replay=rec)
        async with app.run_test(size=(100, 30)) as pilot:
            assert await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            viewer = app.screen
            assert viewer.pos == 0
            await pilot.press("right", "right", "right")
            third = viewer.pos
            assert third > 0 and rec.decisions[third].seat != CHANCE  # a step ends before the next choice
            hash3 = viewer.game.state_hash()
            await pilot.press("right", "left")
            assert viewer.pos == third and viewer.game.state_hash() == hash3
            expected = record.replay(rec, game_from_record, upto=third).state_hash()
            assert hash3 == expected
            await pilot.press("end")
            assert viewer.pos == len(rec.decisions) and viewer.game.over
            assert viewer.game.state_hash() == final.state_hash()
            await pilot.press("home")
            assert viewer.pos == 0
            await pilot.press("t")
            await pilot.press("3", "enter")
            turn3 = next(at for at, rnd, _ in rec.checkpoints if rnd == 2)
            assert await wait_for(pilot, lambda: viewer.pos == turn3)
            assert viewer.game.state.turn in (2, 3)
            await pilot.press("space")  # play ...
            assert await wait_for(pilot, lambda: viewer.pos > turn3)
            await pilot.press("space")  # ... and pause
            stopped = viewer.pos
            await pilot.pause(1.0)
            assert viewer.pos == stopped
    asyncio.run(run())


def test_replay_viewer_seeks_back_from_keyframes(tmp_path):
    """Once the background pass has gathered the keyframes, a step back resumes from the nearest
    one before the target (no replay from the start) and lands on the very same state."""
    rec, final = _finished_record(tmp_path)

    async def run():
        app = DungeonApp(replay=rec)
        async with app.run_test(size=(100, 30)) as pilot:
            assert await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            viewer = app.screen
            assert await wait_for(pilot, lambda: len(viewer.frames) >= 3, tries=500)
            at = [f.decisions for f in viewer.frames]
            assert set(at) <= {c for c, _, _ in rec.checkpoints}  # keyframes sit at round boundaries
            assert all(b - a >= KEYFRAME_GAP for a, b in itertools.pairwise(at))  # and not too many of them
            await pilot.press("end")
            middle = viewer.frames[len(viewer.frames) // 2].decisions + 1
            from_start = []
            fresh = viewer._fresh_game
            viewer._fresh_game = lambda: from_start.append(1) or fresh()
            viewer.seek(middle)
            assert from_start == []  # resumed from a keyframe, not replayed from the start
            assert viewer.game.decisions[:viewer.frames[0].decisions] == final.decisions[:viewer.frames[0].decisions]
            # Each decision keeps the words the game gave it, not the record's bare kind(args).
            assert all(a.text for a, _ in viewer.game.decisions if a.seat != "chance"), \
                [str(a) for a, _ in viewer.game.decisions if not a.text][:3]
            assert viewer.game.state_hash() == record.replay(rec, game_from_record, upto=middle).state_hash()
            assert [e.to_json() for e in viewer.game.events] == \
                [e.to_json() for e in record.replay(rec, game_from_record, upto=middle).events]
    asyncio.run(run())


def test_a_game_saved_in_the_app_loads_from_its_last_keyframe(tmp_path, monkeypatch):
    """The app keeps its game's last keyframe as it saves (engine/keyframe_cache.py): loading the
    save plays only the decisions after it, into the very game saved; a game loaded by a replay
    keeps a keyframe near its end (undo, and its own saves keep it)."""
    from dungeon_tui.engine.game import Game
    monkeypatch.setenv("DUNGEON_TUI_CACHE", str(tmp_path / "cache"))
    session = new_session("warhammer-quest", {"adventure": "fp5"}, 7)
    seats = get_game("warhammer-quest").ai_controllers()
    for _ in range(300):
        d = session.game.pending
        session.game.play(*(seats.get(d.seat) or seats["*"]).choose(session.game, d))
    path = session.save(tmp_path / "mid.json", "saved game")
    after = len(session.game.decisions) - session.game.keyframes[-1].decisions
    played: list = []
    monkeypatch.setattr(Game, "play", lambda self, a, why="", _play=Game.play: played.append(a) or _play(self, a, why))
    loaded = load_session(path)
    assert len(played) == after < 80
    assert loaded.game.state_hash() == session.game.state_hash()
    assert loaded.game.decisions == session.game.decisions and loaded.game.keep_keyframes
    monkeypatch.setenv("DUNGEON_TUI_CACHE", "")
    played.clear()
    replayed = load_session(path)  # no cache: the whole record, with a keyframe near its end
    assert len(played) == 300 and replayed.game.state_hash() == session.game.state_hash()
    assert 300 - 4 * 40 <= replayed.game.keyframes[-1].decisions < 300
    assert replayed.game.keyframe_gap == 40


@pytest.mark.parametrize("kept_by", ["the viewer", "the app's game"])
def test_replay_viewer_opened_again_starts_from_the_kept_keyframes(tmp_path, monkeypatch, kept_by):
    """A record the viewer went through once, or the record of a game played to its end in the
    app, opens with every keyframe in (engine/keyframe_cache.py): no pass over it, and a seek
    from a kept keyframe lands on the very state and log a replay gives."""
    monkeypatch.setenv("DUNGEON_TUI_CACHE", str(tmp_path / "cache"))
    session = new_session("warhammer-quest", {"adventure": "fp5"}, 7)
    session.game.run(get_game("warhammer-quest").ai_controllers())
    path = session.save(tmp_path / "done.json", "finished game")
    rec = record.read(path)
    if kept_by == "the viewer":  # as a record made elsewhere: only the viewer's own pass keeps them
        for kept in (tmp_path / "cache" / "keyframes").glob("view-*"):
            kept.unlink()
    passes: list[int] = []

    async def watch(count: bool) -> None:
        app = DungeonApp(replay=rec)
        async with app.run_test(size=(100, 30)) as pilot:
            assert await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            viewer = app.screen
            assert await wait_for(pilot, lambda: viewer.pass_done, tries=500)
            if not count:
                await app.workers.wait_for_complete()
                return
            middle = viewer.frames[len(viewer.frames) // 2].decisions + 1
            viewer.seek(middle)
            again = record.replay(rec, game_from_record, upto=middle)
            assert viewer.game.state_hash() == again.state_hash()
            assert [e.to_json() for e in viewer.game.events] == [e.to_json() for e in again.events]
            assert all(a.text for a, _ in viewer.game.decisions if a.seat != "chance")
            await pilot.press("end")
            assert viewer.game.state_hash() == session.game.state_hash()
    if kept_by == "the viewer":
        asyncio.run(watch(False))  # the first opening: the pass, kept at its end
    real_pass = ReplayScreen.keyframe_pass
    monkeypatch.setattr(ReplayScreen, "keyframe_pass", lambda self: passes.append(1) or real_pass(self))
    asyncio.run(watch(True))
    assert passes == []  # no pass at this opening


def test_new_opens_on_the_game_with_the_title_beneath(tmp_path):
    """`dungeon-tui new` sets the game up before the app opens: the first screen the player sees
    is the game's (never the title, which is made only when the game is left), and leaving the
    game returns to the title."""
    from dungeon_tui import cli
    app = cli.play_app(cli.parser().parse_args(["new", "--game", "whq", "--adventure", "fp5", "--seed", "9"]))
    shown = []

    async def run():
        async with app.run_test(size=(100, 30)) as pilot:
            shown.append(type(app.screen))  # the screen of the first frame
            assert await wait_for(pilot, lambda: bool(app.screen.query("#status")))
            game = app.screen.session.game
            assert (game.ruleset.id, game.setup["adventure"], game.seed) == ("warhammer-quest", "fp5", 9)
            assert not any(isinstance(s, TitleScreen) for s in app.screen_stack)
            app.screen._leave()  # as after the game is over
            assert await wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
    import gc
    try:
        asyncio.run(run())
        assert gc.isenabled()  # off while the program started, on again once the first frame was up
    finally:
        gc.unfreeze()  # what the app froze is this test process's, not a program's
        gc.enable()
    assert shown == [GameScreen]


def test_new_with_a_setup_the_game_refuses_is_one_line(capsys):
    from dungeon_tui import cli
    assert cli.main(["new", "--game", "warhammer-quest", "--adventure", "no_such_place"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no_such_place" in err


def test_small_terminal_shows_a_notice(tmp_path):

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(50, 15)) as pilot:
            assert await wait_for(pilot, lambda: isinstance(app.screen, TooSmall))
            assert "too small" in screen_text(app)
            await pilot.resize_terminal(100, 30)
            assert await wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
    asyncio.run(run())


def test_click_a_lit_square_and_play_a_card(tmp_path):
    session = fp6_session()

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(110, 34)) as pilot:
            assert await wait_for(pilot, lambda: offers(app))
            mv = app.screen.query_one(MapView)
            target = (1, 1)
            assert target in mv.reachable
            await settled(pilot, mv)
            x0, y0, _, _ = mv.bounds
            px, py = mv._pad()
            sx, sy = mv.scroll_offset
            offset = ((target[0] - x0 + 1) * 2 + px - sx, target[1] - y0 + 1 + py - sy)
            await pilot.click(MapView, offset=offset)
            assert await wait_for(pilot, lambda: session.game.state.figures["barbarian"].pos == target)
            while session.human_pending() is not None and "start" in session.human_pending().prompt:
                assert await wait_for(pilot, lambda: offers(app))
                await pilot.press("enter")
                await pilot.pause(0.05)
            assert await wait_for(pilot, lambda: offers(app))
            assert session.human_pending().prompt == "Cast a spell now?"
            screen = app.screen
            labels = [c.label for c in screen.cards]
            freeze = next(i for i, label in enumerate(labels) if "Freeze" in label)
            hand = screen.query_one("#hand")
            await pilot.press("c")
            hand.highlighted = freeze
            await pilot.press("enter")
            assert await wait_for(pilot, lambda: any(a.kind == "cast" and a.get("spell") == "freeze"
                                                     for a, _ in session.game.decisions))
    asyncio.run(run())


def test_the_saves_list_names_adventures_and_heroes(tmp_path):
    """A record keeps ids (`fp5`, `barbarian`); the list shows what the players call them."""
    from dungeon_tui.tui.app import describe
    _finished_record(tmp_path)
    row = describe(tmp_path / "done.json")
    assert row[1] == "Warhammer Quest"
    assert row[2] != "fp5" and row[2] == dict(get_game("warhammer-quest").adventures())["fp5"]
    assert row[3] == "Barbarian, Dwarf, Elf, Wizard"


def test_a_save_names_what_it_holds_in_its_head(tmp_path, monkeypatch):
    """The saves list reads the names from the record's head, loading no game to find them."""
    from dungeon_tui.tui import app as app_module
    path = new_session("heroquest", {"adventure": "the_trial"}, 5).save()
    monkeypatch.setattr(app_module, "shown_names", lambda game: pytest.fail("no game loaded for names"))
    row = app_module.describe(path)
    assert row[1:4] == ("HeroQuest", "The Trial", "Barbarian, Dwarf, Elf, Wizard")


def test_a_skirmish_save_names_its_two_warbands(tmp_path):
    """A battle's party is the two warbands: the list names them as the battle does, not by
    their ids (`empire_patrol`)."""
    from dungeon_tui.tui import app as app_module
    path = new_session("skirmish", {"adventure": "border_patrol"}, 5).save()
    row = app_module.describe(path)
    assert row[1:4] == ("Warhammer Skirmish", "Border Patrol", "Ostland Road Wardens, Ironjaw Raiders")


def test_a_full_saves_folder_lists_every_save_newest_first(tmp_path):
    """More saves than the first screenful: the newest rows come first, the rest follow in
    chunks, each save listed once, and a delete meanwhile lists the folder afresh."""
    import os
    from dungeon_tui.tui import app as app_module
    path = new_session("warhammer-quest", {"adventure": "fp6"}, 42).save()
    text = path.read_text(encoding="utf-8")
    count = app_module.FIRST_ROWS + app_module.MORE_ROWS + 15
    for n in range(count):
        copy = tmp_path / f"game-{n:03d}.json"
        copy.write_text(text, encoding="utf-8")
        os.utime(copy, (1_000_000 + n, 1_000_000 + n))
    path.unlink()

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(120, 30)) as pilot:
            app.push_screen(SavesScreen("load"))
            assert await wait_for(pilot, lambda: isinstance(app.screen, SavesScreen) and app.screen.query("DataTable"))
            table = app.screen.query_one("DataTable")
            assert await wait_for(pilot, lambda: table.row_count == count)
            assert table.get_row_at(0)[0] == f"game-{count - 1:03d}.json"
            assert table.get_row_at(count - 1)[0] == "game-000.json"
            (tmp_path / "game-000.json").unlink()
            app.screen.fill()
            assert await wait_for(pilot, lambda: table.row_count == count - 1)
            await pilot.pause(0.2)
            assert table.row_count == count - 1
    asyncio.run(run())
