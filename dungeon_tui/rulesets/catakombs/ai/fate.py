"""How the hero companions reckon with fate points (spec §5.14, §6.4): a point cancels a death
whenever one would come; it rerolls a failed test only when the hero has a point to spare and
the failure costs more than an AP or two.  The odds a companion gives a test follow the same
rule, so its plans count the reroll it will really take."""
from __future__ import annotations

from ..dice import chance
from ..state import Figure

# Tests whose failure costs wounds (a trap) or the quest's own deed (the lock, the writing, the
# uncle's talk).  A missed blow, a fear test, a fall short of a jump, poison (the next heal
# cures it) or a web cost AP or a few PV: not worth a point that could save a life.
WORTH_A_REROLL = frozenset({"cat.trap.dodge", "cat.quest.decipher", "cat.quest.speech", "cat.lock.pick"})


def rerolls(fig: Figure, rule: str | None) -> bool:
    """Whether a companion spends a fate point to roll this failed test again."""
    return fig.fate > 1 and rule in WORTH_A_REROLL


def test_odds(fig: Figure, stat: str, difficulty: int, rule: str) -> float:
    """The odds the figure passes a test, with the reroll it would take."""
    odds = chance(fig.stat(stat), difficulty)
    return 1 - (1 - odds) ** 2 if rerolls(fig, rule) else odds
