"""The Textual app: title screen, a quick new-game form, and the game screen."""
from __future__ import annotations

import time
from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from ..engine.record import RecordError
from .game_screen import GameScreen
from .session import Session, load_session, new_session, saves_dir

TITLE_ART = "[b]dungeon-tui[/b]\nWarhammer Quest - more dungeons to come"


class TitleScreen(Screen[None]):
    BINDINGS = [Binding("q", "app.quit", "quit")]
    DEFAULT_CSS = """
    TitleScreen { align: center middle; }
    TitleScreen Vertical { width: 50; height: auto; }
    TitleScreen Static { content-align: center middle; width: 100%; margin-bottom: 1; }
    TitleScreen OptionList { height: auto; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(TITLE_ART)
            yield OptionList(Option("New game", id="new"), Option("Continue", id="continue"),
                             Option("Load", id="load"), Option("Quit", id="quit"), id="menu")
        yield Footer()

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        app: DungeonApp = self.app  # type: ignore[assignment]
        choice = message.option.id
        if choice == "new":
            app.push_screen(NewGameScreen())
        elif choice == "continue":
            app.open_save(saves_dir() / "autosave.json")
        elif choice == "load":
            app.push_screen(LoadScreen())
        else:
            app.exit()


class NewGameScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "back")]
    DEFAULT_CSS = "NewGameScreen Vertical { width: 70; height: auto; } NewGameScreen { align: center middle; }"

    def compose(self) -> ComposeResult:
        from ..rulesets import get
        c = get("warhammer-quest").content()
        with Vertical():
            yield Static("[b]New Warhammer Quest game[/b]  (enter on an adventure starts it)")
            yield Static("Party (comma separated):")
            yield Input("barbarian,dwarf,elf,wizard", id="party")
            yield Static("Seed:")
            yield Input(str(int(time.time()) % 1_000_000), id="seed")
            yield OptionList(*[Option(f"{aid}  {a.name}" + (f" (needs the {a.needs})" if a.needs else ""), id=aid)
                               for aid, a in c.adventures.items()], id="adventures")
        yield Footer()

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        app: DungeonApp = self.app  # type: ignore[assignment]
        party = [p.strip() for p in self.query_one("#party", Input).value.split(",") if p.strip()]
        try:
            seed = int(self.query_one("#seed", Input).value)
            session = new_session("warhammer-quest", {"adventure": message.option.id, "heroes": party}, seed)
        except ValueError as err:
            self.notify(str(err), severity="error")
            return
        app.start(session)


class LoadScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "back")]

    def compose(self) -> ComposeResult:
        files = sorted(saves_dir().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        yield Static("[b]Saved games[/b]")
        yield OptionList(*[Option(f"{p.name}  {time.strftime('%Y-%m-%d %H:%M', time.localtime(p.stat().st_mtime))}",
                                  id=str(p)) for p in files] or [Option("no saves yet", id="")], id="saves")
        yield Footer()

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        if message.option.id:
            self.app.open_save(Path(message.option.id))  # type: ignore[attr-defined]


class DungeonApp(App[None]):
    TITLE = "dungeon-tui"
    BINDINGS = [Binding("ctrl+q", "quit", "quit", priority=True)]

    def __init__(self, session: Session | None = None, ai_delay: float = 0.15) -> None:
        super().__init__()
        self.initial = session
        self.ai_delay = ai_delay

    def on_mount(self) -> None:
        self.push_screen(TitleScreen())
        if self.initial is not None:
            self.start(self.initial)

    def start(self, session: Session) -> None:
        self.push_screen(GameScreen(session, self.ai_delay))

    def open_save(self, path: Path) -> None:
        try:
            session = load_session(path)
        except RecordError as err:
            self.notify(str(err), severity="error", timeout=6)
            return
        self.start(session)
