"""Help: the keys, and a short Warhammer Quest rules summary in the project's own words."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

HELP = """[b]Keys[/b]
  arrows, hjkl, numpad   move the cursor on the map (y u b n: diagonals)
  enter / click          do the lit action on that square: move there, attack or shoot what stands there
  tab                    jump to the next target
  o                      the list of every choice you have now (enter picks one)
  e                      end the turn, pass, or finish trading
  space                  let the AI finish its moves at once
  ctrl+s                 save        q  quit (asks first)        ?  this help

[b]Warhammer Quest in brief[/b]
  Each turn: the Wizard rolls for power (a 1 brings an unexpected event), every warrior moves and
  then fights, shoots or acts, the monsters strike back, and the lantern bearer may open a new
  doorway. Melee needs the combat-table score for your Weapon Skill against theirs; damage is the
  dice plus Strength minus the target's Toughness. A blow that kills a monster at full Wounds lets
  you swing on at the next one beside you. Stay inside the lantern's light or you are Lost. A warrior
  at 0 Wounds dies at the end of the turn unless someone heals him. Monsters share themselves out
  one-on-one between the warriors, and their every move is shown with its reason in the log.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "close", "close")]
    DEFAULT_CSS = "HelpScreen { align: center middle; } HelpScreen > VerticalScroll { width: 100; max-width: 95%; height: 80%; border: thick $accent; background: $panel; padding: 0 1; }"

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(HELP)

    def action_close(self) -> None:
        self.dismiss(None)
