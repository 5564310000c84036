"""Shorter searches and lines give the same answers: a charge's destination is weighed by the
costs of a search of the charge's own allowance (2M) as by one of twice it (4M), at every
destination decision of battles played by mixed players; and a line's eye, a target's top and
middle read off the quarter-level floors are eye(), top() and mid() on every square."""
from __future__ import annotations

from typing import Any

import pytest
from offer_promises import played_through

from dungeon_tui.batch import game_seed
from dungeon_tui.engine.game import Action, Decision, Game
from dungeon_tui.rulesets.skirmish.ai.plan import Plan
from dungeon_tui.rulesets.skirmish.battle import field_of
from dungeon_tui.rulesets.skirmish.game import GAME
from dungeon_tui.rulesets.skirmish.moves import move_options
from dungeon_tui.rulesets.skirmish.sight import Q, _heights, eye, mid, top
from dungeon_tui.rulesets.skirmish.state import State
from dungeon_tui.rulesets.skirmish.terrain import battlefield_for

SCENARIOS = ["border_patrol", "defend_the_village", "barrow_tomb", "hold_the_ruin"]


class Watching:
    def __init__(self, seats: dict[str, Any]) -> None:
        self.seats = seats
        self.destinations = 0

    def choose(self, game: Game, d: Decision) -> tuple[Action, str]:
        if d.options and d.options[0].kind == "choose_destination":
            s: State = game.state
            m = s.models[d.context["figure"]]
            squares = [(a.get("to")[0], a.get("to")[1]) for a in d.options]
            p = Plan(game, m, d)
            enemies = p.squares_of(3 - m.side)
            friends = [sq for sq in p.squares_of(m.side) if sq != m.at]
            twice = move_options(field_of(game), m.at, 4 * m.m, mode="charge", enemies=enemies,
                                 friends=friends, goals=squares)
            assert p.route_costs(squares, "charge") == {sq: r.cost for sq, r in twice.items()}, m.name
            assert set(twice) == set(squares), m.name  # every end offered lies within 2M
            self.destinations += 1
        seat = self.seats.get(d.seat) or self.seats["*"]
        return seat.choose(game, d)  # type: ignore[no-any-return]


@pytest.mark.parametrize("scenario", ["border_patrol", "barrow_tomb"])
def test_a_charge_weighs_its_ends_by_its_own_allowance_as_by_twice_it(scenario: str) -> None:
    found = 0
    for i in range(3):
        game, watching = played_through(GAME, {"adventure": scenario}, game_seed(11, i), True, Watching)
        assert game.over
        found += watching.destinations
    assert found >= 8, found


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_eye_top_and_middle_off_the_quarter_floors(scenario: str) -> None:
    field = battlefield_for(GAME.content(), scenario)
    tall, squares = _heights(field)
    for n, sq in enumerate(squares):
        if field.height_at(sq) is None:
            continue
        assert field.floor_q[n] + Q == eye(field, sq)
        assert field.floor_q[n] + Q == top(field, sq, True) and field.floor_q[n] + Q // 2 == top(field, sq, False)
        assert field.floor_q[n] + Q // 2 == mid(field, sq, True) and field.floor_q[n] + Q // 4 == mid(field, sq, False)
        assert tall[n] == max(field.block_q[n], field.floor_q[n] + Q)
