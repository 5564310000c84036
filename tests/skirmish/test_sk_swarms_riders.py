"""Swarms, riders and large targets (specs/skirmish.md §5.5, §5.7, D30): rules only, so the
profiles here are the tests' own, with forced dice."""
from __future__ import annotations

import dataclasses

import pytest
from sk_scenario import events, model, rolls, run, state, unit

from dungeon_tui.rulesets.skirmish.content import cross_check, load_content
from dungeon_tui.rulesets.skirmish.damage import Hits, wound
from dungeon_tui.rulesets.skirmish.models import Profile
from dungeon_tui.rulesets.skirmish.muster import model_of
from dungeon_tui.rulesets.skirmish.shooting import legal_shots, shoot
from dungeon_tui.rulesets.skirmish.state import KNOCKED_DOWN, OUT_OF_ACTION, STANDING

KNIGHT = {"name": "Road Warden Knight", "glyph": "K", "role": "melee", "m": 8, "ws": 4, "bs": 3, "s": 3, "t": 3,
          "w": 1, "i": 3, "a": 1, "ld": 8, "weapons": ["hand_weapon"], "armour": ["light_armour", "shield"],
          "rules": ["mounted"], "on_foot": "warden_on_foot", "points": 20}
ON_FOOT = {**KNIGHT, "name": "Road Warden", "m": 4, "armour": ["light_armour"], "rules": [], "on_foot": None}


def riders():
    """The shipped content with a mounted profile and its profile on foot added."""
    c = load_content()
    extra = {"warden_knight": Profile(**KNIGHT), "warden_on_foot": Profile(**ON_FOOT)}
    return dataclasses.replace(c, profiles={**c.profiles, **extra})


def test_swarm_loses_wounds_only_and_is_removed_at_none():
    rats = model("w2_01", "Rat Swarm", (5, 5), w=3, rules=["swarm"])
    s = state(model("w1_01", "Swordsman", (5, 6)), rats)
    two = Hits("sk.cc.to_wound", "the sword", 2, 3)
    game = run(s, lambda g: wound(g, rats, two), [(4, 5)])
    assert rats.wounds == 1 and rats.status == STANDING and rolls(game, "sk.injury.roll") == []
    game = run(s, lambda g: wound(g, rats, two), [(6, 4)])
    assert rats.status == OUT_OF_ACTION and rats.pos is None and rolls(game, "sk.injury.roll") == []
    assert events(game, "wounded")[0]["left"] == 0


def test_swarm_takes_a_critical_as_two_wounds():
    rats = model("w2_01", "Rat Swarm", (5, 5), w=3, rules=["swarm"])
    s = state(model("w1_01", "Swordsman", (5, 6)), rats)
    game = run(s, lambda g: wound(g, rats, Hits("sk.cc.to_wound", "the sword", 1, 3, source="w1_01")), [(6,)])
    assert rolls(game, "sk.cc.to_wound")[0]["critical"] and rats.wounds == 1 and rats.status == STANDING


def test_rider_first_unsaved_wound_kills_the_mount_then_the_rider_is_hurt():
    c = riders()
    knight = model_of(c, "warden_knight", "w1_01", "Knight")
    knight.pos = (5, 5)
    s = state(knight, model("w2_01", "Orc Boy", (5, 6)))
    hits = Hits("sk.cc.to_wound", "the choppa", 2, 4)  # S4 on T3: 3+; light armour and shield: 6+ at S4
    game = run(s, lambda g: wound(g, knight, hits), [(3, 4), (2, 5), (2,)], content=c)
    (gone,) = events(game, "dismounted")
    assert gone["model"] == "w1_01" and "mount is killed" in gone["text"]
    assert knight.profile == "warden_on_foot" and knight.m == 4 and not knight.has("mounted")
    assert knight.wounds == 0 and knight.status == KNOCKED_DOWN  # the second wound took the rider's last W
    (injury,) = rolls(game, "sk.injury.roll")
    assert injury["faces"] == [2]


def test_rider_critical_cancels_the_save_but_spares_the_rider():
    c = riders()
    knight = model_of(c, "warden_knight", "w1_01", "Knight")
    knight.pos = (5, 5)
    s = state(knight, model("w2_01", "Orc Boy", (5, 6)))
    hits = Hits("sk.cc.to_wound", "the choppa", 1, 3, source="w2_01")
    game = run(s, lambda g: wound(g, knight, hits), [(6,)], content=c)
    assert rolls(game, "sk.cc.to_wound")[0]["critical"] and rolls(game, "sk.save.armour") == []
    assert events(game, "dismounted") and knight.wounds == 1 and knight.status == STANDING
    assert rolls(game, "sk.injury.roll") == [] and events(game, "wounded") == []


def test_rider_saved_wound_leaves_the_mount():
    c = riders()
    knight = model_of(c, "warden_knight", "w1_01", "Knight")
    knight.pos = (5, 5)
    s = state(knight, model("w2_01", "Orc Boy", (5, 6)))
    game = run(s, lambda g: wound(g, knight, Hits("sk.cc.to_wound", "the choppa", 1, 3)), [(5,), (6,)], content=c)
    assert rolls(game, "sk.save.armour")[0]["outcome"] == "saved"
    assert events(game, "dismounted") == [] and knight.has("mounted") and knight.m == 8


def test_a_mounted_profile_names_its_profile_on_foot():
    with pytest.raises(ValueError, match="on_foot"):
        Profile(**{**KNIGHT, "on_foot": None})
    with pytest.raises(ValueError, match="on_foot"):
        Profile(**{**ON_FOOT, "on_foot": "warden_knight"})
    bundle = load_content().bundle
    profiles = bundle["profiles.yaml"]
    broken = profiles.model_copy(update={"profiles": {**profiles.profiles, "warden_knight": Profile(**KNIGHT)}})
    files = {**bundle.files, "profiles.yaml": broken}
    problems = cross_check(dataclasses.replace(bundle, files=files))
    assert problems == ["content/skirmish/profiles.yaml: profiles.warden_knight.on_foot: "
                        "'warden_on_foot' is not a profile on foot"]
    # A rider's profile on foot takes a map letter in its warband too: none may share it.
    foot = Profile(**{**ON_FOOT, "glyph": "S"})  # the Swordsmen's letter
    profiles = profiles.model_copy(update={"profiles": {**profiles.profiles, "warden_knight": Profile(**KNIGHT),
                                                        "warden_on_foot": foot}})
    warbands = bundle["warbands.yaml"]
    patrol = warbands.warbands["empire_patrol"]
    knights = patrol.model_copy(update={"models": [*patrol.models, patrol.models[1].model_copy(
        update={"profile": "warden_knight"})], "points": patrol.points + 20})
    warbands = warbands.model_copy(update={"warbands": {**warbands.warbands, "empire_patrol": knights}})
    files = {**bundle.files, "profiles.yaml": profiles, "warbands.yaml": warbands}
    problems = cross_check(dataclasses.replace(bundle, files=files))
    assert [p for p in problems if "map letter" in p] == [
        "content/skirmish/warbands.yaml: warbands.empire_patrol: two of its profiles share a map letter "
        "(W, C, X, D, H, M, S, K, S)"]


def test_large_target_is_easier_to_shoot():
    gunner = unit("empire_handgunner", "w1_01", (8, 32))
    troll = unit("orc_boy", "w2_01", (12, 32), name="Troll", rules=["large_target"])
    s = state(gunner, troll)

    def proc(g):
        (x,) = legal_shots(g, gunner, "handgun")
        yield from shoot(g, gunner, x)

    game = run(s, proc, [(3,), (1,)])
    (hit,) = rolls(game, "sk.shoot.to_hit")
    assert hit["modifiers"] == {"large target": -1} and hit["target"] == 3 and hit["outcome"] == "hit"


def test_log_lines_keep_names_as_written():
    """A blow's line starts with the striker's name as it is written ("Orc Big Boss's blows", not
    "Orc big boss's"); a model testing on its own Leadership says so."""
    from dungeon_tui.rulesets.skirmish.rolls import ld_test

    boss = model("w2_01", "Orc Big Boss", (5, 6), ld=8)
    sword = model("w1_01", "Empire Swordsman 4", (5, 5))
    s = state(sword, boss)
    game = run(s, lambda g: wound(g, sword, Hits("sk.cc.to_wound", "Orc Big Boss's blows", 1, 4)), [(2,)])
    assert rolls(game, "sk.cc.to_wound")[0]["text"].startswith("Orc Big Boss's blows on Empire Swordsman 4")
    game = run(s, lambda g: ld_test(g, "sk.rout.test", boss, "for the warband's rout"), [(5, 4)])
    assert "on its own Leadership 8: 5 + 4 = 9, failed." in rolls(game)[0]["text"]


def _charge_of(troll_rules):
    from dungeon_tui.rulesets.skirmish.charges import resolve

    troll = model("w1_01", "Troll", (8, 23), m=6, w=3, ld=4, rules=troll_rules)
    boy = unit("orc_boy", "w2_01", (14, 23))
    s = state(troll, boy)
    s.roles = {"1": "side_1", "2": "side_2"}
    return s, troll, boy, lambda g: resolve(g, troll, boy, False)


def test_a_large_fear_causing_charger_puts_a_smaller_target_to_flight():
    """§5.3 step 4: a target that fails its fear test and has a lower unit strength than the
    charger (a large target's is its Wounds) flees instead of fighting on 6s; the charger
    reaches it, and it flees again (step 10)."""
    s, troll, boy, charge = _charge_of(["large_target", "cause_fear"])
    game = run(s, charge, [(6, 6), (3, 3), (2, 2)])
    (fear,) = rolls(game, "sk.psy.fear")
    assert fear["outcome"] == "fail" and fear["inputs"]["whose"] == "Orc Boy"
    assert [r["outcome"] for r in rolls(game, "sk.flee.distance")] == [6, 4]
    assert boy.fleeing and not boy.fear_sixes and troll.charged


def test_a_fear_causing_charger_of_equal_strength_only_makes_sixes_needed():
    s, troll, boy, charge = _charge_of(["cause_fear"])
    game = run(s, charge, [(6, 6)])
    assert rolls(game, "sk.psy.fear")[0]["outcome"] == "fail"
    assert boy.fear_sixes and not boy.fleeing and troll.charged and rolls(game, "sk.flee.distance") == []
