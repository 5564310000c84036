"""A choice of a square (where a model deploys, where it moves: square_offers.py) asked by kind
is the whole list filtered by kind, in order, with the same words; the squares in the decision's
context are the offered squares, in order; the finder a replay uses finds each offer and nothing
else; the AI's `offer_for` finds the offer it asks for without choosing it; and the AI never has
a whole list made.  Checked at every choice of a square of a battle of each scenario by the AI,
and by mixed players (one choice in four random).  A phase's choice of a model (phase_offers.py)
is lazy too: its finder finds a model's move or hide by kind, and its offers model by model are
the whole list's."""
from __future__ import annotations

from typing import Any

import pytest
from offer_promises import CheckingFind, played_through, words

from dungeon_tui.batch import game_seed
from dungeon_tui.engine import game as engine
from dungeon_tui.engine.game import Action, Decision, Game, LazyDecision
from dungeon_tui.rulesets.skirmish.game import GAME
from dungeon_tui.rulesets.skirmish.phase_offers import ModelChoice

SCENARIOS = [sid for sid, _ in GAME.adventures()]
# Each kind a choice of a square offers, both together, and kinds the AI asks of any decision.
ASKED = [("deploy",), ("move",), ("stay",), ("move", "stay"), ("hide",), ("declare_charge",), ("shoot",)]


def placed(a: Action) -> tuple[int, int]:
    return tuple(a.get("at") if a.kind == "deploy" else a.get("to"))  # type: ignore[return-value]


class Checking:
    """Wraps the seats: at every choice of a square, asks it by kind first, then reads the whole
    list and compares; then lets the seat choose (from the whole list, equal by the promise)."""

    def __init__(self, seats: dict[str, Any]) -> None:
        self.seats = seats
        self.checked = 0

    def choose(self, game: Game, d: Decision) -> tuple[Action, str]:
        squares = d.context.get("squares", d.context.get("destinations"))
        if isinstance(d, LazyDecision) and squares is not None:
            by_kind = {kinds: d.offers_of(*kinds) for kinds in ASKED}
            everything = d.options
            for kinds, found in by_kind.items():
                assert words(found) == words([a for a in everything if a.kind in kinds]), (kinds, d.prompt)
            assert [placed(a) for a in everything if a.kind in ("deploy", "move")] == list(squares), d.prompt
            assert {a.get("model") for a in everything} == {d.context["figure"]}, d.prompt
            self.checked += 1
        seat = self.seats.get(d.seat) or self.seats["*"]
        return seat.choose(game, d)  # type: ignore[no-any-return]


PLAYS = {"ai": False, "mixed": True}


def played(scenario: str, play: str, wrap: Any) -> tuple[Game, Any]:
    return played_through(GAME, {"adventure": scenario}, game_seed(5, 0), PLAYS[play], wrap)


@pytest.mark.parametrize("play", list(PLAYS))
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_offers_by_kind_are_the_whole_list_filtered_in_order(scenario: str, play: str) -> None:
    game, checking = played(scenario, play, Checking)
    assert game.result is not None and checking.checked > 20


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_replays_finder_finds_each_offer_and_nothing_else(scenario: str) -> None:
    game, checking = played(scenario, "ai", CheckingFind)
    assert game.result is not None and checking.found > 1000 and checking.refused > 100


def test_offer_for_finds_the_offer_in_its_words_and_chooses_nothing() -> None:
    """Asked before the list is made, `offer_for` gives the ruleset's offer (its words), None for
    a square not offered, and leaves the decision to be read and played as before."""
    game = GAME.new_game({"adventure": "border_patrol"}, game_seed(5, 0))
    d = game.pending
    while not (isinstance(d, LazyDecision) and "squares" in d.context):
        # Falling faces, so the roll-off has a winner.
        game.play(d.options[0] if d.chance is None else d.chance.action(range(d.chance.count, 0, -1)))
        d = game.pending
    model = d.context["figure"]
    sq = d.context["squares"][3]
    asked = d.offer_for(Action.make(d.seat, "deploy", at=sq, model=model))
    assert asked is not None and asked.text.endswith(f"at {sq[0]},{sq[1]}")
    assert d.offer_for(Action.make(d.seat, "deploy", at=(-1, -1), model=model)) is None
    assert d.offer_for(Action.make(d.seat, "deploy", at=sq, model=model + "x")) is None
    whole = d.options  # still made: nothing was chosen
    assert words([asked]) == words([whole[3]])
    game.play(asked)
    assert game.state.models[model].pos == sq


def test_the_ai_never_has_a_whole_list_of_squares_made(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    whole = LazyDecision.options

    def reading(d: LazyDecision) -> list[Action]:
        square = "squares" in d.context or "destinations" in d.context  # not a phase's choice of a model
        if square and d._make is not None and d._make is not engine._played:
            made.append(d.prompt)
        return whole.fget(d)  # type: ignore[no-any-return]
    monkeypatch.setattr(LazyDecision, "options", property(reading, whole.fset))
    for scenario in SCENARIOS:
        game = GAME.new_game({"adventure": scenario}, game_seed(5, 1))
        game.keep_events = False
        game.run(GAME.ai_controllers())
        assert game.result is not None and len(game.decisions) > 100
    assert made == []


class CheckingModels:
    """Wraps the seats: at every phase's choice of a model (phase_offers.py), before the list is
    made, the finder a replay uses is asked for every model's move and hide (made by kind: the
    model's other offers are not made); it finds exactly those the whole list holds, in its words."""

    def __init__(self, seats: dict[str, Any]) -> None:
        self.seats = seats
        self.found = self.refused = 0

    def choose(self, game: Game, d: Decision) -> tuple[Action, str]:
        if isinstance(d, LazyDecision) and d.context.get("phase") == "movement":
            asked = [Action.make(d.seat, kind, model=mid) for mid in game.state.models
                     for kind in ("move_model", "hide")]
            got = [d._find(a) for a in asked]
            everything = d.options
            for a, found in zip(asked, got, strict=True):
                offered = next((o for o in everything if o == a), None)
                assert words([found] if found else []) == words([offered] if offered else []), (a, d.prompt)
                self.found += found is not None
                self.refused += found is None
        seat = self.seats.get(d.seat) or self.seats["*"]
        return seat.choose(game, d)  # type: ignore[no-any-return]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_movement_choice_finds_a_models_move_or_hide_by_kind(scenario: str) -> None:
    game, checking = played(scenario, "ai", CheckingModels)
    assert game.result is not None and checking.found > 50 and checking.refused > 50


class CheckingByModel:
    """Wraps the seats: at every phase's choice of a model, its offers model by model (what the AI
    reads, in its acting order) are the whole list's offers naming that model, in order, with
    the same words, and the kinds it says it holds are those of the whole list."""

    def __init__(self, seats: dict[str, Any]) -> None:
        self.seats = seats
        self.checked = 0

    def choose(self, game: Game, d: Decision) -> tuple[Action, str]:
        if isinstance(d, ModelChoice):
            by_model = {mid: d.offers_by(mid) for mid in reversed(d.models)}  # asked out of order
            holds = {kind: d.offers_any(kind) for kind in ("declare_charge", "move_model", "hide", "shoot")}
            everything = d.options
            for mid, offers in by_model.items():
                assert words(offers) == words([a for a in everything if a.get("model") == mid]), (mid, d.prompt)
            assert holds == {kind: any(a.kind == kind for a in everything) for kind in holds}, d.prompt
            assert d.offers_by("nobody") == [] and everything[-1] == d.end
            self.checked += 1
        seat = self.seats.get(d.seat) or self.seats["*"]
        return seat.choose(game, d)  # type: ignore[no-any-return]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_phase_choice_of_a_model_offers_model_by_model_as_the_whole_list(scenario: str) -> None:
    game, checking = played(scenario, "ai", CheckingByModel)
    assert game.result is not None and checking.checked > 20
