"""Guards against crashes inside Textual 8.2.8 that the monkey test (tests/tui/test_monkey.py)
found.  The command palette and Select are Textual's own screens and widgets, so the guards go
on Textual's classes, once, when the app module is imported.  Drop each once Textual checks
for itself (each has a test in test_monkey.py that fails without it)."""
from __future__ import annotations

import contextlib
from typing import Any

from textual import events, work
from textual.await_complete import AwaitComplete
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import OptionList


def install() -> None:
    _guard_option_lists()
    _guard_screen_dismiss()
    _guard_palette_search()


def _guard_option_lists() -> None:
    """Two crashes of Textual 8.2.8's OptionList that the monkey test found; the command palette
    and Select use Textual's own OptionLists, so the guards go on the class.  Drop them once
    Textual checks for itself.

    - Page up/down in a list that has options but has not been laid out yet (ctrl+p then
      pageup while the palette opens) looked up the line of an option before there were lines
      (KeyError).  With no lines there is no page to move by: the key does nothing.
    - A click is matched to the option the last frame drew there; a list refilled since (our
      choices after an AI step, the palette's results as they arrive) may no longer have that
      many options (IndexError).  A click on an option that is gone does nothing."""
    move_page, on_click = OptionList._move_page, OptionList._on_click
    if getattr(move_page, "guarded", False):
        return

    def guarded_page(self: OptionList, direction: Any) -> None:
        if (self.highlighted or 0) in self._index_to_line:
            move_page(self, direction)

    async def guarded_click(self: OptionList, event: events.Click) -> None:
        clicked = event.style.meta.get("option")
        if clicked is None or 0 <= clicked < self.option_count:
            await on_click(self, event)
    guarded_page.guarded = True  # type: ignore[attr-defined]
    OptionList._move_page = guarded_page  # type: ignore[method-assign]
    OptionList._on_click = guarded_click  # type: ignore[method-assign]



def _guard_screen_dismiss() -> None:
    """Textual 8.2.8's Screen.dismiss pops whatever screen is on top, not the one dismissed.
    The command palette dismisses itself from queued messages (escape, then a pick still in
    the queue), so a second dismiss popped the screen under it (the new-game form vanished) or
    answered its finished future again (InvalidStateError); found by the monkey test.  Only
    the screen on top may go; a dismiss from any other screen is stale and does nothing.  On
    the class again, since the palette is Textual's own screen."""
    dismiss = Screen.dismiss
    if getattr(dismiss, "guarded", False):
        return

    def guarded(self: Screen[Any], result: Any = None) -> AwaitComplete:
        # The palette starts its search when its mount is handled; closed before that (ctrl+p
        # then escape at once), the search started afterwards on a palette being removed and
        # crashed (NoMatches, found by the monkey test).  It closes at the next escape.
        mounting = isinstance(self, CommandPalette) and not self.is_mounted
        if self.is_attached and self is self.app.screen and not mounting:
            return dismiss(self, result)
        return AwaitComplete.nothing()
    guarded.guarded = True  # type: ignore[attr-defined]
    Screen.dismiss = guarded  # type: ignore[method-assign]



def _guard_palette_search() -> None:
    """The palette's search worker looks up its list of results first thing; the monkey test
    (MONKEY_KEYS=260 MONKEY_SEED=7, saves-replay) met a palette whose search ran while that list
    was not there, after quick resizes around the too-small notice, and the worker's NoMatches
    ended the app.  Not pinned down further: with no list there is nothing to search into, so
    the search does nothing and the next keystroke searches again."""
    search = CommandPalette._gather_commands
    if getattr(search, "guarded", False):
        return
    inner = search.__wrapped__  # type: ignore[attr-defined]

    @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
    async def guarded(self: CommandPalette, search_value: str) -> None:
        if not self.query(CommandList):
            return
        # The list may go away while the search runs (20,000-input monkey run, ash-hotseat,
        # seed 2311: the palette was torn down mid-search).  A search with nowhere to put its
        # results finds nothing; the next keystroke searches again.
        with contextlib.suppress(NoMatches):
            await inner(self, search_value)
    guarded.guarded = True  # type: ignore[attr-defined]
    CommandPalette._gather_commands = guarded  # type: ignore[method-assign]
