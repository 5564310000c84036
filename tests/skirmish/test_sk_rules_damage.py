"""The damage chain and the rout test (specs/skirmish.md §5.5-§5.9) with forced dice."""
from __future__ import annotations

from sk_scenario import model, rolls, run, state

from dungeon_tui.rulesets.skirmish import tables
from dungeon_tui.rulesets.skirmish.damage import Hits, wound
from dungeon_tui.rulesets.skirmish.rout import rout_test
from dungeon_tui.rulesets.skirmish.state import KNOCKED_DOWN, OUT_OF_ACTION, STUNNED


def test_ws_table():
    assert tables.cc_hit_need(5, 3) == 3 and tables.cc_hit_need(3, 3) == 4 and tables.cc_hit_need(2, 5) == 5
    assert tables.cc_hit_need(2, 4) == 4


def test_st_table():
    assert [tables.wound_need(3, t) for t in range(1, 9)] == [2, 3, 4, 5, 6, 6, None, None]


def test_injury_table_and_d3():
    assert [tables.injury(f) for f in range(1, 7)] == [KNOCKED_DOWN] * 2 + [STUNNED] * 2 + [OUT_OF_ACTION] * 2
    assert [tables.d3(f) for f in range(1, 7)] == [1, 1, 2, 2, 3, 3]


def test_armour_saves():
    assert tables.save_need(6, 1, strength=3, parry=True) == 4
    assert tables.save_need(6, 1, strength=4) == 6
    assert tables.save_need(6, 1, strength=4, armour_piercing=True) is None
    assert tables.save_need(None, 0, strength=3) is None


def test_critical_once_per_phase_and_no_save():
    shooter = model("w1_01", "Handgunner", (0, 0))
    boy = model("w2_01", "Orc Boy", (5, 5), t=4, save=6, shield=1)
    s = state(shooter, boy)
    hits = Hits("sk.shoot.to_wound", "the handgun", 2, 4, source=shooter.id, armour_piercing=True)
    game = run(s, lambda g: wound(g, boy, hits), [(6, 6), (1, 2, 3)])
    first, second = rolls(game, "sk.shoot.to_wound")
    assert first["critical"] and not second["critical"] and second["outcome"] == "wound"
    assert rolls(game, "sk.save.armour") == []  # the only saveable wound is at 7+: no save
    (inj,) = rolls(game, "sk.injury.roll")
    assert inj["faces"] == [1, 2, 3] and inj["outcome"] == STUNNED and boy.status == STUNNED


def test_ward_saves_after_armour():
    target = model("w2_01", "Orc Boy", (5, 5), t=4, ward_side_turn=3)
    s = state(model("w1_01", "Wizard"), target)
    s.side_turns = 2
    game = run(s, lambda g: wound(g, target, Hits("sk.magic.to_wound", "the bolt", 1, 4, critical=False)),
               [(5,), (5,)])
    assert rolls(game, "sk.save.ward")[0]["outcome"] == "saved" and target.wounds == 1


def test_11_rout():
    skaven = [model(f"w2_{n:02}", f"Clanrat {n}", (n, 0), ld=5) for n in range(1, 15)]
    chieftain, runner = skaven[0], skaven[10]
    chieftain.leader, chieftain.ld, chieftain.status = True, 6, STUNNED
    runner.ld = 7
    s = state(model("w1_01", "Captain", (20, 20)), *skaven)
    for m in skaven[1:4]:
        m.status, m.pos = OUT_OF_ACTION, None
    game = run(s, lambda g: rout_test(g, 2), [])
    assert game.result["value"] is True and rolls(game) == []  # 3 of 14: 12 < 14, no test
    skaven[4].status, skaven[4].pos = OUT_OF_ACTION, None
    game = run(s, lambda g: rout_test(g, 2), [(5, 3)])
    (r,) = rolls(game)
    assert r["rule"] == "sk.rout.test" and r["target"] == 7 and r["outcome"] == "fail"
    assert r["inputs"]["whose"] == runner.name and game.result["value"] is False


def test_edge_slip_a_model_downed_at_a_drop_may_fall():
    from sk_scenario import unit

    from dungeon_tui.rulesets.skirmish.movement import edge_slip

    rat = unit("clanrat", "w2_01", (18, 16), status=KNOCKED_DOWN)
    s = state(unit("empire_captain", "w1_01", (0, 0)), rat, scenario="hold_the_ruin")
    game = run(s, lambda g: edge_slip(g, rat), [(6,), (1,), (1,)])
    (slip,) = rolls(game, "sk.move.edge_slip")
    assert slip["outcome"] == "fail" and rat.at == (17, 15)  # a natural 6 fails; the lowest floor, lowest y
    assert rolls(game, "sk.move.fall_wound")[0]["target"] == 4  # 3 levels: S3 against T3
    rat = unit("clanrat", "w2_01", (18, 16), status=KNOCKED_DOWN)
    s = state(unit("empire_captain", "w1_01", (0, 0)), rat, scenario="hold_the_ruin")
    run(s, lambda g: edge_slip(g, rat), [(4,)])
    assert rat.at == (18, 16)


def test_the_relic_carrier_drops_it_when_knocked_down():
    """§7.3: the carrier drops the relic on its square when down, fleeing or removed.  A Swordsman
    strikes the carrying Orc Boy down (hit 4, wound 5, save 2 fails, injury 1: knocked down)."""
    from sk_scenario import events, run, state, unit

    from dungeon_tui.rulesets.skirmish.combat import fight

    sword = unit("empire_swordsman", "w1_01", (10, 20), charged=True, first_round=True)
    boy = unit("orc_boy", "w2_01", (10, 21), carrying=True, first_round=True)
    s = state(sword, boy, scenario="barrow_tomb")
    s.objectives = {"searched": ["A"], "found": True, "relic_at": None}
    game = run(s, lambda g: fight(g, ["w1_01", "w2_01"]), [(4,), (5,), (2,), (1,)])
    assert boy.status == KNOCKED_DOWN and not boy.carrying
    assert s.objectives["relic_at"] == [10, 21]
    assert events(game, "relic_dropped")[0]["at"] == [10, 21]
