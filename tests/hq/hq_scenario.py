"""HeroQuest positions on a real quest board, and one rule run with forced dice."""
from __future__ import annotations

from typing import Any
from collections.abc import Callable

from dungeon_tui.engine.dice import ForcedChance
from dungeon_tui.engine.game import CHANCE, Game
from dungeon_tui.engine.scenario import ScenarioRules
from dungeon_tui.rulesets.heroquest import board
from dungeon_tui.rulesets.heroquest.content import load_content
from dungeon_tui.rulesets.heroquest.game import GAME
from dungeon_tui.rulesets.heroquest.state import State


def trial(heroes: dict[str, tuple[int, int]], open_doors: list[str] = (), quest: str = "the_trial") -> State:
    """A quest (The Trial unless named) with heroes standing where given, some doors open, and
    what they see revealed."""
    c = load_content()
    s = GAME.new_state(GAME.normalise_setup({"heroes": list(heroes), "adventure": quest}), c, 0)
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


class Picks:
    """A player who makes the listed choices in order: (kind, {arg: value}) matched against the
    offered actions; when the list runs out, the first of `then` that is offered."""

    def __init__(self, *picks: tuple[str, dict[str, Any]], then: tuple[str, ...] = ("end_turn", "pass", "die")) -> None:
        self.picks = list(picks)
        self.then = then
        self.seen: list[dict[str, Any]] = []  # the context of every decision it was asked


    def choose(self, game: Game, d: Any) -> tuple[Any, str]:
        self.seen.append(dict(d.context, kinds=[a.kind for a in d.options]))
        if self.picks:
            kind, args = self.picks[0]
            for a in d.options:
                if a.kind == kind and all(a.get(k) == (tuple(v) if isinstance(v, list) else v)
                                          for k, v in args.items()):
                    self.picks.pop(0)
                    return a, "scripted"
            raise AssertionError(f"{kind} {args} not offered: {[str(a) for a in d.options]}")
        for kind in self.then:
            for a in d.options:
                if a.kind == kind:
                    return a, "scripted"
        return d.options[0], "scripted"


def run(state: State, proc: Callable[[Game], Any], dice: list[Any], dungeon: Any = None, heroes: Any = None) -> Game:
    c = load_content()
    game = Game(ScenarioRules(state, proc, GAME.view), {}, 0, c, c.digest)
    forced = ForcedChance(dice)
    while not game.over:
        d = game.pending
        if d.seat == CHANCE:
            action, why = forced.choose(game, d)
        elif heroes is not None and d.seat.startswith("hero:"):
            action, why = heroes.choose(game, d)
        elif dungeon is not None:
            action, why = dungeon.choose(game, d)
        else:
            action, why = d.options[0], "test"
        game.play(action, why)
    assert not forced.outcomes, f"unused forced dice: {forced.outcomes}"
    return game


def rolls(game: Game, rule: str | None = None) -> list[dict]:
    return [e.to_json() for e in game.events if e.kind == "roll" and (rule is None or e.data["rule"] == rule)]
