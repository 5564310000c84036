"""Errors the app catches without loading the record models (pydantic) first."""
from __future__ import annotations


class RecordError(Exception):
    """A record that cannot be read or replayed; str() is the one-line reason."""

    def __init__(self, message: object) -> None:
        # Reasons quote the file's own text: escape newlines and terminal control characters
        # so the reason stays one harmless line.
        text = str(message)
        super().__init__("".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text))


class ContentError(Exception):
    """A game's content that does not validate: one line per problem, naming file and path."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems
