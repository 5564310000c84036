"""A companion's walk kept over his turn (issue 20): he works out where he is going and the
path there once, then steps along it without asking his whole script again, until something
he could see changes.  Two thirds of a quest's decisions are one step of a walk, and each used
to run the script afresh from the new square (most of the Crypt's time).

The walk is given up, and the script asked again, wherever a step could change his mind:
- the party sees more (a room, corridor, door or secret door), a figure comes or goes, he is
  hurt, belongings fall or are taken up;
- a monster could come within his reach or beside him on the way (one within his move and a
  square), or he casts spells and a monster is on the board (a step may bring it into sight);
- he steps into another room or out to the corridor (a room to search or a trapped piece to
  open is asked on entering), or stands at a closed door (the follower opens one on his way);
- following, he comes within two squares of his leader's side (`far_from_party`: he waits);
- anything but the next decision of the same turn: another game, another figure, a step
  refused, a point of movement lost.
Where a walk reaches its end the script is asked what to do there.  What he keeps is his own:
the seat's view only (what the party has seen, where the figures stand), never the rules'
hidden state.  A path kept is not always the path a search from the new square would give
(its ties may break another way): this changes the companions' play, not the rules."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....engine.game import Action, Decision, Game
from ....engine.grid import Sq
from .. import board
from ..doors import door_here
from ..state import ALIVE, HERO, Figure, State

View = tuple[int, int, int, int, int, int]


def view(s: State, me: Figure) -> View:
    """What the walk was planned on: the squares, rooms and secret doors the party has seen,
    the figures on the board, the fallen's belongings, and his own Body."""
    on_board = 0
    for f in s.figures.values():
        if f.pos is not None and f.status == ALIVE and (f.side == HERO or f.placed):
            on_board += 1
    return (len(s.revealed_corridor), len(s.revealed_rooms), len(s.secret_found), on_board, len(s.remains),
            me.body)


def monster_near(s: State, me: Figure, points: int) -> bool:
    """A monster he might reach or come beside on this walk (within his move and a square, as
    the crow flies), or any monster at all for a spellcaster (one may come into his sight)."""
    x, y = me.square
    for m in s.monsters():
        if me.spells or abs(m.square[0] - x) + abs(m.square[1] - y) <= points + 1:
            return True
    return False


@dataclass
class KeptWalk:
    """The rest of a companion's walk: the squares still to step to, the reason the script
    gave, and what was so when it was planned."""

    game: Game
    figure: str
    path: list[Sq]  # his square after the step just chosen, then the squares on to the walk's end
    why: str
    at: int  # the count of the game's decisions when the next step is asked
    points: int  # his movement left when the next step is asked
    seen: View
    area: str  # the room (or the corridor) he walks in
    ask_within: int  # the steps to his goal at which the script is asked again (0: at the walk's end)

    @classmethod
    def planned(cls, game: Game, me: Figure, d: Decision, path: list[Sq], why: str,
                memo: dict[str, Any]) -> KeptWalk | None:
        """The walk after his first step along `path` (his square first), if worth keeping:
        `memo` is the plan's (what `advance_to` and `follow` left there)."""
        s = game.state
        points = int(d.context.get("points", 0))
        if len(path) <= 2 or s.at(me.square, but=me) is not None or monster_near(s, me, points):
            return None  # on a friend's square he could do nothing where a step may let him
        ask_within = 0
        wait = memo.get("wait_within")
        if wait is not None:  # following: the steps to the leader's side, less those walked
            goal = memo.get("goal_steps")
            if goal is None:
                return None
            ask_within = len(path) - 1 - (goal - wait)
        walk = cls(game, me.id, path[1:], why, len(game.decisions) + 1, points - 1, view(s, me),
                   board.area_of(s, me.square), ask_within)
        return walk if len(walk.path) - 1 > walk.ask_within else None

    def next_step(self, game: Game, d: Decision, me: Figure) -> Action | None:
        """The next step along the walk, if he would keep to it now; None: ask the script."""
        if (game is not self.game or len(game.decisions) != self.at or me.id != self.figure
                or me.pos != self.path[0] or len(self.path) - 1 <= max(self.ask_within, 0)
                or d.context.get("points") != self.points):
            return None
        s = game.state
        if board.area_of(s, me.square) != self.area or view(s, me) != self.seen or door_here(game, me):
            return None
        nxt = self.path[1]
        for a in d.offers_of("step"):
            if tuple(a.get("to")) == nxt:
                self.path = self.path[1:]
                self.at += 1
                self.points -= 1
                return a
        return None
