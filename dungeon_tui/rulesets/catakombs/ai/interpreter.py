"""The tactics interpreter of §6.1 for both sides: compile the content's scripts against the
AI's words, run a figure's script once, and find the offered action that carries it out."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ....engine import tactics
from ....engine.game import Action, Decision, Game, thaw
from ..acts import action_of
from ..state import Figure
from ..kept_maps import map_for
from ..terrain import Map
from . import hero_words  # noqa: F401  (the companions' words join the registry)
from .plan import Intent, Plan
from .words import best_stat, registry

BOOK = tactics.ScriptBook(registry, "content/catakombs/tactics.yaml")
scripts, script_problems = BOOK.scripts, BOOK.problems


def fits(action: Action, me: Figure, intent: Intent) -> bool:
    """Whether the offered action carries out the intent: its kind, its figure, and each of
    the intent's arguments as the action's JSON says it (a tuple as a list)."""
    if action.kind != intent.kind or action.get("figure", me.id) != me.id:
        return False
    # Written out (no all() over a generator, no thawing a flat tuple such as a square): asked
    # of every offer of the kind wanted, a few thousand times a quest.
    for k, v in intent.args:
        got = action.get(k)
        if type(got) is tuple:
            if type(v) is tuple and len(got) == len(v) and _flat(got):
                if got != v:  # a flat tuple thawed is its items in a list, as list(v) is
                    return False
            elif thaw(got) != (list(v) if isinstance(v, tuple) else v):
                return False
        elif got != (list(v) if isinstance(v, tuple) else v):
            return False
    return True


def _flat(values: tuple[Any, ...]) -> bool:
    """No tuple inside (a square's two numbers): thawed, it is the same items in a list."""
    return tuple not in map(type, values)  # in C: no generator


# Kinds whose offers carry the intent's arguments and the figure, no more, and are one per
# such arguments: the one offer that fits is the action the intent names, asked for alone
# (`offer_for`: the rules find it without making the kind's others, acts.Act.find).
NAMED = frozenset({"walk", "run", "pass_ally", "melee", "power_attack", "shoot", "precise_shot", "cast"})


def carry_out(d: Decision, me: Figure, intents: list[Intent]) -> Action | None:
    """The first offered action that carries out one of the intents, in the script's order."""
    for intent in intents:
        if intent.kind in NAMED:
            # The figure's own unless the intent names one (copied from an offer): as `fits`.
            found = d.offer_for(action_of(d.seat, intent.kind, "", {"figure": me.id, **dict(intent.args)}))
            if found is not None:
                return found
            continue
        for a in d.offers_of(intent.kind):  # only the offers of its kind are made
            if fits(a, me, intent):
                return a
    return None


T = TypeVar("T")
G = TypeVar("G")
# What is worked out of a compiled script once, by the script's identity, what works it out and
# what else that reads; each value holds its script, so an id given again to another script is
# told apart.  The scripts are the content's, a few dozen.
_OF_SCRIPT: dict[tuple[int, object, object], tuple[tactics.Script, Any]] = {}


def _of_script(script: tactics.Script, make: Callable[[tactics.Script, G], T], given: G) -> T:
    """`make(script, given)`, worked out once (no function made per ask: every run asks)."""
    key = (id(script), make, given)
    found = _OF_SCRIPT.get(key)
    if found is None or found[0] is not script:
        found = _OF_SCRIPT[key] = (script, make(script, given))
    made: T = found[1]
    return made


def _for_stat(script: tactics.Script, best: str) -> tactics.Script:
    def other(entry: tactics.Entry) -> bool:
        return any(c.name == "primary" and not neg and c.kwargs["stat"] != best for c, neg in entry.tests)
    return tactics.Script(script.name, [e for e in script.entries if not other(e)], script.params)


def for_best_stat(script: tactics.Script, best: str) -> tactics.Script:
    """The script less its entries that ask for another best stat than the figure's (`primary`,
    not negated): they can never fire for it, and a script tried for a figure asks most of its
    conditions of entries for the other two kinds of fighter."""
    return _of_script(script, _for_stat, best)


# Conditions whose answer reads the figure's own flags alone (`_flags`), and of those the ones
# whose words do too (in_duel's name the opponent).
FLAG_ANSWERS = frozenset({"webbed", "in_duel", "inactive_roll"})
FLAG_WORDS = frozenset({"webbed", "inactive_roll"})
# Actions that only ask for an action, in words their parameters fix.
FLAG_ACTIONS = frozenset({"free_self", "end_activation", "wander"})


def _flags(me: Figure) -> tuple[object, ...]:
    """All that the FLAG_ANSWERS conditions read of the figure."""
    return (me.webbed, me.duel, me.activated, me.inactive_roll)


def _by_flags(script: tactics.Script, _: None = None) -> list[bool]:
    """For each of the script's first entries whose conditions all read the figure's flags
    alone (FLAG_ANSWERS), whether that entry's firing is told by them too: its words read only
    the flags (FLAG_WORDS) and its actions only ask (FLAG_ACTIONS).  No such entry asks for a
    best stat, so they lead every script `for_best_stat` makes of this one, in the same places."""
    told = []
    for entry in script.entries:
        if entry.condition is None or any(c.name not in FLAG_ANSWERS for c, _ in entry.tests):
            break
        told.append(all(c.name in FLAG_WORDS for c, _ in entry.tests)
                    and all(c.name in FLAG_ACTIONS for c in entry.calls))
    return told


# What a script's first entries told by the figure's flags (`_by_flags`) say, by the script and
# the flags: the intents, the stop and the why of the one that fired, every figure with those
# flags getting the same (the seats put its name before the why); or None when none of them
# holds, so the script is asked from the entry after them.  A figure not roused asks it at each
# of its decisions, turn after turn, with the same roll; a roused one passes them each time.
# Bounded; the values hold their script.
Answer = tuple[list[Intent], bool, str]
_ANSWERED: dict[tuple[object, ...], tuple[tactics.Script, Answer | None]] = {}
_ANSWERED_KEPT = 256


def _told_by_flags(script: tactics.Script) -> list[bool]:
    """`_by_flags` of the script, worked out once."""
    return _of_script(script, _by_flags, None)


def _less_first(script: tactics.Script, first: int) -> tactics.Script:
    return tactics.Script(script.name, script.entries[first:], script.params)


def _after(script: tactics.Script, first: int) -> tactics.Script:
    """The script less its `first` entries, made once per script (`for_best_stat` keeps them)."""
    return _of_script(script, _less_first, first)


def _keep(flagged: tuple[object, ...], top: tactics.Script, fired: int, answer: Answer) -> None:
    """What the script's first try says, kept by the flags when they tell it: the answer of an
    entry among the first ones told by them, or that none of those held (one after them fired)."""
    told = _told_by_flags(top)
    if fired < len(told) and not told[fired]:
        return
    if len(_ANSWERED) >= _ANSWERED_KEPT:
        _ANSWERED.clear()
    _ANSWERED[flagged] = (top, answer if fired < len(told) else None)


def run_script(game: Game, d: Decision, me: Figure, script: str, m: Map | None = None) -> tuple[Action | None, str]:
    """Run the figure's script once: the offered action for what it wants, and the why.
    Entries whose actions are all illegal here are skipped (§6.1), so later ones get a turn.
    `m`, the map of this moment if the caller has made one, serves every try."""
    compiled = scripts(game.content)
    top = compiled[script]
    flagged = (id(top), *_flags(me))
    known = _ANSWERED.get(flagged)
    passed = False  # none of the first entries holds for these flags, as found before
    if known is not None and known[0] is top:
        if known[1] is None:
            passed = True
        else:  # no plan: only the offers are asked (if none fits, tried below as any script is)
            intents, stop, why = known[1]
            action = carry_out(d, me, intents)
            if action is not None or stop:
                return action, why
    m = m or map_for(game, d)
    p = Plan(game, me, d, shared=m)  # best_stat reads the map's answers alone: the first try's plan too
    current = for_best_stat(top, best_stat(p))
    if passed:  # the first entries not asked again
        current = _after(current, len(_told_by_flags(top)))
    for k in range(len(current.entries) + 1):
        if k:
            p = Plan(game, me, d, shared=m)
        try:
            chosen, i, label = tactics.choose(current, compiled, registry, p)
        except tactics.TacticsError:  # every entry left has been tried
            break
        notes = tactics.perform(chosen.entries[i], registry, p)
        why = tactics.reason(label, notes)
        if not (k or passed) and chosen is current:
            _keep(flagged, top, i, (p.intents, p.stop, why))
        action = carry_out(d, me, p.intents)
        if action is not None or p.stop:
            return action, why
        # Nothing of this entry can be done here: the script after it.  The entries before it
        # did not hold, and they are not asked again: a try reads the same map, figure and
        # decision, so they would not hold now (and with the default gone and nothing else
        # holding, `choose` would read what is left eight times before it gives up).
        current = tactics.Script(chosen.name, chosen.entries[i + 1:], chosen.params)
        if not current.entries:
            break
    return None, "nothing it can do"
