"""Whole Ashardalon games played by AI on every seat end with a result, and replaying the
decision list on a fresh game reaches the same state hash."""
from __future__ import annotations

import pytest

from dungeon_tui.engine.grid import Grid
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.ashardalon.game import GAME

CASES = [
    ("a_day_in_the_life", ["keyleth"]),
    ("a_day_in_the_life", ["quinn", "vistra"]),
    ("monster_hunt", ["quinn", "vistra", "keyleth", "tarak", "heskan"]),
]


@pytest.mark.parametrize("adventure,heroes", CASES, ids=["day-solo1", "day-2heroes", "hunt-5heroes"])
def test_ai_games_end_and_replay_to_the_same_hash(adventure, heroes):
    outcomes = []
    for seed in range(10):
        setup = {"adventure": adventure, "heroes": heroes}
        game = GAME.new_game(setup, seed)
        result = game.run(get("ashardalon").ai_controllers())
        assert game.over
        assert result.get("outcome") in ("victory", "defeat"), result
        assert "ran past" not in result.get("why", ""), result
        again = GAME.new_game(setup, seed)
        again.replay_actions(game.decisions)
        assert again.over and again.result == game.result
        assert again.state_hash() == game.state_hash()
        outcomes.append(result["outcome"])
    assert len(outcomes) == 10


@pytest.mark.parametrize("adventure", ["the_closed_doors", "sneaky_endeavor"])
def test_a_new_layout_keeps_only_neighbours_a_fresh_one_would_find(adventure):
    """Each new layout (a tile placed, a door opened) takes over the old grid's neighbours
    where nothing around them changed, and the old squares when it only adds tiles: every
    neighbour it took over is what the map built afresh finds, and so are its squares, walls
    and doors, through whole AI games with tiles placed and doors opened."""
    from dungeon_tui.rulesets.ashardalon import geometry
    ctl = get("ashardalon").ai_controllers()
    layouts = taken_over = grown = joined = 0
    for seed in range(3):
        game = GAME.new_game({"adventure": adventure, "heroes": ["quinn", "vistra", "keyleth"]}, seed)
        game.keep_events = False
        seen = game.state.layout
        while not game.over:
            d = game.pending
            game.play((ctl.get(d.seat) or ctl["*"]).choose(game, d)[0])
            lay = game.state.layout
            if lay is seen:
                continue
            layouts += 1
            kept = dict(lay.grid._near)
            taken_over += len(kept)
            afresh = geometry.build(GAME.content().tiles, game.state.tiles, list(game.state.doors))
            fresh = afresh.grid
            # Grid's own search: what a map built afresh finds.
            assert all(found == Grid.neighbours(fresh, sq) for sq, found in kept.items())
            # Its squares laid on the old ones and its walls and doors are the map's built afresh.
            assert list(lay.terrain.items()) == list(afresh.terrain.items())
            assert lay.grid.terrain == fresh.terrain and lay.grid.region == fresh.region
            assert lay.grid.walls == fresh.walls and list(lay.grid.doors.items()) == list(fresh.doors.items())
            assert lay.looks == afresh.looks and lay.shut == afresh.shut
            # The tiles each tile joins, taken over or found: as the map built afresh finds them.
            assert all(found == afresh.tile_neighbours(c) for c, found in lay._joined.items())
            joined += len(lay._joined)
            for c in lay.cell_tile:
                lay.tile_neighbours(c)
            grown += lay.laid[:-1] == seen.laid[:len(lay.laid) - 1] and len(lay.laid) > len(seen.laid)
            # Ask every square so the next layout has neighbours to take over.
            for sq in lay.terrain:
                lay.grid.neighbours(sq)
            seen = lay
    assert layouts > 10 and taken_over > 1000 and grown > 10 and joined > 100


def test_steps_on_every_layout_are_the_steps_found_afresh():
    """At every layout of AI games, one played twice (the second time every layout is one kept
    from the first, as in a replay), every square's steps are what a grid built afresh from
    the same squares, walls and doors finds."""
    ctl = get("ashardalon").ai_controllers()
    squares = 0
    for adventure, seed in (("the_closed_doors", 4), ("sneaky_endeavor", 5), ("the_closed_doors", 4)):
        game = GAME.new_game({"adventure": adventure, "heroes": ["quinn", "vistra", "keyleth"]}, seed)
        game.keep_events = False
        seen = None
        while not game.over:
            lay = game.state.layout
            if lay is not seen:
                seen = lay
                fresh = Grid(region_walls=False, terrain=dict(lay.grid.terrain), walls=set(lay.grid.walls),
                             doors=dict(lay.grid.doors))
                fresh.impassable, fresh.step_corner = lay.grid.impassable, lay.grid.step_corner
                for sq in lay.terrain:
                    assert lay.grid.neighbours(sq) == Grid.neighbours(fresh, sq), sq
                    squares += 1
            d = game.pending
            game.play((ctl.get(d.seat) or ctl["*"]).choose(game, d)[0])
    assert squares > 5000
