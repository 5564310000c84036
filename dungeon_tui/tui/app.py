"""The Textual app: the title, the new-game form, the lists of saves, and the screens they open."""
from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import signal
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.markup import escape
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.command import CommandPalette
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, DataTable, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option
from textual.worker import Worker

from . import textual_guards
from .dialogs import Confirm, TooSmall
from .help_screen import HelpScreen
from .keys_footer import KeysFooter
from .saves import saves_dir, where_saves_go
from .tick_box import TickBox

if TYPE_CHECKING:
    from .session import Session

# The title comes first: the engine, the sessions and the game screens are imported when a
# game, a save or a replay is opened (bench/tui_speed.py measures the first frame).

MIN_SIZE = (64, 20)
textual_guards.install()

TITLE_ART = r"""[b]
  ___                                    _         _
 |   \ _  _ _ _  __ _ ___ ___ _ _    ___| |_ _  _(_)
 | |) | || | ' \/ _` / -_) _ \ ' \  |___|  _| || | |
 |___/ \_,_|_||_\__, \___\___/_||_|      \__|\_,_|_|
                |___/[/b]
  tabletop dungeon games, solo or hotseat"""


def game_names() -> dict[str, str]:
    """Every registered game's title by its id, in the order of the ids."""
    from ..rulesets import all_games
    return {rs.id: rs.title for rs in sorted(all_games(), key=lambda rs: rs.id)}


def warm_up(froze: bool) -> None:
    """Import every game and the game screen's modules (a thread worker, once the title shows).
    Module imports take Python's per-module locks, so a screen that asks for a game meanwhile
    waits for that module to finish, never sees it half made."""
    game_names()
    from . import session  # noqa: F401  (the engine and the saves: what starting a game reads)
    if froze:
        gc.freeze()  # what the imports made stays for good, as start-up's objects do


class TitleScreen(Screen[None]):
    BINDINGS = [Binding("q", "app.quit", "quit"), Binding("question_mark", "help", "help")]
    DEFAULT_CSS = """
    TitleScreen { align: center middle; }
    TitleScreen Vertical { width: 60; height: auto; }
    TitleScreen #art { width: 100%; margin-bottom: 1; }
    TitleScreen OptionList { height: auto; width: 40; }
    TitleScreen #saves { width: 100%; margin-top: 1; color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(TITLE_ART, id="art")
            yield OptionList(Option("New game", id="new"), Option("Continue", id="continue"),
                             Option("Load a saved game", id="load"), Option("Campaigns", id="campaigns"),
                             Option("Watch a replay", id="replay"),
                             Option("Help", id="help"), Option("Quit", id="quit"), id="menu")
            yield Static(f"Saves: {escape(where_saves_go())}", id="saves")
        yield KeysFooter()

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        app: DungeonApp = self.app  # type: ignore[assignment]
        choice = message.option.id
        if choice == "new":
            app.push_screen(NewGameScreen())
        elif choice == "continue":
            from .session import autosaves
            games = autosaves()
            if not games:
                self.notify("Nothing to continue yet: no game in progress in " + str(saves_dir()), timeout=4)
            elif len(games) == 1:
                app.open_save(games[0])
            else:  # every game in progress, the newest first
                app.push_screen(SavesScreen("continue"))
        elif choice == "campaigns":
            from .campaigns import CampaignsScreen
            app.push_screen(CampaignsScreen())
        elif choice in ("load", "replay"):
            app.push_screen(SavesScreen(choice))
        elif choice == "help":
            self.action_help()
        else:
            app.exit()

    def action_help(self) -> None:
        from ..rulesets import DEFAULT, get
        p = get(DEFAULT).presenter()
        self.app.push_screen(HelpScreen(p.help, p.legend))


class Form(VerticalScroll, can_focus=False):
    """A scrolling form that never takes the focus itself: the first field has it (enter opens
    the list of games at once), and the form scrolls to whichever field has it."""


def row(*widgets: Any) -> Horizontal:
    return Horizontal(*widgets, classes="row")


CONTROLLERS = [("Player", "player"), ("AI", "ai")]
ASCII_CHOICES = [("as the terminal allows", "auto"), ("on", "on"), ("off", "off")]
ASCII_VALUES: dict[str, bool | None] = {"auto": None, "on": True, "off": False}


class NewGameScreen(Screen[None]):
    """Game, adventure, party and who plays each hero, seed, options."""

    BINDINGS = [Binding("escape", "app.pop_screen", "back"), Binding("ctrl+n", "start", "start")]
    DEFAULT_CSS = """
    NewGameScreen { align: center top; }
    NewGameScreen Form { width: 80; max-width: 100%; }
    NewGameScreen #per-game { height: auto; }
    NewGameScreen .row { height: auto; }
    NewGameScreen .row Label { width: 14; padding: 1 1 0 0; }
    NewGameScreen .row Checkbox { width: 34; }  /* Catakombs names run to 23 letters */
    NewGameScreen .row Input, NewGameScreen .row Select { width: 1fr; }
    NewGameScreen .row .controller { width: 14; }
    NewGameScreen #heading { margin: 1 0 0 0; }
    NewGameScreen .hint { color: $text-muted; }
    NewGameScreen #start { margin: 1 0; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.games = game_names()
        from ..rulesets import DEFAULT
        self.game_id = DEFAULT  # the registry's first game is offered first; the others are a pick away

    def compose(self) -> ComposeResult:
        with Form():
            yield Static("[b]New game[/b]", id="heading")
            yield Static("tab moves between fields; ctrl+n or the button starts", classes="hint")
            yield row(Label("Game"), Select([(name, gid) for gid, name in self.games.items()], value=self.game_id,
                                            allow_blank=False, id="game"))
            yield Vertical(*self.game_fields(), id="per-game")
            yield row(Label("Seed"), Input(str(int(time.time()) % 1_000_000), type="integer", id="seed"))
            from .session import SPEEDS
            yield row(Label("AI speed"), Select([(k, k) for k in SPEEDS], value="normal", allow_blank=False,
                                                id="speed"))
            ascii_now = next(k for k, v in ASCII_VALUES.items() if v == getattr(self.app, "ascii_map", None))
            yield row(Label("ASCII map"), Select(ASCII_CHOICES, value=ascii_now, allow_blank=False, id="ascii"))
            from .session import DICE, DRAWS
            yield row(Label("Dice"), Select([(shown, key) for key, shown in DICE.items()], value="app",
                                            allow_blank=False, id="dice"))
            yield row(Label("Decks"), Select([(shown, key) for key, shown in DRAWS.items()], value="app",
                                             allow_blank=False, id="draws"))
            yield TickBox("Unlimited undo (otherwise undo stops at the last roll)", False, id="undo")
            yield Button("Start the game", variant="primary", id="start")
        yield KeysFooter()

    def game_fields(self) -> list[Any]:
        """The fields that depend on the game: adventure, party and players, setup options."""
        from ..rulesets import get
        rs = get(self.game_id)
        out: list[Any] = [
            row(Label("Adventure"), Select([(label, aid) for aid, label in rs.adventures()],
                                           value=rs.default_adventure(), allow_blank=False, id="adventure")),
            Static("Party: tick who goes, and who plays each: a player (give each player's name for "
                   "hotseat) or the AI.", classes="hint")]
        usual = rs.default_heroes()
        out += [row(TickBox(hero.name, hero.id in usual, id=f"in-{hero.id}"),
                    Select(CONTROLLERS, value="player", allow_blank=False, id=f"ctl-{hero.id}", classes="controller"),
                    Input("Player", placeholder="the player's name", id=f"who-{hero.id}"))
                for hero in rs.heroes()]
        dungeon = rs.presenter().dungeon_player
        if dungeon:
            out.append(row(Label(dungeon), Input("AI", placeholder="AI, or a player's name for hotseat",
                                                 id="who-dungeon")))
        out += [row(Label(option.label), Select([(shown, str(v)) for shown, v in option.values],
                                                value=str(option.default), allow_blank=False, id=f"set-{option.key}"))
                for option in rs.settings()]
        if rs.variants():
            out.append(Static("Variants (other editions' rules, off unless ticked):"))
            out += [TickBox(label, False, id=f"variant-{vid}") for vid, label in rs.variants()]
        return out

    async def on_select_changed(self, message: Select.Changed) -> None:
        if message.select.id == "game" and message.value != self.game_id:
            # Only the fields below the game list are rebuilt: the list keeps the focus.
            self.game_id = str(message.value)
            box = self.query_one("#per-game", Vertical)
            await box.remove_children()
            await box.mount_all(self.game_fields())
        if message.select.id == "game" or str(message.select.id).startswith("ctl-"):
            self.show_who_plays()  # the other lists (12 as the form mounts) change no one's fields

    def on_mount(self) -> None:
        self.show_who_plays()

    def on_checkbox_changed(self, message: Checkbox.Changed) -> None:
        self.show_who_plays()

    def show_who_plays(self) -> None:
        """A hero left out has no one to play it; a hero the AI plays needs no player's name."""
        from ..rulesets import get
        for hero in get(self.game_id).heroes():
            ticked = self.query(f"#in-{hero.id}")
            if not ticked:
                continue  # the fields of another game are being built
            going = ticked.first(Checkbox).value
            self.query_one(f"#ctl-{hero.id}", Select).disabled = not going
            self.query_one(f"#who-{hero.id}", Input).disabled = (
                not going or self.query_one(f"#ctl-{hero.id}", Select).value == "ai")

    def on_button_pressed(self, message: Button.Pressed) -> None:
        self.action_start()

    def action_start(self) -> None:
        from ..rulesets import get
        if self.app.screen is not self:
            # A press of the start button waits in the queue while another screen (the command
            # palette) may open over the form; popping "the top screen" below would close that
            # one instead of the form (found by the monkey test).  The player can press again.
            return
        rs = get(self.game_id)
        heroes, owners = [], {}
        for hero in rs.heroes():
            if self.query_one(f"#in-{hero.id}", Checkbox).value:
                heroes.append(hero.id)
                who = self.query_one(f"#who-{hero.id}", Input).value.strip() or "Player"
                by_ai = self.query_one(f"#ctl-{hero.id}", Select).value == "ai" or who.lower() == "ai"
                owners[hero.seat] = "AI" if by_ai else who
        from .session import Options, new_session
        options = Options(self.query_one("#undo", Checkbox).value, str(self.query_one("#speed", Select).value),
                          str(self.query_one("#dice", Select).value), str(self.query_one("#draws", Select).value))
        try:
            seed = int(self.query_one("#seed", Input).value)
            variants = [vid for vid, _ in rs.variants() if self.query_one(f"#variant-{vid}", Checkbox).value]
            asked = {"adventure": self.query_one("#adventure", Select).value, "heroes": heroes}
            for option in rs.settings():
                # a Select holds strings; the setting's own value goes to the game
                picked = str(self.query_one(f"#set-{option.key}", Select).value)
                asked[option.key] = next(v for _shown, v in option.values if str(v) == picked)
            setup = rs.normalise_setup(asked | ({"variants": variants} if variants else {}))
            dungeon = self.query("#who-dungeon")
            zargon = dungeon.first(Input).value if dungeon else "AI"
            session = new_session(rs.id, setup, seed, hero_owners=owners, options=options, dungeon=zargon)
        except ValueError as err:
            self.notify(str(err), severity="error", timeout=5)
            return
        app: DungeonApp = self.app  # type: ignore[assignment]
        app.ascii_map = ASCII_VALUES[str(self.query_one("#ascii", Select).value)]
        app.pop_screen()
        app.start(session)


def shown_names(game: str) -> dict[str, str]:
    """A game's adventures and heroes by their ids, as the saves list names them (a record keeps
    ids; one saved before a game named them, or kept by another game, shows what it holds)."""
    from ..rulesets import get
    try:
        rs = get(game)
    except KeyError:
        return {}
    return rs.shown_names()


def describe(path: Path) -> tuple[str, ...]:
    """One row of the saves list; a file that cannot be read says why instead.  The names come
    from the record's head ("shown", written with it); a record made before that names what it
    holds through its game, loaded for it."""
    from ..engine.errors import RecordError
    from ..engine.record_head import read_head  # not the record models: pydantic is not loaded
    try:
        rec = read_head(path)  # the head only: a list of 1,000 saves opens at once
    except RecordError as err:
        return (path.name, "unreadable", str(err)[:60], "", "", "")
    m: dict[str, Any] = rec.meta
    adventure = str(m.get("adventure", rec.setup.get("adventure", "")))
    party_ids = [str(p) for p in m.get("party", rec.setup.get("heroes", []))]
    shown = m.get("shown")
    if isinstance(shown, dict) and isinstance(shown.get("party"), list):
        title, adventure_name = str(shown.get("game", rec.ruleset)), str(shown.get("adventure", adventure))
        party = ", ".join(str(p) for p in shown["party"])
    else:
        called = shown_names(rec.ruleset)
        title = game_names().get(rec.ruleset, rec.ruleset)
        adventure_name, party = called.get(adventure, adventure), ", ".join(called.get(p, p) for p in party_ids)
    # An autosave's file name repeats the game, seed and time the other columns show: keep it short.
    name = "autosave" if path.name.startswith("autosave-") else path.name
    return (name, title, adventure_name, party, str(m.get("turn", "")),
            str(m.get("date", "")) + ("  (over)" if m.get("over") else ""))


FIRST_ROWS, MORE_ROWS = 60, 200  # the saves list's first rows, then rows per chunk


class SavesScreen(Screen[None]):
    """The saves folder as a table; enter loads (or replays) the chosen one, delete removes it
    after asking.  Continue shows only the games in progress (their autosaves)."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "back"), Binding("delete,d", "delete", "delete")]
    DEFAULT_CSS = "SavesScreen DataTable { height: 1fr; } SavesScreen #where { padding: 0 1; }"

    def __init__(self, mode: str) -> None:
        super().__init__()
        self.mode = mode
        self.paths: list[Path] = []
        self.filling = 0  # which fill the chunks being added belong to

    def compose(self) -> ComposeResult:
        verb = "replay" if self.mode == "replay" else "load"
        what = "Games in progress" if self.mode == "continue" else "Saved games"
        yield Static(f"[b]{what}[/b] in {escape(str(saves_dir()))}: enter to {verb}, d to delete", id="where")
        yield DataTable(cursor_type="row", zebra_stripes=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns("file", "game", "adventure", "party", "turn", "saved")
        self.fill()

    def fill(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        folder = saves_dir()
        files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True) if folder.is_dir() else []
        if self.mode == "continue":
            files = [p for p in files if p.name.startswith("autosave")]
        self.paths = files
        self.filling += 1  # a chunk still to come from an earlier fill stops at its turn
        self.add_rows(0, self.filling)
        if not files:
            table.add_row("no saves yet", "", "", "", "", "")
        table.focus()

    def add_rows(self, first: int, filling: int) -> None:
        """Rows from `first` on, a screenful now and the rest in chunks after each refresh: a
        folder of 1,000 saves shows its newest at once and stays answering keys while the table
        measures the others."""
        if filling != self.filling:
            return
        count = FIRST_ROWS if first == 0 else MORE_ROWS
        self.query_one(DataTable).add_rows(describe(p) for p in self.paths[first:first + count])
        if first + count < len(self.paths):
            self.call_after_refresh(self.add_rows, first + count, filling)

    def action_delete(self) -> None:
        row = self.query_one(DataTable).cursor_row
        if not 0 <= row < len(self.paths):
            return
        path = self.paths[row]

        def done(yes: bool | None) -> None:
            if yes:
                try:
                    path.unlink(missing_ok=True)
                except OSError as err:
                    self.notify(f"{path.name} was not deleted: {err.strerror or err}", severity="error", timeout=6)
                self.fill()
        self.app.push_screen(Confirm(f"Delete {path.name}? It cannot be undone."), done)

    def on_data_table_row_selected(self, message: DataTable.RowSelected) -> None:
        if message.cursor_row >= len(self.paths):
            return
        app: DungeonApp = self.app  # type: ignore[assignment]
        path = self.paths[message.cursor_row]
        if self.mode != "replay":
            app.open_save(path)
        else:
            app.open_replay(path)


class DungeonApp(App[None]):
    TITLE = "dungeon-tui"
    BINDINGS = [Binding("ctrl+q", "quit", "quit", priority=True, show=False)]

    def __init__(self, session: Session | None = None, replay: Any = None,
                 ai_speed: str | None = None, ascii_map: bool | None = None) -> None:
        super().__init__()
        # The map in ASCII characters only: True or False as the player chose (--ascii, the
        # new-game form), None to let the map judge the terminal.  The map widget reads it.
        self.ascii_map = ascii_map
        self.initial = session
        self.initial_replay = replay
        self.ai_speed = ai_speed
        self.warming: Worker[None] | None = None  # the games' imports, started behind the title

    def get_css_variables(self) -> dict[str, str]:
        # Under NO_COLOR every colour is grey, and the highlighted row of a list or table (a
        # background colour) looked like the others: there it is underlined.  (Not reversed:
        # Textual 8.2.8 drops `reverse` from the styles its lists draw with.)
        variables = super().get_css_variables()
        if self.no_color:
            variables["block-cursor-text-style"] = "bold underline"
            variables["block-cursor-blurred-text-style"] = "underline"
        return variables

    def on_mount(self) -> None:
        # A closed terminal (SIGHUP) or a polite kill (SIGTERM) saves the game in progress and
        # ends the app cleanly; Continue then resumes at the last decision.
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGHUP, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(signum, self.hang_up, signum)
        if self.initial is not None:
            self.start(self.initial)
        elif self.initial_replay is not None:
            from .replay_screen import ReplayScreen
            self.push_screen(ReplayScreen(self.initial_replay))
        else:
            self.push_screen(TitleScreen())
        self.call_after_refresh(self.check_size)

    def on_ready(self) -> None:
        # The first frame is up: the collector, off while the program started (see
        # cli.play_app), comes back; what start-up made stays for good, so the collector's
        # passes skip it (gc.freeze) instead of walking it all at the first one.  An app made
        # otherwise (the tests, a campaign's quest) leaves the collector as it is.
        froze = not gc.isenabled()
        if froze:
            gc.freeze()
            gc.enable()
        if self.initial is None and self.initial_replay is None:
            # The title asks for no game, but New game lists them all, and importing the five
            # took 1-2 s on a slow host (pydantic's models most of it), a wait in which a key
            # landed on the form's first field.  The title is up: import them now, behind it.
            self.warming = self.run_worker(lambda: warm_up(froze), thread=True, name="import the games")

    def hang_up(self, signum: int) -> None:
        """Save every game open on a screen (to its save and to the autosave), then exit."""
        for screen in self.screen_stack:
            session = getattr(screen, "session", None)
            if session is not None and not session.game.over:
                with contextlib.suppress(OSError):  # nobody is left to tell; the last autosave stands
                    session.save(label="terminal closed")
                    session.save(session.autosave_path(), "autosave")
        self.exit(return_code=128 + signum)
        # After a hang-up the terminal is gone, but Textual's shutdown still writes to it (to
        # leave the alternate screen) through its output thread and a queue of 30 writes; when
        # that thread has already died on the closed terminal, the shutdown waits on the full
        # queue for ever.  `tmux kill-session` left the process behind in 3 runs of 8 (py-spy:
        # App._shutdown blocked in Queue.put).  The games are saved above: the process ends for
        # sure, a moment after Textual's own way out had its chance.
        ender = threading.Timer(3.0, os._exit, (128 + signum,))
        ender.daemon = True
        ender.start()

    def on_resize(self, event: events.Resize) -> None:
        # App.size takes the new size only when Textual's resize timer fires, after this
        # handler: judge by the event's size, or the notice came one resize late (a shrink
        # showed nothing, the next resize showed it whatever its size; found by the monkey test).
        self.check_size(event.size)

    async def on_event(self, event: events.Event) -> None:
        # A key acts only on the screen and the decision it was pressed for: the game screen
        # and its dialogs drop keys typed while the AI played or before they were shown.
        if isinstance(event, events.Key) and not event.is_forwarded:
            takes = getattr(self.screen, "takes_key", None)
            if takes is not None and not takes(event):
                return
        # Textual 8.2.8 starts a text selection on a mouse press at the widget the last frame
        # drew there.  A widget removed since (the footer's keys, rebuilt after every redraw;
        # the keys panel) has no parent, and the selection code crashed on it (found by the
        # monkey test).  Such a press lands on nothing that still exists: drop it.
        if isinstance(event, events.MouseDown) and not event.is_forwarded:
            widget, _ = self.screen.get_widget_and_offset_at(event.x, event.y)
            if widget is not None and not widget.is_attached:
                return
        await super().on_event(event)

    def action_command_palette(self) -> None:
        # Screens we push (the too-small notice, a hand-over, game over) can cover an open
        # palette, and a palette just closed stays among the app's nodes until it is removed;
        # Textual looks only at the top screen, so ctrl+p then opened a second palette with the
        # same id and crashed (DuplicateIds; found by the monkey test).  Press again later.
        # Nor does it open over the too-small notice: nothing can be used there.
        if not isinstance(self.screen, TooSmall) and not any(isinstance(node, CommandPalette) for node in self._nodes):
            super().action_command_palette()

    def pop_screen(self) -> Any:
        result = super().pop_screen()
        if len(self.screen_stack) == 1:
            # A game or a replay the command line opened had nothing beneath it (the title is
            # made only now, off the way to the game's first frame): leaving goes to the title,
            # the app's home, as from a game the title opened.
            self.push_screen(TitleScreen())
        return result

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        # Whatever opens while the terminal is too small opens under the notice.
        result = super().push_screen(screen, *args, **kwargs)
        if not isinstance(screen, TooSmall):
            self.call_after_refresh(self.check_size)
        return result

    def check_size(self, size: Any = None) -> None:
        width, height = size or self.size
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        if small and not isinstance(self.screen, TooSmall):
            self.push_screen(TooSmall(MIN_SIZE))
        elif not small and isinstance(self.screen, TooSmall):
            self.screen.dismiss(None)

    def start(self, session: Session) -> None:
        if self.ai_speed:
            session.options.ai_speed = self.ai_speed
        from .game_screen import GameScreen  # the map, table and log load after the title is drawn
        self.push_screen(GameScreen(session))

    def open_save(self, path: Path) -> None:
        from ..engine.errors import RecordError
        from .session import load_session
        try:
            session = load_session(path)
        except RecordError as err:
            self.notify(str(err), severity="error", timeout=6)
            return
        self.start(session)

    def open_replay(self, path: Path) -> None:
        from ..engine import record
        from ..engine.errors import RecordError
        from .replay_screen import ReplayScreen
        try:
            rec = record.read(path)
            screen = ReplayScreen(rec, path.name)
        except (RecordError, KeyError) as err:
            self.notify(str(err), severity="error", timeout=6)
            return
        self.push_screen(screen)
