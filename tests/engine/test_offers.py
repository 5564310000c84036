"""Grouped offers (engine/offers.py): the options read whole are the groups in order; a played
choice is found in its kind's group alone (a keyed group building only the key asked about);
the only option is found by counting, cheapest groups first, without making the others."""
from __future__ import annotations

import pytest

from dungeon_tui.engine.game import Action
from dungeon_tui.engine.offers import Offers, grouped_choice


def act(kind: str, **args: object) -> Action:
    return Action.make("hero", kind, text=f"{kind} {args}", **args)


def offers(made: list[str]) -> list[Offers]:
    """A step group keyed by square, an attack group, an end; `made` notes what was made."""
    def steps() -> list[tuple[int, int]]:
        made.append("step keys")
        return [(1, 2), (2, 1)]

    def step(to: tuple[int, int]) -> Action:
        made.append(f"step {to}")
        return act("step", to=to)

    def attacks() -> list[Action]:
        made.append("attacks")
        return [act("attack", target="orc"), act("attack", target="goblin")]
    return [Offers(frozenset(("step",)), keys=steps, build=step, key_of=lambda a: a.get("to")),
            Offers(frozenset(("attack",)), attacks),
            Offers(frozenset(("end",)), lambda: [act("end")])]


def test_the_options_are_the_groups_in_order() -> None:
    decision, only = grouped_choice("hero", "your turn", offers([]), {})
    assert only is None
    assert [(a.kind, a.args) for a in decision.options] == [
        ("step", (("to", (1, 2)),)), ("step", (("to", (2, 1)),)), ("attack", (("target", "orc"),)),
        ("attack", (("target", "goblin"),)), ("end", ())]


def test_a_played_step_builds_that_step_alone() -> None:
    made: list[str] = []
    decision, _ = grouped_choice("hero", "your turn", offers(made), {}, (2, 0, 1))
    found = decision.offered(Action.make("hero", "step", to=[2, 1]))
    assert found is not None and found.text == "step {'to': (2, 1)}"
    assert made == ["step keys", "step (2, 1)"]  # counted by keys (end, steps: two), no attack made
    assert decision.offered(Action.make("hero", "step", to=[5, 5])) is None
    with pytest.raises(RuntimeError):
        _ = decision.options  # played without its options: the state they came from is gone


def test_an_attack_is_found_in_its_group_and_a_stranger_nowhere() -> None:
    made: list[str] = []
    decision, _ = grouped_choice("hero", "your turn", offers(made), {}, (2, 0, 1))
    assert decision.offered(Action.make("hero", "attack", target="dragon")) is None
    assert decision.offered(Action.make("hero", "attack", target="goblin")) is not None
    assert "step (1, 2)" not in made


def test_the_only_option_is_found_by_counting() -> None:
    decision, only = grouped_choice("hero", "your turn", [Offers(frozenset(("step",)), list),
                                                          Offers(frozenset(("end",)), lambda: [act("end")])], {})
    assert only is not None and only.kind == "end" and only.text == decision.options[0].text


def test_offers_of_a_kind_make_only_the_groups_that_may_hold_it() -> None:
    made: list[str] = []
    decision, _ = grouped_choice("hero", "your turn", offers(made), {}, (2, 0, 1))
    made.clear()  # what counting made
    assert [a.args for a in decision.offers_of("end")] == [()]
    assert made == []  # the end group was made by counting; steps and attacks untouched
    assert [a.get("to") for a in decision.offers_of("step")] == [(1, 2), (2, 1)]
    assert "attacks" not in made
    chosen = decision.offers_of("step")[1]
    assert decision.offered(chosen) is chosen  # a choice read by kind is played without the rest


def test_offers_of_kinds_are_the_options_filtered_in_order() -> None:
    decision, _ = grouped_choice("hero", "your turn", offers([]), {})
    by_kind = decision.offers_of("end", "attack")
    assert by_kind == [a for a in decision.options if a.kind in ("end", "attack")]
    assert [a.kind for a in by_kind] == ["attack", "attack", "end"]

def cards(made: list[str], walk: bool) -> list[Offers]:
    """Two cards' attack groups (each naming its card), a step group that can say whether it
    has any step without listing them, an end."""
    def card(name: str) -> Offers:
        def make() -> list[Action]:
            made.append(name)
            return [act("attack", card=name, target="orc"), act("attack", card=name, target="imp")]
        return Offers(frozenset(("attack",)), make, holds=lambda a: a.get("card") == name)

    def steps() -> list[Action]:
        made.append("steps")
        return [act("step", to=(1, 2)), act("step", to=(2, 1))] if walk else []

    def some() -> bool:
        made.append("some")
        return walk
    return [card("axe"), card("bow"), Offers(frozenset(("step",)), steps, some=some),
            Offers(frozenset(("end",)), lambda: [act("end")])]


def test_a_card_s_choice_makes_that_card_s_group_alone() -> None:
    made: list[str] = []
    decision, only = grouped_choice("hero", "your turn", cards(made, True), {}, (3, 2, 0, 1))
    assert only is None and made == ["some"]  # the end, then "is there a step?": yes, two options
    found = decision.offered(Action.make("hero", "attack", card="bow", target="imp"))
    assert found is not None and found.text.startswith("attack") and made == ["some", "bow"]


def test_some_stands_in_for_a_count_once_an_option_is_found() -> None:
    made: list[str] = []
    _, only = grouped_choice("hero", "your turn", cards(made, False), {}, (3, 2, 0, 1))
    assert only is None and made == ["some", "axe"]  # no step: the axe's two attacks counted
    made.clear()
    decision, _ = grouped_choice("hero", "your turn", cards(made, True), {}, (2, 3, 0, 1))
    assert made == ["steps"]  # counted first, before any option: `some` cannot settle it
    assert [a.kind for a in decision.options] == ["attack"] * 4 + ["step", "step", "end"]


def test_has_key_answers_for_a_choice_when_the_keys_are_not_made() -> None:
    made: list[str] = []

    def has(to: object) -> bool:
        made.append(f"has {to}")
        return to in ((1, 2), (2, 1))
    groups = offers(made)
    groups[0].some = lambda: True
    groups[0].has_key = has
    decision, only = grouped_choice("hero", "your turn", groups, {}, (2, 0, 1))
    assert only is None and made == []  # the end, then `some`: no key made
    assert decision.offer_for(Action.make("hero", "step", to=[5, 5])) is None
    found = decision.offered(Action.make("hero", "step", to=[2, 1]))
    assert found is not None and made == ["has (5, 5)", "has (2, 1)", "step (2, 1)"]
    groups = offers(made)
    groups[0].has_key = has
    decision, _ = grouped_choice("hero", "your turn", groups, {}, (0, 2, 1))
    made.clear()
    assert decision.offered(Action.make("hero", "step", to=[1, 2])) is not None
    assert made == ["step (1, 2)"]  # the keys counted already: looked up there, not asked again


def test_a_choice_asked_for_then_played_is_searched_and_built_once() -> None:
    """A player asks for the one option it wants (offer_for), then plays it: the keyed group's
    check and build serve both; another key is looked for afresh."""
    made: list[str] = []
    groups = offers(made)
    groups[0].some = lambda: True
    groups[0].has_key = lambda to: made.append(f"has {to}") is None and to in ((1, 2), (2, 1))
    decision, _ = grouped_choice("hero", "your turn", groups, {}, (2, 0, 1))
    asked = decision.offer_for(Action.make("hero", "step", to=[2, 1]))
    assert asked is not None and made == ["has (2, 1)", "step (2, 1)"]
    assert decision.offered(Action.make("hero", "step", to=[2, 1])) is asked and made == ["has (2, 1)", "step (2, 1)"]
    groups = offers(made)
    groups[0].has_key = lambda to: made.append(f"has {to}") is None and to in ((1, 2), (2, 1))
    decision, _ = grouped_choice("hero", "your turn", groups, {}, (0, 2, 1))
    made.clear()  # the keys made by the count: a key is looked up among them, the last one kept
    assert decision.offer_for(Action.make("hero", "step", to=[1, 2])) is not None
    assert decision.offer_for(Action.make("hero", "step", to=[1, 2])) is not None
    assert decision.offer_for(Action.make("hero", "step", to=[9, 9])) is None
    assert decision.offer_for(Action.make("hero", "step", to=[1, 2])) is not None
    assert made == ["step (1, 2)", "step (1, 2)"]
