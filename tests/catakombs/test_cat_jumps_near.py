"""The jumps from a take-off as the rules work them out faster (issue 20, cat-rules20): the lines
looked up by the blocked squares near it, whatever arrangement of the doors made them first;
the lines a jump may take tested by bits; and sight, which goes both ways, read either way."""
from __future__ import annotations

import random

from dungeon_tui.rulesets.catakombs.board import Board, board_for
from dungeon_tui.rulesets.catakombs.content import load_content
from dungeon_tui.rulesets.catakombs.movement import jumps_from
from dungeon_tui.rulesets.catakombs.passages import DIRECTIONS, LONGEST_JUMP, Passages, passages
from dungeon_tui.rulesets.catakombs.sight import crossed, terrain_los
from dungeon_tui.rulesets.catakombs.state import Square
from dungeon_tui.rulesets.catakombs.terrain import Snapshot, board_bits, layout


def lines_square_by_square(p: Passages, start: Square) -> tuple[tuple[Square, ...], ...]:
    """Each direction's squares ahead, each tested: on the board, no obstacle, a step the corner rule allows."""
    lines = []
    for dx, dy in DIRECTIONS:
        line: list[Square] = []
        prev = start
        for i in range(1, LONGEST_JUMP + 2):
            sq = (start[0] + dx * i, start[1] + dy * i)
            if p.obstacle(sq) or sq not in p.steps.get(prev, ()):
                break
            line.append(sq)
            prev = sq
        lines.append(tuple(line))
    return tuple(lines)


def jumps_square_by_square(p: Passages, floor: frozenset[Square], standing: frozenset[Square],
                           armed: frozenset[Square], start: Square) -> list[tuple[Square, tuple[Square, ...]]]:
    """Per line: the first square worth jumping over, then every free landing past it."""
    out = []
    for line in lines_square_by_square(p, start):
        n = 1
        while n < len(line) and line[n - 1] in floor and line[n - 1] not in standing and line[n - 1] not in armed:
            n += 1
        out += [(line[k], line[:k]) for k in range(n, len(line)) if line[k] in floor and line[k] not in standing]
    return out


def arrangements(b: Board, rng: random.Random, n: int) -> list[frozenset[Square]]:
    lay = layout(b)
    doors = [sq for sq, _ in lay.doors] + [sq for sq, _ in lay.secret]
    return [lay.walls | frozenset(d for d in doors if rng.random() < 0.5) for _ in range(n)]


def test_jump_lines_found_near_a_take_off_are_those_of_its_arrangement():
    rng = random.Random(20)
    for qid in load_content().quests:
        b = board_for(load_content(), qid)
        for blocked in arrangements(b, rng, 8):
            p = passages(b, blocked)
            for sq in b.squares():
                lines = lines_square_by_square(p, sq)
                assert p.jump_lines(sq) == lines, (qid, sq)
                assert p.jumpable_lines(sq) == tuple(
                    (line, sum(board_bits(b)[q] for q in line[:-1])) for line in lines if len(line) >= 2)


def test_jumps_by_bits_are_the_jumps_read_square_by_square():
    rng = random.Random(27)
    for qid in load_content().quests:
        b = board_for(load_content(), qid)
        bits = board_bits(b)
        for blocked in arrangements(b, rng, 3):
            p = passages(b, blocked)
            free = sorted(layout(b).floor - blocked)
            floor = frozenset(sq for sq in free if rng.random() < 0.9)
            standing, armed = frozenset(rng.sample(free, 15)), frozenset(rng.sample(free, 5))
            worth = (sum(bit for sq, bit in bits.items() if sq not in floor)
                     | sum(bits[sq] for sq in standing | armed))
            snapshot = Snapshot(p, floor, standing, armed, worth)
            for sq in free:
                assert jumps_from(snapshot, sq) == jumps_square_by_square(p, floor, standing, armed, sq), (qid, sq)


def test_sight_goes_both_ways():
    rng = random.Random(11)
    for qid in load_content().quests:
        b = board_for(load_content(), qid)
        squares = list(b.squares())
        for blocked in arrangements(b, rng, 2):
            p = passages(b, blocked)
            for _ in range(500):
                one, other = rng.sample(squares, 2)
                line = crossed(b.width, one, other, p.bits)
                assert line == crossed(b.width, other, one, p.bits)
                assert terrain_los(one, other, p.obstacle) == terrain_los(other, one, p.obstacle) == (line >= 0)
