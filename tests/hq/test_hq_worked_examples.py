"""The worked examples of specs/heroquest.md section 10, with forced faces
(combat die: 1-3 skull, 4-5 white shield, 6 black shield)."""
from __future__ import annotations

from hq_scenario import door_id, rolls, run, trial

from dungeon_tui.rulesets.heroquest import board
from dungeon_tui.rulesets.heroquest.ai.seat import ScriptedSeat
from dungeon_tui.rulesets.heroquest.combat import strike
from dungeon_tui.rulesets.heroquest.monsters import activation_order, dungeon_phase
from dungeon_tui.rulesets.heroquest.searching import draw_card, new_monster


def test_1_hero_attack_hq_combat_attack_and_defend_monster():
    s = trial({"barbarian": (5, 9)})
    orc = new_monster_at(s, "orc", (4, 9))
    game = run(s, lambda g: strike(g, s.figures["barbarian"], orc), [[2, 3, 5], [6, 4]])
    att, dfn = rolls(game)
    assert (att["rule"], att["dice"], att["faces"], att["outcome"]) == (
        "hq.combat.attack", "3 combat dice", ["skull", "skull", "white shield"], 2)
    assert (dfn["rule"], dfn["faces"], dfn["outcome"]) == \
        ("hq.combat.defend_monster", ["black shield", "white shield"], 1)
    assert orc.status == "dead" and orc.body == 0


def test_2_black_shields_never_help_heroes():
    s = trial({"dwarf": (5, 9)})
    cw = new_monster_at(s, "chaos_warrior", (4, 9))
    dwarf = s.figures["dwarf"]
    game = run(s, lambda g: strike(g, cw, dwarf), [[1, 1, 2, 6], [6, 4]])
    att, dfn = rolls(game)
    assert att["outcome"] == 3
    assert (dfn["rule"], dfn["faces"], dfn["outcome"]) == ("hq.combat.defend_hero", ["black shield", "white shield"], 1)
    assert dwarf.body == 5


def test_4_sight_through_a_door_corner_and_reveal_whole_room():
    door = door_id(((3, 8), (3, 9)))
    s = trial({"elf": (3, 9)}, open_doors=[door])
    assert board.terrain_sight(s, (3, 9), (4, 8))  # the corner, by the side route through [3,8]
    assert not board.terrain_sight(s, (3, 9), (5, 8))  # would cross a wall
    assert "D" in s.revealed_rooms  # seeing one square reveals room D whole
    bottom = door_id(((3, 17), (3, 18)))
    s = trial({"elf": (3, 17)}, open_doors=[bottom])
    assert [x for x in range(26) if board.terrain_sight(s, (3, 17), (x, 18))] == [2, 3, 4]
    s.figures["elf"].pos = (3, 18)
    assert [x for x in range(26) if board.terrain_sight(s, (3, 18), (x, 18))] == list(range(15))


def test_10_wandering_monster_attacks_at_once():
    s = trial({"wizard": (5, 9)})
    wiz = s.figures["wizard"]
    # The one card left in the deck is a wandering monster.
    s.deck = {cid: (1 if cid == "wandering_monster" else 0) for cid in s.deck}
    game = run(s, lambda g: draw_card(g, wiz), [[1, 2, 4], [5, 6]])
    orc = next(f for f in s.figures.values() if f.id.startswith("x"))
    assert orc.kind == "orc" and orc.pos == (4, 9)  # [5,8] is behind a wall; [4,9] is next in reading order
    att, dfn = rolls(game, "hq.combat.attack")[0], rolls(game, "hq.combat.defend_hero")[0]
    assert (att["outcome"], dfn["outcome"]) == (2, 1)
    assert wiz.body == 3
    assert s.deck["wandering_monster"] == 1  # the card goes back


def test_12_zargon_order_and_scripts_in_room_e():
    door = door_id(((7, 8), (7, 9)))
    s = trial({"barbarian": (6, 9), "wizard": (7, 9)}, open_doors=[door])
    order = [m.id for m in activation_order(s)]
    assert order[:2] == ["m11", "m10"]
    game = run(s, dungeon_phase, [[1, 3], [6, 4]], dungeon=ScriptedSeat())
    assert s.figures["m11"].pos == (7, 8) and s.figures["wizard"].body == 3
    assert s.figures["m10"].pos == (7, 7)
    whys = [e.data["why"] for e in game.events if e.kind == "decision" and e.data["seat"] == "dungeon"]
    assert any("moves in on the weakest foe, Wizard" in w for w in whys)
    assert any("advances on the nearest foe, Wizard, 2 squares away" in w for w in whys)


def new_monster_at(s, kind, sq):
    class G:  # new_monster only needs the state and the content
        pass
    from dungeon_tui.rulesets.heroquest.content import load_content
    g = G()
    g.state, g.content = s, load_content()
    return new_monster(g, kind, sq)


def test_a_defence_outcome_counts_only_the_hits_it_blocks():
    s = trial({"barbarian": (5, 9)})
    orc = new_monster_at(s, "orc", (4, 9))
    game = run(s, lambda g: strike(g, s.figures["barbarian"], orc), [[1, 4, 5], [6, 6]])
    dfn = rolls(game, "hq.combat.defend_monster")[0]
    assert (dfn["faces"], dfn["outcome"], dfn["inputs"]["hits"]) == (["black shield", "black shield"], 1, 1)
    assert orc.status == "alive"
