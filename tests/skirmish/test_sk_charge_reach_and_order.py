"""The warband's shortcuts in choosing who acts give the long ways' answers at every decision of
whole battles: a model with no enemy within a charge's reach that the seat does not weigh for a
charge would have declared none, its scripts weighed in full; and the acting order, the nearest
enemies' distances handed on from board to board, is the order measured afresh."""
from __future__ import annotations

from test_sk_ai import play_checking

from dungeon_tui.rulesets.skirmish.ai import WarbandSeat
from dungeon_tui.rulesets.skirmish.ai.seat import _CHARGERS, ROLE_ORDER, scripts
from dungeon_tui.rulesets.skirmish.distance import nearest_distance
from dungeon_tui.rulesets.skirmish.phase_offers import ModelChoice

SCENARIOS = ["border_patrol", "defend_the_village", "barrow_tomb", "hold_the_ruin"]


def has_charge_entry(seat: WarbandSeat, game, me) -> bool:
    """may_charge as it was: some charge view the model's plan runs has a charge entry."""
    scripts(game.content)
    chargers = _CHARGERS[game.content.digest]
    first = game.content.scenario_movement.get(game.content.scenarios[game.state.scenario].victory)
    name = seat.role_script(game, me, "movement")
    return any(f"{script}:charges" in chargers for script in (first, name) if script is not None)


def test_a_model_not_weighed_for_a_charge_would_declare_none():
    seat = WarbandSeat()
    skipped = 0

    def check(game, d):
        nonlocal skipped
        if not (isinstance(d, ModelChoice) and d.end.kind == "end_charges"):
            return
        for mid in d.models:
            me = game.state.models[mid]
            if not me.on_table or seat.may_charge(game, me) or not has_charge_entry(seat, game, me):
                continue
            found = seat.movement_plan(game, d, me, "charges")
            assert found is not None
            assert not any(kind == "declare_charge" for kind, _ in found[0].intents), (me.name, found[1])
            skipped += 1

    play_checking(SCENARIOS, check)
    assert skipped >= 20, skipped


def test_the_acting_order_is_measured_afresh():
    seat = WarbandSeat()
    orders = 0

    def check(game, d):
        nonlocal orders
        s = game.state
        for side in (1, 2):
            models = [m for m in s.models.values() if m.side == side and m.on_table]
            rank = {role: i for i, role in enumerate(ROLE_ORDER)}
            fresh = sorted(models, key=lambda m: (
                rank.get(m.role, 9), nearest_distance(m.at, [e.at for e in s.on_table(3 - side)], none=99), m.id))
            assert [m.id for m in seat.acting_order(game, models)] == [m.id for m in fresh]
            orders += 1

    play_checking(SCENARIOS, check)
    assert orders >= 1000, orders
