"""Rules of specs/ashardalon.md §5 beyond the worked examples, in scripted positions."""
from __future__ import annotations

from ash_scenario import _G, Picks, add_tile, dungeon, events, monster, rolls, run, tactics_lines, villain

from dungeon_tui.rulesets.ashardalon import board, combat, powers
from dungeon_tui.rulesets.ashardalon.arrivals import new_monster
from dungeon_tui.rulesets.ashardalon.dungeon import activate_figure
from dungeon_tui.rulesets.ashardalon.encounters import encounter
from dungeon_tui.rulesets.ashardalon.turns import villain_phase


def abc(heroes):
    s = dungeon(heroes)
    a = add_tile(s, "w04", (0, 0), "E")
    b = add_tile(s, "w01", a, "N")
    return s, a, b


def test_defeat_card_goes_from_the_first_holder_clockwise_from_the_attacker():
    s = dungeon({"quinn": (0, 5), "vistra": (1, 5), "keyleth": (3, 5)})
    k1 = monster(s, "kobold_dragonshield", (1, 6), holder="quinn", copy=1)
    monster(s, "kobold_dragonshield", (0, 1), holder="keyleth", copy=2)
    s.active = "vistra"
    s.decks["treasure"] = ["amulet_of_protection#1"]
    run(s, lambda g: combat.damage_foe(g, k1, 1, s.figures["vistra"], "test"), [])
    assert s.xp == ["kobold_dragonshield#2"] and s.rows["quinn"] == ["kobold_dragonshield#1"]


def test_one_defeat_treasure_per_player_turn():
    s = dungeon({"vistra": (1, 5)})
    s.turn = 4
    k1 = monster(s, "kobold_dragonshield", (1, 6), copy=1)
    k2 = monster(s, "snake", (2, 6), copy=1)
    s.decks["treasure"] = ["amulet_of_protection#1", "shield_of_protection#1"]
    vistra = s.figures["vistra"]

    def two_kills(g):
        yield from combat.damage_foe(g, k1, 1, vistra, "test")
        yield from combat.damage_foe(g, k2, 1, vistra, "test")

    game = run(s, two_kills, [])
    assert len(events(game, "treasure")) == 1 and list(vistra.items) == ["amulet_of_protection#1"]
    assert s.xp == ["kobold_dragonshield#1", "snake#1"]


def test_legion_devil_card_goes_to_xp_only_with_the_last_devil():
    s = dungeon({"vistra": (1, 5)})
    monster(s, "legion_devil", (1, 1))
    devils = [f for f in s.foes() if f.kind == "legion_devil"]
    assert len(devils) == 3
    vistra = s.figures["vistra"]

    def kill(g):
        for d in devils[:2]:
            yield from combat.damage_foe(g, d, 1, vistra, "test")
        assert s.xp == []
        yield from combat.damage_foe(g, devils[2], 1, vistra, "test")

    s.decks["treasure"] = ["amulet_of_protection#1"]
    run(s, kill, [])
    assert s.xp == ["legion_devil#1"] and s.rows["vistra"] == []


def test_level_2_critical_adds_one_damage_on_a_natural_20():
    s = dungeon({"keyleth": (1, 5)})
    keyleth = s.figures["keyleth"]
    keyleth.level = 2
    bear = monster(s, "cave_bear", (1, 6))
    s.decks["treasure"] = ["amulet_of_protection#1"]

    def hit(g):
        (a,) = [a for a in powers.attack_options(g, keyleth, "hero:keyleth") if a.get("power") == "holy_strike"]
        yield from powers.attack_with(g, keyleth, a)

    game = run(s, hit, [20])
    assert [e["amount"] for e in events(game, "damage")] == [2] and not bear.on_board


def test_hero_ac_counts_one_item_bonus_the_best():
    s = dungeon({"vistra": (1, 5), "keyleth": (2, 5)})
    vistra = s.figures["vistra"]
    vistra.items = {"amulet_of_protection#1": True, "shield_of_protection#1": True}
    g = _G(s)
    assert combat.hero_ac(g, vistra) == (18, {"item": 1})
    s.figures["keyleth"].items = {"blessed_shield#1": True}
    assert combat.hero_ac(g, vistra) == (19, {"item": 2})


def test_monsters_ignore_a_hero_lying_at_zero_hp():
    s = dungeon({"heskan": (1, 5), "vistra": (2, 1)})
    s.figures["heskan"].hp = 0
    grell = monster(s, "grell", (1, 6))
    game = run(s, lambda g: activate_figure(g, grell), [1])
    assert [t["line"] for t in tactics_lines(game)] == [2]
    assert board.adjacent(s, grell, s.figures["vistra"])
    assert [r["inputs"]["defender"] for r in rolls(game)] == ["Vistra"]


def test_move_tiles_on_the_heros_tile_steps_adjacent_without_attacking():
    s = dungeon({"vistra": (2, 7)})
    kobold = monster(s, "kobold_dragonshield", (0, 4))
    s.decks["dungeon"] = []
    game = run(s, lambda g: activate_figure(g, kobold), [])
    assert [t["line"] for t in tactics_lines(game)] == [3]
    assert board.adjacent(s, kobold, s.figures["vistra"]) and rolls(game) == []


def test_duplicate_name_is_discarded_and_another_drawn():
    s = dungeon({"vistra": (1, 5)})
    s.rows["vistra"] = ["grell#1"]
    s.decks["monster"] = ["grell#2", "snake#1"]
    run(s, lambda g: new_monster(g, (0, 0), "vistra"), [])
    assert s.rows["vistra"] == ["grell#1", "snake#1"] and s.discards["monster"] == ["grell#2"]
    snake = next(f for f in s.figures.values() if f.kind == "snake")
    assert board.cells_of(snake) == [(0, 0)]


def test_a_duplicate_is_kept_when_every_card_left_is_a_kind_he_holds():
    # Found by a companion-AI game: Quinn held one of every kind left, and the duplicate was
    # discarded, shuffled back and drawn again for ever.  The decks have run dry of anything
    # else: he keeps it (spec §5.6 step 3).
    s = dungeon({"vistra": (1, 5)})
    s.rows["vistra"] = ["grell#1", "snake#1"]
    s.decks["monster"] = ["grell#2"]
    s.discards["monster"] = ["snake#2"]
    game = run(s, lambda g: new_monster(g, (0, 0), "vistra"), [])
    assert s.rows["vistra"] == ["grell#1", "snake#1", "grell#2"] and s.discards["monster"] == ["snake#2"]
    assert [e.text for e in game.events if e.kind == "duplicate"] == [
        "No other monster is left to draw: Vistra keeps the Grell."]


def test_a_card_that_arrives_in_the_villain_phase_acts_when_reached():
    s, a, b = abc({"vistra": (1, 5)})
    guard = monster(s, "duergar_guard", board.lay(s).scorch(b))
    s.decks["dungeon"] = ["b12"]
    s.decks["monster"] = ["snake#1"]
    s.decks["encounter"] = []
    game = run(s, villain_phase, [])
    lines = [(t["figure"], t["line"]) for t in tactics_lines(game)]
    snake = next(f for f in s.figures.values() if f.kind == "snake")
    assert lines == [(guard.id, 2), (snake.id, 2)]
    assert board.cells_of(snake) == [b]  # one tile from (1,-2) toward Vistra


def test_perseverance_lowers_the_cancel_cost_by_one_per_hero_on_its_tile():
    """§2.2, §5.9: 5 XP less 1 per hero on the cleric's tile (him included); 3 XP in the pile
    cancels the encounter only with Quinn and Vistra together."""
    s = dungeon({"quinn": (1, 5), "vistra": (2, 5)})
    s.figures["quinn"].powers["perseverance"] = True
    s.xp = ["grell#1", "snake#1"]  # 2 + 1 XP
    s.decks["encounter"] = ["bulls_eye"]
    seat = Picks(("react", {"power": "perseverance", "use": True}), ("cancel", {"values": [2, 1]}))
    game = run(s, encounter, [], heroes=seat)
    assert s.xp == [] and s.figures["quinn"].powers["perseverance"] is False
    assert events(game, "cancel")[0]["card"] == "bulls_eye" and not rolls(game)

def test_first_player_roll_highest_d20_ties_roll_again_then_seat_order_from_him():
    from dungeon_tui.rulesets.ashardalon.turns import first_player
    s = dungeon({"quinn": (1, 5), "tarak": (2, 5), "heskan": (3, 5)}, first="roll")
    game = run(s, first_player, [5, 12, 12, 3, 15])
    assert [r["faces"][0] for r in rolls(game, "ash.setup.first_player")] == [5, 12, 12, 3, 15]
    assert s.party == ["heskan", "quinn", "tarak"]


def test_a_card_leaving_the_row_mid_phase_does_not_make_the_next_card_skip_its_turn():
    # The cultist walks onto a blade barrier token and dies: its card leaves Vistra's row while
    # the villain phase is going through it; the smasher after it must still act (§5.4).
    s, a, b = abc({"vistra": (1, 5)})
    scorch_a = board.lay(s).scorch(a)
    cultist = monster(s, "human_cultist", board.lay(s).scorch(b), holder="vistra")
    smasher = monster(s, "orc_smasher", (2, 7), holder="vistra")
    s.tokens.append({"kind": "blade_barrier", "at": list(scorch_a), "owner": "vistra"})
    s.active = "vistra"
    s.decks["encounter"] = []
    s.decks["treasure"] = ["potion_of_healing#1"]
    game = run(s, villain_phase, [5])  # the smasher's mace misses
    assert not cultist.on_board and "human_cultist#1" in s.xp
    assert [t["figure"] for t in tactics_lines(game)] == [cultist.id, smasher.id]


def test_ashardalon_steps_beside_a_hero_from_any_side():
    from dungeon_tui.rulesets.ashardalon.dungeon import step_adjacent
    from dungeon_tui.rulesets.ashardalon.state import VILLAIN
    s = dungeon({"quinn": (3, 5)})
    dragon = villain(s, "ashardalon", (0, 1))
    dragon.flags["size"] = 2
    game = run(s, lambda g: step_adjacent(g, dragon, s.figures["quinn"]), [])
    assert board.adjacent(s, dragon, s.figures["quinn"]) and dragon.side == VILLAIN
    assert all(board.lay(s).grid.floor(q) for q in board.squares_of(dragon))
    assert not [e for e in events(game, "tactics") if "no free square" in e["text"]]
