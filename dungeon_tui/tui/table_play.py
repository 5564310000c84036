"""Play at a real table: the dialog where a player types the faces they rolled, and what to do
on the board after the app has played."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..engine.game import Action, Chance, Decision
from ..engine.presenter import Presenter
from ..engine.typed_dice import TypedFacesError, asking, led_to, parse_answer
from .dialogs import MODAL_CSS, FreshKeys

if TYPE_CHECKING:
    from textual.app import App

    from .session import Session
    from .table_watch import TableWatch


class TypeRoll(FreshKeys, ModalScreen[Action | None]):
    """Type the faces of a roll made with real dice; a wrong count or face is one line and the
    question again.  Escape lets the app roll this one instead."""

    BINDINGS = [Binding("escape", "app_rolls", "the app rolls this one")]
    DEFAULT_CSS = MODAL_CSS.format(name="TypeRoll") + (
        "TypeRoll Input { width: 60; } TypeRoll #problem { color: $error; width: 60; }"
        "TypeRoll #about { color: $text-muted; width: 60; } TypeRoll Static { max-width: 60; }")

    def __init__(self, who: str, spec: Chance, context: str) -> None:
        super().__init__()
        self.who, self.spec, self.context = who, spec, context
        self.mark_opened()

    def compose(self) -> ComposeResult:
        spec = self.spec
        what, how, verb = asking(spec)
        hint = "the card's name" if spec.kind == "draw" else "faces, separated by spaces"
        with Vertical():
            yield Static(f"[b]{escape(self.who)}: {what}[/b] (rule {escape(spec.rule)})")
            if self.context:
                yield Static(escape(self.context), id="about")
            yield Static(escape(how))
            yield Input(placeholder=hint, id="faces")
            yield Static("", id="problem")
            yield Static(f"enter: done   escape: the app {verb} this one", id="keys")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        try:
            action = parse_answer(self.spec, message.value)
        except TypedFacesError as err:
            self.query_one("#problem", Static).update(escape(str(err)))
            message.input.value = ""
            return
        self.dismiss(action)

    def action_app_rolls(self) -> None:
        self.dismiss(None)


class AtTheTable(FreshKeys, ModalScreen[None]):
    """What to do on the real board since the players last looked: one instruction a line,
    large enough to read across the table."""

    BINDINGS = [Binding("enter,space,escape", "done", "done")]
    DEFAULT_CSS = MODAL_CSS.format(name="AtTheTable") + "AtTheTable .step { padding: 0 0 1 0; }"

    def __init__(self, steps: list[str]) -> None:
        super().__init__()
        self.steps = steps
        self.mark_opened()

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("[b reverse] AT THE TABLE [/b reverse]\n")
            for i, step in enumerate(self.steps, 1):
                yield Static(f"[b]{i}. {escape(step)}[/b]", classes="step")
            yield Static("enter: done")

    def action_done(self) -> None:
        self.dismiss(None)


class TablePlay:
    """The game screen's part for play at a real table (`GameScreen` mixes it in): the typed
    rolls and the board's instructions; the screen provides what is declared here."""

    session: Session
    presenter: Presenter
    table_watch: TableWatch  # what the players last saw of the board
    if TYPE_CHECKING:
        @property
        def app(self) -> App[None]: ...

        def kick(self) -> None: ...
        def watch_seat(self) -> str: ...
        def redraw(self, centre: bool = True) -> None: ...
        def autosave(self) -> None: ...
        def show_drawn_cards(self, skip: bool = False) -> None: ...
        def notify(self, message: str, *, timeout: float | None = None) -> None: ...

    def show_table_steps(self) -> bool:
        """At a real table (the players roll their own dice): what to do on the board since the
        last look, before the next choice is asked.  True when shown; kick comes again after."""
        steps = self.table_watch.news(self.watch_seat())
        if not steps:
            return False
        self.app.push_screen(AtTheTable(steps), lambda _: self.kick())
        return True

    def action_table_steps(self) -> None:
        if self.table_watch.shown:
            self.app.push_screen(AtTheTable(self.table_watch.shown))
        else:
            self.notify("Nothing to do on the board yet.", timeout=3)

    def ask_roll(self, d: Decision) -> None:
        """Dice rolled at the table: the player whose roll it is types the faces (escape: the
        app rolls it)."""
        s = self.session
        assert d.chance is not None
        who = s.roll_owner(d) or self.presenter.dungeon_player or "The monsters"
        # What the roll is for: the choice that led to it ("Barbarian rolls to move").
        led = led_to(s.game.decisions)
        self.redraw(centre=False)

        def typed(action: Action | None) -> None:
            game = self.session.game
            if game.pending is not d:  # undone or changed meanwhile
                self.kick()
                return
            self.session.play_typed(action)
            self.autosave()
            self.redraw(centre=False)
            self.show_drawn_cards()
            self.kick()
        self.app.push_screen(TypeRoll(who, d.chance, led), typed)

