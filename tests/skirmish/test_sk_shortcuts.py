"""The short ways the rules take give the long ways' answers, at every decision of battles played
by mixed players (the AI with one choice in four random, as fuzz has them): a model is in combat
exactly when some enemy touches it; the combats are the groups contact links, found by asking
every model about every model; a move's reach is the walk's squares and the run's, row by row,
as it was made from two copied tables, and asked square by square it gives the same answers;
and every route a move offers names the kinds of step its
own steps take, each step leading on from the square before it (a search keeps only the step
that reached each square, and the step knows where it was taken from)."""
from __future__ import annotations

from typing import Any

import pytest
from offer_promises import played_through

from dungeon_tui.batch import game_seed
from dungeon_tui.engine.game import Action, Decision, Game
from dungeon_tui.rulesets.skirmish.battle import field_of
from dungeon_tui.rulesets.skirmish.contact import combats, enemies_touching, in_combat
from dungeon_tui.rulesets.skirmish.game import GAME
from dungeon_tui.rulesets.skirmish.movement import may_run, reach, routes_to, squares_of
from dungeon_tui.rulesets.skirmish.moves import Route, move_costs
from dungeon_tui.rulesets.skirmish.state import KNOCKED_DOWN, Model, State


def combats_the_long_way(s: State, field: Any) -> list[list[str]]:
    seen: set[str] = set()
    groups = []
    for m in s.models.values():
        if m.id in seen or not enemies_touching(s, field, m):
            continue
        group, todo = [], [m]
        seen.add(m.id)
        while todo:
            cur = todo.pop()
            group.append(cur.id)
            for e in enemies_touching(s, field, cur):
                if e.id not in seen:
                    seen.add(e.id)
                    todo.append(e)
        groups.append(sorted(group))
    return sorted(groups)


def reach_the_long_way(game: Game, m: Model) -> dict[tuple[int, int], tuple[str, int]]:
    """reach as it was written before: the walk's table, the run's squares added, reordered."""
    field, s = field_of(game), game.state
    enemies, friends = squares_of(s, m)
    if m.status == KNOCKED_DOWN:
        return dict.fromkeys(move_costs(field, m.at, 2, mode="crawl", enemies=enemies, friends=friends), ("crawl", 2))
    walking = ("walk", m.m // 2 if m.stood_up else m.m)
    out = dict.fromkeys(move_costs(field, m.at, walking[1], mode="walk", enemies=enemies, friends=friends), walking)
    if not may_run(s, m):
        return out
    run = move_costs(field, m.at, 2 * m.m, mode="run", enemies=enemies, friends=friends)
    for sq in run:
        out.setdefault(sq, ("run", 2 * m.m))
    if len(out) == len(run):
        return {sq: out[sq] for sq in run}
    return {sq: out[sq] for sq in sorted(out, key=lambda sq: (sq[1], sq[0]))}


class Watching:
    def __init__(self, seats: dict[str, Any]) -> None:
        self.seats = seats
        self.models = self.combats = self.routes = 0

    def choose(self, game: Game, d: Decision) -> tuple[Action, str]:
        s: State = game.state
        field = field_of(game)
        if s.phase != "setup":
            for m in s.models.values():
                assert in_combat(s, field, m) == bool(enemies_touching(s, field, m)), m.name
                self.models += 1
            assert [[m.id for m in g] for g in combats(s, field)] == combats_the_long_way(s, field)
            self.combats += 1
        found = d.context.get("destinations")
        if found is not None:
            m = s.models[d.context["figure"]]
            assert list(reach(game, m).items()) == list(reach_the_long_way(game, m).items()), m.name
            # Asked square by square (no table made), over the whole battlefield: the same.
            whole, asked = reach_the_long_way(game, m), reach(game, m)
            assert bool(asked) == bool(whole), m.name
            for sq in field.squares():
                assert (sq in asked) == (sq in whole) and asked.get(sq) == whole.get(sq), (m.name, sq)
            width = field.width
            for route in routes_to(game, m, found).values():
                assert route.kinds == Route(route.cost, route.tests, route.steps).kinds
                at = m.at
                for step in route.steps:
                    assert step.origin == at[1] * width + at[0], (m.name, route)
                    at = step.to
                self.routes += 1
        seat = self.seats.get(d.seat) or self.seats["*"]
        return seat.choose(game, d)  # type: ignore[no-any-return]


@pytest.mark.parametrize("scenario", ["border_patrol", "hold_the_ruin"])
def test_the_short_ways_give_the_long_ways_answers(scenario: str) -> None:
    game, watching = played_through(GAME, {"adventure": scenario}, game_seed(7, 1), True, Watching)
    assert game.over
    assert watching.models > 1000 and watching.combats > 50 and watching.routes > 500
