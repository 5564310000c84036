"""The AI's charge test reads only a charge's cheapest end, from a search that stops once that
end is settled (moves.nearest_charge_end): at every decision of whole battles, for every model
on the table and every enemy within a straight run of it, that end and its route are those of
the whole charge search (charge_squares: lowest cost, then tests, then y, x), and None exactly
when the charge has no end."""
from __future__ import annotations

from typing import Any

import pytest
from offer_promises import played_through

from dungeon_tui.batch import game_seed
from dungeon_tui.engine.game import Action, Decision, Game
from dungeon_tui.rulesets.skirmish.ai.plan import Plan
from dungeon_tui.rulesets.skirmish.battle import field_of
from dungeon_tui.rulesets.skirmish.distance import distance
from dungeon_tui.rulesets.skirmish.game import GAME
from dungeon_tui.rulesets.skirmish.moves import _search, _key, charge_squares, nearest_charge_end
from dungeon_tui.rulesets.skirmish.distance import contact_squares
from dungeon_tui.rulesets.skirmish.state import State


class Comparing:
    def __init__(self, seats: dict[str, Any]) -> None:
        self.seats = seats
        self.compared = self.reached = 0

    def choose(self, game: Game, d: Decision) -> tuple[Action, str]:
        s: State = game.state
        field = field_of(game)
        for m in s.models.values():
            if not (m.on_table and m.standing):
                continue
            p = Plan(game, m, d)
            enemies = p.squares_of(3 - m.side)
            friends = [sq for sq in p.squares_of(m.side) if sq != m.at]
            for e in p.enemies():
                if distance(m.at, e.at) > 2 * m.m + 2:
                    continue
                ends = charge_squares(field, m.at, 2 * m.m, e.at, enemies=enemies, friends=friends)
                want = None
                if ends:
                    end = min(ends, key=lambda sq: (ends[sq].cost, ends[sq].tests, sq[1], sq[0]))
                    want = (end, ends[end])
                # The stopping search itself, never a kept answer: the same end and route.
                goals = [sq for sq in contact_squares(field, e.at) if field.standable(sq)]
                key = _key(m.at, 2 * m.m, "charge", [*[x for x in enemies if x != e.at], e.at], goals)
                alone = _search(field, *key[:4], tuple(g for g in key[4] or () if g not in friends),
                                nearest=True)[0] or {}
                got = None
                if alone:
                    end = min(alone, key=lambda sq: (alone[sq].cost, alone[sq].tests, sq[1], sq[0]))
                    got = (end, alone[end])
                assert got == want, (m.name, e.name)
                assert nearest_charge_end(field, m.at, 2 * m.m, e.at, enemies=enemies, friends=friends) == want
                self.compared += 1
                self.reached += want is not None
        seat = self.seats.get(d.seat) or self.seats["*"]
        return seat.choose(game, d)  # type: ignore[no-any-return]


@pytest.mark.parametrize("scenario,mixed", [("border_patrol", False), ("barrow_tomb", True)])
def test_the_nearest_charge_end_is_the_whole_searchs_cheapest(scenario: str, mixed: bool) -> None:
    compared = reached = 0
    for i in range(2):
        game, comparing = played_through(GAME, {"adventure": scenario}, game_seed(1, i), mixed, Comparing)
        assert game.over
        compared, reached = compared + comparing.compared, reached + comparing.reached
    print(compared, reached)
    assert reached >= 50 and compared - reached >= 10, (compared, reached)
