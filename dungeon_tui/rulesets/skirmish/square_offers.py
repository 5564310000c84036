"""The two choices of a square (§3 deploying a model, §5 where a model goes), each offering a
hundred squares or more: the offers are made only when someone reads them.  A replay checks
its recorded choice, and the AI asks for the square its plan chose (`offer_for`), by making
that one offer alone; the squares themselves are in the decision's context ("squares"), as
the rules worked them out, for a player who weighs them all."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from ...engine.game import Action, LazyDecision
from .movement import Reach
from .moves import Route
from .phase_offers import found_again
from .state import Model, Sq

# The routes to some squares of a move's reach (None: all), made when asked for.
Routes = Callable[[Iterable[Sq] | None], dict[Sq, Route]]


def deploy_choice(seat: str, model: Model, squares: list[Sq]) -> LazyDecision:
    """Where `model` takes the field, among `squares` (in the order they are offered)."""
    name, who, built = model.name, ("model", model.id), Action.sorted_plain

    def offer(sq: Sq) -> Action:
        # Built as Action.make would build it: plain arguments, sorted by name.
        return built(seat, "deploy", f"Deploy {name} at {sq[0]},{sq[1]}", (("at", sq), who))

    def make() -> list[Action]:
        return [offer(sq) for sq in squares]

    def find(action: Action) -> Action | None:
        if action.kind != "deploy" or action.seat != seat:
            return None
        at = action.get("at")
        # Looked for along the list (in C): asked once or twice a decision, a set of its
        # hundreds of squares cost more than the look.
        found = offer(at) if isinstance(at, tuple) and at in squares else None
        return found if found == action else None

    def of_kinds(kinds: tuple[str, ...]) -> list[Action]:
        return make() if "deploy" in kinds else []

    return LazyDecision(seat, f"Deploy {name}", make, find, {"figure": model.id, "squares": squares}, of_kinds)


def move_choice(seat: str, m: Model, found: Reach, routes: Routes) -> LazyDecision:
    """Where `m` goes: a square `found` (the rules' `reach`), or stay.  `routes(squares)` makes
    the routes to those squares (None: all), which the offers' words are read from."""
    stay = Action.sorted_plain(seat, "stay", f"{m.name} stays where it is", (("model", m.id),))

    def make() -> list[Action]:
        return [*move_offers(seat, m, routes(None)), stay]

    def find(action: Action) -> Action | None:
        if action.kind == "stay":
            return stay if action == stay else None
        to = action.get("to")
        if action.kind != "move" or not isinstance(to, tuple) or to not in found:
            return None
        offer = move_offers(seat, m, routes([to]))[0]
        return offer if offer == action else None

    def of_kinds(kinds: tuple[str, ...]) -> list[Action]:
        return [*(move_offers(seat, m, routes(None)) if "move" in kinds else ()), *((stay,) if "stay" in kinds else ())]

    return LazyDecision(seat, f"Where does {m.name} go?", make, found_again(find),
                        {"figure": m.id, "destinations": found}, of_kinds)


def running(m: Model, route: Route) -> bool:
    """A move longer than M is a run (§5.3); a crawl never is."""
    return not m.down and route.squares > m.m


def move_offers(seat: str, m: Model, found: dict[Sq, Route]) -> list[Action]:
    """An offer for each square the model may move to, saying how it gets there.  About a
    hundred at each move: each action is built as Action.make would build it, and the verb is
    looked up by the kinds of step the route takes (what running(m, route) and the verb say)."""
    name, who, built = m.name, ("model", m.id), Action.sorted_plain
    if m.down:
        return [built(seat, "move", f"{name} crawls to {sq[0]},{sq[1]}", (who, ("to", sq))) for sq in found]
    walk = 2 * m.m + 1  # a route costing more half-squares than this is a run
    return [built(seat, "move",
                  f"{name} {_verb(route.kinds)}{' (running)' if route.cost > walk else ''} to {sq[0]},{sq[1]}",
                  (who, ("to", sq)))
            for sq, route in found.items()]


@lru_cache(maxsize=64)
def _verb(kinds: int) -> str:
    """The verb a move's offer names, by the kinds of step its route takes (the hundred offers
    of one move share a handful of these)."""
    takes = Route(0, 0, (), kinds).takes
    return ("climbs" if takes("climb") else "leaps" if takes("leap") else "drops" if takes("drop")
            else "moves")
