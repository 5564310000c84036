"""The encounter deck of specs/ashardalon.md §2.5, §5.7, §5.8 and §6.6, card family by card
family, with forced d20 faces and scripted choices of the active hero's seat."""
from __future__ import annotations

from ash_scenario import _G, Picks, add_tile, dungeon, events, monster, rolls, run

from dungeon_tui.rulesets.ashardalon import board, combat, heroes, movement
from dungeon_tui.rulesets.ashardalon.arrivals import claim_leap_square
from dungeon_tui.rulesets.ashardalon.dungeon import activate_marker
from dungeon_tui.rulesets.ashardalon.encounters import (
    after_exploration,
    encounter,
    slot_options,
    treasure_token_value,
    use_slot,
)
from dungeon_tui.rulesets.ashardalon.geometry import cell_of
from dungeon_tui.rulesets.ashardalon.hazards import climb_options, climb_out, disable


def abc(heroes_at):
    """The start tile (start_n (0,0), start_s (0,1)), A = w04 east of start_n at (1,0), B = w01
    north of A at (1,-1); decks empty."""
    s = dungeon(heroes_at)
    a = add_tile(s, "w04", (0, 0), "E")
    b = add_tile(s, "w01", a, "N")
    return s, a, b


def draw(s, *cards):
    s.decks["encounter"] = list(cards)


# -- curses ---------------------------------------------------------------------------------------

def test_cage_minus_two_ac_no_move_and_an_attack_slot_on_the_tile_opens_it():
    s, a, b = abc({"tarak": (1, 5), "quinn": (2, 6), "vistra": (6, 2)})
    draw(s, "cage")
    run(s, encounter, [])
    tarak, quinn, vistra = (s.figures[h] for h in ("tarak", "quinn", "vistra"))
    assert tarak.curses == ["cage"] and combat.hero_ac(_G(s), tarak) == (12, {"cage": -2})
    assert movement.walks(_G(s), tarak) == {}
    g = _G(s)
    assert [(x.kind, x.get("other")) for x in slot_options(g, tarak, "hero:tarak")] == [("open_cage", "tarak")]
    assert [(x.kind, x.get("other")) for x in slot_options(g, quinn, "hero:quinn")] == [("open_cage", "tarak")]
    assert slot_options(g, vistra, "hero:vistra") == []  # another tile
    (opt,) = slot_options(g, quinn, "hero:quinn")
    game = run(s, lambda g: use_slot(g, quinn, opt), [9])
    (r,) = rolls(game)
    assert (r["rule"], r["faces"], r["target"], r["outcome"]) == ("ash.curse.cage_open", [9], 10, "fail")
    assert tarak.curses == ["cage"]
    game = run(s, lambda g: use_slot(g, quinn, opt), [10])
    assert rolls(game)[0]["outcome"] == "pass" and tarak.curses == [] and s.discards["encounter"] == ["cage"]


def test_time_leap_lifts_the_hero_and_the_next_monster_he_draws_takes_his_square():
    s, a, b = abc({"tarak": (1, 5), "quinn": (6, 2)})
    draw(s, "time_leap", "wandering_monster")
    s.decks["monster"] = ["snake#1"]
    tarak = s.figures["tarak"]

    def two(g):
        yield from encounter(g)
        assert tarak.lifted and not tarak.on_board and tarak.flags["leap_square"] == [1, 5]
        yield from encounter(g)

    run(s, two, [])
    (snake,) = list(s.foes())
    assert snake.pos == (1, 5) and s.rows["tarak"] == ["snake#1"]
    assert "leap_square" not in tarak.flags and claim_leap_square(_G(s), "tarak") is None


def test_time_leap_square_is_forgotten_once_the_hero_is_back():
    s, a, b = abc({"tarak": (1, 5)})
    tarak = s.figures["tarak"]
    tarak.flags["leap_square"] = [1, 5]
    tarak.pos = (2, 5)  # came back at H0: no longer lifted, curse gone
    assert claim_leap_square(_G(s), "tarak") is None and "leap_square" not in tarak.flags


def test_curse_on_a_hero_off_the_board_is_discarded():
    s, a, b = abc({"tarak": (1, 5)})
    s.figures["tarak"].lifted = True
    draw(s, "bloodlust")
    run(s, encounter, [])
    assert s.figures["tarak"].curses == [] and s.discards["encounter"] == ["bloodlust"]


def test_wrath_of_the_enemy_brings_the_closest_monster_off_his_tile_then_the_end_roll():
    s, a, b = abc({"tarak": (1, 5)})
    tarak = s.figures["tarak"]
    tarak.curses.append("wrath_of_the_enemy")
    here = monster(s, "kobold_dragonshield", (2, 7))  # on his tile: not chosen
    snake = monster(s, "snake", (6, 2))  # tile A
    grell = monster(s, "grell", (6, -3))  # tile B, farther
    game = run(s, lambda g: after_exploration(g, tarak), [12])
    assert board.adjacent(s, snake, tarak) and grell.pos == (6, -3) and here.pos == (2, 7)
    (r,) = rolls(game)
    assert (r["rule"], r["faces"], r["outcome"]) == ("ash.curse.end_roll", [12], "pass")
    assert tarak.curses == [] and s.discards["encounter"] == ["wrath_of_the_enemy"]


def test_wrath_of_the_enemy_stays_on_a_failed_roll():
    s, a, b = abc({"tarak": (1, 5)})
    tarak = s.figures["tarak"]
    tarak.curses.append("wrath_of_the_enemy")
    game = run(s, lambda g: after_exploration(g, tarak), [9])
    assert rolls(game)[0]["outcome"] == "fail" and tarak.curses == ["wrath_of_the_enemy"]


# -- environments ---------------------------------------------------------------------------------

def test_surrounded_each_hero_without_a_monster_card_draws_one_by_the_nearest_unexplored_edge():
    s, a, b = abc({"tarak": (1, 5), "quinn": (6, 2), "vistra": (6, -3)})
    s.environment = "surrounded"
    monster(s, "grell", (5, -3), holder="vistra")
    s.decks["monster"] = ["snake#1", "orc_archer#1"]
    run(s, lambda g: after_exploration(g, s.figures["tarak"]), [])
    # Tarak: start_s has unexplored edges (its own tile); Quinn: tile A has none, B (1 hop) has N.
    assert s.rows["tarak"] == ["snake#1"] and s.rows["quinn"] == ["orc_archer#1"]
    snake, archer = [f for f in s.foes() if f.kind in ("snake", "orc_archer")]
    assert board.cells_of(snake) == [(0, 1)] and board.cells_of(archer) == [(1, -1)]
    assert s.rows["vistra"] == ["grell#1"]


def test_environment_replaces_the_old_one_and_a_cancelled_one_leaves_it():
    s, a, b = abc({"tarak": (1, 5)})
    draw(s, "dragons_tribute", "high_alert")
    run(s, encounter, [])
    assert s.environment == "dragons_tribute"
    run(s, encounter, [])
    assert s.environment == "high_alert" and s.discards["encounter"] == ["dragons_tribute"]
    s.xp = ["grell#1", "gibbering_mouther#1"]
    draw(s, "kobold_trappers")
    run(s, encounter, [], heroes=Picks(("cancel", {"values": [3, 2]})))
    assert s.environment == "high_alert" and s.discards["encounter"][-1] == "kobold_trappers"


def test_dragons_tribute_two_tokens_keep_the_lower_an_item_counts_higher():
    s, a, b = abc({"tarak": (1, 5)})
    g = _G(s)
    s.decks["treasure_tokens"] = ["item", "100", "200", "400"]
    assert treasure_token_value(g, "300") == "300"  # no tribute: the token as it is
    s.environment = "dragons_tribute"
    assert treasure_token_value(g, "300") == "300" and s.discards["treasure_tokens"] == ["item"]
    assert treasure_token_value(g) == "100" and s.discards["treasure_tokens"] == ["item", "200"]
    assert treasure_token_value(g, "item") == "400"
    assert treasure_token_value(g, "500") == "500"  # the bag is empty: nothing to compare


# -- events ---------------------------------------------------------------------------------------

def test_hidden_treasure_on_a_tile_without_a_hero_chosen_by_the_active_seat_then_another_card():
    s, a, b = abc({"tarak": (1, 5), "quinn": (1, 1)})
    s.decks["treasure_tokens"] = ["200"]
    draw(s, "hidden_treasure", "lost")
    seat = Picks(("hide", {"pick": 1}))  # options in reading order: B (1,-1), A (1,0)
    run(s, encounter, [], heroes=seat)
    (tok,) = s.tokens
    assert board.lay(s).placement_order((1, 0))[0] == tuple(tok["at"])
    assert s.discards["encounter"] == ["hidden_treasure", "lost"]


def test_ancient_spirits_blessing_readies_a_daily_of_any_hero():
    s, a, b = abc({"tarak": (1, 5), "quinn": (1, 1)})
    s.figures["tarak"].powers["tornado_strike"] = False
    s.figures["quinn"].powers["blade_barrier"] = False
    draw(s, "ancient_spirits_blessing", "lost")
    run(s, encounter, [], heroes=Picks(("bless", {"pick": 1})))  # Tarak's first, then Quinn's
    assert s.figures["quinn"].powers["blade_barrier"] and not s.figures["tarak"].powers["tornado_strike"]


def test_thief_in_the_dark_takes_the_treasure_card_the_player_names():
    s, a, b = abc({"tarak": (1, 5)})
    tarak = s.figures["tarak"]
    tarak.items = {"potion_of_healing#1": True, "amulet_of_protection#1": True}
    draw(s, "thief_in_the_dark")
    run(s, encounter, [], heroes=Picks(("thief", {"pick": 1})))
    assert list(tarak.items) == ["amulet_of_protection#1"] and s.discards["treasure"] == ["potion_of_healing#1"]


def test_quick_advance_picks_among_monsters_on_no_heros_tile():
    s, a, b = abc({"tarak": (1, 5), "quinn": (6, 2)})
    monster(s, "snake", (5, 2))  # with Quinn: not offered
    grell = monster(s, "grell", (6, -3))
    draw(s, "quick_advance", "lost")
    run(s, encounter, [])
    assert board.cells_of(grell) == [(1, 0)]


def test_revel_in_destruction_heals_the_chosen_damaged_monster():
    s, a, b = abc({"tarak": (1, 5)})
    bear = monster(s, "cave_bear", (6, 2))
    grell = monster(s, "grell", (6, -3))
    monster(s, "snake", (5, -3))
    bear.hp -= 2
    grell.hp -= 1
    draw(s, "revel_in_destruction")
    run(s, encounter, [], heroes=Picks(("revel", {"pick": 1})))
    assert grell.hp == grell.max_hp and bear.hp == bear.max_hp - 2


def test_scream_of_the_sentry_bottom_tile_by_the_chosen_monster():
    s, a, b = abc({"tarak": (1, 5)})
    monster(s, "snake", (2, 6))
    monster(s, "grell", (6, -3))
    s.decks["dungeon"] = ["b05", "w02"]
    s.decks["monster"] = ["orc_archer#1"]
    draw(s, "scream_of_the_sentry")
    run(s, encounter, [], heroes=Picks(("scream", {"pick": 1})))  # the grell on B
    assert [t.tile for t in s.tiles][-1] == "w02" and s.decks["dungeon"] == ["b05"]
    assert s.tiles[-1].cells == [(1, -2)]
    (archer,) = [f for f in s.foes() if f.kind == "orc_archer"]
    assert board.cells_of(archer) == [(1, -2)] and s.rows["tarak"][-1] == "orc_archer#1"


def test_occupied_lair_empty_stack_monster_and_token_where_the_tile_would_join():
    s, a, b = abc({"tarak": (1, 5)})
    s.decks["dungeon"] = []
    s.decks["monster"] = ["snake#1"]
    s.decks["treasure_tokens"] = ["100"]
    draw(s, "occupied_lair")
    run(s, encounter, [])
    (snake,) = s.foes()
    assert board.cells_of(snake) == [(0, 1)] and len(s.tiles) == 3
    assert [cell_of(tuple(t["at"])) for t in s.tokens] == [(0, 1)]


def test_warp_in_time_every_player_passes_one_monster_card_right():
    s, a, b = abc({"tarak": (1, 5), "quinn": (1, 1)})
    s.rows["tarak"] = ["grell#1", "pit"]
    s.rows["quinn"] = ["snake#1"]
    draw(s, "warp_in_time", "lost")
    run(s, encounter, [])
    assert s.rows["tarak"] == ["pit", "snake#1"] and s.rows["quinn"] == ["grell#1"]


# -- event-attacks --------------------------------------------------------------------------------

def test_concussive_blast_rolls_each_hero_on_the_tile_then_throws_him_on_a_chosen_neighbour():
    s, a, b = abc({"tarak": (1, 1), "quinn": (2, 2)})
    draw(s, "concussive_blast")
    game = run(s, encounter, [6, 20], heroes=Picks(("blast", {"pick": 1}), ("blast", {"pick": 0})))
    assert [(r["rule"], r["inputs"]["defender"], r["outcome"]) for r in rolls(game)] == [
        ("ash.encounter.attack", "Tarak", "hit"), ("ash.encounter.attack", "Quinn", "hit")]
    tarak, quinn = s.figures["tarak"], s.figures["quinn"]
    assert (tarak.hp, quinn.hp) == (6, 6)
    assert board.cells_of(tarak) == [(0, 1)] and board.cells_of(quinn) == [(1, 0)]


def test_blinding_bomb_dazes_then_each_sentry_heads_for_an_unexplored_edge():
    s, a, b = abc({"tarak": (6, 2)})
    guard = monster(s, "duergar_guard", (2, 2))  # a Sentry on start_n; its closest edge tile is its own
    snake = monster(s, "kobold_dragonshield", (5, 1))  # a Sentry on A: B (N edge) and start_n are 1 hop
    draw(s, "blinding_bomb")
    run(s, encounter, [10])
    assert s.figures["tarak"].conditions == ["dazed"]
    assert guard.pos == (2, 2) and board.cells_of(snake) in ([(1, -1)], [(0, 0)])


def test_lurkers_strike_and_trip_wire_bring_monsters():
    s, a, b = abc({"tarak": (6, 2)})
    s.decks["monster"] = ["snake#1", "grell#1"]
    draw(s, "lurkers_strike", "trip_wire")

    def two(g):
        yield from encounter(g)
        yield from encounter(g)

    game = run(s, two, [6, 4])
    assert [r["outcome"] for r in rolls(game)] == ["hit", "hit"]
    snake, grell = s.foes()
    assert board.cells_of(snake) == [(1, 0)]  # his tile
    assert board.cells_of(grell) == [(1, -1)]  # tile A has no unexplored edge: B (N) and start_n both 1 hop
    assert s.figures["tarak"].conditions == ["poisoned"]


# -- hazards and traps ----------------------------------------------------------------------------

def test_hazard_marker_one_per_tile_and_none_for_an_absent_hero():
    s, a, b = abc({"tarak": (1, 5)})
    draw(s, "cave_in", "pit", "unbearable_heat")
    run(s, encounter, [])
    assert s.markers == {"cave_in": {"at": [1, 5]}} and s.rows["tarak"] == ["cave_in"]
    run(s, encounter, [])  # pit: the tile has a marker, so it goes and unbearable_heat comes
    assert s.discards["encounter"] == ["pit", "unbearable_heat"] and s.figures["tarak"].hp == 7
    s.figures["tarak"].lifted = True
    draw(s, "whirling_blades", "bulls_eye")
    run(s, encounter, [])
    assert "whirling_blades" not in s.markers and s.decks["encounter"] == ["bulls_eye"]


def test_pit_hero_falls_in_is_spared_by_cards_then_climbs_out_beside_the_marker():
    s, a, b = abc({"tarak": (1, 5), "quinn": (6, 2)})
    s.markers["pit"] = {"at": [2, 6]}
    s.rows["tarak"].append("pit")
    run(s, lambda g: activate_marker(g, "pit"), [4])
    tarak = s.figures["tarak"]
    assert tarak.hp == 6 and not tarak.on_board and tarak.flags["in_pit"]
    draw(s, "unbearable_heat")
    s.active = "quinn"
    run(s, encounter, [])
    assert tarak.hp == 6 and s.figures["quinn"].hp == 7
    opts = climb_options(_G(s), tarak, "hero:tarak")
    assert [tuple(o.get("to")) for o in opts] == [(1, 5), (2, 5), (3, 5), (1, 6), (3, 6), (1, 7), (2, 7)]
    s.active = "tarak"
    run(s, lambda g: climb_out(g, tarak), [], heroes=Picks(("climb", {"to": [2, 7]})))
    assert tarak.on_board and tarak.pos == (2, 7) and "in_pit" not in tarak.flags


def test_a_hero_in_the_pit_climbs_out_with_his_phase_move_slot_then_may_still_attack():
    s, a, b = abc({"tarak": (1, 5)})
    s.markers["pit"] = {"at": [2, 6]}
    run(s, lambda g: activate_marker(g, "pit"), [18])  # 18 + 10 hits AC 14
    tarak = s.figures["tarak"]
    assert tarak.pos is None and tarak.flags["in_pit"]
    phases = []

    def hero_phase_once(g):
        from dungeon_tui.rulesets.ashardalon.heroes import hero_phase
        yield from hero_phase(g, tarak)

    class Seat:
        def choose(self, game, d):
            phases.append((sorted({o.kind for o in d.options}), d.context.get("done")))
            return next(o for o in d.options if o.kind in ("climb", "end")), "test"

    run(s, hero_phase_once, [], heroes=Seat())
    assert tarak.on_board and tarak.pos in board.lay(s).grid.neighbours((2, 6))
    # the climb is the phase's first move slot; one more slot (a move or an attack) is left
    assert phases[0][0] == ["climb"] and phases[1][1] == ["move"] and "move" in phases[1][0]


def test_lava_spreads_to_three_tiles_burns_them_and_disabling_clears_all():
    s, a, b = abc({"tarak": (1, 1), "quinn": (6, -3)})
    draw(s, "lava_flow")
    run(s, encounter, [])
    for _ in range(3):
        run(s, lambda g: activate_marker(g, "lava_flow"), [])
    lava = [cell_of(tuple(x["at"])) for x in s.markers["lava_flow"]["lava"]]
    # start_n, then A ((1,0) comes before start_s (0,1) in (j, i) order), then B ((1,-1)) before start_s
    assert lava == [(0, 0), (1, 0), (1, -1)]
    tarak, quinn = s.figures["tarak"], s.figures["quinn"]
    assert tarak.hp == 5 and quinn.hp == 6  # three burns on start_n; B burned twice
    game = run(s, lambda g: disable(g, tarak, "lava_flow"), [10])
    assert rolls(game)[0]["rule"] == "ash.trap.disable"
    assert "lava_flow" not in s.markers and s.rows["tarak"] == [] and s.discards["encounter"] == ["lava_flow"]


def test_whirling_blades_on_the_heros_tile_stay_and_strike_else_roll_one_tile():
    s, a, b = abc({"tarak": (1, 5)})
    s.markers["whirling_blades"] = {"at": [2, 6]}
    s.rows["tarak"].append("whirling_blades")
    game = run(s, lambda g: activate_marker(g, "whirling_blades"), [6])
    assert s.markers["whirling_blades"]["at"] == [2, 6]
    (r,) = rolls(game)
    assert (r["rule"], r["inputs"]["attack_bonus"], r["outcome"]) == ("ash.encounter.attack", 8, "hit")
    assert s.figures["tarak"].hp == 6
    s.markers["whirling_blades"] = {"at": list(board.lay(s).scorch(b))}
    game = run(s, lambda g: activate_marker(g, "whirling_blades"), [])
    assert s.markers["whirling_blades"]["at"] == list(board.lay(s).scorch(a)) and rolls(game) == []


def test_volcanic_vapors_poison_on_entering_its_tile():
    from dungeon_tui.rulesets.ashardalon.hazards import start_of_turn
    s, a, b = abc({"tarak": (1, 5), "quinn": (6, 2)})
    s.markers["volcanic_vapors"] = {"at": [2, 6]}
    g = _G(s)
    start_of_turn(g, s.figures["tarak"])
    start_of_turn(g, s.figures["quinn"])
    assert s.figures["tarak"].conditions == ["poisoned"] and s.figures["quinn"].conditions == []


def test_draw_from_an_empty_deck_and_discard_does_nothing():
    s, a, b = abc({"tarak": (1, 5)})
    game = run(s, encounter, [])
    assert events(game, "encounter")[0]["text"] == "The encounter deck is empty."


def test_high_alert_the_active_player_passes_a_held_monster_card_right_at_v5():
    from dungeon_tui.rulesets.ashardalon.turns import villain_phase
    s, a, b = abc({"tarak": (1, 5), "quinn": (1, 1), "vistra": (6, -3)})
    s.environment = "high_alert"
    monster(s, "grell", (6, -4), holder="tarak")
    s.active = "quinn"
    s.rows["quinn"].append("snake#1")  # a card with no figure: it has nobody to move
    draw(s, "lost")
    run(s, villain_phase, [])  # Tarak's grell does not act in Quinn's villain phase
    assert s.rows["quinn"] == [] and s.rows["tarak"] == ["grell#1", "snake#1"]  # Tarak sits on Quinn's right


def test_cage_opened_from_the_hero_phase_with_the_attack_slot():
    s, a, b = abc({"tarak": (1, 5), "quinn": (2, 6)})
    s.figures["tarak"].curses.append("cage")
    s.active = "quinn"
    quinn = s.figures["quinn"]
    seat = Picks(("open_cage", {"other": "tarak"}), ("end", {}))
    game = run(s, lambda g: heroes.hero_phase(g, quinn), [15], heroes=seat)
    assert rolls(game)[0]["rule"] == "ash.curse.cage_open" and s.figures["tarak"].curses == []


def test_frenzied_leap_mauls_with_a_monster_on_the_tile_else_brings_one_by_the_edge():
    s, a, b = abc({"tarak": (1, 5)})
    monster(s, "snake", (2, 7))
    draw(s, "frenzied_leap")
    run(s, encounter, [])
    assert s.figures["tarak"].hp == 6 and len(s.foes()) == 1
    s, a, b = abc({"tarak": (6, 2)})
    s.decks["monster"] = ["grell#1"]
    draw(s, "frenzied_leap")
    run(s, encounter, [])
    (grell,) = s.foes()
    assert s.figures["tarak"].hp == 8 and board.cells_of(grell) == [(1, -1)] and s.rows["tarak"] == ["grell#1"]


def test_spotted_sentries_on_top_then_the_bottom_tile_by_the_active_hero_brings_one():
    s, a, b = abc({"tarak": (6, -3)})
    s.decks["monster"] = ["grell#1", "duergar_guard#1", "snake#1", "orc_archer#1", "kobold_dragonshield#1",
                          "cave_bear#1"]
    s.decks["dungeon"] = ["b05", "w02"]
    draw(s, "spotted")
    run(s, encounter, [])
    assert sorted(s.discards["monster"]) == ["grell#1", "orc_archer#1", "snake#1"]
    assert s.tiles[-1].tile == "w02" and s.tiles[-1].cells == [(1, -2)]
    (sentry,) = s.foes()
    assert sentry.kind in ("duergar_guard", "kobold_dragonshield") and board.cells_of(sentry) == [(1, -2)]
    assert len(s.decks["monster"]) == 2 and s.decks["monster"][-1] == "cave_bear#1"


def test_lost_moves_the_bottom_tile_to_the_top():
    s, a, b = abc({"tarak": (1, 5)})
    s.decks["dungeon"] = ["b05", "w02", "w03"]
    draw(s, "lost")
    run(s, encounter, [])
    assert s.decks["dungeon"] == ["w03", "b05", "w02"]


def test_thief_takes_a_gold_token_when_no_treasure_card_and_spares_an_absent_hero():
    s, a, b = abc({"tarak": (1, 5)})
    tarak = s.figures["tarak"]
    tarak.gold = 300
    tarak.flags["gold_tokens"] = ["100", "200"]
    draw(s, "thief_in_the_dark")
    run(s, encounter, [], heroes=Picks(("thief", {"pick": 1})))
    assert tarak.gold == 100 and tarak.flags["gold_tokens"] == ["100"]
    tarak.items = {"amulet_of_protection#1": True}
    tarak.lifted = True
    draw(s, "thief_in_the_dark")
    run(s, encounter, [])
    assert tarak.items == {"amulet_of_protection#1": True}


def test_sulphurous_cloud_poisons_even_on_a_miss_and_earthquake_rolls_every_hero():
    s, a, b = abc({"tarak": (1, 5), "quinn": (2, 6), "vistra": (6, -3)})
    draw(s, "sulphurous_cloud")
    game = run(s, encounter, [1, 1])
    assert [r["inputs"]["defender"] for r in rolls(game)] == ["Tarak", "Quinn"]
    assert s.figures["tarak"].conditions == ["poisoned"] and s.figures["vistra"].conditions == []
    draw(s, "earthquake")
    game = run(s, encounter, [20, 1, 1])
    assert [r["inputs"]["defender"] for r in rolls(game)] == ["Tarak", "Quinn", "Vistra"]
    assert (s.figures["tarak"].hp, s.figures["quinn"].hp, s.figures["vistra"].hp) == (6, 7, 7)


def test_rolling_boulder_rolls_a_tile_toward_the_closest_hero_and_crushes_for_two():
    s, a, b = abc({"tarak": (6, 1), "quinn": (1, 5)})
    s.markers["rolling_boulder"] = {"at": list(board.lay(s).scorch(b))}
    game = run(s, lambda g: activate_marker(g, "rolling_boulder"), [])
    assert s.markers["rolling_boulder"]["at"] == list(board.lay(s).scorch(a)) and rolls(game) == []
    assert s.figures["tarak"].hp == 6 and s.figures["quinn"].hp == 8


def test_no_unexplored_edge_anywhere_the_active_heros_tile_serves():
    s, a, b = abc({"tarak": (6, 2)})
    board.lay(s).unexplored_edges = list  # a dungeon closed on every side
    s.decks["monster"] = ["snake#1", "grell#1"]
    s.decks["dungeon"] = ["w02"]
    s.decks["treasure_tokens"] = ["100"]
    draw(s, "wandering_monster", "occupied_lair")
    run(s, encounter, [])
    run(s, encounter, [])
    assert [board.cells_of(f) for f in s.foes()] == [[(1, 0)], [(1, 0)]]
    assert s.decks["dungeon"] == ["w02"] and [cell_of(tuple(t["at"])) for t in s.tokens] == [(1, 0)]
