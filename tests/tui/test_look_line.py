"""The look line breaks between its phrases, so a figure's numbers stay with its name."""
from dungeon_tui.tui.look_line import pack
from dungeon_tui.tui.map_view import MapView

from .helpers import at_first_choice, wait_for
from .test_ashardalon import ash_session, set_up


def test_phrases_stay_whole_where_they_fit():
    text = "1,2 the start tile's north half · V Vistra AC 18 HP 8/8 · trap"
    assert pack(text, 80) == [text]
    assert pack(text, 45) == ["1,2 the start tile's north half", "V Vistra AC 18 HP 8/8 · trap"]
    assert pack(text, 31) == ["1,2 the start tile's north half", "V Vistra AC 18 HP 8/8 · trap"]
    assert pack(text, 21) == ["1,2 the start tile's", "north half", "V Vistra AC 18 HP 8/8", "trap"]


def test_a_narrow_panel_keeps_a_figures_armour_class_with_its_name():
    session = set_up(ash_session(1, ("quinn", "vistra")))

    async def look(app, pilot):
        mv = app.screen.query_one(MapView)
        mv.move_cursor_to(session.game.state.figures["vistra"].pos)
        widget = app.screen.query_one("#look")
        assert await wait_for(pilot, lambda: "Vistra" in str(widget.render()))
        lines = str(widget.render()).splitlines()
        assert len(lines) == 2 and lines[1].startswith("V Vistra") and "AC 18" in lines[1]
        assert widget.size.height == 2
    at_first_choice(session, (100, 40), look)
