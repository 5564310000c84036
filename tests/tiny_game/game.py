"""Goblin Cellar as one game object: everything the command line, the app, simulate, fuzz and
replay use, declared once (see dungeon_tui/engine/contract.py and docs/adding-a-game.md)."""
from __future__ import annotations

from typing import Any

from dungeon_tui.engine.content import Bundle
from dungeon_tui.engine.contract import Hero, Invariants, Ruleset, Setup, SetupError, choose_party, hero_seat
from dungeon_tui.engine.game import DUNGEON, Controller, Game, Procedure
from dungeon_tui.engine.presenter import Presenter

from .ai import Companion, Goblins
from .content import load_content
from .presenter import PRESENTER
from .rules import procedure
from .state import GOBLIN, HERO, Figure, State


class GoblinCellar(Ruleset[State, Bundle]):
    id = "goblin-cellar"
    title = "Goblin Cellar"
    rules_version = "1"
    setup_model = Setup  # no options beyond the cellar and the party
    load = staticmethod(load_content)

    def heroes(self) -> list[Hero]:
        return [Hero(hid, p.name, hero_seat(hid)) for hid, p in self.content()["heroes.yaml"].heroes.items()]

    def adventures(self) -> list[tuple[str, str]]:
        return [(cid, c.name) for cid, c in self.content()["cellars.yaml"].cellars.items()]

    def settle(self, options: Setup, content: Bundle) -> dict[str, Any]:
        order = tuple(content["heroes.yaml"].heroes)
        heroes = choose_party(options.heroes, order, "hero", most=len(order))
        cellar = options.adventure or self.default_adventure()
        if cellar not in content["cellars.yaml"].cellars:
            raise SetupError(f"unknown cellar {cellar!r}; see `dungeon-tui list`")
        return {"heroes": heroes, "adventure": cellar}

    def new_state(self, setup: dict[str, Any], content: Bundle, seed: int) -> State:
        cellar = content["cellars.yaml"].cellars[setup["adventure"]]
        s = State(setup["adventure"], cellar.width, cellar.height, list(setup["heroes"]),
                  {h: hero_seat(h) for h in setup["heroes"]})
        x, y = cellar.stairs
        for i, hid in enumerate(s.party):  # down the stairs one behind the other
            p = content["heroes.yaml"].heroes[hid]
            s.figures[hid] = Figure(hid, HERO, p.name, p.letter, (x + i, y), p.hp, p.hp, p.defence)
        for n, g in enumerate(cellar.goblins, 1):
            s.figures[f"g{n}"] = Figure(f"g{n}", GOBLIN, f"Goblin {n}", "g", g.at, g.hp, g.hp, g.defence)
        return s

    def procedure(self, game: Game) -> Procedure:
        return procedure(game)

    def view(self, state: State, seat: str) -> dict[str, Any]:
        return state.to_dict()  # nothing is hidden in a lit cellar

    def controllers(self) -> dict[str, Controller]:
        return {DUNGEON: Goblins(), "*": Companion()}

    def presenter(self) -> Presenter:
        return PRESENTER

    def invariants(self) -> Invariants:
        return Invariants(check, tuple(self.content()["cellars.yaml"].cellars))

    def tally(self, game: Game) -> dict[str, int]:
        s: State = game.state
        return {"rounds": s.round, "heroes fallen": sum(1 for h in s.party if not s.figures[h].alive),
                "goblins slain": sum(1 for f in s.figures.values() if f.side == GOBLIN and not f.alive)}

    def won(self, result: dict[str, Any]) -> bool:
        return result.get("outcome") == "victory"


def check(game: Game) -> list[str]:
    """What must hold after every decision: hit points in range, figures inside the cellar,
    never two living figures on one square."""
    s: State = game.state
    problems = [f"{f.id} has {f.hp} of {f.max_hp} HP" for f in s.figures.values() if not -1 < f.hp <= f.max_hp]
    problems += [f"{f.id} stands outside the cellar at {f.pos}" for f in s.figures.values()
                 if not (0 <= f.pos[0] < s.width and 0 <= f.pos[1] < s.height)]
    squares = [f.pos for f in s.figures.values() if f.alive]
    if len(squares) != len(set(squares)):
        problems.append("two living figures share a square")
    return problems


GAME = GoblinCellar()
