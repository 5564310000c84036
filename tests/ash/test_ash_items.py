"""The treasure items of specs/ashardalon.md §2.6 with forced d20 faces: the one-item-bonus cap,
blessed shield, hero-phase items, slot items, reactions and handing a find to another hero."""
from __future__ import annotations

from ash_scenario import _G, Picks, add_tile, dungeon, monster, rolls, run
from test_ash_powers import dealt, offered, tough

from dungeon_tui.rulesets.ashardalon import board, combat, items, placing, powers, reactions
from dungeon_tui.rulesets.ashardalon.ai.companions import HeroAI
from dungeon_tui.rulesets.ashardalon.dungeon import activate_figure


def give(h, *cards):
    for c in cards:
        h.items[c if "#" in c else c + "#1"] = True
    return h


def use(h, card, **args):
    return offered(h, lambda g: items.options(g, h, g.state.seat_of[h.id], True, True), items.use, card=card, **args)


def test_only_the_best_item_attack_and_ac_bonus_count():
    s = dungeon({"vistra": (1, 5)})
    v = give(s.figures["vistra"], "magic_sword_1", "vorpal_sword", "amulet_of_protection", "shield_of_protection",
             "throwing_shield")
    bear = monster(s, "cave_bear", (1, 6))
    g = _G(s)
    assert combat.hero_attack_mods(g, v, bear) == {"item": 2}
    assert combat.hero_ac(g, v) == (19, {"item": 2})


def test_blessed_shield_covers_heroes_on_the_tile_as_their_item_bonus():
    s = dungeon({"quinn": (1, 5), "tarak": (2, 5), "heskan": (1, 1)})
    give(s.figures["quinn"], "blessed_shield")
    give(s.figures["tarak"], "amulet_of_protection")
    g = _G(s)
    assert combat.hero_ac(g, s.figures["tarak"]) == (16, {"item": 2})
    assert combat.hero_ac(g, s.figures["quinn"]) == (18, {"item": 2})
    assert combat.hero_ac(g, s.figures["heskan"]) == (14, {})


def test_staff_and_gauntlets_and_crit_items():
    s = dungeon({"vistra": (1, 5)})
    v = give(s.figures["vistra"], "staff_of_the_elements", "gauntlets_of_ogre_power", "dragontooth_pick")
    v.powers = {"sure_strike": True}
    bear = tough(monster(s, "cave_bear", (1, 6)))
    game = run(s, lambda g: powers.attack_with(g, v, _act(g, v, "sure_strike", bear)), [19])
    (r,) = rolls(game)
    assert r["modifiers"] == {"item": 2} and dealt(game, bear) == [3]  # 1 + gauntlets 1 + pick's 19


def _act(g, h, pid, m):
    return next(a for a in powers.attack_options(g, h, g.state.seat_of[h.id]) if a.get("power") == pid
                and a.get("target") == m.id)


def test_dwarven_hammer_still_footed_bonus_forbids_moving():
    s = dungeon({"vistra": (1, 5)})
    v = give(s.figures["vistra"], "dwarven_hammer")
    bear = monster(s, "cave_bear", (1, 6))
    v.flags["moved"] = False
    assert combat.hero_attack_mods(_G(s), v, bear) == {"item": 3}
    from dungeon_tui.rulesets.ashardalon.movement import walks
    assert walks(_G(s), v) == {}
    v.flags = {"moved": True}
    assert combat.hero_attack_mods(_G(s), v, bear) == {"item": 1}


def test_potion_of_healing_heals_an_adjacent_hero_and_is_discarded():
    s = dungeon({"quinn": (1, 5), "tarak": (2, 5)})
    q = give(s.figures["quinn"], "potion_of_healing")
    s.figures["tarak"].hp = 3
    run(s, use(q, "potion_of_healing#1", other="tarak"), [])
    assert s.figures["tarak"].hp == 5 and q.items == {} and s.discards["treasure"] == ["potion_of_healing#1"]


def test_potion_of_recovery_pearl_rejuvenation_speed_tome():
    s = dungeon({"quinn": (1, 5), "tarak": (2, 5)})
    q = give(s.figures["quinn"], "potion_of_recovery", "pearl_of_power", "potion_of_rejuvenation", "potion_of_speed",
             "tome_of_experience", "ring_of_shooting_stars")
    s.figures["tarak"].conditions.append("dazed")
    run(s, use(q, "potion_of_recovery#1", other="tarak", condition="dazed"), [])
    assert s.figures["tarak"].conditions == []
    q.powers["blade_barrier"] = False
    q.powers["command"] = False
    run(s, use(q, "potion_of_rejuvenation#1", power="blade_barrier"), [])
    assert q.powers["blade_barrier"] and "potion_of_rejuvenation#1" not in q.items
    q.items["ring_of_shooting_stars#1"] = False
    run(s, use(q, "pearl_of_power#1", other_card="ring_of_shooting_stars#1"), [])
    assert q.items["ring_of_shooting_stars#1"] and q.items["pearl_of_power#1"] is False
    run(s, use(q, "potion_of_speed#1"), [], heroes=Picks(("square", {"to": [1, 1]})))
    assert q.pos == (1, 1)
    run(s, use(q, "tome_of_experience#1"), [])
    assert q.level == 2 and q.ac == 17 and "tome_of_experience#1" not in q.items


def test_ring_crossbow_and_throwing_shield_attacks():
    s = dungeon({"tarak": (1, 5)})
    add_tile(s, "w04", (0, 0), "E")
    t = give(s.figures["tarak"], "ring_of_shooting_stars", "crossbow_of_speed", "throwing_shield")
    bear = tough(monster(s, "cave_bear", (6, 1)))
    g = _G(s)
    kinds = {(x.get("card"), x.get("slot")) for x in items.options(g, t, "p", True, True) if x.get("target")}
    assert kinds == {("ring_of_shooting_stars#1", None), ("throwing_shield#1", None)}  # the crossbow reaches T<=1
    game = run(s, use(t, "ring_of_shooting_stars#1", target=bear.id), [19])
    assert rolls(game)[0]["inputs"]["attack_bonus"] == 8 and dealt(game, bear) == [1]
    assert t.items["ring_of_shooting_stars#1"] is False
    game = run(s, use(t, "throwing_shield#1", target=bear.id), [1])
    assert rolls(game)[0]["inputs"]["attack_bonus"] == 6
    assert not [x for x in items.options(_G(s), t, "p", True, True) if x.get("card") == "throwing_shield#1"]
    bear.pos = (1, 1)
    game = run(s, use(t, "crossbow_of_speed#1", target=bear.id), [19])
    assert rolls(game)[0]["inputs"]["attack_bonus"] == 4 and dealt(game, bear) == [1]


def test_box_of_caltrops_bites_like_blades():
    s = dungeon({"quinn": (1, 5)})
    q = give(s.figures["quinn"], "box_of_caltrops")
    q.powers["command"] = True
    run(s, use(q, "box_of_caltrops#1"), [])
    assert len([t for t in s.tokens if t["kind"] == "caltrops"]) == 3 and q.items == {}
    bear = tough(monster(s, "cave_bear", (1, 1)))
    spot = tuple(next(t for t in s.tokens if t["kind"] == "caltrops")["at"])
    bear.pos = spot
    game = run(s, lambda g: placing.placed(g, bear, q), [])
    assert dealt(game, bear) == [1]


def test_wand_of_fear_and_polymorph():
    s = dungeon({"heskan": (1, 5)})
    a = add_tile(s, "w04", (0, 0), "E")
    h = give(s.figures["heskan"], "wand_of_fear", "wand_of_polymorph")
    bear = tough(monster(s, "cave_bear", (1, 6)))
    run(s, use(h, "wand_of_fear#1", tile=[0, 1]), [], heroes=Picks(("tile", {"tile": list(a)})))
    assert board.cells_of(bear) == [a] and h.items["wand_of_fear#1"] is False
    s.rows["heskan"] = ["snake#1", "cave_bear#1", "grell#1"]
    s.decks["monster"] = ["orc_archer#2"]
    run(s, use(h, "wand_of_polymorph#1", target=bear.id), [])
    assert not bear.on_board and s.rows["heskan"] == ["snake#1", "orc_archer#2", "grell#1"]
    assert [f.kind for f in s.foes()] == ["orc_archer"] and board.cells_of(s.foes()[0]) == [a]


def test_bracers_of_defense_take_one_less():
    s = dungeon({"vistra": (1, 5)})
    v = give(s.figures["vistra"], "bracers_of_defense")
    run(s, lambda g: combat.hurt(g, v, 2, "test"), [], heroes=Picks(("react", {"use": True})))
    assert v.hp == 7 and v.items["bracers_of_defense#1"] is False


def test_lucky_charm_rerolls_a_monster_hit():
    s = dungeon({"heskan": (1, 5)})
    h = give(s.figures["heskan"], "lucky_charm")
    h.powers = {}
    grell = monster(s, "grell", (1, 6))
    game = run(s, lambda g: activate_figure(g, grell), [19, 2], heroes=Picks(("react", {"use": True})))
    hit, again = rolls(game)
    assert again["rule"] == "ash.reroll.lucky_charm" and again["outcome"] == "miss"
    assert h.hp == 5 and h.items == {} and "poisoned" not in h.conditions


def test_scroll_of_monster_control_turns_a_monster_on_another():
    s = dungeon({"quinn": (1, 5)})
    s.phase = "villain"
    q = give(s.figures["quinn"], "scroll_of_monster_control")
    snake = monster(s, "snake", (1, 1))
    bear = tough(monster(s, "cave_bear", (2, 0)))
    out = {}

    def proc(g):
        out["skip"] = yield from reactions.monster_activates(g, snake)
    game = run(s, proc, [19], heroes=Picks(("scroll", {"tile": [0, 0]})))
    assert out["skip"] and q.items == {} and dealt(game, bear) == [1]
    assert rolls(game)[0]["inputs"]["attack_bonus"] == 9


def test_flying_carpet_carries_its_riders():
    s = dungeon({"quinn": (1, 1)})
    a = add_tile(s, "w04", (0, 0), "E")
    q = give(s.figures["quinn"], "flying_carpet")
    run(s, use(q, "flying_carpet#1", tile=[0, 0]), [])
    run(s, use(q, "flying_carpet#1", tile=list(a)), [])
    assert board.cells_of(q) == [a]


def test_elven_cloak_hands_the_exploration_monster_left():
    s = dungeon({"quinn": (1, 5), "tarak": (2, 5)})
    give(s.figures["quinn"], "elven_cloak")
    assert items.elven_cloak_holder(_G(s), "quinn") == "tarak" and items.elven_cloak_holder(_G(s), "tarak") == "tarak"


def test_treasure_may_go_to_another_hero_and_the_ai_passes_a_spare_bonus():
    s = dungeon({"quinn": (1, 5), "tarak": (2, 5)})
    s.decks["treasure"] = ["magic_sword_2#1", "amulet_of_protection#1"]
    q = s.figures["quinn"]
    run(s, lambda g: combat.draw_treasure(g, q), [], heroes=Picks(("give", {"hero": "tarak"})))
    assert list(s.figures["tarak"].items) == ["magic_sword_2#1"]
    give(q, "shield_of_protection")
    run(s, lambda g: combat.draw_treasure(g, q), [], heroes=HeroAI())
    assert "amulet_of_protection#1" in s.figures["tarak"].items
