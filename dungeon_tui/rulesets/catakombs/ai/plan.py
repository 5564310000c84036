"""What an AI figure knows when its script runs (spec §6.1): its target, the walking distances
under its own movement rules, and the actions its script asks for, in order of preference.

A script's actions do not act: each adds an *intent* (an action kind and the arguments the
offered action must carry).  The seat then plays the first offered action that fits one.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, cast

from ....engine.game import Decision, Game
from ....engine.words import counted
from ..acts import short
from ..onward import AnyWalk
from ..sight import chebyshev
from ..state import HERO, STANDING, Figure, Square, State, key
from ..terrain import Map
from .leaps import leap_walk
from .walks import walk_from

FAR = 1 << 20


class Intent(NamedTuple):
    """An action kind and the arguments the offered action must carry (a tuple: a plan makes
    several a try, and a frozen dataclass sets its fields one by one through object)."""

    kind: str
    args: tuple[tuple[str, Any], ...] = ()


def name(fig: Figure) -> str:
    """A figure as a player calls it ('Torgils', 'Revenant 2')."""
    return short(fig)


# The party and the roster as they last stood, and each figure's place in them (party first).
_RANK: list[tuple[list[str], list[str], dict[str, int]]] = []


def figure_ranks(s: State) -> dict[str, int]:
    """Each figure's place in the party, then the roster: made again only when they change
    (asked by every side's first plan on every map, and at every choice of the Master's next
    figure).  Callers must not change it."""
    if _RANK:
        party, roster, rank = _RANK[0]
        if party == s.party and roster == s.roster:
            return rank
    rank = {fid: i for i, fid in enumerate(s.party + s.roster)}
    _RANK[:] = [(list(s.party), list(s.roster), rank)]
    return rank


@dataclass
class Plan:
    game: Game
    me: Figure
    decision: Decision | None = None
    intents: list[Intent] = field(default_factory=list)
    stop: bool = False  # set when the script ends the figure's activation
    shared: Map | None = None  # the map of this moment when another plan made one (one decision's plans)

    def __post_init__(self) -> None:
        self.s: State = self.game.state
        self.m = self.shared if self.shared is not None else Map(self.game)
        self._walk: AnyWalk | None = None
        self._target: tuple[Figure | None, int] | None = None
        self._strikes: bool | None = None  # `strikes_from_here`, asked by entry after entry

    # -- who and where -----------------------------------------------------------------------

    def adversaries(self) -> list[Figure]:
        """Standing figures of the other side (downed heroes are no target), party order first,
        the uncle last (he is not in the party).  The same for a side's every plan on one map
        (asked by most conditions of every try): callers must not change the list."""
        found = self.m.found.get(("adversaries", self.me.side))
        if found is None:
            rank = figure_ranks(self.s)
            # `standing` as its status alone: the map's `foes` are figures on the board (and a
            # property costs a call; asked at every new map); kept by the map for the offers too.
            foes = [f for f in self.m.foes(self.me) if f.status == STANDING]
            if len(foes) > 1:  # most often one or none: `sorted` would still call the key once
                foes.sort(key=lambda f: rank.get(f.id, len(rank)))
            found = self.m.found["adversaries", self.me.side] = foes
        return found  # type: ignore[return-value]  # no call to typing.cast: asked at every condition

    def strikes_from_here(self) -> bool:
        """Whether an adversary can be struck from where it stands, which makes it the target
        (0 steps): known without ranking the others by walking.  Kept for the plan (a script
        asks it of two or three entries): either way it says whether some adversary can be
        struck, as the target is then one of those."""
        if self._strikes is not None:
            return self._strikes
        if self._target is not None or ("target", self.me.id) in self.m.found:
            target = self.target
            found = target is not None and self.m.step_ok(self.me.at, target.at)
        else:
            around = self.m.passages.steps.get(self.me.at, ())
            found = False
            for f in self.adversaries():  # a loop, not any() over a generator
                if f.pos in around:  # `pos` for `at`: they stand on the board
                    found = True
                    break
        self._strikes = found
        return found

    def foe_within(self, steps: int) -> bool:
        """Whether the target is at most `steps` away by walking: the walk settles no farther
        than that to say no (the target's full ranking may need it to go farther)."""
        if self._target is not None or ("target", self.me.id) in self.m.found:
            return self.target is not None and self.target_and_steps()[1] <= steps
        foes = self.adversaries()
        if not foes:
            return False
        if self.strikes_from_here():
            return True
        # The squares from which its adversaries can be struck, as bits: the same for every
        # figure of its side on this map.
        spots = self.m.found.get(("adversaries' spots", self.me.side))
        if spots is None:
            spots = 0
            for f in foes:
                spots |= self.spot_bits(f)
            self.m.found["adversaries' spots", self.me.side] = spots
        return self.walk().within(cast(int, spots), steps)

    def allies(self) -> list[Figure]:
        return [f for f in self.m.allies_of(self.me) if f.status == STANDING]  # on the board: `standing`

    def flies(self) -> bool:
        return self.me.has("flight")

    def walk(self) -> AnyWalk:
        """Its walk from where it stands, under its own movement rules (walks.py); a hero
        companion's counts the jumps worth their odds (leaps.py; the Master never jumps, D22).
        It settles only as far as it is asked."""
        if self._walk is None:
            leaps = self.me.side == HERO and not self.flies()
            self._walk = leap_walk(self.m, self.me) if leaps else walk_from(self.m, self.me, self.flies())
        return self._walk

    def distances(self) -> dict[Square, int]:
        """Steps to every square it can reach (the whole search)."""
        return self.walk().walk()[0]

    def spots(self, foe: Figure) -> tuple[Square, ...]:
        """The squares from which the foe can be attacked."""
        return self.m.passages.strike_squares(foe.at)

    def spot_bits(self, foe: Figure) -> int:
        """`spots` as bits (numbering.bits): what a walk's questions read, kept with the doors."""
        return self.m.passages.strike_bits(foe.at)

    def target_and_steps(self) -> tuple[Figure | None, int]:
        """The nearest standing adversary by walking (ties: lowest PV, party order); none
        reachable: the nearest by Chebyshev distance."""
        if self._target is None:
            # Every plan on the same map ranks a figure's adversaries the same way.
            self._target = self.m.found.get(("target", self.me.id))  # type: ignore[assignment]
        if self._target is None:
            foes = self.adversaries()
            if not foes:
                self._target = (None, FAR)
            else:
                # A foe it can strike from where it stands is 0 steps away and every other at
                # least 1, so then no walk is needed to rank them.
                # `step_ok` read once for its square, and `pos` for `at`: the foes stand on the board.
                around = self.m.passages.steps.get(self.me.at, ())
                close = [(0, f.pv, i, f) for i, f in enumerate(foes) if f.pos in around]
                ranked = close or self._nearest_by_walking(foes)
                if ranked:
                    steps, _, _, best = min(ranked, key=lambda r: r[:3])
                else:
                    steps, best = FAR, min(foes, key=lambda f: (chebyshev(self.me.at, f.at), f.pv, foes.index(f)))
                self._target = (best, steps)
            self.m.found[("target", self.me.id)] = self._target
        return self._target

    def _nearest_by_walking(self, foes: list[Figure]) -> list[tuple[int, int, int, Figure]]:
        """The foes nearest by walking to a square from which each can be attacked, with their
        steps, PV and party rank; [] when none can be reached.  Kept with the walk for foes
        standing where they stood (the walk is of the same board), as it is asked again at
        every decision while the figure waits its turn."""
        found = self.walk().found
        # The same for every figure of its side on this map (`adversaries` is), made once.
        key = self.m.found.get(("nearest foes", self.me.side))
        if key is None:
            key = self.m.found["nearest foes", self.me.side] = (
                "nearest foes", *[(f.id, f.pos) for f in foes])  # standing foes: `pos` is `at`
        near = found.get(key)
        if near is None:
            near = found[key] = self.nearest_groups([self.spot_bits(f) for f in foes])
        steps, which = cast("tuple[int, list[int]]", near)
        return [(steps, foes[i].pv, i, foes[i]) for i in which]

    def nearest_groups(self, groups: Sequence[Sequence[Square] | int]) -> tuple[int, list[int]]:
        """Steps to the nearest square of any group (its squares, or their `bits`) and, in
        order, the groups with a square that near; (FAR, []) when none can be reached.  The walk
        settles only as far as the nearest: every square as near is then settled too, and every
        other is farther."""
        walk = self.walk()
        masks = [walk.bits(group) for group in groups]
        anywhere = 0
        for mask in masks:
            anywhere |= mask
        found = walk.nearest(anywhere)
        if found is None:
            return FAR, []
        steps = found[1]
        return steps, [i for i, mask in enumerate(masks) if walk.any_at(mask, steps)]

    @property
    def target(self) -> Figure | None:
        return self.target_and_steps()[0]

    # -- what the script asks for ------------------------------------------------------------

    def want(self, kind: str, **args: Any) -> None:
        self.intents.append(Intent(kind, tuple(sorted(args.items()))))

    def move_along(self, goals: Sequence[Square] | int | Callable[[Square], bool],
                   until: Callable[[Square], bool], named: object = None) -> str:
        """One move along the fastest path to the nearest goal (`goals` lists them, is their
        bits or tells one, `named` by the key of the squares it tells if it has one): open a
        closed door ahead, pass an ally, run when both steps are free non-trap squares and the
        first does not meet the goal, else walk.  Returns the words for the log ('' when there
        is no way)."""
        m = self.m
        path = self.walk().route(goals, named)
        if not path:
            return ""
        first = path[0]
        if chebyshev(self.me.at, first) > 1:  # a hero companion's jump (leaps.py)
            over = chebyshev(self.me.at, first) - 1
            self.want("jump", to=first, over=over)
            return f"jumps over {over} to {first[0]},{first[1]}"
        if m.s.doors.get(key(first)) == "closed":
            self.want("open_door", at=first)
            return f"opens the door at {first[0]},{first[1]}"
        ally = m.figures.get(first)
        if ally is not None and len(path) > 1:
            self.want("pass_ally", via=first, to=path[1])
            return f"slips past {name(ally)}"
        if (len(path) > 1 and not until(first) and chebyshev(first, path[1]) == 1 and m.free(path[1])
                and not m.trap(first)
                and not m.trap(path[1]) and m.free(first)):
            self.want("run", via=first, to=path[1])
        self.want("walk", to=first)
        return f"{counted(len(path), 'step')} to go"

