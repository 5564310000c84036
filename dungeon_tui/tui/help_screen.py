"""Help: the keys, and the rules summary of the game being played (the presenter's text)."""
from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

KEYS = """[b]Keys in a game[/b]
  arrows, hjkl, numpad   move the cursor on the map (7 9 1 3 or home/pgup/end/pgdn: diagonals)
  enter, or a click      do what is lit on that square: move, attack what stands there;
                         nothing to pick on the map (who takes an item): the list
  tab                    put the cursor on the next target
  o                      the list of every choice you have now (enter picks one)
  c                      your cards: spells and treasure (a ● one can be used now)
  r                      the log; enter on a ⚄ roll shows its rule, inputs and modifiers
  e                      end the turn, pass, or finish trading
  u                      undo your last choice (not past a roll unless unlimited undo is on)
  space                  let the AI finish at once;  + and -  AI speed
  ctrl+s                 save      q  quit (asks first)      ?  this help      escape  back to the map

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

    def __init__(self, rules: str = "", legend: str = "", verbs: Sequence[Any] = ()) -> None:
        super().__init__()
        self.rules, self.legend, self.verbs = rules, legend, verbs

    def compose(self) -> ComposeResult:
        own = ""
        if self.verbs:  # the game's own keys (shown in the footer only while they can be used)
            own = "[b]This game's keys[/b]\n" + "\n".join(
                f"  {v.key:<22} {v.about or v.label}" for v in self.verbs) + "\n\n"
        with VerticalScroll():
            yield Static(own + KEYS.format(legend=self.legend or "-") + "\n" + self.rules)

    def action_close(self) -> None:
        self.dismiss(None)
