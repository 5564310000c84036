"""Play at a real table, for every front end (the app's box, the plain mode's lines): what
changed on the board since the players last looked, as instructions.  No widgets here."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.table_steps import Figures, table_steps

if TYPE_CHECKING:
    from .session import Session


class TableWatch:
    """The events and the figures the players last saw; `news` tells what is new since."""

    def __init__(self, session: Session, seat: str) -> None:
        game = session.game
        self.session = session
        # A new game's set-up is news too; a loaded one starts from where it stands.
        self.seen = len(game.events) if game.decisions else 0
        self.before: Figures | None = session.ruleset.presenter().figures(game, seat) if game.decisions else None
        self.shown: list[str] = []  # the last instructions given (asked again: T, `table`)

    def news(self, seat: str) -> list[str]:
        """The instructions since the last look, read on `seat`'s view (empty when the app rolls
        the dice, or nothing changed); the look moves on."""
        s = self.session
        game = s.game
        events = game.events
        presenter = s.ruleset.presenter()
        if self.seen > len(events):  # an undo rewound the game: look again from here
            self.seen, self.before = len(events), presenter.figures(game, seat)
        if s.options.dice == "app" or len(events) == self.seen:
            return []
        seats = getattr(game.state, "seat_of", {})
        own = frozenset(h for h, x in seats.items() if s.is_human(x))
        figures = presenter.figures(game, seat)
        steps = table_steps(events[self.seen:], presenter.table_kinds, figures, list(seats), presenter.hero_article,
                            own, self.before)
        self.seen, self.before = len(events), figures
        if steps:
            self.shown = steps
        return steps
