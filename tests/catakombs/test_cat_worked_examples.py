"""The worked examples of specs/catakombs.md §10 with forced dice (power die pips: 1-2 blank,
3-4 I, 5-6 I*; location die: 1 head, 2-3 torso, 4-5 arms, 6 legs)."""
from __future__ import annotations

from cat_core_scenario import act, pd, play, rolls, table

from dungeon_tui.rulesets.catakombs.combat import strike
from dungeon_tui.rulesets.catakombs.conditions import upkeep
from dungeon_tui.rulesets.catakombs.damage import Blow, land
from dungeon_tui.rulesets.catakombs.reinforcements import reinforcements
from dungeon_tui.rulesets.catakombs.state import HERO
from dungeon_tui.rulesets.catakombs.turns import window_offers
from dungeon_tui.rulesets.catakombs.windows import window


def test_example_2_melee_head_and_crush():
    s = table("lost_treasure", {"torgils": (3, 4), "revenant_1": (4, 4)})
    torgils, rev = s.figures["torgils"], s.figures["revenant_1"]
    game = play(s, lambda g: strike(g, torgils, rev, False), [pd("I*", "I", "blank", "I*"), [1]], ("crush", {}))
    hit, loc = rolls(game)
    assert (hit["rule"], hit["dice"], hit["target"], hit["inputs"]["score"], hit["outcome"]) == (
        "cat.melee.hit", "4pd", 2, 6, "success")
    assert (loc["rule"], loc["dice"], loc["faces"], loc["outcome"]) == ("cat.melee.location", "loc", [1], "head")
    (blow,) = [e.data for e in game.events if e.kind == "hit"]
    assert (blow["raw"], blow["armour"], blow["wounds"]) == (16, 1, 15)
    assert rev.status == "off" and rev.pos is None and s.pool[0]["id"] == "revenant_1"
    assert torgils.pos == (4, 4)  # crushed forward into the empty square


def test_example_2_with_criticals():
    s = table("lost_treasure", {"torgils": (3, 4), "revenant_1": (4, 4)})
    s.options["critical_hits"] = True
    torgils, rev = s.figures["torgils"], s.figures["revenant_1"]
    game = play(s, lambda g: strike(g, torgils, rev, False), [pd("I*", "I", "blank", "I*"), [1]], ("hold", {}))
    assert rolls(game, "cat.melee.hit")[0]["critical"] is True
    (blow,) = [e.data for e in game.events if e.kind == "hit"]
    assert (blow["raw"], blow["wounds"]) == (26, 25)
    assert torgils.pos == (3, 4)


def test_example_3_multiple_combat():
    s = table("lost_treasure", {"flavien": (3, 4), "revenant_1": (2, 4), "revenant_2": (4, 4),
                                "revenant_3": (3, 3), "revenant_4": (3, 5)}, heroes=["flavien"])
    fl = s.figures["flavien"]
    a, b, c, d = (s.figures[f"revenant_{i}"] for i in range(1, 5))

    def attacks(game):
        for who in (a, b, c, a, d):
            yield from strike(game, who, fl, False)
    game = play(s, attacks, [pd("blank", "blank", "blank")] * 5)
    hits = rolls(game, "cat.melee.hit")
    assert [r["target"] for r in hits] == [4, 3, 2, 2, 1]
    assert [r["modifiers"].get("multiple combat", 0) for r in hits] == [0, -1, -2, -2, -3]


def test_example_5_lock_fate_and_the_prisoner_free():
    s = table("liberation", {"irf": (30, 4)})
    irf = s.figures["irf"]
    game = play(s, act("pick_lock", irf, at=(30, 3)), [pd("I*", "I", "blank"), pd("I*", "I*", "I")],
                ("use_fate", {}))
    assert [r["outcome"] for r in rolls(game, "cat.lock.pick")] == ["fail", "success"]
    assert s.doors["30,3"] == "open" and irf.fate == 1
    assert s.result == {"outcome": "victory", "why": "the prisoner is free"}


def test_example_6_lava_jump_and_fate_cancel():
    s = table("lost_treasure", {"esterella": (18, 4)})
    est = s.figures["esterella"]
    game = play(s, act("jump", est, to=(21, 4), over=2), [pd("I", "I", "I*")],
                ("keep_fate", {}), ("use_fate", {}))
    (jump,) = rolls(game, "cat.move.jump")
    assert (jump["target"], jump["inputs"]["score"], jump["outcome"]) == (4, 3, "fail")
    assert est.pos == (18, 4) and est.status == "standing" and est.fate == 1 and est.ap == 3


def test_example_6_without_fate_she_dies_in_the_lava():
    s = table("lost_treasure", {"esterella": (18, 4)})
    est = s.figures["esterella"]
    play(s, act("jump", est, to=(21, 4), over=2), [pd("I", "I", "I*")], ("keep_fate", {}), ("keep_fate", {}))
    assert est.status == "dead" and est.pos is None


def test_example_7_shooting():
    s = table("lost_treasure", {"irf": (1, 4), "revenant_1": (8, 4), "revenant_2": (1, 3)})
    irf, rev = s.figures["irf"], s.figures["revenant_1"]
    game = play(s, act("shoot", irf, target="revenant_1"), [pd("I*", "I", "I", "blank")], ("keep_fate", {}))
    (shot,) = rolls(game, "cat.shoot.hit")
    assert (shot["target"], shot["modifiers"], shot["inputs"]["score"], shot["outcome"]) == (
        4, {"threatened": 1}, 3, "fail")
    s = table("lost_treasure", {"irf": (1, 4), "revenant_1": (8, 4)})
    rev = s.figures["revenant_1"]
    game = play(s, act("shoot", s.figures["irf"], target="revenant_1"), [pd("I*", "I", "I", "blank"), [4]])
    assert rolls(game, "cat.shoot.hit")[0]["target"] == 3
    assert rolls(game, "cat.shoot.location")[0]["outcome"] == "arms"
    assert rev.pv == 14 - 6


def test_example_8_blocking_move_on():
    s = table("lost_treasure", {"esterella": (3, 4), "revenant_1": (2, 4), "revenant_2": (4, 4)})
    est = s.figures["esterella"]
    game = play(s, act("walk", est, to=(3, 5)), [pd("I", "blank", "blank"), [4]],
                ("keep_fate", {}), ("break_away", {}))
    (block,) = rolls(game, "cat.move.block")
    assert (block["target"], block["inputs"]["score"], block["outcome"]) == (2, 1, "fail")
    assert rolls(game, "cat.move.block_wounds")[0]["faces"] == [4]
    assert est.pv == 26 - 4 and est.pos == (3, 5) and est.ap == 3


def test_example_8_blocking_stay():
    s = table("lost_treasure", {"esterella": (3, 4), "revenant_1": (2, 4), "revenant_2": (4, 4)})
    est = s.figures["esterella"]
    play(s, act("walk", est, to=(3, 5)), [pd("I", "blank", "blank")], ("keep_fate", {}), ("stay_put", {}))
    assert est.pv == 26 and est.pos == (3, 4) and est.ap == 3


def test_example_9_swarm_loses_rats():
    s = table("lost_treasure", {"torgils": (3, 4), "rats_a": (4, 4)})
    torgils, rats = s.figures["torgils"], s.figures["rats_a"]
    assert (rats.stat("cc"), rats.stat("def"), rats.melee_damage, rats.pv) == (4, 3, 4, 12)
    game = play(s, lambda g: strike(g, torgils, rats, False), [pd("I", "I", "I", "blank"), [2]])
    assert rolls(game, "cat.melee.hit")[0]["target"] == 3
    assert (rats.pv, rats.rats, rats.stat("cc"), rats.stat("def"), rats.melee_damage) == (4, 2, 2, 1, 2)
    assert len(s.pool) == 2 and all(e["card"] == "rat" for e in s.pool)


def test_example_10_reinforcements():
    s = table("lost_treasure", {"tomb_king": (29, 3), "torgils": (3, 4)})
    for fid in ("revenant_2", "revenant_5"):
        s.pool.append({"id": fid, "card": "revenant", "turn": 1})
    s.figures["revenant_2"].pv = 0
    game = play(s, reinforcements, [[5], [3]], ("entry", {"at": (12, 15)}))
    back = [r["outcome"] for r in rolls(game, "cat.reinf.return")]
    assert back == ["success", "fail"]
    rev = s.figures["revenant_2"]
    assert (rev.status, rev.pos, rev.pv, rev.ap) == ("standing", (12, 15), 14, 3)
    assert [e["id"] for e in s.pool] == ["revenant_5"]


def test_example_10_event_4_brings_all_back():
    s = table("lost_treasure", {"tomb_king": (29, 3), "torgils": (3, 4)})
    for fid in ("revenant_2", "revenant_5"):
        s.pool.append({"id": fid, "card": "revenant", "turn": 1})
    s.flags["event_return"] = True
    game = play(s, reinforcements, [], ("entry", {"at": (12, 15)}))
    assert not rolls(game) and not s.pool
    first, second = s.figures["revenant_2"], s.figures["revenant_5"]
    assert first.pos == (12, 15) and second.standing and second.pos != first.pos  # the next free square


def test_example_11_fire():
    s = table("lost_treasure", {"esterella": (3, 4), "skell": (4, 4)})
    est, skell = s.figures["esterella"], s.figures["skell"]

    def proc(game):
        yield from land(game, est, Blow(skell, 3, "melee"))
        yield from upkeep(game, HERO)
    game = play(s, proc, [[4], [5], [3], [2], pd("I", "I", "I", "I")])
    assert rolls(game, "cat.fire.ignite")[0]["outcome"] == "success"
    assert rolls(game, "cat.fire.burn")[0]["faces"] == [3]
    assert rolls(game, "cat.fire.continue")[0]["outcome"] == "fail"
    assert est.pv == 26 - 3 - 3 and not est.burning


def test_example_12_wait_and_lookout():
    s = table("lost_treasure", {"irf": (1, 4), "revenant_1": (6, 4)})
    irf, rev = s.figures["irf"], s.figures["revenant_1"]

    def proc(game):
        for _ in range(2):
            yield from act("wait", irf)(game)
        yield from window(game, "W2", window_offers, rev)
    game = play(s, proc, [pd("blank", "blank", "blank", "blank")] * 2,
                ("shoot", {"target": "revenant_1"}), ("shoot", {"target": "revenant_1"}), ("pass", {}))
    shots = rolls(game, "cat.shoot.hit")
    assert [r["target"] for r in shots] == [2, 2]
    assert irf.ap == 0 and irf.reserved == 1


def test_spell_freya_healing_raises_a_downed_hero():
    s = table("lost_treasure", {"esterella": (3, 4), "irf": (4, 4)})
    est, irf = s.figures["esterella"], s.figures["irf"]
    irf.status, irf.pv, irf.downed_turn = "downed", 0, 2
    game = play(s, act("cast", est, spell="freya_healing", target="irf"), [pd("I", "I", "blank")])
    assert rolls(game, "cat.spell.cast")[0]["target"] == 1
    assert irf.status == "standing" and irf.pv == 6


def test_a_downed_hero_wounded_dies_unless_fate_cancels():
    s = table("lost_treasure", {"torgils": (3, 4), "revenant_1": (4, 4)})
    torgils, rev = s.figures["torgils"], s.figures["revenant_1"]
    torgils.status, torgils.pv = "downed", 0
    game = play(s, lambda g: strike(g, rev, torgils, False), [[2]], ("use_fate", {}))
    assert not rolls(game, "cat.melee.hit")  # a downed hero is hit without a test
    assert torgils.status == "downed" and torgils.fate == 0
    game = play(s, lambda g: strike(g, rev, torgils, False), [[2]])
    assert torgils.status == "dead"
