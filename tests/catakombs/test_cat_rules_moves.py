"""Moves, doors and items (§5.2, §5.3, §5.9, §5.11) with forced dice."""
from __future__ import annotations

from cat_core_scenario import act, pd, play, rolls, table

from dungeon_tui.rulesets.catakombs.turns import offers


def test_walking_onto_a_trap_dodges_and_running_onto_one_does_not():
    s = table("lost_treasure", {"irf": (12, 7)})
    irf = s.figures["irf"]
    game = play(s, act("walk", irf, to=(12, 8)), [pd("blank", "blank", "blank", "blank"), [1, 2, 3, 4]])
    assert rolls(game, "cat.trap.dodge")[0]["outcome"] == "fail" and irf.pv == 26 - 10
    assert s.traps["12,8"] is False  # spent
    s = table("lost_treasure", {"irf": (28, 6)})
    irf = s.figures["irf"]
    game = play(s, act("run", irf, via=(28, 7), to=(28, 8)), [[6, 6, 6, 6]])
    assert not rolls(game, "cat.trap.dodge") and irf.pv == 2 and irf.pos == (28, 8)


def test_passing_an_ally_takes_no_blocking_test():
    s = table("lost_treasure", {"irf": (3, 4), "torgils": (4, 4), "revenant_1": (3, 3)})
    irf = s.figures["irf"]
    game = play(s, act("pass_ally", irf, via=(4, 4), to=(5, 4)), [])
    assert not rolls(game) and irf.pos == (5, 4) and irf.ap == 2


def test_a_jump_over_one_square():
    s = table("lost_treasure", {"esterella": (19, 1)})
    est = s.figures["esterella"]
    game = play(s, act("jump", est, to=(21, 1), over=1), [pd("I", "I", "blank")])
    assert rolls(game, "cat.move.jump")[0]["target"] == 2 and est.pos == (21, 1)


def test_jumps_are_offered_only_over_what_a_walk_cannot_take():
    def jumps(s, fig):
        game = play(s, lambda g: iter(()), [])
        return {(a.get("to"), a.get("over")) for a in offers(game, fig, "heroes", fig.ap) if a.kind == "jump"}
    s = table("lost_treasure", {"irf": (4, 4)})
    assert jumps(s, s.figures["irf"]) == set()  # open floor all round: a run does as well
    s = table("lost_treasure", {"irf": (19, 1)})
    assert ((21, 1), 1) in jumps(s, s.figures["irf"])  # over the lava
    s = table("lost_treasure", {"irf": (4, 4), "torgils": (5, 4), "revenant_1": (6, 4)})
    assert jumps(s, s.figures["irf"]) == {((7, 4), 2), ((8, 4), 3)}  # over the two figures
    s = table("lost_treasure", {"irf": (12, 6)})
    assert {((12, 9), 2)} <= jumps(s, s.figures["irf"])  # over the trap at 12,8 (and 12,7 before it)


def test_a_run_gives_up_its_second_step_when_held():
    s = table("lost_treasure", {"esterella": (3, 4), "revenant_1": (5, 6)})
    est = s.figures["esterella"]
    game = play(s, act("run", est, via=(4, 5), to=(4, 6)), [pd("blank", "blank", "blank")],
                ("keep_fate", {}), ("stay_put", {}))
    assert rolls(game, "cat.move.block")[0]["target"] == 1 and est.pos == (4, 5)


def test_doors_open_close_and_break():
    s = table("lost_treasure", {"torgils": (23, 4)})
    torgils = s.figures["torgils"]
    play(s, act("break_door", torgils, at=(24, 4)), [])
    assert s.door_pv["24,4"] == 2 and s.doors["24,4"] == "closed"
    play(s, act("break_door", torgils, at=(24, 4)), [])
    assert s.doors["24,4"] == "broken"
    game = play(s, lambda g: iter(()), [])
    assert not [a for a in offers(game, torgils, "hero:torgils", 4) if a.kind in ("close_door", "break_door")]
    s = table("lost_treasure", {"irf": (23, 4), "revenant_1": (24, 4)})
    s.doors["24,4"] = "open"
    game = play(s, lambda g: iter(()), [])
    assert "close_door" not in {a.kind for a in offers(game, s.figures["irf"], "hero:irf", 4)}  # occupied


def test_barrels_are_taken_drunk_and_given_to_the_downed():
    s = table("lost_treasure", {"irf": (12, 2), "torgils": (11, 3)})
    irf, torgils = s.figures["irf"], s.figures["torgils"]
    play(s, act("take_item", irf, item="barrel", at=(13, 2)), [])
    assert irf.items == ["barrel"] and "13,2" not in s.barrels
    torgils.status, torgils.pv = "downed", 0
    game = play(s, act("give_barrel_to_downed", irf, target="torgils"), [[5]])
    assert rolls(game, "cat.barrel.heal")[0]["faces"] == [5]
    assert torgils.status == "standing" and torgils.pv == 5 and irf.items == []


def test_whirlwind_attacks_every_adjacent_enemy():
    s = table("lost_treasure", {"torgils": (3, 4), "revenant_1": (2, 4), "revenant_2": (4, 4)})
    game = play(s, act("whirlwind", s.figures["torgils"]), [pd("blank", "blank", "blank", "blank")] * 2)
    hits = rolls(game, "cat.melee.hit")
    assert len(hits) == 2 and [h["target"] for h in hits] == [2, 2] and s.figures["torgils"].ap == 2


def test_the_idle_solo_figure_wanders_straight():
    s = table("lost_treasure", {"revenant_1": (4, 4), "irf": (20, 12)})
    rev = s.figures["revenant_1"]
    rev.inactive_roll = 3
    game = play(s, lambda g: iter(()), [])
    assert [a.get("steps") for a in offers(game, rev, "dungeon", 3) if a.kind == "wander"] == [2]
    play(s, act("wander", rev, steps=2), [2])  # the third way open: east
    assert rev.pos == (6, 4) and rev.ap == 1 and rev.wandered
