"""Chambers, doors, adventure cards and the adventures' ends (spec §5.12, §5.13, §7)."""
from __future__ import annotations

from ash_scenario import dungeon, events, monster, rolls, run

from dungeon_tui.rulesets.ashardalon import board, combat
from dungeon_tui.rulesets.ashardalon.adventures import adventure_encounter, check_end, take_token
from dungeon_tui.rulesets.ashardalon.exploration import explore
from dungeon_tui.rulesets.ashardalon.heroes import walk

ENCOUNTERS = ["bulls_eye", "deep_tremor", "earthquake", "steam_vent"]


def lair():
    """Adventure 12: Quinn along start_n's north edge with the dire entrance on top of the stack."""
    s = dungeon({"quinn": (1, 0)}, adventure="the_wrath_of_ashardalon")
    s.decks["dungeon"] = ["dire_entrance"]
    s.decks["monster"] = ["grell#1"]
    s.decks["encounter"] = list(ENCOUNTERS)
    game = run(s, lambda g: explore(g, s.figures["quinn"]), [])
    return s, game


def test_the_entrance_builds_its_chamber_with_the_dragon_on_the_farthest_tile():
    s, game = lair()
    placed = [(t.tile, t.cells[0]) for t in s.tiles]
    # The entrance north of start_n, then chamber tiles beyond its N, E and W edges (the stack
    # is drawn in its sorted order here: three plain chamber tiles first).
    assert placed == [("start", (0, 1)), ("dire_entrance", (0, -1)), ("chamber", (0, -2)),
                      ("chamber", (1, -1)), ("chamber", (-1, -1))]
    assert s.chamber["card"] == "ashardalons_lair"
    dragon = s.figures[s.chamber["villain"]]
    assert dragon.kind == "ashardalon" and board.cells_of(dragon) == [(0, -2)]
    assert len(board.squares_of(dragon)) == 4  # a 2x2 figure
    # No exploration monster on the white entrance; the fill gives Quinn the chamber's grell.
    assert s.rows["quinn"] == ["grell#1"]
    grell = next(f for f in s.figures.values() if f.kind == "grell")
    assert grell.chamber and board.cells_of(grell) == [(1, -1)]
    # Chamber walls: nobody explores out of the chamber.
    assert [e for e in board.lay(s).unexplored_edges() if e[0][1] < 0] == []
    # Adventure 12: the dragon's breath is shuffled into the top four encounter cards.
    assert "ashardalon_breathes" in s.decks["encounter"][:4] and s.decks["encounter"][4] == "steam_vent"


def test_ashardalon_breathes_on_each_hero_within_a_tile_and_goes_back_near_the_top():
    s, _ = lair()
    s.figures["quinn"].pos = (1, -2)  # on the entrance, 1 tile from the dragon's chamber tile
    s.decks["encounter"] = ["ashardalon_breathes", "bulls_eye", "deep_tremor", "earthquake", "steam_vent"]
    card = s.decks["encounter"].pop(0)
    game = run(s, lambda g: adventure_encounter(g, card, s.figures["quinn"]), [10])
    (r,) = rolls(game, "ash.encounter.attack")
    assert (r["faces"], r["inputs"]["attack_bonus"], r["target"], r["outcome"]) == ([10], 9, 16, "hit")
    assert s.figures["quinn"].hp == 8 - 3
    assert "ashardalon_breathes" in s.decks["encounter"][:4]


def test_adventure_12_is_won_when_ashardalon_falls():
    s, _ = lair()
    dragon = s.figures[s.chamber["villain"]]
    quinn = s.figures["quinn"]
    s.decks["treasure"] = ["potion_of_healing#1"]
    game = run(s, lambda g: combat.damage_foe(g, dragon, 12, quinn, "test"), [])
    assert s.xp == ["villain:ashardalon"] and combat.xp_total(game) == 7
    assert check_end(game) and s.result["outcome"] == "victory"


def door_tile(kind):
    """Adventure 5 (doors on): b01 (a door on its N side) explored north of start_n."""
    s = dungeon({"quinn": (1, 0), "vistra": (2, 0)}, adventure="the_closed_doors")
    s.decks["dungeon"] = ["b01"]
    s.decks["door"] = [kind]
    s.decks["monster"] = ["snake#1"]
    run(s, lambda g: explore(g, s.figures["quinn"]), [])
    return s


def test_a_door_token_blocks_exploring_until_revealed_and_removed():
    s = door_tile("unlocked")
    assert s.doors == {"0,-1,N": "unlocked"}
    assert ((0, -1), "N") not in board.lay(s).unexplored_edges()
    quinn = s.figures["quinn"]
    game = run(s, lambda g: walk(g, quinn, [(1, -1), (1, -2), (1, -3), (1, -4)]), [])
    assert s.doors == {} and ((0, -1), "N") in board.lay(s).unexplored_edges()
    assert events(game, "door")[0]["token"] == "unlocked"


def test_a_trapped_door_hurts_each_hero_along_it():
    s = door_tile("trapped")
    quinn, vistra = s.figures["quinn"], s.figures["vistra"]
    vistra.pos = (2, -4)
    run(s, lambda g: walk(g, quinn, [(1, -1), (1, -2), (1, -3), (1, -4)]), [])
    assert (quinn.hp, vistra.hp) == (7, 7) and s.doors == {}


def test_a_locked_door_stays_until_forced_open_on_ten_or_more():
    s = door_tile("locked")
    quinn = s.figures["quinn"]
    run(s, lambda g: walk(g, quinn, [(1, -1), (1, -2), (1, -3), (1, -4)]), [])
    assert s.revealed_doors == ["0,-1,N"] and "0,-1,N" in s.doors
    from dungeon_tui.rulesets.ashardalon import doors
    (option,) = doors.unlock_options(_game_for(s), quinn, "hero:quinn")
    game = run(s, lambda g: doors.unlock(g, quinn, option), [9])
    assert "0,-1,N" in s.doors and rolls(game, "ash.door.unlock")[0]["outcome"] == "fail"
    game = run(s, lambda g: doors.unlock(g, quinn, option), [10])
    assert s.doors == {} and rolls(game, "ash.door.unlock")[0]["outcome"] == "pass"


def _game_for(s):
    class G:
        state = s
    return G()


def test_the_objective_wakes_the_dragon_by_the_start_stairs():
    s = dungeon({"tarak": (1, 0)}, adventure="sneaky_endeavor")
    s.decks["encounter"] = list(ENCOUNTERS)
    tarak = s.figures["tarak"]
    game = run(s, lambda g: take_token(g, tarak, {"kind": "objective", "value": "objective", "at": [1, 1]}), [])
    dragon = next(f for f in s.figures.values() if f.kind == "ashardalon")
    assert tarak.flags["objective"] and set(board.cells_of(dragon)) <= {(0, 0), (0, 1)}
    assert "ashardalon_breathes" in s.decks["encounter"][:4]
    tarak.escaped = True
    assert check_end(game) and s.result["outcome"] == "victory"


def test_a_boon_throws_away_a_devil_card():
    s = dungeon({"quinn": (1, 0)}, adventure="free_the_captives")
    s.boons = ["duergar_defeated"]
    s.decks["dungeon"] = ["w01"]
    s.decks["monster"] = ["legion_devil#1", "snake#1"]
    run(s, lambda g: explore(g, s.figures["quinn"]), [])
    assert s.boons == [] and s.rows["quinn"] == [] and s.discards["monster"] == ["legion_devil#1"]
    assert not s.foes()


def test_monster_hunt_is_won_on_enough_trophies():
    s = dungeon({"quinn": (1, 0), "vistra": (2, 0)}, adventure="monster_hunt")
    snake = monster(s, "snake", (1, 1))
    s.trophies = 2 * 2 + 3 - 1
    s.decks["treasure"] = ["potion_of_healing#1"]
    game = run(s, lambda g: combat.damage_foe(g, snake, 1, s.figures["quinn"], "test"), [])
    assert s.trophies == 7 and check_end(game) and s.result["outcome"] == "victory"


def test_the_carrier_may_hand_the_objective_to_a_hero_beside_him():
    from dungeon_tui.rulesets.ashardalon.heroes import options
    s = dungeon({"tarak": (1, 5), "keyleth": (2, 5)}, adventure="sneaky_endeavor")
    tarak, keyleth = s.figures["tarak"], s.figures["keyleth"]
    tarak.flags["objective"] = True
    game = run(s, lambda g: iter(()), [])
    (give,) = [a for a in options(game, tarak, []) if a.kind == "hand_over"]
    assert give.get("other") == "keyleth"
    keyleth.pos = (3, 7)  # not beside him: no offer
    assert not [a for a in options(game, tarak, []) if a.kind == "hand_over"]


def test_ashardalon_arrives_on_the_closest_tile_with_an_unexplored_edge():
    # Found by a companion-AI experiment: the card crashed (the tile was asked for and never
    # waited on).  Quinn stands on start_n, whose edges are unexplored: the dragon lands there.
    s = dungeon({"quinn": (1, 0)}, adventure="a_day_in_the_life")
    game = run(s, lambda g: adventure_encounter(g, "ashardalon_arrives", s.figures["quinn"]), [])
    dragon = next(f for f in s.figures.values() if f.kind == "ashardalon")
    assert dragon.on_board and board.cells_of(dragon) == [(0, 0)]
    assert any(e.kind == "encounter" and "Ashardalon Arrives" in e.text for e in game.events)
