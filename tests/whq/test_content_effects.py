"""Effects by content id: `content check` names an id without an effect and an effect without content."""
from __future__ import annotations

from dataclasses import replace

from dungeon_tui.rulesets.warhammer_quest.game import GAME, load_content


def test_the_real_content_and_the_code_agree():
    assert GAME.content_problems(load_content()) == []


def test_a_spell_without_an_effect_is_named():
    c = load_content()
    spells = {**c.spells, "doom_bolt": c.spells["lightning_bolt"]}
    assert GAME.content_problems(replace(c, spells=spells)) == [
        "content/warhammer_quest/spells.yaml: spell 'doom_bolt' has no effect in the code"]


def test_an_event_card_without_content_is_named():
    c = load_content()
    events = {eid: card for eid, card in c.events.items() if eid != "trap"}
    assert GAME.content_problems(replace(c, events=events)) == [
        "content/warhammer_quest/events.yaml: the code has an effect for event card 'trap', "
        "which the content does not declare"]


def test_treasure_and_adventure_rules_are_checked_too():
    c = load_content()
    treasure = {tid: card for tid, card in c.treasure.items() if tid != "firebomb"}
    treasure["ruby_chalice"] = c.treasure["jewel"]
    adventures = {**c.adventures, "xx1": c.adventures["fp1"].model_copy(update={"rules": "xx1"})}
    assert GAME.content_problems(replace(c, treasure=treasure, adventures=adventures)) == [
        "content/warhammer_quest/treasure.yaml: treasure card 'ruby_chalice' has no effect in the code",
        "content/warhammer_quest/treasure.yaml: the code has an effect for treasure card 'firebomb', "
        "which the content does not declare",
        "content/warhammer_quest/adventures.yaml: adventure rules 'xx1' has no effect in the code"]


def test_a_shield_card_needs_its_save():
    c = load_content()
    treasure = {**c.treasure, "tower_shield": c.treasure["dragon_shield"]}
    assert GAME.content_problems(replace(c, treasure=treasure)) == [
        "content/warhammer_quest/treasure.yaml: treasure card 'tower_shield' has no effect in the code",
        "content/warhammer_quest/treasure.yaml: shield 'tower_shield' has no effect in the code"]
