"""The automated warband in the barrow tomb (spec §7.3, "AI: objective = the relic if on the
table, else the nearest unsearched sarcophagus (then search); carrier move_toward(own_edge); its
friends move_toward(carrier, stop_at=2); enemy carrier = objective_holder"): situations laid
by hand, the decision offered as the rules offer it, and the choice with the reason the log
shows; then whole battles in which the relic leaves the table in a carrier's hands."""
from __future__ import annotations

from test_sk_ai import act, choose, game_of
from sk_scenario import unit

from dungeon_tui.batch import game_seed
from dungeon_tui.rulesets.skirmish.game import GAME

TOMB = "barrow_tomb"
HIDDEN = {"searched": [], "found": False, "relic_at": None}


def tomb(*models, **marks):
    return game_of(*models, scenario=TOMB, roles={"1": "side_1", "2": "side_2"}, **{**HIDDEN, **marks})


def goes_to(game, mid, squares):
    """Where the model goes among the offered squares (or stays), and why."""
    offered = [act("move", model=mid, to=list(sq)) for sq in squares]
    action, why = choose(game, *offered, act("stay", model=mid), figure=mid)
    return action.get("to"), why


def test_the_carrier_makes_no_charge_even_at_a_tempting_target():
    boss = unit("orc_bigboss", "w2_01", (24, 17), name="Big Boss", leader=True, carrying=True)
    xbow = unit("empire_crossbowman", "w1_01", (20, 17), name="Crossbowman")  # easy prey, 4 away
    game = tomb(boss, xbow, found=True, searched=["B"])
    action, _ = choose(game, act("declare_charge", model="w2_01", target="w1_01"), act("end_charges"))
    assert action.kind == "end_charges"


def test_the_carrier_walks_the_relic_toward_its_own_edge():
    boss = unit("orc_bigboss", "w2_01", (24, 17), name="Big Boss", leader=True, carrying=True)
    sword = unit("empire_swordsman", "w1_01", (14, 17), name="Swordsman")
    game = tomb(boss, sword, found=True, searched=["B"])
    action, why = choose(game, act("move_model", model="w2_01"), act("end_movement"))
    assert action.kind == "move_model"
    # Side 2 deploys in columns 32-35: its own edge is the east one, x = 35.
    to, why = goes_to(game, "w2_01", [(x, 17) for x in (20, 21, 22, 23, 25, 26, 27, 28)])
    assert to == (28, 17)
    assert why == ("Big Boss (relic movement, line 1): it carries the relic: "
                   "moves toward its own table edge, to 28,17")


def test_a_free_relic_in_reach_is_taken_up_before_any_charge():
    boy = unit("orc_boy", "w2_01", (24, 10), name="Orc Boy")
    sword = unit("empire_swordsman", "w1_01", (24, 16), name="Swordsman")  # chargeable, 6 away
    game = tomb(boy, sword, found=True, searched=["A"], relic_at=[28, 10])
    action, _ = choose(game, act("declare_charge", model="w2_01", target="w1_01"), act("end_charges"))
    assert action.kind == "end_charges"
    to, why = goes_to(game, "w2_01", [(x, 10) for x in (25, 26, 27, 28)])
    assert to == (28, 10)
    assert why == ("Orc Boy (relic movement, line 3): the relic lies within its reach: "
                   "moves to 28,10 and takes up the relic lying at 28,10")


def test_an_enemy_carrier_is_charged_before_the_best_odds():
    boy = unit("orc_boy", "w2_01", (24, 10), name="Orc Boy")
    captain = unit("empire_captain", "w1_01", (24, 15), name="Captain", leader=True, carrying=True)
    xbow = unit("empire_crossbowman", "w1_02", (28, 10), name="Crossbowman")  # the better odds
    game = tomb(boy, captain, xbow, found=True, searched=["C"])
    action, why = choose(game, act("declare_charge", model="w2_01", target="w1_02"),
                         act("declare_charge", model="w2_01", target="w1_01"), act("end_charges"))
    assert (action.kind, action.get("target")) == ("declare_charge", "w1_01")
    assert why == ("Orc Boy (relic movement, line 2): can charge Captain (who carries the relic): "
                   "charges Captain")


def test_with_the_relic_hidden_the_leader_runs_for_the_nearest_sarcophagus():
    boss = unit("orc_bigboss", "w2_01", (30, 16), name="Big Boss", leader=True)
    game = tomb(boss, unit("empire_swordsman", "w1_01", (2, 16), name="Swordsman"))
    to, why = goes_to(game, "w2_01", [(x, 16) for x in range(22, 30)])
    assert to == (22, 16)
    assert why == ("Big Boss (leader movement, line 2): the scenario's objective calls and no enemy within 12: "
                   "runs toward sarcophagus B at 19,16, to 22,16 (the relic is still hidden)")


def test_a_model_at_a_sarcophagus_searches_it_instead_of_shooting():
    archer = unit("orc_arrer_boy", "w2_01", (20, 17), name="Arrer Boy")
    sword = unit("empire_swordsman", "w1_01", (12, 17), name="Swordsman")
    game = tomb(archer, sword, searched=["A"])
    action, why = choose(game, act("shoot", model="w2_01", target="w1_01", weapon="bow", shots=1),
                         act("search", model="w2_01", objective="B"), act("end_shooting"))
    assert (action.kind, action.get("objective")) == ("search", "B")
    assert why == ("Arrer Boy (search, line 1): next to sarcophagus B, not yet searched: "
                   "searches sarcophagus B (the relic on 4+)")


def test_a_searched_sarcophagus_makes_nobody_an_objective_holder():
    """objective_holder (melee line 1) means the carrier, or a model at the free relic or at an
    unsearched sarcophagus: a model beside a searched one is charged for the odds, not for it."""
    boy = unit("orc_boy", "w2_01", (24, 17), name="Orc Boy")
    by_searched = unit("empire_swordsman", "w1_01", (20, 17), name="Swordsman")  # beside B, searched
    game = tomb(boy, by_searched, searched=["B"])
    _action, why = choose(game, act("declare_charge", model="w2_01", target="w1_01"), act("end_charges"))
    assert "line 2" in why and "the best odds" in why
    game = tomb(boy, by_searched)  # B not yet searched: the swordsman holds the objective
    _action, why = choose(game, act("declare_charge", model="w2_01", target="w1_01"), act("end_charges"))
    assert "line 1" in why and "on the objective" in why


def _battle(i):
    game = GAME.new_game({"adventure": TOMB}, game_seed(1, i))
    game.run(GAME.ai_controllers())
    return game


def test_whole_battles_end_with_the_relic_carried_off_by_the_side_that_found_it():
    """Seeded battles with the scripts on both sides (seeds of `simulate --seed 1`) in which a
    model searches, finds the relic, and its side walks it off by its own edge."""
    carried = 0
    for i in range(12):
        game = _battle(i)
        why = game.state.result["why"]
        if "carries the relic off" not in why:
            continue
        carried += 1
        takers = [e.data["model"] for e in game.events if e.kind == "relic"]
        winner = game.state.result["winner"]
        assert game.state.models[takers[-1]].side == winner
        reasons = [r for _a, r in game.decisions]
        assert any("(search, line 1)" in r for r in reasons)
        assert any("(relic movement, line 1): it carries the relic" in r for r in reasons)
    assert carried >= 1
