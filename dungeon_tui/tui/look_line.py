"""The line about the square under the cursor, wrapped between its phrases.

A presenter's look is phrases joined by " · " (the square, a figure and its numbers, a
marker). Wrapped word by word, a narrow panel splits a phrase from its numbers ("AC" at the
end of one line, "17" on the next); this widget breaks between phrases where it can, and
inside a phrase only when the phrase alone is wider than the panel."""
from __future__ import annotations

import textwrap

from rich.cells import cell_len
from textual.content import Content
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

SEPARATOR = " · "


def pack(text: str, width: int) -> list[str]:
    """The lines `text` takes at `width` cells, breaking between phrases first."""
    if width <= 0:
        return [text]
    lines: list[str] = []
    line = ""
    for phrase in text.split(SEPARATOR):
        joined = f"{line}{SEPARATOR}{phrase}" if line else phrase
        if cell_len(joined) <= width:
            line = joined
            continue
        if line:
            lines.append(line)
        pieces = textwrap.wrap(phrase, width) if cell_len(phrase) > width else [phrase]
        lines.extend(pieces[:-1])
        line = pieces[-1] if pieces else ""
    lines.append(line)
    return lines


class LookLine(Widget):
    DEFAULT_CSS = "LookLine { height: auto; }"
    text: reactive[str] = reactive("", layout=True)

    def update(self, text: str) -> None:
        self.text = text

    def render(self) -> Content:
        return Content("\n".join(pack(self.text, self.content_size.width)))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(pack(self.text, width))
