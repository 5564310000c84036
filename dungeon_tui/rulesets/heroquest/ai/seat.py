"""The scripted seat: it runs the acting figure's tactics script (Zargon's monsters, a
commanded hero, a companion or an escort) and picks the offered action that carries out its
plan.  Decisions outside a figure's activation follow fixed preferences, each with its reason."""
from __future__ import annotations

from typing import Any

from ....engine import tactics
from ....engine.game import Action, Decision, Game, thaw
from ....engine.grid import Sq
from .. import magic
from ..combat import item as combat_item
from ..heroes import hero_path_avoid, step_offer
from ..state import HERO, Figure, State
from . import caution, companions, dungeon, exploring, trapwork  # noqa: F401  (their words join the registry)
from .keeping import KeptWalk
from .primitives import Plan, past_traps, registry, stop_ok
from .walking import walk

# The content holds the scripts as written; only the AI knows the words they are written in.
BOOK = tactics.ScriptBook(registry, "content/heroquest/tactics.yaml")
scripts, script_problems = BOOK.scripts, BOOK.problems


# How a plan's intent finds its offered action: the action kinds that carry it out, and the
# argument a bare intent value must match.
INTENT_KINDS = {"attack": ("monster_attack", "attack"), "search_traps": ("search_traps", "search_both"),
                "search_secret_doors": ("search_secret_doors", "search_both")}
# Decisions settled by a fixed choice when they offer nothing else (see _fixed).
FIXED_ORDER = ("take_remains", "exit", "place")
FIXED_KINDS = ("draft", "ring", "rust", *FIXED_ORDER)  # every kind a fixed preference reads
INTENT_KEYS = {"attack": "target", "open_door": "door", "use": "item", "drink": "potion"}


class ScriptedSeat:
    """Runs the acting figure's script and picks the offered action that carries out its plan.
    Decisions outside a figure's activation (the draft, a dying friend, a potion of defence,
    rust, remains) follow fixed preferences, each with its reason."""

    def __init__(self, hero_script: str = "hero_default") -> None:
        self.hero_script = hero_script
        # A companion's walk kept from one step to the next (keeping.py): his script is asked
        # again only where a step could change his mind.
        self.kept: KeptWalk | None = None

    def choose(self, game: Game, d: Decision) -> tuple[Action, str]:
        s: State = game.state
        # The options are read by kind (`offers_of`): a hero's walk makes its steps, not his
        # attacks and spells (a decision's whole list only where a fixed preference or the last
        # fallback needs it).  A decision asked of a seat offers two options or more.
        special = self._fixed(game, d)
        if special is not None:
            return special
        fid = d.context.get("monster") or d.context.get("figure")
        me = s.figures.get(fid) if fid else None
        if me is None or me.pos is None:
            return d.options[0], "the only sensible choice"
        kept, self.kept = self.kept, None
        companion = me.side == HERO and not d.context.get("commanded")
        fired = None
        if kept is not None and companion:
            step = kept.next_step(game, d, me)
            if step is not None:
                self.kept = kept
                return step, kept.why
            fired = kept.fired_still(game, d, me)
            waiting = kept.waits(d, fired) if fired is not None else None
            if waiting is not None:
                return waiting
        if not companion:
            script_name = me.script if me.side != HERO else "zargon_default"
        elif me.kind in game.content.escorts:
            script_name = "escort_default"
        else:
            script_name = self.hero_script
        p = Plan(game, me, d)
        if fired is None:  # the whole script; else the walk's own entry (keeping.py)
            compiled = scripts(game.content)
            script = compiled[script_name]
            if companion:  # less what cannot fire for him now
                script = companions.his_script(script, p)
            script, i, label = tactics.choose(script, compiled, registry, p)
            fired = script.entries[i], label
        p.memo["fired"] = fired
        why = tactics.reason(fired[1], tactics.perform(fired[0], registry, p))
        return self._carry_out(game, d, me, p, why)

    def _fixed(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        c = game.content
        # A hero's turn (its decisions alone say whether he has rolled, as the presenter reads
        # them) offers none of these kinds: asked at every step, so not looked for.
        if "rolled" in d.context or not d.offers_of(*FIXED_KINDS):
            # A figure's turn: only a dying or defending hero's choice is fixed.
            return self._fixed_by_context(d)
        if d.offers_of("draft"):
            prefs = c.heroes[d.context["draft"]].draft
            best = min(d.options, key=lambda a: prefs.index(a.get("group")) if a.get("group") in prefs else 9)
            return best, f"prefers the {best.get('group')} spells"
        if d.offers_of("ring"):
            best = next((a for a in d.options if a.get("spell") in magic.HEALING), d.options[0])
            return best, "the ring keeps the spell most likely to save a life"
        fixed = self._fixed_by_context(d)
        if fixed is not None:
            return fixed
        if d.offers_of("rust"):
            best = max(d.options, key=lambda a: (combat_item(c, a.get("item")).gold, a.get("item")))
            return best, "rust the priciest metal item"
        # Every option one of these kinds (none of them offered: some other kind is).
        if d.offers_of(*FIXED_ORDER) and {a.kind for a in d.options} <= set(FIXED_ORDER):
            why = {"take_remains": "the first in turn order", "exit": "the first free square",
                   "place": "the first free square beside him, in reading order"}
            return d.options[0], why[d.options[0].kind]
        return None

    @staticmethod
    def _fixed_by_context(d: Decision) -> tuple[Action, str] | None:
        if d.context.get("dying"):
            save = [a for a in d.options if a.kind in ("drink", "cast")]
            if save:
                return save[0], "anything to stay alive"
            return d.options[-1], "nothing can save him"
        if d.context.get("defending"):
            return next(a for a in d.options if a.kind == "drink"), "a blow is coming: drink the potion of defence"
        return None

    def _carry_out(self, game: Game, d: Decision, me: Figure, p: Plan, why: str) -> tuple[Action, str]:
        zargon = me.side != HERO or bool(d.context.get("commanded"))
        for kind, arg in p.intents:
            if kind == "move":
                if zargon:
                    for a in d.offers_of("monster_move"):
                        if tuple(a.get("to")) == tuple(arg):
                            return a, why
                    continue
                step = self._step_toward(game, me, arg, p.path_avoid())
                if step is not None:
                    if step[2]:
                        self.kept = KeptWalk.planned(game, me, d, step[0], step[2], why, p.memo)
                    return step[0], why + (f"; {step[1]}" if step[1] else "")
                continue
            want = arg if isinstance(arg, dict) else ({INTENT_KEYS[kind]: arg} if kind in INTENT_KEYS else {})
            for k in INTENT_KINDS.get(kind, (kind,)):
                for a in d.offers_of(k):
                    if all(thaw(a.get(key)) == v for key, v in want.items()):
                        return a, why
        for fallback in ("monster_done", "end_turn", "pass", "die"):
            found = d.offers_of(fallback)
            if found:
                if p.intents and not zargon and fallback == "end_turn":
                    # The entry chose what he cannot carry out now (his move or action spent, no
                    # step left toward it): the log says so, not only what the entry wanted.
                    return found[0], f"{why}; nothing left to do toward it this turn"
                return found[0], why
        if d.offers_of("step"):  # mid-move on a friend's square: on to the nearest square he may stop on
            step = self._step_toward(game, me, lambda sq: stop_ok(p, sq), p.path_avoid())
            if step is not None:
                return step[0], why + "; makes room"
        if not d.options:
            raise ValueError("nothing to choose from")
        return d.options[0], why

    def _step_toward(self, game: Game, me: Figure, goal: Any,
                     avoid: frozenset[Sq] | None = None) -> tuple[Action, str, list[Sq]] | None:
        """A hero walks one step at a time: roll first, then step along the canonical path to
        `goal` (a square, or a test: the nearest square passing it, ties in reading order).
        Where only a known trap stands between, he disarms or jumps it (with the reason).
        `avoid` is `hero_path_avoid` as the plan worked it out for this decision (worked out
        here when not given).  With the step (or the roll), the path it starts (his square
        first; empty for a path across a known trap), for a walk kept over the turn."""
        d = game.pending
        if d is None:
            return None
        rolls = d.offers_of("roll_move")
        s = game.state
        if avoid is None:
            avoid = hero_path_avoid(s)
        dist = walk(s.grid, me.square, avoid)[0]
        if callable(goal):  # the walk grown only to the nearest ring holding such a square
            goal = dist.first(goal)
        careful = True
        if goal is not None and goal not in dist:
            dist = walk(s.grid, me.square, past_traps(s))[0]
            careful = False  # the path crosses a known trap somewhere: never kept (keeping.py)
        if rolls:  # the walk he means to take once he has rolled, if any
            go = goal is not None and careful and goal in dist and goal != me.pos
            return rolls[0], "", dist.path(goal) if go else []
        if goal is None or goal not in dist or goal == me.pos:
            return None
        path = dist.path(goal)
        nxt = path[1]
        # Every known or sprung trap's square is in `avoid`: off it, there is nothing to cross.
        crossing = trapwork.trap_step(game, me, nxt) if nxt in avoid else None
        if crossing is not None:
            return crossing[0], crossing[1], []
        # The one step wanted, asked for (`offer_for`), not all his steps made to find it.
        x, y = me.square
        a = d.offer_for(step_offer(d.seat, me, nxt)) if abs(nxt[0] - x) + abs(nxt[1] - y) == 1 else None
        return (a, "", path if careful else []) if a is not None else None
