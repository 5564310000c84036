"""Deployment (spec §3, D27, §6 deploy): the alternation, the zones, where scouts may lie in
wait, and the automated side's squares."""
from __future__ import annotations

from dungeon_tui.rulesets.skirmish.content import load_content
from dungeon_tui.rulesets.skirmish.deployment import (chosen_square, deploy_squares, deployment_order,
                                                      scout_squares, sheltered)
from dungeon_tui.rulesets.skirmish.distance import distance
from dungeon_tui.rulesets.skirmish.terrain import battlefield_for


def field(sid):
    return battlefield_for(load_content(), sid)


def test_models_deploy_one_at_a_time_the_second_mover_first():
    assert deployment_order(["w2_01", "w2_02", "w2_03"], ["w1_01"]) == ["w2_01", "w1_01", "w2_02", "w2_03"]
    assert deployment_order(["d1", "d2"], ["a1"], all_first=True) == ["d1", "d2", "a1"]


def test_free_squares_of_the_zone():
    f = field("hold_the_ruin")
    squares = deploy_squares(f, 1, taken=[(0, 31)])
    assert squares[0] == (1, 31) and (20, 31) not in squares        # the hedge at (20,31)
    assert all(31 <= y <= 35 for _, y in squares)


def test_scouts_hide_far_from_the_enemy_and_out_of_sight():
    f = field("border_patrol")
    enemies = [(17, 33)]
    squares = scout_squares(f, 2, [], enemies, {})
    assert (0, 0) in squares                                          # its own zone
    assert (15, 12) in squares                                        # by the hedge, the watchtower between
    assert (12, 12) not in squares                                    # by the hedge but in plain sight
    assert (5, 16) in squares                                         # deep in the wood
    assert (17, 25) not in squares                                    # within 10
    assert all(sq[1] <= 4 or (sheltered(f, sq) and min(distance(sq, e) for e in enemies) >= 10)
               for sq in squares)


def test_automated_deployment_by_role():
    f = field("border_patrol")
    free = deploy_squares(f, 1, [])
    assert chosen_square(f, "leader", free, 2) == (17, 31)            # nearest the centre of the table
    assert chosen_square(f, "melee", free, 2) == (0, 31)              # the row nearest the enemy, west first
    village = field("defend_the_village")
    free = deploy_squares(village, "defender", [])
    shooter = chosen_square(village, "shooter", free, "attacker")
    assert village.height_at(shooter) == 3 and village.building_at(shooter) == "house_c"
