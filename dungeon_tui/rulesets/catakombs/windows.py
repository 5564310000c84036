"""Waiting and the interrupt windows of the Master's turn (§5.10): a hero pays 2 AP to keep a
point, which pays for an action at its normal cost in a window: W1 when the Master's turn
opens, W2 after each Master action, W3 before it ends.  Irf on the lookout shoots twice."""
from __future__ import annotations


from ...engine.game import Action, Decision, Game
from ...engine.words import counted
from .acts import ACTS, FigureOffers, FindOffer, KindOffers, Steps, act, figure_choice, option, worded_choice
from .quests import check_end
from .state import HERO, STANDING, Figure, State
from .terrain import Map, chebyshev

SHOTS = ("shoot", "precise_shot")


def wait_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if fig.side != HERO or fig.id not in m.s.party or not fig.standing or fig.webbed or fig.duel:
        return []
    held = f", {fig.reserved} kept already" if fig.reserved else ""
    return [option(seat, fig, "wait", f"wait: keep a point for the Master's turn{held}")]


@act("wait", 2, wait_offers, heroes_only=True)
def wait(game: Game, fig: Figure, action: Action) -> Steps:
    fig.reserved += 1
    game.emit("wait", figure=fig.id, text=f"{fig.name} waits ({counted(fig.reserved, 'point')} kept).")
    yield from ()


def holders(s: State) -> list[Figure]:
    return [f for f in s.heroes() if f.reserved > 0 and f.standing]  # most keep none: asked after every action


def concerns(game: Game, hero: Figure, actor: Figure | None) -> bool:
    """`smart` prompting: a W2 window is offered to a holder only when the figure that just
    acted ended in his targeting sight or next to any hero."""
    if actor is None or game.state.options.get("wait_prompt", "smart") == "always":
        return True
    if not actor.on_board:
        return False
    m = Map(game)
    return m.targets(hero, actor) or any(chebyshev(h.at, actor.at) == 1 for h in m.s.hero_side()
                                         if h.status == STANDING)  # on the board: `standing`


# The words of a holder's choices to let a moment go (acts.worded_choice).
def _lets_go(name: str, ap: int) -> str:
    return f"{name} lets the moment go"


def _waits_for_the_end(name: str, ap: int) -> str:
    return f"{name} waits for the end of the Master's turn"


def window(game: Game, name: str, offers: FigureOffers, actor: Figure | None = None,
           find: FindOffer | None = None, of_kinds: KindOffers | None = None) -> Steps:
    """Each holder, in party order, may act, pass, or (W1, W2) pass for the rest of the turn;
    after an action the window goes round again until everyone passes.  `find` picks a
    replayed choice out of `offers` more cheaply than making them all (see figure_choice)."""
    if find is None:
        find = whole_list(offers)
    s: State = game.state
    passed: list[str] = []
    while s.result is None:
        asked = [h for h in holders(s) if h.id not in passed and (name == "W3" or not h.passed_windows)
                 and (name != "W2" or concerns(game, h, actor))]
        if not asked:
            return
        hero = asked[0]
        seat = s.seat(hero)
        extras = [worded_choice(seat, "pass", _lets_go, hero, hero.id)]
        if name != "W3":
            extras.append(worded_choice(seat, "pass_turn", _waits_for_the_end, hero, hero.id))
        choice = yield figure_choice(game, hero, seat, hero.reserved, offers, find, extras,
                                     f"{hero.name} holds {counted(hero.reserved, 'point')}: act now?",
                                     {"figure": hero.id, "window": name}, of_kinds)
        if choice.kind == "pass":
            passed.append(hero.id)
            continue
        if choice.kind == "pass_turn":
            hero.passed_windows = True
            continue
        hero.reserved -= ACTS[choice.kind].cost
        yield from ACTS[choice.kind].run(game, hero, choice)
        if choice.kind in SHOTS and hero.has("on_the_lookout") and hero.standing and not check_end(game):
            yield from second_shot(game, hero, choice.kind, offers, of_kinds)
        check_end(game)
        passed = []


def whole_list(offers: FigureOffers) -> FindOffer:
    """A finder that makes every offer and looks the action up among them."""
    def find(game: Game, fig: Figure, seat: str, budget: int, action: Action, m: Map | None = None) -> Action | None:
        return next((a for a in offers(game, fig, seat, budget) if a == action), None)
    return find


def second_shot(game: Game, hero: Figure, kind: str, offers: FigureOffers, of_kinds: KindOffers | None = None) -> Steps:
    """On the lookout: a shot paid with a kept point is made twice, the second target chosen
    after the first shot.  Only the shots are made where the window's offers come by kind too
    (the same shots: making his walks, runs and jumps to drop them was most of the cost)."""
    seat = game.state.seat(hero)
    cost = ACTS[kind].cost
    if of_kinds is not None:
        shots = of_kinds(game, hero, seat, cost, (kind,), Map(game))
    else:
        shots = [a for a in offers(game, hero, seat, cost) if a.kind == kind]
    if not shots:
        return
    choice = yield Decision(seat, f"{hero.name} shoots again", shots, context={"figure": hero.id, "window": "lookout"})
    yield from ACTS[kind].run(game, hero, choice)
