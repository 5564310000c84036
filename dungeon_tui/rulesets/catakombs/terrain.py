"""The quest map as it stands now: the board's geometry (board.py, sight.py) with the state's
doors, barrels, chests, traps and figures laid over it.  What blocks a step, a line of sight,
who threatens a square, and who may be targeted from where (§5.3, §5.4)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...engine.game import Game
from .board import Board, board_for
from .paths import walking_distances
from .sight import chebyshev, diagonal_ok, targeting_los, terrain_los
from .state import DOWNED, HERO, Figure, Square, State, key, square

WALLS = "#R"
DOOR_SYMBOLS = "DL"
SHUT = ("closed", "locked")
_LAYOUTS: dict[int, tuple[Board, Layout]] = {}
_STEPS: dict[frozenset[Square], dict[Square, tuple[Square, ...]]] = {}


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


class Map:
    """The board and the state together, for one question after another in one action."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.s: State = game.state
        self.board = board_of(game)
        self.blocked = blocked_squares(self.s, self.board)
        lay = layout(self.board)
        self.lava = lay.lava
        things = {square(k) for k in self.s.barrels} | {square(k) for k in self.s.chests}
        self.floor = lay.floor - self.blocked - things
        self.figures = self.s.occupied()
        self.armed = frozenset(square(k) for k, on in self.s.traps.items() if on)

    def obstacle(self, sq: Square) -> bool:
        return sq in self.blocked or not self.board.inside(sq)

    def ground(self, sq: Square) -> bool:
        """Floor a figure could stand on if no figure were there (§5.3 'free' but figures)."""
        return sq in self.floor

    def free(self, sq: Square) -> bool:
        return sq in self.floor and sq not in self.figures

    def step_ok(self, a: Square, b: Square) -> bool:
        """One of the 8 steps, allowed by the corner rule."""
        return b in self.steps().get(a, ())

    def steps(self) -> dict[Square, tuple[Square, ...]]:
        """Each square's neighbours by the corner rule, for the doors as they stand now (kept
        for as long as the same doors are shut)."""
        found = _STEPS.get(self.blocked)
        if found is None:
            if len(_STEPS) > 64:
                _STEPS.clear()
            found = _STEPS[self.blocked] = {
                sq: tuple(n for n in self.board.neighbours(sq) if diagonal_ok(sq, n, self.obstacle))
                for sq in self.board.squares()}
        return found

    def distances(self, start: Square, passable: Callable[[Square], bool]) -> dict[Square, int]:
        """Walking steps from `start` to every square reached through `passable` squares."""
        return walking_distances(self.board, start, passable, self.obstacle, steps=self.steps())

    def neighbours(self, sq: Square) -> list[Square]:
        return list(self.steps().get(sq, ()))

    def sees(self, a: Square, b: Square) -> bool:
        return terrain_los(a, b, self.obstacle)

    def targets(self, viewer: Figure, target: Figure, at: Square | None = None) -> bool:
        """Targeting LOS from `at` (the viewer's square unless given): terrain, and figures in
        the way by the size rules (§5.4).  No one but itself has an invisible figure in sight."""
        if not visible(target) and target is not viewer:
            return False
        start = at or viewer.at

        def blocks(sq: Square) -> bool:
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
        return targeting_los(start, target.at, self.obstacle, blocks)

    def threatens(self, enemy: Figure, sq: Square) -> bool:
        """An enemy next to the square who could attack it (§5.3)."""
        return (enemy.standing and not enemy.webbed and chebyshev(enemy.at, sq) == 1
                and diagonal_ok(enemy.at, sq, self.obstacle))

    def threats(self, fig: Figure, sq: Square | None = None) -> list[Figure]:
        """The enemies threatening `fig` on a square: a duellist threatens only his opponent."""
        where = sq or fig.at
        return [e for e in self.s.enemies_of(fig)
                if self.threatens(e, where) and (e.duel is None or e.duel == fig.id)]

    def adjacent_foes(self, fig: Figure) -> list[Figure]:
        """Enemies it may attack in melee: next to it, by the corner rule, on the board."""
        return [e for e in self.s.enemies_of(fig)
                if chebyshev(e.at, fig.at) == 1 and diagonal_ok(fig.at, e.at, self.obstacle)]

    def allies_of(self, fig: Figure) -> list[Figure]:
        return [f for f in self.figures.values() if f.side == fig.side and f is not fig]

    def trap(self, sq: Square) -> bool:
        """An armed trap on the square, as the board stood when this map was made."""
        return sq in self.armed


def visible(fig: Figure) -> bool:
    """An invisible figure is in no one's sight and the target of no attack (§2.5; RB: "ne
    peut être la cible d'aucune attaque")."""
    return not fig.has("invisible")


def is_hero(fig: Figure) -> bool:
    return fig.side == HERO


__all__ = ["Map", "board_of", "chebyshev", "visible"]
