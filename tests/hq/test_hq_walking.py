"""A companion's walk (heroquest/ai/walking.py) grown only as far as asked gives the steps and
parents of the whole breadth-first search, wherever the game stands."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from dungeon_tui.batch import game_seed
from dungeon_tui.engine.grid import DIRS4
from dungeon_tui.engine.spreading import path_back
from dungeon_tui.rulesets.heroquest import board
from dungeon_tui.rulesets.heroquest.ai.caution import _struck, safest_square, threat
from dungeon_tui.rulesets.heroquest.ai.companions import known_doors
from dungeon_tui.rulesets.heroquest.ai.exploring import _beside_hidden, _seen_edge
from dungeon_tui.rulesets.heroquest.ai.primitives import Plan, stop_ok
from dungeon_tui.rulesets.heroquest.ai.walking import UNREACHED, Squares, Walk, by_rings, nearest, squares, within
from dungeon_tui.rulesets.heroquest.game import GAME
from dungeon_tui.rulesets.heroquest.heroes import adjacent, can_step, hero_path_avoid, step_squares
from dungeon_tui.rulesets.heroquest.monsters import monster_field
from dungeon_tui.rulesets.heroquest.state import HERO, MONSTER


def every_nth(game, n: int, most: int = 1 << 30) -> Iterator[Any]:
    """Play the AI on every seat until the game ends (or has `most` decisions), handing back
    every n-th decision once it is played (the state as it left it)."""
    ctl = GAME.ai_controllers()
    while not game.over and len(game.decisions) < most:
        d = game.pending
        game.play((ctl.get(d.seat) or ctl["*"]).choose(game, d)[0])
        if len(game.decisions) % n == 0:
            yield d


def placed_heroes(s) -> Iterator[tuple[Any, Any, frozenset]]:
    """Each hero on the board, with the map and the squares his walks avoid."""
    avoid = hero_path_avoid(s)
    return ((h, s.grid, avoid) for h in s.heroes() if h.pos is not None)


def test_a_walk_asked_square_by_square_is_the_whole_search() -> None:
    game = GAME.new_game({"adventure": "the_trial"}, game_seed(2027, 3))
    checked = 0
    for _ in every_nth(game, 25):
        checked += 1
        s = game.state
        for h, g, avoid in placed_heroes(s):
            dist, parent = g.bfs(h.pos, avoid=avoid)
            squares = sorted(g.terrain, key=lambda sq: (sq[1], sq[0]))
            goals = [sq for sq in squares if sq in dist][::-7][:6]  # far first: the walk grows on
            walk = Walk(g, h.pos, avoid)
            assert nearest(walk, goals, lambda sq: True) == nearest(dist, goals, lambda sq: True)
            for sq in squares[::3]:
                assert within(walk, sq, 4) == within(dist, sq, 4)
                assert walk.get(sq) == dist.get(sq)
                if sq in dist:
                    assert path_back(walk.parent, h.pos, sq) == path_back(parent, h.pos, sq)
            assert dict(walk.items()) == dist and walk.parent == parent
            # Goals the walk has grown past, some failing the test; a path read off the last one.
            for odd in (lambda sq: sq[0] % 2 == 1, lambda sq: sq[1] % 3 == 0, lambda sq: False):
                assert nearest(walk, goals + squares[::5], odd) == nearest(dist, goals + squares[::5], odd)
            for far in goals:
                whole = path_back(parent, h.pos, far)
                assert walk.path(far) == whole
                assert [walk.path(sq) for sq in whole] == [whole[:i + 1] for i in range(len(whole))]
        if checked >= 40:
            break
    assert checked >= 10


def _whole(s, sq, seen):  # the seen corridor's edge as worked out afresh
    g = s.grid
    return any(g.floor(nb) and not seen(nb) and g.edge_passable(sq, nb)
               for nb in ((sq[0] + dx, sq[1] + dy) for dx, dy in DIRS4))


def _beside_hidden_afresh(s, rock):  # the corridor beside hidden rooms, each square's regions read again
    covered = set(s.searched.get("secret:squares", []))
    return [sq for sq in s.seen_corridor() if f"{sq[0]},{sq[1]}" not in covered and any(
        (a := s.grid.region.get(nb)) not in (None, board.CORRIDOR) and a not in rock and a not in s.revealed_rooms
        for nb in ((sq[0] + dx, sq[1] + dy) for dx, dy in DIRS4))]


def _reach_afresh(s, m):  # a monster's reach for the threat, from its whole field
    dist, _ = monster_field(s, m)
    reach = {sq for sq, d in dist.items() if d <= m.move}
    return frozenset(reach | {nb for sq in reach for nb in ((sq[0] + 1, sq[1]), (sq[0] - 1, sq[1]),
                                                           (sq[0], sq[1] + 1), (sq[0], sq[1] - 1))
                              if adjacent(s, sq, nb)})


@pytest.mark.parametrize("quest", ["warlocks_cellar", "crypt_of_the_bone_lantern"])
def test_what_the_companions_keep_is_what_they_would_work_out_afresh(quest: str) -> None:
    """Kept with the map or the decision (issue 20), every answer is the one worked out anew:
    the nearest square a test passes, the walk within a move, each monster's reach, the
    squares a hero may step to, the seen corridor's edge, the corridor beside hidden rooms,
    the doors the party knows, the areas joined by open doors.  Asked at decisions all through
    AI games, whose play the asking must not change."""
    game = GAME.new_game({"adventure": quest}, game_seed(2027, 1))
    checked = monsters_checked = fell_back = 0
    for d in every_nth(game, 7, most=1500):
        if game.over:
            continue
        checked += 1
        s = game.state
        for h, g, avoid in placed_heroes(s):
            dist, _ = g.bfs(h.pos, avoid=avoid)
            walk = Walk(g, h.pos, avoid)
            for test in (lambda sq: sq[0] % 3 == 0, lambda sq, s=s: not s.side_at(sq, HERO), lambda sq: False):
                spots = sorted((n, sq[1], sq[0]) for sq, n in dist.items() if n > 0 and test(sq))
                assert walk.first(test) == ((spots[0][2], spots[0][1]) if spots else None)
            assert list(by_rings(Walk(g, h.pos, avoid), 5)) == [(sq, n) for sq, n in dist.items() if n <= 5]
            assert list(by_rings(walk, 5)) == list(by_rings(dict(dist), 5))  # this one grown by `first`
            turn = {"rolled": True, "points": 2, "rock": False, "veil": False}
            monsters = s.squares_held(MONSTER)
            assert step_squares(s, h, turn) == [to for dx, dy in DIRS4 if can_step(
                s, h, to := (h.pos[0] + dx, h.pos[1] + dy), turn, monsters)]
            p = Plan(game, h, d)
            if s.monsters():  # the spot to fall back to, nearest first, is the best of every spot
                danger, most = threat(p), p.allowance()
                friends = [f.square for f in s.heroes() if f is not h and f.status == "alive" and f.pos is not None]
                best = min((danger.get(sq, 0), bool(friends) and all(abs(sq[0] - x) + abs(sq[1] - y) > 3
                                                                     for x, y in friends), n, sq[1], sq[0])
                           for sq, n in dist.items() if n <= most and (sq == h.pos or stop_ok(p, sq)))
                assert safest_square(p) == (best[4], best[3])
                fell_back += 1
            for m in s.monsters():
                monsters_checked += 1
                assert _struck(p, m, s.squares_held(HERO)) == _reach_afresh(s, m)
            seen = board.revealed_test(s)
            assert _seen_edge(p, seen) == [sq for sq in s.seen_corridor() if g.floor(sq) and _whole(s, sq, seen)]
            rock = set(game.content.rock[s.quest])
            kept_hidden = _beside_hidden(p, rock)
            g.memo.pop("beside_hidden", None)
            assert kept_hidden == _beside_hidden(p, rock) == _beside_hidden_afresh(s, rock)
            kept_doors = known_doors(p)
            g.memo.pop("known_doors", None)
            assert kept_doors == known_doors(p)
            area = board.area_of(s, h.pos)
            kept_areas = board.joined_areas(s, game.content, area)
            for key in [k for k in g.memo if isinstance(k, tuple) and k[0] == "joined_areas"]:
                del g.memo[key]
            assert kept_areas == board.joined_areas(s, game.content, area)
    assert checked >= 100 and monsters_checked >= 50 and fell_back >= 20


def test_the_numbering_carried_over_an_opened_door_is_the_one_made_afresh() -> None:
    """After a door opens the map's numbering starts from the one made before (walking.Squares):
    every square's neighbours by number are those a numbering made afresh gives."""
    game = GAME.new_game({"adventure": "crypt_of_the_bone_lantern"}, game_seed(2027, 1))
    before, carried, joined = None, 0, 0
    for _ in every_nth(game, 1, 1500):
        g = game.state.grid
        kept = squares(g)
        if before is not None and kept is not before and kept.index is before.index:
            carried += 1
            fresh = Squares(g)
            assert kept.squares == fresh.squares
            assert [kept.neighbours(i) for i in range(len(kept.squares))] == \
                [fresh.neighbours(i) for i in range(len(fresh.squares))]
            # The parts carried over (`_parts_joined`): each part found is found whole, with the
            # squares a part found afresh holds (of the floor, where walks go).
            floor = [i for i, sq in enumerate(kept.squares) if g.floor(sq)]
            found = [i for i in floor if kept.part[i] != UNREACHED]
            for i in found:
                fresh.part_of(i)
            assert [kept.part[i] != UNREACHED for i in floor] == [fresh.part[i] != UNREACHED for i in floor]
            assert classes(kept.part, found) == classes(fresh.part, found)
            joined += bool(found)
            # The same parts of the floor (walks start and end on it: a wall's part is never asked).
            pairs = list(zip(floor[::7], floor[3::7], strict=False))
            assert [kept.part_of(i) == kept.part_of(j) for i, j in pairs] == \
                [fresh.part_of(i) == fresh.part_of(j) for i, j in pairs]
        before = kept
    assert carried >= 3 and joined >= 3


def classes(part: list[int], squares: list[int]) -> list[int]:
    """Each square's part named by the first of the squares in it."""
    first: dict[int, int] = {}
    return [first.setdefault(part[i], i) for i in squares]
