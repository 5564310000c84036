"""HeroQuest in the app, driven by Pilot: the new-game form, a hero's turn with keys (roll, step,
open a door), save and reload, the hand-over to a human Zargon and back, and the rule that the
table never shows what only Zargon may see (§6.4)."""
import asyncio

from dungeon_tui.rulesets.heroquest import board
from dungeon_tui.tui.app import DungeonApp
from dungeon_tui.tui.dialogs import DrawnCard, PassTheKeyboard
from dungeon_tui.tui.game_screen import GameScreen
from dungeon_tui.tui.map_view import MapView
from dungeon_tui.tui.session import SPEEDS, Options, load_session

from .helpers import (at_first_choice, offers, hq_session, map_lines, open_new_game_form, pick_game, screen_text,
                      settled, square_text, wait_for)

BIG = (140, 60)  # the whole board fits: every square can be read off the map


def secrets_shown(app) -> list[str]:
    """Whatever the game screen's map shows that the heroes have not seen: always empty."""
    screen = app.screen if isinstance(app.screen, GameScreen) else next(
        s for s in app.screen_stack if isinstance(s, GameScreen))
    return unseen_drawn(screen.query_one(MapView), screen.session.game)


def unseen_drawn(mv, game) -> list[str]:
    lines = map_lines(mv)
    bad = []
    for sq in game.content.areas:
        text = square_text(mv, lines, sq)
        if text is not None and not board.revealed(game.state, sq) and text != "░░" and not door_below(mv, sq, text):
            bad.append(f"{sq} unrevealed but drawn as {text!r}")
    joined = "\n".join(lines)
    for mark in ("▓▓", "??"):  # rock and unfound secret doors: Zargon's view only
        if mark in joined:
            bad.append(f"{mark} on the map")
    return bad


def door_below(mv, sq, text) -> bool:
    """The compact board draws a known door in the wall under a square on that square, unseen
    or not (the door was seen from the other side)."""
    edge = (mv.edges or {}).get((sq, (sq[0], sq[1] + 1)))
    return mv.compact and edge is not None and edge[1] == "door" and text.strip() == edge[0]


def test_new_game_form_starts_heroquest_with_a_zargon_seat(tmp_path):
    async def run():
        app = DungeonApp()
        async with app.run_test(size=(100, 40)) as pilot:
            form = await open_new_game_form(app, pilot)
            await pick_game(app, pilot, "heroquest", "#who-dungeon")
            assert form.query_one("#who-dungeon").value == "AI"  # Zargon is the AI unless a name is given
            assert form.query_one("#adventure").value == "the_trial"
            form.query_one("#in-elf").value = False
            form.query_one("#who-dungeon").value = "Zoe"
            form.query_one("#variant-monsters_2021").value = True
            form.query_one("#seed").value = "77"
            await pilot.press("ctrl+n")
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            s = app.screen.session
            assert s.ruleset.id == "heroquest" and s.game.seed == 77
            assert s.game.state.party == ["barbarian", "dwarf", "wizard"]
            assert s.owners["dungeon"] == "Zoe" and s.owners["hero:barbarian"] == "Player"
            assert s.game.setup["variants"] == ["monsters_2021"] and s.game.state.figures["m13"].name.startswith("Abom")
    asyncio.run(run())


def test_roll_step_open_a_door_save_and_reload(tmp_path):
    session = hq_session(3)

    async def turn(app, pilot):
        barbarian = session.game.state.figures["barbarian"]
        assert barbarian.pos == (1, 14)
        await pilot.press("m")  # roll to move
        assert await wait_for(pilot, lambda: any(a.kind == "step" for a in session.human_pending().options))
        # Walk to the door in the room's south wall: east, east, south, south, south.
        for key in ("right", "right", "down", "down", "down"):
            await pilot.press(key, "enter")
        assert await wait_for(pilot, lambda: barbarian.pos == (3, 17))
        assert session.game.state.doors["d8"] == "closed"
        await pilot.press("enter")  # the cursor is on the hero, beside the door: open it
        assert await wait_for(pilot, lambda: session.game.state.doors["d8"] == "open")
        mv = app.screen.query_one(MapView)
        assert not any("//" in line for line in map_lines(mv))  # compact (the board fits so): a gap
        await pilot.press("M")  # the full layout: walls between the squares, an open door drawn
        await pilot.pause()
        assert not mv.compact and any("//" in line for line in map_lines(mv))
        await pilot.press("e")  # end the turn
        assert await wait_for(pilot, lambda: offers(app)
                              and session.human_pending().context.get("figure") == "dwarf")
        await pilot.press("ctrl+s")
    at_first_choice(session, (100, 30), turn)
    saved = tmp_path / "heroquest-3.json"
    assert saved.exists()
    resumed = load_session(saved)
    assert resumed.game.state_hash() == session.game.state_hash()
    assert resumed.game.state.figures["barbarian"].pos == (3, 17)


def test_enter_on_a_far_lit_square_walks_the_hero_there_step_by_step(tmp_path):
    session = hq_session(3)

    async def walk(app, pilot):
        barbarian = session.game.state.figures["barbarian"]
        await pilot.press("m")
        assert await wait_for(pilot, lambda: session.human_pending().context.get("rolled"))
        points = session.human_pending().context["points"]
        mv = app.screen.query_one(MapView)
        assert (3, 17) in mv.reachable  # five steps away, lit with the moves left
        steps_before = sum(1 for a, _ in session.game.decisions if a.kind == "step")
        mv.move_cursor_to((3, 17))
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: barbarian.pos == (3, 17))
        steps = [a for a, _ in session.game.decisions if a.kind == "step"][steps_before:]
        assert len(steps) == 5 and session.human_pending().context["points"] == points - 5
    at_first_choice(session, (100, 30), walk)


def test_zargon_hotseat_hands_over_both_ways_and_hides_his_view(tmp_path):
    session = hq_session(3, hero_owners={f"hero:{h}": "Ann" for h in ("barbarian", "dwarf", "elf", "wizard")},
                         dungeon="Zoe")
    # The heroes' first turns, played by the AI before the app starts, wake an orc.
    owners = dict(session.owners)
    for seat in session.owners:
        session.owners[seat] = "AI"
    while session.game.pending.seat != "dungeon":
        session.play_ai_step()
    session.owners.update(owners)

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=BIG) as pilot:
            assert await wait_for(pilot, lambda: isinstance(app.screen, PassTheKeyboard))
            text = screen_text(app)
            assert "Zoe" in text and "░" not in text  # the hand-over hides the whole table
            game_screen = app.screen_stack[-2]
            assert game_screen.view_seat != "dungeon" and not secrets_shown(app)
            await pilot.press("enter")
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            assert app.screen.view_seat == "dungeon"
            assert any("▓▓" in line for line in map_lines(app.screen.query_one(MapView)))  # Zargon sees the rock
            # Zargon places the wandering orc on a lit square, then lets every monster stay; then the
            # heroes' player gets the keyboard back.
            for _ in range(30):
                if isinstance(app.screen, PassTheKeyboard):
                    break
                d = session.human_pending()
                if d is not None and d.seat == "dungeon":
                    place = [a for a in d.options if a.kind == "place"]
                    if place:
                        assert tuple(place[0].get("at")) in app.screen.query_one(MapView).reachable
                        app.screen.query_one(MapView).move_cursor_to(tuple(place[0].get("at")))
                        await pilot.press("enter")
                    else:
                        await pilot.press("e")
                await pilot.pause(0.05)
            assert isinstance(app.screen, PassTheKeyboard)
            assert "Ann" in screen_text(app)
            assert app.screen_stack[-2].view_seat.startswith("hero:") and not secrets_shown(app)
            await pilot.press("enter")
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            assert session.human_pending().seat.startswith("hero:")
    asyncio.run(run())


def test_ai_game_never_draws_what_the_heroes_have_not_seen(tmp_path, monkeypatch):
    monkeypatch.setitem(SPEEDS, "fast", 0.002)  # every AI decision drawn, quickly
    session = hq_session(5, options=Options(ai_speed="fast"))
    for seat in session.owners:
        session.owners[seat] = "AI"
    problems: list[str] = []
    draws = []
    original = GameScreen.redraw

    def checked(self, centre=True):
        original(self, centre)
        draws.append(len(self.session.game.decisions))
        assert self.view_seat != "dungeon"
        problems.extend(secrets_shown(self.app))
    monkeypatch.setattr(GameScreen, "redraw", checked)

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=BIG) as pilot:
            for _ in range(1500):
                if len(draws) >= 60 or session.game.over:
                    break
                if isinstance(app.screen, DrawnCard):  # a treasure card found: the watcher reads it
                    await pilot.press("enter")
                await pilot.pause(0.02)
            assert len(draws) >= 60 or session.game.over
            app.screen.workers.cancel_group(app.screen, "ai")
    asyncio.run(run())
    assert len(draws) >= 30
    assert session.game.state.revealed_rooms and any(f.placed for f in session.game.state.figures.values())
    assert not problems, problems[:5]


def test_click_a_lit_square_between_the_walls(tmp_path):
    session = hq_session(3)

    async def click(app, pilot):
        app.screen.layout_chosen = True  # the full layout: two columns a square, walls between
        app.screen.query_one(MapView).compact = False
        await pilot.press("m")  # roll to move
        assert await wait_for(pilot, lambda: any(a.kind == "step" for a in session.human_pending().options))
        mv = app.screen.query_one(MapView)
        target = (2, 14)
        assert target in mv.reachable
        await settled(pilot, mv)
        px, py = mv._pad()
        sx, sy = mv.scroll_offset
        # The right-hand character of the square; a wall cell belongs to the square left of it.
        await pilot.click(MapView, offset=(mv.square_col(2) + 1 + px - sx, mv.square_line(14) + py - sy))
        assert await wait_for(pilot, lambda: session.game.state.figures["barbarian"].pos == target)
        assert mv.square_at(mv.square_col(2) + 2, mv.square_line(14)) == (2, 14)
        assert mv.square_at(mv.square_col(2), mv.square_line(14) + 1) == (2, 14)
    at_first_choice(session, (100, 30), click)


def test_replay_viewer_draws_a_heroquest_record(tmp_path):
    from dungeon_tui.rulesets import get
    from dungeon_tui.engine import record
    from dungeon_tui.tui.replay_screen import ReplayScreen
    game = hq_session(5).game
    game.run(get("heroquest").ai_controllers())
    record.save(game, tmp_path / "r.json", "test")
    rec = record.read(tmp_path / "r.json")

    async def run():
        app = DungeonApp(replay=rec)
        async with app.run_test(size=BIG) as pilot:
            assert await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            for _ in range(20):
                await pilot.press("right")
            assert app.screen.pos > 0 and not unseen_drawn(app.screen.query_one(MapView), app.screen.game)
    asyncio.run(run())



def test_after_the_spell_draft_the_roll_key_gives_the_map_back_its_keys(tmp_path):
    # Found in play: the draft is picked in the list, so the list kept the focus into the
    # Barbarian's turn; after m the arrows meant for the map moved the list, and enter searched
    # for traps instead of walking.
    from dungeon_tui.tui.session import Options, new_session
    session = new_session("heroquest", {"adventure": "the_trial", "heroes": ["barbarian", "wizard"]}, 5,
                          options=Options(ai_speed="instant"))

    async def body(app, pilot):
        screen = app.screen
        # nothing to pick on the map: the list has the keys from the start
        assert await wait_for(pilot, lambda: app.focused is screen.query_one("#options"))
        for _ in range(3):  # the wizard alone takes three groups
            await pilot.press("enter")
            assert await wait_for(pilot, lambda: offers(app))
        assert app.focused is screen.query_one("#options")  # the Barbarian's turn: nothing on the map yet
        await pilot.press("m")
        assert await wait_for(pilot, lambda: offers(app) and screen.map_has_choices), (
            [str(a) for a in session.game.pending.options], app.focused)
        assert await wait_for(pilot, lambda: isinstance(app.focused, MapView))
    at_first_choice(session, (120, 40), body)


def test_the_line_about_the_square_under_the_cursor_follows_the_state(tmp_path):
    # Found in play: after the Dwarf took up the Broadsword the line about his square still said
    # "2 att" beside a sheet saying "attack 3 dice".
    session = hq_session()

    async def body(app, pilot):
        screen = app.screen
        mv = screen.query_one(MapView)
        hero = session.game.state.figures["barbarian"]
        mv.move_cursor_to(hero.square)
        await pilot.pause()
        look = screen.query_one("#look")
        assert "Body 8/8" in str(look.render())
        hero.body = 5
        screen.redraw(centre=False)
        await pilot.pause()
        assert "Body 5/8" in str(look.render())
    at_first_choice(session, (120, 40), body)
