"""Wrath of Ashardalon content (spec §2, §6, §7): every file loads with the spec's counts and
numbers, the tactics scripts use only TACTICS_WORDS, and broken copies fail with one exact line."""
from __future__ import annotations

import shutil
from collections import Counter

import pytest

from dungeon_tui.engine import tactics
from dungeon_tui.engine.content import ContentError, content_root, load_bundle
from dungeon_tui.engine.scenario import content_problems_after
from dungeon_tui.rulesets.ashardalon.content import cross_check, load_content, words_registry
from dungeon_tui.rulesets.ashardalon.models import MODELS, TACTICS_WORDS


def test_counts_match_the_spec():
    c = load_content()
    assert sorted(c["heroes.yaml"].heroes) == ["heskan", "keyleth", "quinn", "tarak", "vistra"]
    powers = c["powers.yaml"].powers
    assert len(powers) == 50
    assert Counter(p.hero_class for p in powers.values()) == dict.fromkeys(("cleric", "fighter", "paladin", "rogue", "wizard"), 10)
    assert sorted(pid for pid, p in powers.items() if p.fixed) == [
        "dwarven_resilience", "furious_assault", "healing_hymn", "hurled_breath", "lay_on_hands"]
    monsters = c["monsters.yaml"].monsters
    assert len(monsters) == 10 and sum(m.cards for m in monsters.values()) == 30
    assert len(c["villains.yaml"].villains) == 7 and len(c["villagers.yaml"].villagers) == 5
    enc = c["encounters.yaml"]
    assert Counter(e.type for e in enc.encounters.values()) == {
        "curse": 8, "environment": 6, "event": 18, "event_attack": 14, "hazard": 3, "trap": 4}
    assert sorted(enc.adventure_encounters) == ["ashardalon_arrives", "ashardalon_breathes",
                                                "ceremony_progresses", "vast_gate_flares"]
    items = c["treasure.yaml"].items
    assert len(items) == 29 and sum(i.copies for i in items.values()) == 33
    assert len(c["chambers.yaml"].chambers) == 14 and len(c["chambers.yaml"].boons) == 6
    assert [a.number for a in c["adventures.yaml"].adventures.values()] == [1, 2, 4, 5, 8, 9, 12]
    tokens = c["tokens.yaml"]
    assert sum(tokens.treasure.values()) == 33 and sum(tokens.doors.values()) == 8


def test_tiles_follow_the_stack_of_d2():
    t = load_content()["tiles.yaml"]
    standard = {tid: x for tid, x in t.tiles.items() if x.stack == "standard"}
    assert len(standard) == 22 and sum(x.long_hallway for x in standard.values()) == 2
    normal = [x for x in standard.values() if not x.long_hallway]
    exits = Counter((x.triangle, len(t.shapes[x.shape])) for x in normal)
    assert exits == {("black", 2): 3, ("black", 3): 7, ("black", 4): 2, ("white", 2): 5, ("white", 3): 3}
    assert sorted(tid for tid, x in standard.items() if x.doors) == ["b01", "b04", "b07", "b09", "b11", "w02", "w06"]
    assert t.tiles["vault"].doors == ["S"] and t.tiles["vault"].treasure_token
    assert t.templates["exit_ladder"].rows[0] == "#LL#" and len(t.templates["start"].rows) == 8
    assert t.templates["normal"].rows == ["#..#", "..X.", "....", "#..#"]


def test_spot_numbers_against_the_spec_tables():
    c = load_content()
    heskan = c["heroes.yaml"].heroes["heskan"]
    assert (heskan.ac, heskan.hp, heskan.speed, heskan.surge) == (14, 6, 6, 3)
    assert heskan.loadout.at_will == ("ray_of_frost", "arc_lightning")
    assert c["heroes.yaml"].level_2.critical_damage == 1
    p = c["powers.yaml"].powers
    assert (p["sure_strike"].attack.bonus, p["sure_strike"].attack.damage) == (11, 1)
    assert (p["tornado_strike"].attack.count, p["shock_sphere"].attack.miss_damage, p["shock_sphere"].tiles) == (4, 1, 2)
    assert p["dwarven_resilience"].timing == "move_slot" and p["dwarven_resilience"].effects[0].n == 4
    assert p["hurled_breath"].type == "daily" and p["hurled_breath"].attack.bonus == 5
    grell = c["monsters.yaml"].monsters["grell"]
    assert (grell.ac, grell.hp, grell.xp) == (15, 2, 2)
    assert grell.attacks["bite"].conditions == ["poisoned"] and grell.attacks["bite"].miss_damage == 1
    assert c["monsters.yaml"].monsters["legion_devil"].figures_per_card == 3
    drake = c["villains.yaml"].villains["rage_drake"]
    assert (drake.enraged.at_damage, drake.enraged.total_hp, drake.enraged.attacks["frenzy"].bonus) == (6, 10, 10)
    assert c["villains.yaml"].villains["ashardalon"].size == 2
    assert c["villains.yaml"].villains["meerak"].ac_bonus_near == {"Reptile": 2}
    e = c["encounters.yaml"].encounters
    assert (e["phalagars_lair"].attack.bonus, e["phalagars_lair"].attack.damage, e["phalagars_lair"].targets) == (4, 3, "tile")
    assert e["sulphurous_cloud"].attack.miss_conditions == ["poisoned"] and e["gap_in_the_armor"].ac_mod == -4
    assert e["whirling_blades"].disable == 10 and e["kobold_trappers"].disable_mod == -4
    i = c["treasure.yaml"].items
    assert (i["vorpal_sword"].attack_bonus, i["vorpal_sword"].crit_from, i["vorpal_sword"].gold) == (2, 18, 2000)
    assert i["potion_of_healing"].copies == 3 and i["potion_of_healing"].heal == 2 and i["thieves_tools"].disable_bonus == 4
    assert (i["dwarven_hammer"].attack_bonus, i["dwarven_hammer"].unmoved_attack_bonus) == (1, 3)
    assert i["blessed_shield"].ac_covers == "heroes_on_tile" and i["ring_of_shooting_stars"].attack.tiles == 2
    assert e["pit"].attacks["pit"].into_pit and e["volcanic_vapors"].passive == "poison_on_tile"
    ch = c["chambers.yaml"].chambers
    assert ch["gate_ceremony"].object.hp == 5 and ch["gate_ceremony"].time_tokens == 5
    assert ch["treasure_hoard"].goal_gold == 2000 and ch["orc_clan_lair"].filter == ["Animal", "Orc"]
    a = c["adventures.yaml"].adventures
    assert a["monster_hunt"].victory[0].per_hero == 2 and a["monster_hunt"].victory[0].plus == 3
    assert [(p.tile, p.position) for p in a["sneaky_endeavor"].placements] == [("horrid_entrance", 7), ("tunnel_exit", 10)]
    assert a["the_mysterious_chamber"].placements[0].plus_heroes


def _all_scripts(c):
    for m in c["monsters.yaml"].monsters.values():
        yield m.tactics
    for v in c["villains.yaml"].villains.values():
        yield v.tactics
        if v.enraged:
            yield v.enraged.tactics
    for v in c["villagers.yaml"].villagers.values():
        yield v.tactics
    for e in c["encounters.yaml"].encounters.values():
        if e.tactics:
            yield e.tactics


def test_scripts_compile_and_use_every_word():
    c = load_content()
    reg = words_registry()
    used = set()
    for body in _all_scripts(c):
        for entry in tactics.compile_scripts({"s": body}, reg)["s"].entries:
            used |= {x.name for x, _ in ((entry.condition, False), *entry.also) if x} | {x.name for x in entry.calls}
    assert used == set(TACTICS_WORDS["conditions"]) | set(TACTICS_WORDS["actions"])
    grell = tactics.compile_scripts({"grell": c["monsters.yaml"].monsters["grell"].tactics}, reg)["grell"]
    line2 = grell.entries[1]
    assert line2.condition == tactics.Call("hero_within_tiles", (("n", 1),))
    assert line2.calls == (tactics.Call("move_adjacent", (("target", "closest_hero"),)),
                           tactics.Call("attack", (("attack", "tentacles"), ("target", "that_hero"))))
    assert grell.entries[-1].condition is None  # the default line: move 1 tile toward the closest hero


# -- broken copies ----------------------------------------------------------------------------

def load_changed(tmp_path, file, change):
    """Copy the real content, apply `change` to one file's data, load; the problems raised."""
    return content_problems_after(tmp_path, "ashardalon", file, change, MODELS, cross_check)


def at(*keys_and_value):
    """A change that sets data[k1][k2]...[kn] = value."""
    *keys, value = keys_and_value

    def change(data):
        for k in keys[:-1]:
            data = data[k]
        data[keys[-1]] = value
    return change


def drop(*keys):
    def change(data):
        for k in keys[:-1]:
            data = data[k]
        del data[keys[-1]]
    return change


def line(monster, i, entry):
    return at("monsters", monster, "tactics", i, entry)


CONDITIONS = ("adjacent_to_hero, adjacent_to_monster, hero_within_tiles, monster_within_tiles, on_tile_with_hero, "
              "tile_has_no_hero_and_unexplored_edge, tile_has_unexplored_edge")
A = "content/ashardalon/"
BROKEN = [
    # tactics: unknown words, bad parameters, bad values, the figure's own attacks
    ("monsters.yaml", line("grell", 0, {"when": "next_to_hero", "do": ["do_nothing"]}),
     [f"{A}monsters.yaml: monsters.grell.tactics[0].when: unknown condition 'next_to_hero' (known: {CONDITIONS})"]),
    ("monsters.yaml", line("snake", 0, {"when": "adjacent_to_hero", "do": ["roar"]}),
     [f"{A}monsters.yaml: monsters.snake.tactics[0].do: unknown action 'roar' (known: add_lava_marker, attack, "
      "attack_all, damage_all, do_nothing, explore_bottom_tile_and_place_monster, move_adjacent, move_marker_tiles, "
      "move_tiles, pull_adjacent)"]),
    ("monsters.yaml", line("grell", 0, {"when": "adjacent_to_hero", "do": [{"attack": {"target": "weakest_hero", "attack": "bite"}}]}),
     [f"{A}monsters.yaml: monsters.grell.tactics[0].do: attack.target: 'weakest_hero' is not one of "
      "closest_adjacent_hero, closest_hero, that_hero, adjacent_monster"]),
    ("monsters.yaml", line("grell", 0, {"when": "adjacent_to_hero", "do": [{"attack": {"target": "closest_hero", "attack": "claws"}}]}),
     [f"{A}monsters.yaml: monsters.grell.tactics[0].do: attack.attack: 'claws' is not one of this figure's attacks "
      "(bite, tentacles)"]),
    ("monsters.yaml", line("cave_bear", 1, {"when": {"hero_within_tiles": {"n": "one"}}, "do": ["do_nothing"]}),
     [f"{A}monsters.yaml: monsters.cave_bear.tactics[1].when: hero_within_tiles.n should be int, got 'one'"]),
    ("monsters.yaml", line("orc_smasher", 1, {"default": [{"move_tiles": {"target": "closest_hero"}}]}),
     [f"{A}monsters.yaml: monsters.orc_smasher.tactics[1].default: move_tiles needs n"]),
    ("monsters.yaml", drop("monsters", "snake", "tactics", 1),
     [f"{A}monsters.yaml: monsters.snake.tactics: the last entry must be a default"]),
    ("villains.yaml", at("villains", "rage_drake", "enraged", "tactics", 0, "do", 1, {"attack": {"target": "that_hero", "attack": "bite"}}),
     [f"{A}villains.yaml: villains.rage_drake.enraged.tactics[0].do: attack.attack: 'bite' is not one of this "
      "figure's attacks (frenzy)"]),
    ("encounters.yaml", at("encounters", "cave_in", "tactics", 0, "default", 0, {"attack_all": {"scope": "everywhere", "attack": "cave_in"}}),
     [f"{A}encounters.yaml: encounters.cave_in.tactics[0].default: attack_all.scope: 'everywhere' is not one of "
      "on_tile, within_tiles, adjacent, tile_of_closest_hero, marker_tile, lava_tiles"]),
    ("monsters.yaml", line("gibbering_mouther", 0, {"when": {"hero_within_tiles": {"n": 1}},
                                                   "do": [{"attack_all": {"scope": "within_tiles", "attack": "gibber"}}]}),
     [f"{A}monsters.yaml: monsters.gibbering_mouther.tactics[0].do: attack_all with scope within_tiles needs tiles"]),
    # pydantic: unknown fields, wrong types, model rules
    ("monsters.yaml", at("monsters", "snake", "speed", 6),
     [f"{A}monsters.yaml: monsters.snake.speed: Extra inputs are not permitted"]),
    ("monsters.yaml", at("monsters", "grell", "ac", "high"),
     [f"{A}monsters.yaml: monsters.grell.ac: Input should be a valid integer, unable to parse string as an integer"]),
    ("encounters.yaml", drop("encounters", "pit", "tactics"),
     [f"{A}encounters.yaml: encounters.pit: Value error, hazards and traps have tactics, other encounters none"]),
    ("powers.yaml", drop("powers", "ray_of_frost", "tiles"),
     [f"{A}powers.yaml: powers.ray_of_frost: Value error, target monster_within needs tiles"]),
    # names between files
    ("heroes.yaml", at("heroes", "quinn", "fixed_power", "sure_strike"),
     [f"{A}heroes.yaml: heroes.quinn.fixed_power: sure_strike is a fighter power, not cleric"]),
    ("heroes.yaml", at("heroes", "vistra", "loadout", "daily", "charge"),
     [f"{A}heroes.yaml: heroes.vistra.loadout.daily: charge is at_will, not daily"]),
    ("heroes.yaml", at("heroes", "tarak", "loadout", "at_will", 1, "hidden_blade"),
     [f"{A}heroes.yaml: heroes.tarak.loadout.at_will.1: unknown power 'hidden_blade'"]),
    ("adventures.yaml", at("adventures", "the_wrath_of_ashardalon", "victory", 0, "villain", "ashardalonn"),
     [f"{A}adventures.yaml: adventures.the_wrath_of_ashardalon.victory.0.villain: unknown villain 'ashardalonn'"]),
    ("adventures.yaml", at("adventures", "the_closed_doors", "chamber", "crypt"),
     [f"{A}adventures.yaml: adventures.the_closed_doors.chamber: unknown chamber card 'crypt'"]),
    ("adventures.yaml", at("adventures", "sneaky_endeavor", "rules", 1, "encounter_top_4", "dragon_breath"),
     [f"{A}adventures.yaml: adventures.sneaky_endeavor.rules.1.encounter_top_4: unknown adventure encounter 'dragon_breath'"]),
    ("chambers.yaml", at("chambers", "stables", "villain", "red_drake"),
     [f"{A}chambers.yaml: chambers.stables.villain: unknown villain 'red_drake'"]),
    ("tiles.yaml", at("tiles", "b02", "doors", ["N"]),
     [f"{A}tiles.yaml: tiles.b02.doors: side N is not open in shape turn_left"]),
    ("tiles.yaml", at("templates", "normal", "rows", 1, "..Z."),
     [f"{A}tiles.yaml: templates.normal.rows.1: 'Z' not in the legend"]),
    # counts against the spec's totals
    ("powers.yaml", drop("powers", "invisibility"),
     [f"{A}powers.yaml: powers: 49 powers, the spec has 50", f"{A}powers.yaml: powers: 9 wizard powers, each class has 10"]),
    ("treasure.yaml", at("items", "lucky_charm", "copies", 1),
     [f"{A}treasure.yaml: items: 32 treasure cards, the spec has 33"]),
    ("encounters.yaml", drop("encounters", "lost"),
     [f"{A}encounters.yaml: encounters: 52 encounters, the spec has 53"]),
]


@pytest.mark.parametrize("file,change,expected", BROKEN, ids=[f"{b[0]}-{i}" for i, b in enumerate(BROKEN)])
def test_broken_copy_gives_the_exact_line(tmp_path, file, change, expected):
    assert load_changed(tmp_path, file, change) == expected


def test_a_missing_file_is_named(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(content_root() / "ashardalon", root / "ashardalon")
    (root / "ashardalon" / "tokens.yaml").unlink()
    with pytest.raises(ContentError) as err:
        load_bundle("ashardalon", MODELS, cross_check, root=root)
    assert err.value.problems == ["content/ashardalon/tokens.yaml: file is missing"]


def test_a_template_must_fill_its_cells(tmp_path):
    problems = load_changed(tmp_path, "tiles.yaml", at("tiles", "start", "cells", 1))
    assert problems == ["content/ashardalon/tiles.yaml: tiles.start.cells: 1 cell(s) need 4 rows, template start has 8"]
