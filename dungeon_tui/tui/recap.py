"""The hotseat recap: what happened since a player last had the keyboard, as the log says it,
cut to what the hand-over screen holds."""
from __future__ import annotations

from collections.abc import Sequence

from ..engine.game import Event
from .event_log import line_of

RECAP_LINES = 14  # the fewest lines a hand-over recaps (a short terminal); the log has the rest


def recap_lines(height: int) -> int:
    """How many lines a hand-over's recap shows on a terminal this tall: what the screen holds
    beside the banner and the frames."""
    return max(RECAP_LINES, height - 18)


def recap_of(events: Sequence[Event], height: int) -> list[str]:
    """The lines of these events a player reads, newest last; the oldest give way to a note."""
    # What happened, not how the AI weighed it: a reason's indented detail lines stay in the log.
    lines = [text.plain for e in events if (text := line_of(e)) is not None and not text.plain.startswith(" ")]
    most = recap_lines(height)
    if len(lines) > most:
        lines = [f"… {len(lines) - most + 1} earlier lines are in the log (r)", *lines[-most + 1:]]
    return lines
