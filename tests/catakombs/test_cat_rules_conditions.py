"""Conditions and special rules (§2.5, §5.12, §5.15): poison, fear, regeneration, webs, blessing,
unexpected events, raise dead, duels, interrupt windows, returning rats."""
from __future__ import annotations

from cat_core_scenario import act, pd, play, rolls, table

from dungeon_tui.rulesets.catakombs.combat import strike
from dungeon_tui.rulesets.catakombs.conditions import upkeep
from dungeon_tui.rulesets.catakombs.events import unexpected
from dungeon_tui.rulesets.catakombs.reinforcements import arrive
from dungeon_tui.rulesets.catakombs.state import HERO, MASTER
from dungeon_tui.rulesets.catakombs.turns import offers, window_offers
from dungeon_tui.rulesets.catakombs.windows import window


def test_vampire_poison_takes_hold_stuns_and_bites_each_turn():
    s = table("lost_treasure", {"irf": (3, 4), "vampire": (4, 4)})
    irf, vamp = s.figures["irf"], s.figures["vampire"]
    game = play(s, lambda g: strike(g, vamp, irf, False), [pd("I", "I", "I"), [4], pd("blank", "I")])
    resist = rolls(game, "cat.poison.resist")[0]
    assert (resist["target"], resist["outcome"]) == (2, "fail")
    assert irf.poisoned and irf.stun == 1 and irf.pv == 26 - 5
    # Next heroes' upkeep: 1D6 poison, then AP less the stun; the vampire's fear 2 is tested.
    game = play(s, lambda g: upkeep(g, HERO), [[3], pd("I", "I")])
    assert irf.pv == 26 - 5 - 3 and irf.ap == 3 and irf.stun == 0
    assert rolls(game, "cat.fear.test")[0]["target"] == 2 and not irf.feared


def test_fear_failed_costs_an_ap_and_fearful_rats_never_roll():
    s = table("lost_treasure", {"irf": (3, 4), "vampire": (6, 4)})
    irf = s.figures["irf"]
    play(s, lambda g: upkeep(g, HERO), [pd("blank", "I")])
    assert irf.feared and irf.ap == 3
    s = table("lost_treasure", {"torgils": (3, 4), "rats_a": (6, 4)})
    game = play(s, lambda g: upkeep(g, MASTER), [])
    (fear,) = rolls(game, "cat.fear.test")
    assert (fear["dice"], fear["outcome"]) == ("0pd", "fail") and s.figures["rats_a"].ap == 3


def test_regeneration_heals_at_upkeep():
    s = table("lost_treasure", {"vampire": (6, 4), "torgils": (20, 12)})
    vamp = s.figures["vampire"]
    vamp.pv = 10
    play(s, lambda g: upkeep(g, MASTER), [[4]])
    assert vamp.pv == 14 and vamp.ap == 4


def test_roots_web_a_target_who_breaks_free_with_strength():
    s = table("lost_treasure", {"esterella": (3, 4), "revenant_1": (6, 4)})
    est, rev = s.figures["esterella"], s.figures["revenant_1"]
    play(s, act("cast", est, spell="entangling_roots", target="revenant_1"), [pd("I", "I", "blank")])
    assert rev.webbed == 2
    game = play(s, lambda g: iter(()), [])
    assert [a.kind for a in offers(game, rev, "dungeon", 3)] == ["free_self"]
    game = play(s, act("free_self", rev), [pd("I", "I", "blank")])
    assert rolls(game, "cat.web.break")[0]["target"] == 2 and rev.webbed == 0


def test_blessing_raises_defence_until_the_heroes_upkeep():
    s = table("lost_treasure", {"esterella": (3, 4), "torgils": (4, 4), "revenant_1": (5, 4)})
    est, torgils, rev = s.figures["esterella"], s.figures["torgils"], s.figures["revenant_1"]
    play(s, act("cast", est, spell="freya_blessing", target="torgils"), [pd("I*", "I*", "blank")])
    assert torgils.blessed == 1
    game = play(s, lambda g: strike(g, rev, torgils, False), [pd("blank", "blank", "blank")])
    assert rolls(game, "cat.melee.hit")[0]["modifiers"] == {"blessing": 1}
    play(s, lambda g: upkeep(g, HERO), [])
    assert torgils.blessed == 0


def test_event_2_burns_a_hero_and_event_12_heals_every_hero():
    s = table("lost_treasure", {"irf": (3, 4), "torgils": (5, 4)})
    irf, torgils = s.figures["irf"], s.figures["torgils"]
    play(s, unexpected, [[1, 1], 0, [4]])
    assert torgils.burning and torgils.fire_rolled and torgils.pv == 28
    game = play(s, lambda g: upkeep(g, HERO), [[2]])  # no second burn: only the continue roll
    assert not rolls(game, "cat.fire.burn") and not torgils.burning and torgils.pv == 28
    irf.pv = 10
    play(s, unexpected, [[6, 6], [2, 2, 2]])
    assert irf.pv == 16 and torgils.pv == 32


def test_raise_dead_brings_the_most_valuable_troop():
    s = table("lost_treasure", {"tomb_king": (25, 4), "irf": (27, 4)})
    s.pool = [{"id": "revenant_1", "card": "revenant", "turn": 1}, {"id": "skell", "card": "skell", "turn": 1}]
    king = s.figures["tomb_king"]
    play(s, act("cast", king, spell="raise_dead"), [pd("I*", "I*", "I", "blank")], ("entry", {}))
    skell = s.figures["skell"]
    assert skell.standing and skell.ap == 0 and [e["id"] for e in s.pool] == ["revenant_1"]


def test_rats_returning_together_make_one_swarm():
    s = table("lost_treasure", {"tomb_king": (25, 4), "irf": (3, 4)})
    s.pool = [{"id": f"rats_a.rat{i}", "card": "rat", "turn": 1} for i in range(5)]
    play(s, lambda g: iter(arrive(g, list(s.pool), (12, 15)) or ()), [])
    swarms = [f for f in s.figures.values() if f.card == "rat" and f.standing]
    assert sorted(f.rats for f in swarms) == [1, 4] and not s.pool
    assert sorted(f.pv for f in swarms) == [3, 12]


def test_duellists_close_in_and_no_one_else_may_strike():
    s = table("lost_treasure", {"torgils": (3, 4), "skell": (6, 4), "irf": (2, 3)})
    s.options["duels"] = True
    torgils, skell, irf = s.figures["torgils"], s.figures["skell"], s.figures["irf"]
    play(s, act("challenge", torgils, target="skell"), [])
    assert torgils.duel == "skell" and skell.duel == "torgils"
    game = play(s, lambda g: iter(()), [])
    moves = offers(game, torgils, "hero:torgils", 3)
    assert moves and all(a.kind in ("walk", "run", "pass_ally", "open_door") for a in moves)
    assert all(max(abs(a.get("to")[0] - 6), abs(a.get("to")[1] - 4)) < 3 for a in moves)
    assert not [a for a in offers(game, irf, "hero:irf", 4) if a.get("target") == "skell"]


def test_smart_windows_ask_only_when_the_figure_ends_in_sight():
    s = table("lost_treasure", {"irf": (1, 4), "revenant_1": (6, 4), "revenant_2": (20, 12)})
    irf = s.figures["irf"]
    irf.reserved = 1
    game = play(s, lambda g: window(g, "W2", window_offers, s.figures["revenant_2"]), [])
    assert not [e for e in game.events if e.kind == "decision"]
    game = play(s, lambda g: window(g, "W2", window_offers, s.figures["revenant_1"]), [], ("pass_turn", {}))
    assert irf.passed_windows and irf.reserved == 1
    game = play(s, lambda g: window(g, "W2", window_offers, s.figures["revenant_1"]), [])
    assert not [e for e in game.events if e.kind == "decision"]  # passed for the rest of the turn
    play(s, lambda g: window(g, "W3", window_offers), [], ("pass", {}))  # W3 still comes


def test_the_vampire_flies_over_lava_and_is_never_held_back():
    s = table("lost_treasure", {"vampire": (19, 1), "torgils": (18, 2)})
    vamp = s.figures["vampire"]
    game = play(s, lambda g: iter(()), [])
    runs = {a.get("to"): a for a in offers(game, vamp, "dungeon", 4) if a.kind == "run"}
    assert (21, 1) in runs and runs[(21, 1)].get("via") == (20, 1)  # (20, 1) is lava
    play(s, act("run", vamp, via=(20, 1), to=(21, 1)), [])  # no blocking test beside Torgils
    assert vamp.pos == (21, 1)


def test_a_human_master_chooses_who_rises():
    s = table("lost_treasure", {"tomb_king": (25, 4), "irf": (27, 4)})
    s.options["mode"] = "hotseat"
    s.pool = [{"id": "revenant_1", "card": "revenant", "turn": 1}, {"id": "skell", "card": "skell", "turn": 1}]
    play(s, act("cast", s.figures["tomb_king"], spell="raise_dead"), [pd("I*", "I*", "I", "blank")],
         ("raise", {"index": 1}), ("entry", {}))
    assert s.figures["revenant_1"].standing and not s.figures["skell"].standing


def test_hotseat_swarms_join_and_count_from_the_next_upkeep():
    s = table("lost_treasure", {"rats_a": (4, 4), "rats_b": (5, 4), "irf": (20, 12)})
    s.options["mode"] = "hotseat"
    a, b = s.figures["rats_a"], s.figures["rats_b"]
    a.rats, a.pv, b.rats, b.pv = 1, 3, 2, 5
    game = play(s, lambda g: iter(()), [])
    assert [x.get("target") for x in offers(game, a, "dungeon", 4) if x.kind == "join_swarm"] == ["rats_b"]
    play(s, act("join_swarm", a, target="rats_b"), [])
    assert a.status == "merged" and a.pos is None and b.rats == 2 and b.joining == 1
    play(s, lambda g: upkeep(g, MASTER), [])
    assert (b.rats, b.pv, b.joining, b.stat("cc")) == (3, 8, 0, 3)
