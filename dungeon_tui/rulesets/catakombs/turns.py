"""The Catakombs procedure (§3, §4): set-up and deployment, then turns of event, heroes and
Master, with the end checks after every action and at the end of each turn."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...engine.dice import roll_event, shuffled
from ...engine.game import DUNGEON, Action, Decision, Game, Procedure
from . import combat, items, movement, spells  # noqa: F401  (their actions register in ACTS)
from .acts import ACTS, Steps, action_of, at, figure_choice, payable_offers, short_name, turn_choice, worded_choice
from .conditions import free_offers, upkeep
from .damage import kill
from .deployment import hero_starts, solo_deployment
from .dice import d6
from .duels import duel_options
from .events import unexpected
from .muster import pick_roster
from .quests import check_end, turn_limit
from .reinforcements import reinforcements
from .state import DOWNED, HERO, MASTER, STANDING, Figure, State
from .kept_maps import hand_on, hand_to_act
from .terrain import Map, board_of, visible
from .windows import window

MOVES = ("walk", "run", "pass_ally", "jump")


def offers(game: Game, fig: Figure, seat: str, budget: int, m: Map | None = None,
           kinds: tuple[str, ...] | None = None) -> list[Action]:
    """Every action the figure may pay for now (§5.2), webbed and duelling figures restricted;
    of the `kinds` alone if given (the same offers in the same order, the others not made)."""
    if fig.pos is None or fig.status != STANDING or budget <= 0:  # `standing` written out: asked at every offer
        return []
    if m is None:
        m = Map(game)
    if fig.webbed:
        freeing = free_offers(m, fig, seat)
        return freeing if kinds is None else [a for a in freeing if a.kind in kinds]
    out: list[Action] = []
    for offers_of in payable_offers(budget, fig.side == HERO, kinds):
        out += offers_of(m, fig, seat)
    if fig.duel:
        out = duel_options(m, fig, out)  # one by one: the same whether all kinds or some
    return out


def offers_of_kinds(game: Game, fig: Figure, seat: str, budget: int, kinds: tuple[str, ...], m: Map) -> list[Action]:
    """`offers` of some kinds alone (acts.KindOffers)."""
    return offers(game, fig, seat, budget, m, kinds)


def offered(game: Game, fig: Figure, seat: str, budget: int, action: Action, m: Map | None = None) -> Action | None:
    """The element of `offers(game, fig, seat, budget)` equal to `action`, or None, by the same
    rules but making only the offers of the action's kind (each kind's offers are of that kind
    alone, and a duellist's are filtered one by one), or that one alone where its kind has a
    finder (acts.Act.find).  `m`: the map of this moment, if the caller has one."""
    act = ACTS.get(action.kind)
    if act is None or fig.pos is None or fig.status != STANDING or budget <= 0:  # `standing` written out
        return None
    if m is None:
        m = Map(game)
    if fig.webbed:
        found = free_offers(m, fig, seat) if act.kind == "free_self" else []
    elif act.cost > budget or (act.heroes_only and fig.side != HERO):
        return None
    else:
        if act.find is not None:
            one = act.find(m, fig, seat, action)
            found = [] if one is None else [one]
        else:
            found = act.offers(m, fig, seat)
        if fig.duel:
            found = duel_options(m, fig, found)
    for a in found:  # a loop, not next() over a generator: asked at every decision
        if a == action:
            return a
    return None


def window_offers(game: Game, fig: Figure, seat: str, budget: int) -> list[Action]:
    """What a kept point pays for: any action but waiting again."""
    return [a for a in offers(game, fig, seat, budget) if a.kind != "wait"]


def window_offers_of_kinds(game: Game, fig: Figure, seat: str, budget: int, kinds: tuple[str, ...],
                           m: Map) -> list[Action]:
    """`window_offers` of some kinds alone."""
    return offers(game, fig, seat, budget, m, tuple(k for k in kinds if k != "wait"))


def window_offered(game: Game, fig: Figure, seat: str, budget: int, action: Action,
                   m: Map | None = None) -> Action | None:
    """`offered` among the window's offers."""
    return None if action.kind == "wait" else offered(game, fig, seat, budget, action, m)


def perform(game: Game, fig: Figure, choice: Action, asked: Decision | None = None) -> Steps:
    """An AP action: paid, done, and the quest's end checked after it (§5.16).  `asked`, the
    decision just answered if there was one: its map is the act's first (nothing has moved
    since)."""
    fig.ap -= ACTS[choice.kind].cost
    if asked is not None:
        hand_to_act(game, asked)
    yield from ACTS[choice.kind].run(game, fig, choice)
    check_end(game)


# -- set-up -----------------------------------------------------------------------------------

def master_setup(game: Game) -> Steps:
    """§3.3, hotseat: the Master picks the roster when the setup named none.  §3.5: solo, the
    troops shuffled and dealt by §6.3; hotseat, the dungeon seat places each figure anywhere
    outside the entrance zone, never on lava, a trap or in a cell (D33)."""
    s: State = game.state
    if not s.roster:
        yield from pick_roster(game)
    board = board_of(game)
    quest = game.content.quests[s.quest]
    leader = next(fid for fid in s.roster if s.figures[fid].has("leader"))
    troops = [fid for fid in s.roster if fid != leader]
    if s.options.get("mode", "solo") == "solo":
        order = yield from shuffled(game, troops, "cat.setup.troop_order")
        for fid, sq in solo_deployment(board, quest, leader, order):
            s.figures[fid].pos = sq
        return
    for fid in [leader, *troops]:
        m = Map(game)
        fig = s.figures[fid]
        squares = [sq for sq in board.squares(".") if m.free(sq) and "entrance" not in board.zones_of(sq)]
        options = [Action.make(DUNGEON, "deploy", text=f"{fig.name} at {at(sq)}", figure=fid, to=sq)
                   for sq in squares]
        choice = yield Decision(DUNGEON, f"Where does {fig.name} start?", options, context={"figure": fid})
        fig.pos = choice.get("to")


def hero_setup(game: Game) -> Steps:
    """§3.6: each hero seat puts its hero on a free floor square of the entrance zone; the
    squares nearest the stairs come first."""
    s: State = game.state
    starts = hero_starts(board_of(game))
    for hid in s.party:
        m = Map(game)
        squares = [sq for sq in starts if m.free(sq)]
        seat = s.seat_of[hid]
        fig = s.figures[hid]
        # Plain values and squares: made without Action.make's checking (acts.action_of).
        options = [action_of(seat, "deploy", f"{fig.name} at {at(sq)}", {"figure": hid, "to": sq}) for sq in squares]
        choice = yield Decision(seat, f"Where does {fig.name} start?", options, context={"figure": hid})
        fig.pos = choice.get("to")


# -- the heroes' turn ---------------------------------------------------------------------------

def hero_actors(s: State, among: Iterable[Figure] | None = None) -> list[Figure]:
    """The figures the hero seats move this turn, in party order (a persuaded uncle last);
    `among` the last ones found, if given (see heroes_act)."""
    # AP first: asked several times at every hero's decision, when most figures have none.
    return [f for f in (s.figures.values() if among is None else among) if f.ap > 0 and f.side == HERO
            and f.status == STANDING and f.pos is not None  # `standing` written out
            and (f.id in s.party or s.flags.get("uncle_joined"))]


# The words of the choices about the turn, from the figure's name and AP (acts.worded_choice).
def _switch_to(name: str, ap: int) -> str:
    return f"Switch to {name} ({ap} AP)"


def _end_losing(name: str, ap: int) -> str:
    return f"{short_name(name)}: end activation ({ap} AP lost)"


def _end_heroes_turn(name: str, ap: int) -> str:
    return "End the heroes' turn"


def _activate(name: str, ap: int) -> str:
    return f"Activate {name} ({ap} AP)"


def _end_activation(name: str, ap: int) -> str:
    return f"{short_name(name)}: end activation"


def _hand_over(name: str, ap: int) -> str:
    return f"{short_name(name)}: hand over, keeping {ap} AP"


END_MASTER_TURN = turn_choice(DUNGEON, "end_master_turn", "End the Master's turn")


def heroes_act(game: Game) -> Steps:
    """B2: the current hero acts, hands over, ends his activation or the heroes' turn (D17)."""
    s: State = game.state
    # While the heroes act AP are only spent or lost (the uncle, talked round, comes with none
    # until the next upkeep), so a hero once out of the turn stays out: the actors are looked
    # for among the last ones found, not among every figure of the quest.
    ready = hero_actors(s)
    s.current = ready[0].id if ready else None
    while s.current is not None and s.result is None:
        fig = s.figures[s.current]
        seat = s.seat(fig)
        ready = hero_actors(s, ready)
        extras = [worded_choice(seat, "switch_hero", _switch_to, o, fig.id, o.id) for o in ready if o is not fig]
        extras.append(worded_choice(seat, "end_activation", _end_losing, fig, fig.id))
        extras.append(worded_choice(seat, "end_heroes_turn", _end_heroes_turn, fig, fig.id))
        asked = figure_choice(game, fig, seat, fig.ap, offers, offered, extras,
                              f"{fig.name}: {fig.ap} AP left", {"figure": fig.id}, offers_of_kinds)
        choice = yield asked
        if choice.kind == "switch_hero":
            s.current = choice.get("target")
            continue
        if choice.kind == "end_heroes_turn":
            for f in hero_actors(s, ready):
                f.ap = 0
        elif choice.kind == "end_activation":
            fig.ap = 0
        else:
            yield from perform(game, fig, choice, asked)
        if not fig.standing or fig.ap <= 0 or s.current != fig.id:
            ready = hero_actors(s, ready)
            s.current = ready[0].id if ready else None
    s.current = None
    for f in s.hero_side():
        f.ap = 0


# -- the Master's turn ------------------------------------------------------------------------

def snapshot(game: Game) -> Steps:
    """C3: a Master figure is activated when a standing adversary is in its zone or its sight
    (event 3 gives these 2 AP more); the solo Master rolls a d6 for every other figure."""
    s: State = game.state
    m = Map(game)
    # Each adversary's zones as a set once, not once per Master figure, and the squares of
    # those that show (a chance roll between two figures changes neither).
    standing = [f for f in s.hero_side() if f.status == STANDING]  # on the board: `standing`
    adversaries = [frozenset(m.board.zones_of(f.at)) for f in standing]
    shown = [f.at for f in standing if visible(f)]
    for fig in s.master_figures():
        here = fig.at
        zones = m.board.zones_of(here)
        fig.activated = any(not theirs.isdisjoint(zones) for theirs in adversaries) or m.sees_any(here, shown)
        fig.inactive_roll, fig.wandered = 0, False
        if fig.activated and s.flags.get("event_frenzy"):
            fig.ap += 2
        if fig.activated or s.options.get("mode", "solo") != "solo":
            continue
        (pip,) = yield from d6(game, 1, "cat.solo.inactive")
        fig.inactive_roll = pip
        if not game.unseen:  # the roll's line, made only for someone to read (see Game.unseen)
            said = {1: "frenzy: double AP", 6: "stays still"}.get(pip, "wanders")
            roll_event(game, "cat.solo.inactive", "1d6", [pip], outcome=pip,
                       text=f"{fig.name}, not activated: {pip}, {said}.")
        if pip == 1:
            fig.ap *= 2


def _another_ready(ready: list[Figure], active: Figure) -> bool:
    """Whether a figure besides the active one is ready (`master_act`'s test), by identity
    (`is not` compares no fields)."""
    for f in ready:  # noqa: SIM110 - a loop, not any() over a generator: asked after every action
        if f is not active and f.ap > 0 and f.status == STANDING and f.pos is not None:
            return True
    return False


def _activation(fig: Figure, made: dict[str, tuple[int, Action]]) -> Action:
    """The choice to activate the figure, kept in `made` by its AP (its name stays): the
    Master's turn offers the same figures again at each choice of the next."""
    found = made.get(fig.id)
    if found is None or found[0] != fig.ap:
        found = made[fig.id] = (fig.ap, worded_choice(DUNGEON, "activate", _activate, fig, fig.id))
    return found[1]


def master_act(game: Game) -> Steps:
    """C4-C5: the Master activates any figure with AP, in any order; the active figure acts,
    hands back (its AP kept for later), or ends its activation; W2 follows each action."""
    s: State = game.state
    active: Figure | None = None
    # While the Master acts AP are only spent or lost (the dead it raises come in with none),
    # so a figure once not ready stays so: each round looks among the last ones ready alone,
    # in roster order, not through the whole roster with its dead and rats; and while the
    # active figure is ready it is among them, so they are listed again only for a new choice.
    figures = s.figures
    ready = [f for fid in s.roster if (f := figures[fid]).ap > 0]
    chosen: Decision | None = None  # the choice of the active figure, while nothing has moved since
    # A figure's choice that ended its activation, while nothing has moved since: the next choice
    # of a figure is asked at the same moment (only AP were lost), and reads that choice's map.
    ended: Decision | None = None
    activations: dict[str, tuple[int, Action]] = {}  # each ready figure's choice, by its AP then
    while s.result is None:
        # `master_figures` standing with AP, in one pass: a standing figure is on the board
        # if it has a square.
        if active is None or not (active.ap > 0 and active.status == STANDING and active.pos is not None):
            ready = [f for f in ready if f.ap > 0 and f.status == STANDING and f.pos is not None]
            if not ready:
                return
            # Each figure's kept choice read inline (a call each was most of the list's cost),
            # made by `_activation` only where its AP moved since.
            options = [found[1] if (found := activations.get(f.id)) is not None and found[0] == f.ap
                       else _activation(f, activations) for f in ready]
            options.append(END_MASTER_TURN)
            chosen = Decision(DUNGEON, "The Master's turn: which figure acts?", options, context={"phase": "master"})
            if ended is not None:
                hand_on(game, ended, chosen)
                ended = None
            choice = yield chosen
            if choice.kind == "end_master_turn":
                return
            active = s.figures[choice.get("figure")]
            continue
        extras = [worded_choice(DUNGEON, "end_activation", _end_activation, active, active.id)]
        if _another_ready(ready, active):
            extras.append(worded_choice(DUNGEON, "switch_figure", _hand_over, active, active.id))
        asked = figure_choice(game, active, DUNGEON, active.ap, offers, offered, extras,
                              f"{active.name}: {active.ap} AP left", {"phase": "master", "figure": active.id},
                              offers_of_kinds)
        if chosen is not None:  # the figure was just chosen, nothing done since: the same moment's map
            hand_on(game, chosen, asked)
            chosen = None
        choice = yield asked
        if choice.kind == "end_activation":
            active.ap = 0
            ended = asked
            continue
        if choice.kind == "switch_figure":
            active = None
            continue
        yield from perform(game, active, choice, asked)
        if s.result is not None:
            return
        yield from window(game, "W2", window_offers, active, find=window_offered, of_kinds=window_offers_of_kinds)


def master_turn(game: Game) -> Steps:
    s: State = game.state
    s.phase = "reinforcements"
    yield from reinforcements(game)
    s.phase = "master"
    yield from upkeep(game, MASTER)
    if check_end(game):
        return
    yield from snapshot(game)
    yield from window(game, "W1", window_offers, find=window_offered, of_kinds=window_offers_of_kinds)
    if s.result is None:
        yield from master_act(game)
    if s.result is None:
        yield from window(game, "W3", window_offers, find=window_offered, of_kinds=window_offers_of_kinds)
    for f in s.figures.values():
        f.reserved = 0 if f.side == HERO else f.reserved
        f.passed_windows = False
        if f.side == MASTER:
            f.ap = 0


# -- the turn ----------------------------------------------------------------------------------

def end_of_turn(game: Game) -> Steps:
    """D: downed heroes whose deadline is this turn die; the win, loss and turn limit."""
    s: State = game.state
    for hero in s.heroes():
        if hero.status == DOWNED and hero.downed_turn + 1 <= s.turn:
            kill(game, hero, f"{hero.name} dies of the wounds.")
    if check_end(game):
        return
    limit = turn_limit(game)
    if limit and s.turn >= limit:
        s.result = {"outcome": "defeat", "why": f"the heroes ran out of time after turn {s.turn}"}
    yield from ()


def procedure(game: Game) -> Procedure:
    s: State = game.state
    if not game.resuming:
        yield from master_setup(game)
        yield from hero_setup(game)
    while s.result is None:
        s.turn += 1
        s.flags.pop("event_frenzy", None)
        s.flags.pop("event_return", None)
        s.cast_this_turn = {}
        game.emit("turn", turn=s.turn, text=f"Turn {s.turn}.")
        if s.options.get("unexpected_events") and s.turn >= 2:
            s.phase = "event"
            yield from unexpected(game)
        s.phase = "heroes"
        yield from upkeep(game, HERO)
        if not check_end(game):
            yield from heroes_act(game)
        if s.result is None:
            yield from master_turn(game)
        if s.result is None:
            s.phase = "end"
            yield from end_of_turn(game)
        if s.result is None:
            game.checkpoint(s.turn)
    return finish(game)


def finish(game: Game) -> dict[str, Any]:
    s: State = game.state
    result = dict(s.result or {})
    result["turn"] = s.turn
    result["survivors"] = [h.id for h in s.heroes() if h.status in ("standing", "downed", "escaped")]
    s.result = result
    s.phase = "over"
    game.checkpoint(s.turn, resumable=False)
    return result

