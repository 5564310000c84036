"""Grid: steps, the no-diagonal-past-a-wall rule, regions and doors, portals, paths, sight."""
import copy
import pickle

from dungeon_tui.engine.grid import Grid, edge


def block(w, h, region="a", grid=None, ox=0, oy=0, terrain="."):
    g = grid or Grid()
    for y in range(h):
        for x in range(w):
            g.add_square((ox + x, oy + y), terrain, region)
    return g


def test_eight_neighbours_in_the_open():
    g = block(3, 3)
    assert sorted(g.neighbours((1, 1))) == sorted([(x, y) for x in range(3) for y in range(3) if (x, y) != (1, 1)])


def test_no_diagonal_past_a_missing_square_or_a_wall():
    g = block(3, 3)
    del g.terrain[(1, 0)]
    g.changed()
    assert not g.can_step((0, 1), (1, 0))  # the target is gone
    assert not g.can_step((0, 0), (1, 1))  # the corner (1, 0) is not floor
    g2 = block(2, 2)
    g2.walls.add(((0, 0), (1, 0)))
    assert not g2.can_step((0, 0), (1, 1))
    assert not g2.can_step((0, 0), (1, 0))
    assert g2.can_step((0, 0), (0, 1))


def test_regions_meet_only_through_open_doors():
    g = block(2, 2, "a")
    block(2, 2, "b", g, ox=2)
    assert not g.can_step((1, 0), (2, 0))
    g.set_door((1, 0), (2, 0), "closed")
    assert not g.can_step((1, 0), (2, 0))
    g.set_door((1, 0), (2, 0), "open")
    assert g.can_step((1, 0), (2, 0))
    assert not g.can_step((1, 1), (2, 0))  # a diagonal through the doorway's side wall


def test_portal_links_move_but_never_see():
    g = block(2, 1, "a")
    block(2, 1, "b", g, ox=10)
    g.add_link((1, 0), (10, 0))
    assert (10, 0) in g.neighbours((1, 0))
    assert g.path((0, 0), (11, 0)) == [(0, 0), (1, 0), (10, 0), (11, 0)]
    assert not g.line_of_sight((0, 0), (11, 0))


def test_reachable_respects_allowance_blockers_and_costs():
    g = block(5, 1)
    assert g.reachable((0, 0), 2) == {(0, 0): 0, (1, 0): 1, (2, 0): 2}
    assert (3, 0) not in g.reachable((0, 0), 4, can_enter=lambda q: q != (2, 0))
    costly = g.reachable((0, 0), 3, cost=lambda a, b: 2 if b == (1, 0) else 1)
    assert costly == {(0, 0): 0, (1, 0): 2, (2, 0): 3}


def test_reaches_answers_as_the_whole_reach_does_for_every_square():
    g = block(6, 4)
    g.walls.add(edge((2, 0), (3, 0)))
    blocked = {(1, 1), (3, 2)}
    enter = lambda q: q not in blocked  # noqa: E731
    ok = lambda a, b: not (a == (0, 0) and b == (0, 1))  # noqa: E731
    costly = lambda a, b: 2 if b[0] == 4 else 1  # noqa: E731
    asked = 0
    for diagonal, linked in ((True, False), (False, False), (True, True)):
        g.diagonal_moves = diagonal
        if linked:  # a portal: the search toward a square cannot leave out the far ones then
            g.add_link((0, 3), (5, 0))
        for cost in (None, costly):
            for allowance in range(7):
                for start in ((0, 0), (0, 3), (5, 3)):
                    whole = g.reachable(start, allowance, enter, cost, ok)
                    for sq in [*g.terrain, (9, 9)]:
                        assert g.reaches(start, sq, allowance, enter, cost, ok) == (sq in whole)
                        asked += sq in whole
    assert asked > 500


def test_a_search_avoiding_squares_is_the_search_refusing_them_by_a_call():
    """`steps_within`'s `avoid` (the squares taken, looked up without a call) gives the dict
    `can_enter` refusing the same squares gives, in the same order, with or without a step
    rule and another check of its own."""
    from dungeon_tui.engine.spreading import steps_within
    g = block(6, 4)
    g.walls.add(edge((2, 0), (3, 0)))
    taken = {(1, 1): "a figure", (3, 2): "another"}
    refuse = lambda q: q not in taken  # noqa: E731
    ok = lambda a, b: not (a == (0, 0) and b == (0, 1))  # noqa: E731
    far = lambda q: q[0] != 5  # noqa: E731
    for diagonal in (True, False):
        g.diagonal_moves = diagonal
        for allowance in range(8):
            for start in ((0, 0), (0, 3), (5, 3)):
                for step_ok in (None, ok):
                    alone = steps_within(g, start, allowance, refuse, step_ok)
                    avoided = steps_within(g, start, allowance, None, step_ok, avoid=taken)
                    assert avoided == alone and list(avoided) == list(alone)
                    both = steps_within(g, start, allowance, lambda q: refuse(q) and far(q), step_ok)
                    assert list(steps_within(g, start, allowance, far, step_ok, avoid=taken).items()) == \
                        list(both.items())


def test_line_of_sight_walls_opaque_squares_and_corners():
    g = block(5, 5)
    assert g.line_of_sight((0, 0), (4, 4))
    assert g.line_of_sight((0, 0), (4, 1))
    g.opaque = frozenset({"X"})
    g.terrain[(2, 2)] = "X"
    assert not g.line_of_sight((0, 0), (4, 4))
    assert g.line_of_sight((0, 4), (4, 0)) is False  # passes (2, 2) exactly
    assert g.line_of_sight((0, 0), (4, 0))
    g.walls.add(((1, 0), (2, 0)))
    assert g.line_of_sight((0, 0), (4, 0))  # sight through that edge was remembered...
    g.changed()  # ...until the grid is told it changed
    assert not g.line_of_sight((0, 0), (4, 0))
    g.set_door((1, 0), (2, 0), "open")  # the grid's own setters forget by themselves
    assert g.line_of_sight((0, 0), (4, 0))
    c = block(2, 2)
    del c.terrain[(1, 0)]
    assert not c.line_of_sight((0, 0), (1, 1))  # the corner cannot be cut


def test_a_copy_of_the_grid_is_the_same_map_without_the_caches():
    import copy
    g = block(5, 5)
    g.walls.add(((1, 0), (2, 0)))
    g.changed()
    assert not g.line_of_sight((0, 0), (4, 0)) and g.neighbours((0, 0))
    assert g._sight and g._near
    c = copy.deepcopy(g)
    assert c == g and c.walls is not g.walls and c.terrain is not g.terrain
    assert c._sight == {} and c._near == {}  # keyframes copy the map, not what was worked out
    assert not c.line_of_sight((0, 0), (4, 0)) and c.neighbours((0, 0)) == g.neighbours((0, 0))


def random_map(seed, corner):
    """A 9x7 map with holes, opaque squares, walls, regions and doors in every state."""
    import random
    r = random.Random(seed)
    g = Grid(region_walls=r.random() < 0.7, opaque=frozenset({"#"}), corner=corner)
    for y in range(7):
        for x in range(9):
            if r.random() < 0.9:
                g.add_square((x, y), "#" if r.random() < 0.12 else ".", "ab"[x >= 4] if y < 4 else "c")
    squares = sorted(g.terrain)
    for _ in range(12):
        a = r.choice(squares)
        b = (a[0] + 1, a[1]) if r.random() < 0.5 else (a[0], a[1] + 1)
        if r.random() < 0.5:
            g.walls.add((a, b))
        else:
            g.set_door(a, b, r.choice(["open", "closed"]))
    g.changed()
    return g, squares, r


def test_sight_from_bits_is_the_line_walked_square_by_square():
    # Past LOOKS_BEFORE_BITS looks a map answers from its bits: every pair, with and without
    # figures in the way, must get the walk's answer, on maps of both corner rules.
    for seed in range(24):
        g, squares, r = random_map(seed, "either" if seed % 2 else "both")
        standing = set(r.sample(squares, 6))
        walked = [g._walk_sight(a, b, None) for a in squares for b in squares]
        walked_past = [g._walk_sight(a, b, standing.__contains__) for a in squares for b in squares]
        g._slow_looks = 10 ** 6
        assert [g.line_of_sight(a, b) for a in squares for b in squares] == walked
        assert g._sight_mask is not None
        assert [g.line_of_sight(a, b, standing.__contains__) for a in squares for b in squares] == walked_past
        assert not g.line_of_sight(squares[0], (40, 40)) and not g.line_of_sight((40, 40), squares[0])
        for a in squares[::5]:  # one look across many squares: the same answers, in order
            assert g.in_sight(a, [*squares, (40, 40)]) == [b for b in squares if g._walk_sight(a, b, None)]


def test_a_door_set_on_a_map_with_bits_changes_them_as_a_fresh_map_would():
    # Only the bits whose look crosses the door's edge are worked out again (Grid._redo_across),
    # under both corner rules; a door between squares not side by side, the squares around it.
    for seed in range(24):
        g, squares, r = random_map(seed, "either" if seed % 2 else "both")
        g._slow_looks = 10 ** 6
        g.line_of_sight(squares[0], squares[-1])  # the bits are made
        for _ in range(6):
            a = r.choice(squares)
            b = r.choice([(a[0] + 1, a[1]), (a[0], a[1] + 1), (a[0] - 1, a[1]), (a[0], a[1] - 1), (a[0] + 1, a[1] + 1)])
            g.neighbours(a)
            g.set_door(a, b, r.choice(["open", "closed", "open"]))
            fresh = copy.deepcopy(g)
            assert g._sight_mask == fresh._sight_bits()
            assert all(g.neighbours(p) == fresh.neighbours(p) for p in squares)
            assert all(g.line_of_sight(p, q) == g._walk_sight(p, q, None) for p in squares for q in squares)


def test_a_square_changed_on_a_map_with_bits_changes_them_as_a_fresh_map_would():
    # Grid.set_terrain (a falling block): only the squares around it are worked out again.
    for seed in range(12):
        g, squares, r = random_map(seed, "either" if seed % 2 else "both")
        g._slow_looks = 10 ** 6
        g.line_of_sight(squares[0], squares[-1])  # the bits are made
        for _ in range(6):
            sq = r.choice(squares)
            for p in squares:
                g.neighbours(p)
            g.set_terrain(sq, r.choice(["#", ".", "#"]))
            fresh = copy.deepcopy(g)
            assert g._sight_mask == fresh._sight_bits()
            assert all(g.neighbours(p) == fresh.neighbours(p) for p in squares)
            assert all(g.line_of_sight(p, q) == g._walk_sight(p, q, None) for p in squares for q in squares)


def test_a_pickled_grid_keeps_its_map_and_sight_bits_not_its_other_caches():
    g, squares, _ = random_map(3, "either")
    g._slow_looks = 10 ** 6
    g.line_of_sight(squares[0], squares[-1])
    g.memo["x"] = 1
    again = pickle.loads(pickle.dumps(g))
    assert again == g and again._sight_mask == g._sight_mask
    assert again.memo == {} and again._sight == {} and again._near == {}


def queue_bfs(g, start, avoid):
    """Breadth first with a first-in-first-out queue, as `bfs` was written before it went ring
    by ring: the same step counts and the same parents."""
    from collections import deque
    dist, parent, queue = {start: 0}, {}, deque([start])
    while queue:
        sq = queue.popleft()
        for nb in g.neighbours(sq):
            if nb not in dist and nb not in avoid:
                dist[nb], parent[nb] = dist[sq] + 1, sq
                queue.append(nb)
    return dist, parent


def test_bfs_ring_by_ring_finds_the_queues_counts_and_parents_and_walks_keep_them_per_map():
    for seed in range(16):
        g, squares, r = random_map(seed, "either")
        avoid = frozenset(r.sample(squares, 8))
        for start in squares[::4]:
            want = queue_bfs(g, start, avoid)
            assert g.bfs(start, avoid=avoid) == want
            assert g.bfs(start, lambda sq, held=avoid: sq not in held) == want
            assert g.walks(start, avoid) == want and g.walks(start, avoid) is g.walks(start, avoid)
        # A door opening forgets the kept walks: they are walked again on the changed map.
        a = r.choice(squares)
        g.set_door(a, (a[0] + 1, a[1]), "open")
        assert all(g.walks(s, avoid) == queue_bfs(g, s, avoid) for s in squares[::4])


def test_steps_from_several_starts_is_spread_over_the_neighbours_in_the_same_order():
    from dungeon_tui.engine.spreading import spread
    for seed in range(12):
        g, squares, r = random_map(seed, "both")
        starts = r.sample(squares, 3)
        want = spread(starts, g.neighbours)
        assert list(g.steps_from(starts).items()) == list(want.items())
        assert list(g.bfs(starts[0])[0].items()) == list(spread([starts[0]], g.neighbours).items())


def test_bfs_no_further_than_most_steps_is_the_whole_walk_cut_short():
    for seed in range(8):
        g, squares, r = random_map(seed, "either")
        avoid = frozenset(r.sample(squares, 5))
        for start in squares[::6]:
            dist, parent = g.bfs(start, avoid=avoid)
            for most in (0, 1, 3):
                near, near_parent = g.bfs(start, avoid=avoid, most=most)
                assert list(near.items()) == [(sq, d) for sq, d in dist.items() if d <= most]
                assert near_parent == {sq: p for sq, p in parent.items() if sq in near}


def test_spreading_as_far_as_asked_gives_the_whole_searchs_steps():
    from dungeon_tui.engine.spreading import Spreading
    for seed in range(12):
        g, squares, r = random_map(seed, "either")
        starts = r.sample(squares, 2)
        whole = g.steps_from(starts)
        lazy = Spreading(g, starts)
        asked = [*r.sample([*squares, (40, 40)], len(squares) // 2), (40, 40)]
        assert [lazy.get(sq, -1) for sq in asked] == [whole.get(sq, -1) for sq in asked]
        assert list(lazy.grow().items()) == list(whole.items())


def test_spreading_to_the_nearest_target_has_the_steps_of_every_target_as_near():
    from dungeon_tui.engine.spreading import Spreading
    for seed in range(12):
        g, squares, r = random_map(seed, "either")
        start = r.choice(squares)
        whole = g.steps_from([start])
        targets = [*r.sample(squares, 3), (40, 40)]  # one off the map, never reached
        lazy = Spreading(g, [start])
        if seed % 2:
            lazy.grow(2)  # grown some way already
        reached = lazy.reach_any(targets)
        near = min((whole[q] for q in targets if q in whole), default=None)
        assert {q: reached[q] for q in targets if q in reached} == \
            {q: whole[q] for q in targets if q in whole and (near is None or whole[q] <= max(near, 2 * (seed % 2)))}
        assert all(whole[q] == d for q, d in reached.items())
        assert list(lazy.grow().items()) == list(whole.items())


def test_spreading_to_every_target_has_their_steps_and_goes_no_further_than_the_farthest():
    from dungeon_tui.engine.spreading import Spreading
    for seed in range(12):
        g, squares, r = random_map(seed, "either")
        start = r.choice(squares)
        avoid = set(r.sample(squares, 4)) - {start}
        whole = Spreading(g, [start], avoid).grow()
        targets = [*r.sample(squares, 3), (40, 40)]  # one off the map, never reached
        reached = Spreading(g, [start], avoid).reach_all(targets)
        assert {q: reached[q] for q in targets if q in reached} == {q: whole[q] for q in targets if q in whole}
        assert all(whole[q] == d for q, d in reached.items())
        assert list(reached.items()) == list(whole.items())  # one never reached: the whole search
        near = [q for q in targets if q in whole]
        if near:
            far = max(whole[q] for q in near)
            found = Spreading(g, [start], avoid).reach_all(near)
            assert max(found.values()) == far
            assert list(found.items()) == [(q, d) for q, d in whole.items() if d <= far]


def test_keep_neighbours_but_takes_over_every_square_but_those_named():
    old = block(4, 3, "a")
    for sq in sorted(old.terrain):
        old.neighbours(sq)
    moved = {(3, y) for y in range(3)} | {(9, 9)}  # one never asked
    new = block(4, 3, "a")
    new.keep_neighbours_but(old, moved)  # nothing found yet: a copy, less the moved
    assert new._near == {sq: found for sq, found in old._near.items() if sq not in moved}
    assert new._near[(0, 0)] is old._near[(0, 0)]
    again = block(4, 3, "a")
    mine = again.neighbours((1, 1))
    again.keep_neighbours_but(old, moved)  # its own kept, the rest taken over
    assert again._near[(1, 1)] is mine
    assert again._near.keys() == new._near.keys()


def test_changing_near_keeps_the_neighbours_far_from_the_change_and_finds_the_rest_afresh():
    g = block(4, 3, "a")
    everywhere = {sq: list(g.neighbours(sq)) for sq in sorted(g.terrain)}
    far = g._near[(0, 1)]
    with g.changing_near([(4, y) for y in range(3)] + [(3, 1)]):
        block(2, 3, "b", g, ox=4)  # a new room beside the old one
        g.set_door((3, 1), (4, 1), "open")
    # Only the squares two or more from the change keep what was found before (the very
    # same list); the rest are worked out again when asked.
    assert g._near == {sq: found for sq, found in everywhere.items() if sq[0] <= 1}
    assert g._near[(0, 1)] is far
    fresh = block(4, 3, "a")
    block(2, 3, "b", fresh, ox=4)
    fresh.set_door((3, 1), (4, 1), "open")
    for sq in sorted(fresh.terrain):
        assert g.neighbours(sq) == fresh.neighbours(sq), sq
    assert g.distances((0, 1)) == fresh.distances((0, 1))


def test_neighbours_are_the_squares_can_step_allows_in_direction_order():
    import random
    from dungeon_tui.engine.grid import DIRS4, DIRS8
    for seed in range(40):
        rng = random.Random(seed)
        g = Grid(impassable=frozenset({"c"}), step_corner=rng.choice(["both", "either"]),
                 diagonal_moves=seed % 5 != 0, region_walls=seed % 3 != 0)
        for x in range(6):
            for y in range(5):
                if rng.random() < 0.85:
                    g.add_square((x, y), rng.choice(".....c"), rng.choice("ab"))
        squares = sorted(g.terrain)
        for _ in range(8):
            a = rng.choice(squares)
            b = (a[0] + rng.choice((-1, 0, 1)), a[1] + rng.choice((-1, 0, 1)))
            if rng.random() < 0.5:
                g.walls.add((min(a, b), max(a, b)))
            else:
                g.set_door(a, b, rng.choice(["open", "closed"]))
        g.changed()
        for a in squares:
            dirs = DIRS8 if g.diagonal_moves else DIRS4
            beside = [(a[0] + dx, a[1] + dy) for dx, dy in dirs]
            assert g.neighbours(a) == [b for b in beside if g.can_step(a, b)], (seed, a)


def test_a_kept_whole_search_is_handed_out_only_once_made_and_until_the_map_changes():
    g = block(5, 5)
    assert g.distances_kept((0, 0)) is None  # nothing searched for the asking
    whole = g.distances((0, 0))
    assert g.distances_kept((0, 0)) is whole and g.distances_kept((1, 1)) is None
    g.changed()
    assert g.distances_kept((0, 0)) is None


def test_sight_is_the_same_from_either_end():
    # HeroQuest takes a square's look as the answer of every square it looked at about it
    # (rulesets/heroquest/board.py, `_OpenBoard`).  A line from b to a crosses the squares and
    # corners the line from a to b crosses (every shape on a board 41 squares wide, as its
    # bits say), and each step's test is the same taken back (the bits of random maps under
    # both corner rules), so the answer is too.
    from dungeon_tui.engine.directions import DIRS8
    from dungeon_tui.engine.sight_bits import BITS, line_bits

    width = 41

    def crossed(dx, dy, there):
        """The edges and corners a line's mask tests, and the squares it finds clear, with the
        line's start at `there`."""
        lo, mask, _ = line_bits(width, dx, dy)
        steps, squares = set(), set()
        for bit in (lo + i for i in range(mask.bit_length()) if mask >> i & 1):
            at, d = divmod(bit, BITS)
            y = (at + 20) // width
            p = (there[0] + at - y * width, there[1] + y)
            if d == 8:
                squares.add(p)
            else:
                steps.add(frozenset((p, (p[0] + DIRS8[d][0], p[1] + DIRS8[d][1]))))
        return steps, squares

    for dx in range(-20, 21):
        for dy in range(-20, 21):
            if (dx, dy) != (0, 0):
                assert crossed(dx, dy, (0, 0)) == crossed(-dx, -dy, (dx, dy))
    for seed in range(24):
        g, squares, _ = random_map(seed, "either" if seed % 2 else "both")
        for p in squares:
            for d, (dx, dy) in enumerate(DIRS8):
                n = (p[0] + dx, p[1] + dy)
                if n in g.terrain:
                    assert g._square_bits(p) >> d & 1 == g._square_bits(n) >> DIRS8.index((-dx, -dy)) & 1
        g._slow_looks = 10 ** 6
        assert all(g.line_of_sight(a, b) == g.line_of_sight(b, a) for a in squares for b in squares)


def test_long_lines_from_bits_are_the_line_walked_square_by_square():
    # The masks of long lines (sight_bits.line_bits, every step's bit found by its kind of
    # step) on a map far wider than random_map's: from a few squares to every other.
    import random
    for seed, corner in ((1, "either"), (2, "both")):
        r = random.Random(seed)
        g = Grid(opaque=frozenset({"#"}), corner=corner, region_walls=False)
        for y in range(23):
            for x in range(33):
                if r.random() < 0.97:
                    g.add_square((x, y), "#" if r.random() < 0.03 else ".", "a")
        for _ in range(40):
            a = r.choice(sorted(g.terrain))
            g.walls.add((a, (a[0] + 1, a[1]) if r.random() < 0.5 else (a[0], a[1] + 1)))
        g.changed()
        squares = sorted(g.terrain)
        for a in r.sample(squares, 12):
            assert g.in_sight(a, squares) == [b for b in squares if g._walk_sight(a, b, None)]
