"""Skirmish content (spec §2, §6, §7): everything loads with the spec's numbers, and a broken
copy of a file gives its one-line problem naming the file, the path and what is wrong."""
from __future__ import annotations

from dungeon_tui.engine.scenario import content_problems_after
from dungeon_tui.rulesets.skirmish.content import cross_check, load_content
from dungeon_tui.rulesets.skirmish.models import MODELS, SCENARIOS


def test_profiles_warbands_and_wizards_match_the_spec():
    c = load_content()
    assert len(c.profiles) == 26
    cap = c.profiles["empire_captain"]
    assert (cap.m, cap.ws, cap.bs, cap.s, cap.t, cap.w, cap.i, cap.a, cap.ld) == (4, 5, 5, 4, 4, 2, 5, 3, 8)
    assert cap.weapons == ["hand_weapon"] and cap.armour == ["light_armour", "shield"] and cap.role == "leader"
    assert c.profiles["gutter_runner"].poison_weapons == ["throwing_star"]
    assert c.profiles["wight_lord"].rules == ["undead", "killing_blow"]
    counts = {w: (len(b.roster()), b.points) for w, b in c.warbands.items()}
    assert counts == {"empire_patrol": (12, 151), "orc_raiders": (13, 145), "skaven_scouts": (14, 141),
                      "undead_host": (12, 148)}
    assert c.warbands["skaven_scouts"].roster(magic=True)[-1] == "warlock_engineer"
    assert {w: c.profiles[b.wizard].spells for w, b in c.warbands.items() if b.wizard} == {
        "empire_patrol": ["bolt", "ward"], "orc_raiders": ["bolt", "storm"],
        "skaven_scouts": ["storm", "dread"], "undead_host": ["dread", "ward"]}


def test_weapons_armour_spells_and_legend():
    c = load_content()
    gun = c.weapons["handgun"]
    assert (gun.range, gun.strength, gun.armour_piercing, gun.move_or_fire) == (24, 4, True, True)
    assert c.weapons["sling"].shots == 2 and c.weapons["sling"].shots_within == 9
    assert c.weapons["hand_weapon"].range is None and c.weapons["hand_weapon"].parry
    assert c.armour["light_armour"].save == 6 and c.armour["shield"].improves == 1
    assert [(s.casting_value, s.range) for s in c.spells.values()] == [(6, 18), (8, 12), (5, 12), (7, 12)]
    assert c.terrain["X"].block == 6 and c.terrain["%"].cover == "soft" and c.terrain["T"].wood
    assert list(c.scenarios) == list(SCENARIOS)
    assert c.tactic_roles["wizard"]["magic"] == "wizard_magic" and "charged" in c.any_role


def load_changed(tmp_path, rel, change):
    return content_problems_after(tmp_path, "skirmish", rel, change, MODELS, cross_check)


def test_unknown_weapon_in_a_profile(tmp_path):
    def change(data):
        data["profiles"]["orc_boy"]["weapons"] = ["choppa"]
    assert load_changed(tmp_path, "profiles.yaml", change) == [
        "content/skirmish/profiles.yaml: profiles.orc_boy.weapons.0: unknown weapon 'choppa'",
        "content/skirmish/profiles.yaml: profiles.orc_boy.weapons: no close combat weapon"]


def test_warband_points_must_add_up(tmp_path):
    def change(data):
        data["warbands"]["orc_raiders"]["points"] = 150
    assert load_changed(tmp_path, "warbands.yaml", change) == [
        "content/skirmish/warbands.yaml: warbands.orc_raiders.points: the models cost 145, not 150"]


def test_a_warband_has_one_leader(tmp_path):
    def change(data):
        data["warbands"]["undead_host"]["models"][1]["leader"] = True
    problems = load_changed(tmp_path, "warbands.yaml", change)
    assert problems == ["content/skirmish/warbands.yaml: warbands.undead_host: "
                        "Value error, exactly one model (count 1) must have leader: true"]


def test_map_character_outside_the_legend(tmp_path):
    def change(data):
        rows = data["map"].split("\n")
        rows[3] = "....Q" + rows[3][5:]
        data["map"] = "\n".join(rows)
    assert load_changed(tmp_path, "scenarios/hold_the_ruin.yaml", change) == [
        "content/skirmish/scenarios/hold_the_ruin.yaml: map.3: column 4: 'Q' is not in the terrain legend"]


def test_objective_must_sit_on_its_letter(tmp_path):
    def change(data):
        data["objectives"]["B"]["at"] = [20, 16]
    assert load_changed(tmp_path, "scenarios/barrow_tomb.yaml", change) == [
        "content/skirmish/scenarios/barrow_tomb.yaml: objectives.B.at: the map has no 'B' at 20,16"]


def test_map_must_be_36_by_36(tmp_path):
    def change(data):
        data["map"] = "\n".join(data["map"].split("\n")[:35])
    assert load_changed(tmp_path, "scenarios/border_patrol.yaml", change) == [
        "content/skirmish/scenarios/border_patrol.yaml: map: Value error, map must be 36 rows of 36 characters"]


def test_tactics_role_names_a_script(tmp_path):
    def change(data):
        data["roles"]["melee"]["movement"] = "berserk"
    assert load_changed(tmp_path, "tactics.yaml", change) == [
        "content/skirmish/tactics.yaml: roles.melee.movement: unknown script 'berserk'"]
