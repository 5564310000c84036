"""A steps table's grid (numbering.grid_numbers) made from the last one's when it is over the same
squares, the steps of the squares that changed taken out and put back (issue 20, cat-rules21):
the same numbering and the same ways as a grid worked out afresh, whatever the order of the
door arrangements."""
from __future__ import annotations

import random

from dungeon_tui.rulesets.catakombs import numbering
from dungeon_tui.rulesets.catakombs.board import board_for
from dungeon_tui.rulesets.catakombs.content import load_content
from dungeon_tui.rulesets.catakombs.numbering import Grid, Steps, grid_numbers
from dungeon_tui.rulesets.catakombs.passages import passages
from dungeon_tui.rulesets.catakombs.terrain import layout


def arrangements(qid: str, rng: random.Random, n: int) -> list[frozenset[tuple[int, int]]]:
    """n arrangements of the board's doors (each shut or not), walls always."""
    lay = layout(board_for(load_content(), qid))
    doors = [sq for sq, _ in lay.doors] + [sq for sq, _ in lay.secret]
    return [lay.walls | frozenset(d for d in doors if rng.random() < 0.5) for _ in range(n)]


def afresh(steps: Steps) -> Grid:
    """The grid worked out with no last one to start from."""
    numbering._LAST_GRID.clear()
    numbering._GRIDS.pop(id(steps), None)
    return grid_numbers(steps)


def test_grids_made_from_the_last_are_those_worked_out_afresh():
    rng = random.Random(21)
    for qid in load_content().quests:
        b = board_for(load_content(), qid)
        for blocked in arrangements(qid, rng, 8):
            steps = dict(passages(b, blocked).steps)  # a table of its own: numbered anew here
            made = grid_numbers(steps)
            assert numbering._LAST_GRID[0][0] is steps
            copy = dict(steps)
            assert afresh(copy) == made, qid
            assert made.eight and made.squares == afresh(copy).squares
