"""Small screens that come and go: confirm, game over, the hotseat hand-over, a roll's detail,
a drawn card, choosing one of a few actions, asking for a turn number, and the too-small notice."""
from __future__ import annotations

import time
from typing import Any

from rich.markup import escape
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

MODAL_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{ width: auto; max-width: 96%; min-width: 40; height: auto; max-height: 90%;
    padding: 1 2; border: thick $accent; background: $panel; }}
{name} Static {{ width: auto; max-width: 100%; }}
"""


class FreshKeys:
    """A screen that only takes keys pressed after it opened: keys typed while the AI played,
    or meant for the screen before, must not answer it (the app asks `takes_key`)."""

    opened_at = 0.0

    def mark_opened(self) -> None:
        self.opened_at = time.monotonic()  # the clock Textual stamps key events with (not Windows)

    def takes_key(self, event: events.Key) -> bool:
        return event.time >= self.opened_at


class TextBox(ModalScreen[Any]):
    """A framed text in the middle of the screen; its keys answer with a value."""

    DEFAULT_CSS = MODAL_CSS.format(name="TextBox")

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.text)

    def action_answer(self, value: Any) -> None:
        self.dismiss(value)


class Confirm(TextBox):
    BINDINGS = [Binding("y", "answer(True)", "yes"), Binding("n,escape", "answer(False)", "no")]

    def __init__(self, question: str) -> None:
        super().__init__(f"{escape(question)}\n\n[b]y[/b] yes   [b]n[/b] no")


class GameOver(TextBox):
    """The outcome and a line per hero; `s` saves the record, enter goes back to the title."""

    BINDINGS = [Binding("s", "answer('save')", "save the record"),
                Binding("enter,escape,q", "answer('title')", "back to the title")]

    def __init__(self, summary: str) -> None:
        super().__init__(summary + "\n\n[b]s[/b] save the record   [b]enter[/b] back to the title")


class PassTheKeyboard(FreshKeys, Screen[None]):
    """Hotseat: a full screen (nothing of the table shows) naming whose turn it is, and what
    happened since that player's last turn."""

    BINDINGS = [Binding("enter,space", "go", "I am ready")]
    DEFAULT_CSS = """
    PassTheKeyboard { align: center middle; }
    PassTheKeyboard Vertical { width: auto; max-width: 96%; height: auto; max-height: 96%; }
    PassTheKeyboard #whose { width: auto; padding: 1 4; border: double $accent; text-align: center; }
    PassTheKeyboard #recap { width: auto; max-width: 100%; padding: 1 2; margin-top: 1;
        border: round $panel-lighten-2; }
    """

    def __init__(self, player: str, what: str, recap: list[str] | None = None) -> None:
        super().__init__()
        self.player, self.what, self.recap = player, what, recap or []
        self.mark_opened()

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"[b]{escape(self.player)}[/b], it is your turn\n{escape(self.what)}\n\n"
                         "press [b]enter[/b] when you have the keyboard", id="whose")
            if self.recap:
                yield Static("[b]Since your last turn[/b]\n" + "\n".join(escape(x) for x in self.recap), id="recap")

    def action_go(self) -> None:
        self.dismiss(None)


def roll_detail(data: dict[str, Any]) -> str:
    """A roll event as the player reads it: the rule, the dice, what went in, what came out."""
    lines = [f"[b]{escape(str(data.get('rule', '')))}[/b]", escape(str(data.get("text", ""))), ""]
    lines.append(f"dice      {data.get('dice')}  →  faces {', '.join(str(f) for f in data.get('faces', []))}")
    if data.get("target") is not None:
        lines.append(f"needs     {data['target']}")
    for k, v in (data.get("inputs") or {}).items():
        lines.append(f"input     {escape(str(k))} = {escape(str(v))}")
    for k, v in (data.get("modifiers") or {}).items():
        lines.append(f"modifier  {escape(str(k))} {v:+d}" if isinstance(v, int) else f"modifier  {k} {v}")
    lines.append(f"outcome   {escape(str(data.get('outcome')))}")
    return "\n".join(lines)


class RollDetail(TextBox):
    BINDINGS = [Binding("enter,escape,q", "answer(None)", "close")]

    def __init__(self, data: dict[str, Any]) -> None:
        super().__init__(roll_detail(data))


class DrawnCard(FreshKeys, TextBox):
    """A card just drawn (an event, an encounter, a treasure): read it, then any key goes on."""

    BINDINGS = [Binding("enter,space,escape", "answer(None)", "go on")]
    DEFAULT_CSS = MODAL_CSS.format(name="DrawnCard") + "DrawnCard > Vertical { max-width: 64; }"

    def __init__(self, title: str, text: str) -> None:
        super().__init__(f"[b]{escape(title)}[/b]\n\n{escape(text)}\n\n[dim]enter to go on[/dim]")
        self.mark_opened()


class Choose(FreshKeys, ModalScreen[int | None]):
    """Pick one of a few choices (which door, which search); escape picks none."""

    BINDINGS = [Binding("escape", "cancel", "cancel")]
    DEFAULT_CSS = MODAL_CSS.format(name="Choose") + (
        "Choose OptionList { height: auto; max-height: 12; width: 60; }"
        "Choose #about { width: 60; color: $text-muted; margin-top: 1; }")

    def __init__(self, question: str, choices: list[str], texts: list[str] | None = None,
                 highlight: int = 0) -> None:
        """`texts`: what each choice's card does, shown under the list while it is highlighted;
        `highlight`: the row the list opens on."""
        super().__init__()
        self.question, self.choices, self.texts, self.highlight = question, choices, texts or [], highlight
        self.mark_opened()

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(escape(self.question))
            yield OptionList(*(Option(escape(c), id=str(i)) for i, c in enumerate(self.choices)), id="choices")
            yield Static(id="about")

    def on_mount(self) -> None:
        choices = self.query_one("#choices", OptionList)
        choices.highlighted = min(self.highlight, len(self.choices) - 1)
        choices.focus()

    def on_option_list_option_highlighted(self, message: OptionList.OptionHighlighted) -> None:
        index = int(message.option.id or 0)
        text = self.texts[index] if index < len(self.texts) else ""
        about = self.query_one("#about", Static)
        about.update(escape(text))
        about.display = bool(text)

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        self.dismiss(int(message.option.id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)


class AskNumber(ModalScreen[int | None]):
    BINDINGS = [Binding("escape", "cancel", "cancel")]
    DEFAULT_CSS = MODAL_CSS.format(name="AskNumber") + "AskNumber Input { width: 30; }"

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(escape(self.question))
            yield Input(type="integer", id="number")

    def on_input_submitted(self, message: Input.Submitted) -> None:
        try:
            self.dismiss(int(message.value))
        except ValueError:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TooSmall(ModalScreen[None]):
    """Shown over everything while the terminal is below the minimum size."""

    DEFAULT_CSS = "TooSmall { align: center middle; background: $background; } TooSmall Static { width: auto; }"

    def __init__(self, need: tuple[int, int]) -> None:
        super().__init__()
        self.need = need

    def compose(self) -> ComposeResult:
        yield Static(f"The terminal is too small.\nPlease make it at least {self.need[0]}x{self.need[1]}.",
                     id="too-small")

    def on_screen_resume(self) -> None:
        # A notice left under another screen goes away by itself once the terminal is big enough.
        w, h = self.app.size
        if w >= self.need[0] and h >= self.need[1]:
            self.dismiss(None)
