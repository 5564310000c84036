"""Sight, cover, hiding and detection (spec §5.2): lines from the eye to the top or middle of a
model over terrain heights and other models, on the scenario maps."""
from __future__ import annotations

from dungeon_tui.rulesets.skirmish.content import load_content
from dungeon_tui.rulesets.skirmish.sight import (can_see, cover, detects, hidden_ok, hiding_place,
                                                 line_squares)
from dungeon_tui.rulesets.skirmish.terrain import battlefield_for


def field(sid):
    return battlefield_for(load_content(), sid)


def test_a_line_crosses_both_squares_beside_an_exact_corner():
    assert line_squares((0, 0), (2, 2)) == ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2))
    assert line_squares((0, 0), (3, 1)) == ((1, 0), (2, 0), (1, 1), (2, 1))
    assert line_squares((5, 5), (5, 1)) == ((5, 4), (5, 3), (5, 2))
    assert line_squares((3, 1), (0, 0)) == tuple(reversed(line_squares((0, 0), (3, 1))))


def test_worked_example_3_low_wall_gives_hard_cover_but_not_concealment():
    # A handgunner at d 6 from an Orc Boy crouched behind the low wall at (11,6): seen, hard cover.
    f = field("border_patrol")
    assert can_see(f, (11, 11), (11, 5), {})
    assert cover(f, (11, 11), (11, 5), {}) == "hard"
    assert cover(f, (14, 11), (14, 5), {}) == "none"           # the same shot in the open


def test_hedge_and_models_give_soft_cover():
    f = field("border_patrol")
    assert can_see(f, (12, 10), (12, 12), {}) and cover(f, (12, 10), (12, 12), {}) == "soft"
    # a standing model in the way: the line to the top clears it, the line to the middle does not
    assert can_see(f, (25, 30), (25, 26), {(25, 28): True})
    assert cover(f, (25, 30), (25, 26), {(25, 28): True}) == "soft"
    # a model lying down in the way is below both lines
    assert cover(f, (25, 30), (25, 26), {(25, 28): False}) == "none"
    # a down target behind a standing model is out of sight
    assert not can_see(f, (25, 30), (25, 26), {(25, 28): True}, target_low=True)


def test_woods_one_square_sees_two_block():
    f = field("border_patrol")  # wood from x 3 to 8 on row 13
    assert can_see(f, (10, 14), (7, 14), {})                    # (8,14) crossed, the target in the wood
    assert not can_see(f, (10, 14), (6, 14), {})                # (8,14) and (7,14)
    assert cover(f, (10, 13), (8, 13), {}) == "soft"            # target in the wood
    assert not can_see(f, (9, 12), (7, 14), {})                 # a diagonal grazes (7,13) and (8,14) too
    assert not can_see(f, (2, 16), (5, 16), {})                 # (3,16) and (4,16) are wood


def test_walls_and_height():
    f = field("border_patrol")
    assert can_see(f, (22, 17), (26, 17), {})                   # through the doorway at (24,17)
    assert not can_see(f, (22, 15), (26, 15), {})               # the farmhouse wall
    # from the watchtower roof (floor 4) over the hedge row and down to the road
    assert can_see(f, (15, 16), (15, 8), {})
    assert cover(f, (15, 16), (15, 8), {}) == "none"


def test_upper_floor_of_a_building_is_hard_cover_against_a_lower_shooter():
    f = field("defend_the_village")  # house_c's upper floor is at 3, the ladder at (17,28)
    assert can_see(f, (17, 32), (17, 25), {})
    assert cover(f, (17, 32), (17, 25), {}) == "hard"
    assert cover(f, (18, 24), (17, 25), {}) == "none"            # a shooter on the same floor


def test_hiding_places():
    f = field("border_patrol")
    assert hiding_place(f, (12, 12))                            # next to the hedge
    assert not hiding_place(f, (9, 14))                         # open ground beside a wood: no
    assert not hiding_place(f, (0, 33))                         # open field
    assert hiding_place(f, (8, 14))                             # a wood square next to open ground
    assert not hiding_place(f, (5, 16))                         # deep in the wood
    assert hiding_place(f, (14, 17))                            # at the foot of the watchtower


def test_detection_by_initiative_or_sight():
    f = field("border_patrol")
    # hidden behind the hedge at (12,12); an enemy north of the hedge cannot see the lowered top
    assert not detects(f, (12, 6), 3, (12, 12), {})
    assert detects(f, (12, 10), 2, (12, 12), {})                # within its Initiative
    assert detects(f, (12, 20), 3, (12, 12), {})                # in plain sight from the south
    assert hidden_ok(f, (12, 12), [((12, 6), 3)], {})
    assert not hidden_ok(f, (12, 12), [((12, 6), 3), ((12, 20), 3)], {})
    # in a wood only Initiative finds a hidden model
    assert not detects(f, (9, 20), 5, (8, 14), {}) and detects(f, (10, 14), 2, (8, 14), {})


def test_a_hidden_model_walking_past_a_doorway_is_spotted_on_its_way():
    """§5.2: it stays hidden only if no square of its path is detected.  An Orc Boy creeps along
    the farmhouse wall past its open doorway; the Handgunner inside sees the doorway square, not
    the start or the end, yet the model is revealed."""
    from sk_scenario import Picks, events, run, state, unit

    from dungeon_tui.rulesets.skirmish.turns import move_one

    boy = unit("orc_boy", "w2_01", (23, 15), hidden=True)
    gunner = unit("empire_handgunner", "w1_01", (27, 17))
    game = run(state(gunner, boy), lambda g: move_one(g, boy), [],
               seats=Picks(("move", {"to": [23, 19]}), ("stay_seen", {})))
    assert boy.at == (23, 19) and not boy.hidden
    assert [e["at"] for e in events(game, "revealed")] == [[23, 17]]
