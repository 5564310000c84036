"""Goblin Cellar as the screens show it: a grid of floor, heroes (their letter) and goblins
(g and a number); the party's hit points; a help page."""
from __future__ import annotations

from typing import Any

from dungeon_tui.engine.game import Action, Decision, Game
from dungeon_tui.engine.presenter import (
    Board, Card, Cell, PresenterDefaults, Sq, Verb, aimed_at, bar, deciding_hero, goes_to,
)

HELP = """[b]Goblin Cellar[/b]
Each round every hero has two actions: step to a free square beside him, or attack a goblin
beside him (a die, hitting on the goblin's defence or more). Then every goblin steps or
attacks the same way. Slay every goblin to win; the game is lost when every hero falls or
after 30 rounds."""


class GoblinCellarPresenter(PresenterDefaults):
    help = HELP
    legend = "K A heroes   g1 g2 goblins   · floor   * where you may go"
    verbs: tuple[Verb, ...] = ()
    dungeon_player: str | None = "Goblin boss"  # a player may take the goblins (hotseat)
    aim_kinds: tuple[str, ...] = ("attack",)
    walk_kinds: tuple[str, ...] = ()
    end_kinds: tuple[str, ...] = ("end",)
    walk_stops: frozenset[str] = frozenset()

    def board(self, game: Game, seat: str) -> Board:
        view: dict[str, Any] = game.view(seat)
        cells: dict[Sq, Cell] = {(x, y): ("· ", "floor") for x in range(view["width"]) for y in range(view["height"])}
        for f in view["figures"].values():
            if f["hp"] > 0:
                glyph = f["letter"] + " " if f["side"] == "hero" else f["letter"] + f["id"][-1]
                cells[tuple(f["pos"])] = (glyph, "hero" if f["side"] == "hero" else "monster")
        return Board(cells, (0, 0, view["width"] - 1, view["height"] - 1))

    def status(self, game: Game, seat: str) -> str:
        s = game.state
        return f"Round {s.round}  ·  goblins left {len(s.living('goblin'))}"

    def party(self, game: Game, seat: str) -> list[str]:
        return [f"{f.name:7} {bar(f.hp, f.max_hp, 6)} {f.hp}/{f.max_hp}" for f in game.state.living("hero")]

    def hero_of(self, game: Game, decision: Decision | None) -> str | None:
        return deciding_hero(game, decision)

    def sheet(self, game: Game, seat: str, hero: str) -> str:
        f = game.state.figures[hero]
        return f"{f.name}: {f.hp}/{f.max_hp} HP, defence {f.defence}"

    def hand(self, game: Game, seat: str, hero: str) -> list[Card]:
        return []

    def focus(self, game: Game, decision: Decision | None) -> Sq | None:
        who = decision.context.get("figure") if decision else None
        return game.state.figures[who].pos if who in game.state.figures else None

    def look(self, game: Game, seat: str, square: Sq) -> str:
        f = game.state.at(square)
        return f"{f.name}, {f.hp} HP, defence {f.defence}" if f else f"floor at {square[0]},{square[1]}"

    def summary(self, game: Game) -> str:
        result = game.result or {}
        return f"{str(result.get('outcome', 'over')).capitalize()}: {result.get('why', '')}."

    def squares_of(self, game: Game, seat: str, action: Action) -> list[Sq]:
        sq = goes_to(action) or aimed_at(game, action)
        return [sq] if sq is not None else []

    def walks(self, game: Game, decision: Decision | None) -> dict[Sq, list[Sq]]:
        return {}


PRESENTER = GoblinCellarPresenter()
