"""Catakombs AI: the solo Catacomb Master (master.py) and the hero companions (companions.py),
both running tactics scripts from content/catakombs/tactics.yaml with the words of words.py."""
from __future__ import annotations

from ....engine.game import DUNGEON, Controller


def controllers() -> dict[str, Controller]:
    from .companions import CompanionSeat  # the words register on import
    from .master import MasterSeat
    return {DUNGEON: MasterSeat(), "*": CompanionSeat()}
