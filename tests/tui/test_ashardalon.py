"""Wrath of Ashardalon in the app, driven by Pilot: the new-game form, the start tile and heroes
on the map, a move chosen with the cursor, an attack on the new tile's monster, the side panel
(held cards, experience, surges, powers), save and reload, and hero views that keep treasure
tokens face down (spec §6.2)."""
import asyncio

from dungeon_tui.tui.app import DungeonApp
from dungeon_tui.tui.dialogs import Choose, DrawnCard
from dungeon_tui.tui.game_screen import GameScreen
from dungeon_tui.tui.map_view import MapView
from dungeon_tui.rulesets import get
from dungeon_tui.tui.session import Options, load_session, new_session

from .helpers import (at_first_choice, offers, map_lines, open_new_game_form, pick_game, screen_text, square_text,
                      wait_for)
from .test_snapshots import first_choice, shoot


def ash_session(seed: int = 3, heroes=("quinn", "heskan")):
    """A Day in the Life of a Hero, Quinn and Heskan by default, the AI at instant speed; the
    setup's first treasures kept by their finders, so the app opens on the first hero phase."""
    session = new_session("ashardalon", {"heroes": list(heroes)}, seed, options=Options(ai_speed="instant"))
    game = session.game
    while game.state.phase == "setup" and game.pending is not None:
        d = game.pending
        if d.chance is not None:
            session.play_ai_step()
        else:
            keep = next((a for a in d.options if a.get("to") in (None, d.context.get("figure"))), d.options[0])
            game.play(keep, "the finder keeps it (test setup)")
    return session


def game_text(session, choice: str) -> str:
    """The content text of the power or item a choice's words start with."""
    c = session.game.content
    return next(x.text for x in [*c.powers.values(), *c.items.values()] if choice.startswith(x.name))


def set_up(session):
    """Play the setup's draws up to the first hero's first choice (no app needed)."""
    while session.human_pending() is None and session.play_ai_step() is not None:
        pass
    return session


def test_new_game_form_starts_ashardalon_without_a_dungeon_player(tmp_path):
    async def run():
        app = DungeonApp()
        async with app.run_test(size=(100, 40)) as pilot:
            form = await open_new_game_form(app, pilot)
            await pick_game(app, pilot, "ashardalon", "#in-heskan")
            assert not form.query("#who-dungeon")  # the villain phase plays itself
            assert form.query_one("#adventure").value == "a_day_in_the_life"
            for hid in ("vistra", "keyleth", "tarak"):
                form.query_one(f"#in-{hid}").value = False
            form.query_one("#in-heskan").value = True  # the usual party is Quinn and Vistra
            form.query_one("#who-heskan").value = "Bea"
            form.query_one("#set-surges").value = "3"  # the setup options the ruleset offers
            form.query_one("#set-first").value = "roll"
            form.query_one("#seed").value = "3"
            await pilot.press("ctrl+n")
            # The treasures the heroes find as the game is set up show as cards, to be read.
            assert await wait_for(pilot, lambda: isinstance(app.screen, DrawnCard))
            while isinstance(app.screen, DrawnCard):
                await pilot.press("enter")
                await pilot.pause(0.05)
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            s = app.screen.session
            assert s.ruleset.id == "ashardalon" and s.game.state.party == ["quinn", "heskan"]
            assert s.owners["hero:heskan"] == "Bea" and s.owners["dungeon"] == "AI"
            assert s.game.setup["surges"] == 3 and s.game.setup["first"] == "roll"
    asyncio.run(run())


def test_the_start_tile_and_heroes_are_drawn(tmp_path):
    session = ash_session()

    async def look(app, pilot):
        mv = app.screen.query_one(MapView)
        lines = map_lines(mv)
        st = session.game.state
        assert square_text(mv, lines, st.figures["quinn"].pos) == "Q "
        assert square_text(mv, lines, st.figures["heskan"].pos) == "H "
        assert square_text(mv, lines, (0, 0)) == "▓▓"  # the start tile's rock corner
        joined = "\n".join(lines)
        assert "≡≡" in joined and "░" in joined  # the stairs; unexplored edges all round
        text = screen_text(app)
        assert "healing surges 2" in text and "Quinn's hero phase" in text
        hand = [str(o.prompt) for o in app.screen.query_one("#hand").options]  # scrolled into view by c
        assert any("Sacred Flame" in x for x in hand) and any("Staff of the Elements" in x for x in hand)
    at_first_choice(session, (120, 40), look)


def test_move_with_the_cursor_then_attack_the_new_tiles_monster(tmp_path):
    session = ash_session()

    async def play(app, pilot):
        st = session.game.state
        quinn = st.figures["quinn"]
        assert quinn.pos == (0, 2)
        mv = app.screen.query_one(MapView)
        assert (3, 1) in mv.reachable
        await pilot.press("right", "right", "right", "up", "enter")
        assert await wait_for(pilot, lambda: quinn.pos == (3, 1))
        await pilot.press("e")  # end the hero phase: a tile and a monster come out east
        assert await wait_for(pilot, lambda: offers(app)
                              and session.human_pending().context.get("figure") == "heskan")
        # The monster card Quinn drew is in his row, and its figure is on the map as m1.
        assert st.rows["quinn"] == ["gibbering_mouther#2"]
        text = screen_text(app)
        assert "holds Gibbering Mouther (m1)" in text
        mouther = st.figures["gibbering_mouther1"]
        assert square_text(mv, map_lines(mv), mouther.pos) == "m1"
        assert any(a.kind == "attack" for a in session.human_pending().options)
        await pilot.press("tab")  # the cursor jumps to the monster
        assert mv.cursor == mouther.pos
        await pilot.press("enter")  # attack it: Heskan has several attacks, so the app asks which
        assert await wait_for(pilot, lambda: isinstance(app.screen, Choose))
        assert all("attack" in c.lower() or "mouther" in c.lower() for c in app.screen.choices)
        # What the highlighted power does shows under the choices, as in the cards panel.
        about = app.screen.query_one("#about")
        assert app.screen.texts[0] and str(about.render()) == app.screen.texts[0]
        assert app.screen.texts[0] == game_text(session, app.screen.choices[0])
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: any(a.kind == "attack" and a.seat == "hero:heskan"
                                                 for a, _ in session.game.decisions))
        assert any(e.kind == "roll" and "Heskan attacks" in e.data.get("text", "") for e in session.game.events)
    at_first_choice(session, (120, 40), play)


def test_panel_shows_experience_values_surges_and_used_powers(tmp_path):
    session = set_up(ash_session())
    game, p = session.game, get("ashardalon").presenter()
    st = game.state
    st.xp.append("grell#1")
    st.figures["quinn"].powers["healing_hymn"] = False
    status = p.status(game, "hero:quinn")
    assert "healing surges 2" in status and f"XP {game.content.monsters['grell'].xp}" in status
    assert f"Grell {game.content.monsters['grell'].xp}" in status
    labels = [c.label for c in p.hand(game, "hero:quinn", "quinn")]
    assert "✧ Healing Hymn · utility · used" in labels and "✦ Sacred Flame · at-will" in labels
    sheet = p.sheet(game, "hero:quinn", "quinn")
    # Heskan's Blessed Shield covers heroes on his tile
    assert "AC 18 (item +2)" in sheet and "speed 5" in sheet and "surge +4" in sheet


def test_hero_views_keep_treasure_tokens_face_down(tmp_path):
    session = ash_session()
    game, p = session.game, get("ashardalon").presenter()
    game.state.tokens.append({"kind": "treasure", "value": "300", "at": [1, 1]})
    assert "face down" in p.look(game, "hero:quinn", (1, 1))
    assert "300" not in p.look(game, "hero:quinn", (1, 1))
    assert "300" in p.look(game, "dungeon", (1, 1))
    assert p.board(game, "hero:quinn").cells[(1, 1)][0] == "$ "


def test_save_and_reload_from_the_app(tmp_path):
    session = ash_session()

    async def turn(app, pilot):
        quinn = session.game.state.figures["quinn"]
        await pilot.press("right", "down", "enter")
        assert await wait_for(pilot, lambda: quinn.pos == (1, 3))
        await pilot.press("ctrl+s")
        assert await wait_for(pilot, lambda: (tmp_path / "ashardalon-3.json").exists())
    at_first_choice(session, (120, 40), turn)
    resumed = load_session(tmp_path / "ashardalon-3.json")
    assert resumed.game.state_hash() == session.game.state_hash()
    assert resumed.game.state.figures["quinn"].pos == (1, 3)

    async def reopened(app, pilot):
        mv = app.screen.query_one(MapView)
        assert square_text(mv, map_lines(mv), (1, 3)) == "Q "
    at_first_choice(resumed, (120, 40), reopened)


def test_ashardalon_first_choice(snap_compare):
    shoot(snap_compare, DungeonApp(ash_session()), first_choice)


def test_a_choice_the_map_cannot_show_is_made_in_the_list(tmp_path):
    # The setup's "who gets this treasure?" has nothing on the map: the list has the keys when it
    # is offered (it was the map, so the first enter only moved there); back on the map (escape),
    # enter goes to the list again, and enter there gives the item.
    session = new_session("ashardalon", {"heroes": ["quinn", "vistra"]}, 3, options=Options(ai_speed="instant"))
    set_up(session)
    d = session.human_pending()
    assert d.prompt.startswith("Who gets the") and d.options[0].kind == "give"
    made = len(session.game.decisions)

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(110, 34)) as pilot:
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            options = app.screen.query_one("#options")
            assert await wait_for(pilot, lambda: app.focused is options) and not app.screen.map_has_choices
            await pilot.press("escape")
            assert isinstance(app.focused, MapView)
            await pilot.press("enter")
            assert app.focused is options
            await pilot.press("enter")
            assert await wait_for(pilot, lambda: len(session.game.decisions) > made)
            assert session.game.decisions[made][0] == d.options[0]  # Keep: the first in the list
    asyncio.run(run())


def test_a_tie_the_player_breaks_is_lit_on_the_map(tmp_path):
    # Seed 1 (AI on every seat up to here): the monster has two heroes beside it and, with the
    # ties setting asking the players, the active player picks its target (§6.2); each hero's
    # square is lit for that choice.
    from dungeon_tui.rulesets import get
    session = new_session("ashardalon", {"heroes": ["quinn", "vistra"], "ties": "active_player"}, 1,
                          options=Options(ai_speed="instant"))
    game, ai = session.game, get("ashardalon").ai_controllers()
    while not (game.pending.options and game.pending.options[0].kind == "tie"):
        d = game.pending
        game.play(*(ai.get(d.seat) or ai["*"]).choose(game, d))
    d = game.pending
    assert [str(a) for a in d.options] == ["Quinn (1 square)", "Vistra (1 square)"]
    p = get("ashardalon").presenter()
    assert [p.squares_of(game, d.seat, a) for a in d.options] == [[(0, 2)], [(1, 2)]]
    made = len(game.decisions)

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(110, 34)) as pilot:
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            assert app.screen.map_has_choices
            app.screen.query_one(MapView).move_cursor_to((1, 2))
            await pilot.press("enter")
            assert await wait_for(pilot, lambda: len(game.decisions) > made)
            assert game.decisions[made][0] == d.options[1]  # Vistra, whose square it was
    asyncio.run(run())


def test_the_line_under_the_cursor_follows_a_move_onto_its_square(tmp_path):
    """The look line is about the square under the cursor as it is now: after Quinn walks to the
    square the cursor is on, it names him (issue 16: panels match the state after every step)."""
    session = ash_session()

    async def play(app, pilot):
        quinn = session.game.state.figures["quinn"]
        look = app.screen.query_one("#look")
        await pilot.press("right", "right", "right", "up")
        assert "Quinn" not in str(look.render())
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: quinn.pos == (3, 1))
        assert await wait_for(pilot, lambda: "Q Quinn" in str(look.render()))
    at_first_choice(session, (120, 40), play)


def test_the_hand_over_names_the_hero_not_his_id(tmp_path):
    """Hotseat, Ann plays Quinn and Bob Vistra: the screen that hands Bob the keyboard says
    "Vistra: Who gets the ...?", never the id "vistra:" (issue 16)."""
    from dungeon_tui.tui.dialogs import PassTheKeyboard
    session = new_session("ashardalon", {"heroes": ["quinn", "vistra"]}, 3, options=Options(ai_speed="instant"),
                          hero_owners={"hero:quinn": "Ann", "hero:vistra": "Bob"})

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(12):  # Quinn's treasure card and his choice, then the hand-over to Bob
                if isinstance(app.screen, PassTheKeyboard):
                    break
                await pilot.press("enter")
                await pilot.pause(0.1)
            assert isinstance(app.screen, PassTheKeyboard)
            text = screen_text(app)
            assert "Bob, it is your turn" in text and "Vistra: Who gets the" in text and "vistra" not in text
    asyncio.run(run())


def test_the_dungeon_keeps_its_walls_when_it_outgrows_the_map(tmp_path):
    """Two tiles laid north of the start tile make the dungeon taller than the map at 80x24:
    Ashardalon's board scrolls in the full layout (tile walls and unexplored edges drawn) rather
    than going compact, where the walls along a row and the north and south edges to explore
    would vanish; M still switches."""
    from dungeon_tui.rulesets.ashardalon import board
    from dungeon_tui.rulesets.ashardalon.geometry import ROTATION_BEYOND, beyond, lay_out
    session = ash_session()
    s, content = session.game.state, session.game.content
    for cell in ((0, 0), (0, -1)):
        placed, _ = lay_out(content.tiles, "w01" if cell == (0, 0) else "w03", beyond(cell, "N"), ROTATION_BEYOND["N"])
        placed.doors = []
        s.tiles.append(placed)
    board.relayout(s, content)

    async def look(app, pilot):
        mv = app.screen.query_one(MapView)
        await pilot.pause(0.2)
        assert not mv.fits_in_full() and not mv.compact
        await pilot.press("M")
        assert await wait_for(pilot, lambda: mv.compact)
    at_first_choice(session, (80, 24), look)


def test_the_log_back_under_the_map_shows_its_newest_line(tmp_path):
    """r opens the log large; escape puts it back under the map, scrolled to its newest line
    (it stayed where the large log had been, hiding the last lines)."""
    from dungeon_tui.tui.event_log import EventLog
    session = ash_session()

    async def read(app, pilot):
        log = app.screen.query_one(EventLog)
        await pilot.press("r")
        assert await wait_for(pilot, lambda: log.has_focus)
        await pilot.pause(0.2)
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: not log.has_focus)
        assert await wait_for(pilot, lambda: log.max_scroll_y > 0 and log.scroll_offset.y == log.max_scroll_y)
    at_first_choice(session, (120, 40), read)


def test_cards_drawn_before_a_hand_over_are_read_before_it(tmp_path):
    """Hotseat: Ann's choice makes Vistra draw a treasure card, then Bob decides.  The card
    shows first and the hand-over after it, never the card on top of "Bob, it is your turn"."""
    from dungeon_tui.tui.dialogs import PassTheKeyboard
    session = new_session("ashardalon", {"heroes": ["quinn", "vistra"]}, 3, options=Options(ai_speed="normal"),
                          hero_owners={"hero:quinn": "Ann", "hero:vistra": "Bob"})

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(120, 40)) as pilot:
            seen = []
            for _ in range(14):
                stack = app.screen_stack
                seen.append(type(app.screen).__name__)
                handing = [k for k, x in enumerate(stack) if isinstance(x, PassTheKeyboard)]
                assert not handing or all(not isinstance(x, DrawnCard) for x in stack[handing[0]:]), seen
                if isinstance(app.screen, PassTheKeyboard):
                    break
                await pilot.press("enter")
                await pilot.pause(0.15)
            assert isinstance(app.screen, PassTheKeyboard) and "DrawnCard" in seen
    asyncio.run(run())


def test_a_key_from_before_the_hand_over_closed_answers_nothing(tmp_path):
    """Hotseat: a key stamped before Bob closed his hand-over screen (typed ahead, or the very
    key that closed it) is dropped; Vistra's choice waits for a key Bob presses afterwards."""
    from textual import events

    from dungeon_tui.tui.dialogs import PassTheKeyboard
    session = new_session("ashardalon", {"heroes": ["quinn", "vistra"]}, 3, options=Options(ai_speed="instant"),
                          hero_owners={"hero:quinn": "Ann", "hero:vistra": "Bob"})

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(120, 40)) as pilot:
            # Ann answers with enter (the setup's cards, then her choices) until the hand-over
            # shows; a key is pressed only once something can take it, so a loaded machine
            # that is slow to offer the next choice does not use the presses up.
            for _ in range(600):
                if isinstance(app.screen, PassTheKeyboard):
                    break
                if offers(app) or isinstance(app.screen, DrawnCard):
                    await pilot.press("enter")
                await pilot.pause(0.05)
            assert isinstance(app.screen, PassTheKeyboard)
            await pilot.pause(0.1)
            before = events.Key("enter", "\r")  # stamped now, while the hand-over is still up
            await pilot.press("enter")  # Bob takes the keyboard
            assert await wait_for(pilot, lambda: offers(app))
            asked, made = session.game.pending, len(session.game.decisions)
            assert asked.seat == "hero:vistra"
            app.screen.query_one("#options").focus()  # where enter would pick the first choice
            app.post_message(before)
            await pilot.pause(0.3)
            assert len(session.game.decisions) == made and session.game.pending is asked
            await pilot.press("enter")  # a key pressed now answers
            assert await wait_for(pilot, lambda: len(session.game.decisions) > made)
    asyncio.run(run())


def test_the_hand_over_recap_keeps_what_happened_and_uses_the_screen(tmp_path):
    """A hand-over recaps what happened, not the AI's weighing (its indented detail lines stay
    in the log), and at 120x40 shows more than the 14 lines a short terminal holds."""
    from dungeon_tui.tui.recap import RECAP_LINES, recap_lines
    session = new_session("ashardalon", {"heroes": ["quinn", "vistra"]}, 3, options=Options(ai_speed="instant"),
                          hero_owners={"hero:quinn": "Ann", "hero:vistra": "Bob"})

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(120, 40)) as pilot:
            assert await wait_for(pilot, lambda: offers(app))
            game, screen = session.game, app.screen
            screen.seen_upto["Ann"] = len(game.events)
            for k in range(30):
                game.emit("tactics", text=f"  closest hero for Grell {k}: Quinn, 2 squares away.")
                game.emit("damage", text=f"Quinn takes 1 damage ({k}).")
            recap = screen.recap("Ann")
            assert not any("closest hero" in line for line in recap)
            assert len(recap) == recap_lines(40) > RECAP_LINES and recap[-1] == "Quinn takes 1 damage (29)."
    asyncio.run(run())


def test_keys_still_pressed_as_the_villain_phase_ends_play_nothing(tmp_path):
    """Solo: keys that reach the game just after the AI's villain phase (an 'o', an Enter mashed
    while it ran) do not play the next hero phase; a key pressed a moment later does."""
    from textual import events

    from dungeon_tui.tui.game_screen import AI_SETTLE
    session = ash_session()

    async def play(app, pilot):
        screen, game = app.screen, session.game
        shown = {}

        def heskan_shown() -> bool:
            if screen.offered is not None and screen.offered is game.pending and game.pending.seat == "hero:heskan":
                shown.setdefault("at", screen.offered_at - AI_SETTLE)  # when it was drawn
                return True
            return False
        await pilot.press("e")  # Quinn ends his phase: a tile, a monster, its villain phase, then Heskan
        assert await wait_for(pilot, heskan_shown, tries=1000)
        mashed = events.Key("enter", "\r")
        mashed.time = shown["at"] + AI_SETTLE / 2  # pressed just after Heskan's choice came up
        assert not screen.takes_key(mashed)
        later = events.Key("enter", "\r")
        later.time = shown["at"] + AI_SETTLE + 0.01
        assert screen.takes_key(later)
        made = len(game.decisions)
        assert await wait_for(pilot, lambda: offers(app))
        await pilot.press("o", "enter")  # a key pressed once the choice has settled plays it
        assert await wait_for(pilot, lambda: len(game.decisions) > made)
    at_first_choice(session, (120, 40), play)


def test_enter_on_the_heros_own_square_asks_before_an_area_power_is_played(tmp_path):
    """Blade Barrier covers half of the start tile, Quinn's own square too: enter there asks
    first, escape plays nothing, and enter in the question plays the power."""
    session = set_up(ash_session(1, ("quinn", "vistra")))

    async def play(app, pilot):
        quinn = session.game.state.figures["quinn"]
        d = session.human_pending()
        barrier = [a for a in d.options if str(a) == "Blade Barrier on the start tile's north half"]
        assert len(barrier) == 1 and quinn.pos == (0, 2)
        played = len(session.game.decisions)
        mv = app.screen.query_one(MapView)
        mv.focus()
        mv.move_cursor_to(quinn.pos)
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, Choose))
        assert app.screen.choices == [str(barrier[0])] and "escape" in app.screen.question
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert session.game.pending is d and len(session.game.decisions) == played
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, Choose))
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: any(a == barrier[0] for a, _ in session.game.decisions))
    at_first_choice(session, (120, 40), play)
