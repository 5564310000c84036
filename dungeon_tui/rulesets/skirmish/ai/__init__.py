"""The automated warband: the §6 tactics scripts run for whichever side it plays."""
from __future__ import annotations

from ....engine.game import DUNGEON, Controller
from .seat import WarbandSeat, script_problems, scripts

__all__ = ["WarbandSeat", "controllers", "script_problems", "scripts"]


def controllers() -> dict[str, Controller]:
    """The AI for both warband seats: the dungeon seat (side 2 in solo) and every other seat
    (side 1's, for AI against AI and `simulate`)."""
    seat = WarbandSeat()
    return {DUNGEON: seat, "*": seat}
