"""The special rules of §2.5 that no shipped card carries (web_attack, invisible, immaterial,
with magic weapons and armour against immaterial figures): each given to a content figure for
the test, with forced dice."""
from __future__ import annotations

from cat_core_scenario import act, pd, play, rolls, table

from dungeon_tui.rulesets.catakombs.combat import strike
from dungeon_tui.rulesets.catakombs.conditions import upkeep
from dungeon_tui.rulesets.catakombs.state import HERO
from dungeon_tui.rulesets.catakombs.turns import offers

TORSO, ARMS = [2], [4]  # location die pips
FLAVIEN = ["torgils", "flavien", "irf"]


def kinds_on(game, fig, seat, target):
    return [a.kind for a in offers(game, fig, seat, fig.ap) if a.get("target") == target.id]


def test_web_attack_webs_on_a_melee_hit_and_the_webbed_may_only_struggle():
    s = table("lost_treasure", {"irf": (3, 4), "revenant_1": (4, 4)})
    irf, rev = s.figures["irf"], s.figures["revenant_1"]
    rev.skills["web_attack"] = 3
    game = play(s, lambda g: strike(g, rev, irf, False), [pd("I", "I", "blank"), TORSO])
    assert irf.pv == 26 - (6 - 1) and irf.webbed == 3
    assert any(e.kind == "webbed" for e in game.events)
    assert [a.kind for a in offers(game, irf, "heroes", irf.ap)] == ["free_self"]
    # A miss webs no one.
    s = table("lost_treasure", {"irf": (3, 4), "revenant_1": (4, 4)})
    irf, rev = s.figures["irf"], s.figures["revenant_1"]
    rev.skills["web_attack"] = 3
    play(s, lambda g: strike(g, rev, irf, False), [pd("I", "blank", "blank")])
    assert irf.webbed == 0


def test_an_immaterial_figure_is_never_webbed_burnt_or_poisoned():
    s = table("lost_treasure", {"flavien": (3, 4), "revenant_1": (4, 4)}, FLAVIEN)
    flavien, rev = s.figures["flavien"], s.figures["revenant_1"]
    flavien.skills.update(web_attack=2, flaming_attack=0, poisoned_attack=3)
    rev.skills["immaterial"] = 0
    game = play(s, lambda g: strike(g, flavien, rev, False), [pd("I", "I", "blank"), TORSO])
    assert rev.pv == 14 - (7 - 2) and not rev.webbed and not rev.burning and not rev.poisoned
    assert not rolls(game, "cat.fire.ignite") and not rolls(game, "cat.poison.resist")


def test_only_a_magic_weapon_wounds_an_immaterial_figure():
    s = table("lost_treasure", {"torgils": (3, 4), "flavien": (5, 4), "revenant_1": (4, 4)}, FLAVIEN)
    torgils, flavien, rev = s.figures["torgils"], s.figures["flavien"], s.figures["revenant_1"]
    rev.skills["immaterial"] = 0
    game = play(s, lambda g: strike(g, torgils, rev, False), [pd("I", "I", "I", "blank"), TORSO])
    hit = next(e.data for e in game.events if e.kind == "hit")
    assert hit["raw"] == 8 and hit["wounds"] == 0 and rev.pv == 14
    play(s, lambda g: strike(g, flavien, rev, False), [pd("I", "I", "blank"), TORSO])
    assert rev.pv == 14 - (7 - 2)  # Flavien's blessed blade: torso armour 2 still counts


def test_an_immaterial_attacker_ignores_armour_unless_it_is_magic():
    s = table("lost_treasure", {"flavien": (3, 4), "revenant_1": (4, 4)}, FLAVIEN)
    flavien, rev = s.figures["flavien"], s.figures["revenant_1"]
    rev.skills["immaterial"] = 0
    play(s, lambda g: strike(g, rev, flavien, False), [pd("I*", "I*", "I"), ARMS])
    assert flavien.pv == 30 - 6  # arms armour 3 ignored
    flavien.skills["magic_armour"] = 0
    play(s, lambda g: strike(g, rev, flavien, False), [pd("I*", "I*", "I"), ARMS])
    assert flavien.pv == 30 - 6 - (6 - 3)


def test_an_immaterial_figure_runs_through_walls_figures_and_lava_untested_and_ends_on_a_free_square():
    s = table("lost_treasure", {"torgils": (6, 1), "revenant_1": (7, 1), "irf": (18, 1)})
    rev = s.figures["revenant_1"]
    rev.skills["immaterial"] = 0
    game = play(s, lambda g: iter(()), [])
    runs = {(a.get("via"), a.get("to")) for a in offers(game, rev, "dungeon", 3) if a.kind == "run"}
    assert ((8, 1), (9, 1)) in runs  # through the wall
    assert all(to != (8, 1) for _, to in runs)  # never ending inside it
    game = play(s, act("run", rev, via=(8, 1), to=(9, 1)), [])
    assert not rolls(game, "cat.move.block") and rev.pos == (9, 1)
    # Through a figure and over lava.
    s = table("lost_treasure", {"revenant_1": (17, 1), "irf": (18, 1)})
    rev = s.figures["revenant_1"]
    rev.skills["immaterial"] = 0
    play(s, act("run", rev, via=(18, 1), to=(19, 1)), [])
    play(s, act("run", rev, via=(20, 1), to=(21, 1)), [])
    assert rev.pos == (21, 1) and rev.standing
    # A trap does not go off under it.
    s = table("lost_treasure", {"revenant_1": (12, 7)})
    rev = s.figures["revenant_1"]
    rev.skills["immaterial"] = 0
    game = play(s, act("walk", rev, to=(12, 8)), [])
    assert not rolls(game) and s.traps["12,8"] and rev.pos == (12, 8)


def test_an_invisible_figure_is_no_target_and_slips_away_untested():
    s = table("lost_treasure", {"torgils": (3, 4), "esterella": (3, 5), "irf": (7, 4), "revenant_1": (4, 4)})
    torgils, est, irf, rev = (s.figures[k] for k in ("torgils", "esterella", "irf", "revenant_1"))
    game = play(s, lambda g: iter(()), [])
    assert "melee" in kinds_on(game, torgils, "heroes", rev) and "shoot" in kinds_on(game, irf, "heroes", rev)
    rev.skills["invisible"] = 0
    assert kinds_on(game, torgils, "heroes", rev) == []  # no attack, whirlwind or challenge
    assert kinds_on(game, irf, "heroes", rev) == [] and kinds_on(game, est, "heroes", rev) == []
    game = play(s, act("walk", rev, to=(5, 4)), [])
    assert not rolls(game, "cat.move.block") and rev.pos == (5, 4)
    # It still strikes as any figure does.
    assert "melee" in kinds_on(game, rev, "dungeon", torgils) or rev.pos == (5, 4)


def test_no_one_fears_what_they_cannot_see():
    s = table("lost_treasure", {"irf": (3, 4), "vampire": (6, 4)})
    irf, vamp = s.figures["irf"], s.figures["vampire"]
    vamp.skills["invisible"] = 0
    game = play(s, lambda g: upkeep(g, HERO), [])
    assert not rolls(game, "cat.fear.test") and irf.ap == 4
