"""Every test of packs leaves none offered, so the next test in the process plays the installed games."""
import pytest

from dungeon_tui.engine import packs


@pytest.fixture(autouse=True)
def no_packs_after():
    yield
    packs.offer([])
