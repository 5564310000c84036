"""Play at a real table, for every front end (the app's box, the plain mode's lines): what
changed on the board since the players last looked, as instructions.  No widgets here."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.game import Event, Game
from ..engine.table_steps import Chunk, Figures, table_story

if TYPE_CHECKING:
    from .session import Session


class TableWatch:
    """The events and the figures the players last saw; `news` tells what is new since.

    While the players roll or draw at the table, the figures are read again at every decision
    (a listener on the game's events): the moves no event names (a hero's steps) then take their
    place among the events, in the order they happened."""

    def __init__(self, session: Session, seat: str) -> None:
        game = session.game
        self.session = session
        self.seat = seat
        # A new game's set-up is news too; a loaded one starts from where it stands.
        self.seen = len(game.events) if game.decisions else 0
        self.before: Figures | None = session.ruleset.presenter().figures(game, seat) if game.decisions else None
        self.shown: list[str] = []  # the last instructions given (asked again: T, `table`)
        self.marks: list[tuple[int, Figures]] = []  # (event index of a decision, the figures just before it)
        self.watched: Game | None = None
        self.watch(game)

    def watch(self, game: Game) -> None:
        """Listen to this game (a new one after an undo or a load)."""
        if self.watched is not None and self.on_event in self.watched.listeners:
            self.watched.listeners.remove(self.on_event)
        self.watched, self.marks = game, []
        if self.on_event not in game.listeners:  # an undo's game may have it already
            game.listeners.append(self.on_event)

    def on_event(self, event: Event) -> None:
        if event.kind != "decision" or not self.session.at_table:
            return
        game = self.session.game
        if game is not self.watched:  # an undo's game, which the session gave this listener
            self.watched, self.marks = game, []
        if len(game.events) - 1 > self.seen:  # the decision the players last looked at needs no mark
            self.marks.append((len(game.events) - 1, self.session.ruleset.presenter().figures(game, self.seat)))

    def news(self, seat: str) -> list[str]:
        """The instructions since the last look, read on `seat`'s view (empty when the app rolls
        the dice, or nothing changed); the look moves on."""
        s = self.session
        game = s.game
        events = game.events
        presenter = s.ruleset.presenter()
        self.seat = seat
        if game is not self.watched:
            self.watch(game)
        if self.seen > len(events):  # an undo rewound the game: look again from here
            self.seen, self.before = len(events), presenter.figures(game, seat)
        if not s.at_table or len(events) == self.seen:
            self.marks = []
            return []
        seats = getattr(game.state, "seat_of", {})
        own = frozenset(h for h, x in seats.items() if s.is_human(x))
        figures = presenter.figures(game, seat)
        marks = [(i, f) for i, f in self.marks if self.seen < i <= len(events)]
        cuts = [self.seen, *(i for i, _f in marks), len(events)]
        afters = [*(f for _i, f in marks), figures]
        chunks: list[Chunk] = [(events[a:b], after) for a, b, after in zip(cuts[:-1], cuts[1:], afters, strict=True)]
        steps = table_story(chunks, presenter.table_kinds, list(seats), presenter.hero_article, own, self.before)
        self.seen, self.before, self.marks = len(events), figures, []
        if steps:
            self.shown = steps
        return steps
