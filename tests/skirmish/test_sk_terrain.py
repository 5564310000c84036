"""The battlefield (spec §2.7, §5.1): floors, walls, obstacles, woods, ladders, objectives,
buildings, deployment zones and edges, read from the four scenario maps."""
from __future__ import annotations

from dungeon_tui.rulesets.skirmish.content import load_content
from dungeon_tui.rulesets.skirmish.terrain import battlefield_for


def field(sid):
    return battlefield_for(load_content(), sid)


def test_floors_walls_and_obstacles_of_border_patrol():
    f = field("border_patrol")
    assert (f.width, f.height) == (36, 36)
    assert f.height_at((15, 16)) == 4 and f.height_at((0, 0)) == 0
    assert f.height_at((24, 14)) is None and f.wall((24, 14)) and f.block_height((24, 14)) == 3
    assert f.obstacle((12, 11)) and not f.standable((12, 11)) and f.walkable((12, 11))
    assert f.block_height((12, 11)) == 1 and f.cover_of((12, 11)) == "soft"
    assert f.wood((3, 13)) and f.difficult((3, 13)) and not f.water((3, 13))
    assert f.kind((24, 17)) == "+" and f.walkable((24, 17))
    assert f.building_at((26, 16)) == "farmhouse" and f.building_at((15, 17)) == "watchtower"
    assert f.building_at((0, 0)) is None


def test_a_ladder_stands_at_its_lowest_neighbour():
    assert field("border_patrol").height_at((15, 18)) == 0
    ruin = field("hold_the_ruin")
    assert ruin.height_at((19, 15)) == 3 and ruin.height_at((18, 18)) == 0 and ruin.height_at((20, 14)) == 6


def test_objective_letters_stand_on_their_listed_terrain():
    tomb = field("barrow_tomb")
    assert tomb.kind((16, 16)) == "=" and tomb.height_at((16, 16)) == 2 and tomb.block_height((16, 16)) == 3
    assert tomb.objective_at((19, 16)) == "B" and tomb.objectives["C"] == (17, 19)
    village = field("defend_the_village")
    assert village.height_at((17, 24)) == 3 and village.kind((9, 14)) == "."


def test_step_kinds_between_floors():
    f = field("border_patrol")
    assert f.step_kind((0, 0), (1, 1)) == "normal"
    assert f.step_kind((14, 16), (15, 16)) == "climb"      # four levels up onto the tower
    assert f.step_kind((15, 16), (14, 16)) == "drop"
    assert f.step_kind((15, 18), (15, 17)) == "ladder"
    assert f.step_kind((23, 13), (24, 14)) is None          # into a wall
    assert f.step_kind((23, 13), (24, 12)) == "normal"
    tomb = field("barrow_tomb")
    assert tomb.step_kind((12, 12), (13, 13)) == "normal"   # hill floors rise a level at a time
    assert tomb.step_kind((11, 11), (10, 10)) == "normal"


def test_no_diagonal_step_past_a_wall_corner():
    f = field("border_patrol")  # the farmhouse's north-west corner is the wall at (24,14)
    assert f.corner_cut((23, 14), (24, 13))                 # past the corner: (24,14) beside the step
    assert f.step_kind((23, 14), (24, 13)) is None
    assert not f.corner_cut((23, 13), (24, 12))             # open ground all round
    assert not f.corner_cut((23, 13), (23, 14))             # orthogonal steps never cut a corner


def test_deployment_zones_and_own_edges():
    f = field("border_patrol")
    zone = f.deployment_zone(1)
    assert zone[0] == (0, 31) and zone[-1] == (35, 35) and len(zone) == 180
    assert f.own_edge(2)[0] == (0, 0) and f.own_edge("side_1")[0] == (0, 35)
    tomb = field("barrow_tomb")
    assert tomb.own_edge(1) == [(0, y) for y in range(36)]
    village = field("defend_the_village")
    assert village.role_of(1) == "defender" and village.role_of(1, swapped=True) == "attacker"
    assert (9, 14) in village.deployment_zone("defender") and (6, 12) not in village.deployment_zone("defender")
    assert village.own_edge("defender")[0] == (0, 35)     # facing away from the attacker's north edge
    assert f.edge((0, 5)) and f.edge((35, 35)) and not f.edge((1, 1))
