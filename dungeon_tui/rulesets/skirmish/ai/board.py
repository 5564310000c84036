"""What the automated side has measured of one arrangement of the models, shared by every plan
made on it.  Between two moves the AI asks the same questions many times (each model's script
runs at each decision, the movement decision and the "where" decision after it look at the
same board), so the answers that depend only on where the models stand and how (standing,
down, hidden, fleeing) are kept until any of that changes.  Each game state keeps its last board."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from ....engine.game import Game
from ..distance import nearest_distance
from ..seeing import PerArrangement, arrangement, sightlines
from ..sight import KeptLines
from ..state import STANDING, Model, State, placings
from ..terrain import Square


class Board:
    """The answers kept for one arrangement; each table is filled as the plans ask."""

    __slots__ = (
        "blockers",
        "charge_reach",
        "cover_against",
        "fighting",
        "models",
        "nearest_enemy",
        "need_from",
        "seen_by",
        "squares",
        "targets",
        "threat",
        "upright",
    )

    def __init__(self, s: State, last: Board | None = None) -> None:
        self.blockers: KeptLines = sightlines(s)
        self.fighting: dict[str, bool] = {}  # model id -> in contact with an enemy
        self.cover_against: dict[tuple[int, Square], int] = {}  # (side, square) -> rank
        self.seen_by: dict[tuple[int, Square], int] = {}  # (side, square) -> standing enemies seeing it
        self.charge_reach: dict[tuple[str, str], bool] = {}  # (charger, target) -> reaches, unintercepted
        self.threat: dict[str, bool] = {}  # model id -> an enemy could charge it
        # side -> square -> how far the side's nearest enemy is from it
        self.nearest_enemy: dict[int, dict[Square, int]] = {1: {}, 2: {}}
        # (model id, it moved this turn) -> its shots now / its easiest need from a square
        self.targets: dict[tuple[str, bool], list[tuple[Any, str, int]]] = {}
        self.need_from: dict[tuple[str, bool, Square], int] = {}
        # side -> its models on the table and their squares, in id order (every search's enemies and friends)
        self.models: dict[int, list[Model]] = {}
        self.squares: dict[int, list[Square]] = {}
        self.upright: dict[int, list[Model]] = {}  # side -> its standing models (see standing)
        if last is not None:
            # A side's distances to its nearest enemy hold while no enemy of it has moved: in a
            # side's own movement, shooting and magic, none of the other side's has.
            for side in (1, 2):
                before = last.squares.get(3 - side)
                if before is not None and before == self.squares_of(s, 3 - side):
                    self.nearest_enemy[side] = last.nearest_enemy[side]

    def enemy_gap(self, s: State, m: Model) -> int:
        """How far the model's nearest enemy is (99: none), kept by its square (the acting
        order reads the same table, written out there)."""
        kept = self.nearest_enemy[m.side]
        near = kept.get(m.pos)  # type: ignore[arg-type]
        if near is None:
            near = kept[m.at] = nearest_distance(m.at, self.squares_of(s, 3 - m.side), none=99)
        return near

    def side(self, s: State, side: int) -> list[Model]:
        """The side's models on the table, in id order (shared: never changed by its readers)."""
        found = self.models.get(side)
        if found is None:
            found = self.models[side] = s.on_table(side)
        return found

    def standing(self, s: State, side: int) -> list[Model]:
        """The side's models on the table standing and not fleeing, in id order (shared): asked
        by every plan made on the board of the enemies it weighs."""
        found = self.upright.get(side)
        if found is None:
            found = self.upright[side] = [m for m in self.side(s, side) if m.status == STANDING and not m.fleeing]
        return found

    def squares_of(self, s: State, side: int) -> list[Square]:
        """The squares of the side's models on the table, in id order (shared)."""
        found = self.squares.get(side)
        if found is None:
            found = self.squares[side] = [m.at for m in self.side(s, side)]
        return found


# Kept by each model's square, state, hiding and fleeing: everything a kept answer depends on
# besides the battlefield and the models' profiles, which never change during a battle.
_BOARDS = PerArrangement(Board)


def board_of(game: Game) -> Board:
    """The board as it stands now: the kept one when no model has moved or changed since."""
    s: Any = game.state
    pending = getattr(game, "pending", None)  # a test's stand-in for a game has none
    if pending is not None and _LAST[0] is pending and _LAST[1] is s:
        return _LAST[2]
    count = placings()
    if _LAST[1] is s and _LAST[3] == count:  # no model moved or changed since: the same board
        board = _LAST[2]
    else:
        board = _BOARDS.get(s, arrangement(s))
    _LAST[:] = [pending, s, board, count]
    return board


# The decision pending when a board was last asked for, its game state, the board and the count
# of placings then: only playing a decision moves a model, so while the same one waits (the
# movement decision's plans ask several times) the models need not be read again to know the
# board still holds, nor while no model's square, status, hiding or fleeing has been written
# since (the decisions between two of a side's choices mostly move none: dice, shots that miss).
_LAST: list[Any] = [None, None, None, -1]


V = TypeVar("V")


def kept(table: dict[Any, V], key: Hashable, make: Callable[[], V]) -> V:
    """The answer kept in one of a board's tables, worked out and kept the first time it is asked."""
    found = table.get(key)
    if found is None:
        found = table[key] = make()
    return found
