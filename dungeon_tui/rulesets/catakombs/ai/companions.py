"""Hero companions (spec §6.5): the `hero_companion` script for any hero seat given to the AI,
on the same interpreter as the Master: free itself, raise a downed ally, do the quest's deed,
fight (power when the 50 % rule holds), shoot when shooting is its best, else head for the
objective; Irf waits on the lookout with 2 AP or more and an enemy within 9 squares.

A point kept by waiting is for striking in the Master's turn: in the windows that come round
again (W1, W2) a companion strikes or lets the moment go, and only in the last one (W3) does it
spend the point on whatever its script says, as the point is lost after it."""
from __future__ import annotations

from ....engine.game import Action, Decision, Game
from ..state import Figure
from .fate import rerolls
from .interpreter import run_script
from .master import actions_of_one, kinds_among, side_choice
from .plan import name

SCRIPT = "hero_companion"
STRIKES = ("melee", "power_attack", "whirlwind", "shoot", "precise_shot", "cast", "free_self")
LAST_WINDOW = "W3"
class CompanionSeat:
    """A hero seat played by the AI."""

    def choose(self, game: Game, d: Decision) -> tuple[Action, str]:
        special = None if actions_of_one(d) else hero_side_choice(game, d)
        if special is not None:
            return special
        fid = d.context.get("figure") or next((a.get("figure") for a in d.options if a.get("figure")), None)
        me = game.state.figures.get(fid) if fid else None
        if me is not None and me.standing:
            action, why = run_script(game, d, me, SCRIPT)
            if action is not None and not self.saves_the_point(d, action):
                return action, f"{name(me)}: {why}"
            if action is not None:
                return d.offers_of("pass")[0], f"{name(me)}: keeps the point for a blow"
        if me is not None and me.standing and me.ap > 0:
            later = self.let_a_friend_go_first(game, d, me)
            if later is not None:
                return later
        for kind in ("pass", "end_activation", "end_heroes_turn"):
            found = d.offers_of(kind)
            if found:
                return found[0], "nothing more worth doing"
        return d.options[-1], "nothing more worth doing"

    @staticmethod
    def let_a_friend_go_first(game: Game, d: Decision, me: Figure) -> tuple[Action, str] | None:
        """Nothing to do yet (a friend in the way, say): hand over to a friend later in party
        order who still has AP, keeping this hero's AP for when the way is clear.  Only later
        friends, so two stuck heroes never hand the turn back and forth: the last ends his
        activation and the first in order comes back with what is left."""
        order = [f.id for f in game.state.hero_side()]
        mine = order.index(me.id) if me.id in order else len(order)
        for a in d.offers_of("switch_hero"):
            target = a.get("target")
            if target in order and order.index(target) > mine:
                friend = game.state.figures[target]
                return a, f"{name(me)}: nothing to do yet: lets {friend.name} go first, keeping {me.ap} AP"
        return None


    @staticmethod
    def saves_the_point(d: Decision, action: Action) -> bool:
        """A kept point is not walked away while the Master's turn may still bring a target."""
        window = d.context.get("window")
        return (window is not None and window not in (LAST_WINDOW, "lookout") and action.kind not in STRIKES
                and bool(d.offers_of("pass")))


def hero_side_choice(game: Game, d: Decision) -> tuple[Action, str] | None:
    kinds = kinds_among(d, "use_fate", "break_away")
    if "use_fate" in kinds:
        use = next(a for a in d.options if a.kind == "use_fate")
        keep = next(a for a in d.options if a.kind != "use_fate")
        cancel = d.context.get("use") == "cancel"
        fig = game.state.figures.get(d.context.get("figure", ""))
        # Cancel a death always; reroll only what is worth a point that could save a life (fate.py).
        if cancel:
            return use, "a fate point saves a life"
        if fig is not None and rerolls(fig, d.context.get("rule")):
            return use, "a fate point for a second try"
        return keep, "the fate point is kept against death"
    if "break_away" in kinds:
        fig = game.state.figures.get(d.context.get("figure", ""))
        if fig is not None and fig.pv > 6:
            return next(a for a in d.options if a.kind == "break_away"), "strong enough to tear free"
        return next(a for a in d.options if a.kind != "break_away"), "too hurt to risk the wounds"
    return side_choice(game, d)
