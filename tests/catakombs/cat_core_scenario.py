"""Catakombs rules run on a hand-built state with forced dice (the worked examples of §10)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dungeon_tui.engine.dice import ForcedChance
from dungeon_tui.engine.game import CHANCE, Game
from dungeon_tui.engine.scenario import ScenarioRules

# A power die's face as the six-sided pip the chance seat answers with.
PIP = {"blank": 1, "I": 3, "I*": 5}


def pd(*faces: str) -> list[int]:
    return [PIP[f] for f in faces]


class Picks:
    """A player who makes the listed choices in order: (kind, {arg: value}) matched against the
    offered actions; when the list runs out, the first offered of `then`."""

    def __init__(self, *picks: tuple[str, dict[str, Any]], then: tuple[str, ...] = ("keep_fate",)) -> None:
        self.picks = list(picks)
        self.then = then

    def choose(self, game: Game, d: Any) -> tuple[Any, str]:
        if self.picks:
            kind, args = self.picks[0]
            for a in d.options:
                if a.kind == kind and all(a.get(k) == (tuple(v) if isinstance(v, list) else v)
                                          for k, v in args.items()):
                    self.picks.pop(0)
                    return a, "scripted"
            keep = next((a for a in d.options if a.kind == "keep_fate"), None)
            if keep is not None:  # fate offers the script does not name are declined
                return keep, "scripted"
            raise AssertionError(f"{kind} {args} not offered: {[str(a) for a in d.options]}")
        for kind in self.then:
            for a in d.options:
                if a.kind == kind:
                    return a, "scripted"
        return d.options[0], "scripted"


def run(state: Any, proc: Callable[[Game], Any], dice: list[Any], players: Any = None,
        content: Any = None) -> Game:
    game = Game(ScenarioRules(state, proc, lambda s, seat: s.to_dict()), {}, 0, content)
    forced = ForcedChance(dice)
    players = players or Picks()
    while not game.over:
        d = game.pending
        action, why = forced.choose(game, d) if d.seat == CHANCE else players.choose(game, d)
        game.play(action, why)
    assert not forced.outcomes, f"dice left over: {forced.outcomes}"
    return game


def rolls(game: Game, rule: str | None = None) -> list[dict[str, Any]]:
    return [e.data for e in game.events if e.kind == "roll" and (rule is None or e.data["rule"] == rule)]


def table(quest: str, placed: dict[str, tuple[int, int]], heroes: list[str] | None = None) -> Any:
    """A quest's state as laid out, with only the named figures on the board, where given."""
    from dungeon_tui.rulesets.catakombs.content import load_content
    from dungeon_tui.rulesets.catakombs.game import GAME
    c = load_content()
    setup = GAME.normalise_setup({"adventure": quest, "heroes": heroes or ["torgils", "esterella", "irf"]})
    s = GAME.new_state(setup, c, 0)
    s.phase, s.turn = "heroes", 2
    for fid, f in s.figures.items():
        if fid in placed:
            f.pos, f.ap = placed[fid], f.stats["ap"]
        elif fid != "uncle":
            f.pos, f.status = None, "dead" if f.side == "hero" else "off"
    return s


def play(state: Any, proc: Callable[[Game], Any], dice: list[Any], *picks: tuple[str, dict[str, Any]],
         then: tuple[str, ...] = ("keep_fate",)) -> Game:
    from dungeon_tui.rulesets.catakombs.content import load_content
    return run(state, proc, dice, Picks(*picks, then=then), load_content())


def act(kind: str, fig: Any, **args: Any) -> Callable[[Game], Any]:
    """A procedure playing one AP action of `fig` as the turn does (paid, then the end checked)."""
    from dungeon_tui.engine.game import Action
    from dungeon_tui.rulesets.catakombs.turns import perform

    def proc(game: Game) -> Any:
        yield from perform(game, fig, Action.make(game.state.seat(fig), kind, figure=fig.id, **args))
    return proc
