"""The worked examples of specs/skirmish.md §10, with forced dice, each named after its example."""
from __future__ import annotations

from sk_scenario import events, rolls, run, state, unit

from dungeon_tui.rulesets.skirmish.combat import fight, strike_order
from dungeon_tui.rulesets.skirmish.distance import distance
from dungeon_tui.rulesets.skirmish.psychology import all_alone
from dungeon_tui.rulesets.skirmish.state import FLED, KNOCKED_DOWN, OUT_OF_ACTION, STUNNED


def test_1_distance():
    assert distance((0, 0), (3, 2)) == 4


def test_2_critical():
    captain = unit("empire_captain", "w1_01", (10, 20), charged=True, first_round=True)
    boy = unit("orc_boy", "w2_01", (10, 21), first_round=True)
    game = run(state(captain, boy), lambda g: fight(g, ["w1_01", "w2_01"]), [(5, 2, 6), (6, 4), (3,), (2, 3, 5)])
    assert [r["outcome"] for r in rolls(game, "sk.cc.to_hit")] == ["hit", "miss", "hit"]
    assert all(r["target"] == 3 and r["inputs"] == {"ws": 5, "enemy_ws": 3} for r in rolls(game, "sk.cc.to_hit"))
    crit, plain = rolls(game, "sk.cc.to_wound")
    assert crit["critical"] and crit["target"] == 4 and crit["inputs"] == {"s": 4, "t": 4}
    assert plain["outcome"] == "wound" and not plain["critical"]
    (save,) = rolls(game, "sk.save.armour")
    assert save["target"] == 5 and save["outcome"] == "fail"
    (inj,) = rolls(game, "sk.injury.roll")
    assert inj["faces"] == [2, 3, 5] and inj["outcome"] == OUT_OF_ACTION
    assert boy.status == OUT_OF_ACTION and boy.pos is None


def test_6_strike_order():
    bigboss = unit("orc_bigboss", "w2_01", (10, 19), charged=True)
    captain = unit("empire_captain", "w1_01", (10, 20))
    boy = unit("orc_boy", "w2_03", (10, 21))
    s = state(captain, bigboss, boy)
    game = run(s, lambda g: strike_order(g, [captain, bigboss, boy]), [])
    assert [m.name for m in game.result["value"]] == ["Orc Big Boss", "Empire Captain", "Orc Boy"]
    bigboss.charged = False  # the next Empire turn
    game = run(s, lambda g: strike_order(g, [captain, bigboss, boy]), [])
    assert [m.name for m in game.result["value"]] == ["Empire Captain", "Orc Big Boss", "Orc Boy"]


def test_8_poison():
    ghoul = unit("ghoul", "w2_01", (10, 20), charged=True)
    sword = unit("empire_swordsman", "w1_01", (10, 21))
    game = run(state(sword, ghoul), lambda g: fight(g, ["w1_01", "w2_01"]), [(6, 4), (6, 5), (4,), (3, 1)])
    assert [r["target"] for r in rolls(game, "sk.cc.to_hit")] == [4, 4]
    poisoned, plain = rolls(game, "sk.cc.to_wound")
    assert poisoned["poisoned"] and poisoned["critical"] and plain["outcome"] == "wound"
    (save,) = rolls(game, "sk.save.armour")
    assert save["target"] == 4 and save["outcome"] == "saved"
    assert rolls(game, "sk.injury.roll")[0]["outcome"] == STUNNED and sword.status == STUNNED


def test_9_killing_blow():
    wight = unit("wight_lord", "w2_01", (10, 20), charged=True)
    captain = unit("empire_captain", "w1_01", (10, 21))
    game = run(state(captain, wight), lambda g: fight(g, ["w1_01", "w2_01"]), [(4, 1, 5), (6, 3)])
    assert [r["outcome"] for r in rolls(game, "sk.cc.to_hit")] == ["hit", "miss", "hit"]
    (kb,) = rolls(game, "sk.cc.to_wound")
    assert kb["killing_blow"] and not kb["critical"]
    assert captain.status == OUT_OF_ACTION and rolls(game, "sk.save.armour") == rolls(game, "sk.injury.roll") == []


def test_10_all_alone():
    rat = unit("clanrat", "w2_02", (10, 20))
    chief = unit("skaven_chieftain", "w2_01", (10, 11), leader=True)
    friend = unit("clanrat", "w2_03", (13, 20), status=KNOCKED_DOWN)
    a = unit("empire_swordsman", "w1_01", (9, 21))
    b = unit("empire_swordsman", "w1_02", (11, 21))
    s = state(a, b, chief, rat, friend)
    game = run(s, lambda g: all_alone(g, 2), [(4, 3), (2,), (5,), (6,), (3, 4)])
    (test,) = rolls(game, "sk.psy.all_alone")
    assert test["target"] == 5 and test["outcome"] == "fail"
    assert [r["outcome"] for r in rolls(game, "sk.cc.to_wound")] == ["no", "wound"]
    (save,) = rolls(game, "sk.save.armour")
    assert save["target"] == 5 and save["outcome"] == "saved"
    assert rolls(game, "sk.flee.distance")[0]["outcome"] == 7 and rat.fleeing
    assert rat.status != FLED and distance(rat.at, (10, 20)) == 7 and events(game, "flee")
