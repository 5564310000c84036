"""Catakombs content (spec §2, §5.15, §6.2, §7): everything loads with the spec's numbers, and
a broken copy gives its one-line problem naming file, YAML path and what is wrong."""
from __future__ import annotations

from dungeon_tui.engine.scenario import content_problems_after
from dungeon_tui.rulesets.catakombs.content import content_problems, cross_check, load_content
from dungeon_tui.rulesets.catakombs.models import MODELS


def test_cards_spells_events_and_quests_load_as_the_spec_gives_them():
    c = load_content()
    assert sorted(c.cards) == sorted(["torgils", "esterella", "irf", "flavien", "revenant", "skell", "vampire",
                                      "tomb_king", "rat", "irf_uncle"])
    torgils = c.cards["torgils"]
    assert torgils.stats["cc"] == 4 and torgils.stats["pv"] == 32 and torgils.armour.torso == 2
    assert torgils.level("fear") == 1 and torgils.level("whirlwind") == 1 and torgils.level("flight") == 0
    assert c.cards["rat"].level("swarm") == 4 and c.cards["rat"].size == "small"
    assert c.cards["flavien"].dmg_shoot is None and c.cards["flavien"].armour.best() == 4
    # The whole Master box is worth exactly the 300 points of a medium quest (§2.4).
    master = [card for card in c.cards.values() if card.group.startswith("master")]
    assert sum((card.value or 0) * (card.box or 0) for card in master) == 300
    assert c.default_party == ("torgils", "esterella", "irf")
    assert c.spells["entangling_roots"].band(5).n == 3 and c.spells["raise_dead"].band(9).effect == "raise"
    assert c.spells["soul_bolt"].band(0) is None
    assert [c.event_for(r).kind for r in (2, 3, 4, 7, 12)] == ["fire", "frenzy", "return", "nothing", "fairy"]
    assert [q.number for q in c.quests.values()] == [1, 2, 3, 4, 5, 6]
    assert c.quests["escape"].turn_limit == 10 and c.quests["escape"].exits == ["S"]
    assert c.quests["end_of_the_reign"].objective_zone is None
    assert content_problems(c) == []


def load_changed(tmp_path, name, change):
    return content_problems_after(tmp_path, "catakombs", name, change, MODELS, cross_check)


def test_a_card_without_a_stat_is_named(tmp_path):
    def change(data):
        del data["cards"]["revenant"]["stats"]["def"]
    assert load_changed(tmp_path, "cards.yaml", change) == [
        "content/catakombs/cards.yaml: cards.revenant.stats: Value error, stats need exactly cc, def, tir, mag, "
        "str, pv, wil, cha, agi, dex, int, fate, ap; missing def"]


def test_a_gigantic_figure_is_refused(tmp_path):
    def change(data):
        data["cards"]["skell"]["skills"]["gigantic"] = None
    assert load_changed(tmp_path, "cards.yaml", change) == [
        "content/catakombs/cards.yaml: cards.skell.skills: Value error, gigantic is not supported (D26)"]


def test_a_spell_band_gap_is_named(tmp_path):
    def change(data):
        data["spells"]["soul_bolt"]["bands"][1]["min"] = 4
    assert load_changed(tmp_path, "spells.yaml", change) == [
        "content/catakombs/spells.yaml: spells.soul_bolt.bands: Value error, the band after 1 must start at 3"]


def test_a_map_that_differs_from_its_tile_is_named(tmp_path):
    def change(data):
        row = data["quests"]["liberation"]["map"][10]
        data["quests"]["liberation"]["map"][10] = row[:2] + "." + row[3:]   # a crypt tomb removed
    assert load_changed(tmp_path, "quests.yaml", change) == [
        "content/catakombs/quests.yaml: quests.liberation.map[10]: square 2,10 is '.' but tile entrance has '#' there"]


def test_an_objective_square_must_show_its_element(tmp_path):
    def change(data):
        data["quests"]["lost_treasure"]["objective_at"] = [28, 4]
    assert load_changed(tmp_path, "quests.yaml", change) == [
        "content/catakombs/quests.yaml: quests.lost_treasure.objective_at: "
        "the open_chest objective needs a 'C' square there"]


def test_a_script_word_the_ai_does_not_know_is_named(tmp_path):
    def change(data):
        data["scripts"]["solo_master"][0]["do"] = ["dance"]
    problems = load_changed(tmp_path, "tactics.yaml", change)
    assert len(problems) == 1
    assert problems[0].startswith("content/catakombs/tactics.yaml: scripts.solo_master[0].do: unknown action 'dance'")


def test_a_script_value_out_of_range_is_named(tmp_path):
    def change(data):
        data["scripts"]["solo_master"][-1]["default"] = [{"advance": {"until": "near"}}]
    assert load_changed(tmp_path, "tactics.yaml", change) == [
        "content/catakombs/tactics.yaml: scripts.solo_master[15].default: advance.until: "
        "'near' is not one of adjacent, los, los_not_adjacent"]
