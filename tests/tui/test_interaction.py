"""How keys reach the game (issue 16): the AI at a keypress, keys that act only on the decision
they were pressed for, one Enter doing one thing, the hotseat recap, drawn cards, previews,
card text, the sight key, the log, and the choices list that is never pushed off screen."""
import asyncio

from textual import events

from dungeon_tui.engine.presenter import Card, goes_to
from dungeon_tui.rulesets.warhammer_quest.presenter import WarhammerQuestPresenter
from dungeon_tui.tui.dialogs import Choose, DrawnCard, PassTheKeyboard
from dungeon_tui.tui.event_log import EventLog, line_of
from dungeon_tui.tui.game_screen import GameScreen
from dungeon_tui.tui.recap import recap_lines
from dungeon_tui.tui.map_view import MapView
from dungeon_tui.tui.session import SPEEDS, Options

from .helpers import at_first_choice, fp6_session, hq_session, offers, wait_for
from .test_ashardalon import ash_session


def human_decisions(session, seat):
    return [a for a, _ in session.game.decisions if a.seat == seat]


def test_space_hands_the_seat_to_the_ai_and_the_seats_menu_takes_it_back(tmp_path):
    session = fp6_session()  # every warrior is a player's: space used to do nothing then

    async def body(app, pilot):
        seat = session.human_pending().seat
        assert seat == "hero:barbarian"
        await pilot.press("space")
        assert session.handed == {seat} and not session.is_human(seat)
        assert await wait_for(pilot, lambda: human_decisions(session, seat))
        assert "hero:barbarian" in session.handed
        assert await wait_for(pilot, lambda: offers(app))
        await pilot.press("A")  # who plays which seat
        assert await wait_for(pilot, lambda: isinstance(app.screen, Choose))
        rows = app.screen.choices
        assert rows[0] == "Barbarian: AI for Player" and rows[1] == "Dwarf: Player"
        await pilot.press("enter")  # the Barbarian's row: the player takes him back
        assert await wait_for(pilot, lambda: not session.handed)
        assert session.is_human(seat)
        # The menu stays open on that row, so a second seat is switched in the same visit.
        assert await wait_for(pilot, lambda: isinstance(app.screen, Choose)
                              and app.screen.choices[0] == "Barbarian: Player")
        await pilot.press("down", "enter")
        assert await wait_for(pilot, lambda: "hero:dwarf" in session.handed)
        assert await wait_for(pilot, lambda: isinstance(app.screen, Choose) and app.screen.highlight == 1)
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: not isinstance(app.screen, Choose))
    at_first_choice(session, (120, 40), body)


def test_keys_pressed_while_the_ai_plays_are_dropped(tmp_path, monkeypatch):
    monkeypatch.setitem(SPEEDS, "slow", 1.0)
    owners = {"hero:barbarian": "Ann", "hero:dwarf": "AI", "hero:elf": "AI", "hero:wizard": "AI"}
    session = fp6_session(hero_owners=owners, options=Options(ai_speed="slow"))

    async def body(app, pilot):
        await pilot.press("enter")  # the Barbarian is placed; the AI places the others, slowly
        assert await wait_for(pilot, lambda: len(human_decisions(session, "hero:barbarian")) == 1)
        assert session.human_pending() is None
        pressed = 0
        for key in ("enter", "e", "o", "enter", "1", "enter"):  # impatient presses while the AI plays
            if session.human_pending() is None:
                await pilot.press(key)
                pressed += 1
        assert pressed >= 3
        session.options.ai_speed = "instant"  # the rest of the AI's stretch at once
        assert await wait_for(pilot, lambda: offers(app), tries=1000)
        await pilot.pause(0.3)
        assert len(human_decisions(session, "hero:barbarian")) == 1  # none of those keys played
        await pilot.press("o", "enter")  # a key pressed now acts
        assert await wait_for(pilot, lambda: len(human_decisions(session, "hero:barbarian")) == 2)
    at_first_choice(session, (120, 40), body)


def test_a_key_typed_before_the_decision_was_shown_is_dropped(tmp_path):
    session = fp6_session()

    async def body(app, pilot):
        screen = app.screen
        early = events.Key("enter", None)
        early.time = screen.offered_at - 0.01
        late = events.Key("enter", None)
        assert not screen.takes_key(early) and screen.takes_key(late)
        speed = events.Key("plus", "+")
        speed.time = early.time
        assert screen.takes_key(speed)  # control keys always act
        for key in ("M", "V", "A"):  # the map's layout, sight and seats only change the view
            view = events.Key(key, key)
            view.time = early.time
            assert screen.takes_key(view), key
    at_first_choice(session, (120, 40), body)


def test_hand_over_recaps_what_happened_since_the_players_last_turn(tmp_path):
    owners = {"hero:barbarian": "Ann", "hero:dwarf": "Bob", "hero:elf": "Ann", "hero:wizard": "Bob"}
    session = fp6_session(hero_owners=owners)

    async def body(app, pilot):
        async def place_until_hand_over():
            for _ in range(6):
                assert await wait_for(pilot, lambda: offers(app) or isinstance(app.screen, PassTheKeyboard))
                if isinstance(app.screen, PassTheKeyboard):
                    return
                made = len(session.game.decisions)
                await pilot.press("o", "enter")  # the first choice in the list: a square, or no spell
                assert await wait_for(pilot, lambda made=made: len(session.game.decisions) > made)
            raise AssertionError("no hand-over")
        await place_until_hand_over()
        assert app.screen.player == "Bob" and not app.screen.recap  # his first turn: he saw the table
        ann_saw = len(session.game.events)
        await pilot.press("enter")
        made = len(session.game.decisions)
        await place_until_hand_over()
        assert app.screen.player == "Ann"
        bobs = [str(a) for a, _ in session.game.decisions[made:] if session.owners.get(a.seat) == "Bob"]
        recap = app.screen.recap
        since = [t.plain for e in session.game.events[ann_saw:]
                 if (t := line_of(e)) is not None and not t.plain.startswith(" ")]
        assert bobs and any(bobs[0] in line for line in since)  # Bob's placements are among them
        # Many lines since (Bob's Freeze and what it did): the newest, and where the rest are.
        most = recap_lines(40)
        assert recap[0] == f"… {len(since) - most + 1} earlier lines are in the log (r)"
        assert recap[1:] == since[-most + 1:]
        assert str(app.screen.query_one("#recap").render()).startswith("Since your last turn")
    at_first_choice(session, (120, 40), body)


def test_the_cursor_stays_where_the_player_left_it_after_a_move(tmp_path):
    session = ash_session()

    async def body(app, pilot):
        quinn = session.game.state.figures["quinn"]
        mv = app.screen.query_one(MapView)
        await pilot.press("right", "right", "right", "up", "enter")
        assert await wait_for(pilot, lambda: quinn.pos == (3, 1))
        assert await wait_for(pilot, lambda: offers(app))
        await pilot.pause(0.1)
        assert mv.cursor == (3, 1)  # not sent back to the hero or the first lit square
        await pilot.press("down")
        assert mv.cursor == (3, 2)
    at_first_choice(session, (120, 40), body)


def test_a_drawn_card_shows_until_the_player_goes_on(tmp_path, monkeypatch):
    def drawn(self, game, event):
        if event.kind == "decision" and "Barbarian" in str(event.data.get("action", "")):
            return ("Ambush!", "Monsters leap out of the dark.")
        return None
    monkeypatch.setattr(WarhammerQuestPresenter, "drawn_card", drawn)
    session = fp6_session(options=Options(ai_speed="normal"))

    async def body(app, pilot):
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, DrawnCard))
        assert "Ambush!" in app.screen.text and "leap out" in app.screen.text
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
    at_first_choice(session, (120, 40), body)


def test_a_highlighted_choice_previews_on_the_map_and_a_card_says_what_it_does(tmp_path, monkeypatch):
    monkeypatch.setattr(WarhammerQuestPresenter, "preview",
                        lambda self, game, seat, action: {(9, 9): ("??", "hero")} if goes_to(action) == (0, 1) else {})
    monkeypatch.setattr(WarhammerQuestPresenter, "hand",
                        lambda self, game, seat, hero: [Card("Lantern", text="Lights the way.")])  # unusable, read
    session = fp6_session()

    async def body(app, pilot):
        mv = app.screen.query_one(MapView)
        assert (9, 9) not in mv.cells
        await pilot.press("o", "down")  # the second choice: the Barbarian starts at 0,1
        assert await wait_for(pilot, lambda: mv.cells.get((9, 9)) == ("??", "hero"))
        await pilot.press("up")
        assert await wait_for(pilot, lambda: (9, 9) not in mv.cells)
        await pilot.press("c")
        text = app.screen.query_one("#cardtext")
        assert await wait_for(pilot, lambda: text.display and "Lights the way." in str(text.render()))
    at_first_choice(session, (120, 40), body)


def test_the_sight_key_dims_what_the_hero_cannot_see(tmp_path, monkeypatch):
    monkeypatch.setattr(WarhammerQuestPresenter, "sight", lambda self, game, seat, hero: ({(0, 0)}, {(1, 0)}))
    session = fp6_session()

    async def body(app, pilot):
        mv = app.screen.query_one(MapView)
        await pilot.press("V")
        assert app.screen.sighting and mv.targets == {(1, 0)}
        assert all(role in ("fog", "hero", "wall") for sq, (_, role) in mv.cells.items() if sq != (0, 0))
        await pilot.press("V")
        assert not app.screen.sighting
    at_first_choice(session, (120, 40), body)


def test_r_opens_the_log_large_on_its_newest_line(tmp_path):
    session = fp6_session()

    async def body(app, pilot):
        log = app.screen.query_one(EventLog)
        before = log.size.height
        await pilot.press("r")
        await pilot.pause(0.1)
        assert log.has_focus and log.highlighted == log.option_count - 1
        assert log.size.height >= app.size.height // 3 > before
    at_first_choice(session, (120, 40), body)


def choices_rows(app) -> int:
    return app.screen.query_one("#options").content_size.height


def test_the_choices_keep_their_rows_in_every_game(tmp_path):
    for make in (fp6_session, hq_session, ash_session):
        for size, rows in (((120, 40), 5), ((80, 24), 3)):
            session = make()

            async def body(app, pilot, rows=rows, make=make):
                await pilot.pause(0.1)
                assert choices_rows(app) >= rows, (make.__name__, app.size, choices_rows(app))
            at_first_choice(session, size, body)


def test_a_list_choice_keeps_the_focus_in_the_list_when_the_next_has_no_square(tmp_path):
    session = hq_session()

    async def body(app, pilot):
        screen = app.screen
        screen.map_has_choices = False
        screen.after_list_choice()
        assert await wait_for(pilot, lambda: app.focused is screen.query_one("#options"))
        screen.map_has_choices = True
        screen.after_list_choice()
        assert await wait_for(pilot, lambda: isinstance(app.focused, MapView))
    at_first_choice(session, (120, 40), body)


def test_keys_do_not_reach_a_hand_over_screen_from_before_it_opened(tmp_path):
    screen = PassTheKeyboard("Ann", "your turn")
    old = events.Key("enter", None)
    old.time = screen.opened_at - 1
    assert not screen.takes_key(old) and screen.takes_key(events.Key("enter", None))
    asyncio.run(asyncio.sleep(0))
