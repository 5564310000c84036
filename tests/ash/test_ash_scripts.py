"""Monster (and villain) tactics of specs/ashardalon.md §6.3/§6.4, each in a scripted position:
the line that fires (the dungeon decision's context and the "tactics" event), and who is
attacked or approached."""
from __future__ import annotations

from ash_scenario import Picks, add_tile, dungeon, events, monster, rolls, run, villain

from dungeon_tui.rulesets.ashardalon import board
from dungeon_tui.rulesets.ashardalon.dungeon import activate_figure


def dungeon_abc(heroes):
    """The start tile, A = w04 east of start_n (open W and N) at (1,0), B = w01 north of A at (1,-1)."""
    s = dungeon(heroes)
    a = add_tile(s, "w04", (0, 0), "E")
    b = add_tile(s, "w01", a, "N")
    return s, a, b


def act(s, fig, dice, **kw):
    seat = Picks()
    game = run(s, lambda g: activate_figure(g, fig), dice, dungeon_seat=seat, **kw)
    (ctx,) = [c for c in seat.seen if "line" in c]
    (ev,) = [e for e in events(game, "tactics") if "line" in e]
    assert ctx["figure"] == fig.id and ev["line"] == ctx["line"] and ev["reason"] == ctx["reason"]
    return game, ctx


def defenders(game):
    return [(r["inputs"]["defender"], r["inputs"]["attacker"].split("(")[1].rstrip(")")) for r in rolls(game)]


def test_cave_bear_claws_everyone_on_its_tile_but_not_the_next_tile():
    s, a, b = dungeon_abc({"quinn": (3, 5), "vistra": (0, 5), "keyleth": (1, 1)})
    bear = monster(s, "cave_bear", (1, 6))
    game, ctx = act(s, bear, [1, 1])
    assert ctx["line"] == 1 and "on its tile" in ctx["reason"]
    assert defenders(game) == [("Quinn", "claws"), ("Vistra", "claws")]


def test_cave_bear_leaps_next_to_a_hero_one_tile_away():
    s, a, b = dungeon_abc({"vistra": (2, 1), "quinn": (1, 6)})
    bear = monster(s, "cave_bear", board.lay(s).scorch(a))
    game, ctx = act(s, bear, [20])
    assert ctx["line"] == 2
    assert board.adjacent(s, bear, s.figures["vistra"])
    assert defenders(game) == [("Vistra", "leaping strike")]
    assert s.figures["vistra"].hp == 6 and s.figures["vistra"].conditions == ["dazed"]


def test_duergar_guard_hits_the_adjacent_hero_not_the_one_across_the_tile():
    s, a, b = dungeon_abc({"vistra": (3, 4), "heskan": (1, 5)})
    guard = monster(s, "duergar_guard", (1, 6))
    game, ctx = act(s, guard, [6])  # 6 + 8 = 14 = Heskan's AC
    assert ctx["line"] == 1 and "Heskan is adjacent" in ctx["reason"]
    assert defenders(game) == [("Heskan", "warhammer")] and s.figures["heskan"].hp == 5


def test_duergar_guard_alone_opens_the_bottom_tile_and_brings_a_monster():
    s, a, b = dungeon_abc({"vistra": (1, 5)})
    guard = monster(s, "duergar_guard", board.lay(s).scorch(b))
    s.decks["dungeon"] = ["w02", "b12"]  # b12 is the bottom tile
    s.decks["monster"] = ["snake#1"]
    game, ctx = act(s, guard, [])
    assert ctx["line"] == 2 and "unexplored edge" in ctx["reason"]
    assert s.tiles[-1].tile == "b12" and s.tiles[-1].cells == [(1, -2)] and s.decks["dungeon"] == ["w02"]
    snake = next(f for f in s.figures.values() if f.kind == "snake")
    assert board.cells_of(snake) == [(1, -2)] and s.rows["vistra"][-1] == "snake#1"
    assert rolls(game) == []


def test_kobold_with_an_empty_stack_walks_one_tile_toward_the_hero():
    s, a, b = dungeon_abc({"vistra": (1, 5)})
    kobold = monster(s, "kobold_dragonshield", board.lay(s).scorch(b))
    s.decks["dungeon"] = []
    game, ctx = act(s, kobold, [])
    assert ctx["line"] == 3
    assert board.cells_of(kobold) == [a] and rolls(game) == []


def test_kobold_sword_on_the_adjacent_hero():
    s, a, b = dungeon_abc({"tarak": (1, 5)})
    kobold = monster(s, "kobold_dragonshield", (2, 5))
    game, ctx = act(s, kobold, [7])  # 7 + 7 = 14 hits Tarak
    assert ctx["line"] == 1 and defenders(game) == [("Tarak", "sword")] and s.figures["tarak"].hp == 7


def test_gibbering_mouther_gibbers_at_heroes_within_one_tile_only():
    s, a, b = dungeon_abc({"vistra": (1, 1), "quinn": (1, 6)})
    mouther = monster(s, "gibbering_mouther", board.lay(s).scorch(a))
    game, ctx = act(s, mouther, [9])  # 9 + 8 = 17 hits Vistra
    assert ctx["line"] == 1
    assert defenders(game) == [("Vistra", "gibber")]
    assert s.figures["vistra"].conditions == ["dazed"] and s.figures["quinn"].hp == 8


def test_grell_closes_in_with_its_tentacles():
    s, a, b = dungeon_abc({"vistra": (2, 1), "quinn": (1, 6)})
    grell = monster(s, "grell", board.lay(s).scorch(a))
    game, ctx = act(s, grell, [1])
    assert ctx["line"] == 2
    assert board.adjacent(s, grell, s.figures["vistra"]) and board.cells_of(grell) == [(0, 0)]
    assert defenders(game) == [("Vistra", "tentacles")] and s.figures["vistra"].hp == 8


def test_human_cultist_goes_for_the_closest_hero_by_squares():
    s, a, b = dungeon_abc({"quinn": (2, 5), "vistra": (3, 1)})
    cultist = monster(s, "human_cultist", (1, 1))
    game, ctx = act(s, cultist, [20])
    assert ctx["line"] == 1
    assert board.adjacent(s, cultist, s.figures["vistra"])
    assert defenders(game) == [("Vistra", "dagger")]
    assert s.figures["vistra"].hp == 7 and s.figures["vistra"].conditions == ["poisoned"]
    assert s.figures["quinn"].hp == 8


def test_legion_devil_card_brings_three_and_one_attacks():
    s, a, b = dungeon_abc({"vistra": (2, 1)})
    devil = monster(s, "legion_devil", board.lay(s).scorch(a))
    assert sum(1 for f in s.foes() if f.kind == "legion_devil") == 3
    game, ctx = act(s, devil, [6])  # 6 + 11 = 17 hits Vistra
    assert ctx["line"] == 1 and board.adjacent(s, devil, s.figures["vistra"])
    assert defenders(game) == [("Vistra", "sword")] and s.figures["vistra"].hp == 7


def test_orc_archer_punches_the_adjacent_hero_before_shooting():
    s, a, b = dungeon_abc({"tarak": (2, 5), "keyleth": (1, 1)})
    archer = monster(s, "orc_archer", (2, 6))
    game, ctx = act(s, archer, [20])
    assert ctx["line"] == 1
    assert defenders(game) == [("Tarak", "punch")] and s.figures["tarak"].conditions == ["dazed"]
    assert s.figures["keyleth"].hp == 8


def test_orc_smasher_approaches_and_maces():
    s, a, b = dungeon_abc({"vistra": (2, 1)})
    smasher = monster(s, "orc_smasher", board.lay(s).scorch(a))
    game, ctx = act(s, smasher, [8])  # 8 + 9 = 17
    assert ctx["line"] == 1 and defenders(game) == [("Vistra", "mace")] and s.figures["vistra"].hp == 7


def test_snake_far_away_moves_one_tile_along_the_tile_path():
    s, a, b = dungeon_abc({"vistra": (1, 5)})
    snake = monster(s, "snake", board.lay(s).scorch(b))
    game, ctx = act(s, snake, [])
    assert ctx["line"] == 2 and "moves 1 tile toward the closest hero, Vistra" in ctx["reason"]
    assert board.cells_of(snake) == [a] and rolls(game) == []


def test_snake_bite_poisons_without_damage():
    s, a, b = dungeon_abc({"heskan": (1, 5)})
    snake = monster(s, "snake", (1, 6))
    game, ctx = act(s, snake, [7])  # 7 + 7 = 14
    assert ctx["line"] == 1 and defenders(game) == [("Heskan", "bite")]
    assert s.figures["heskan"].hp == 6 and s.figures["heskan"].conditions == ["poisoned"]


# -- villains (§6.4) -------------------------------------------------------------------------------

def test_otyugh_pulls_the_closest_hero_and_whips_him():
    s, a, b = dungeon_abc({"vistra": (2, 1), "quinn": (1, 6)})
    oty = villain(s, "otyugh", board.lay(s).scorch(a))
    game, ctx = act(s, oty, [9])  # tentacle 9 + 8 = 17
    assert ctx["line"] == 2
    assert board.adjacent(s, oty, s.figures["vistra"]) and oty.pos == board.lay(s).scorch(a)
    assert defenders(game) == [("Vistra", "tentacle")] and s.figures["vistra"].hp == 7


def test_kraash_lightning_strikes_every_hero_on_the_closest_heros_tile():
    s, a, b = dungeon_abc({"vistra": (2, 1), "quinn": (1, 1), "keyleth": (1, 6)})
    kraash = villain(s, "kraash", board.lay(s).scorch(b))  # start_n is 2 tiles away, start_s 3
    game, ctx = act(s, kraash, [1, 1])
    assert ctx["line"] == 2
    assert sorted(d for d, _ in defenders(game)) == ["Quinn", "Vistra"]


def test_meerak_has_plus_two_ac_next_to_a_reptile():
    from ash_scenario import _G

    from dungeon_tui.rulesets.ashardalon.combat import foe_ac
    s, a, b = dungeon_abc({"vistra": (1, 5)})
    meerak = villain(s, "meerak", (1, 1))
    assert foe_ac(_G(s), meerak)[0] == 16
    monster(s, "snake", (2, 1))
    assert foe_ac(_G(s), meerak) == (18, {"reptile_shield": 2})


# -- hazards and traps (§6.6) ------------------------------------------------------------------------

def test_whirling_blades_roll_one_tile_to_the_scorch_and_strike_there():
    from dungeon_tui.rulesets.ashardalon.dungeon import activate_marker
    s, a, b = dungeon_abc({"tarak": (4, 2), "quinn": (1, 5)})
    lay = board.lay(s)
    assert board.cells_of(s.figures["tarak"]) == [a]
    s.markers["whirling_blades"] = {"at": list(lay.scorch(b))}
    s.rows["tarak"].append("whirling_blades")
    seat = __import__("ash_scenario").Picks()
    game = run(s, lambda g: activate_marker(g, "whirling_blades"), [1], dungeon_seat=seat)
    assert [c["line"] for c in seat.seen if "line" in c] == [1]
    assert s.markers["whirling_blades"]["at"] == list(lay.scorch(a))
    (r,) = rolls(game)
    assert (r["rule"], r["inputs"]["defender"], r["inputs"]["attack_bonus"], r["outcome"]) == (
        "ash.encounter.attack", "Tarak", 8, "miss")
    assert s.figures["tarak"].hp == 7 and s.figures["quinn"].hp == 8  # miss 1


def test_pit_hits_the_heroes_on_its_tile():
    from dungeon_tui.rulesets.ashardalon.dungeon import activate_marker
    s, a, b = dungeon_abc({"tarak": (1, 5), "quinn": (1, 1)})
    s.markers["pit"] = {"at": [2, 6]}
    s.rows["tarak"].append("pit")
    game = run(s, lambda g: activate_marker(g, "pit"), [4])  # 4 + 10 = 14 hits Tarak
    (r,) = rolls(game)
    assert (r["inputs"]["defender"], r["outcome"]) == ("Tarak", "hit")
    assert s.figures["tarak"].hp == 6 and s.figures["quinn"].hp == 8


def test_pit_hit_hero_falls_in():
    from dungeon_tui.rulesets.ashardalon.dungeon import activate_marker
    s, a, b = dungeon_abc({"tarak": (1, 5)})
    s.markers["pit"] = {"at": [2, 6]}
    s.rows["tarak"].append("pit")
    run(s, lambda g: activate_marker(g, "pit"), [4])
    assert not s.figures["tarak"].on_board


def test_bellax_eye_ray_from_two_tiles():
    s, a, b = dungeon_abc({"vistra": (2, 1)})
    bellax = villain(s, "bellax", board.lay(s).scorch(b))
    game, ctx = act(s, bellax, [9])  # 9 + 8 = 17 hits Vistra
    assert ctx["line"] == 2 and defenders(game) == [("Vistra", "eye ray")]
    assert s.figures["vistra"].hp == 7 and s.figures["vistra"].conditions == ["dazed"]
    assert bellax.pos == board.lay(s).scorch(b)


def test_bellax_eye_ray_turns_a_power_face_down():
    s, a, b = dungeon_abc({"vistra": (2, 1)})
    bellax = villain(s, "bellax", board.lay(s).scorch(b))
    vistra = s.figures["vistra"]
    ready_before = sum(vistra.powers.values())
    act(s, bellax, [9])
    assert sum(vistra.powers.values()) == ready_before - 1
    assert vistra.powers["comeback_strike"] is False  # the daily goes first
