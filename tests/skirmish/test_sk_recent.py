"""The bounded tables that keep move searches from battle to battle (recent.Recent):
a full table lets go of the entry asked for least recently, and only of it."""
from __future__ import annotations

from dungeon_tui.rulesets.skirmish.recent import Recent


def test_a_full_table_lets_go_of_the_entry_asked_least_recently():
    kept: Recent[str, int] = Recent(3)
    for n, key in enumerate("abc"):
        kept.keep(key, n)
    assert kept.find("a") == 0  # asked: now the most recent
    kept.keep("d", 3)  # full: "b" has gone longest unasked
    assert len(kept) == 3 and "b" not in kept
    assert [kept.find(k) for k in "acd"] == [0, 2, 3]
    kept.keep("e", 4)  # "a" was asked before "c" and "d"
    assert "a" not in kept and kept.find("e") == 4


def test_an_entry_not_kept_is_none_and_clear_empties_it():
    kept: Recent[tuple[int, int], str] = Recent(2)
    assert kept.find((1, 2)) is None
    kept.keep((1, 2), "x")
    kept.clear()
    assert len(kept) == 0 and kept.find((1, 2)) is None
