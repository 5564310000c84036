"""The quest map as it stands now: the board's geometry (board.py, sight.py) with the state's
doors, barrels, chests, traps and figures laid over it.  What blocks a step, a line of sight,
who threatens a square, and who may be targeted from where (§5.3, §5.4)."""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any, TypeVar, overload

from ...engine.game import Game
from .board import Board, board_for
from .numbering import bits
from .passages import Passages, passages
from .paths import search, walking_distances
from .sight import chebyshev, crossed, diagonal_ok, targeting_los, terrain_los
from .state import DOWNED, HERO, MASTER, STANDING, Figure, Square, State, key, square

WALLS = "#R"
DOOR_SYMBOLS = "DL"
SHUT = ("closed", "locked")
_LAYOUTS: dict[int, tuple[Board, Layout]] = {}
# The ground as the doors, barrels and chests stand: (the board, its passages, the free floor,
# a number no other ground gets, the board's lava).  They change a few times a quest while a map is asked for at
# every offer and plan.
Ground = tuple[Board, Passages, frozenset[Square], int, frozenset[Square]]  # ... and the lava
_GROUNDS: dict[tuple[object, ...], Ground] = {}
_KEPT = 256
K = TypeVar("K")
V = TypeVar("V")
_GROUND_NUMBERS = itertools.count()
_GROUND_BITS: dict[tuple[int, str], int] = {}  # Map._ground_bits by the ground's number and what
# The armed traps' squares per arrangement of the traps (a handful a quest): read by every map.
_ARMED: dict[tuple[tuple[str, bool], ...], frozenset[Square]] = {}


def board_of(game: Game) -> Board:
    return board_for(game.content, game.state.quest)


@dataclass(frozen=True)
class Layout:
    """What never changes on a board: its walls, its lava, the floor under everything else
    (doors, the secret door, barrels and chests included), and where the doors are."""

    walls: frozenset[Square]
    lava: frozenset[Square]
    floor: frozenset[Square]
    doors: tuple[tuple[Square, str], ...]
    secret: tuple[tuple[Square, str], ...]


def layout(board: Board) -> Layout:
    """The board's layout, worked out once per board."""
    found = _LAYOUTS.get(id(board))
    if found is None or found[0] is not board:
        walls = frozenset(board.squares(WALLS))
        lava = frozenset(board.squares("~"))
        floor = frozenset(sq for sq in board.squares() if sq not in walls and sq not in lava)
        found = _LAYOUTS[id(board)] = (board, Layout(walls, lava, floor,
                                                     tuple((sq, key(sq)) for sq in board.squares(DOOR_SYMBOLS)),
                                                     tuple((sq, key(sq)) for sq in board.squares("S"))))
    return found[1]


def blocked_squares(s: State, board: Board) -> frozenset[Square]:
    """Walls, pillars and the like, closed or locked doors and a closed secret door (§2.7)."""
    lay = layout(board)
    shut = [sq for sq, k in lay.doors if s.doors.get(k, "closed") in SHUT]
    shut += [sq for sq, k in lay.secret if s.secret.get(k, "closed") == "closed"]
    return lay.walls | frozenset(shut)


def obstacle_of(s: State, board: Board) -> Callable[[Square], bool]:
    blocked = blocked_squares(s, board)
    return lambda sq: sq in blocked or not board.inside(sq)


class FiguresOnFirstRead:
    """`Map.figures` (the squares figures stand on, each to its figure), worked out from the
    state when a map first reads it and kept on the map from then on (an attribute of its
    own, read as any other): about half the maps made never ask (a walk's blocking test, a
    fear test's sight, most of the Master's maps), and listing the squares was most of the
    cost of a map.  Nothing moves between a map's making and its first question: a map is made
    for one moment and asked there (tests/catakombs/test_cat_map_figures.py)."""

    @overload
    def __get__(self, m: None, owner: type | None = None) -> FiguresOnFirstRead: ...

    @overload
    def __get__(self, m: Map, owner: type | None = None) -> dict[Square, Figure]: ...

    def __get__(self, m: Map | None, owner: type | None = None) -> FiguresOnFirstRead | dict[Square, Figure]:
        if m is None:
            return self  # asked of the class: only a map has figures
        figures = m.s.occupied()
        m.figures = figures  # the map's own from now (no __set__ here): this is not asked again
        return figures


class Map:
    """The board and the state together, for one question after another in one action."""

    figures: dict[Square, Figure] = FiguresOnFirstRead()  # type: ignore[assignment]
    # Worked out when first asked, each kept on the map from then (these class values stand
    # until then: a map is made for every offer and plan, and most never ask).
    _figure_bits: int | None = None
    _lines: dict[tuple[Square, Square], int] | None = None
    _standing: frozenset[Square] | None = None
    _jump_worth: int | None = None
    # Targeting sight by (viewer, target, from, to): the offers of shots and spells and the
    # AI's scripts ask the same pairs again and again of one map.
    _sight: dict[tuple[str, str, Square, Square], bool] | None = None

    def __init__(self, game: Game) -> None:
        self.game = game
        s: State = game.state
        self.s = s
        self.board = board = game.content.boards[s.quest]  # board_of, read inline
        last = _LAST
        if not (last and last[0] is board and last[1] == s.doors and last[2] == s.secret
                and last[3] == s.barrels and last[4] == s.chests.keys() and last[5] == s.traps):
            last = _last_ground(s, board)
        _, self.passages, self.floor, self.ground_number, self.lava = last[6]
        self.blocked = self.passages.blocked
        self.armed = last[7]
        # Answers worked out from this map by whoever asks (who may be struck or shot, the AI's
        # targets), kept as long as the map: a map is made for one moment of the game.
        self.found: dict[tuple[str, str], object] = {}

    def floor_bits(self) -> int:
        """The free floor (`floor`) as bits in the steps table's numbering (numbering.bits), kept
        for the ground: a search over the floor reads it whole."""
        return self._ground_bits("floor", lambda: self.floor)

    def closed_door_bits(self) -> int:
        """The closed doors on the board (not locked: a walker opens them) as `floor_bits` are."""
        return self._ground_bits("closed doors", lambda: (
            sq for sq in map(square, (k for k, v in self.s.doors.items() if v == "closed")) if self.board.inside(sq)))

    def _ground_bits(self, what: str, squares: Callable[[], Iterable[Square]]) -> int:
        """Squares the ground decides (its doors, barrels, chests) as bits, kept for it."""
        found = _GROUND_BITS.get((self.ground_number, what))
        if found is None:
            if len(_GROUND_BITS) >= _KEPT:
                _GROUND_BITS.clear()
            found = _GROUND_BITS[self.ground_number, what] = bits(self.passages.steps, squares())
        return found

    def obstacle(self, sq: Square) -> bool:
        return sq in self.blocked or not self.board.inside(sq)

    def ground(self, sq: Square) -> bool:
        """Floor a figure could stand on if no figure were there (§5.3 'free' but figures)."""
        return sq in self.floor

    def free(self, sq: Square) -> bool:
        return sq in self.floor and sq not in self.figures

    def step_ok(self, a: Square, b: Square) -> bool:
        """One of the 8 steps, allowed by the corner rule."""
        return b in self.passages.steps.get(a, ())  # `steps` read inline: asked at every offer

    def steps(self) -> dict[Square, tuple[Square, ...]]:
        """Each square's neighbours by the corner rule, for the doors as they stand now."""
        return self.passages.steps

    def distances(self, start: Square, passable: Callable[[Square], bool] | AbstractSet[Square]) -> dict[Square, int]:
        """Walking steps from `start` to every square reached through `passable` squares (a
        test, or the squares themselves when the caller has them as a set)."""
        if isinstance(passable, AbstractSet):
            return search(self.steps(), start, passable, {})[0]
        return walking_distances(self.board, start, passable, self.obstacle, steps=self.steps())

    def rings(self, start: Square, open_squares: AbstractSet[Square]) -> Iterator[list[Square]]:
        """The squares reached from `start` through `open_squares`, one ring of equal walking
        steps at a time (1 step, 2 steps...): a question the nearest ring answers stops the walk
        there, where `distances` walks the whole dungeon."""
        steps = self.passages.steps
        seen = {start}
        ring = [start]
        while ring:
            ahead = []
            for sq in ring:
                for n in steps.get(sq, ()):
                    if n not in seen and n in open_squares:
                        seen.add(n)
                        ahead.append(n)
            if ahead:
                yield ahead
            ring = ahead

    def neighbours(self, sq: Square) -> list[Square]:
        return list(self.steps().get(sq, ()))

    def on_board(self, a: Square, b: Square) -> bool:
        """Both squares on the board (its `inside` written out: asked of every line of sight)."""
        width, height = self.board.width, self.board.height
        return 0 <= a[0] < width and 0 <= a[1] < height and 0 <= b[0] < width and 0 <= b[1] < height

    def sees(self, a: Square, b: Square) -> bool:
        # `on_board` written out: asked of every enemy's sight of every square an AI weighs.
        width, height = self.board.width, self.board.height
        if 0 <= a[0] < width and 0 <= a[1] < height and 0 <= b[0] < width and 0 <= b[1] < height:
            return self._line(a, b) >= 0
        return terrain_los(a, b, self.obstacle)

    def sees_any(self, a: Square, others: Iterable[Square]) -> bool:
        """Whether `a` sees any of `others`, `sees` of each in turn with the lines looked up in
        one loop (the Master's activation and its support figures ask it of every adversary).
        Sight goes both ways (a line crosses the same squares and corners from either end), so
        this also tells whether any of them sees `a`."""
        width, height = self.board.width, self.board.height
        lines = self._lines
        if lines is None:
            lines = self._lines = lines_of(self.ground_number)
        here = 0 <= a[0] < width and 0 <= a[1] < height
        for b in others:
            if here and 0 <= b[0] < width and 0 <= b[1] < height:
                line = lines.get((a, b))
                if (self._line(a, b) if line is None else line) >= 0:
                    return True
            elif terrain_los(a, b, self.obstacle):
                return True
        return False

    def figure_bits(self) -> int:
        """The squares figures stand on, as bits (passages.py's numbering)."""
        if self._figure_bits is None:
            # Each square's bit looked up in C (map over the squares; off the board, none).
            self._figure_bits = sum(map(board_bits(self.board).get, self.figures, itertools.repeat(0)))
        return self._figure_bits

    def targets(self, viewer: Figure, target: Figure, at: Square | None = None) -> bool:
        """Targeting LOS from `at` (the viewer's square unless given): terrain, and figures in
        the way by the size rules (§5.4).  No one but itself has an invisible figure in sight."""
        if not visible(target) and target is not viewer:
            return False
        start = at or viewer.at
        end = target.at
        found_key = (viewer.id, target.id, start, end)
        sight = self._sight
        if sight is None:
            sight = self._sight = {}
        found = sight.get(found_key)
        if found is None:
            if not self.on_board(start, end):
                found = targeting_los(start, end, self.obstacle, lambda sq: self.blocks(viewer, target, sq))
            else:
                found = self._clear_shot(viewer, target, start, end)
            sight[found_key] = found
        return found

    def shot_from(self, viewer: Figure, target: Figure, sq: Square) -> bool:
        """Whether the viewer would have the target in sight from the square (as `targets`,
        by the bits when both squares are on the board)."""
        there, width, height = target.at, self.board.width, self.board.height
        if 0 <= there[0] < width and 0 <= there[1] < height and 0 <= sq[0] < width and 0 <= sq[1] < height:
            return self._clear_shot(viewer, target, sq, there)
        return self.targets(viewer, target, at=sq)

    def shots_at(self, viewer: Figure, target: Figure) -> Callable[[Square], bool]:
        """`shot_from(viewer, target, sq)` as a test of squares on the board, for a target on
        the board: its square, the lines and the figures' squares read once (an advance asks
        it of every square its walk settles), and a line that crosses no figure told clear
        without asking who stands where."""
        there = target.at
        lines = self._lines
        if lines is None:
            lines = self._lines = lines_of(self.ground_number)
        standing, line_of, clear_shot = self.figure_bits(), self._line, self._clear_shot

        def shot(sq: Square) -> bool:
            line = lines.get((sq, there))
            if line is None:
                line = line_of(sq, there)
            if line < 0:
                return False
            return not line & standing or clear_shot(viewer, target, sq, there)
        return shot

    def _line(self, start: Square, end: Square) -> int:
        """The squares a line between two squares on the board crosses, as bits, or -1 when
        the terrain blocks it (sight.crossed), kept per ground: sight and shots ask the same
        lines again and again while the doors stand."""
        lines = self._lines
        if lines is None:
            lines = self._lines = lines_of(self.ground_number)
        line = lines.get((start, end))
        if line is None:
            # Kept both ways: a line crosses the same squares from either end, and sight is
            # asked both ways (a hero's of a foe, the foe's of the hero).
            line = lines[(start, end)] = lines[(end, start)] = crossed(self.board.width, start, end, self.passages.bits)
        return line

    def _clear_shot(self, viewer: Figure, target: Figure, start: Square, end: Square) -> bool:
        line = self._line(start, end)
        if line < 0:
            return False
        # Only a figure on a crossed square may block: most lines cross none, and those read
        # off the bits (square (x, y) at bit y * width + x), not found among every figure.
        crossed = self.figure_bits() & line
        width = self.board.width
        while crossed:
            low = crossed & -crossed
            crossed ^= low
            i = low.bit_length() - 1
            if self.blocks(viewer, target, (i % width, i // width)):
                return False
        return True

    def blocks(self, viewer: Figure, target: Figure, sq: Square) -> bool:
        """Whether a figure on sq is in the way of the viewer's shot at the target (§5.4)."""
        f = self.figures.get(sq)
        if f is None or f is viewer or f is target:
            return False
        if f.status == DOWNED:
            return False
        if f.size == "small" and viewer.size in ("standard", "large"):
            return False
        if f.size == "standard" and target.size == "large":
            return False
        return not (f.side == viewer.side and viewer.has("shoot_through_crowd"))

    def threatens(self, enemy: Figure, sq: Square) -> bool:
        """An enemy next to the square who could attack it (§5.3)."""
        # `standing` and `chebyshev` written out: asked of every enemy for every square a move offers.
        at = enemy.pos
        return (at is not None and enemy.status == STANDING and not enemy.webbed
                and max(abs(at[0] - sq[0]), abs(at[1] - sq[1])) == 1 and diagonal_ok(at, sq, self.obstacle))

    def threats(self, fig: Figure, sq: Square | None = None) -> list[Figure]:
        """The enemies threatening `fig` on a square: a duellist threatens only his opponent."""
        where = sq or fig.at
        x, y = where
        side = MASTER if fig.side == HERO else HERO
        # `enemies_of` read inline, and first whether one stands within a square: most stand
        # far off (asked before every step; `threatens` asks that its status is standing).
        return [e for e in self.s.figures.values()
                if e.side == side and (at := e.pos) is not None and -1 <= at[0] - x <= 1 and -1 <= at[1] - y <= 1
                and self.threatens(e, where) and (e.duel is None or e.duel == fig.id)]

    def threat_count(self, fig: Figure) -> int:
        """How many enemies threaten `fig` where it stands, `len(threats(fig))`, found on the
        eight squares around it: figures on the board stand one to a square (invariants.py),
        so each is the one `figures` has there (asked before every step, on the map of that
        moment, which has most often listed the figures already).  The squares looked at are
        the corner rule's steps from its square (`passages.steps`): the squares around on the
        board from which `diagonal_ok` holds, both ways (the rule reads the two squares beside
        the diagonal, the same from either end); off the board no figure stands."""
        figures, around = self.figures, self.passages.steps.get(fig.at, ())
        if figures.keys().isdisjoint(around):  # most steps start with no one around: one look in C
            return 0
        side = MASTER if fig.side == HERO else HERO
        count = 0
        for there in around:
            e = figures.get(there)
            # `threatens` but its distance and corner, which the squares looked at hold.
            if (e is not None and e.side == side and e.status == STANDING and not e.webbed
                    and (e.duel is None or e.duel == fig.id)):
                count += 1
        return count

    def adjacent_foes(self, fig: Figure) -> list[Figure]:
        """Enemies it may attack in melee: next to it, by the corner rule, on the board (the
        corner rule's steps from its square are exactly those squares)."""
        near = self.passages.steps.get(fig.at, ())
        return [e for e in self.foes(fig) if e.pos in near]

    def foes(self, fig: Figure) -> list[Figure]:
        """The figure's enemies on the board as this map found them, in the state's order
        (`State.enemies_of`, asked once per side and map; not to be changed by the caller)."""
        found = self.found.get(("foes", fig.side))
        if found is None:
            found = self.found["foes", fig.side] = self.s.enemies_of(fig)
        return found  # type: ignore[return-value]

    def allies_of(self, fig: Figure) -> list[Figure]:
        """The figure's allies on the board as this map found them (asked by several offers
        of one figure; a fresh list each time, as callers may keep it)."""
        found = self.found.get(("allies", fig.id))
        if found is None:
            found = self.found["allies", fig.id] = [f for f in self.figures.values()
                                                    if f.side == fig.side and f is not fig]
        return list(found)  # type: ignore[call-overload]

    def trap(self, sq: Square) -> bool:
        """An armed trap on the square, as the board stood when this map was made."""
        return sq in self.armed

    def figure_squares(self) -> frozenset[Square]:
        """The squares figures stand on."""
        if self._standing is None:
            self._standing = frozenset(self.figures)
        return self._standing

    def jump_worth(self) -> int:
        """The squares worth jumping over (movement.jumps_from) as bits in the board's numbering
        (`board_bits`): all but the free floor (lava, barrels, chests), figures, armed traps."""
        if self._jump_worth is None:
            self._jump_worth = _ground_worth(self) | self.figure_bits()
        return self._jump_worth

    def snapshot(self) -> Snapshot:
        return Snapshot(self.passages, self.floor, self.figure_squares(), self.armed, self.jump_worth())


@dataclass(frozen=True)
class Snapshot:
    """What the jumps from a square read of a map (its passages, the free floor, the squares
    figures stand on, the armed traps) without the game: a companion's walk keeps one for as
    long as the walk is remembered (ai/leaps.py), and a map would keep the whole game alive."""

    passages: Passages
    floor: frozenset[Square]
    standing: frozenset[Square]
    armed: frozenset[Square]
    worth: int  # the squares worth jumping over, as bits (`Map.jump_worth`)

    def free(self, sq: Square) -> bool:
        return sq in self.floor and sq not in self.standing

    def trap(self, sq: Square) -> bool:
        return sq in self.armed


# Per ground (its number), each line of sight asked so far: the crossed squares as bits in
# place (square (x, y) at bit y * width + x), or -1 when the ground itself blocks it.  The same
# lines are asked at offer after offer and by the AI's plans while the doors stay as they are.
_LINES: dict[int, dict[tuple[Square, Square], int]] = {}
# Lines per ground, so a long run's memory stays flat: a line found again costs a shape looked
# up and a shift, and 50,000 (of a few hundred bytes each, for up to 256 grounds) let a long run
# of every quest in turn keep tens of MB of them.
_LINES_KEPT = 8_192
# Grounds whose lines are kept: a quest's doors make a few grounds at a time, and 256 of them
# (each with up to 8,192 lines) let a run of 1,000 quests keep growing past 80 MB; 32 kept it
# creeping to 59 (with the moves' 256 figures), 8 holds it at 55 with no more lines worked out
# in lost_treasure and old_fool (cachegrind, eight quests: the same instructions).
_LINE_GROUNDS_KEPT = 8


def lines_of(ground_number: int) -> dict[tuple[Square, Square], int]:
    return kept_inner(_LINES, ground_number, _LINES_KEPT, _LINE_GROUNDS_KEPT)


def kept_inner(tables: dict[K, dict[Any, V]], key: K, most_each: int, most: int) -> dict[Any, V]:
    """The table kept under `key`, made anew when it is missing or holds `most_each` entries;
    all of them start again once there are `most`: a long run's memory stays flat."""
    found = tables.get(key)
    if found is None or len(found) >= most_each:
        if len(tables) >= most:
            tables.clear()
        found = tables[key] = {}
    return found


_SQUARES: dict[tuple[str, ...], dict[Square, str]] = {}


def squares_of(keys: tuple[str, ...]) -> dict[Square, str]:
    """The squares of state keys ("x,y"), each with its key: for the state's doors and chests,
    whose keys stay the same all quest (only their states change), read once."""
    found = _SQUARES.get(keys)
    if found is None:
        if len(_SQUARES) >= _KEPT:
            _SQUARES.clear()
        found = _SQUARES[keys] = {square(k): k for k in keys}
    return found


def visible(fig: Figure) -> bool:
    """An invisible figure is in no one's sight and the target of no attack (§2.5; RB: "ne
    peut être la cible d'aucune attaque")."""
    return "invisible" not in fig.skills  # `has` written out: asked of every figure seen


# The last map's ground and armed traps with what they were read from (copies): a map is made
# for every offer and plan, and most follow one on the same ground, which is then known by
# comparing the state's few doors, barrels, chests and traps with these, no key made.
_LAST: list[Any] = []


def _last_ground(s: State, board: Board) -> list[Any]:
    """The ground and armed traps of the state as it stands, kept as `_LAST`."""
    ground_key = (id(board), tuple(s.doors.items()), tuple(s.secret.items()), tuple(s.barrels), tuple(s.chests))
    ground = _GROUNDS.get(ground_key)
    if ground is None or ground[0] is not board:
        if len(_GROUNDS) >= _KEPT:
            _GROUNDS.clear()
            _LINES.clear()  # kept by ground number, and no ground gets its old number back
        ground = _GROUNDS[ground_key] = _ground(s, board)
    traps = tuple(s.traps.items())
    armed = _ARMED.get(traps)
    if armed is None:
        if len(_ARMED) >= _KEPT:
            _ARMED.clear()
        armed = _ARMED[traps] = frozenset(square(k) for k, on in traps if on)
    _LAST[:] = [board, dict(s.doors), dict(s.secret), list(s.barrels), set(s.chests), dict(s.traps), ground, armed]
    return _LAST


def _ground(s: State, board: Board) -> Ground:
    """The board's passages and free floor (no barrel or chest) as the state's things stand."""
    blocked = blocked_squares(s, board)
    things = {square(k) for k in s.barrels} | {square(k) for k in s.chests}
    lay = layout(board)
    return board, passages(board, blocked), lay.floor - blocked - things, next(_GROUND_NUMBERS), lay.lava


# `Map.jump_worth` but the figures, by the ground's number and the armed traps: a few a quest.
_WORTH: dict[tuple[int, frozenset[Square]], int] = {}


def _ground_worth(m: Map) -> int:
    """The board's squares not on the free floor, and the armed traps, as bits (`board_bits`)."""
    found = _WORTH.get((m.ground_number, m.armed))
    if found is None:
        if len(_WORTH) >= _KEPT:
            _WORTH.clear()
        board, on_board = m.board, board_bits(m.board)
        every = (1 << board.width * board.height) - 1
        floor = sum(map(on_board.get, m.floor, itertools.repeat(0)))  # in C: a ground has hundreds
        found = _WORTH[m.ground_number, m.armed] = every & ~floor | sum(map(on_board.get, m.armed, itertools.repeat(0)))
    return found


_BOARD_BITS: dict[int, tuple[Board, dict[Square, int]]] = {}


def board_bits(board: Board) -> dict[Square, int]:
    """Each square on the board with its bit (square (x, y) at bit y * width + x, as the maps'
    sight reads them), worked out once per board."""
    found = _BOARD_BITS.get(id(board))
    if found is None or found[0] is not board:
        if len(_BOARD_BITS) >= 16:
            _BOARD_BITS.clear()
        width = board.width
        found = _BOARD_BITS[id(board)] = (board, {(x, y): 1 << (y * width + x) for y in range(board.height)
                                                  for x in range(width)})
    return found[1]


def is_hero(fig: Figure) -> bool:
    return fig.side == HERO


__all__ = ["Map", "Snapshot", "board_of", "chebyshev", "visible"]
