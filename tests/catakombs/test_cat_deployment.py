"""Zone order, walking distances and the solo Master's deployment (spec §6.3, §7, worked
example 13)."""
from __future__ import annotations

import pytest

from dungeon_tui.rulesets.catakombs.board import board_for
from dungeon_tui.rulesets.catakombs.content import load_content
from dungeon_tui.rulesets.catakombs.deployment import deal_order, leader_zone, solo_deployment
from dungeon_tui.rulesets.catakombs.paths import path_to, walking_distances, zone_order


@pytest.mark.parametrize("qid", ["lost_treasure", "liberation", "end_of_the_reign", "escape", "burglary",
                                 "old_fool"])
def test_zone_order_gives_the_spec_numbers(qid):
    # All 42 numbers of §7 come out of the stated rule (walking distance from E, doors
    # passable, no jumps) measured to the zone's own tile squares.  Counting the link squares
    # a zone shares with its neighbour (they belong to both zones, §2.8) would make every
    # number one less, so the tile reading is the one the spec used.
    c = load_content()
    assert zone_order(board_for(c, qid)) == c.quests[qid].zone_order


def test_walking_distances_use_the_corner_rule_and_the_passable_squares():
    b = board_for(load_content(), "lost_treasure")
    def floor(sq):
        return b.symbol(sq) in ".E^"

    d = walking_distances(b, (1, 4), floor)
    assert d[(1, 4)] == 0 and d[(2, 3)] == 1 and d[(9, 4)] == 8
    # Round the pillar at (2,2): no diagonal may pass beside it, so (1,1) to (3,3) takes 4 steps
    # (by (2,1), (3,1), (3,2)), not the 2 or 3 a Chebyshev count would suggest.
    d = walking_distances(b, (1, 1), floor)
    assert d[(3, 3)] == 4
    # A closed door costs one more to go through (opening it first).
    def doors(sq):
        return b.symbol(sq) in ".E^D"

    plain = walking_distances(b, (7, 7), doors)
    dear = walking_distances(b, (7, 7), doors, cost=lambda sq: 1 if b.symbol(sq) == "D" else 0)
    assert dear[(4, 9)] == plain[(4, 9)] + 1


def test_path_to_the_nearest_goal_is_the_same_every_time():
    b = board_for(load_content(), "lost_treasure")
    def floor(sq):
        return b.symbol(sq) in ".E^"

    path = path_to(b, (1, 4), [(7, 1), (7, 7)], floor)
    assert path is not None and len(path) == 6 and path[-1] == (7, 1)   # ties: smaller y
    assert path == path_to(b, (1, 4), [(7, 7), (7, 1)], floor)
    assert path_to(b, (1, 4), [(1, 4)], floor) == []
    assert path_to(b, (1, 4), [(29, 4)], floor) is None                  # the chest is not floor


def test_worked_example_13_solo_deployment_quest_iii():
    c = load_content()
    q = c.quests["end_of_the_reign"]
    b = board_for(c, "end_of_the_reign")
    assert leader_zone(q) == "throne_room"     # no objective zone: the farthest one
    assert deal_order(q) == ["pillar_hall", "guard_room", "lava_river", "crypt", "lost_dungeon", "ossuary",
                             "throne_room"]
    troops = [f"revenant_{i}" for i in range(1, 7)] + ["rats_a", "rats_b", "vampire", "skell"]
    assert solo_deployment(b, q, "tomb_king", troops) == [
        ("tomb_king", (28, 12)),
        ("revenant_1", (3, 11)), ("revenant_2", (11, 3)), ("revenant_3", (13, 11)), ("revenant_4", (20, 4)),
        ("revenant_5", (20, 12)), ("revenant_6", (28, 3)),
        ("rats_a", (27, 11)), ("rats_b", (4, 11)), ("vampire", (12, 3)), ("skell", (13, 12))]


def test_the_leader_stands_by_the_objective_element():
    c = load_content()
    placed = dict(solo_deployment(board_for(c, "lost_treasure"), c.quests["lost_treasure"], "tomb_king", []))
    assert placed == {"tomb_king": (29, 3)}    # next to the chest at (29,4): ties go to the smaller y, then x


def test_a_search_settled_only_as_far_as_asked_answers_as_the_whole_search_would():
    # The AI's walks stop at the nearest goal and resume when asked for more (paths.Search):
    # the nearest goal, its steps, the route to it and, at the end, the whole walk must be what
    # one search to the end gives, whatever was asked before.  Random floors, door costs and
    # leaps (a seeded generator of the test's own) over a quest board.
    import random

    from dungeon_tui.rulesets.catakombs.numbering import terrain
    from dungeon_tui.rulesets.catakombs.paths import Search, route, search, steps_by_corner_rule
    from dungeon_tui.rulesets.catakombs.sight import chebyshev

    b = board_for(load_content(), "escape")
    steps = steps_by_corner_rule(b, lambda sq: b.symbol(sq) in "#R")
    squares = list(b.squares())
    rng = random.Random(7)
    for _ in range(60):
        open_squares = {sq for sq in squares if rng.random() < 0.8}
        extra = {sq: rng.choice((1, 40)) for sq in rng.sample(squares, 30)}
        landings = {sq: [(n, rng.randint(2, 5)) for n in rng.sample(squares, 2) if chebyshev(n, sq) <= 4]
                    for sq in rng.sample(squares, 40)}

        def leaps(sq, landings=landings):
            return landings.get(sq, [])

        start = rng.choice(squares)
        whole = search(steps, start, open_squares, extra, leaps)
        lazy = Search(steps, start, terrain(steps, open_squares, extra), leaps)
        for _ in range(4):
            goals = rng.sample(squares, rng.randint(1, 6))
            reached = [g for g in goals if g in whole[0]]
            want = min(reached, key=lambda g: (whole[0][g], g[1], g[0])) if reached else None
            assert lazy.nearest(goals) == (None if want is None else (want, whole[0][want]))
            assert lazy.route(goals) == route(whole, start, goals)
            for g in goals:
                assert lazy.settled(g) in (None, whole[0].get(g))
        assert lazy.walk() == whole
