"""Layouts kept for the process (rulesets/ashardalon/laid_layouts.py): a game that lays the
tiles another game laid gets that game's layout, with what its grid found; every such layout
and every answer kept with it is what a map built afresh gives, and a game played again (a
replay) comes to the same decisions and states with them."""
from __future__ import annotations

import threading

from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.ashardalon import board, geometry, laid_layouts
from dungeon_tui.rulesets.ashardalon.game import GAME

HEROES = ["quinn", "vistra", "keyleth"]


def _same_as_afresh(game, lay) -> int:
    """Asserts the layout and what its grid has kept are the map's built afresh; the squares
    whose kept steps to the nearest figure were checked."""
    s = game.state
    afresh = geometry.build(GAME.content().tiles, s.tiles, list(s.doors))
    assert list(lay.terrain.items()) == list(afresh.terrain.items())
    assert lay.cell_tile == afresh.cell_tile and lay.open_sides == afresh.open_sides
    assert lay.closed_doors == afresh.closed_doors and lay.shut == afresh.shut and lay.looks == afresh.looks
    g, fresh = lay.grid, afresh.grid
    assert g.terrain == fresh.terrain and g.region == fresh.region and g.walls == fresh.walls
    assert list(g.doors.items()) == list(fresh.doors.items())
    assert lay.unexplored_edges() == afresh.unexplored_edges()
    checked = 0
    for c in lay.cell_tile:
        assert lay.tile_neighbours(c) == afresh.tile_neighbours(c)
        assert lay.tile_distances((c,)) == afresh.tile_distances((c,))
        assert lay.placement_order(c) == afresh.placement_order(c)
    for f in s.figures.values():
        if f.on_board:
            kept = board.square_distances(s, f)
            steps = fresh.steps_from([q for q, d in kept.dist.items() if d == 0])
            assert all(steps.get(q) == d for q, d in kept.dist.items())
            checked += len(kept.dist)
    return checked


def test_a_game_played_again_gets_the_same_layouts_and_answers():
    """Each game is played twice, the AI on every seat: the second time every layout is one
    the first play laid (the same object), and at every layout of both plays the squares,
    walls, doors, tile distances, placements and kept searches are the map's built afresh;
    both plays make the same decisions and end in the same state."""
    ctl = get("ashardalon").ai_controllers()
    reused = checked = 0
    for adventure, seed in (("the_closed_doors", 4), ("free_the_captives", 2)):
        plays = []
        for _ in range(2):
            game = GAME.new_game({"adventure": adventure, "heroes": HEROES}, seed)
            game.keep_events = False
            layouts = []
            while not game.over:
                lay = game.state.layout
                if not layouts or lay is not layouts[-1]:
                    layouts.append(lay)
                    checked += _same_as_afresh(game, lay)
                d = game.pending
                game.play((ctl.get(d.seat) or ctl["*"]).choose(game, d)[0])
            plays.append((game, layouts))
        (first, laid), (again, laid_again) = plays
        assert [a for a, _ in again.decisions] == [a for a, _ in first.decisions]
        assert again.state_hash() == first.state_hash() and again.checkpoints == first.checkpoints
        assert len(laid_again) == len(laid) > 5
        reused += sum(a is b for a, b in zip(laid, laid_again, strict=True))
    assert reused > 10 and checked > 1000


def test_another_thread_builds_its_own():
    """The replay viewer gathers keyframes in a thread of its own: a layout kept by one thread
    is never handed to another (their searches grow as they are asked)."""
    made = GAME.new_game({"adventure": "the_closed_doors", "heroes": HEROES}, 1)
    s = made.state
    mine = laid_layouts.layout(GAME.content().tiles, s.tiles, list(s.doors))
    assert laid_layouts.layout(GAME.content().tiles, s.tiles, list(s.doors)) is mine
    theirs = []
    worker = threading.Thread(target=lambda: theirs.append(
        laid_layouts.layout(GAME.content().tiles, s.tiles, list(s.doors))))
    worker.start()
    worker.join()
    assert theirs[0] is not mine and theirs[0].terrain == mine.terrain


def _played(seed: int) -> list:
    """The layouts an AI game of the_closed_doors lays, in order."""
    ctl = get("ashardalon").ai_controllers()
    game = GAME.new_game({"adventure": "the_closed_doors", "heroes": HEROES}, seed)
    game.keep_events = False
    layouts = [game.state.layout]
    while not game.over:
        d = game.pending
        game.play((ctl.get(d.seat) or ctl["*"]).choose(game, d)[0])
        if game.state.layout is not layouts[-1]:
            layouts.append(game.state.layout)
    return layouts


def test_only_the_game_being_played_and_the_one_before_are_kept():
    """Layouts kept across many games cost memory out of all proportion (bench/README, issue
    20): once another game lays a layout the last one did not, the last one's are given back
    and only the new game's are kept; a game played again right after gets every one."""
    first = _played(4)
    other = _played(5)
    kept = laid_layouts._KEPT
    held = list(kept.current.values())
    assert not kept.before and len(other) > 5 and other[0] is first[0]  # the start, the same
    assert all(any(lay is k for k in held) for lay in other)
    theirs = [lay for lay in first if not any(lay is mine for mine in other)]
    assert len(theirs) > 5 and not any(lay is k for lay in theirs for k in held)
    again = _played(5)
    assert all(a is b for a, b in zip(again, other, strict=True))
    afresh = _played(4)
    assert not any(lay is old for lay in afresh for old in theirs)
