"""Ashardalon with the players' own decks (`--draws mine`): each Monster, Encounter and Treasure
card is named by the player from the cards left in that deck, recorded as a typed draw, and
the game replays, resumes and undoes exactly; with the app's decks nothing changes."""
import pytest

from dungeon_tui.engine import record
from dungeon_tui.engine.typed_dice import TYPED, TypedFacesError, parse_answer
from dungeon_tui.rulesets import game_from_record
from dungeon_tui.tui.session import Options, load_session, new_session


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path))


def to_the_draw(session, rule):
    """Play on (the app draws the other decks) up to the first draw of this rule."""
    while True:
        d = session.game.pending
        if session.must_type(d) and d.chance.rule == rule:
            return d
        if session.must_type(d):
            session.play_typed(None)
        else:
            session.game.play(*session.ai_choice(d))


def test_a_typed_monster_draw_puts_that_monster_on_the_tile(tmp_path):
    s = new_session("ashardalon", {}, 5, options=Options(draws="mine"))
    assert s.game.setup["own_decks"] is True
    d = to_the_draw(s, "ash.deck.draw.monster")
    spec = d.chance
    assert d.chance.faces[0] == "Gibbering Mouther"  # the app's top card ...
    assert "Grell" in spec.faces and len(spec.faces) == 30  # ... but every card left may be named
    with pytest.raises(TypedFacesError, match="no 'dracolich' is left in this deck"):
        parse_answer(spec, "dracolich")
    seen = len(s.game.events)
    s.play_typed(parse_answer(spec, "gre"))
    appeared = next(e for e in s.game.events[seen:] if e.kind == "monster")
    assert appeared.data["card"].startswith("grell#")
    assert appeared.text.startswith("A Grell appears on the tile west of Quinn")
    assert s.game.decisions[-1][1] == TYPED
    assert not any(c.startswith("grell#") and c == appeared.data["card"] for c in s.game.state.decks["monster"])

    # The record replays it exactly, and a load resumes at the same place.
    s.save(tmp_path / "own.json")
    again = record.replay(record.read(tmp_path / "own.json"), game_from_record)
    assert again.state_hash() == s.game.state_hash() and again.pending.prompt == s.game.pending.prompt
    loaded = load_session(tmp_path / "own.json")
    assert loaded.options.draws == "mine" and loaded.game.state_hash() == s.game.state_hash()

    # Undo takes the typed draw back (a mistyped card can be named again), then another is named.
    assert loaded.undo() and loaded.game.pending.chance.rule == "ash.deck.draw.monster"
    loaded.play_typed(parse_answer(loaded.game.pending.chance, "cave bear"))
    assert any(e.kind == "monster" and e.data["card"].startswith("cave_bear#") for e in loaded.game.events[-6:])


def test_encounter_and_treasure_draws_are_named_too():
    s = new_session("ashardalon", {}, 5, options=Options(draws="mine"))
    treasure = to_the_draw(s, "ash.deck.draw.treasure")
    assert "Crossbow of Speed" in treasure.chance.faces
    encounter = to_the_draw(s, "ash.deck.draw.encounter")
    assert "Bad Luck" in encounter.chance.faces


def test_the_apps_decks_ask_nothing_and_keep_the_setup():
    s = new_session("ashardalon", {}, 5)
    assert "own_decks" not in s.game.setup
    while not s.game.over:
        d = s.game.pending
        assert d.chance is None or not d.chance.rule.startswith("ash.deck.draw")
        s.game.play(*s.ai_choice(d))
