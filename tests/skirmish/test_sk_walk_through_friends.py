"""§5.3: a model moves through friends but ends on none.  Found by the fuzzer (hold_the_ruin,
seed 130607193583385169, decision 328): a Swordsman whose route crossed his Captain's square
to a drop stood on that square while his drop test was rolled, so two models shared it."""
from __future__ import annotations

import dataclasses

from sk_scenario import rolls, state, unit

from dungeon_tui.engine.dice import ForcedChance
from dungeon_tui.engine.game import CHANCE, Game
from dungeon_tui.engine.scenario import ScenarioRules
from dungeon_tui.rulesets.skirmish import invariants
from dungeon_tui.rulesets.skirmish.content import load_content
from dungeon_tui.rulesets.skirmish.movement import destinations, walk


def _roof() -> object:
    """Border patrol's table as open ground with a roof of floor 5 over x 10-14, y 10-14."""
    c = load_content()
    sc = c.scenarios["border_patrol"]
    grid = ["." * 36 for _ in range(36)]
    for y in range(10, 15):
        grid[y] = ("." * 10 + "55555").ljust(36, ".")
    return dataclasses.replace(c, scenarios={**c.scenarios, "border_patrol": sc.model_copy(update={"map": grid})})


def _walk_past_friend(faces: list[tuple[int, ...]]) -> tuple[Game, list[list[str]], object, object]:
    orc = unit("orc_boy", "w2_01", (11, 12))
    boss = unit("orc_bigboss", "w2_02", (14, 12))  # on the roof's edge, on the orc's way to the drop

    def go(g: Game):
        route = destinations(g, orc)[(20, 12)]
        assert (14, 12) in route.path and route.steps[-6].way == "drop"
        return (yield from walk(g, orc, route))

    game = Game(ScenarioRules(state(orc, boss), go), {}, 0, _roof())
    forced = ForcedChance(faces)
    problems = []
    while not game.over:
        assert game.pending.seat == CHANCE
        problems.append(invariants.check(game))  # as the fuzzer checks, with the roll pending
        game.play(*forced.choose(game, game.pending))
    problems.append(invariants.check(game))
    return game, problems, orc, boss


def test_a_model_crossing_a_friend_to_a_drop_never_shares_his_square():
    game, problems, orc, boss = _walk_past_friend([(1,), (2,)])
    assert [r["outcome"] for r in rolls(game, "sk.move.drop")] == ["success", "success"]
    assert problems == [[], [], []]
    assert orc.at == (20, 12) and boss.at == (14, 12)


def test_a_failed_drop_from_a_friends_square_falls_beside_the_drop():
    game, problems, orc, boss = _walk_past_friend([(6,), (1,), (1,)])  # fails; a D3 of 1 hit; it does not wound
    assert [r["outcome"] for r in rolls(game, "sk.move.drop")] == ["fail"]
    assert all(p == [] for p in problems)
    assert orc.at == (15, 12) and boss.at == (14, 12)
