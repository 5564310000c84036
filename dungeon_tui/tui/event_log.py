"""The log: every event and decision with its reason; select a roll to see how it was made."""
from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option, OptionDoesNotExist

from ..engine.game import CHANCE, Event

KEEP = 400  # lines kept on screen; the whole story is in the record
# Lines laid out when the replay viewer jumps back: each costs its wrapping, and a seek should
# draw within a frame or two.  Stepping on from there adds lines up to KEEP again.
KEEP_AFTER_JUMP = 60


def line_of(event: Event) -> Text | None:
    """How one event reads in the log; None for what is not worth a line."""
    if event.kind == "decision":
        if event.data.get("seat") == CHANCE:
            return None
        why = event.data.get("why")
        line = Text("› ", style="bold")
        line.append(str(event.data.get("action", "")))
        if why:
            line.append(f"  ({why})", style="italic")
        return line
    if not event.text:
        return None
    if event.kind == "roll":
        return Text("⚄ ", style="bold") + Text(event.text)
    return Text(event.text)


def still_listed(message: OptionList.OptionSelected) -> bool:
    """Is the picked option still in its list?  A pick waits in the queue while the list may be
    refilled (an AI step, an undo); its index then names another option or none (found by the
    monkey test: an IndexError, or a choice the player never made)."""
    try:
        return message.option_list.get_option_at_index(message.option_index) is message.option
    except OptionDoesNotExist:
        return False


class EventLog(OptionList):
    """Events shown from `events[shown:]`; ids are the events' indexes, so a roll can be opened."""

    class RollChosen(Message):
        def __init__(self, event: Event) -> None:
            super().__init__()
            self.event = event

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.events: list[Event] = []
        self.shown = 0  # events[:shown] have been looked at
        self.first = 0  # the first event the list may show a line of
        # Set by the replay viewer: every list it shows tells one story (its games all replay
        # one record), so a longer list goes on from the lines already laid out.
        self.one_story = False

    def follow(self, events: list[Event]) -> None:
        """Add what happened since the last call (or start over if the list was replaced).  A
        list started over (a game loaded, an undo) lays out its newest lines (KEEP_AFTER_JUMP)
        before the screen is next drawn and the older ones (up to KEEP) after it: laying out
        hundreds of lines was a fifth of a loaded game's first frame."""
        replaced = events is not self.events or len(events) < self.shown
        goes_on = self.one_story and len(events) >= self.shown
        self.events = events
        if replaced and not goes_on:
            self.shown = max(0, len(events) - KEEP_AFTER_JUMP)
            self.clear_options()
            self.first = self.shown
            if not self.one_story and self.shown > 0:
                self.call_after_refresh(self.list_older)
        elif self.one_story and len(events) - self.shown > KEEP_AFTER_JUMP:  # a jump ahead
            self.shown = len(events) - KEEP_AFTER_JUMP
            self.clear_options()
            self.first = self.shown
        new = self.lines_of(self.shown, len(events))
        self.shown = len(events)
        if not new:
            return
        if self.option_count + len(new) > KEEP * 2:
            self.clear_options()
            new = new[-KEEP:]
            self.first = int(new[0].id or 0)
        self.add_options(new)
        self.scroll_end(animate=False)

    def lines_of(self, start: int, end: int) -> list[Option]:
        return [Option(text, id=str(i)) for i in range(start, end) if (text := line_of(self.events[i])) is not None]

    def list_older(self) -> None:
        """The older lines a list started over left out, up to KEEP events back (the viewer's
        log keeps its few: it grows as the record is stepped through)."""
        start = max(0, self.shown - KEEP)
        if self.one_story or start >= self.first or not self.is_attached:
            return
        self.clear_options()
        self.add_options(self.lines_of(start, self.shown))
        self.first = start
        self.scroll_end(animate=False)

    def rewrap(self) -> None:
        """Lay the lines out again at the new width (a resize), still showing the newest."""
        events, self.events = self.events, []
        self.follow(events)

    def on_focus(self) -> None:
        # `r` opens the log on its newest line, where the player looks first.
        if self.option_count:
            self.highlighted = self.option_count - 1
        self.call_after_refresh(self.scroll_end, animate=False)

    def on_blur(self) -> None:
        # Back to its few lines under the map, the log shows the newest, not where reading stopped.
        self.call_after_refresh(self.scroll_end, animate=False)

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        message.stop()
        if not still_listed(message):
            return
        index = int(message.option.id or -1)
        if 0 <= index < len(self.events) and self.events[index].kind == "roll":
            self.post_message(self.RollChosen(self.events[index]))
