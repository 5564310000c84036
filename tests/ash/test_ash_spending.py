"""Spending experience (rulesets/ashardalon/spending.py): whether the pile can pay and whether a
choice is one of the sets are answered without making every set, and answer as the sets do."""
from __future__ import annotations

from itertools import combinations, product

from ash_scenario import _G, dungeon

from dungeon_tui.engine.game import Action
from dungeon_tui.rulesets.ashardalon import combat
from dungeon_tui.rulesets.ashardalon.spending import can_spend, spending_choice, spends

# Worth 3, 3, 2, 2, 1, 1 and 1 experience.
CARDS = ["gibbering_mouther#1", "legion_devil#1", "grell#1", "cave_bear#1", "snake#1", "snake#2", "human_cultist#1"]
# Chosen values as a set is written, in other orders, and malformed (a list, a flag, a float).
ASKED = [tuple(v) for n in range(4) for v in product((3, 2, 1, 4), repeat=n)] + [
    [3, 2], (True, 2, 2), (3.0, 2), (3, "2"), None, 5]


def test_the_pile_is_asked_as_the_sets_answer():
    """For piles of every size and costs 0-9: `can_spend` says whether there is a set, and
    `spends` whether a value list is one, as `combat.spend_sets` lists them."""
    s = dungeon({"quinn": (1, 5)})
    g = _G(s)
    checked = 0
    for n in range(len(CARDS) + 1):
        for pile in combinations(CARDS, n):
            s.xp = list(pile)
            for cost in range(10):
                sets = combat.spend_sets(g, cost)
                assert can_spend(g, cost) == bool(sets)
                for values in ASKED:
                    assert spends(g, cost, values) == (values in sets), (pile, cost, values)
                    checked += 1
    assert checked > 100_000


def test_a_choice_is_found_as_the_whole_list_holds_it():
    """The spending decision's options are `spend_sets`' sets then keeping the cards; a choice
    played without them read is found, with its words, exactly when the list holds it."""
    s = dungeon({"quinn": (1, 5)})
    g = _G(s)
    s.xp = CARDS[:5]
    for cost in (0, 2, 5, 8, 12):
        def choice(cost=cost):
            return spending_choice(g, "hero:quinn", "cancel", cost, "Cancel it?",
                                   lambda xp: f"spend {xp}" if xp else "free", "Let it happen", {})
        whole = choice().options
        assert [a.get("values") for a in whole] == [*combat.spend_sets(g, cost), None]
        for values in ASKED:
            asked = Action.make("hero:quinn", "cancel", values=values)
            found = choice().offer_for(asked)
            listed = next((a for a in whole if a == asked), None)
            assert (found is None) == (listed is None), (cost, values)
            assert found is None or (found.text, found.args) == (listed.text, listed.args)
        assert choice().offer_for(Action.make("hero:vistra", "cancel", values=None)) is None
