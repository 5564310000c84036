"""The board (spec §2.7-2.8, §7) and sight (§5.3-5.4): zones with their link squares, entries,
exits, the corner rule and both lines of sight."""
from __future__ import annotations

from dungeon_tui.rulesets.catakombs.board import Board, Entry, board_for
from dungeon_tui.rulesets.catakombs.content import load_content
from dungeon_tui.rulesets.catakombs.sight import chebyshev, crossing, diagonal_ok, targeting_los, terrain_los


def board(qid):
    return board_for(load_content(), qid)


def walls(b: Board):
    """Obstacles as at setup: walls, closed doors and the closed secret door."""
    return lambda sq: b.symbol(sq) in "#DLS"


def test_every_quest_board_is_33_by_17_with_eight_zones_and_two_entries():
    for qid in load_content().quests:
        b = board(qid)
        assert (b.width, b.height) == (33, 17) and len(b.zone_ids) == 8 and len(b.entries) == 2, qid


def test_zones_tiles_and_link_squares():
    b = board("end_of_the_reign")   # slots: entrance, guard_room, crypt, ossuary(h) / pillar_hall, ...
    assert b.zone_ids[:4] == ("entrance", "guard_room", "crypt", "ossuary")
    assert b.zones_of((1, 4)) == ("entrance",) and b.symbol((1, 4)) == "E"
    assert b.zones_of((8, 4)) == ("entrance", "guard_room")      # an opening joins two zones
    assert b.zones_of((16, 4)) == ("guard_room", "crypt") and b.symbol((16, 4)) == "D"
    assert b.zones_of((4, 8)) == ("entrance", "pillar_hall")    # a link in the middle wall line
    assert b.zones_of((0, 0)) == () and b.zones_of((2, 2)) == ()   # wall and a pillar
    assert b.is_link((8, 4)) and not b.is_link((1, 4))
    assert (8, 4) in b.zone_squares("entrance") and (8, 4) in b.zone_squares("guard_room")
    assert b.zone_squares("lost_dungeon")[:2] == ((18, 8), (17, 9))   # the trapped link to the crypt first
    assert b.zone_centre("throne_room") == (28, 12) and b.zone_centre("entrance") == (4, 4)
    assert b.symbol((-1, 3)) == "#" and not b.inside((33, 0))
    assert list(b.neighbours((0, 0))) == [(1, 0), (0, 1), (1, 1)]


def test_entries_and_exits_per_quest():
    assert board("end_of_the_reign").entries == (Entry((32, 4), (31, 4)), Entry((28, 16), (28, 15)))
    assert board("liberation").entries == (Entry((20, 0), (20, 1)), Entry((32, 12), (31, 12)))
    assert board("lost_treasure").exit_squares == ()
    assert board("escape").exit_squares == ((32, 4),)     # the secret door; E is no exit in quest IV
    assert board("burglary").exit_squares == ((1, 4),)
    assert board("old_fool").exit_squares == ((1, 12),) and board("old_fool").symbol((30, 15)) == "P"
    assert board("burglary").objective_at == (29, 4) and board("burglary").symbol((29, 4)) == "K"


def test_the_corner_rule_counts_obstacles_only():
    b = board("lost_treasure")
    ob = walls(b)
    assert diagonal_ok((1, 1), (2, 2), ob)               # only the squares beside count, not the target
    assert not diagonal_ok((1, 2), (2, 3), ob)           # the pillar at (2,2) is beside this step
    assert not diagonal_ok((23, 3), (24, 4), ob)         # into the doorway past the wall's end
    assert diagonal_ok((18, 3), (19, 2), ob) and b.symbol((19, 3)) == "~"       # lava beside: allowed
    assert diagonal_ok((21, 6), (22, 5), ob) and b.symbol((22, 6)) == "b"       # a barrel beside: allowed
    door = {(5, 5)}                                      # a closed door is an obstacle like a wall
    assert not diagonal_ok((4, 5), (5, 6), door.__contains__) and diagonal_ok((4, 4), (5, 3), door.__contains__)
    assert diagonal_ok((1, 1), (2, 1), ob)               # orthogonal steps always pass


def test_terrain_sight_crosses_insides_and_squeezes_between_touching_corners():
    b = board("lost_treasure")
    ob = walls(b)
    assert terrain_los((1, 4), (9, 4), ob) and not terrain_los((1, 4), (15, 4), ob)   # (10,4) is wall
    assert not terrain_los((1, 2), (3, 2), ob)           # through the pillar at (2,2)
    assert not terrain_los((1, 1), (3, 3), ob) and not terrain_los((1, 3), (3, 1), ob)
    assert terrain_los((17, 4), (23, 4), ob)             # lava never blocks
    assert terrain_los((21, 6), (23, 6), ob)             # nor a barrel
    pair = {(1, 0), (0, 1)}.__contains__                 # two obstacles touching at a corner
    assert not terrain_los((0, 0), (1, 1), pair) and not terrain_los((0, 0), (3, 3), pair)
    assert terrain_los((0, 0), (1, 1), {(1, 0)}.__contains__)   # one corner touched: sight passes
    # Down the middle of a shared edge both squares are crossed.
    assert not terrain_los((0, 0), (2, 1), {(1, 1)}.__contains__)
    assert not terrain_los((0, 0), (2, 1), {(1, 0)}.__contains__)


def test_sight_is_the_same_both_ways():
    b = board("old_fool")
    ob = walls(b)
    sample = [sq for sq in b.squares(".") if sq[0] % 3 == 1 and sq[1] % 2 == 1]
    for i, a in enumerate(sample):
        for c in sample[i + 1:]:
            assert terrain_los(a, c, ob) == terrain_los(c, a, ob), (a, c)


def test_targeting_sight_is_also_stopped_by_figures_that_block():
    ob = set().__contains__   # open ground
    figure = {(4, 4)}.__contains__
    assert terrain_los((1, 4), (7, 4), ob) and not targeting_los((1, 4), (7, 4), ob, figure)
    assert targeting_los((1, 4), (7, 6), ob, figure)     # passes beside the figure
    assert targeting_los((3, 4), (4, 4), ob, figure)     # the target's own square never blocks
    assert chebyshev((1, 4), (7, 6)) == 6


def test_passages_made_from_the_last_arrangement_are_those_made_afresh():
    # passages() works out again only the steps beside a square whose blocking changed since
    # the last arrangement (a door opened or shut); random walls and doors over a quest board,
    # one arrangement after another (a seeded generator of the test's own), against the corner
    # rule square by square.
    import random

    from dungeon_tui.rulesets.catakombs.passages import passages
    from dungeon_tui.rulesets.catakombs.paths import steps_by_corner_rule

    b = board_for(load_content(), "burglary")
    squares = list(b.squares())
    rng = random.Random(3)
    blocked = frozenset(rng.sample(squares, 60))
    for _ in range(30):
        blocked = blocked ^ frozenset(rng.sample(squares, rng.randint(1, 4)))
        made = passages(b, blocked)
        assert made.steps == steps_by_corner_rule(b, lambda sq, blocked=blocked: sq in blocked or not b.inside(sq))
        assert list(made.steps) == list(b.squares())



def test_door_arrangements_share_the_jump_lines_and_runs_a_door_leaves_the_same():
    # Each arrangement of the doors has its passages; a square far from the door that changed
    # has the same jump lines and runs in both, kept once (memory), and a square beside it its own.
    from dungeon_tui.rulesets.catakombs.passages import passages

    b = board_for(load_content(), "burglary")
    door = next(iter(b.squares("D")))
    shut = frozenset(b.squares("#RDLS"))
    both = passages(b, shut), passages(b, shut - {door})
    far = next(sq for sq in b.squares() if sq not in shut and chebyshev(sq, door) > 5)
    assert both[0].jump_lines(far) is both[1].jump_lines(far)
    assert both[0].runs(far) is both[1].runs(far)
    beside = next(sq for sq in b.neighbours(door) if sq not in shut)
    assert both[0].jump_lines(beside) != both[1].jump_lines(beside)

def crossed_by_scanning(a: tuple[int, int], b: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The squares a-b crosses, every square of its box tested (what `crossing` narrows)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    inside = [(dx * (x - a[0]) + dy * (y - a[1]), (x, y))
              for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1)
              for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1)
              if (x, y) not in (a, b) and 2 * abs(dx * (y - a[1]) - dy * (x - a[0])) < abs(dx) + abs(dy)]
    return tuple(sq for _, sq in sorted(inside))


def test_a_line_crosses_the_squares_a_scan_of_its_whole_box_finds():
    for a in ((0, 0), (32, 16), (5, 9)):
        for dx in range(-32, 33):
            for dy in range(-16, 17):
                b = (a[0] + dx, a[1] + dy)
                assert crossing.__wrapped__(a, b)[0] == crossed_by_scanning(a, b), (a, b)


def test_a_line_in_its_box_crosses_what_it_crosses_drawn_there():
    # box_crossing mirrors the lines going right and down, at most as steep as the diagonal:
    # every other direction must cross the same squares and corner pairs as drawn directly.
    from dungeon_tui.rulesets.catakombs.sight import box_crossing

    def pairs(corners):
        return {frozenset(pair) for pair in corners}

    for dx in range(-32, 33):
        for dy in range(-32, 33):
            ox, oy = max(0, -dx), max(0, -dy)
            inside, corners = crossing.__wrapped__((ox, oy), (ox + dx, oy + dy))
            mirrored, mirrored_corners = box_crossing(dx, dy)
            assert sorted(mirrored) == sorted(inside), (dx, dy)
            assert pairs(mirrored_corners) == pairs(corners) and len(mirrored_corners) == len(corners), (dx, dy)


def test_a_flat_line_listed_by_columns_crosses_what_the_scan_finds():
    # The lines box_crossing works out are listed column by column: the same squares in the
    # same order, and the same corner pairs, as the scan of the box that `crossing` makes.
    from dungeon_tui.rulesets.catakombs.sight import _flat_crossing
    for w in range(48):
        for h in range(w + 1):
            assert _flat_crossing.__wrapped__(w, h) == crossing.__wrapped__((0, 0), (w, h)), (w, h)


def test_a_line_on_bits_is_blocked_where_terrain_sight_is():
    # sight.crossed tests a line's corner pairs by how far apart their squares are (all the
    # pairs of one line lie the same way): the same answers and squares as terrain_los and
    # crossing on boards strewn with obstacles (a fixed sequence of them, no random globals).
    from dungeon_tui.rulesets.catakombs.sight import crossed
    width, height = 33, 17
    n = 0
    for seed in range(12):
        blocked = {(x, y) for x in range(width) for y in range(height)
                   if (x * 7 + y * 13 + seed * 5) % (3 + seed % 4) == 0}
        bits = sum(1 << (y * width + x) for x, y in blocked)
        for a in ((0, 0), (16, 8), (32, 16), (5, 12)):
            for b in ((x, y) for x in range(width) for y in range(height)):
                got = crossed(width, a, b, bits)
                assert (got >= 0) == terrain_los(a, b, blocked.__contains__), (seed, a, b)
                if got >= 0:
                    assert got == sum(1 << (y * width + x) for x, y in crossing(a, b)[0]), (seed, a, b)
                    n += 1
    assert n > 1000
