"""What a new player met in an hour of Warhammer Quest (the play-whq trial of issue 16), each
held here: the cursor after an attack, the look line after a heal, drawn cards and spell areas."""
from dungeon_tui.tui.map_view import MapView
from dungeon_tui.tui.session import Options, new_session

from .helpers import at_first_choice, offers, wait_for


def play_by_text(session, *choices: str) -> None:
    """Play a trial's game from its start: each human choice is the option with that text; the
    dungeon and the dice play as the AI and the seed say."""
    game = session.game
    todo = list(choices)
    while todo and game.pending is not None:
        d = game.pending
        if session.is_human(d.seat):
            want = todo.pop(0)
            game.play(next(a for a in d.options if str(a) == want), "")
        else:
            session.play_ai_step()
    assert not todo, f"not offered: {todo[0]}"
    while game.pending is not None and not session.is_human(game.pending.seat):
        session.play_ai_step()


def three_minotaurs():
    """Free the Prisoners, seed 641458: the Dungeon Cell's Event is D3 Minotaurs, 3 of them;
    turn 2, the Barbarian's turn, Minotaur 3 beside him at (3,2)."""
    session = new_session("warhammer-quest", {"adventure": "fp6"}, 641458, options=Options(ai_speed="instant"))
    play_by_text(session, "Barbarian starts at 2,0", "Elf starts at 3,0", "Wizard starts at 1,0",
                 "Dwarf starts at 2,1", "Barbarian moves to 3,1", "Elf ends his turn", "Wizard ends his turn",
                 "Dwarf ends his turn", "the Wizard holds his power")
    return session


def test_the_cursor_stays_on_the_monster_between_two_attacks(tmp_path):
    session = three_minotaurs()
    barbarian = session.game.state.figures["barbarian"]
    barbarian.flags["a_perm"] = 1  # two blows, whatever the berserk roll says

    async def body(app, pilot):
        mv = app.screen.query_one(MapView)
        assert session.game.pending.context.get("figure") == "barbarian"
        mv.move_cursor_to((3, 2))
        made = len(session.game.decisions)
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: len(session.game.decisions) > made and offers(app))
        await pilot.pause(0.1)
        assert session.game.pending.context.get("figure") == "barbarian"
        assert mv.cursor == (3, 2)  # the dice rolled between his two blows did not move it
    at_first_choice(session, (120, 40), body)


def test_the_look_line_follows_the_state_under_a_still_cursor(tmp_path):
    session = three_minotaurs()

    async def body(app, pilot):
        mv = app.screen.query_one(MapView)
        mv.move_cursor_to((3, 1))  # the Barbarian
        await pilot.pause(0.1)
        look = app.screen.query_one("#look")
        assert "Barbarian: 15/15 Wounds" in str(look.render())
        session.game.state.figures["barbarian"].wounds = 9  # as a blow or a heal would leave him
        app.screen.redraw(centre=False)
        await pilot.pause(0.1)
        assert "Barbarian: 9/15 Wounds" in str(look.render())
    at_first_choice(session, (120, 40), body)


def test_e_pressed_in_the_list_gives_the_map_back_when_the_next_choice_has_squares(tmp_path):
    session = three_minotaurs()

    async def body(app, pilot):
        app.screen.query_one("#options").focus()  # the player went to the list (o) earlier
        made = len(session.game.decisions)
        await pilot.press("e")  # the Barbarian ends his turn
        assert await wait_for(pilot, lambda: len(session.game.decisions) > made and offers(app))
        await pilot.pause(0.1)
        assert app.screen.map_has_choices
        # Arrows now move the cursor, not the list's highlight (up from its top wraps to "ends
        # his turn": that is how a turn was ended by mistake in the trial).
        assert isinstance(app.focused, MapView)
    at_first_choice(session, (120, 40), body)


def test_a_choice_just_too_wide_for_the_list_wraps_after_a_resize(tmp_path):
    from dungeon_tui.engine.game import Action, Decision

    from .helpers import fp6_session
    session = fp6_session()

    async def body(app, pilot):
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.2)
        await pilot.resize_terminal(120, 40)
        await pilot.pause(0.2)
        ol = app.screen.query_one("#options")
        width = ol.scrollable_content_region.width
        # As wide as the list would be without its scrollbar: the warning at its end must show.
        text = "Dwarf moves to 0,-1 (into the dark: Lost!)"
        text = text.replace("Dwarf", "Dwarf" + " " * (width - 1 - len(text)), 1)
        options = [Action.make("hero:dwarf", "move", text=text, to=(0, i)) for i in range(30)]
        app.screen._options(Decision("hero:dwarf", "Dwarf: your turn", options), session.game)
        await pilot.pause(0.2)
        lines = [ol.render_line(y).text.strip() for y in range(4)]
        assert lines[1] == "Lost!)", lines
    at_first_choice(session, (120, 40), body)
