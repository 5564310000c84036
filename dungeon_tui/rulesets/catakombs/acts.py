"""The AP actions of §5.2 by kind: what each costs, when it is offered, what it does.

Each mechanic module registers its actions here (`@act("walk", 1, offers=...)`); the turn
flow asks every registered action for its offers to a figure and runs the one chosen.  An
action's offer and its effect sit together in the module of its rule."""
from __future__ import annotations

import weakref
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from ...engine.game import Action, Decision, Game, LazyDecision
from .state import Figure, Square
from .kept_maps import map_for
from .terrain import Map, kept_inner

Steps = Generator[Decision, Action, Any]
Offers = Callable[[Map, Figure, str], list[Action]]
Run = Callable[[Game, Figure, Action], Steps]
# A figure's offers for a budget (turns.offers and the like), and the one of them equal to an
# action, found by making only the offers of its kind.
FigureOffers = Callable[[Game, Figure, str, int], list[Action]]
# `m`, when given, is the map of the decision's moment (`map_for`), the one its other readers share.
FindOffer = Callable[[Game, Figure, str, int, Action, Map | None], Action | None]
# The one offer of an action's kind equal to it, or None, found without making the others:
# `find(m, fig, seat, action)` must be the element of `offers(m, fig, seat)` equal to `action`.
FindOne = Callable[[Map, Figure, str, Action], Action | None]
# The figure's offers of some kinds alone, on a map of this moment: equal to its FigureOffers
# filtered by kind, in order (what an AI reads when its script wants a walk or a blow).
KindOffers = Callable[[Game, Figure, str, int, tuple[str, ...], Map], list[Action]]


@dataclass(frozen=True, slots=True)
class Act:
    kind: str
    cost: int
    offers: Offers
    run: Run
    heroes_only: bool = False
    find: FindOne | None = None  # given for kinds an AI asks one of often (a walk, a run)


ACTS: dict[str, Act] = {}
# The order a figure's options are listed in.  Registration order would follow whichever
# module happened to be imported first (the app, a command, a test), and a seeded random or
# mixed player picks by position, so the same seed must meet the same list in every process.
OFFER_ORDER = ("open_door", "close_door", "break_door", "pick_lock", "open_chest", "take_item", "give_item",
               "drink_barrel", "give_barrel_to_downed", "leave", "decipher", "speech", "cast", "walk", "run",
               "pass_ally", "jump", "wander", "join_swarm", "whirlwind", "melee", "power_attack", "shoot",
               "precise_shot", "free_self", "challenge", "wait")


_ORDERED: list[tuple[int, list[Act]]] = []  # (actions registered then, them in order), asked at every offer


def in_offer_order() -> list[Act]:
    """Every registered action in OFFER_ORDER (one left out of it is an error, not a silence)."""
    if _ORDERED and _ORDERED[0][0] == len(ACTS):  # actions are only ever added
        return _ORDERED[0][1]
    missing = sorted(set(ACTS) - set(OFFER_ORDER))
    if missing:
        raise ValueError(f"actions with no place in OFFER_ORDER: {', '.join(missing)}")
    _ORDERED[:] = [(len(ACTS), [ACTS[k] for k in OFFER_ORDER if k in ACTS])]
    return _ORDERED[0][1]


# (actions registered, budget, hero, the kinds asked or None for all) -> offers
_PAYABLE: dict[tuple[int, int, bool, tuple[str, ...] | None], list[Offers]] = {}


def payable_offers(budget: int, hero: bool, kinds: tuple[str, ...] | None = None) -> list[Offers]:
    """The offers of every action a figure with `budget` AP may pay for, in OFFER_ORDER (the
    heroes' own actions for a hero only; of the `kinds` only if given): the same few lists at
    every offer, made once."""
    found_key = (len(ACTS), budget, hero, kinds)
    found = _PAYABLE.get(found_key)
    if found is None:
        found = _PAYABLE[found_key] = [a.offers for a in in_offer_order()
                                       if a.cost <= budget and (not a.heroes_only or hero)
                                       and (kinds is None or a.kind in kinds)]
    return found


def act(kind: str, cost: int, offers: Offers, heroes_only: bool = False,
        find: FindOne | None = None) -> Callable[[Run], Run]:
    def register(run: Run) -> Run:
        if kind in ACTS:
            raise ValueError(f"action {kind!r} is registered twice")
        ACTS[kind] = Act(kind, cost, offers, run, heroes_only, find)
        return run
    return register


# Short names by full name: a quest's few dozen names, each worked out once (the options, the
# AI's reasons and the log ask for them at every decision).
_SHORT: dict[str, str] = {}


def short(fig: Figure) -> str:
    """A figure's name as the options say it: 'Torgils' for 'Torgils the Dark Wolf', 'Skell'
    for 'Skell, champion of the dead'."""
    named = _SHORT.get(fig.name)  # short_name's lookup inline: asked for every option and reason
    return short_name(fig.name) if named is None else named


def short_name(name: str) -> str:
    """`short` of a full name."""
    named = _SHORT.get(name)
    if named is None:
        named = _SHORT[name] = name.split(" the ")[0].split(",")[0]
    return named


def at(sq: Square) -> str:
    return f"{sq[0]},{sq[1]}"


_PLAIN = (str, int, bool, float, type(None))


def turn_choice(seat: str, kind: str, text: str, figure: str | None = None, target: str | None = None) -> Action:
    """A choice about the turn itself (activate, switch, end, pass), by a figure's id and its
    target's: plain strings, so built without Action.make's checking (several a decision)."""
    args: tuple[tuple[str, Any], ...] = () if figure is None else (("figure", figure),)
    if target is not None:
        args += (("target", target),)
    return Action.sorted_plain(seat, kind, text, args)


# Choices about the turn by all their words read (the words, the figure's name and AP) and
# what they carry: the same few are offered at every decision of a turn, each made once.
_CHOICES: dict[tuple[Any, ...], Action] = {}
_CHOICES_KEPT = 1024


def worded_choice(seat: str, kind: str, words: Callable[[str, int], str], worded: Figure,
                  figure: str | None = None, target: str | None = None) -> Action:
    """`turn_choice` whose text is `words(name, ap)` of the `worded` figure: equal to one
    made afresh, text and all, and made once while its figure's name and AP stand."""
    found_key = (seat, kind, words, worded.name, worded.ap, figure, target)
    found = _CHOICES.get(found_key)
    if found is None:
        if len(_CHOICES) >= _CHOICES_KEPT:
            _CHOICES.clear()
        found = _CHOICES[found_key] = turn_choice(seat, kind, words(worded.name, worded.ap), figure, target)
    return found


def option(seat: str, fig: Figure, kind: str, doing: str, **args: Any) -> Action:
    """An offered action: the figure, what it does, and its cost in the label."""
    args["figure"] = fig.id
    return action_of(seat, kind, f"{short(fig)}: {doing} ({ACTS[kind].cost} AP)", args)


# Each figure's attacks and casts made so far, by all their words and arguments read besides the
# figure and kind (`aim`): offered again from decision to decision at the same targets.  Bounded
# apart from the moves (movement.made_moves), so a long run's memory stays flat.
_AIMED: dict[tuple[str, str, str, str], dict[tuple[Any, ...], Action]] = {}
_AIMED_KEPT = 128  # per figure and kind
_AIMERS_KEPT = 96


def aimed(seat: str, fig: Figure, kind: str, aim: tuple[Any, ...], doing: Callable[[tuple[Any, ...]], str],
          **args: Any) -> Action:
    """`option(seat, fig, kind, doing(aim), **args)`, kept by `aim`, which must name all that
    the words and `args` read but the figure (its id and name) and the kind."""
    made = kept_inner(_AIMED, (kind, seat, fig.id, fig.name), _AIMED_KEPT, _AIMERS_KEPT)
    found = made.get(aim)
    if found is None:
        found = made[aim] = option(seat, fig, kind, doing(aim), **args)
    return found


def action_of(seat: str, kind: str, text: str, args: dict[str, Any]) -> Action:
    """`Action.make(seat, kind, text=text, **args)`, without its checking where the values are
    plain or squares (tuples of plain values): it would only sort them."""
    for v in args.values():
        if type(v) is tuple:
            for part in v:
                if type(part) not in _PLAIN:
                    return Action.make(seat, kind, text=text, **args)
        elif type(v) not in _PLAIN:
            return Action.make(seat, kind, text=text, **args)
    return Action.sorted_plain(seat, kind, text, tuple(sorted(args.items())))


def figure_choice(game: Game, fig: Figure, seat: str, budget: int, offers: FigureOffers, find: FindOffer,
                  extras: list[Action], prompt: str, context: dict[str, Any],
                  of_kinds: KindOffers | None = None) -> LazyDecision:
    """The seat's choice among the figure's offers and then the `extras` (ending, switching,
    passing), the offers made only when someone reads them: a replayed choice is checked by
    making the offers of its kind alone (half the rules' time went into offers no one read),
    and an AI asking for some kinds (`of_kinds`, if given) has only those made, on one map."""
    def make() -> list[Action]:
        return offers(game, fig, seat, budget) + extras

    last: list[Action | None] = []  # the last action asked for and the offer found

    def find_one(action: Action) -> Action | None:
        # An AI asks for the one action it wants (offer_for) and then plays it: found once.
        if last and last[0] == action:
            return last[1]
        # On the map of this decision's moment, the one its other readers share.
        found = find(game, fig, seat, budget, action, map_for(game, waiting())) if action.kind in ACTS else None
        if found is None:
            found = next((a for a in extras if a == action), None)
        last[:] = [action, found]
        return found

    if of_kinds is None:
        decision = LazyDecision(seat, prompt, make, find_one, context)
        waiting = weakref.ref(decision)
        return decision

    def some(kinds: tuple[str, ...]) -> list[Action]:
        # On the map of this decision's moment, which the AI's plans read too.  Written out
        # (no any() over a generator): the scripts ask a few thousand times a quest.
        out: list[Action] = []
        for k in kinds:
            if k in ACTS:
                out = of_kinds(game, fig, seat, budget, kinds, map_for(game, waiting()))
                break
        for a in extras:
            if a.kind in kinds:
                out = [*out, a]
        return out
    decision = LazyDecision(seat, prompt, make, find_one, context, some)
    # Held weakly: the decision holds `some`, and a closure holding the decision back would make
    # each one a cycle, freed only by the garbage collector (a few hundred a quest, with their
    # offers: most of a quest's collections).
    waiting = weakref.ref(decision)
    return decision
