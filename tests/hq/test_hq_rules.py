"""HeroQuest rules beyond the worked examples' first batch: movement rolls, traps, jumping,
disarming, rescue and remains, hero spells and dread spells — each with forced dice
(combat die: 1-3 skull, 4-5 white shield, 6 black shield)."""
from __future__ import annotations

from hq_scenario import Picks, rolls, run, trial
from test_hq_worked_examples import new_monster_at

from dungeon_tui.rulesets.heroquest.ai.seat import ScriptedSeat
from dungeon_tui.rulesets.heroquest.combat import attack_dice
from dungeon_tui.rulesets.heroquest.content import load_content
from dungeon_tui.rulesets.heroquest.hero_turn import hero_turn
from dungeon_tui.rulesets.heroquest.heroes import adjacent
from dungeon_tui.rulesets.heroquest.monsters import activate, dungeon_phase


def add_trap(s, tid, kind, at, state="hidden"):
    s.traps[tid] = {"kind": kind, "at": list(at), "state": state}


def test_3_plate_mail_and_swift_wind_hq_move_roll():
    s = trial({"dwarf": (5, 9)})
    dwarf = s.figures["dwarf"]
    dwarf.equipment.append("plate_mail")
    dwarf.flags["swift_wind"] = True
    game = run(s, lambda g: hero_turn(g, dwarf), [[3, 5]], heroes=Picks(("roll_move", {})))
    (r,) = rolls(game, "hq.move.roll")
    assert (r["dice"], r["faces"], r["outcome"]) == ("2d6", [3, 5], 8)  # plate: 1 die, doubled by the wind
    assert "swift_wind" not in dwarf.flags


def test_5_spear_trap_skull_ends_the_turn():
    s = trial({"elf": (5, 9)})
    add_trap(s, "t1", "spear", (3, 9))
    elf = s.figures["elf"]
    picks = Picks(("roll_move", {}), ("step", {"to": (4, 9)}), ("step", {"to": (3, 9)}))
    game = run(s, lambda g: hero_turn(g, elf), [[3, 3], [2]], heroes=picks)
    assert rolls(game, "hq.trap.spear")[0]["outcome"] == 1
    assert elf.body == 5 and elf.pos == (3, 9) and s.traps["t1"]["state"] == "gone"
    assert len(picks.seen) == 3  # no choice after the spear: the turn is over


def test_5_spear_trap_missed_he_goes_on_with_4_points():
    s = trial({"elf": (5, 9)})
    add_trap(s, "t1", "spear", (3, 9))
    elf = s.figures["elf"]
    picks = Picks(("roll_move", {}), ("step", {"to": (4, 9)}), ("step", {"to": (3, 9)}))
    run(s, lambda g: hero_turn(g, elf), [[3, 3], [5]], heroes=picks)
    assert elf.body == 6 and s.traps["t1"]["state"] == "gone"
    assert picks.seen[3]["points"] == 4 and "step" in picks.seen[3]["kinds"]


def test_a_trap_under_a_monster_waits_while_a_veiled_hero_passes_through():
    # Found by the mixed fuzz: a Fimir stood on a hidden pit; the Barbarian under Veil of Mist
    # stepped through its square, fell in and stopped on the Fimir's square.  He may not stop
    # there, so the trap waits (house rule) and he walks on.
    s = trial({"barbarian": (5, 9)})
    add_trap(s, "t1", "pit", (4, 9))
    new_monster_at(s, "fimir", (4, 9))
    bar = s.figures["barbarian"]
    bar.flags["veil"] = True
    picks = Picks(("roll_move", {}), ("step", {"to": (4, 9)}), ("step", {"to": (3, 9)}))
    run(s, lambda g: hero_turn(g, bar), [[2, 3]], heroes=picks)
    assert bar.pos == (3, 9) and bar.body == 8 and not bar.flags.get("in_pit")
    assert s.traps["t1"]["state"] == "hidden" and picks.seen[3]["points"] == 3


def test_7_jump_over_a_known_pit():
    s = trial({"barbarian": (5, 9)})
    add_trap(s, "t1", "pit", (4, 9), "known")
    bar = s.figures["barbarian"]
    picks = Picks(("roll_move", {}), ("jump", {"to": (3, 9)}))
    run(s, lambda g: hero_turn(g, bar), [[2, 3], [4]], heroes=picks)
    assert bar.pos == (3, 9) and picks.seen[2]["points"] == 3 and s.traps["t1"]["state"] == "known"


def test_7_jump_fails_on_a_skull_into_the_pit():
    s = trial({"barbarian": (5, 9)})
    add_trap(s, "t1", "pit", (4, 9), "known")
    bar = s.figures["barbarian"]
    picks = Picks(("roll_move", {}), ("jump", {"to": (3, 9)}))
    game = run(s, lambda g: hero_turn(g, bar), [[2, 3], [3]], heroes=picks)
    assert rolls(game, "hq.trap.jump")[0]["faces"] == ["skull"]
    assert bar.pos == (4, 9) and bar.body == 7 and bar.flags.get("in_pit") and s.traps["t1"]["state"] == "sprung"
    assert len(picks.seen) == 2  # the fall ends the turn


def test_7_no_jump_over_a_pit_someone_stands_in():
    # Found by the mixed fuzz (seed 96, game 98, the Warlock's Cellar): the Barbarian jumped a
    # sprung pit an Orc stood in, failed, and fell onto the Orc's square.  A monster there cannot
    # be passed and a friend there leaves no room to fall, so no jump is offered; once the pit is
    # empty it is.
    s = trial({"barbarian": (5, 9), "elf": (1, 9)})
    add_trap(s, "t1", "pit", (4, 9), "sprung")
    orc = new_monster_at(s, "orc", (4, 9))
    bar = s.figures["barbarian"]
    picks = Picks(("roll_move", {}))
    run(s, lambda g: hero_turn(g, bar), [[2, 3]], heroes=picks)
    assert "step" in picks.seen[1]["kinds"] and "jump" not in picks.seen[1]["kinds"]
    s.figures["elf"].pos = (4, 9)
    orc.status = "dead"
    picks = Picks(("roll_move", {}))
    run(s, lambda g: hero_turn(g, bar), [[2, 3]], heroes=picks)
    assert "jump" not in picks.seen[1]["kinds"]
    s.figures["elf"].pos = (1, 9)
    picks = Picks(("roll_move", {}), ("jump", {"to": (3, 9)}))
    run(s, lambda g: hero_turn(g, bar), [[2, 3], [4]], heroes=picks)
    assert bar.pos == (3, 9)


def test_8_dwarf_disarms_a_pit_and_stands_on_it():
    s = trial({"dwarf": (5, 9)})
    add_trap(s, "t1", "pit", (4, 9), "known")
    dwarf = s.figures["dwarf"]
    game = run(s, lambda g: hero_turn(g, dwarf), [[1]], heroes=Picks(("disarm", {"trap": "t1"})))
    assert rolls(game, "hq.trap.disarm_dwarf")[0]["outcome"] == 0
    assert s.traps["t1"]["state"] == "gone" and dwarf.pos == (4, 9) and dwarf.body == 7


def test_8_tool_kit_elf_fails_on_a_skull():
    s = trial({"elf": (5, 9)})
    add_trap(s, "t1", "pit", (4, 9), "known")
    elf = s.figures["elf"]
    elf.equipment.append("tool_kit")
    picks = Picks(("disarm", {"trap": "t1"}))
    game = run(s, lambda g: hero_turn(g, elf), [[2]], heroes=picks)
    assert rolls(game, "hq.trap.disarm_kit")[0]["outcome"] == 1
    assert elf.pos == (4, 9) and elf.body == 5 and elf.flags.get("in_pit") and len(picks.seen) == 1


def test_8_only_the_dwarf_or_a_tool_kit_may_disarm():
    s = trial({"barbarian": (5, 9)})
    add_trap(s, "t1", "pit", (4, 9), "known")
    picks = Picks()
    run(s, lambda g: hero_turn(g, s.figures["barbarian"]), [], heroes=picks)
    assert "disarm" not in picks.seen[0]["kinds"]


def test_11_rescue_by_potion_in_the_dungeon_phase():
    s = trial({"elf": (5, 9)})
    elf = s.figures["elf"]
    elf.body, elf.potions = 1, ["healing"]
    orc = new_monster_at(s, "orc", (6, 9))
    game = run(s, lambda g: activate(g, orc), [[1, 2, 6], [6, 6], [3]], dungeon=ScriptedSeat(),
               heroes=Picks(("drink", {"potion": 0})))
    assert [e.data["body"] for e in game.events if e.kind == "damage"] == [0]
    assert elf.status == "alive" and elf.body == 3 and elf.potions == []


def test_11_without_help_she_dies_and_the_wizard_takes_her_remains():
    s = trial({"elf": (5, 9), "wizard": (2, 9)})
    elf = s.figures["elf"]
    elf.body, elf.gold, elf.potions = 1, 50, ["strength"]
    s.figures["wizard"].spells = []  # no healing spell to pledge
    orc = new_monster_at(s, "orc", (6, 9))
    run(s, lambda g: activate(g, orc), [[1, 2, 6], [6, 6]], dungeon=ScriptedSeat(), heroes=Picks())
    wiz = s.figures["wizard"]
    assert elf.status == "dead" and elf.pos is None
    assert wiz.gold == 50 and "shortsword" in wiz.equipment and "strength" in wiz.potions and s.remains == []


def test_11_a_friend_who_sees_her_pledges_a_healing_spell():
    s = trial({"elf": (5, 9), "wizard": (2, 9)})
    elf, wiz = s.figures["elf"], s.figures["wizard"]
    elf.body = 1
    wiz.spells = ["water_of_healing"]
    orc = new_monster_at(s, "orc", (6, 9))
    run(s, lambda g: activate(g, orc), [[1, 2, 6], [6, 6]], dungeon=ScriptedSeat(), heroes=Picks(("cast", {})))
    assert elf.status == "alive" and elf.body == 4 and wiz.flags.get("pledged") and wiz.spells == []


def test_ball_of_flame_saves_and_fire_of_wrath():
    s = trial({"wizard": (5, 9)})
    wiz = s.figures["wizard"]
    wiz.spells = ["ball_of_flame"]
    cw = new_monster_at(s, "chaos_warrior", (8, 9))  # Body 3, in sight along the corridor
    game = run(s, lambda g: hero_turn(g, wiz), [[5, 2]],
               heroes=Picks(("cast", {"spell": "ball_of_flame", "target": cw.id})))
    (r,) = rolls(game, "hq.spell.flame_save")
    assert (r["faces"], r["outcome"]) == ([5, 2], 1)
    assert cw.body == 2 and wiz.spells == []


def test_sleep_mind_save_and_break_free_at_its_turn():
    s = trial({"elf": (5, 9)})
    elf = s.figures["elf"]
    elf.spells = ["sleep"]
    orc = new_monster_at(s, "orc", (8, 9))  # Mind 2
    run(s, lambda g: hero_turn(g, elf), [[1, 5]], heroes=Picks(("cast", {"spell": "sleep", "target": orc.id})))
    assert orc.flags.get("asleep")
    game = run(s, dungeon_phase, [[6, 2], [4, 4, 4]], dungeon=ScriptedSeat())  # wakes on a 6, then strikes
    assert rolls(game, "hq.condition.break_free")[0]["outcome"] is True and not orc.flags.get("asleep")
    assert adjacent(s, orc.pos, s.figures["elf"].pos) and s.figures["elf"].body == 6


def test_sleep_cannot_target_the_undead():
    s = trial({"elf": (5, 9)})
    s.figures["elf"].spells = ["sleep"]
    new_monster_at(s, "skeleton", (8, 9))
    picks = Picks()
    run(s, lambda g: hero_turn(g, s.figures["elf"]), [], heroes=picks)
    assert "cast" not in picks.seen[0]["kinds"]


def test_courage_adds_two_dice_until_no_monster_is_seen():
    s = trial({"barbarian": (5, 9)})
    bar = s.figures["barbarian"]
    bar.flags["courage"] = True
    orc = new_monster_at(s, "orc", (4, 9))
    game = run(s, lambda g: hero_turn(g, bar), [[1, 1, 1, 4, 4], [4, 4]],
               heroes=Picks(("attack", {"target": orc.id})))
    att = rolls(game, "hq.combat.attack")[0]
    assert att["dice"] == "5 combat dice" and att["modifiers"] == {"courage": 2}
    assert orc.status == "dead" and "courage" not in bar.flags  # nothing left in sight


def test_dread_lightning_bolt_hits_everyone_on_its_line():
    s = trial({"barbarian": (5, 9), "dwarf": (3, 9)})
    warlock = new_monster_at(s, "chaos_warlock", (8, 9))
    warlock.dread = ["lightning_bolt"]
    warlock.script = "zargon_caster"
    game = run(s, lambda g: activate(g, warlock), [], dungeon=ScriptedSeat())
    assert s.figures["barbarian"].body == 6 and s.figures["dwarf"].body == 5
    assert warlock.dread == []
    assert any("casts Lightning Bolt" in e.data.get("why", "") for e in game.events if e.kind == "decision")


def test_dread_summon_orcs_places_them_nearest_the_caster():
    s = trial({"barbarian": (2, 9)})
    warlock = new_monster_at(s, "chaos_warlock", (8, 9))
    warlock.dread = ["summon_orcs"]
    warlock.script = "zargon_caster"
    game = run(s, lambda g: activate(g, warlock), [[4]], dungeon=ScriptedSeat())
    orcs = [f for f in s.figures.values() if f.kind == "orc" and f.id.startswith("x") and f.id != warlock.id]
    assert rolls(game, "hq.dread.summon_orcs")[0]["outcome"] == 5 and len(orcs) == 5
    assert all(abs(o.pos[0] - 8) + abs(o.pos[1] - 9) <= 3 for o in orcs)


def test_dread_fear_on_the_strongest_arm_leaves_one_attack_die():
    s = trial({"barbarian": (5, 9), "wizard": (4, 9)})
    warlock = new_monster_at(s, "chaos_warlock", (8, 9))
    warlock.dread, warlock.script = ["fear"], "zargon_caster"
    run(s, lambda g: activate(g, warlock), [], dungeon=ScriptedSeat())
    bar = s.figures["barbarian"]
    assert bar.flags.get("feared") and attack_dice(bar, load_content())[0] == 1


def test_hazard_pit_lasts_until_the_end_of_his_next_turn():
    s = trial({"dwarf": (5, 9)})
    dwarf = s.figures["dwarf"]
    s.round = 3
    s.deck = {cid: (1 if cid == "hazard_pit" else 0) for cid in s.deck}
    from dungeon_tui.rulesets.heroquest.searching import draw_card
    run(s, lambda g: draw_card(g, dwarf), [])
    assert dwarf.body == 6 and dwarf.flags["in_pit"] == "hazard"
    run(s, lambda g: hero_turn(g, dwarf), [], heroes=Picks())  # the same round: still in it
    assert dwarf.flags.get("in_pit") == "hazard"
    s.round = 4
    run(s, lambda g: hero_turn(g, dwarf), [], heroes=Picks())  # his next turn ends: out
    assert "in_pit" not in dwarf.flags


def test_elixir_of_life_brings_a_fallen_hero_back_with_his_belongings():
    s = trial({"barbarian": (5, 9), "elf": (3, 9)})
    bar, elf = s.figures["barbarian"], s.figures["elf"]
    bar.equipment.append("elixir_of_life")
    elf.status, elf.pos, elf.body = "dead", None, 0
    s.remains.append({"hero": "elf", "name": "Elf", "at": [3, 9], "gold": 40, "equipment": ["shortsword"],
                      "potions": [], "items": []})
    elf.equipment = []
    run(s, lambda g: hero_turn(g, bar), [], heroes=Picks(("use", {"item": "elixir_of_life", "target": "elf"})))
    assert elf.status == "alive" and elf.body == 6 and elf.pos == (4, 9)  # first free square beside him
    assert elf.gold == 40 and elf.equipment == ["shortsword"] and s.remains == []
    assert bar.flags["used:elixir_of_life"]


def test_ring_of_return_takes_the_bearer_and_the_heroes_he_sees_to_the_stairway():
    s = trial({"barbarian": (5, 9), "elf": (3, 9), "wizard": (5, 14)})
    s.figures["barbarian"].equipment.append("ring_of_return")
    run(s, lambda g: hero_turn(g, s.figures["barbarian"]), [], heroes=Picks(("use", {"item": "ring_of_return"})))
    assert s.figures["barbarian"].pos == (1, 14) and s.figures["elf"].pos == (2, 14)
    assert s.figures["wizard"].pos == (5, 14)  # behind walls: not seen, not taken


def test_spell_ring_casts_its_spell_twice_and_the_wand_two_spells_in_one_action():
    s = trial({"wizard": (5, 9)})
    wiz = s.figures["wizard"]
    wiz.spells = ["fire_of_wrath", "tempest"]
    wiz.equipment += ["spell_ring", "wand_of_magic"]
    wiz.flags["spell_ring"] = "fire_of_wrath"
    orc = new_monster_at(s, "orc", (8, 9))
    cw = new_monster_at(s, "chaos_warrior", (9, 9))
    picks = Picks(("cast", {"spell": "fire_of_wrath", "target": orc.id}),
                  ("cast", {"spell": "tempest", "target": cw.id}))
    run(s, lambda g: hero_turn(g, wiz), [[2]], heroes=picks)
    assert orc.status == "dead" and cw.flags.get("tempest")
    assert wiz.spells == ["fire_of_wrath"]  # the ring kept it for a second casting


def test_variant_monsters_2021_and_eu1989_change_the_table():
    from dungeon_tui.rulesets.heroquest.game import GAME
    s = GAME.new_state(GAME.normalise_setup({"adventure": "the_trial", "variants": ["monsters_2021"]}),
                          load_content(), 0)
    fimir, cw, verag = s.figures["m13"], s.figures["m14"], s.figures["m12"]
    assert fimir.name == "Abomination 1" and (fimir.move, fimir.attack, fimir.defend, fimir.body) == (6, 3, 3, 2)
    assert cw.name == "Dread Warrior 1" and cw.defend == 3 and verag.name == "Verag"
    s = GAME.new_state(GAME.normalise_setup({"adventure": "the_trial", "variants": ["monsters_eu1989"]}),
                          load_content(), 0)
    cw, mummy, zombie = s.figures["m14"], s.figures["m7"], s.figures["m3"]
    assert (cw.move, cw.attack, cw.defend, cw.body) == (6, 3, 4, 1)
    assert mummy.body == 1 and zombie.move == 4
    assert s.figures["m4"].attack == 4  # the quest's own override still wins


def test_variant_search_combined_finds_traps_and_secret_doors_at_once():
    s = trial({"dwarf": (5, 9)})
    s.variants = ["search_combined_2021"]
    add_trap(s, "t1", "pit", (7, 9))
    picks = Picks(("search_both", {}))
    game = run(s, lambda g: hero_turn(g, s.figures["dwarf"]), [], heroes=picks)
    assert "search_traps" not in picks.seen[0]["kinds"] and s.traps["t1"]["state"] == "known"
    assert [e.data["what"] for e in game.events if e.kind == "search"] == ["traps", "secret_doors"]


def test_unknown_variant_is_refused_in_one_line():
    import pytest

    from dungeon_tui.rulesets.heroquest.game import GAME
    with pytest.raises(ValueError, match="variants must be a list of"):
        GAME.normalise_setup({"variants": ["monsters_1066"]})


def test_dread_escape_takes_a_hurt_caster_to_the_quests_escape_square():
    from dungeon_tui.rulesets.heroquest.game import GAME
    s = GAME.new_state(GAME.normalise_setup({"adventure": "warlocks_cellar", "heroes": ["barbarian"]}),
                          load_content(), 0)
    grask = s.figures["m14"]
    grask.placed, grask.body = True, 1
    s.figures["barbarian"].pos = (22, 2)  # beside him in room H
    game = run(s, lambda g: activate(g, grask), [], dungeon=ScriptedSeat())
    assert grask.pos == (15, 3) and grask.placed and "escape" not in grask.dread
    assert any("casts Escape" in e.data.get("why", "") for e in game.events if e.kind == "decision")


def test_6_falling_block_in_the_warlocks_cellar():
    s = trial({"elf": (19, 9)}, quest="warlocks_cellar")
    elf = s.figures["elf"]
    picks = Picks(("roll_move", {}), ("step", {"to": (20, 9)}), ("exit", {"to": (21, 9)}))
    game = run(s, lambda g: hero_turn(g, elf), [[3, 3], [1, 4, 3]], heroes=picks)
    (r,) = rolls(game, "hq.trap.falling_block")
    assert (r["faces"], r["outcome"]) == (["skull", "white shield", "skull"], 2)
    exits = list(picks.seen[-1]["kinds"])
    assert exits == ["exit", "exit"]  # her seat picks [19,9] or [21,9]
    assert elf.body == 4 and elf.pos == (21, 9) and (20, 9) in s.blocked and not s.grid.floor((20, 9))
    assert len(picks.seen) == 3  # the turn ends


def test_a_block_laid_changes_the_map_as_building_it_again_would():
    # board.lay_block changes the square in place (the sight bits around it only): the map,
    # its neighbours and its sight come out as build_grid makes them from the state.
    import copy
    from dungeon_tui.rulesets.heroquest import board
    s = trial({"elf": (19, 9)}, quest="warlocks_cellar")
    content = load_content()
    s.grid.in_sight((19, 9), ())  # the bits are made
    for sq in [(20, 9), (19, 10), (21, 9)]:
        s.blocked.append(sq)
        board.lay_block(s, sq)
        fresh = board.build_grid(s, content)
        assert s.grid == fresh and not s.grid.floor(sq)
        assert s.grid._sight_mask == copy.deepcopy(fresh)._sight_bits()
        squares = sorted(fresh.terrain)
        assert all(s.grid.neighbours(p) == fresh.neighbours(p) for p in squares)


def test_9_trapped_chest_in_room_l_of_the_rescue():
    s = trial({"barbarian": (1, 12), "dwarf": (1, 11)}, quest="rescue_of_sir_ragnar")
    bar, dwarf = s.figures["barbarian"], s.figures["dwarf"]
    picks = Picks(("search_treasure", {}))
    run(s, lambda g: hero_turn(g, bar), [], heroes=picks)
    assert bar.body == 7 and len(picks.seen) == 1  # the needle: Body -1, the turn is over
    assert not s.searched.get("treasure:L") and not s.furniture_traps["f1"]["armed"]
    game = run(s, lambda g: hero_turn(g, bar), [], heroes=Picks(("search_treasure", {})))
    assert s.searched["treasure:L"] == ["barbarian"] and "L" in s.special_claimed and bar.gold == 0
    assert any("finds nothing" in e.text for e in game.events)
    deck = sum(s.deck.values())
    game = run(s, lambda g: hero_turn(g, dwarf), [0], heroes=Picks(("search_treasure", {})))
    assert [e.data["card"] for e in game.events if e.kind == "treasure_card"] == ["gem_35"]  # first of the pile
    assert dwarf.gold == 35 and sum(s.deck.values()) == deck - 1


def test_walk_routes_keep_to_seen_squares_when_as_short():
    from hq_scenario import door_id

    from dungeon_tui.rulesets.heroquest import board
    from dungeon_tui.rulesets.heroquest.heroes import routes
    s = trial({"barbarian": (3, 17)}, open_doors=[door_id(((3, 17), (3, 18)))])
    c = load_content()

    class G:
        state, content = s, c
    walks = routes(G, s.figures["barbarian"], 10)
    assert (4, 18) in walks and (2, 15) in walks  # the corridor seen through the door, the room
    assert all(board.revealed(s, sq) for path in walks.values() for sq in path)
    assert (5, 18) not in walks  # beyond what was seen from the doorway
