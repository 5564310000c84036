"""HeroQuest positions on a real quest board, and one rule run with forced dice."""
from __future__ import annotations

from typing import Any, Callable

from dungeon_tui.engine.dice import ForcedChance
from dungeon_tui.engine.game import CHANCE, Game
from dungeon_tui.engine.scenario import ScenarioRules
from dungeon_tui.rulesets.heroquest import board
from dungeon_tui.rulesets.heroquest.ruleset import RULESET, load_content
from dungeon_tui.rulesets.heroquest.state import State



def trial(heroes: dict[str, tuple[int, int]], open_doors: list[str] = ()) -> State:
    """The Trial with heroes standing where given, some doors open, and what they see revealed."""
    c = load_content()
    s = RULESET.new_state({"heroes": list(heroes), "adventure": "the_trial"}, c, 0)
    for hid, sq in heroes.items():
        s.figures[hid].pos = sq
    for d in open_doors:
        s.doors[d] = "open"
    s.grid = board.build_grid(s, c)
    for hid in heroes:
        board.reveal_from(s, c, s.figures[hid].pos)
    return s


def door_id(edge: tuple[tuple[int, int], tuple[int, int]]) -> str:
    c = load_content()
    wanted = tuple(sorted(edge))
    for did, e in board.door_edges(c.quests["the_trial"]).items():
        if tuple(sorted(e)) == wanted:
            return did
    raise KeyError(edge)


def run(state: State, proc: Callable[[Game], Any], dice: list[Any], dungeon: Any = None) -> Game:
    c = load_content()
    game = Game(ScenarioRules(state, proc, RULESET.view), {}, 0, c, c.digest)
    forced = ForcedChance(dice)
    while not game.over:
        d = game.pending
        if d.seat == CHANCE:
            action, why = forced.choose(game, d)
        elif dungeon is not None:
            action, why = dungeon.choose(game, d)
        else:
            action, why = d.options[0], "test"
        game.play(action, why)
    assert not forced.outcomes, f"unused forced dice: {forced.outcomes}"
    return game


def rolls(game: Game, rule: str | None = None) -> list[dict]:
    return [e.to_json() for e in game.events if e.kind == "roll" and (rule is None or e.data["rule"] == rule)]
