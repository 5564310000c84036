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


def test_3_closest_target_7_plus():
    from dungeon_tui.rulesets.skirmish.shooting import legal_shots, shoot

    gunner = unit("empire_handgunner", "w1_01", (8, 32))
    boy_a = unit("orc_boy", "w2_01", (8, 26), name="Orc Boy A")
    boy_b = unit("orc_arrer_boy", "w2_02", (22, 32), name="Arrer Boy B")
    s = state(gunner, boy_a, boy_b)

    def proc(g):
        legal = legal_shots(g, gunner, "handgun")
        x = next(x for x in legal if x.target is boy_b)
        yield from shoot(g, gunner, x)
        return {x.target.name: x.need for x in legal}

    game = run(s, proc, [(5,), (6,), (1, 4)])
    assert game.result["value"] == {"Orc Boy A": 6, "Arrer Boy B": 5}
    (hit,) = rolls(game, "sk.shoot.to_hit")
    assert hit["modifiers"] == {"long range": 1} and hit["outcome"] == "hit" and hit["inputs"] == {"bs": 3}
    assert rolls(game, "sk.shoot.to_wound")[0]["critical"] and boy_b.status == STUNNED

    archer = unit("orc_arrer_boy", "w2_03", (10, 12), moved=True)
    sword = unit("empire_swordsman", "w1_02", (10, 28))
    s = state(archer, sword)

    def far(g):
        (x,) = legal_shots(g, archer, "bow")
        yield from shoot(g, archer, x)

    game = run(s, far, [(6,), (5,), (3,)])
    (hit,) = rolls(game, "sk.shoot.to_hit")
    assert hit["target"] == 8 and hit["modifiers"] == {"moved": 1, "long range": 1, "hard cover": 2}
    assert hit["faces"] == [6] and hit["outcome"] == "hit"
    (extra,) = rolls(game, "sk.shoot.to_hit_extra")  # the second die is its own roll (§9)
    assert extra["faces"] == [5] and extra["target"] == 5 and extra["outcome"] == "hit"


def _field_with(rows: dict[int, str]):
    """The content with border_patrol's map replaced by open ground and the given rows."""
    import dataclasses

    from dungeon_tui.rulesets.skirmish.content import load_content

    c = load_content()
    sc = c.scenarios["border_patrol"]
    grid = ["." * 36 for _ in range(36)]
    for y, row in rows.items():
        grid[y] = row.ljust(36, ".")
    return dataclasses.replace(c, scenarios={**c.scenarios, "border_patrol": sc.model_copy(update={"map": grid})})


def test_4_drop():
    from dungeon_tui.rulesets.skirmish.movement import destinations, walk

    content = _field_with(dict.fromkeys(range(10, 15), "." * 10 + "55555"))

    def go(g):
        found = destinations(g, orc)
        assert found[(15, 12)].squares == 3  # 3 squares, the drop free
        return (yield from walk(g, orc, found[(20, 12)]))

    orc = unit("orc_boy", "w2_01", (11, 12))
    game = run(state(orc), go, [(2,), (5,), (3,), (3, 1), (4,)], content=content)
    assert [r["outcome"] for r in rolls(game, "sk.move.drop")] == ["success", "fail"]
    assert rolls(game, "sk.move.fall_hits")[0]["outcome"] == 2
    assert [r["target"] for r in rolls(game, "sk.move.fall_wound")] == [3, 3]
    assert orc.at == (15, 12) and orc.status == STUNNED and game.result["value"] is None
    orc = unit("orc_boy", "w2_01", (11, 12))
    game = run(state(orc), go, [(1,), (2,)], content=content)
    assert orc.at == (20, 12) and game.result["value"] == [(15, 12)]  # 8 - 3 = 5 squares on after the drop


def test_5_interception():
    from sk_scenario import Picks

    from dungeon_tui.rulesets.skirmish.charges import resolve

    sword = unit("empire_swordsman", "w1_01", (10, 30))
    runner = unit("night_runner", "w2_01", (10, 22))
    rat = unit("clanrat", "w2_02", (12, 25))
    s = state(sword, runner, rat, scenario="hold_the_ruin")
    game = run(s, lambda g: resolve(g, sword, runner, False), [],
               seats=Picks(("hold", {}), ("choose_destination", {"to": [10, 23]})))
    assert rat.at == (10, 26) and sword.at == (10, 27) and sword.charged and rat.first_round
    assert events(game, "intercept")


def test_7_heights():
    from sk_scenario import Picks

    from dungeon_tui.rulesets.skirmish.charges import resolve
    from dungeon_tui.rulesets.skirmish.combat import fight
    from dungeon_tui.rulesets.skirmish.turns import move_one

    runner = unit("night_runner", "w2_01", (16, 17))
    boy = unit("orc_boy", "w1_01", (19, 17))
    s = state(boy, runner)

    def dive(g):
        yield from resolve(g, runner, boy, False)
        yield from fight(g, ["w1_01", "w2_01"])

    game = run(s, dive, [(3,), (5,), (3,), (4,), (1,), (2,)],
               seats=Picks(("hold", {}), ("choose_destination", {"to": [18, 17]})))
    assert [r["outcome"] for r in rolls(game, "sk.move.drop")] == ["success", "success"]
    assert runner.diving and runner.charged
    (hit,) = rolls(game, "sk.cc.to_hit")
    assert hit["target"] == 3 and hit["modifiers"] == {"diving charge": -1}
    (wnd,) = rolls(game, "sk.cc.to_wound")
    assert wnd["target"] == 4 and wnd["modifiers"] == {"diving charge": 1} and wnd["inputs"]["s"] == 3

    rat = unit("clanrat", "w2_02", (17, 16))
    game = run(state(unit("empire_captain", "w1_01", (0, 0)), rat, scenario="hold_the_ruin"),
               lambda g: move_one(g, rat), [(4,)], seats=Picks(("move", {"to": [20, 16]})))
    assert rat.at == (20, 16) and rolls(game, "sk.move.climb")[0]["outcome"] == "success"  # 3 up, then 2 on
    assert rat.ran is False
    rat = unit("clanrat", "w2_02", (17, 16))
    game = run(state(unit("empire_captain", "w1_01", (0, 0)), rat, scenario="hold_the_ruin"),
               lambda g: move_one(g, rat), [(5,)], seats=Picks(("move", {"to": [18, 16]})))
    assert rat.at == (17, 16) and rolls(game, "sk.move.climb")[0]["outcome"] == "fail"


def test_12_magic():
    from sk_scenario import Picks

    from dungeon_tui.rulesets.skirmish.magic import cast

    wizard = unit("empire_battle_wizard", "w1_01", (10, 30))
    shaman = unit("orc_shaman", "w2_01", (20, 5))
    boy = unit("orc_boy", "w2_02", (10, 20))
    s = state(wizard, shaman, boy)
    game = run(s, lambda g: cast(g, wizard, "bolt", boy), [(3, 4), (2, 3), (5,), (4, 2, 6), (6, 1), (2,)],
               seats=Picks(("dispel", {})))
    (c,) = rolls(game, "sk.magic.cast")
    assert c["target"] == 6 and c["outcome"] == "cast"
    (d,) = rolls(game, "sk.magic.dispel")
    assert d["target"] == 7 and d["outcome"] == "fail"
    assert rolls(game, "sk.magic.hits")[0]["outcome"] == 3
    wounds = rolls(game, "sk.magic.to_wound")
    assert [w["outcome"] for w in wounds] == ["wound", "no", "wound"]
    assert not any(w["critical"] for w in wounds)
    assert [r["target"] for r in rolls(game, "sk.save.armour")] == [6, 6]
    assert boy.status == KNOCKED_DOWN


def test_10_all_alone_then_no_rally_with_an_enemy_nearest():
    from dungeon_tui.rulesets.skirmish.turns import rally_phase

    rat = unit("clanrat", "w2_02", (10, 13), fleeing=True)
    chief = unit("skaven_chieftain", "w2_01", (10, 2), leader=True)
    sword = unit("empire_swordsman", "w1_01", (10, 16))
    game = run(state(sword, chief, rat), lambda g: rally_phase(g, 2), [])
    assert rolls(game, "sk.rally.test") == [] and rat.fleeing  # no test: it flees on toward the edge
    chief.pos = (10, 11)  # a friend as near as the enemy: it may test
    game = run(state(sword, chief, rat), lambda g: rally_phase(g, 2), [(3, 3)])
    assert rolls(game, "sk.rally.test")[0]["outcome"] == "success" and not rat.fleeing and rat.rallied


def test_5_interception_tie_the_reacting_seat_chooses():
    """§5.3 step 7: two enemies can step onto the same earliest path square (example 5's Clanrat
    and its mirror image); the reacting seat picks which, here the weaker one."""
    from sk_scenario import Picks

    from dungeon_tui.rulesets.skirmish.charges import resolve

    sword = unit("empire_swordsman", "w1_01", (25, 30))
    runner = unit("night_runner", "w2_01", (25, 22))
    rat = unit("clanrat", "w2_02", (27, 25))
    slave = unit("clanrat_slave", "w2_03", (23, 25))
    s = state(sword, runner, rat, slave)
    seats = Picks(("hold", {}), ("choose_destination", {"to": [25, 23]}), ("intercept", {"model": "w2_03"}))
    game = run(s, lambda g: resolve(g, sword, runner, False), [], seats=seats)
    assert not seats.picks  # the tie was asked
    assert slave.at == (25, 26) and rat.at == (27, 25) and sword.at == (25, 27) and sword.charged
    assert events(game, "intercept")[0]["model"] == "w2_03"


def test_stand_and_shoot_with_a_sling_fires_two_shots():
    """§5.3 step 3: a normal shot, several shots included (+1 each), with the one +1 for a
    charging target.  A Night Runner's sling at a Swordsman charging from d 6: 2 shots need 6+."""
    from sk_scenario import Picks

    from dungeon_tui.rulesets.skirmish.charges import resolve

    sword = unit("empire_swordsman", "w1_01", (20, 30))
    runner = unit("night_runner", "w2_01", (20, 24))
    s = state(sword, runner, scenario="hold_the_ruin")
    seats = Picks(("stand_and_shoot", {"shots": 2}))
    game = run(s, lambda g: resolve(g, sword, runner, False), [(6, 2), (4,), (3,), (1,)], seats=seats)
    assert not seats.picks
    shots = rolls(game, "sk.shoot.to_hit")
    assert [r["outcome"] for r in shots] == ["hit", "miss"]
    assert all(r["target"] == 6 and r["modifiers"] == {"charging target": 1, "several shots": 1} for r in shots)
    assert sword.status == KNOCKED_DOWN and not sword.charged  # a charger downed stops where it stands
