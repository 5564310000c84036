"""Help: the keys, and the rules summary of the game being played (the presenter's text)."""
from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from .glyphs import to_ascii

# Keys and what they do, laid out as two columns so a long description wraps inside its own
# column however narrow the terminal is.
GAME_KEYS = (
    ("arrows, hjkl, numpad", "move the cursor on the map (7 9 1 3 or home/pgup/end/pgdn: diagonals)"),
    ("enter, or a click", "do what is lit on that square: move there, attack what stands there (asks which "
     "when several things are lit, and first asks before a card played on a whole area); nothing to pick "
     "on the map (who takes an item): enter goes to the list"),
    ("tab", "put the cursor on the next target"),
    ("V", "what the active hero can see (the rest dims) and could target"),
    ("M", "HeroQuest: the compact board (a column a square) or the full one"),
    ("o", "the list of every choice you have now (enter picks one)"),
    ("c", "your cards: what each does shows below them (● usable now)"),
    ("r", "the log, large, on its newest line; enter on a ⚄ roll explains it"),
    ("e", "end the turn, pass, or finish trading"),
    ("u", "undo your last choice (not past a roll unless unlimited undo is on)"),
    ("space", "the AI plays your seat until you press space again (while the AI plays its own side, "
     "space skips to your next choice)"),
    ("A", "who plays each seat: hand any seat to the AI or take it back"),
    ("T", "rolling your own dice: what to do on the real board, shown again"),
    ("+ and -", "AI speed (at the fastest, drawn cards are only in the log)"),
    ("ctrl+s", "save"),
    ("q", "quit (asks first)"),
    ("?", "this help"),
    ("escape", "back to the map"),
)
REPLAY_KEYS = (
    ("right/l, left/h", "one step forward or back"),
    ("home, end", "the start and the end of the game"),
    ("space", "play or pause"),
    ("+ and -", "speed"),
    ("t", "jump to a turn"),
    ("q", "back"),
)
KEY_COLUMN = 22


def keys_table(rows: Sequence[tuple[str, str]]) -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(width=KEY_COLUMN, no_wrap=True)
    table.add_column(overflow="fold")
    for key, about in rows:
        table.add_row(Text("  " + key), Text(about))
    return table


def section(title: str, body: RenderableType) -> Group:
    return Group(Text(title, style="bold"), body, Text(""))


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "close", "close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 104; max-width: 96%; height: 90%; border: thick $accent;
        background: $panel; padding: 0 1; }
    """

    def __init__(self, rules: str = "", legend: str = "", verbs: Sequence[Any] = (), ascii: bool = False) -> None:
        """`ascii`: the map is drawn in ASCII, so the legend names the glyphs in that set."""
        super().__init__()
        self.rules, self.legend, self.verbs = rules, to_ascii(legend) if ascii else legend, verbs

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            if self.verbs:  # the game's own keys (shown in the footer only while they can be used)
                yield Static(section("This game's keys", keys_table([(v.key, v.about or v.label) for v in self.verbs])))
            yield Static(section("Keys in a game", Group(
                keys_table(GAME_KEYS),
                Text("  Keys pressed while the AI plays, or before your choice is shown, are ignored."))))
            yield Static(section("Keys in the replay viewer", keys_table(REPLAY_KEYS)))
            # The legend is glyphs, brackets among them (Catakombs' "[L" locked door): plain text,
            # never markup, or a bracket would swallow the rules' first tag.
            yield Static(section("The map", Text("  " + (self.legend or "-"))))
            yield Static(self.rules)

    def action_close(self) -> None:
        self.dismiss(None)
