"""Effects by content id: every power in powers.yaml, every encounter card in encounters.yaml
and every item in treasure.yaml that does more than carry numbers has its effect in the code,
and every effect has its card; `content check` names the one id that breaks either way."""
from __future__ import annotations

from types import SimpleNamespace

from dungeon_tui.rulesets.ashardalon.game import GAME
from dungeon_tui.rulesets.ashardalon.powers import POWERS


def changed(**tables):
    c = GAME.content()
    names = ("powers", "items", "encounters", "adventure_encounters")
    return SimpleNamespace(**{name: tables.get(name, getattr(c, name)) for name in names})


def test_the_real_content_and_the_code_agree():
    assert GAME.content_problems(GAME.content()) == []
    assert GAME.check() == []


def test_a_power_with_no_effect_is_named():
    powers = dict(GAME.content().powers)
    powers["thunderwave"] = powers["sure_strike"]
    assert GAME.content_problems(changed(powers=powers)) == [
        "content/ashardalon/powers.yaml: power 'thunderwave' has no effect in the code"]


def test_an_effect_with_no_power_is_named():
    powers = {pid: p for pid, p in GAME.content().powers.items() if pid != "charge"}
    assert GAME.content_problems(changed(powers=powers)) == [
        "content/ashardalon/powers.yaml: the code has an effect for power 'charge', which the content does not declare"]


def test_reactions_are_never_offered_by_themselves():
    assert POWERS["bravery"].offer is not None and not POWERS["bravery"].offer()


def test_an_item_with_no_effect_is_named():
    items = dict(GAME.content().items)
    items["bag_of_holding"] = items["potion_of_speed"]
    assert GAME.content_problems(changed(items=items)) == [
        "content/ashardalon/treasure.yaml: treasure item 'bag_of_holding' has no effect in the code"]


def test_an_effect_with_no_item_is_named():
    items = {k: i for k, i in GAME.content().items.items() if k != "wand_of_fear"}
    assert GAME.content_problems(changed(items=items)) == [
        "content/ashardalon/treasure.yaml: the code has an effect for treasure item 'wand_of_fear', which the content "
        "does not declare"]


def test_an_in_play_item_is_numbers_only():
    items = dict(GAME.content().items)
    items["ring_of_protection"] = items["amulet_of_protection"]
    assert GAME.content_problems(changed(items=items)) == []


def test_an_encounter_with_no_effect_is_named():
    encounters = dict(GAME.content().encounters)
    encounters["rockslide"] = encounters["earthquake"]
    assert GAME.content_problems(changed(encounters=encounters)) == [
        "content/ashardalon/encounters.yaml: encounter card 'rockslide' has no effect in the code"]


def test_an_effect_with_no_encounter_is_named():
    encounters = {k: e for k, e in GAME.content().encounters.items() if k != "lost"}
    assert GAME.content_problems(changed(encounters=encounters)) == [
        "content/ashardalon/encounters.yaml: the code has an effect for encounter card 'lost', which the content "
        "does not declare"]


def test_an_adventure_encounter_with_no_effect_is_named():
    cards = dict(GAME.content().adventure_encounters)
    cards["ashardalon_roars"] = cards["ashardalon_breathes"]
    assert GAME.content_problems(changed(adventure_encounters=cards)) == [
        "content/ashardalon/encounters.yaml: adventure encounter 'ashardalon_roars' has no effect in the code"]
