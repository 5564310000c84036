"""A companion's walk kept over his turn (issue 20): he works out where he is going and the
path there once, then steps along it without asking his whole script again, until something
he could see changes.  Two thirds of a quest's decisions are one step of a walk, and each used
to run the script afresh from the new square (most of the Crypt's time).

The walk is given up, and the script asked again, wherever a step could change his mind:
- the party sees more (a room, corridor, door or secret door), a figure comes or goes, he is
  hurt, belongings fall or are taken up, someone climbs out of a pit or loses his Courage;
- he steps into another room or out to the corridor (a room to search or a trapped piece to
  open is asked on entering), stands at a closed door (the follower opens one on his way) or
  beside a monster, or comes in sight of someone he has a spell for (`walk_on`);
- following, he comes within two squares of his leader's side (`far_from_party`: he waits);
- anything but the next decision of the same turn: another game, another figure, a step
  refused, a point of movement lost.
Where a walk reaches its end, or the point where a follower may wait, at a square it was not
cut at, only the script's entry that chose the walk is asked again (none before it can hold
there either: what they ask is unchanged, and a monster in reach stays out of it as his move
runs down); elsewhere the whole script.  What he keeps is his own:
the seat's view only (what the party has seen, where the figures stand), never the rules'
hidden state.  A path kept is not always the path a search from the new square would give
(its ties may break another way): this changes the companions' play, not the rules."""
from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from ....engine import tactics
from ....engine.game import CHANCE, Action, Decision, Game
from ....engine.grid import DIRS4, Sq
from .. import board
from ..heroes import adjacent, step_offer
from ..magic import HEALING
from ..state import POS_OF, Figure, State
from .companions import ATTACK_SPELLS, KEEP_CLOSE, waits_by

View = tuple[int, int, int, int, int, int, int]
_FLAGS = attrgetter("flags")


def view(s: State, me: Figure) -> View:
    """What the walk was planned on: the squares, rooms and secret doors the party has seen,
    the figures on the board, the fallen's belongings, his own Body, and who is in a pit or
    has Courage (both change a figure's attack dice, which say who leads; a step out of a
    pit or out of sight of the monsters ends them)."""
    standing = s.standing()
    dice = 0
    for flags in filter(None, map(_FLAGS, standing)):  # the few with a flag, picked out in C: asked every step
        dice += ("in_pit" in flags) + 2 * ("courage" in flags)
    return (len(s.revealed_corridor), len(s.revealed_rooms), len(s.secret_found), len(standing), len(s.remains),
            me.body, dice)


# The script's conditions that ask how far he may still move: an entry they chose before the
# roll is asked again in full once he has rolled.
BY_MOVE = frozenset(("can_reach_monster", "can_reach_hero"))


# His attack spells, asked of his spells in C (`isdisjoint`), not by a generator at each walk.
_ATTACKS = frozenset(ATTACK_SPELLS)


def spell_aims(s: State, me: Figure, acted: bool) -> list[Sq]:
    """Where the figures stand that a step might bring into his sight to cast at (a step does
    not change whom a spell would help, only whom he sees): the monsters while he has an
    attack spell, his friends while he has a healing spell and someone is at half Body or
    less, or Courage or Rock Skin and a friend has a monster beside him (as `_spell_plan`)."""
    if acted or not me.spells:
        return []
    monsters = s.monsters()
    aims = list(map(POS_OF, monsters)) if not _ATTACKS.isdisjoint(me.spells) else []
    # Only his own side counts as hurt: the healing spells aim at the heroes' side alone (as
    # `_spell_plan` asks), so a wounded monster is no reason to stop where he sees a friend.
    hurt = any(sp in HEALING for sp in me.spells) and any(
        f.body * 2 <= f.max_body for f in s.hero_side())
    pressed = any(sp in ("courage", "rock_skin") for sp in me.spells) and any(
        adjacent(s, h.square, m.square) for m in monsters for h in s.hero_side())
    if hurt or pressed:
        aims += [h.square for h in s.hero_side() if h is not me]
    return aims


def beside_monsters(s: State, monsters: list[Sq]) -> set[Sq]:
    """The squares a step from a monster (only there is a wall between asked, `adjacent`), kept
    with the map while the monsters stand where they did: nobody else moves in a hero's turn,
    and each walk he plans asks.  Read it, never change it."""
    key = tuple(monsters)
    kept = s.grid.memo.get("beside_monsters")
    if kept is not None and kept[0] == key:
        found: set[Sq] = kept[1]
        return found
    found = {(x + dx, y + dy) for x, y in monsters for dx, dy in DIRS4}
    s.grid.memo["beside_monsters"] = (key, found)
    return found


def walk_on(game: Game, me: Figure, path: list[Sq], acted: bool) -> tuple[list[Sq], bool]:
    """The path up to the first square where he may think again: in another room or out to the
    corridor, at a closed door, beside a monster, or in sight of someone to cast a spell at
    (nobody else moves while he walks, and nothing changes these without the party seeing
    more); and whether it ends at such a square."""
    s = game.state
    region = s.grid.region  # `board.area_of`, read inline: asked at every square of the walk
    area = region.get(path[0], board.CORRIDOR)
    doors = board.closed_door_squares(s, game.content)
    monsters = list(map(POS_OF, s.monsters()))  # read in C: no comprehension made each walk
    near = beside_monsters(s, monsters)
    aims = spell_aims(s, me, acted)
    # Who blocks his sight, asked only where he has someone to aim at (most walks have nobody:
    # no look, nor a generator made for none, at each square).
    standing = board.standing_squares(s) - {path[0]} if aims else set()  # he no longer stands where he started
    for i in range(1, len(path)):
        sq = path[i]
        if region.get(sq, board.CORRIDOR) != area or sq in doors \
                or (sq in near and any(adjacent(s, sq, m) for m in monsters)) \
                or (aims and any(board.targeting_sight(s, sq, t, standing) for t in aims)):
            return path[:i + 1], True
    return path, False


@dataclass
class KeptWalk:
    """The rest of a companion's walk: the squares still to step to, the reason the script
    gave, and what was so when it was planned."""

    game: Game
    figure: str
    path: list[Sq]  # his square after the step just chosen, then the squares on to the walk's end
    why: str
    at: int  # the count of the game's decisions when the next step is asked
    points: int | None  # his movement left when the next step is asked (None: not yet rolled)
    seen: View
    ask_within: int  # the steps to his goal at which the script is asked again (0: at the walk's end)
    cut: bool  # the path ends where he may think again (`walk_on`), not where the plan ends
    fired: tuple[Any, str] | None  # the script's entry that chose the walk, with its words
    # Following: his leader, and the steps from his square to the leader's side (`follow`'s goal)
    # when the next step is asked; None for any other walk.
    leader: Figure | None = None
    to_goal: int | None = None

    @classmethod
    def planned(cls, game: Game, me: Figure, d: Decision, chosen: Action, path: list[Sq], why: str,
                memo: dict[str, Any]) -> KeptWalk | None:
        """The walk along `path` (his square first) after the step or the roll `chosen`, if
        worth keeping: `memo` is the plan's (what `advance_to` and `follow` left there).  Before
        the roll his move is not known: the walk goes on to where his points run out."""
        s = game.state
        points = int(d.context.get("points", 0))
        rolled = chosen.kind != "roll_move"
        if len(path) <= (1 if rolled else 2) or s.at(me.square, but=me) is not None:
            return None  # on a friend's square he could do nothing where a step may let him
        ask_within = 0
        wait = memo.get("wait_within")
        goal = None
        if wait is not None:  # following: the steps to the leader's side, less those walked
            goal = memo.get("goal_steps")
            if goal is None:
                return None
            ask_within = len(path) - 1 - (goal - wait)
        path, cut = walk_on(game, me, path, bool(d.context.get("acted")))
        fired = memo.get("fired")
        if not rolled and fired is not None and any(c.name in BY_MOVE for c, _ in fired[0].tests):
            fired = None  # chosen for a move of 12 squares: the dice may give fewer
        walk = cls(game, me.id, path[1:] if rolled else path, why, len(game.decisions) + 1,
                   points - 1 if rolled else None, view(s, me), ask_within, cut, fired,
                   memo.get("leader") if goal is not None else None,
                   None if goal is None else goal - rolled)
        if len(walk.path) - 1 > walk.ask_within:
            return walk
        # No step left to keep (a walk of one step, or a follower already near where he waits
        # or whose walk is cut a step or two on): where the step lands, if not at a square it
        # was cut at, or where he stands once he has rolled (only the dice since: the roll
        # changes no condition but the reach, and the entry's own reach is asked again, as for
        # a walk kept over the roll), only the entry that chose it is asked again
        # (`fired_still`), as at the end of a longer walk.
        return walk if fired is not None and not (cut and len(walk.path) == 1) else None

    def _as_planned(self, game: Game, d: Decision, me: Figure) -> bool:
        """He stands where the walk has brought him, in the turn it was planned in (the roll's
        dice the only decisions since, or nothing), and the party has seen nothing more."""
        if self.points is None and game is self.game:  # the roll: only the dice since, by chance
            if any(a.seat != CHANCE for a, _ in game.decisions[self.at:]):
                return False
            self.at = len(game.decisions)
        return (game is self.game and len(game.decisions) == self.at and me.id == self.figure
                and me.pos == self.path[0] and bool(d.context.get("rolled"))
                and (self.points is None or d.context.get("points") == self.points)
                and view(game.state, me) == self.seen)

    def next_step(self, game: Game, d: Decision, me: Figure) -> Action | None:
        """The next step along the walk, if he would keep to it now; None: ask the script."""
        if len(self.path) - 1 <= max(self.ask_within, 0) or not self._as_planned(game, d, me):
            return None
        # The one step asked after (not all his steps made to find it among them).
        a = d.offer_for(step_offer(d.seat, me, self.path[1]))
        if a is None:
            return None
        self.path = self.path[1:]
        self.at += 1
        if self.to_goal is not None:
            self.to_goal -= 1
        self.points = int(d.context["points"]) - 1
        return a

    def fired_still(self, game: Game, d: Decision, me: Figure) -> tuple[Any, str] | None:
        """The script's entry that chose the walk, with its words, where no entry before it can
        hold now either (what they ask has not changed: see the module's list) nor has its own
        condition stopped holding: he stands where the walk was to bring him, not at a square
        it was cut at.  Only that entry's actions are asked again (where to now, or to wait)."""
        if self.fired is None or (self.cut and len(self.path) == 1) or not self._as_planned(game, d, me):
            return None
        return self.fired

    def waits(self, d: Decision, fired: tuple[Any, str]) -> tuple[Action, str] | None:
        """A follower whose kept walk has brought him within KEEP_CLOSE steps of his leader's side,
        where `fired_still` gave `follow` again: what it would say and do (he waits by his leader
        and ends his turn), without its walk from his new square.  Not at a door (the walk is cut
        at one), nor far from the party: the rest of the walk he planned reaches the leader's
        side in `to_goal` steps, and nobody has moved since."""
        if self.leader is None or self.to_goal is None or self.to_goal > KEEP_CLOSE:
            return None
        end = d.offers_of("end_turn")  # not offered on a friend's square: the script makes room
        return (end[0], tactics.reason(fired[1], [waits_by(self.leader)])) if end else None
