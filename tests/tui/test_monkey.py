"""Monkey test: the real app under thousands of seeded random keys, clicks and resizes, on every
screen it has (title, new-game form, saves lists, both games, hotseat hand-over, help, dialogs,
the command palette, the replay viewer, the too-small notice).

It asserts that nothing raised, that the app is still running (or left cleanly through a quit
command the monkey found, after which a fresh app carries on with the remaining inputs), and
that every game seen is consistent: its pending decision is a legal one and replaying its
decisions from the start reaches the same state hash.

MONKEY_KEYS sets the inputs per scenario (six scenarios; default MONKEY_DEFAULT, cheap enough
for CI); MONKEY_SEED picks another seed.  By hand, about 20,000 inputs in all (some 10 minutes):
    MONKEY_KEYS=3400 pytest -q -s tests/tui/test_monkey.py -k does_not_crash
"""
from __future__ import annotations

import asyncio
import os
import random

import pytest
from textual import events
from textual.command import CommandList
from textual.css.query import NoMatches
from textual.pilot import _get_mouse_message_arguments

from dungeon_tui.engine import record
from dungeon_tui.engine.game import CHANCE, Game
from dungeon_tui.rulesets import game_from_record
from dungeon_tui.tui.app import DungeonApp, SavesScreen
from dungeon_tui.tui.game_screen import GameScreen
from dungeon_tui.tui.replay_screen import ReplayScreen
from dungeon_tui.tui.session import new_session

from .helpers import fp6_session, hq_session

MONKEY_DEFAULT = 150
MONKEY_KEYS = int(os.environ.get("MONKEY_KEYS") or MONKEY_DEFAULT)
MONKEY_SEED = int(os.environ.get("MONKEY_SEED") or 20261123)

# Every key some screen binds, the keys a form field takes, and a few nobody binds. Left out:
# q and ctrl+q, which leave the app from the title screen at once (quitting through a menu or
# the palette is still reachable and handled below).
KEYS = (["enter"] * 6 + ["tab", "shift+tab", "escape", "escape", "space", "backspace", "delete"]
        + ["up", "down", "left", "right"] * 4 + ["home", "end", "pageup", "pagedown"]
        + list("hjklecorusytgGnbwdfia") + list("0123456789") + ["plus", "minus", "equals_sign",
           "question_mark", "ctrl+s", "ctrl+n", "ctrl+p", "ctrl+c", "f1", "x", "%"])
SIZES = [(40, 12), (50, 16), (63, 19), (64, 20), (80, 24), (100, 30), (120, 40), (72, 22)]


async def press(app: DungeonApp, pilot, key: str) -> None:
    """One key through the driver, as a terminal sends it, without Pilot's idle waits (about
    15 times faster than pilot.press, so thousands of keys fit in a test)."""
    char = key if len(key) == 1 else {"space": " ", "plus": "+", "minus": "-", "equals_sign": "=",
                                      "question_mark": "?"}.get(key)
    if key == "%":
        key = "percent_sign"
    app._driver.send_message(events.Key(key, char))
    await pilot._wait_for_screen()


async def click(app: DungeonApp, pilot, x: int, y: int) -> None:
    """Mouse down and up at a screen cell through the driver, as a terminal sends them; the app
    makes the click of them."""
    kwargs = _get_mouse_message_arguments(app.screen, (x, y), button=1)
    for cls in (events.MouseDown, events.MouseUp):
        app._driver.send_message(cls(**kwargs))
    await pilot._wait_for_screen()


def consistent(game: Game) -> None:
    """The pending decision is one the game may ask, and the decisions replay to this state."""
    d = game.pending
    if d is not None:
        assert d.seat == CHANCE or d.seat in game.ruleset.seats(game.state), d.seat
        assert d.chance is not None if d.seat == CHANCE else d.options, d.prompt
    again = game.ruleset.new_game(game.setup, game.seed)
    again.replay_actions(game.decisions)
    assert again.state_hash() == game.state_hash()
    assert again.over == game.over


def finished_record(tmp_path) -> record.RecordModel:
    from dungeon_tui.rulesets import get
    game = new_session("warhammer-quest", {"adventure": "fp5"}, 7).game
    game.run(get("warhammer-quest").ai_controllers())
    path = tmp_path / "finished.json"
    record.save(game, path, "test", {"label": "finished", "over": True})
    return record.read(path)


def stock_saves(tmp_path) -> None:
    """Something in every list: a finished record, a game in progress, an autosave, a bad file."""
    finished_record(tmp_path)
    for name, session in (("heroquest-3.json", hq_session()), ("autosave.json", fp6_session())):
        session.save(tmp_path / name)
    (tmp_path / "broken.json").write_text('{"format": "dungeon-tui-record", "version": 1', encoding="utf-8")


def scenario(name: str, tmp_path):
    """The app to start for a scenario: the title, a game of each kind, hotseat, the replay viewer."""
    if name == "title":
        return DungeonApp()
    if name == "whq":
        return DungeonApp(fp6_session())
    if name == "hq-hotseat":  # Zargon played by a person: the hand-over screens both ways
        session = hq_session(seed=5, dungeon="Zoe")
        return DungeonApp(session)
    if name == "ash-hotseat":  # Wrath of Ashardalon, two players: the hand-over screen between them
        from dungeon_tui.tui.session import Options, new_session
        session = new_session("ashardalon", {"heroes": ["quinn", "heskan"], "adventure": "the_closed_doors"}, 7,
                              hero_owners={"hero:quinn": "Ann", "hero:heskan": "Bea"},
                              options=Options(ai_speed="instant"))
        return DungeonApp(session)
    if name == "replay":
        return DungeonApp(replay=finished_record(tmp_path))
    if name in ("saves-load", "saves-replay"):  # the lists of saves, hard to reach by chance
        app = DungeonApp()
        app.call_later(app.push_screen, SavesScreen(name.split("-")[1]))
        return app
    raise KeyError(name)


async def monkey(name: str, tmp_path, count: int, seed: int) -> dict:
    rng = random.Random(f"{seed}:{name}")
    games: dict[int, Game] = {}
    viewers: dict[int, ReplayScreen] = {}
    seen: dict[str, int] = {"inputs": 0, "restarts": 0}
    screens: set[str] = set()

    def note(app: DungeonApp) -> None:
        for screen in app.screen_stack:
            screens.add(type(screen).__name__)
            if isinstance(screen, GameScreen):
                games[id(screen.session.game)] = screen.session.game
            elif isinstance(screen, ReplayScreen):
                viewers[id(screen)] = screen

    done = 0
    while done < count:
        app = scenario(name, tmp_path) if seen["restarts"] == 0 else DungeonApp()
        async with app.run_test(size=rng.choice(SIZES[3:])) as pilot:
            await pilot.pause()
            note(app)
            while done < count and app.is_running:
                roll = rng.random()
                if roll < 0.03:
                    await pilot.resize_terminal(*rng.choice(SIZES))
                elif roll < 0.15:
                    w, h = app.size
                    await click(app, pilot, rng.randrange(w), rng.randrange(h))
                else:
                    await press(app, pilot, rng.choice(KEYS))
                done += 1
                note(app)
                if done % 16 == 0 or not app.is_running:
                    await pilot.pause()  # let timers, workers and repaints run
                    assert app._exception is None, f"{name}: crash after input {done}"
                    note(app)
            if app.is_running:
                await pilot.pause()
                note(app)
        # Leaving run_test re-raises anything the app raised; a quit the monkey chose is clean.
        assert app._exception is None and app.return_code in (0, None), f"{name}: return code {app.return_code}"
        seen["restarts"] += 1
    for game in games.values():
        consistent(game)
    for viewer in viewers.values():
        want = record.replay(viewer.rec, game_from_record, upto=viewer.pos, check=False)
        assert viewer.game.state_hash() == want.state_hash()
    seen["inputs"], seen["games"] = done, len(games)
    seen["restarts"] -= 1
    print(f"monkey {name}: {done} inputs, screens {sorted(screens)}, {len(games)} games, "
          f"{seen['restarts']} quits")
    return seen | {"screens": screens}


# The screen each scenario starts on: the monkey must have been there.
STARTS = {"title": "TitleScreen", "saves-load": "SavesScreen", "saves-replay": "SavesScreen",
          "whq": "GameScreen", "hq-hotseat": "GameScreen", "ash-hotseat": "GameScreen", "replay": "ReplayScreen"}


@pytest.mark.parametrize("name", list(STARTS))
def test_monkey_does_not_crash_the_app(name, tmp_path, monkeypatch):
    # The palette's screenshot command writes to ~/Downloads: keep it in the test's folder.
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    stock_saves(tmp_path)
    seen = asyncio.run(monkey(name, tmp_path, MONKEY_KEYS, MONKEY_SEED))
    assert seen["inputs"] == MONKEY_KEYS and STARTS[name] in seen["screens"]
    if name in ("whq", "hq-hotseat", "ash-hotseat"):
        assert seen["games"]


def test_page_keys_in_the_palette_as_it_opens(tmp_path, monkeypatch):
    """Found by the monkey: pageup in the command palette before its list is laid out raised
    KeyError inside Textual's OptionList (guarded in dungeon_tui/tui/textual_guards.py)."""
    monkeypatch.setenv("HOME", str(tmp_path))

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for key in ("ctrl+p", "a", "pageup", "pagedown"):
                app._driver.send_message(events.Key(key, key if len(key) == 1 else None))
            await pilot.pause()
            assert app._exception is None
            assert type(app.screen).__name__ == "CommandPalette"
    asyncio.run(run())


def test_press_on_a_widget_removed_since_the_last_frame(tmp_path):
    """Found by the monkey: a mouse press where the last frame drew a widget that has since been
    removed (the footer's keys after a redraw) crashed Textual's text selection."""
    from textual.widgets import Static

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            gone = Static("x" * 40)
            await app.screen.mount(gone)
            await pilot.pause()
            x, y = gone.region.x + 1, gone.region.y
            await gone.remove()
            assert app.screen.get_widget_and_offset_at(x, y)[0] is gone  # the frame is not redrawn yet
            await click(app, pilot, x, y)
            await pilot.pause()
            assert app._exception is None
    asyncio.run(run())


def test_click_on_an_option_no_longer_listed(tmp_path):
    """Found by the monkey: a click on an option the last frame drew, in a list refilled since
    with fewer options, raised IndexError inside Textual's OptionList."""
    from rich.style import Style
    from textual.widgets import OptionList

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            menu = app.screen.query_one("#menu", OptionList)
            stale = events.Click(menu, 1, 1, 0, 0, 1, False, False, False, style=Style(meta={"option": 99}))
            await menu._on_click(stale)
            await pilot.pause()
            assert app._exception is None and app.is_running
    asyncio.run(run())


def test_too_small_notice_follows_each_resize(tmp_path):
    """Found while chasing the monkey's palette crash: the notice judged the size from before
    the resize, so it came (and went) one resize late."""
    from dungeon_tui.tui.dialogs import TooSmall

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.resize_terminal(40, 12)
            await pilot.pause()
            assert isinstance(app.screen, TooSmall)
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert not isinstance(app.screen, TooSmall)
    asyncio.run(run())


def test_stale_dismiss_does_not_pop_the_screen_below(tmp_path):
    """Found by the monkey: a screen dismissed when it is no longer on top (the palette answering
    a queued pick after escape closed it) popped the screen below it, or crashed."""
    from textual.screen import ModalScreen

    from dungeon_tui.tui.app import NewGameScreen

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(NewGameScreen())
            await pilot.pause()
            gone = ModalScreen()
            app.push_screen(gone, lambda _: None)
            await pilot.pause()
            gone.dismiss()
            await pilot.pause()
            gone.dismiss()  # stale: the screen is gone already
            await pilot.pause()
            assert app._exception is None
            assert isinstance(app.screen, NewGameScreen)
    asyncio.run(run())


def test_a_pick_queued_before_the_choices_changed_is_dropped(tmp_path):
    """Found by the monkey: a pick in the list of choices that waited in the queue while an AI
    step refilled the list played the option now at its index (or raised IndexError)."""
    from textual.widgets import OptionList

    session = fp6_session()

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(110, 34)) as pilot:
            for _ in range(300):
                if session.human_pending() is not None:
                    break
                await pilot.pause(0.02)
            screen = app.screen
            choices = screen.query_one("#options", OptionList)
            old = choices.get_option_at_index(0)
            before = len(session.game.decisions)
            screen.redraw()  # the list is refilled, as after an AI step
            screen.on_option_list_option_selected(OptionList.OptionSelected(choices, old, 0))
            assert len(session.game.decisions) == before
            fresh = choices.get_option_at_index(0)
            screen.on_option_list_option_selected(OptionList.OptionSelected(choices, fresh, 0))
            assert len(session.game.decisions) > before  # a pick of the option on show still plays
    asyncio.run(run())


def test_queued_start_press_does_not_close_a_screen_opened_over_the_form(tmp_path):
    """Found by the monkey: the form's start, handled after another screen opened over the form,
    popped that screen (the palette, whose search then ran on removed widgets)."""
    from textual.screen import ModalScreen
    from textual.widgets import Button

    from dungeon_tui.tui.app import NewGameScreen

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            form = NewGameScreen()
            app.push_screen(form)
            await pilot.pause()
            over = ModalScreen()
            form.post_message(Button.Pressed(form.query_one("#start", Button)))
            app.push_screen(over)
            await pilot.pause()
            assert app.screen is over and form in app.screen_stack
            assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
    asyncio.run(run())


def test_back_to_the_title_waits_for_a_screen_opened_over_the_finished_game(tmp_path):
    """Found by the monkey: "back to the title" after the game popped whatever screen was on top."""
    from textual.screen import ModalScreen

    from dungeon_tui.tui.app import TitleScreen
    from dungeon_tui.tui.dialogs import GameOver

    from .helpers import all_ai_session

    async def run():
        app = DungeonApp(all_ai_session())
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(500):
                if isinstance(app.screen, GameOver):
                    break
                await pilot.pause(0.02)
            assert isinstance(app.screen, GameOver)
            app.screen.dismiss("title")
            over = ModalScreen()
            app.push_screen(over)  # before the game screen's own pop runs
            await pilot.pause()
            assert app.screen is over and any(isinstance(s, GameScreen) for s in app.screen_stack)
            over.dismiss()
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
    asyncio.run(run())


def test_ctrl_p_never_opens_a_second_palette(tmp_path, monkeypatch):
    """Found by the monkey: ctrl+p while a screen of ours covered an open palette, or while a
    closed palette was still being removed, opened a second palette with the same id
    (DuplicateIds)."""
    from textual.command import CommandPalette

    from dungeon_tui.tui.dialogs import TooSmall
    monkeypatch.setenv("HOME", str(tmp_path))

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await press(app, pilot, "ctrl+p")
            await pilot.pause()
            await pilot.resize_terminal(40, 12)
            await pilot.pause()
            assert isinstance(app.screen, TooSmall)
            await press(app, pilot, "ctrl+p")  # the palette is under the notice
            await pilot.pause()
            assert app._exception is None
            assert sum(isinstance(s, CommandPalette) for s in app.screen_stack) == 1
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert isinstance(app.screen, CommandPalette)
            app.pop_screen()  # closed: off the stack at once, removed a little later
            app.action_command_palette()
            await pilot.pause()
            assert app._exception is None
            assert not any(isinstance(s, CommandPalette) for s in app.screen_stack)
            app.action_command_palette()  # once it is gone, ctrl+p opens the palette again
            await pilot.pause()
            assert isinstance(app.screen, CommandPalette)
    asyncio.run(run())


def test_palette_closed_before_it_is_mounted(tmp_path, monkeypatch):
    """Found by the monkey: ctrl+p then escape at once closed the palette before its mount was
    handled; the search it starts on mount then ran on removed widgets (NoMatches)."""
    from textual.command import CommandPalette
    monkeypatch.setenv("HOME", str(tmp_path))

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.action_command_palette()
            app.screen._action_escape()  # before the palette has handled its mount
            await pilot.pause()
            await pilot.pause(0.1)
            assert app._exception is None
            assert isinstance(app.screen, CommandPalette)  # still open: the next escape closes it
            await press(app, pilot, "escape")
            await pilot.pause()
            assert not isinstance(app.screen, CommandPalette)
    asyncio.run(run())


def test_palette_list_gone_in_the_middle_of_a_search(tmp_path, monkeypatch):
    """Found by the 20,000-input monkey run: the palette's list went away while a search was
    filling it (NoMatches in the search worker ended the app).  The search finds nothing; the
    palette stays, and the next keystroke searches again."""
    from textual.command import CommandPalette
    monkeypatch.setenv("HOME", str(tmp_path))
    fill = CommandPalette._refresh_command_list

    def list_gone(self, *args, **kwargs):
        raise NoMatches("No nodes match 'CommandList'")  # as Textual's own lookup says then

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await press(app, pilot, "ctrl+p")
            await pilot.pause()
            monkeypatch.setattr(CommandPalette, "_refresh_command_list", list_gone)
            await press(app, pilot, "h")
            await pilot.pause(0.3)
            assert app._exception is None and isinstance(app.screen, CommandPalette)
            monkeypatch.setattr(CommandPalette, "_refresh_command_list", fill)
            await press(app, pilot, "e")
            await pilot.pause(0.3)
            assert app._exception is None and app.screen.query_one(CommandList).option_count > 0
    asyncio.run(run())


def test_replay_key_before_the_viewer_is_drawn(tmp_path):
    """Found by the monkey: a step key reached the replay viewer between its push and its
    compose (its keys are priority bindings) and drawing found no map (NoMatches)."""
    rec = finished_record(tmp_path)

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            viewer = ReplayScreen(rec)
            app.push_screen(viewer)
            viewer.action_step(1)  # before the viewer has composed
            await pilot.pause()
            assert app._exception is None
            assert viewer.pos > 0 and "replay" in str(viewer.query_one("#options").border_title)
            assert str(viewer.pos) in str(viewer.query_one("#options").border_title)
    asyncio.run(run())
