"""The solo Catacomb Master (spec §6): which figure acts next, its `solo_master` script, and
the choices outside a figure's actions (fate, a failed block, crushing, entries, raise_dead).

Order (§6.3): figures not roused act first, in roster order; then roused ones, nearest to
their target first (ties: roster order).  Each spends all its AP before the next starts.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator

from ....engine.game import DUNGEON, Action, Decision, Game, LazyDecision, thaw
from ..reinforcements import solo_entry
from ..sight import chebyshev
from ..state import STANDING, State
from ..kept_maps import map_for
from ..terrain import Map
from .deploy_choice import deploy_choice
from .interpreter import run_script
from .plan import FAR, Plan, figure_ranks, name

SCRIPT = "solo_master"


class MasterSeat:
    """The dungeon seat in solo play."""

    def __init__(self) -> None:
        # Figures whose script found nothing to do this turn: (turn, figure id).  A hint only;
        # the game offers an end of activation to make it part of the record.
        self._done: set[tuple[int, str]] = set()
        self._current: tuple[int, str] | None = None

    def choose(self, game: Game, d: Decision) -> tuple[Action, str]:
        s: State = game.state
        if actions_of_one(d):
            acting = [d.context["figure"]]
        else:
            special = side_choice(game, d)
            if special is not None:
                return special
            acting = [fid for fid in dict.fromkeys(a.get("figure") for a in d.options) if fid is not None]
        m = map_for(game, d)  # the board of this moment, for every figure's plan (and the offers)
        for fid in self._ordered(game, acting, m):  # ranked lazily: the first usually acts
            me = s.figures[fid]
            action, why = run_script(game, d, me, SCRIPT, m)
            if action is None:
                end = next((a for a in d.offers_of("end_activation") if a.get("figure") == fid), None)
                self._done.add((s.turn, fid))
                if end is not None:
                    return end, f"{name(me)}: {why}"
                continue
            self._current = (s.turn, fid)
            return action, f"{name(me)}: {why}"
        rest = [a for a in d.options if a.get("figure") is None]
        if rest:
            return rest[0], "every figure has done what its script says"
        return d.options[0], "the only thing left to do"

    def order(self, game: Game, acting: list[str], m: Map | None = None) -> list[str]:
        return list(self._ordered(game, acting, m))

    def first(self, game: Game, acting: list[str], m: Map | None = None) -> str:
        """The figure that acts next: the first of `order`, the roused ones ranked by walking
        only when no figure that is not roused is still to act (they come first).  `m`: the
        map of the moment, if the caller has one."""
        return next(self._ordered(game, acting, m))

    def _ordered(self, game: Game, acting: list[str], m: Map | None = None) -> Iterator[str]:
        if len(acting) == 1:  # a figure's own choice: it comes first whatever the ranking says
            yield from acting
            return
        s: State = game.state
        turn = s.turn
        ready = [fid for fid in acting if (turn, fid) not in self._done]
        if self._current and self._current[0] == turn and self._current[1] in ready:
            # Each figure spends all its AP before the next starts.
            ready.remove(self._current[1])
            ready.insert(0, self._current[1])
            yield from ready + [fid for fid in acting if fid not in ready]
            return
        # Places in the party, then the roster: among the Master's figures, their roster order.
        rank = figure_ranks(s)
        # Lists sorted, not generators (resumed once a figure): asked at every choice of a figure.
        yield from sorted([f for f in ready if not s.figures[f].activated], key=lambda f: rank.get(f, FAR))
        m = m or Map(game)
        roused = sorted([f for f in ready if s.figures[f].activated], key=lambda f: rank.get(f, FAR))
        # A roused figure that can strike from where it stands is 0 steps from its target, and
        # none is nearer: the first such in roster order leads without the others' walks (it
        # usually acts, and the rest are ranked only if it finds nothing to do).
        plans: dict[str, Plan] = {}

        def plan(fid: str) -> Plan:
            """The figure's plan on this map, made once for both questions below (a plan made
            again on the same map answers the same)."""
            found = plans.get(fid)
            if found is None:
                found = plans[fid] = Plan(game, s.figures[fid], shared=m)
            return found
        first = next((f for f in roused if plan(f).strikes_from_here()), None)
        if first is not None:
            yield first
            roused.remove(first)

        def least_steps(fid: str) -> int:
            """No fewer steps than this to its target: a step goes one square, and the squares
            a foe is struck from are next to it (0 with no foe: its steps are then FAR)."""
            x, y = s.figures[fid].at
            nearest = min((max(abs(f.at[0] - x), abs(f.at[1] - y)) for f in plan(fid).adversaries()), default=1)
            return max(0, nearest - 1)
        yield from nearest_first(roused, lambda f: plan(f).target_and_steps()[1], least_steps,
                                 lambda f: rank.get(f, FAR))
        yield from [fid for fid in acting if fid not in ready]


def nearest_first(figures: list[str], steps: Callable[[str], int], least: Callable[[str], int],
                  rank: Callable[[str], int]) -> Iterator[str]:
    """The figures by (steps, rank), as `sorted` (stable) gives them, one at a time: `steps`
    (a walk each) asked only of those whose `least` steps could still put them next, in the
    order of (least, rank); a figure asked is known exactly, the others are bounded."""
    bounded = sorted(((least(f), rank(f), i, f) for i, f in enumerate(figures)))
    known: list[tuple[int, int, int, str]] = []
    k = 0
    while k < len(bounded) or known:
        # The next bounded figure could come before the best known only if its bound does.
        while k < len(bounded) and (not known or bounded[k][:3] < min(known)[:3]):
            _, r, i, f = bounded[k]
            known.append((steps(f), r, i, f))
            k += 1
        best = min(known)
        known.remove(best)
        yield best[3]


SIDE_KINDS = ("use_fate", "break_away", "crush", "deploy", "raise", "entry", "muster")


def actions_of_one(d: Decision) -> bool:
    """Whether the decision is a figure's choice of action (acts.figure_choice): its options
    are all that figure's own, and none is a choice on the side (SIDE_KINDS), an activation or
    a deployment (no action's kind is one, nor any of its extras': ending, handing over,
    passing), so the seats do not ask for those (test_cat_ai_side_choice.py)."""
    return isinstance(d, LazyDecision) and d.context.get("figure") is not None


def kinds_among(d: Decision, *kinds: str) -> set[str]:
    """Which of these kinds the decision offers, asked by kind: a figure's choice of action,
    which offers none of the side choices, makes none of its offers to say so."""
    return {a.kind for a in d.offers_of(*kinds)}


def side_choice(game: Game, d: Decision) -> tuple[Action, str] | None:
    """Choices outside the script: fate only to cancel a death (§6.4); a failed block is
    accepted; crush forward only toward the next target; the entry by §6.3; raise the
    highest-value troop."""
    kinds = kinds_among(d, *SIDE_KINDS)
    if "use_fate" in kinds:
        use = next(a for a in d.options if a.kind == "use_fate")
        keep = next(a for a in d.options if a.kind != "use_fate")
        if d.context.get("use") == "cancel":
            return use, "a fate point cancels what would kill it"
        return keep, "the Master keeps fate points for cancelling a death"
    if "break_away" in kinds:
        return next(a for a in d.options if a.kind == "break_away"), "a failed block is accepted: it moves on"
    if "crush" in kinds:
        return crush_choice(game, d)
    if "deploy" in kinds and d.seat == DUNGEON:  # a hotseat Master handed to the AI
        return deploy_choice(game, d)
    if "muster" in kinds:  # the same: the roster a solo Master would have (§3.3)
        return muster_choice(game, d)
    if "raise" in kinds:  # the rules list the dead most valuable first, rats last (§6.4)
        return d.options[0], f"the most valuable of the dead rise first ({d.options[0].text.removeprefix('Raise ')})"
    if "entry" in kinds:
        inside = solo_entry(game)
        best = next((a for a in d.options if tuple(thaw(a.get("at"))) == inside), d.options[0])
        return best, "the entry nearest the zone with the most heroes"
    return None


def muster_choice(game: Game, d: Decision) -> tuple[Action, str]:
    """The roster the solo rules fill (§3.3): its leader first, then the rest of its order."""
    rest = next((a for a in d.options if a.kind == "muster_rest"), None)
    if rest is not None:
        return rest, "the solo Master's roster: its order, while the box and the points allow"
    offered = {a.get("card"): a for a in d.options if a.kind == "muster"}
    card = next((cid for cid in game.content.solo_roster if cid in offered), None)
    if card is not None:
        return offered[card], f"the solo Master's order: {game.content.cards[card].name} first"
    done = next((a for a in d.options if a.kind == "muster_done"), None)
    return (done, "nothing more of the solo Master's order fits") if done is not None else (
        d.options[0], "no leader of the solo Master's order: the first offered")


def crush_choice(game: Game, d: Decision) -> tuple[Action, str]:
    go = next(a for a in d.options if a.kind == "crush")
    stay = next(a for a in d.options if a.kind != "crush")
    me = game.state.figures[go.get("figure")]
    to = tuple(thaw(go.get("to")))
    foes = [f for f in game.state.enemies_of(me) if f.status == STANDING]  # on the board: `standing`
    if not foes:
        return stay, "no enemy left to close on"
    here = min(chebyshev(me.at, f.at) for f in foes)
    there = min(chebyshev(to, f.at) for f in foes)
    if there < here:
        return go, "crushing forward brings it nearer its next target"
    return stay, "crushing forward brings it no nearer its next target"
