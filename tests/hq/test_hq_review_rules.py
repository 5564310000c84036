"""The HeroQuest rule points of issue 19, each with forced dice (combat die: 1-3 skull,
4-5 white shield, 6 black shield): trapped furniture (D8 revised), the falling block's leap
(§5.8 revised), what an opened door reveals, and the wandering monster's blow."""
from __future__ import annotations

from hq_scenario import Picks, door_id, rolls, run, trial

from dungeon_tui.engine.game import Action
from dungeon_tui.rulesets.heroquest import board, magic
from dungeon_tui.rulesets.heroquest.hero_turn import hero_turn
from dungeon_tui.rulesets.heroquest.searching import draw_card


def test_trapped_chest_springs_only_on_a_room_nobody_searched_for_traps():
    # Room L of the Rescue: the chest at 2,13 holds a needle trap (1 Body) and nothing else.
    s = trial({"barbarian": (1, 12), "dwarf": (2, 12)}, quest="rescue_of_sir_ragnar")
    bar, dwarf = s.figures["barbarian"], s.figures["dwarf"]
    run(s, lambda g: hero_turn(g, dwarf), [], heroes=Picks(("search_traps", {})))
    assert s.furniture_traps["f1"]["known"] and s.furniture_traps["f1"]["armed"]
    # Found, it no longer springs: the search finds the chest shut and does not count.
    game = run(s, lambda g: hero_turn(g, bar), [], heroes=Picks(("search_treasure", {})))
    assert bar.body == 8 and s.furniture_traps["f1"]["armed"]
    assert not s.searched.get("treasure:L") and "L" not in s.special_claimed
    assert any("must be disarmed before it can be searched" in e.text for e in game.events)
    # The Dwarf disarms it (he fails only on a black shield), then the search may open it.
    run(s, lambda g: hero_turn(g, dwarf), [[1]], heroes=Picks(("disarm", {"furniture": "f1"})))
    assert not s.furniture_traps["f1"]["armed"] and dwarf.body == 7
    bar.flags.pop("in_pit", None)
    game = run(s, lambda g: hero_turn(g, bar), [], heroes=Picks(("search_treasure", {})))
    assert s.searched["treasure:L"] == ["barbarian"] and "L" in s.special_claimed and bar.body == 8


def test_falling_block_leaps_forward_or_back_never_sideways():
    # A falling block moved into room O of the Trial, open floor on every side of it.
    s = trial({"elf": (1, 15)}, quest="the_trial")
    s.traps["tk"] = {"kind": "falling_block", "at": [2, 15], "state": "hidden"}
    for m in s.figures.values():
        if m.side != "hero":
            m.pos = None
    elf = s.figures["elf"]
    picks = Picks(("roll_move", {}), ("step", {"to": (2, 15)}), ("exit", {"to": (3, 15)}))
    game = run(s, lambda g: hero_turn(g, elf), [[3, 3], [4, 4, 4]], heroes=picks)
    exits = list(picks.seen[-1]["kinds"])
    assert exits == ["exit", "exit"]  # back to 1,15 or on to 3,15; not 2,14 nor 2,16
    assert (r := rolls(game, "hq.trap.falling_block")[0])["outcome"] == 0
    assert elf.pos == (3, 15) and (2, 15) in s.blocked and r["faces"] == ["white shield"] * 3


def test_a_genie_opening_a_door_reveals_what_any_hero_sees_and_the_log_names_the_door():
    # The Wizard at the stairway sends a genie to the door of room E; the Dwarf stands below it.
    door = door_id(((7, 8), (7, 9)))
    s = trial({"wizard": (1, 14), "dwarf": (7, 9)})
    wiz = s.figures["wizard"]
    wiz.spells = ["genie"]
    assert "E" not in s.revealed_rooms
    pick = Action.make("hero:wizard", "cast", who="wizard", spell="genie", door=door)
    game = run(s, lambda g: magic.cast(g, wiz, pick), [])
    assert "E" in s.revealed_rooms and s.figures["m10"].placed  # the goblins in E are on the board
    assert any("a genie opens the door between 7,8 and 7,9" in e.text for e in game.events)
    assert not board.terrain_sight(s, wiz.square, (7, 8))  # he did not see in himself


def test_a_wandering_monster_with_no_square_beside_the_searcher_says_why_it_cannot_attack():
    s = trial({"wizard": (5, 9), "barbarian": (4, 9), "dwarf": (6, 9), "elf": (5, 10)})
    wiz = s.figures["wizard"]
    s.deck = {cid: (1 if cid == "wandering_monster" else 0) for cid in s.deck}
    game = run(s, lambda g: draw_card(g, wiz), [])  # no attack dice are rolled
    orc = next(f for f in s.figures.values() if f.id.startswith("x"))
    assert orc.pos is not None and abs(orc.pos[0] - 5) + abs(orc.pos[1] - 9) > 1
    assert not rolls(game, "hq.combat.attack") and wiz.body == 4
    assert any(f"{orc.name} cannot attack him yet" in e.text for e in game.events)
