"""The footer of keys every screen shows: Textual's own, made again only when its keys change.

Textual's Footer rebuilds all its key widgets each time a screen's bindings may have changed (a
focus moving, a screen mounted), even when the keys it shows are the same, and each rebuild
lays out and styles a dozen widgets afresh.  Opening the replay viewer asked for eight such
rebuilds, about half of the app's own work before the viewer could seek (bench/replay_seek.py).
This footer asks the same question once per refresh, and rebuilds only when the answer differs
from what it shows; what it shows is drawn by Textual's footer as before."""
from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeysFooter(Footer):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: tuple[Any, ...] | None = None  # what the keys were made from, last time
        self._asked = False  # a rebuild is waiting for the next refresh

    def compose(self) -> ComposeResult:
        self._shown = self._keys_wanted() if self._bindings_ready else None
        for widget in super().compose():
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                # Made in the footer's own style (the keys Footer binds to it; the palette's key
                # stays compact): a key made compact, then bound to the footer's (not compact),
                # restyled itself twice on mounting.
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or self._asked:
            return
        if self.is_attached and screen is self.screen:
            self._asked = True
            self.call_after_refresh(self._rebuild_if_changed)

    async def _rebuild_if_changed(self) -> None:
        self._asked = False
        if self.is_attached and self._keys_wanted() != self._shown:
            await self.recompose()

    def _keys_wanted(self) -> tuple[Any, ...]:
        """Everything Footer.compose reads, in its order: the same inputs make the same keys."""
        app = self.app
        shown = tuple((b.key, b.action, b.description, b.group, app.get_key_display(b), enabled, tooltip)
                      for (_node, b, enabled, tooltip) in self.screen.active_bindings.values() if b.show)
        palette = None
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE:
            found = self.screen.active_bindings.get(app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _node, b, enabled, _tooltip = found
                palette = (b.key, app.get_key_display(b), b.description, b.action, enabled, b.tooltip)
        return shown, palette, self.compact
