"""Who plays which seat, switched during a game: space hands the seat deciding now to the AI
(or takes it back, or skips ahead while the AI plays its own side), A lists every seat and who
plays it.  A part of the game screen (`GameScreen` mixes it in), on its own because it is one
job: the session's owners, not the map or the choices."""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from ..engine.game import CHANCE, DUNGEON, Decision
from ..engine.presenter import Presenter, seat_name
from .dialogs import Choose

if TYPE_CHECKING:
    from textual.app import App

    from .session import Session


class WhoPlays:
    """The seat switching of the game screen; the screen provides what is declared here."""

    session: Session
    presenter: Presenter
    skipping: bool
    _wake: threading.Event
    if TYPE_CHECKING:
        @property
        def app(self) -> App[None]: ...

        def _decision(self) -> Decision | None: ...
        def kick(self) -> None: ...
        def stop_ai(self) -> None: ...
        def notify(self, message: str, *, timeout: float | None = None) -> None: ...

    def action_hand_over(self) -> None:
        """Space: the AI plays the seat deciding now until space is pressed again; while the AI
        plays a seat handed to it, space takes it back; while the AI plays its own seats, space
        skips ahead to the next choice of a player."""
        s = self.session
        d = self._decision()
        if d is not None:
            s.hand_to_ai(d.seat)
            who = seat_name(self.presenter, s.game, d.seat)
            self.notify(f"The AI plays {who}; space again takes it back.", timeout=3)
            self.kick()
            return
        pending = s.game.pending
        if s.handed and pending is not None and not s.is_human(pending.seat):
            handed = sorted(s.handed)
            names = ", ".join(seat_name(self.presenter, s.game, x) for x in handed)
            for seat in handed:
                s.take_back(seat)
            self.notify(f"You play {names} again from the next choice.", timeout=3)
            self._wake.set()
            return
        self.skipping = True
        self._wake.set()

    def action_seats(self, highlight: int = 0) -> None:
        """A: every seat, who plays it now; choosing one hands it to the AI or takes it back.
        The menu stays open on the seat just switched, so several can be switched in a row;
        escape closes it.  The dungeon's seat is listed only when a player was given it (its
        view shows all)."""
        s = self.session
        seats = [x for x in s.ruleset.seats(s.game.state) if x != CHANCE
                 and (x != DUNGEON or s.owners.get(x, "AI") != "AI")]
        rows = [f"{seat_name(self.presenter, s.game, x)}: {s.who_plays(x)}" for x in seats]

        def chosen(n: int | None) -> None:
            if n is None:
                return
            seat = seats[n]
            if s.is_human(seat):
                s.hand_to_ai(seat)
            else:
                s.take_back(seat)
            self.stop_ai()
            self._wake.set()
            self.kick()
            self.action_seats(highlight=n)
        self.app.push_screen(Choose("Who plays which seat? Enter switches Player and AI; escape closes.", rows,
                                    highlight=highlight), chosen)
