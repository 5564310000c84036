"""The lookahead companion (engine/lookahead.py) in the three games that have it: its futures
never read what the heroes cannot see, it picks better than the default where they differ, and
the level is a setup option that leaves records as they were."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from dungeon_tui.engine.contract import SetupError
from dungeon_tui.engine.game import Game, freeze_state
from dungeon_tui.engine.lookahead import LOOKAHEAD, Lookahead
from dungeon_tui.rulesets import get

ASH_PARTY = ["quinn", "vistra", "keyleth"]


def lookahead_of(rs: Any) -> Lookahead:
    la = rs.controllers()["*"].levels[LOOKAHEAD]
    assert isinstance(la, Lookahead)
    return la


def weighed_position(game_id: str, setup: dict[str, Any], seed: int, skip: int = 0) -> tuple[Game, Lookahead]:
    """A game played by the default AI up to a hero decision the lookahead weighs (after
    passing `skip` of them)."""
    rs = get(game_id)
    game = rs.new_game(setup, seed)
    controllers = rs.ai_controllers()
    la = lookahead_of(rs)
    while not game.over:
        decision = game.pending
        assert decision is not None
        action, why = (controllers.get(decision.seat) or controllers["*"]).choose(game, decision)
        if decision.seat.startswith("hero:") and len(la.hooks.candidates(game, decision, action)) > 1:
            if skip == 0:
                return game, la
            skip -= 1
        game.play(action, why)
    raise AssertionError("no decision the lookahead weighs")


def future_scores(game: Game, la: Lookahead) -> list[list[float]]:
    decision = game.pending
    assert decision is not None
    first, _ = la.default.choose(game, decision)
    shadow = la.shadow(game)
    options = la.hooks.candidates(game, decision, first)[:la.hooks.widest]
    return [[la.future(shadow, a, len(game.decisions), n) for n in range(la.hooks.futures)] for a in options]


def hidden_changed(game: Game, la: Lookahead, change: Callable[[Any, Any], None]) -> None:
    """Change what the heroes cannot see now in the state every future starts from (the last
    round boundary's)."""
    shadow = la.shadow(game)
    frame = shadow.keyframes[-1]
    state = frame.state  # a copy of the kept state: changed, then kept in its place
    change(state, game.state)
    shadow.keyframes[-1] = dataclasses.replace(frame, frozen=freeze_state(state))


def whq_hidden(s: Any, now: Any) -> None:
    for pile in s.piles.values():
        pile.reverse()
    s.set_aside.reverse()
    s.event_deck.reverse()
    s.treasure_deck.reverse()


def hq_hidden(s: Any, now: Any) -> None:
    hero = now.figures[now.party[0]]
    for tid, trap in s.traps.items():
        if now.traps[tid]["state"] == "hidden":  # a hidden trap moved under the first hero's feet
            trap["at"] = list(hero.pos)
    for tid, trap in s.furniture_traps.items():
        if not now.furniture_traps[tid].get("known"):
            trap["body_loss"] = 6
    for fid, fig in s.figures.items():
        if fig.side != "hero" and not now.figures[fid].placed:  # the unseen monsters are much tougher
            fig.body, fig.attack = 9, 6


def ash_hidden(s: Any, now: Any) -> None:
    """The cards still in each deck now, in the reverse order (those drawn since the round
    began are left where they were: they are seen)."""
    for name, deck in s.decks.items():
        left = now.decks.get(name, [])
        for i in range(len(deck) - len(left) + 1):
            if left and deck[i:i + len(left)] == left:
                deck[i:i + len(left)] = left[::-1]
                break


CASES = [
    ("warhammer-quest", {"adventure": "fp6"}, 3, whq_hidden),
    ("heroquest", {"adventure": "the_trial"}, 5, hq_hidden),
    ("ashardalon", {"adventure": "the_mysterious_chamber", "heroes": ASH_PARTY}, 7, ash_hidden),
]


def test_ashardalon_hidden_decks_at_a_choice_whose_futures_draw() -> None:
    game, la = weighed_position("ashardalon", CASES[2][1], CASES[2][2], skip=1)
    before = future_scores(game, la)
    hidden_changed(game, la, ash_hidden)
    assert future_scores(game, la) == before


@pytest.mark.parametrize(("game_id", "setup", "seed", "change"), CASES, ids=[c[0] for c in CASES])
def test_futures_do_not_read_what_the_heroes_cannot_see(game_id: str, setup: dict[str, Any], seed: int,
                                                         change: Callable[[Any, Any], None]) -> None:
    """Deck orders, hidden traps and unseen monsters changed: every future scores the same, so
    the choice and its reason are the same too."""
    game, la = weighed_position(game_id, setup, seed)
    before = future_scores(game, la)
    choice = la.choose(game, game.pending)  # type: ignore[arg-type]
    hidden_changed(game, la, change)
    assert future_scores(game, la) == before
    assert la.choose(game, game.pending) == choice  # type: ignore[arg-type]
    assert "futures each" in choice[1]


def test_ashardalon_futures_would_read_the_decks_without_the_fresh_shuffle() -> None:
    """The test above has teeth: with the decks' order left as it is, reversing them changes
    what the futures meet (at the second weighed choice of this game, whose futures draw)."""
    game, la = weighed_position("ashardalon", CASES[2][1], CASES[2][2], skip=1)
    conceal = la.hooks.conceal
    la.hooks.conceal = lambda game, pick: None  # type: ignore[method-assign]
    try:
        before = future_scores(game, la)
        hidden_changed(game, la, ash_hidden)
        assert future_scores(game, la) != before
    finally:
        la.hooks.conceal = conceal  # type: ignore[method-assign]


def test_futures_play_on_their_own_dice_and_leave_the_game_alone() -> None:
    """The game's decisions, state and pending choice are untouched by the futures; the futures
    of one decision are the same each time (the private stream is a function of the seed and
    the decision), and differ from one future number to the next."""
    game, la = weighed_position("warhammer-quest", {"adventure": "fp6"}, 3)
    decisions, digest = list(game.decisions), game.state_hash()
    scores = future_scores(game, la)
    assert game.decisions == decisions and game.state_hash() == digest
    assert future_scores(game, la) == scores
    assert any(len(set(row)) > 1 for row in scores)


def test_whq_lookahead_strikes_where_fresh_futures_agree_it_is_better() -> None:
    """Where the lookahead leaves the default's blow for another, 60 futures on fresh dice (not
    the ones it decided by) find the party better off after its blow than after the default's."""
    game, la = weighed_position("warhammer-quest", {"adventure": "fp6"}, 2026, skip=0)
    deviations = 0
    rs = get("warhammer-quest")
    controllers = rs.ai_controllers()
    while not game.over and deviations < 1:
        decision = game.pending
        assert decision is not None
        action, why = (controllers.get(decision.seat) or controllers["*"]).choose(game, decision)
        if decision.seat.startswith("hero:") and len(la.hooks.candidates(game, decision, action)) > 1:
            picked, reason = la.choose(game, decision)
            if picked != action:
                deviations += 1
                shadow = la.shadow(game)
                index = len(game.decisions)
                fresh = range(1000, 1060)
                mine = sum(la.future(shadow, picked, index, n) for n in fresh) / len(fresh)
                default = sum(la.future(shadow, action, index, n) for n in fresh) / len(fresh)
                assert mine > default, (reason, mine, default)
        game.play(action, why)
    assert deviations == 1


@pytest.mark.parametrize("game_id", ["warhammer-quest", "heroquest", "ashardalon"])
def test_the_level_is_a_setup_option_kept_only_when_chosen(game_id: str) -> None:
    rs = get(game_id)
    extra = {"heroes": ASH_PARTY} if game_id == "ashardalon" else {}
    assert "companion" not in rs.normalise_setup(dict(extra))  # default: records as before
    assert rs.normalise_setup({**extra, "companion": "lookahead"})["companion"] == LOOKAHEAD
    with pytest.raises(SetupError):
        rs.normalise_setup({**extra, "companion": "psychic"})
    assert any(s.key == "companion" for s in rs.settings())  # the new-game form offers it


def test_a_lookahead_game_is_played_by_it_and_replays_from_its_record() -> None:
    """A game with the lookahead companions: reasons say what was weighed, and the record
    replays (the level is an AI setting, the rules never read it)."""
    rs = get("warhammer-quest")
    game = rs.new_game({"adventure": "fp6", "companion": "lookahead"}, 11)
    game.run(rs.ai_controllers())
    weighed = [why for action, why in game.decisions if "futures each" in why]
    assert weighed
    again = rs.new_game({"adventure": "fp6", "companion": "lookahead"}, 11)
    again.replay_actions(game.decisions)
    assert again.state_hash() == game.state_hash() and again.result == game.result
