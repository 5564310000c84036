"""The board's passages with its doors as they stand: which squares block, the corner rule's
steps, the straight lines a jump may take and the squares a run may reach in two steps.

All of it depends only on the board and the squares that block (walls, closed and locked
doors, a closed secret door), which change a few times a quest, so it is worked out once per
such board and shared by every offer and plan until a door changes (terrain.Map).  The tables
are read in the board's direction order, so they list what a square-by-square check would.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from .board import Board
from .numbering import bits as square_bits
from .sight import diagonal_ok
from .state import Square

# The eight straight lines, in the order jumps are offered and wanderers pick a way.
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
LONGEST_JUMP = 3  # 2^3 = 8: a longer jump needs more than four dice can score (§2.1)

Runs = tuple[tuple[Square, tuple[Square, ...]], ...]
Lines = tuple[tuple[Square, ...], ...]
# From a take-off: its jump lines, and the lines a jump may take each with the squares it may
# pass over as bits (Passages.jump_lines, jumpable_lines).
JumpsFrom = tuple[Lines, tuple[tuple[tuple[Square, ...], int], ...]]
_KEPT = 64  # door arrangements remembered; a quest meets a few dozen
_PASSAGES: dict[tuple[int, frozenset[Square]], Passages] = {}


@dataclass
class Passages:
    board: Board
    blocked: frozenset[Square]
    bits: int = 0  # the blocked squares as bits, square (x, y) at bit y * width + x
    steps: dict[Square, tuple[Square, ...]] = field(default_factory=dict)
    _jumps: dict[Square, JumpsFrom] = field(default_factory=dict)
    _runs: dict[Square, Runs] = field(default_factory=dict)
    _strikes: dict[Square, tuple[Square, ...]] = field(default_factory=dict)
    _strike_bits: dict[Square, int] = field(default_factory=dict)
    _run_firsts: dict[tuple[Square, Square], tuple[Square, ...]] = field(default_factory=dict)

    def obstacle(self, sq: Square) -> bool:
        return sq in self.blocked or not self.board.inside(sq)

    def jump_lines(self, start: Square) -> tuple[tuple[Square, ...], ...]:
        """For each jump direction in order, the squares ahead that a jump may cross or land
        on (up to LONGEST_JUMP + 1): inside the board, no obstacle, each step allowed by the
        corner rule; the line stops at the first square that fails."""
        return (self._jumps.get(start) or self._jumps_near(start))[0]

    def _jumps_near(self, start: Square) -> JumpsFrom:
        """What the jumps from `start` read, kept here and looked up first in `_NEAR`: the lines
        read only the squares within LONGEST_JUMP + 1 of it (each line's squares, and the
        corners its diagonal steps pass), so another arrangement of the doors with the same
        blocked squares there has them made (a door opened in another order makes a new one)."""
        width, height = self.board.width, self.board.height
        found_key = (width, height, start, self.bits & _near_mask(width, height, start))
        found = _NEAR.get(found_key)
        if found is None:
            if len(_NEAR) >= _NEAR_KEPT:
                _NEAR.clear()
            lines = shared(self._lines_from(start))
            jumpable = tuple((line, sum(1 << (y * width + x) for x, y in line[:-1]))
                             for line in lines if len(line) >= 2)
            found = _NEAR[found_key] = (lines, jumpable)
        self._jumps[start] = found
        return found

    def _lines_from(self, start: Square) -> Lines:
        """`jump_lines` worked out.  A square off the board is in no square's steps, so a step
        the corner rule allows needs no test of the board's edge (`obstacle` less `inside`)."""
        steps, blocked = self.steps, self.blocked
        x, y = start
        lines = []
        for dx, dy in DIRECTIONS:
            line: list[Square] = []
            ahead = steps.get(start, ())
            for i in range(1, LONGEST_JUMP + 2):
                sq = (x + dx * i, y + dy * i)
                if sq in blocked or sq not in ahead:
                    break
                line.append(sq)
                ahead = steps[sq]
            lines.append(tuple(line))
        return tuple(lines)

    def jumpable_lines(self, start: Square) -> tuple[tuple[tuple[Square, ...], int], ...]:
        """The jump lines from `start` a jump may take (two squares or more: one to pass over,
        one to land on), in order, each with the squares a jump may pass over (all but the
        last) as bits (`bits`' numbering): where none of them is worth jumping over, the
        line offers no jump (movement.jumps_from), which one test of the bits tells."""
        return (self._jumps.get(start) or self._jumps_near(start))[1]

    def strike_squares(self, sq: Square) -> tuple[Square, ...]:
        """The squares one step from `sq` by the corner rule, from which a figure there could be
        struck in melee, in the direction order."""
        found = self._strikes.get(sq)
        if found is None:
            steps = self.steps
            found = self._strikes[sq] = tuple(n for n in steps.get(sq, ()) if sq in steps.get(n, ()))
        return found

    def strike_bits(self, sq: Square) -> int:
        """`strike_squares` as bits in the walking searches' numbering (numbering.bits): the AI
        ranks its foes by them at every decision, and the squares stand as long as the doors."""
        found = self._strike_bits.get(sq)
        if found is None:
            found = self._strike_bits[sq] = square_bits(self.steps, self.strike_squares(sq))
        return found

    def runs(self, start: Square) -> Runs:
        """The squares two steps away (in reading order), each with the first steps that lead
        to it, in the order of the start's neighbours."""
        found = self._runs.get(start)
        if found is None:
            via: dict[Square, list[Square]] = {}
            x, y = start
            for first in self.steps.get(start, ()):
                for second in self.steps.get(first, ()):
                    if max(abs(second[0] - x), abs(second[1] - y)) == 2:  # chebyshev, written out: 64 a square
                        via.setdefault(second, []).append(first)
            ordered = sorted(via, key=lambda q: (q[1], q[0]))
            found = self._runs[start] = shared(tuple((sq, tuple(via[sq])) for sq in ordered))
        return found

    def run_firsts(self, start: Square, to: Square) -> tuple[Square, ...]:
        """`to`'s first steps in `runs(start)` (empty when it is not there), worked out for that
        square alone: a run asked for by its end need not list every square two steps away.
        Kept with the doors: an AI asks for the same runs at every decision of an advance."""
        found = self._run_firsts.get((start, to))
        if found is None:
            x, y = start
            if max(abs(to[0] - x), abs(to[1] - y)) != 2:
                found = ()
            else:
                steps = self.steps
                found = tuple(first for first in steps.get(start, ()) if to in steps.get(first, ()))
            self._run_firsts[start, to] = found
        return found


# `Passages._jumps_near` by the board's size, the take-off and the blocked squares near it (bits);
# bounded, as a long run of every quest meets ever more arrangements near some square.
_NEAR: dict[tuple[int, int, Square, int], JumpsFrom] = {}
_NEAR_KEPT = 16_384
_MASKS: dict[tuple[int, int, Square], int] = {}


def _near_mask(width: int, height: int, start: Square) -> int:
    """The board's squares within LONGEST_JUMP + 1 of `start` (both ways), as bits (`bits`'
    numbering): made once per board size and square."""
    found = _MASKS.get((width, height, start))
    if found is None:
        x, y, reach = start[0], start[1], LONGEST_JUMP + 1
        left, right = max(0, x - reach), min(width - 1, x + reach)
        row = (1 << (right - left + 1)) - 1
        found = 0
        for y2 in range(max(0, y - reach), min(height - 1, y + reach) + 1):
            found |= row << (y2 * width + left)
        _MASKS[width, height, start] = found
    return found


# One copy of each square's jump lines and runs for all the door arrangements that give the same:
# a door changes the few squares beside it, and each arrangement kept its own copy of the rest
# (about 170 KB an arrangement; a run of every quest in turn keeps dozens).  Compared by value
# (squares), so the copy shared is the same whichever board made it first.
_SHARED: dict[tuple[object, ...], tuple[object, ...]] = {}
_SHARED_KEPT = 65_536
T = TypeVar("T", bound=tuple[object, ...])


def shared(found: T, table: dict[tuple[object, ...], tuple[object, ...]] | None = None, most: int = _SHARED_KEPT) -> T:
    """The one kept copy equal to `found`, which becomes it if none is: in `table` (the
    passages' own unless given), started again once it holds `most`."""
    copies = _SHARED if table is None else table
    kept = copies.get(found)
    if kept is None:
        if len(copies) >= most:
            copies.clear()
        kept = copies[found] = found
    return kept  # type: ignore[return-value]


_LAST: dict[int, Passages] = {}  # per board, the passages made last: the next differs by a door or two


def passages(board: Board, blocked: frozenset[Square]) -> Passages:
    """The board's passages for these blocking squares, worked out once.  A square's steps
    depend only on which of the squares around it block (the corner rule), so a new arrangement
    takes the last one's steps and works out again only those beside a square that changed."""
    key = (id(board), blocked)
    found = _PASSAGES.get(key)
    if found is None or found.board is not board:
        if len(_PASSAGES) >= _KEPT:
            _PASSAGES.clear()
        found = Passages(board, blocked)
        found.bits = sum(1 << (sq[1] * board.width + sq[0]) for sq in blocked if board.inside(sq))
        last = _LAST.get(id(board))
        if last is None or last.board is not board:
            found.steps = {sq: _steps(board, sq, found) for sq in board.squares()}
        else:
            found.steps = dict(last.steps)
            for changed in blocked ^ last.blocked:
                for sq in (changed, *board.neighbours(changed)):
                    if sq in found.steps:
                        found.steps[sq] = _steps(board, sq, found)
        _PASSAGES[key] = _LAST[id(board)] = found
    return found


def _steps(board: Board, sq: Square, found: Passages) -> tuple[Square, ...]:
    """The square's neighbours in the board's direction order, less the diagonals the corner rule forbids."""
    return tuple(n for n in board.neighbours(sq) if diagonal_ok(sq, n, found.obstacle))
