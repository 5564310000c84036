"""Dice rolled at the table: the dialog where a player types the faces they rolled."""
from __future__ import annotations

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..engine.game import Action, Chance
from ..engine.typed_dice import TypedFacesError, face_words, initials, parse_faces
from .dialogs import MODAL_CSS, FreshKeys


def legend(spec: Chance) -> str:
    """What may be typed for each face: 'skull (s), white shield (w or ws), black shield (b or bs)'."""
    if not spec.faces:
        return f"each die's number, 1 to {spec.sides}"
    out = []
    for word in dict.fromkeys(face_words(spec)):
        short = {word[0].lower(), initials(word).lower()} - {word.lower()}
        out.append(f"{word} ({' or '.join(sorted(short))})" if short else word)
    return ", ".join(out)


class TypeRoll(FreshKeys, ModalScreen[Action | None]):
    """Type the faces of a roll made with real dice; a wrong count or face is one line and the
    question again.  Escape lets the app roll this one instead."""

    BINDINGS = [Binding("escape", "app_rolls", "the app rolls this one")]
    DEFAULT_CSS = MODAL_CSS.format(name="TypeRoll") + (
        "TypeRoll Input { width: 60; } TypeRoll #problem { color: $error; width: 60; }"
        "TypeRoll #about { color: $text-muted; width: 60; }")

    def __init__(self, who: str, spec: Chance, context: str) -> None:
        super().__init__()
        self.who, self.spec, self.context = who, spec, context
        self.mark_opened()

    def compose(self) -> ComposeResult:
        dice = f"{self.spec.count} {'die' if self.spec.count == 1 else 'dice'}"
        with Vertical():
            yield Static(f"[b]{escape(self.who)}: roll {dice}[/b] ({escape(self.spec.rule)})")
            if self.context:
                yield Static(escape(self.context), id="about")
            yield Static(f"Type the faces: {escape(legend(self.spec))}")
            yield Input(placeholder="faces, separated by spaces", id="faces")
            yield Static("", id="problem")
            yield Static("enter: done   escape: the app rolls this one", id="keys")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        try:
            action = parse_faces(self.spec, message.value)
        except TypedFacesError as err:
            self.query_one("#problem", Static).update(escape(str(err)))
            message.input.value = ""
            return
        self.dismiss(action)

    def action_app_rolls(self) -> None:
        self.dismiss(None)
