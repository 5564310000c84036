"""Who plays which seat, switched in a game played in lines: `ai` hands a seat to the AI, `me`
takes it back.  The same session calls as the app's space key and seats menu, so a seat handed
over in one front end is handed over in the other's saves too."""
from __future__ import annotations

from ..engine.game import CHANCE, DUNGEON, Decision
from ..engine.presenter import Presenter, seat_name
from ..tui.session import Session
from .answers import pick

SEATS_HELP = (
    "ai [name]: the AI plays this seat (or the one named) until you take it back",
    "me [name]: you play again every seat you handed to the AI (or the one named); "
    "Enter while the AI plays them does the same",
)


def switchable(session: Session) -> list[str]:
    """The seats a player may hand over or take: the dungeon's only when a player was given it
    (its view shows all), as in the app's seats menu."""
    return [x for x in session.ruleset.seats(session.game.state) if x != CHANCE
            and (x != DUNGEON or session.owners.get(x, "AI") != "AI")]


def named_seat(session: Session, presenter: Presenter, name: str, seats: list[str]) -> str | list[str]:
    """The seat a name picks among `seats`, or the one line saying why none."""
    found = pick(name, [seat_name(presenter, session.game, x) for x in seats])
    if found.index is None:
        return [found.problem.replace("no choice and no command", "no seat")]
    return seats[found.index]


def hand_to_ai(session: Session, presenter: Presenter, name: str, d: Decision | None) -> list[str]:
    if name:
        seat = named_seat(session, presenter, name, [x for x in switchable(session) if session.is_human(x)])
        if isinstance(seat, list):
            return seat
    elif d is not None and session.is_human(d.seat):
        seat = d.seat
    else:
        return ["Name the seat: ai NAME (seats lists them)."]
    session.hand_to_ai(seat)
    who = seat_name(presenter, session.game, seat)
    return [f"The AI plays {who} now: me at any choice of yours, or Enter while the AI plays, takes "
            "it back."]


def take_back(session: Session, presenter: Presenter, name: str) -> list[str]:
    if name:
        seat = named_seat(session, presenter, name, [x for x in switchable(session) if not session.is_human(x)])
        if isinstance(seat, list):
            return seat
        seats = [seat]
    else:
        seats = sorted(session.handed)
        if not seats:
            return ["The AI plays no seat of yours: me NAME takes one of its own (seats lists them)."]
    for seat in seats:
        session.take_back(seat)
    names = ", ".join(seat_name(presenter, session.game, x) for x in seats)
    return [f"You play {names} again."]
