"""The map of a moment, kept while nothing moves: one map for every reader of a decision (the
offers asked by kind, the AI's plans), handed on to the next decision asked with nothing done
in between, and to the act a choice starts; a run's or a wander's next step reads the last
step's map with the step taken.  A map is worked out afresh (terrain.Map) whenever none of
these holds."""
from __future__ import annotations

from ...engine.game import Game
from .state import STANDING, Figure, Square
from .terrain import Map

_WAITING: list[tuple[object, Map]] = []  # the decision last asked of, and the map of its moment


def map_for(game: Game, decision: object) -> Map:
    """The map of the moment `decision` waits at, one for all who read it (the offers asked by
    kind, the AI's plans): nothing moves while a decision waits.  Kept for the last decision
    asked of, by identity (held here, so no other decision can take its id)."""
    if _WAITING:
        waiting, m = _WAITING[0]
        if waiting is decision and m.game is game:
            return m
    m = Map(game)
    _WAITING[:] = [(decision, m)]
    return m


def hand_on(game: Game, decision: object, after: object) -> None:
    """The map of `decision`'s moment (if one was made) kept as `after`'s too: for a decision
    the rules ask next with nothing done in between (the caller knows), so its readers find
    what the last one's worked out (the Master's choice of a figure, then that figure's own)."""
    if _WAITING:
        waiting, m = _WAITING[0]
        if waiting is decision and m.game is game:
            _WAITING[:] = [(after, m)]


# The map of the choice just played, handed to the act that carries it out (`hand_to_act`), with
# the number of decisions played when it was handed: one use, before any other decision.
_HANDED: list[tuple[int, Map]] = []


def hand_to_act(game: Game, decision: object) -> None:
    """The map of `decision`'s moment (if one was made) kept for the act its choice starts
    (`map_now`): the rules call this right after the choice is played, nothing done since."""
    if _WAITING:
        waiting, m = _WAITING[0]
        if waiting is decision and m.game is game:
            _HANDED[:] = [(len(game.decisions), m)]


def map_now(game: Game) -> Map:
    """A map of this moment: the one handed to the act (`hand_to_act`) when no decision has
    been played since (an act asks this before it changes anything), else a new one.  A map is
    handed once: taken, it is no longer kept."""
    if _HANDED:
        played, m = _HANDED.pop()
        if m.game is game and played == len(game.decisions):
            return m
    return Map(game)


def stepped(game: Game, placed: dict[Square, Figure], fig: Figure, left: Square) -> Map:
    """A map of the moment after `fig` stepped from `left` to its square, `placed` being where
    the figures stood before (`Map.figures`) with nothing else moved since: the next step of a
    run or a wander, which asks only who stands on a square (`free`, the threats around).  Its
    ground is worked out as any map's (a trap sprung under the step is read); its figures are
    `placed` with the one step, not listed again (the stepping figure comes last in them, so the
    map is for the step's own tests, not for a decision).  Anything else: a map made afresh."""
    m = Map(game)
    at = fig.pos
    if at is not None and fig.status == STANDING and placed.get(left) is fig and at not in placed:
        figures = dict(placed)
        del figures[left]
        figures[at] = fig
        m.figures = figures
    return m
