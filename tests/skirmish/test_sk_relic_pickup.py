"""The barrow relic is taken up at the end of any move (specs/skirmish.md §7.3: "a standing model
picks up a free relic by ending its move on or next to it"): a charge and an interception are
moves too; a fleeing model never takes it."""
from __future__ import annotations

from sk_scenario import Picks, events, run, state, unit

from dungeon_tui.rulesets.skirmish import relic
from dungeon_tui.rulesets.skirmish.charges import resolve


def _tomb(*models, relic_at):
    s = state(*models, scenario="barrow_tomb")
    s.roles = {"1": "side_1", "2": "side_2"}
    s.objectives = {"searched": ["A"], "found": True, "relic_at": list(relic_at)}
    return s


def test_a_charge_ending_next_to_the_relic_takes_it_up():
    sword = unit("empire_swordsman", "w1_01", (2, 2))
    boy = unit("orc_boy", "w2_01", (8, 2))
    s = _tomb(sword, boy, relic_at=(6, 3))
    game = run(s, lambda g: resolve(g, sword, boy, False), [])
    assert sword.at == (7, 2) and sword.charged
    assert sword.carrying and s.objectives["relic_at"] is None
    (took,) = events(game, "relic")
    assert took["model"] == "w1_01"


def test_a_charge_ending_away_from_the_relic_leaves_it():
    sword = unit("empire_swordsman", "w1_01", (2, 2))
    boy = unit("orc_boy", "w2_01", (8, 2))
    s = _tomb(sword, boy, relic_at=(5, 5))
    run(s, lambda g: resolve(g, sword, boy, False), [])
    assert sword.at == (7, 2) and not sword.carrying and s.objectives["relic_at"] == [5, 5]


def test_an_interceptor_stepping_next_to_the_relic_takes_it_up_first():
    sword = unit("empire_swordsman", "w1_01", (2, 2))
    boy = unit("orc_boy", "w2_01", (8, 2))
    guard = unit("orc_boy", "w2_02", (5, 4), name="Orc Boy 2")
    s = _tomb(sword, boy, guard, relic_at=(4, 3))
    game = run(s, lambda g: resolve(g, sword, boy, False), [], seats=Picks(("hold", {})))
    assert guard.at == (4, 2) and sword.at == (3, 2)  # both end next to the relic: the interceptor moved first
    assert guard.carrying and not sword.carrying
    assert [e["model"] for e in events(game, "relic")] == ["w2_02"]


def test_a_fleeing_model_never_takes_the_relic():
    rat = unit("clanrat", "w2_01", (4, 4), fleeing=True)
    s = _tomb(unit("empire_swordsman", "w1_01", (20, 20)), rat, relic_at=(4, 5))

    def proc(g):
        relic.take_up(g, rat)
        return
        yield

    run(s, proc, [])
    assert not rat.carrying and s.objectives["relic_at"] == [4, 5]
