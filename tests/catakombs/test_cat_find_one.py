"""An action's offer found alone (acts.Act.find) is the one its kind's whole list holds, and
an AI that asks for the one action it wants (interpreter.carry_out) plays what it would have
found among all the offers, at every decision of whole AI games."""
from __future__ import annotations

import dataclasses
import pytest

from cat_ai_quests import play_ai_quest
from dungeon_tui.engine.game import Action, Decision
from dungeon_tui.rulesets.catakombs.acts import ACTS, Act, FindOne
from dungeon_tui.rulesets.catakombs.ai import interpreter
from dungeon_tui.rulesets.catakombs.ai.plan import Intent
from dungeon_tui.rulesets.catakombs.state import Figure
from dungeon_tui.rulesets.catakombs.terrain import Map


def _same(got: Action | None, want: Action | None) -> bool:
    return got == want and (got is None or want is None or got.text == want.text)


def _checked(act: Act, find: FindOne, tally: dict[str, int]) -> FindOne:
    def check(m: Map, fig: Figure, seat: str, action: Action) -> Action | None:
        offers = act.offers(m, fig, seat)
        got = find(m, fig, seat, action)
        assert _same(got, next((a for a in offers if a == action), None)), (act.kind, action)
        # Every offer of the kind is found as itself, and none for another figure or seat.
        for a in offers:
            assert _same(find(m, fig, seat, a), a), (act.kind, a)
            assert find(m, fig, seat, Action.make(a.seat, a.kind, **{**dict(a.args), "figure": "nobody"})) is None
            assert find(m, fig, seat, Action.make("elsewhere", a.kind, **dict(a.args))) is None
        tally[act.kind] = tally.get(act.kind, 0) + 1
        tally["found"] = tally.get("found", 0) + (got is not None)
        return got
    return check


def _all_offers(d: Decision, me: Figure, intents: list[Intent]) -> Action | None:
    """carry_out as it was: the first offer of an intent's kind, among all, that fits it."""
    for intent in intents:
        for a in d.offers_of(intent.kind):
            if interpreter.fits(a, me, intent):
                return a
    return None


def test_an_offer_found_alone_is_the_one_of_the_whole_list(monkeypatch: pytest.MonkeyPatch) -> None:
    tally: dict[str, int] = {}
    for kind, act in list(ACTS.items()):
        if act.find is not None:
            monkeypatch.setitem(ACTS, kind, dataclasses.replace(act, find=_checked(act, act.find, tally)))
    carry_out = interpreter.carry_out
    carried: dict[str, int] = {}

    def compared(d: Decision, me: Figure, intents: list[Intent]) -> Action | None:
        got = carry_out(d, me, intents)  # first: its finders asked before the lists are made
        assert _same(got, _all_offers(d, me, intents)), intents
        if got is not None:
            carried[got.kind] = carried.get(got.kind, 0) + 1
        return got
    monkeypatch.setattr(interpreter, "carry_out", compared)
    for quest in ("lost_treasure", "burglary", "old_fool", "escape", "liberation"):
        play_ai_quest(quest, 0)
    # The games asked for the kinds found alone, and found most of them (the companions' shots
    # are read from the list of them, which they rank; the replays' finder test meets the rest).
    for kind in ("walk", "run", "pass_ally", "melee", "power_attack", "cast"):
        assert tally.get(kind, 0) > 5, tally
        assert carried.get(kind, 0) > 0, carried
    assert tally["found"] > 500, tally

