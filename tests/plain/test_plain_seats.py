"""Handing a seat to the AI and taking it back in the plain mode (`ai`, `me`, Enter while the
AI plays): the same session calls as the app's space key and seats menu."""
import io
import os

import pytest

from dungeon_tui.plain.console import Console
from dungeon_tui.plain.play import PlainGame

from .helpers import chosen, fresh, played


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path))


def test_ai_plays_the_seat_deciding_now_and_me_takes_it_back():
    s = fresh("heroquest")
    lines = played(s, "water", "ai", "seats", "me", "seats")
    assert "> The AI plays Elf now: me at any choice of yours, or Enter while the AI plays, takes it back." in lines
    # the Elf's pick is the AI's, with its reason; the Wizard's next pick is asked of the player again
    assert any(line.startswith("Chose: Elf takes the earth spells") and "Why: " in line for line in lines)
    assert [(str(a), bool(why)) for a, why in s.game.decisions if a.seat != "chance"] == [
        ("Wizard takes the water spells: Sleep, Veil of Mist, Water of Healing", False),
        ("Elf takes the earth spells: Heal Body, Pass Through Rock, Rock Skin", True)]
    assert "Elf: AI for Player" in lines
    assert "> You play Elf again." in lines
    assert lines[-7:-2] == ["> Barbarian: Player", "Dwarf: Player", "Elf: Player", "Wizard: Player", "Zargon: AI"]
    assert not s.handed


def test_ai_by_name_hands_another_seat_and_me_by_name_takes_an_ai_seat():
    s = fresh("heroquest")
    s.owners["hero:dwarf"] = "AI"
    lines = played(s, "ai elf", "me dwarf", "seats")
    assert "> The AI plays Elf now: me at any choice of yours, or Enter while the AI plays, takes it back." in lines
    assert "> You play Dwarf again." in lines
    assert s.handed == {"hero:elf"} and s.owners["hero:dwarf"] == "Player"
    assert "Elf: AI for Player" in lines and "Dwarf: Player" in lines


def test_a_name_that_is_no_seat_is_one_line():
    lines = played(fresh("heroquest"), "ai dragon", "me")
    assert "> 'dragon' names no seat (help lists the commands)." in lines
    assert "> The AI plays no seat of yours: me NAME takes one of its own (seats lists them)." in lines


def test_enter_while_the_ai_plays_a_handed_seat_takes_it_back():
    s = fresh("heroquest")
    for seat in ("hero:barbarian", "hero:dwarf", "hero:elf", "hero:wizard"):
        s.hand_to_ai(seat)
    main, side = os.openpty()  # a terminal: Enter pressed while the AI plays is seen at once
    os.write(main, b"\nquit\n")  # then, at the first choice asked of the player, quit
    out = io.StringIO()
    try:
        with os.fdopen(side, "r") as read:
            PlainGame(s, Console(read, out)).run()
    finally:
        os.close(main)
    lines = out.getvalue().splitlines()
    assert "You play Barbarian, Dwarf, Elf, Wizard again." in lines
    assert not s.handed
    # the Enter was seen before the AI's first pick: the Wizard's is asked of the player
    assert lines[lines.index("You play Barbarian, Dwarf, Elf, Wizard again.") + 1] == "Wizard: choose a group of spells"
    assert chosen(s) == []
