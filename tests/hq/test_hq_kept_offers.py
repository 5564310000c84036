"""The seventh speed pass's rules (heroquest, outside ai/): a hero's step, roll and end of turn
kept in the process are the actions made afresh, words and all; the trap lookups read a
keyframe's list squares; the main weapon is the chosen one, else the first carried; a look
from a square whose look is kept finds nothing new."""
from __future__ import annotations

from dungeon_tui.batch import game_seed
from dungeon_tui.engine.game import Action
from dungeon_tui.rulesets.heroquest import board, traps
from dungeon_tui.rulesets.heroquest.combat import weapon_of
from dungeon_tui.rulesets.heroquest.content import load_content
from dungeon_tui.rulesets.heroquest.game import GAME
from dungeon_tui.rulesets.heroquest.heroes import end_offer, his_own, step_offer

from hq_scenario import trial


def test_a_kept_step_is_the_step_made_afresh_and_follows_the_hero_s_name_and_square():
    s = trial({"barbarian": (1, 1)})
    h = s.figures["barbarian"]
    first = step_offer("p1", h, (2, 1))
    assert first is step_offer("p1", h, (2, 1))  # kept
    assert first == Action.make("p1", "step", who="barbarian", to=(2, 1))
    assert first.text == f"{h.name} steps east to 2,1"
    h.pos = (3, 1)
    assert step_offer("p1", h, (2, 1)).text == f"{h.name} steps west to 2,1"
    h.name = "Grimnir"
    assert step_offer("p1", h, (2, 1)).text == "Grimnir steps west to 2,1"
    assert step_offer("p2", h, (2, 1)).seat == "p2"


def test_his_roll_and_end_of_turn_are_kept_with_his_name():
    s = trial({"elf": (1, 1)})
    h = s.figures["elf"]
    end = end_offer("p1", h, {"last_stop": (1, 1)}, "end")
    assert end is end_offer("p1", h, {"last_stop": (1, 1)}, "end")
    assert end == Action.make("p1", "end_turn", who="elf") and end.text == f"{h.name} ends the turn"
    leave = end_offer("p1", h, {"last_stop": (1, 1)}, "leave")
    assert leave.kind == "leave" and leave.text == f"{h.name} leaves the dungeon"
    h.name = "Ladril"
    assert his_own("p1", "roll_move", h, "rolls to move").text == "Ladril rolls to move"
    assert end_offer("p1", h, {"last_stop": (1, 1)}, "end").text == "Ladril ends the turn"


def test_traps_found_under_a_square_kept_as_a_list():
    s = trial({"dwarf": (1, 1)})
    s.traps = {"t1": {"kind": "pit", "at": [4, 5], "state": "hidden"},
               "t2": {"kind": "pit", "at": (6, 5), "state": "sprung"},
               "t3": {"kind": "spear", "at": [7, 5], "state": "disarmed"}}
    assert traps.trap_at(s, (4, 5)) is s.traps["t1"]
    assert traps.trap_at(s, (6, 5)) is None and traps.sprung_pit_at(s, (6, 5))
    assert traps.trap_at(s, (7, 5)) is None and not traps.sprung_pit_at(s, (7, 5))
    assert not traps.sprung_pit_at(s, (4, 5)) and not traps.sprung_pit_at(s, (5, 4))
    s.traps["t1"]["state"] = "sprung"
    assert traps.trap_at(s, (4, 5)) is None and traps.sprung_pit_at(s, (4, 5))


def test_the_main_weapon_is_the_chosen_one_else_the_first_carried():
    c = load_content()
    s = trial({"barbarian": (1, 1)})
    h = s.figures["barbarian"]
    h.equipment = ["chain_mail", "broadsword", "shortsword", "crossbow"]
    weapons = [e for e in h.equipment if c.equipment[e].kind == "weapon"]
    assert weapon_of(h, c) is c.equipment[weapons[0]]
    h.flags["main"] = weapons[-1]
    assert weapon_of(h, c) is c.equipment[weapons[-1]]
    h.flags["main"] = "spear_he_does_not_carry"
    assert weapon_of(h, c) is c.equipment[weapons[0]]
    h.equipment = ["chain_mail"]
    assert weapon_of(h, c) is None


def test_a_look_kept_for_a_square_finds_nothing_new_there_again():
    game = GAME.new_game({"adventure": "crypt_of_the_bone_lantern"}, game_seed(2027, 0))
    s, c = game.state, game.content
    # The party's first looks from the stairway, kept with the map.
    looked = [key[1] for key in s.grid.memo if isinstance(key, tuple) and key[0] == "seen_from"]
    assert len(looked) == len(s.heroes())
    for sq in looked:
        before = (list(s.revealed_rooms), list(s.revealed_corridor))
        assert board.reveal_placing(s, c, sq) == ([], [])
        assert (s.revealed_rooms, s.revealed_corridor) == before
