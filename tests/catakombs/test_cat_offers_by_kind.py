"""A figure's choice of action asked by kind (what the AI reads) is the whole list filtered by
kind, in order, with the same words; the finder a replay uses finds each offer and nothing else;
and the AI, asking only by kind, never has a figure's whole list made.  Checked at every
figure's choice of a game of every quest by the AI, and by mixed players with every optional
rule (they duel, and a duellist's offers are filtered)."""
from __future__ import annotations

from typing import Any

import pytest
from offer_promises import CheckingFind, played_through, words

from dungeon_tui.batch import game_seed
from dungeon_tui.engine import game as engine
from dungeon_tui.engine.game import Action, Decision, Game, LazyDecision
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.catakombs.acts import OFFER_ORDER
from dungeon_tui.rulesets.catakombs.ai.hero_words import QUEST_DEEDS
from dungeon_tui.rulesets.catakombs.ai.master import SIDE_KINDS

GAME = get("catakombs")
QUESTS = [qid for qid, _ in GAME.adventures()]
TURN_KINDS = ("switch_hero", "end_activation", "end_heroes_turn", "switch_figure", "pass", "pass_turn")
# Each kind alone, and the groups the AI asks together.
ASKED = [(k,) for k in OFFER_ORDER + TURN_KINDS] + [QUEST_DEEDS, SIDE_KINDS, ("walk", "run"),
                                                    ("melee", "end_activation", "shoot")]


class Checking:
    """Wraps the AI seats: at every figure's choice, asks it by kind first, then reads the whole
    list and compares; then lets the AI choose from the whole list (equal by the promise)."""

    def __init__(self, seats: dict[str, Any]) -> None:
        self.seats = seats
        self.checked = 0

    def choose(self, game: Game, d: Decision) -> tuple[Action, str]:
        if isinstance(d, LazyDecision):
            by_kind = {kinds: d.offers_of(*kinds) for kinds in ASKED}
            everything = d.options
            for kinds, found in by_kind.items():
                assert words(found) == words([a for a in everything if a.kind in kinds]), (kinds, d.prompt)
            # The Master's seat takes a figure's choice as the figure's alone (ai/master.py).
            assert {a.get("figure") for a in everything} == {d.context["figure"]}, d.prompt
            self.checked += 1
        seat = self.seats.get(d.seat) or self.seats["*"]
        return seat.choose(game, d)  # type: ignore[no-any-return]


OPTIONS = {"unexpected_events": True, "duels": True, "critical_hits": True}
# The AI never challenges, so duels (whose offers are filtered) come from the mixed players.
PLAYS = {"ai": ({}, 0, False), "mixed-options-0": (OPTIONS, 0, True), "mixed-options-1": (OPTIONS, 1, True)}


def played(quest: str, play: str, wrap: Any) -> tuple[Game, Any]:
    """A game of `quest` played by the AI or mixed players (PLAYS) through `wrap`, the checker."""
    extra, i, mixed = PLAYS[play]
    return played_through(GAME, {"adventure": quest, **extra}, game_seed(7, i), mixed, wrap)


@pytest.mark.parametrize("play", list(PLAYS))
@pytest.mark.parametrize("quest", QUESTS)
def test_offers_by_kind_are_the_whole_list_filtered_in_order(quest: str, play: str) -> None:
    game, checking = played(quest, play, Checking)
    assert game.result is not None and checking.checked > 50


def test_the_ai_never_has_a_figures_whole_list_made(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    whole = LazyDecision.options

    def reading(d: LazyDecision) -> list[Action]:
        if d._make is not None and d._make is not engine._played:
            made.append(d.prompt)
        return whole.fget(d)  # type: ignore[no-any-return]
    monkeypatch.setattr(LazyDecision, "options", property(reading, whole.fset))
    game = GAME.new_game({"adventure": "lost_treasure", "duels": True}, game_seed(1, 0))
    game.keep_events = False
    game.run(GAME.ai_controllers())
    assert game.result is not None and len(game.decisions) > 300
    assert made == []


@pytest.mark.parametrize("play", ["ai", "mixed-options-0"])
@pytest.mark.parametrize("quest", QUESTS)
def test_the_replays_finder_finds_each_offer_and_nothing_else(quest: str, play: str) -> None:
    game, checking = played(quest, play, CheckingFind)
    assert game.result is not None and checking.found > 1000 and checking.refused > 100
