"""Help: the keys, and the rules summary of the game being played (the presenter's text)."""
from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from .glyphs import to_ascii

KEYS = """[b]Keys in a game[/b]
  arrows, hjkl, numpad   move the cursor on the map (7 9 1 3 or home/pgup/end/pgdn: diagonals)
  enter, or a click      do what is lit on that square: move there, attack what stands there
                         (asks which when several things are lit); nothing to pick on the
                         map (who takes an item): enter goes to the list
  tab                    put the cursor on the next target
  V                      what the active hero can see (the rest dims) and could target
  M                      HeroQuest: the compact board (a column a square) or the full one
  o                      the list of every choice you have now (enter picks one)
  c                      your cards: what each does shows below them (● usable now)
  r                      the log, large, on its newest line; enter on a ⚄ roll explains it
  e                      end the turn, pass, or finish trading
  u                      undo your last choice (not past a roll unless unlimited undo is on)
  space                  the AI plays your seat until you press space again (while the AI
                         plays its own side, space skips to your next choice)
  A                      who plays each seat: hand any seat to the AI or take it back
  T                      rolling your own dice: what to do on the real board, shown again
  + and -                AI speed (at the fastest, drawn cards are only in the log)
  ctrl+s                 save      q  quit (asks first)      ?  this help      escape  back to the map
  Keys pressed while the AI plays, or before your choice is shown, are ignored.

[b]Keys in the replay viewer[/b]
  right/l and left/h  one step forward or back    home/end  start and end of the game
  space  play or pause    + and -  speed    t  jump to a turn    q  back

[b]The map[/b]
  {legend}
"""


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
        own = ""
        if self.verbs:  # the game's own keys (shown in the footer only while they can be used)
            own = "[b]This game's keys[/b]\n" + "\n".join(
                f"  {v.key:<22} {v.about or v.label}" for v in self.verbs) + "\n\n"
        with VerticalScroll():
            yield Static(own + KEYS.format(legend=self.legend or "-") + "\n" + self.rules)

    def action_close(self) -> None:
        self.dismiss(None)
