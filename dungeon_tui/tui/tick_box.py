"""A checkbox that reads without colour, for every form of the app."""
from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox


class TickBox(Checkbox):
    """A checkbox that reads without colour: `[x]` ticked, `[ ]` not.  Textual's own draws the
    same X either way and tells them apart by colour alone, which NO_COLOR and monochrome
    terminals lose."""

    @property
    def _button(self) -> Content:
        style = self.get_visual_style("toggle--button")
        return Content.assemble(("[", style), ("x" if self.value else " ", style), ("]", style), " ")
