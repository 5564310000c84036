"""Wrath of Ashardalon positions on a hand-laid dungeon, and one rule run with forced d20s."""
from __future__ import annotations

from typing import Any
from collections.abc import Callable

from dungeon_tui.engine.dice import ForcedChance
from dungeon_tui.engine.game import CHANCE, DUNGEON, Game
from dungeon_tui.engine.scenario import ScenarioRules
from dungeon_tui.rulesets.ashardalon import board
from dungeon_tui.rulesets.ashardalon.arrivals import spawn
from dungeon_tui.rulesets.ashardalon.content import load_content
from dungeon_tui.rulesets.ashardalon.game import GAME
from dungeon_tui.rulesets.ashardalon.geometry import ROTATION_BEYOND, beyond, lay_out
from dungeon_tui.rulesets.ashardalon.state import VILLAIN, Figure, State


def dungeon(heroes: dict[str, tuple[int, int]], adventure: str = "a_day_in_the_life", **setup: Any) -> State:
    """The start tile (cells (0,0) start_n and (0,1) start_s) with heroes on the given squares;
    decks empty (tests put cards where they need them), no villain phase yet."""
    c = load_content()
    s = GAME.new_state(GAME.normalise_setup({"heroes": list(heroes), "adventure": adventure, **setup}), c, 0)
    assert [t.tile for t in s.tiles] == ["start"]  # a new state already has the start tile
    for hid, sq in heroes.items():
        s.figures[hid].pos = sq
    s.active = next(iter(heroes))
    return s


def add_tile(s: State, tile: str, src: tuple[int, int], side: str) -> tuple[int, int]:
    """Lay `tile` beyond `side` of cell `src`, entry facing back (as exploring would); returns its cell."""
    c = load_content()
    placed, _ = lay_out(c.tiles, tile, beyond(src, side), ROTATION_BEYOND[side])
    placed.doors = []  # no door tokens in these positions
    s.tiles.append(placed)
    board.relayout(s, c)
    return placed.cells[0]


def monster(s: State, kind: str, sq: tuple[int, int], holder: str | None = None, copy: int = 1) -> Figure:
    """A monster figure on a square; its card held by `holder` (default: the first hero)."""
    card = f"{kind}#{copy}"
    s.rows[holder or s.party[0]].append(card)
    g = _G(s)
    figs = spawn(g, card, (sq[0] // 4, sq[1] // 4), at=sq)
    assert figs and figs[0].pos == sq, f"{kind} could not stand on {sq}"
    return figs[0]


def villain(s: State, kind: str, sq: tuple[int, int]) -> Figure:
    c = load_content()
    v = c.villains[kind]
    s.arrivals += 1
    f = Figure(id=kind, kind=kind, side=VILLAIN, name=v.name, pos=sq, hp=v.hp, max_hp=v.hp, ac=v.ac, order=s.arrivals)
    s.figures[f.id] = f
    return f


class _G:
    """What spawn needs of a game: state, content and a place for events."""

    def __init__(self, s: State) -> None:
        self.state, self.content = s, load_content()

    def emit(self, kind: str, **data: Any) -> None:
        pass


class Picks:
    """A seat that makes the listed choices in order: (kind, {arg: value}) matched against the
    offered actions; afterwards the first offered option."""

    def __init__(self, *picks: tuple[str, dict[str, Any]]) -> None:
        self.picks = list(picks)
        self.seen: list[dict[str, Any]] = []

    def choose(self, game: Game, d: Any) -> tuple[Any, str]:
        self.seen.append(dict(d.context, kinds=[a.kind for a in d.options]))
        if self.picks:
            kind, args = self.picks[0]
            for a in d.options:
                if a.kind == kind and all(a.get(k) == (tuple(v) if isinstance(v, list) else v) or a.get(k) == v
                                          for k, v in args.items()):
                    self.picks.pop(0)
                    return a, "scripted"
            raise AssertionError(f"{kind} {args} not offered: {[str(a) for a in d.options]}")
        return d.options[0], "first option"


def run(state: State, proc: Callable[[Game], Any], dice: list[Any], heroes: Any = None, dungeon_seat: Any = None,
        draws: list[int] | None = None) -> Game:
    """Play `proc` on the state: d20 faces from `dice` in order (draws take `draws`, else the
    top card: index 0), hero and dungeon decisions by the given seats, else the first option.
    Every forced face must be used."""
    c = load_content()
    game = Game(ScenarioRules(state, proc, GAME.view), {}, 0, c, c.digest)
    forced = ForcedChance(dice)
    draws = list(draws or [])
    while not game.over:
        assert len(game.decisions) < 5000, "the procedure never ends"  # fail, do not hang
        d = game.pending
        if d.seat == CHANCE:
            if d.chance.kind == "dice":
                action, why = forced.choose(game, d)
            else:
                action, why = d.chance.action(draws.pop(0) if draws else 0), "top card"
        elif d.seat == DUNGEON:
            action, why = (dungeon_seat.choose(game, d) if dungeon_seat else (d.options[0], "test"))
        elif heroes is not None:
            action, why = heroes.choose(game, d)
        else:
            action, why = d.options[0], "test"
        game.play(action, why)
    assert not forced.outcomes, f"unused forced dice: {forced.outcomes}"
    return game


def rolls(game: Game, rule: str | None = None) -> list[dict[str, Any]]:
    return [dict(e.data) for e in game.events if e.kind == "roll" and (rule is None or e.data["rule"] == rule)]


def tactics_lines(game: Game) -> list[dict[str, Any]]:
    """The context of every DUNGEON activation decision asked (figure, line, reason)."""
    return [dict(e.data) for e in game.events if e.kind == "tactics" and "line" in e.data]


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in game.events if e.kind == kind]
