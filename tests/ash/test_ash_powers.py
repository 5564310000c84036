"""The 50 power cards of specs/ashardalon.md §2.2, with forced d20 faces: every attack power's
bonus, damage and miss damage, the placements, tokens, reactions and the setup power modes."""
from __future__ import annotations

import pytest
from ash_scenario import _G, Picks, add_tile, dungeon, events, monster, rolls, run

from dungeon_tui.rulesets.ashardalon import blows, board, combat, powers, reactions
from dungeon_tui.rulesets.ashardalon.content import load_content
from dungeon_tui.rulesets.ashardalon.dungeon import activate_figure
from dungeon_tui.rulesets.ashardalon.game import GAME
from dungeon_tui.rulesets.ashardalon.heroes import end_of_phase


def only(s, hid, *pids):
    h = s.figures[hid]
    h.powers = dict.fromkeys(pids, True)
    return h


def tough(m, hp=10):
    m.hp = m.max_hp = hp
    return m


def attack(h, pid, target=None, tile=None, partner=None):
    def proc(g):
        opts = [a for a in powers.attack_options(g, h, g.state.seat_of[h.id]) if a.get("power") == pid
                and (target is None or a.get("target") == target.id)
                and (tile is None or a.get("tile") == tuple(tile))
                and (partner is None or a.get("partner") == partner.id)]
        assert opts, f"{pid} not offered"
        yield from powers.attack_with(g, h, opts[0])
    return proc


def offered(h, options, use, **args):
    """A proc that takes the offered option matching `args` (lists read as tuples) and uses it."""
    def proc(g):
        opts = [a for a in options(g) if all(a.get(k) == (tuple(v) if isinstance(v, list) else v)
                                              for k, v in args.items())]
        assert opts, f"{args} not offered: {[str(a) for a in options(g)]}"
        yield from use(g, h, opts[0])
    return proc


def free(h, pid, **args):
    return offered(h, lambda g: powers.free_options(g, h, g.state.seat_of[h.id], True), powers.use_free,
                   power=pid, **args)


def dealt(game, figure):
    return [e["amount"] for e in events(game, "damage") if e["figure"] == figure.id]


# (power, hero, bonus, damage, miss damage) for the single-target attack powers (spec §2.2)
SINGLE = [
    ("clerics_shield", "quinn", 6, 1, 0), ("righteous_advance", "quinn", 6, 1, 0), ("sacred_flame", "quinn", 6, 1, 0),
    ("wrathful_thunder", "quinn", 6, 3, 1), ("charge", "vistra", 8, 1, 0), ("sure_strike", "vistra", 11, 1, 0),
    ("comeback_strike", "vistra", 7, 2, 0), ("taunting_advance", "vistra", 8, 3, 1),
    ("divine_challenge", "keyleth", 8, 1, 0), ("holy_strike", "keyleth", 8, 1, 0),
    ("valiant_strike", "keyleth", 8, 1, 0), ("righteous_smite", "keyleth", 9, 3, 1),
    ("distracting_jab", "tarak", 7, 1, 0), ("lucky_strike", "tarak", 7, 1, 0), ("positioning_shot", "tarak", 7, 1, 0),
    ("acrobatic_onslaught", "tarak", 7, 2, 1), ("ray_of_frost", "heskan", 7, 1, 0), ("spectral_ram", "heskan", 9, 3, 1),
]


@pytest.mark.parametrize("pid,hid,bonus,damage,miss", SINGLE)
def test_single_target_power_bonus_damage_and_miss_damage(pid, hid, bonus, damage, miss):
    for face, outcome in ((19, "hit"), (1, "miss")):
        s = dungeon({hid: (1, 5)})
        h = only(s, hid, pid)
        bear = tough(monster(s, "cave_bear", (1, 6)))  # AC 14
        game = run(s, attack(h, pid, bear), [face])
        (r,) = rolls(game, "ash.combat.hero_attack")
        assert r["inputs"]["attack_bonus"] == bonus and r["faces"] == [face] and r["outcome"] == outcome
        assert r["inputs"]["power"] == pid and r["target"] == 14
        want = damage if outcome == "hit" else miss
        assert dealt(game, bear) == ([want] if want else [])
        if pid == "valiant_strike":
            assert r["modifiers"] == {"valiant_strike": 1}
        expect_up = s.figures[hid].powers[pid]
        p = load_content().powers[pid]
        assert expect_up == (p.type == "at_will" or (pid == "comeback_strike" and outcome == "miss"))


def test_tile_attacks_roll_once_per_monster_shock_sphere_and_hurled_breath():
    for pid, bonus, dmg, miss in (("shock_sphere", 9, 2, 1), ("hurled_breath", 5, 1, 0)):
        s = dungeon({"heskan": (1, 5)})
        h = only(s, "heskan", pid)
        a = tough(monster(s, "cave_bear", (1, 6)))
        b = tough(monster(s, "snake", (3, 6)), 5)
        go = free(h, pid, tile=[0, 1]) if pid == "hurled_breath" else attack(h, pid, tile=(0, 1))
        game = run(s, go, [19, 1])
        r1, r2 = rolls(game)
        assert r1["inputs"]["attack_bonus"] == bonus and r2["outcome"] == "miss"
        assert dealt(game, a) == [dmg] and dealt(game, b) == ([miss] if miss else [])


def test_reaping_strike_swings_twice_then_the_second_goes_to_another_monster():
    s = dungeon({"vistra": (1, 5)})
    h = only(s, "vistra", "reaping_strike")
    bear = tough(monster(s, "cave_bear", (1, 6)))
    game = run(s, attack(h, "reaping_strike", bear), [19, 19])
    assert [r["inputs"]["attack_bonus"] for r in rolls(game)] == [4, 4] and dealt(game, bear) == [1, 1]
    s = dungeon({"vistra": (1, 5)})
    h = only(s, "vistra", "reaping_strike")
    snake = monster(s, "snake", (1, 6))
    bear = tough(monster(s, "cave_bear", (2, 6)))
    game = run(s, attack(h, "reaping_strike", snake), [19, 19], heroes=Picks(("target", {"target": bear.id})))
    assert not snake.on_board and dealt(game, bear) == [1]


@pytest.mark.parametrize("pid,hid,bonus,damage,miss", [("arcing_strike", "keyleth", 9, 3, 1),
                                                      ("arc_lightning", "heskan", 7, 1, 0)])
def test_two_target_powers(pid, hid, bonus, damage, miss):
    s = dungeon({hid: (1, 5)})
    h = only(s, hid, pid)
    a = tough(monster(s, "cave_bear", (1, 6)))
    b = tough(monster(s, "grell", (2, 6)))
    game = run(s, attack(h, pid, a), [19, 1])
    assert [r["inputs"]["attack_bonus"] for r in rolls(game)] == [bonus, bonus]
    assert dealt(game, a) == [damage] and dealt(game, b) == ([miss] if miss else [])


def test_tornado_strike_four_blows_then_lands_on_the_tile():
    s = dungeon({"tarak": (1, 5)})
    h = only(s, "tarak", "tornado_strike")
    a = tough(monster(s, "cave_bear", (1, 6)))
    b = tough(monster(s, "grell", (2, 7)))
    picks = Picks(("target", {"target": a.id}), ("target", {"target": b.id}), ("target", {"target": b.id}),
                  ("target", {"target": a.id}), ("square", {"to": [3, 4]}))
    game = run(s, attack(h, "tornado_strike", a), [19, 19, 1, 19], heroes=picks)
    assert [r["inputs"]["attack_bonus"] for r in rolls(game)] == [7] * 4
    assert dealt(game, a) == [1, 1] and dealt(game, b) == [1] and h.pos == (3, 4)


def test_benign_transposition_kings_castle_into_the_fray_move_with_a_hero_first():
    s = dungeon({"keyleth": (1, 5), "quinn": (0, 1)})
    h = only(s, "keyleth", "benign_transposition")
    bear = tough(monster(s, "cave_bear", (1, 1)))
    game = run(s, attack(h, "benign_transposition", bear, partner=s.figures["quinn"]), [19])
    assert h.pos == (0, 1) and s.figures["quinn"].pos == (1, 5) and dealt(game, bear) == [3]
    s = dungeon({"tarak": (1, 5), "quinn": (0, 1)})
    h = only(s, "tarak", "kings_castle")
    bear = tough(monster(s, "cave_bear", (3, 1)))
    game = run(s, attack(h, "kings_castle", bear, partner=s.figures["quinn"]), [1])
    assert h.pos == (0, 1) and dealt(game, bear) == [1]
    s = dungeon({"vistra": (1, 6), "quinn": (0, 1)})
    h = only(s, "vistra", "into_the_fray")
    bear = tough(monster(s, "cave_bear", (2, 0)))
    game = run(s, attack(h, "into_the_fray", bear, partner=s.figures["quinn"]), [19])
    assert board.adjacent(s, h, bear) and board.adjacent(s, h, s.figures["quinn"]) and dealt(game, bear) == [3]


def test_charge_runs_up_then_strikes():
    s = dungeon({"vistra": (1, 7)})
    h = only(s, "vistra", "charge")
    bear = tough(monster(s, "cave_bear", (1, 1)))
    game = run(s, attack(h, "charge", bear), [19], heroes=Picks(("square", {"to": [1, 2]})))
    assert h.pos == (1, 2) and dealt(game, bear) == [1]


def test_taunting_advance_and_divine_challenge_pull_the_monster_beside_you():
    s = dungeon({"vistra": (1, 6)})
    add_tile(s, "w04", (0, 0), "E")
    h = only(s, "vistra", "taunting_advance")
    bear = tough(monster(s, "cave_bear", (6, 1)))  # on tile A, 2 tiles from start_s
    game = run(s, attack(h, "taunting_advance", bear), [19])
    assert board.adjacent(s, h, bear) and h.pos == (1, 6) and dealt(game, bear) == [3]
    s = dungeon({"keyleth": (1, 6)})
    h = only(s, "keyleth", "divine_challenge")
    bear = tough(monster(s, "cave_bear", (2, 1)))
    run(s, attack(h, "divine_challenge", bear), [1])
    assert board.adjacent(s, h, bear)


def test_hypnotism_walks_a_monster_next_to_another_which_it_attacks():
    s = dungeon({"heskan": (1, 6)})
    add_tile(s, "w04", (0, 0), "E")
    h = only(s, "heskan", "hypnotism")
    snake = monster(s, "snake", (1, 1))
    bear = tough(monster(s, "cave_bear", (6, 2)))
    game = run(s, attack(h, "hypnotism", snake), [19], heroes=Picks(("tile", {"tile": [1, 0]})))
    (r,) = rolls(game)
    assert r["inputs"]["defender"] == "Cave Bear" and r["inputs"]["attack_bonus"] == 9 and dealt(game, bear) == [1]
    assert board.cells_of(snake) == [(1, 0)]


def test_positioning_shot_and_spectral_ram_place_the_monster():
    s = dungeon({"tarak": (1, 6)})
    a = add_tile(s, "w04", (0, 0), "E")
    h = only(s, "tarak", "positioning_shot")
    bear = tough(monster(s, "cave_bear", (6, 2)))
    run(s, attack(h, "positioning_shot", bear), [1], heroes=Picks(("tile", {"tile": [0, 1]})))
    assert board.cells_of(bear) == [(0, 1)]
    s = dungeon({"heskan": (1, 6)})
    add_tile(s, "w04", (0, 0), "E")
    h = only(s, "heskan", "spectral_ram")
    bear = tough(monster(s, "cave_bear", (1, 1)))
    game = run(s, attack(h, "spectral_ram", bear), [1], heroes=Picks(("tile", {"tile": list(a)})))
    assert board.cells_of(bear) == [a] and dealt(game, bear) == [1]


def test_distracting_jab_shoves_then_the_rogue_moves():
    s = dungeon({"tarak": (1, 6)})
    h = only(s, "tarak", "distracting_jab")
    bear = tough(monster(s, "cave_bear", (1, 5)))
    run(s, attack(h, "distracting_jab", bear), [19],
        heroes=Picks(("square", {"to": [1, 4]}), ("square", {"to": [3, 6]})))
    assert bear.pos == (1, 4) and h.pos == (3, 6)


def test_acrobatic_onslaught_tumbles_and_makes_one_at_will_attack():
    s = dungeon({"tarak": (1, 6)})
    a = add_tile(s, "w04", (0, 0), "E")
    h = only(s, "tarak", "acrobatic_onslaught", "ray_of_frost")
    h.powers = {"acrobatic_onslaught": True, "lucky_strike": True}
    bear = tough(monster(s, "cave_bear", (1, 7)))
    snake = monster(s, "snake", (6, 1))
    game = run(s, attack(h, "acrobatic_onslaught", bear), [19, 19],
               heroes=Picks(("tile", {"tile": list(a)}), ("attack", {"target": snake.id})))
    assert board.cells_of(h) == [a] and dealt(game, bear) == [2] and not snake.on_board


def test_sacred_flame_heals_and_righteous_smite_heals_the_tile():
    s = dungeon({"quinn": (1, 5), "keyleth": (2, 5)})
    q, k = s.figures["quinn"], s.figures["keyleth"]
    q.hp, k.hp = 5, 5
    only(s, "keyleth", "righteous_smite")
    bear = tough(monster(s, "cave_bear", (1, 6)))
    run(s, attack(k, "righteous_smite", bear), [1])
    assert (q.hp, k.hp) == (6, 6)
    only(s, "quinn", "sacred_flame")
    run(s, attack(q, "sacred_flame", bear), [19], heroes=Picks(("target", {"target": "keyleth"})))
    assert (q.hp, k.hp) == (6, 7)


def test_clerics_shield_gives_two_ac_until_used_again():
    s = dungeon({"quinn": (1, 5), "tarak": (2, 5)})
    q = only(s, "quinn", "clerics_shield")
    bear = tough(monster(s, "cave_bear", (1, 6)))
    run(s, attack(q, "clerics_shield", bear), [1], heroes=Picks(("target", {"target": "tarak"})))
    g = _G(s)
    assert combat.hero_ac(g, s.figures["tarak"]) == (16, {"clerics_shield": 2})
    run(s, attack(q, "clerics_shield", bear), [1], heroes=Picks(("target", {"target": "quinn"})))
    assert combat.hero_ac(g, s.figures["tarak"])[0] == 14 and combat.hero_ac(g, q)[0] == 18


def test_righteous_advance_lets_a_hero_step_two():
    s = dungeon({"quinn": (1, 5), "tarak": (2, 5)})
    q = only(s, "quinn", "righteous_advance")
    bear = tough(monster(s, "cave_bear", (1, 6)))
    run(s, attack(q, "righteous_advance", bear), [1],
        heroes=Picks(("target", {"target": "tarak"}), ("square", {"to": [3, 6]})))
    assert s.figures["tarak"].pos == (3, 6)


def test_holy_strike_extra_damage_when_adjacent_at_phase_start_and_lucky_strike_even_die():
    s = dungeon({"keyleth": (1, 5)})
    k = only(s, "keyleth", "holy_strike")
    bear = tough(monster(s, "cave_bear", (1, 6)))
    powers.began_adjacent(_G(s), k)
    game = run(s, attack(k, "holy_strike", bear), [19])
    assert dealt(game, bear) == [2]
    s = dungeon({"tarak": (1, 5)})
    t = only(s, "tarak", "lucky_strike")
    bear = tough(monster(s, "cave_bear", (1, 6)))
    game = run(s, attack(t, "lucky_strike", bear), [18])
    assert dealt(game, bear) == [2]


def test_wrathful_thunder_passes_the_card_to_the_right_hand_player():
    s = dungeon({"vistra": (0, 5), "quinn": (1, 5), "tarak": (3, 5)})
    q = only(s, "quinn", "wrathful_thunder")
    bear = tough(monster(s, "cave_bear", (1, 6), holder="quinn"))
    assert s.party == ["quinn", "vistra", "tarak"]  # seat order: Tarak sits on Quinn's right
    run(s, attack(q, "wrathful_thunder", bear), [19])
    assert s.rows["tarak"] == ["cave_bear#1"] and s.rows["quinn"] == []


def test_blade_barrier_tokens_bite_a_monster_placed_on_them():
    s = dungeon({"quinn": (1, 5)})
    a = add_tile(s, "w04", (0, 0), "E")
    q = only(s, "quinn", "blade_barrier", "command")
    run(s, attack(q, "blade_barrier", tile=a), [])
    blades = [t for t in s.tokens if t["kind"] == "blade_barrier"]
    assert len(blades) == 5 and all(next(iter(t["at"])) >= 4 for t in blades)
    bear = tough(monster(s, "cave_bear", (1, 6)))
    game = run(s, free(q, "command", target=bear.id, tile=list(a)), [])
    assert dealt(game, bear) == [1] and len([t for t in s.tokens if t["kind"] == "blade_barrier"]) == 4


def test_cause_fear_extra_attacks_at_plus_two_then_monsters_flee():
    s = dungeon({"quinn": (1, 5), "vistra": (2, 5)})
    a = add_tile(s, "w04", (0, 0), "E")
    q = only(s, "quinn", "cause_fear")
    only(s, "vistra", "sure_strike")
    bear = tough(monster(s, "cave_bear", (2, 6)))
    game = run(s, attack(q, "cause_fear", tile=(0, 1)), [1],
               heroes=Picks(("attack", {"power": "sure_strike"}), ("tile", {"tile": list(a)})))
    (r,) = rolls(game)
    assert r["modifiers"] == {"cause_fear": 2} and r["inputs"]["attack_bonus"] == 11
    assert board.cells_of(bear) == [a] and "cause_fear" not in s.figures["vistra"].flags


def test_flaming_sphere_burns_each_hero_phase_end_and_can_roll():
    s = dungeon({"heskan": (1, 5)})
    a = add_tile(s, "w04", (0, 0), "E")
    h = only(s, "heskan", "flaming_sphere")
    bear = tough(monster(s, "cave_bear", (1, 1)))
    run(s, attack(h, "flaming_sphere", tile=(0, 0)), [])
    (tok,) = [t for t in s.tokens if t["kind"] == "flaming_sphere"]
    assert tok["n"] == 3
    game = run(s, lambda g: end_of_phase(g, h, []), [])
    assert dealt(game, bear) == [1] and tok["n"] == 2
    run(s, free(h, "move_flaming_sphere", tile=list(a)), [])
    game = run(s, lambda g: end_of_phase(g, h, []), [])
    assert dealt(game, bear) == [] and tok["n"] == 1


def test_mirror_image_ac_and_each_miss_pops_one():
    s = dungeon({"heskan": (1, 5)})
    h = only(s, "heskan", "mirror_image")
    run(s, free(h, "mirror_image"), [])
    assert combat.hero_ac(_G(s), h) == (20, {"mirror_image": 6})
    grell = monster(s, "grell", (1, 6))
    run(s, lambda g: activate_figure(g, grell), [2])
    assert h.flags["mirror_images"] == 2


def test_wizard_eye_token_and_its_cell():
    s = dungeon({"heskan": (1, 5)})
    a = add_tile(s, "w04", (0, 0), "E")
    h = only(s, "heskan", "wizard_eye")
    run(s, free(h, "wizard_eye", tile=[0, 0]), [])
    assert powers.wizard_eye_cell(s, h) == (0, 0)
    run(s, free(h, "move_wizard_eye", tile=list(a)), [])
    assert powers.wizard_eye_cell(s, h) == a


def test_command_distant_diversion_healing_hymn_lay_on_hands_virtues_touch_invisibility():
    s = dungeon({"quinn": (1, 5), "keyleth": (2, 5), "heskan": (0, 6)})
    add_tile(s, "w04", (0, 0), "E")
    q = only(s, "quinn", "healing_hymn", "command")
    k = only(s, "keyleth", "lay_on_hands", "virtues_touch")
    hk = only(s, "heskan", "invisibility", "distant_diversion")
    q.hp, k.hp = 3, 3
    k.conditions.append("dazed")
    run(s, free(q, "healing_hymn", other="keyleth"), [])
    assert (q.hp, k.hp) == (5, 5)
    run(s, free(k, "lay_on_hands", other="quinn"), [])
    assert q.hp == 7
    bear = tough(monster(s, "cave_bear", (6, 1)))
    run(s, free(hk, "distant_diversion", target=bear.id, tile=[0, 0]), [])
    assert board.cells_of(bear) == [(0, 0)]
    run(s, free(hk, "invisibility"), [])
    assert hk.flags["invisible"] and not hk.powers["invisibility"]


def test_virtues_touch_clears_a_condition():
    s = dungeon({"keyleth": (1, 5), "quinn": (2, 5)})
    k = only(s, "keyleth", "virtues_touch")
    s.figures["quinn"].conditions.append("poisoned")
    run(s, free(k, "virtues_touch", other="quinn", condition="poisoned"), [])
    assert s.figures["quinn"].conditions == []


def test_dwarven_resilience_uses_a_move():
    s = dungeon({"vistra": (1, 5)})
    v = only(s, "vistra", "dwarven_resilience")
    v.hp = 2
    opts = powers.free_options(_G(s), v, "p", True)
    assert [a.get("slot") for a in opts] == ["move"]
    run(s, free(v, "dwarven_resilience"), [])
    assert v.hp == 6


# -- reactions -----------------------------------------------------------------------------

def test_inspiring_advice_reroll_and_stays_up_after_a_second_miss():
    s = dungeon({"vistra": (1, 5), "quinn": (2, 5)})
    only(s, "vistra", "inspiring_advice")
    q = only(s, "quinn", "sacred_flame")
    bear = tough(monster(s, "cave_bear", (1, 6)))
    use = Picks(("react", {"use": True}))
    game = run(s, attack(q, "sacred_flame", bear), [2, 12], heroes=use)
    first, again = rolls(game)
    assert again["rule"] == "ash.reroll.inspiring_advice" and again["outcome"] == "hit" and dealt(game, bear) == [1]
    assert not s.figures["vistra"].powers["inspiring_advice"]
    s.figures["vistra"].powers["inspiring_advice"] = True
    game = run(s, attack(q, "sacred_flame", bear), [2, 3], heroes=Picks(("react", {"use": True})))
    assert [r["outcome"] for r in rolls(game)] == ["miss", "miss"] and s.figures["vistra"].powers["inspiring_advice"]


def test_furious_assault_adds_one_damage():
    s = dungeon({"tarak": (1, 5)})
    t = only(s, "tarak", "furious_assault", "ray_of_frost")
    t.powers = {"furious_assault": True, "lucky_strike": True}
    bear = tough(monster(s, "cave_bear", (1, 6)))
    game = run(s, attack(t, "lucky_strike", bear), [19], heroes=Picks(("react", {"use": True})))
    assert dealt(game, bear) == [2] and not t.powers["furious_assault"]


def test_tumbling_escape_turns_a_monster_hit_into_a_miss():
    s = dungeon({"tarak": (1, 5)})
    add_tile(s, "w04", (0, 0), "E")
    t = only(s, "tarak", "tumbling_escape")
    grell = monster(s, "grell", (1, 6))
    run(s, lambda g: activate_figure(g, grell), [19],
        heroes=Picks(("react", {"use": True}), ("tile", {"tile": [0, 0]})))
    assert t.hp == 7 and "poisoned" not in t.conditions and board.cells_of(t) == [(0, 0)]  # miss damage 1 only


def test_practiced_evasion_on_an_event_attack():
    s = dungeon({"tarak": (1, 5)})
    t = only(s, "tarak", "practiced_evasion")
    from dungeon_tui.rulesets.ashardalon.models import MonsterAttack
    hit = run(s, lambda g: blows.attack_hero(g, "ash.encounter.attack", "Bull's Eye", t,
                                              MonsterAttack(bonus=10, damage=2), card="bulls_eye"), [19],
              heroes=Picks(("react", {"use": True})))
    assert t.hp == 8 and not t.powers["practiced_evasion"] and events(hit, "dodge")
    # a hazard is neither a trap nor an event-attack: no offer, the rocks land (§2.2)
    t.powers["practiced_evasion"] = True
    run(s, lambda g: blows.attack_hero(g, "ash.encounter.attack", "Cave In", t,
                                        MonsterAttack(bonus=9, damage=2), card="cave_in"), [19])
    assert t.hp == 6 and t.powers["practiced_evasion"]


def test_noble_shield_takes_the_attack_alone_as_a_natural_20():
    s = dungeon({"keyleth": (1, 5), "quinn": (2, 5)})
    k = only(s, "keyleth", "noble_shield")
    bear = monster(s, "cave_bear", (1, 6))
    from dungeon_tui.rulesets.ashardalon.models import MonsterAttack

    def proc(g):
        targets = yield from reactions.before_monster_attack(g, bear, [k, s.figures["quinn"]])
        assert targets == [k]
        for h in targets:
            yield from blows.attack_hero(g, "ash.combat.monster_attack", "Cave Bear", h,
                                         MonsterAttack(bonus=0, damage=1))
    game = run(s, proc, [], heroes=Picks(("react", {"use": True})))
    (r,) = rolls(game)
    assert r["faces"] == [20] and k.hp == 7 and s.figures["quinn"].hp == 8


def test_bravery_steps_beside_the_acting_monster():
    s = dungeon({"keyleth": (1, 1)})
    k = only(s, "keyleth", "bravery")
    k.hp = 5
    snake = monster(s, "snake", (1, 6))
    run(s, lambda g: reactions.monster_activates(g, snake), [],
        heroes=Picks(("react", {"use": True}), ("square", {"to": [1, 5]})))
    assert k.pos == (1, 5) and k.hp == 6 and not k.powers["bravery"]


def test_to_arms_moves_you_and_a_friend():
    s = dungeon({"vistra": (1, 5), "quinn": (2, 5)})
    only(s, "vistra", "to_arms")
    snake = monster(s, "snake", (1, 1))
    run(s, lambda g: reactions.monster_arrived(g, [snake]), [],
        heroes=Picks(("arms", {"use": True}), ("square", {"to": [1, 2]}), ("target", {"target": "quinn"}),
                     ("square", {"to": [2, 2]})))
    assert s.figures["vistra"].pos == (1, 2) and s.figures["quinn"].pos == (2, 2)


def test_perseverance_discount_and_one_for_the_team():
    s = dungeon({"quinn": (1, 5), "vistra": (2, 5)})
    only(s, "quinn", "perseverance")
    only(s, "vistra", "one_for_the_team")
    s.xp = ["grell#1"]  # 2 XP: a discount of 2 heroes brings the cost down to 3... not enough
    out = {}

    def proc(g):
        out["d"] = yield from reactions.encounter_cost_discount(g)
        out["h"] = yield from reactions.active_hero_swap(g, "bulls_eye")
    run(s, proc, [], heroes=Picks(("team", {"use": True})))
    assert out["d"] == 0 and out["h"].id == "vistra"
    s.xp = ["grell#1", "snake#1"]
    run(s, proc, [], heroes=Picks(("react", {"use": True})))
    assert out["d"] == 2 and not s.figures["quinn"].powers["perseverance"]


def test_astral_refuge_lifts_a_hero_at_v0():
    s = dungeon({"quinn": (1, 5), "tarak": (2, 5)})
    only(s, "quinn", "astral_refuge")
    run(s, powers.villain_phase_start, [], heroes=Picks(("refuge", {"other": "tarak"})))
    assert s.figures["tarak"].lifted and not s.figures["tarak"].on_board


# -- setup ---------------------------------------------------------------------------------

def test_setup_power_modes():
    c = load_content()
    base = {"heroes": ["quinn", "tarak"]}
    assert GAME.normalise_setup(base)["powers"] == "recommended"
    pick = {"tarak": {"utility": "distant_diversion", "at_will": ["ray_of_frost", "lucky_strike"],
                      "daily": "kings_castle"}}
    with pytest.raises(ValueError, match="not a rogue at-will"):
        GAME.normalise_setup({**base, "powers": pick})
    pick["tarak"]["at_will"] = ["distracting_jab", "lucky_strike"]
    setup = GAME.normalise_setup({**base, "powers": pick})
    s = GAME.new_state(setup, c, 0)
    assert list(s.figures["tarak"].powers) == ["furious_assault", "distant_diversion", "distracting_jab",
                                                "lucky_strike", "kings_castle"]
    assert "command" in s.figures["quinn"].powers
    with pytest.raises(ValueError, match="not in the party"):
        GAME.normalise_setup({**base, "powers": {"heskan": pick["tarak"]}})
    with pytest.raises(ValueError):
        GAME.normalise_setup({**base, "powers": "lots"})


def test_random_powers_are_dealt_by_chance_draws():
    c = load_content()
    s = GAME.new_state(GAME.normalise_setup({"heroes": ["heskan"], "powers": "random"}), c, 0)
    assert list(s.figures["heskan"].powers) == ["hurled_breath"]
    s.decks["treasure"] = ["potion_of_speed#1"]
    game = run(s, lambda g: combat.draw_treasure(g, s.figures["heskan"]), [], draws=[0, 1, 0, 0])
    assert list(s.figures["heskan"].powers) == ["hurled_breath", "invisibility", "hypnotism", "arc_lightning",
                                                 "flaming_sphere"]
    assert game.over and list(s.figures["heskan"].items) == ["potion_of_speed#1"]


@pytest.mark.parametrize("seed", [3, 8])
def test_ai_games_with_random_powers_end_and_replay(seed):
    """The companion AI answers every new decision (reactions, placements, gifts) to the end."""
    from dungeon_tui.rulesets import get
    setup = {"adventure": "monster_hunt", "heroes": ["quinn", "vistra", "keyleth", "tarak", "heskan"],
             "powers": "random"}
    game = GAME.new_game(setup, seed)
    result = game.run(get("ashardalon").ai_controllers())
    assert game.over and result.get("outcome") in ("victory", "defeat")
    again = GAME.new_game(setup, seed)
    again.replay_actions(game.decisions)
    assert again.state_hash() == game.state_hash()


def test_practiced_evasion_against_a_trap_also_tries_to_disable_it():
    s = dungeon({"tarak": (1, 5)})
    t = only(s, "tarak", "practiced_evasion")
    s.markers["poisoned_dart_trap"] = {"at": [1, 5]}
    s.rows["tarak"].append("poisoned_dart_trap")
    from dungeon_tui.rulesets.ashardalon.models import MonsterAttack
    game = run(s, lambda g: blows.attack_hero(g, "ash.encounter.attack", "Poisoned Dart Trap (dart)", t,
                                               MonsterAttack(bonus=8, damage=1), card="poisoned_dart_trap"), [19, 12],
               heroes=Picks(("react", {"use": True})))
    assert [r["rule"] for r in rolls(game)] == ["ash.encounter.attack", "ash.trap.disable"]
    assert t.hp == 8 and "poisoned_dart_trap" not in s.markers and s.rows["tarak"] == []
