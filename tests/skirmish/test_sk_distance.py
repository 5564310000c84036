"""Distances, contact, step costs, moves and charge reach (spec §5.1, §5.3) on small drawn
battlefields and the scenario maps, with the spec's worked examples that concern geometry."""
from __future__ import annotations

from dungeon_tui.rulesets.skirmish.content import load_content
from dungeon_tui.rulesets.skirmish.distance import contact_squares, distance, in_contact, nearest_distance
from dungeon_tui.rulesets.skirmish.moves import along, charge_squares, move_options, route_toward
from dungeon_tui.rulesets.skirmish.terrain import battlefield_for, field_from_rows


def drawn(*rows):
    return field_from_rows(load_content(), rows)


def open_field(width=20, height=36):
    return drawn(*(["." * width] * height))


def test_worked_example_1_distance():
    assert distance((0, 0), (3, 2)) == 4
    assert distance((3, 2), (0, 0)) == 4 and distance((5, 5), (5, 5)) == 0
    route = move_options(open_field(), (0, 0), 4)[(3, 2)]
    assert route.cost == 2 + 3 + 3 and route.squares == 4
    wooded = drawn("....", "....", "...T")
    assert move_options(wooded, (0, 0), 5)[(3, 2)].squares == 5   # the orthogonal step enters the wood
    assert (3, 2) not in move_options(wooded, (0, 0), 4)


def test_diagonals_cost_one_then_two():
    moves = move_options(open_field(), (0, 0), 3)
    assert moves[(1, 1)].squares == 1 and moves[(2, 2)].squares == 3 and (3, 3) not in moves
    assert moves[(3, 0)].squares == 3 and (4, 0) not in moves


def test_obstacles_cost_one_more_and_are_not_ended_on():
    f = drawn("...", "===", "...")
    assert (1, 1) not in move_options(f, (1, 0), 4)           # may not end on the low wall
    route = move_options(f, (1, 0), 3)[(1, 2)]
    assert route.cost == (2 + 2) + 2 and route.path == ((1, 1), (1, 2))
    assert (1, 2) not in move_options(f, (1, 0), 2)


def test_worked_example_4_run_off_a_roof_and_drop():
    f = drawn("5555......")
    route = move_options(f, (0, 0), 8, mode="run")[(4, 0)]
    assert route.squares == 3 and route.tests == 2                # 8 - 3 = 5 squares left
    assert [s.way for s in route.steps] == ["normal", "normal", "normal", "drop"]
    assert route.steps[-1].levels == 5
    assert move_options(f, (0, 0), 8, mode="run")[(9, 0)].squares == 8


def test_worked_example_7_climb_and_dive():
    f = drawn(".333")
    walk = move_options(f, (0, 0), 5)
    assert walk[(1, 0)].steps[0].way == "climb" and walk[(1, 0)].squares == 3 and walk[(1, 0)].tests == 1
    assert walk[(3, 0)].squares == 5                               # 2 squares left after the climb
    assert (1, 0) not in move_options(f, (0, 0), 10, mode="run")  # no climbing when running
    assert (1, 0) not in move_options(f, (0, 0), 2)               # the climb costs more than M
    dive = drawn("4....")
    assert move_options(dive, (0, 0), 12, mode="charge")[(1, 0)].tests == 2   # a drop of 4: two tests


def test_climb_only_as_the_first_step():
    f = drawn("..33")
    assert (2, 0) not in move_options(f, (0, 0), 6)               # (1,0) first: the climb comes second


def test_ladders_cost_one_plus_the_height():
    f = battlefield_for(load_content(), "border_patrol")
    route = move_options(f, (15, 19), 6)[(15, 17)]
    assert [s.way for s in route.steps] == ["normal", "ladder"] and route.squares == 1 + 5
    assert (15, 17) in move_options(f, (15, 18), 5, mode="run")   # allowed when running


def test_leap_across_a_gap_between_roofs():
    f = drawn("22.22")
    moves = move_options(f, (1, 0), 2, mode="run")
    assert moves[(3, 0)].steps[0].way == "leap" and moves[(3, 0)].squares == 2 and moves[(3, 0)].tests == 1
    assert (3, 0) not in move_options(f, (1, 0), 1, mode="run")   # offered only if the move covers it (D24)


def test_contact_across_a_low_wall_and_between_floors():
    f = drawn(".=.2", "..4.")
    assert in_contact(f, (0, 0), (2, 0)) and in_contact(f, (0, 0), (1, 1))
    assert not in_contact(f, (1, 1), (2, 1))                      # four levels apart
    assert not in_contact(f, (2, 0), (3, 0))                      # two levels apart
    assert (2, 0) in contact_squares(f, (0, 0))


def test_moves_keep_out_of_contact_and_pass_friends():
    f = open_field(10, 10)
    moves = move_options(f, (0, 5), 4, enemies=[(4, 5)], friends=[(1, 5)])
    assert (1, 5) not in moves and (2, 5) in moves                # through the friend, not ending on it
    assert (3, 5) not in moves and (3, 4) not in moves            # touching the enemy
    assert (5, 5) not in moves


def test_worked_example_5_charge_path_and_interception_reach():
    f = open_field()
    ends = charge_squares(f, (10, 30), 8, (10, 22), enemies=[(10, 22), (12, 25)])
    route = ends[(10, 23)]
    assert route.path == tuple((10, y) for y in range(29, 22, -1)) and route.squares == 7
    assert distance((12, 25), (10, 27)) == 3 and distance((12, 25), (10, 26)) == 2
    reach = move_options(f, (12, 25), 2, mode="intercept", enemies=[(10, 30)])
    assert reach[(10, 26)].squares == 2 and (10, 27) not in reach
    # a charge stops at the first square touching any enemy: none of the path touches the Clanrat
    assert all(not in_contact(f, sq, (12, 25)) for sq in route.path)


def test_a_charge_may_not_pass_another_enemy():
    f = open_field(10, 10)
    ends = charge_squares(f, (5, 9), 10, (5, 1), enemies=[(5, 1), (4, 5), (6, 5)])
    assert ends
    for route in ends.values():
        assert not any(in_contact(f, sq, e) for sq in route.path[:-1] for e in ((4, 5), (6, 5)))
    assert min(r.squares for r in ends.values()) == 9           # around the pair, not between them


def test_a_failed_charge_walks_m_along_the_canonical_path():
    f = open_field()
    route = route_toward(f, (10, 30), contact_squares(f, (10, 10)), mode="charge", enemies=[(10, 10)])
    assert route is not None and route.path[-1] == (10, 11)
    assert along(route, 4).path == ((10, 29), (10, 28), (10, 27), (10, 26))


def _forget_searches(field):
    from dungeon_tui.rulesets.skirmish import moves as dist
    dist._searches(field).clear()
    dist._wholes(field).clear()


def test_kept_whole_searches_answer_as_a_fresh_search_would():
    """A charge's goals read off a whole search kept from the same start among the same enemies,
    the AI's costs and a fleeing model's squares (no routes made) are what a fresh search finds:
    the same squares, costs, tests and steps, row by row."""
    from dungeon_tui.rulesets.skirmish.moves import charge_squares, move_costs, reachable
    field = battlefield_for(load_content(), "hold_the_ruin")
    enemies, friends = [(10, 12), (11, 12), (14, 16)], [(9, 9)]
    starts = [sq for sq in [(8, 8), (10, 6), (12, 9), (6, 14), (15, 11)] if field.standable(sq)]
    assert starts
    for start in starts:
        for target in enemies:
            _forget_searches(field)
            fresh = charge_squares(field, start, 8, target, enemies=enemies, friends=friends)
            _forget_searches(field)
            move_options(field, start, 8, mode="charge", enemies=enemies)  # the whole search, kept
            derived = charge_squares(field, start, 8, target, enemies=enemies, friends=friends)
            assert list(derived) == list(fresh)
            assert [(r.cost, r.tests, r.steps) for r in derived.values()] == \
                [(r.cost, r.tests, r.steps) for r in fresh.values()]
        _forget_searches(field)
        routes = move_options(field, start, 8, mode="run", enemies=enemies, friends=friends)
        _forget_searches(field)
        assert move_costs(field, start, 8, mode="run", enemies=enemies, friends=friends) == \
            {sq: r.cost for sq, r in routes.items()}
        _forget_searches(field)
        assert reachable(field, start, 9, mode="flee", enemies=enemies, friends=friends) == \
            list(move_options(field, start, 9, mode="flee", enemies=enemies, friends=friends))


def test_charge_searches_asked_one_after_another_answer_as_fresh_searches_would():
    """One charger's searches for several targets asked in turn (some out of reach, some with
    an enemy on a contact square: kept whole searches answer the later ones) give each the
    routes a fresh search gives it: the same squares, costs, tests and steps, row by row; and a
    whole search made after them is the one made first."""
    from dungeon_tui.rulesets.skirmish.moves import charge_squares, move_costs
    for scenario in ("border_patrol", "hold_the_ruin", "defend_the_village"):
        field = battlefield_for(load_content(), scenario)
        standable = [sq for sq in field.squares() if field.standable(sq)]
        starts = standable[:: max(1, len(standable) // 12)][:12]
        for start in starts:
            x, y = start
            enemies = [sq for sq in [(x + 3, y + 1), (x + 4, y + 1), (x - 6, y + 2), (x + 1, y - 9), (x + 12, y)]
                       if field.standable(sq)]
            fresh = {}
            for target in enemies:
                _forget_searches(field)
                fresh[target] = charge_squares(field, start, 8, target, enemies=enemies)
            _forget_searches(field)
            for order in (enemies, enemies[::-1]):
                for target in order:
                    asked = charge_squares(field, start, 8, target, enemies=enemies)
                    assert list(asked) == list(fresh[target])
                    assert [(r.cost, r.tests, r.steps) for r in asked.values()] == \
                        [(r.cost, r.tests, r.steps) for r in fresh[target].values()]
                _forget_searches(field)
            whole = move_costs(field, start, 8, mode="charge", enemies=enemies)
            _forget_searches(field)
            for target in enemies[:1]:  # a search for some goals, then the whole one
                charge_squares(field, start, 8, target, enemies=enemies)
            assert move_costs(field, start, 8, mode="charge", enemies=enemies) == whole


def test_a_route_reads_its_steps_off_its_search():
    """A route found by a search gives the same steps, path and kinds of step as one made whole."""
    from dungeon_tui.rulesets.skirmish.moves import Route
    f = drawn("...", "===", "...")
    route = move_options(f, (1, 0), 3)[(1, 2)]
    made = Route(route.cost, route.tests, route.steps)
    assert made == route and hash(made) == hash(route) and made.path == route.path == ((1, 1), (1, 2))
    assert made.kinds == route.kinds and not route.takes("climb")


def test_nearest_distance_is_the_least_distance_to_any_square_and_none_without_squares():
    squares = [(10, 10), (3, 7), (0, 0)]
    assert nearest_distance((4, 4), squares) == min(distance((4, 4), sq) for sq in squares) == 3
    assert nearest_distance((10, 10), squares) == 0
    assert nearest_distance((4, 4), []) == 999 and nearest_distance((4, 4), [], none=0) == 0
    assert nearest_distance((4, 4), [(30, 4)], none=0) == 26  # `none` only when there are none
