"""The worked examples of specs/ashardalon.md section 10, with forced d20 faces."""
from __future__ import annotations

from ash_scenario import _G, Picks, add_tile, dungeon, events, monster, rolls, run, tactics_lines, villain

from dungeon_tui.rulesets.ashardalon import board, combat, powers
from dungeon_tui.rulesets.ashardalon.ai.companions import HeroAI
from dungeon_tui.rulesets.ashardalon.dungeon import activate_figure
from dungeon_tui.rulesets.ashardalon.encounters import offer_cancel
from dungeon_tui.rulesets.ashardalon.exploration import explore
from dungeon_tui.rulesets.ashardalon.hazards import disable
from dungeon_tui.rulesets.ashardalon.heroes import hero_phase
from dungeon_tui.rulesets.ashardalon.levels import level_up_offer
from dungeon_tui.rulesets.ashardalon.turns import villain_phase


def attack_proc(hero, pid, target):
    def proc(g):
        opts = [a for a in powers.attack_options(g, hero, g.state.seat_of[hero.id])
                if a.get("power") == pid and a.get("target") == target.id]
        assert opts, f"{pid} at {target.name} is not offered"
        yield from powers.attack_with(g, hero, opts[0])
        yield from level_up_offer(g, hero)
    return proc


def test_1_hit_defeat_card_from_the_holder_treasure_to_the_attacker():
    s = dungeon({"vistra": (1, 5), "quinn": (2, 6)})
    s.active = "vistra"
    kobold = monster(s, "kobold_dragonshield", (1, 6), holder="quinn")
    s.decks["treasure"] = ["amulet_of_protection#1"]
    vistra = s.figures["vistra"]
    game = run(s, attack_proc(vistra, "sure_strike", kobold), [5])
    (r,) = rolls(game)
    assert r["rule"] == "ash.combat.hero_attack" and r["faces"] == [5]
    assert r["target"] == 16 and r["inputs"]["attack_bonus"] == 11 and r["modifiers"] == {}
    assert r["outcome"] == "hit"
    assert not kobold.on_board and kobold.hp == 0
    assert s.xp == ["kobold_dragonshield#1"] and s.rows["quinn"] == [] and s.rows["vistra"] == []
    assert list(vistra.items) == ["amulet_of_protection#1"] and s.figures["quinn"].items == {}


def test_2_grell_bite_miss_damage_then_hit_poisons():
    s = dungeon({"heskan": (1, 5)})
    grell = monster(s, "grell", (1, 6))
    heskan = s.figures["heskan"]

    def twice(g):
        yield from activate_figure(g, grell)
        assert heskan.hp == 5 and heskan.conditions == []
        yield from activate_figure(g, grell)

    game = run(s, twice, [6, 7])
    assert [t["line"] for t in tactics_lines(game)] == [1, 1]
    assert all(t["reason"].startswith("Grell, line 1: Heskan is adjacent, so it attacks") for t in tactics_lines(game))
    miss, hit = rolls(game)
    for r, face, outcome in ((miss, 6, "miss"), (hit, 7, "hit")):
        assert r["rule"] == "ash.combat.monster_attack" and r["faces"] == [face]
        assert r["target"] == 14 and r["inputs"]["attack_bonus"] == 7 and r["modifiers"] == {}
        assert r["outcome"] == outcome and "bite" in r["inputs"]["attacker"]
    assert heskan.hp == 4 and heskan.conditions == ["poisoned"]


def xp_pile(s, cards):
    s.xp = list(cards)


def test_3_change_rule_smallest_set_then_both_threes():
    s = dungeon({"quinn": (1, 5)})
    # values 3, 3, 3, 2 (gibbering mouthers are worth 3, a grell 2)
    xp_pile(s, ["gibbering_mouther#1", "gibbering_mouther#2", "gibbering_mouther#3", "grell#1"])
    g = _G(s)
    assert combat.spend_sets(g, 5) == [(3, 2), (3, 3)]
    s.decks["encounter"] = []

    def cancel_twice(game):
        assert (yield from offer_cancel(game, s.figures["quinn"], "bulls_eye"))
        assert [combat.xp_value(game, c) for c in s.xp] == [3, 3]
        assert combat.spend_sets(game, 5) == [(3, 3)]
        assert (yield from offer_cancel(game, s.figures["quinn"], "deep_tremor"))

    game = run(s, cancel_twice, [], heroes=HeroAI())
    spent = [e["spent"] for e in events(game, "cancel")]
    assert spent == [["gibbering_mouther#1", "grell#1"], ["gibbering_mouther#2", "gibbering_mouther#3"]]
    assert s.xp == []  # 6 spent for a cost of 5: the extra point is lost


def test_4_poison_surge_then_loss():
    s = dungeon({"tarak": (1, 5)}, surges=1)
    tarak = s.figures["tarak"]
    tarak.hp, tarak.conditions = 1, ["poisoned"]
    game = run(s, lambda g: hero_phase(g, tarak), [9], heroes=Picks(("end", {})))
    assert [e["amount"] for e in events(game, "damage")] == [1]
    assert s.surges == 0 and tarak.hp == 4 and s.result is None
    (save,) = rolls(game)
    assert ((save["rule"], save["faces"], save["target"], save["outcome"])
            == ("ash.condition.poison_save", [9], 10, "fail"))
    assert tarak.conditions == ["poisoned"]
    tarak.hp = 1  # later: poison drops him to 0 again, and no surge is left
    run(s, lambda g: hero_phase(g, tarak), [], heroes=Picks())
    assert tarak.hp == 0 and s.result is not None and s.result["outcome"] == "defeat"


def test_5_tile_distance_goes_round_not_diagonal():
    s = dungeon({"heskan": (1, 5)})
    a = add_tile(s, "w04", (0, 0), "E")  # turn_left turned 90: open W (entry) and N
    b = add_tile(s, "w01", a, "N")
    assert (a, b) == ((1, 0), (1, -1))
    lay = board.lay(s)
    assert lay.tile_distances([(0, 1)]) == {(0, 1): 0, (0, 0): 1, (1, 0): 2, (1, -1): 3}
    far = monster(s, "snake", lay.scorch(b))
    heskan = s.figures["heskan"]
    assert board.figure_tiles(s, heskan, far) == 3
    g = _G(s)
    assert far not in powers.attack_targets(g, heskan, "ray_of_frost")
    near = monster(s, "orc_archer", lay.scorch(a))
    assert powers.attack_targets(g, heskan, "ray_of_frost") == [near]


def long_hallway_turn(second_tile, encounters):
    s = dungeon({"keyleth": (1, 0)})
    s.decks["dungeon"] = [f"long_hallway_{second_tile[0]}", second_tile[1]]
    s.decks["monster"] = ["snake#1"]
    s.decks["encounter"] = list(encounters)
    keyleth = s.figures["keyleth"]

    def turn(g):
        assert (yield from explore(g, keyleth))
        yield from villain_phase(g)

    return s, run(s, turn, [])


def test_6_long_hallway_one_monster_on_the_far_tile_encounters_per_black_triangle():
    s, game = long_hallway_turn(("white", "b05"), ["dragons_tribute", "kobold_trappers"])
    hall, extra = s.tiles[1], s.tiles[2]
    assert (hall.tile, hall.cells, hall.rot) == ("long_hallway_white", [(0, -1)], 0)
    assert (extra.tile, extra.cells) == ("b05", [(0, -2)])
    snake = next(f for f in s.figures.values() if f.kind == "snake")
    assert s.rows["keyleth"] == ["snake#1"]
    assert [e["card"] for e in events(game, "monster")] == ["snake#1"]
    assert events(game, "monster")[0]["at"] == list(board.lay(s).scorch((0, -2)))
    assert s.placed_this_turn == ["white", "black"]
    assert [e["card"] for e in events(game, "encounter")] == ["dragons_tribute"]
    assert snake.on_board
    s, game = long_hallway_turn(("black", "b05"), ["dragons_tribute", "kobold_trappers"])
    assert [e["card"] for e in events(game, "encounter")] == ["dragons_tribute", "kobold_trappers"]


def test_7_orc_archer_arrow_from_two_tiles():
    s = dungeon({"keyleth": (1, 5)})
    a = add_tile(s, "w04", (0, 0), "E")
    archer = monster(s, "orc_archer", board.lay(s).scorch(a))
    keyleth = s.figures["keyleth"]
    assert board.figure_tiles(s, archer, keyleth) == 2

    def twice(g):
        yield from activate_figure(g, archer)
        assert keyleth.hp == 7
        yield from activate_figure(g, archer)

    game = run(s, twice, [10, 11])
    assert [t["line"] for t in tactics_lines(game)] == [2, 2]
    miss, hit = rolls(game)
    for r, face, outcome in ((miss, 10, "miss"), (hit, 11, "hit")):
        assert r["rule"] == "ash.combat.monster_attack" and r["faces"] == [face]
        assert r["target"] == 17 and r["inputs"]["attack_bonus"] == 6 and r["modifiers"] == {}
        assert r["outcome"] == outcome and "arrow" in r["inputs"]["attacker"]
    assert keyleth.hp == 5 and archer.pos == board.lay(s).scorch(a)


def test_8_level_up_after_a_natural_20_kill():
    s = dungeon({"keyleth": (1, 5)})
    keyleth = s.figures["keyleth"]
    keyleth.hp = 6
    smasher = monster(s, "orc_smasher", (1, 6))
    powers.began_adjacent(_G(s), keyleth)  # it stood next to him when the phase began: holy strike +1
    s.xp = ["snake#1", "snake#2", "gibbering_mouther#1"]
    s.decks["treasure"] = ["amulet_of_protection#1"]
    dailies_before = sum(1 for p in keyleth.powers if _G(s).content.powers[p].type == "daily")
    game = run(s, attack_proc(keyleth, "holy_strike", smasher), [20], heroes=HeroAI())
    (r,) = rolls(game)
    assert r["faces"] == [20] and r["outcome"] == "hit"
    assert not smasher.on_board
    assert [e["amount"] for e in events(game, "damage")] == [2]  # 1 + holy strike, no critical at level 1
    offer = next(e for e in game.events if e.kind == "decision" and "level" in e.data["action"].lower())
    assert "3+2" in offer.data["action"]
    assert [combat.xp_value(game, c) for c in s.xp] == [1, 1]
    assert (keyleth.level, keyleth.ac, keyleth.hp, keyleth.max_hp, keyleth.surge) == (2, 18, 8, 10, 5)
    assert sum(1 for p in keyleth.powers if game.content.powers[p].type == "daily") == dailies_before + 1


def test_8_minimal_sets_with_the_new_card():
    s = dungeon({"keyleth": (1, 5)})
    s.xp = ["snake#1", "snake#2", "gibbering_mouther#1", "grell#1"]
    assert combat.spend_sets(_G(s), 5) == [(3, 2), (3, 1, 1)]


def trap_position(face):
    s = dungeon({"tarak": (1, 5)})
    tarak = s.figures["tarak"]
    tarak.items["thieves_tools#1"] = True
    s.environment = "kobold_trappers"
    s.markers["poisoned_dart_trap"] = {"at": [2, 6]}
    s.rows["tarak"].append("poisoned_dart_trap")
    return s, tarak


def test_9_disable_ten_is_enough_nine_fails_and_the_trap_acts():
    s, tarak = trap_position(10)
    game = run(s, lambda g: disable(g, tarak, "poisoned_dart_trap"), [10])
    (r,) = rolls(game)
    assert (r["rule"], r["faces"], r["target"], r["outcome"]) == ("ash.trap.disable", [10], 10, "pass")
    assert r["modifiers"] == {"thieves_tools": 4, "kobold_trappers": -4}
    assert "poisoned_dart_trap" not in s.markers and s.rows["tarak"] == []
    s, tarak = trap_position(9)
    s.decks["encounter"] = []

    def fail_then_villain_phase(g):
        yield from disable(g, tarak, "poisoned_dart_trap")
        yield from villain_phase(g)

    game = run(s, fail_then_villain_phase, [9, 5])
    d, attack = rolls(game)
    assert (d["faces"], d["outcome"]) == ([9], "fail")
    assert (attack["rule"], attack["faces"], attack["target"], attack["inputs"]["attack_bonus"], attack["outcome"]) == (
        "ash.encounter.attack", [5], 14, 8, "miss")
    assert tarak.hp == 7 and "poisoned_dart_trap" in s.markers and s.rows["tarak"] == ["poisoned_dart_trap"]


def test_11_rage_drake_flips_after_three_then_four():
    s = dungeon({"vistra": (1, 5)})
    drake = villain(s, "rage_drake", (1, 1))  # start_n, one tile from Vistra
    vistra = s.figures["vistra"]

    def hits(g):
        yield from combat.damage_foe(g, drake, 3, vistra, "test")
        assert (drake.hp, drake.enraged) == (3, False)
        yield from combat.damage_foe(g, drake, 4, vistra, "test")
        assert drake.on_board and drake.enraged and drake.hp == 3
        yield from activate_figure(g, drake)

    game = run(s, hits, [15])
    (line,) = tactics_lines(game)
    assert line["line"] == 1 and "frenzy" in line["reason"]
    (r,) = rolls(game)
    assert "frenzy" in r["inputs"]["attacker"] and r["inputs"]["attack_bonus"] == 10
    assert board.adjacent(s, drake, vistra) and vistra.hp == 6


def test_12_same_name_every_grell_acts_once_per_villain_phase():
    s = dungeon({"quinn": (1, 5), "vistra": (2, 5)})
    a = add_tile(s, "w04", (0, 0), "E")
    b = add_tile(s, "w01", a, "N")
    lay = board.lay(s)
    g1 = monster(s, "grell", lay.scorch(b), holder="quinn", copy=1)
    g2 = monster(s, "grell", lay.placement_order(b)[1], holder="vistra", copy=2)
    s.decks["encounter"] = []

    def two_phases(g):
        s.active = "quinn"
        yield from villain_phase(g)
        s.active = "vistra"
        yield from villain_phase(g)

    game = run(s, two_phases, [])
    order = [t["figure"] for t in tactics_lines(game)]
    assert order == [g1.id, g2.id, g2.id, g1.id]
    assert board.cells_of(g1) == [(0, 0)] and board.cells_of(g2) == [(0, 0)]


def snipers_then_magma(heroes):
    from dungeon_tui.rulesets.ashardalon.encounters import encounter
    s = dungeon({"quinn": (1, 5)})
    s.environment = "hidden_snipers"
    s.xp = ["gibbering_mouther#1", "grell#1"]
    s.decks["encounter"] = ["walls_of_magma"]
    run(s, encounter, [], heroes=heroes)
    return s


def test_10_environment_cancelled_or_replacing():
    from ash_scenario import Picks
    s = snipers_then_magma(Picks(("cancel", {"values": [3, 2]})))
    assert s.environment == "hidden_snipers" and s.discards["encounter"] == ["walls_of_magma"] and s.xp == []
    s = snipers_then_magma(Picks(("cancel", {"values": None})))
    assert s.environment == "walls_of_magma" and s.discards["encounter"] == ["hidden_snipers"]
    assert s.xp == ["gibbering_mouther#1", "grell#1"]
