"""What the automated side makes for in the barrow tomb (spec §7.3): the relic if it lies on the
table, else the nearest unsearched sarcophagus; its carrier heads for its own edge, its friends
keep near the carrier, its enemies go for the carrier.  Each goal carries the words the log
reads ("sarcophagus B at 19,16", "the relic is still hidden"), so a player sees why a model
went where it went.  The other scenarios' objectives stay with the plan (`Plan.objective`)."""
from __future__ import annotations

from dataclasses import dataclass

from ..distance import contact_squares, distance, touching
from ..state import Model
from ..terrain import Square
from .plan import Plan

ESCORT = 2  # a carrier's friends keep this close to it (§7.3: move_toward(carrier, stop_at=2))
CHASE = 1  # a carrier's enemies close in to contact


@dataclass(frozen=True)
class Goal:
    """Where a model heads under the scenario, how close it stops, and in words: the place
    ("sarcophagus B at 19,16") and why it goes there ("the relic is still hidden")."""

    squares: list[Square]
    stop: int
    place: str
    why: str = ""


def relic_scenario(p: Plan) -> bool:
    return bool(p.content.scenarios[p.s.scenario].victory == "relic")


def carrier(p: Plan) -> Model | None:
    return next((m for m in p.s.models.values() if m.carrying and m.on_table), None)


def free_relic(p: Plan) -> Square | None:
    """The square of the relic when it lies on the table, carried by nobody."""
    at = p.s.objectives.get("relic_at")
    return (at[0], at[1]) if at else None


def unsearched(p: Plan) -> list[tuple[str, Square]]:
    """The sarcophagi nobody has searched yet, while the relic is still hidden, by letter."""
    if p.s.objectives.get("found"):
        return []
    sc = p.content.scenarios[p.s.scenario]
    searched = p.s.objectives.get("searched", [])
    return [(k, (o.at[0], o.at[1])) for k, o in sorted(sc.objectives.items()) if k not in searched]


def relic_goal(p: Plan) -> Goal | None:
    """§7.3's AI objective for this model: its own edge when it carries the relic; the carrier
    (friend or enemy) when someone does; the relic where it lies; else the nearest unsearched
    sarcophagus, to search it."""
    holder = carrier(p)
    if holder is p.me:
        return Goal(p.field.own_edge(p.role()), 0, "its own table edge", "it carries the relic")
    if holder is not None:
        if holder.side == p.me.side:
            return Goal([holder.at], ESCORT, holder.name, "to guard the relic it carries")
        return Goal([holder.at], CHASE, holder.name, "to take back the relic it carries")
    lying = free_relic(p)
    if lying is not None:
        return Goal([lying], 0, f"the relic at {lying[0]},{lying[1]}", "it lies free")
    left = unsearched(p)
    if not left:
        return None
    # The nearest sarcophagus by its nearest contact square (the model searches from one).
    spots = {k: contact_squares(p.field, at) for k, at in left}
    reachable = [(k, at) for k, at in left if spots[k]]
    if not reachable:
        return None
    letter, at = min(reachable, key=lambda kv: (min(distance(p.me.at, sq) for sq in spots[kv[0]]), kv[0]))
    return Goal(spots[letter], 0, f"sarcophagus {letter} at {at[0]},{at[1]}", "the relic is still hidden")


def holds_relic_goal(p: Plan, m: Model) -> bool:
    """§6 `objective_holder` in the barrow: the carrier, a model next to the free relic, or (while
    it is hidden) a model at an unsearched sarcophagus.  A searched sarcophagus is no goal."""
    if m.carrying:
        return True
    lying = free_relic(p)
    if lying is not None:
        return distance(m.at, lying) <= 1
    return any(m.at in touching(p.field, at) for _k, at in unsearched(p))


def relic_takings(p: Plan) -> dict[Square, int]:
    """Where this model could end a move (walk or run) on or next to the free relic, taking it up
    (§7.3), with the move's cost; empty when it carries nothing there to take.  Its own square is
    no move: the relic is taken up only at the end of one."""
    lying = free_relic(p)
    if lying is None or p.me.carrying or not p.me.standing or p.me.fleeing:
        return {}
    return {sq: cost for sq, cost in p.moves("run").items() if sq != p.me.at and distance(sq, lying) <= 1}
