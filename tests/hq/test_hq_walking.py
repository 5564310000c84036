"""A companion's walk (heroquest/ai/walking.py) grown only as far as asked gives the steps and
parents of the whole breadth-first search, wherever the game stands."""
from __future__ import annotations

from dungeon_tui.batch import game_seed
from dungeon_tui.engine.spreading import path_back
from dungeon_tui.rulesets.heroquest.ai.walking import Walk, nearest, within
from dungeon_tui.rulesets.heroquest.game import GAME
from dungeon_tui.rulesets.heroquest.heroes import hero_path_avoid


def test_a_walk_asked_square_by_square_is_the_whole_search() -> None:
    game = GAME.new_game({"adventure": "the_trial"}, game_seed(2027, 3))
    ctl = GAME.ai_controllers()
    checked = 0
    while not game.over and checked < 40:
        d = game.pending
        game.play((ctl.get(d.seat) or ctl["*"]).choose(game, d)[0])
        s = game.state
        if len(game.decisions) % 25:
            continue
        checked += 1
        g = s.grid
        avoid = hero_path_avoid(s)
        for h in s.heroes():
            if h.pos is None:
                continue
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
    assert checked >= 10
