"""The map widget: the ASCII glyph set for every game (chosen by the app's setting or by the
terminal's locale), the compact layout that fits a whole HeroQuest board at 120x40, and the
geometry (columns, lines, clicks) in every layout."""
import asyncio
import importlib

import pytest

from dungeon_tui.engine.game import DUNGEON
from dungeon_tui.tui.app import DungeonApp
from dungeon_tui.tui.glyphs import UNKNOWN, terminal_is_utf8, to_ascii, wants_ascii
from dungeon_tui.tui.map_view import MapView

from .helpers import fp6_session, hq_session, map_lines, offers, settled, wait_for
from .test_ashardalon import ash_session

SESSIONS = {"warhammer_quest": fp6_session, "heroquest": hq_session, "ashardalon": ash_session}
BOX = set("│─┼┤├┴┬┘└┐┌")


def presenter_glyphs(game: str) -> list[str]:
    """Every glyph a game's presenter module paints: its module-level strings, cells and tables."""
    mod = importlib.import_module(f"dungeon_tui.rulesets.{game}.presenter")
    out: list[str] = []

    def collect(value, depth=0):
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, (tuple, list)) and depth < 3:
            for v in value:
                collect(v, depth + 1)
        elif isinstance(value, dict) and depth < 3:
            for v in value.values():
                collect(v, depth + 1)
    for name, value in vars(mod).items():
        if name.isupper() and name not in ("HELP",):
            collect(value)
    return out


@pytest.mark.parametrize("game", [*sorted(SESSIONS), "catakombs", "skirmish"])
def test_every_glyph_a_presenter_paints_has_an_ascii_form_of_the_same_width(game):
    glyphs = presenter_glyphs(game)
    assert any(not g.isascii() for g in glyphs)  # the game does use box drawing and blocks
    for g in glyphs:
        plain = to_ascii(g)
        assert plain.isascii()
        if "…" not in g:  # only legends have an ellipsis; a map cell keeps its width
            assert len(plain) == len(g), g
        assert plain.count(UNKNOWN) == g.count(UNKNOWN), f"{g!r} has a character without an ASCII form"


def test_the_legend_translates_with_the_map():
    from dungeon_tui.rulesets.heroquest.presenter import LEGEND
    plain = to_ascii(LEGEND)
    assert plain.isascii() and ">> stairway" in plain and "## blocked" in plain and ":: not yet seen" in plain
    assert "+ closed door" in plain and "/ open door" in plain


def test_the_locale_decides_when_the_app_does_not():
    assert terminal_is_utf8({"LANG": "en_US.UTF-8"}) and terminal_is_utf8({"LANG": "C.utf8"})
    assert not terminal_is_utf8({"LANG": "C"}) and not terminal_is_utf8({"LANG": "en_US.ISO-8859-1"})
    assert terminal_is_utf8({})  # nothing set: UTF-8
    # LC_ALL, then LC_CTYPE, then LANG; an empty one counts as unset.
    assert not terminal_is_utf8({"LC_ALL": "C", "LANG": "en_US.UTF-8"})
    assert terminal_is_utf8({"LC_ALL": "", "LC_CTYPE": "de_DE.UTF-8", "LANG": "C"})
    # LANG=C as Python sees it after turning the C locale into C.UTF-8 itself (PEP 538)
    assert not terminal_is_utf8({"LANG": "C", "LC_CTYPE": "C.UTF-8"})
    assert not wants_ascii(None, {"LANG": "en_US.UTF-8"}) and wants_ascii(None, {"LANG": "C"})
    assert wants_ascii(True, {"LANG": "en_US.UTF-8"}) and not wants_ascii(False, {"LANG": "C"})


def run_map(session, size, body, ascii_map=None, messages=None):
    """Run `await body(app, pilot, map)` once the game screen's map shows the first human choice;
    every message posted goes into `messages` if given."""
    async def run():
        app = DungeonApp(session)
        app.ascii_map = ascii_map
        async with app.run_test(size=size, message_hook=None if messages is None else messages.append) as pilot:
            # Offered, not only pending: a choice shown after the body began centres the cursor on
            # its hero (at load 2 on CI it moved a clicked cursor from 3,15 back to 1,14).
            assert await wait_for(pilot, lambda: offers(app) and bool(app.screen.query(MapView)))
            await pilot.pause()
            # The tests choose the layout themselves (the screen fits HeroQuest's board by going
            # compact when it would not show whole): they start from the full one.
            app.screen.layout_chosen = True
            app.screen.query_one(MapView).compact = False
            await pilot.pause()
            await body(app, pilot, app.screen.query_one(MapView))
    asyncio.run(run())


def played(session, decisions: int):
    """The session after the AI has made `decisions` choices for every seat: figures on the map."""
    game = session.game
    for _ in range(decisions):
        if game.pending is None:
            break
        game.play(*session.ai_choice(game.pending))
    return session


@pytest.mark.parametrize("game", sorted(SESSIONS))
def test_ascii_on_every_map_line_is_seven_bit(game):
    session = played(SESSIONS[game](), 60)

    async def body(app, pilot, mv):
        assert mv.ascii
        lines = map_lines(mv)
        assert all(line.isascii() for line in lines), [line for line in lines if not line.isascii()]
        drawn = "".join(lines)
        assert any(ch.isalpha() for ch in drawn) and set(drawn) & set("#.:")  # figures, and walls, floor or fog
        mv.ascii = False  # the same map in the games' own glyphs is not ASCII: the setter redraws
        assert not all(line.isascii() for line in map_lines(mv))
    run_map(session, (160, 60), body, ascii_map=True)


def test_zargons_view_of_a_whole_board_is_ascii_in_both_layouts():
    session = hq_session(3)

    async def body(app, pilot, mv):
        board = session.ruleset.presenter().board(session.game, DUNGEON)  # rock, hidden doors, every wall
        mv.show(board.cells, board.bounds, set(), None, board.edges)
        for compact in (False, True):
            mv.compact = compact
            lines = map_lines(mv)
            assert all(line.isascii() for line in lines) and "#" in "".join(lines)
    run_map(session, (200, 60), body, ascii_map=True)


@pytest.mark.parametrize("lang, box", [("C", False), ("en_US.UTF-8", True)])
def test_without_a_setting_the_terminal_locale_picks_the_glyphs(monkeypatch, lang, box):
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_CTYPE", raising=False)
    monkeypatch.setenv("LANG", lang)
    session = hq_session(3)

    async def body(app, pilot, mv):
        drawn = set("".join(map_lines(mv)))
        assert mv.ascii is not box
        assert bool(drawn & BOX) is box and ("#" in drawn) is not box
    run_map(session, (120, 40), body)


def walls_between_rooms(game):
    """Every pair of orthogonal neighbours in different areas of the board (rooms, corridors)."""
    areas = game.content.areas
    pairs = []
    for (x, y), area in areas.items():
        for other in ((x + 1, y), (x, y + 1)):
            if other in areas and areas[other] != area:
                pairs.append(((x, y), other))
    return pairs


def style_at(strip, col):
    """The style of the cell at column `col` of a rendered line."""
    x = 0
    for seg in strip:
        if x <= col < x + len(seg.text):
            return seg.style
        x += len(seg.text)
    return None


def test_compact_fits_the_whole_heroquest_board_at_120x40_and_walls_still_part_the_rooms():
    session = hq_session(3)

    async def body(app, pilot, mv):
        x0, y0, x1, y1 = mv.bounds
        assert (x1 - x0 + 1, y1 - y0 + 1) == (26, 19)
        assert mv.virtual_size.width > mv.size.width or mv.virtual_size.height > mv.size.height  # does not fit
        mv.toggle_compact()
        await pilot.pause()
        assert mv.compact and mv.virtual_size.width <= mv.size.width and mv.virtual_size.height <= mv.size.height
        assert mv.square_col(1) - mv.square_col(0) == 2  # one column per square, one per wall
        px, py = mv._pad()
        lines = map_lines(mv)
        for x in range(x0, x1 + 1):  # every square is on screen, drawn where the geometry says
            for y in range(y0, y1 + 1):
                col, line = mv.square_col(x) + px, mv.square_line(y) + py
                assert 0 <= col < mv.size.width and 0 <= line < mv.size.height
                assert mv.square_at(mv.square_col(x), mv.square_line(y)) == (x, y)
        b = lines[mv.square_line(y0 + 0) + py]
        assert b.strip()  # the top row of squares (fog) is drawn
        # Zargon sees every wall: no two areas run together in the compact layout.
        board = session.ruleset.presenter().board(session.game, DUNGEON)
        mv.show(board.cells, board.bounds, set(), None, board.edges)
        await pilot.pause()
        lines = map_lines(mv)
        for a, b in walls_between_rooms(session.game):
            text, role = board.edges[(a, b)]
            if a[1] == b[1]:  # side by side: the wall column between them shows the wall or the door
                ch = lines[mv.square_line(a[1]) + py][mv.square_col(b[0]) - 1 + px]
                assert ch != " " and role in ("wall", "door"), (a, b, ch)
            elif not text.startswith("/"):  # one above the other: a line under the upper one
                strip = mv.render_line(mv.square_line(a[1]) + py)
                assert style_at(strip, mv.square_col(a[0]) + px).underline, (a, b)
        # Squares of one area are not underlined from one another.
        inside = next((x, y) for (x, y), area in session.game.content.areas.items()
                      if session.game.content.areas.get((x, y + 1)) == area and ((x, y), (x, y + 1)) not in board.edges)
        strip = mv.render_line(mv.square_line(inside[1]) + py)
        assert not style_at(strip, mv.square_col(inside[0]) + px).underline
    run_map(session, (120, 40), body)


def test_compact_uses_two_columns_a_square_when_the_board_fits_so_and_back_again():
    session = hq_session(3)

    async def body(app, pilot, mv):
        mv.compact = True
        await pilot.pause()
        assert mv.square_col(1) - mv.square_col(0) == 3 and mv.virtual_size.height == 20
        assert mv.virtual_size.width <= mv.size.width
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert mv.square_col(1) - mv.square_col(0) == 2  # narrower: one column a square
        mv.toggle_compact()
        assert not mv.compact and mv.square_col(1) - mv.square_col(0) == 3 and mv.virtual_size.height == 39
    run_map(session, (140, 60), body)


@pytest.mark.parametrize("compact", [False, True])
def test_click_and_cursor_find_the_same_square_in_either_layout(compact):
    session = hq_session(3)
    messages = []

    async def body(app, pilot, mv):
        mv.compact = compact
        await settled(pilot, mv)
        target = (3, 15)  # the start room, beside the heroes
        for _ in range(3):
            messages.clear()
            px, py = mv._pad()
            sx, sy = mv.scroll_offset
            await pilot.click(MapView, offset=(mv.square_col(target[0]) + px - sx, mv.square_line(target[1]) + py - sy))
            await pilot.pause()
            if mv.cursor == target or tuple(mv.scroll_offset) == (sx, sy):
                break
            # On a loaded machine a centring asked before the test began (after the layout
            # changed) can scroll the map between the offset read and the click: aim again.
        chosen = {m.square for m in messages if isinstance(m, MapView.SquareChosen)}  # seen as it bubbles up
        assert mv.cursor == target and chosen == {target}
        await app.run_action("cursor(1,0)", mv)  # the cursor moves one square and is drawn there
        assert mv.cursor == (4, 15)
        strip = mv.render_line(mv.square_line(15) + py - mv.scroll_offset[1])
        assert style_at(strip, mv.square_col(4) + px - mv.scroll_offset[0]).reverse
        assert not style_at(strip, mv.square_col(3) + px - mv.scroll_offset[0]).reverse
    run_map(session, (120, 40), body, messages=messages)


def test_warhammer_quest_map_geometry_round_trips_in_both_layouts():
    session = fp6_session()

    async def body(app, pilot, mv):
        x0, y0, x1, y1 = mv.bounds
        for compact in (False, True):
            mv.compact = compact
            await pilot.pause()
            for x in range(x0, x1 + 1):
                for y in range(y0, y1 + 1):
                    assert mv.square_at(mv.square_col(x), mv.square_line(y)) == (x, y)
    run_map(session, (100, 30), body)


def test_compact_shows_a_closed_door_in_a_wall_below_a_square_and_a_gap_once_it_is_open():
    # Found in play: in the compact board the stairway room's only way out (the door under
    # [3,17] in The Trial) was the same underline as the wall, so a new player saw no exit.
    session = hq_session(3)

    async def body(app, pilot, mv):
        mv.compact = True
        await pilot.pause()
        px, py = mv._pad()
        door, wall = (3, 17), (2, 17)

        def seen(sq):
            strip = mv.render_line(mv.square_line(sq[1]) + py)
            col = mv.square_col(sq[0]) + px
            return strip.text[col], style_at(strip, col)
        mv.move_cursor_to((10, 5), centre=False)  # away from the door
        mv._rows.clear()
        ch, style = seen(door)
        assert ch == "+" and style.underline  # the door, in the line of the wall
        ch, style = seen(wall)
        assert ch == "·" and style.underline  # the wall beside it: floor above a line
        game = session.game
        (did,) = [d for d, e in board_doors(game).items() if sorted(e) == [(3, 17), (3, 18)]]
        game.state.doors[did] = "open"
        app.screen.redraw(centre=False)
        await pilot.pause()
        ch, style = seen(door)
        assert ch == "·" and not style.underline  # open: a gap in the line
    run_map(session, (120, 40), body)


def board_doors(game):
    from dungeon_tui.rulesets.heroquest import board
    return board.doors_of(game.state, game.content)


def test_compact_one_column_board_shows_a_monster_number_in_the_open_wall_column_beside_it():
    # Found in play: "Dwarf attacks Orc 2" or "Orc 4"? One column a square showed both as "o".
    session = hq_session(3)

    async def body(app, pilot, mv):
        mv.compact = True
        await pilot.pause()
        assert mv.square_col(1) - mv.square_col(0) == 2  # one column a square
        px, py = mv._pad()
        cells = dict(mv.cells)
        cells[(2, 16)] = ("o4", "monster")  # in the stairway room, nothing to its right but floor
        cells[(4, 16)] = ("o5", "monster")  # against the room's east wall: the wall stays
        cells[(1, 17)], cells[(2, 17)] = ("o6", "monster"), ("B ", "hero")  # side by side: no "o6B"
        mv.show(cells, mv.bounds, set(), None, mv.edges)
        mv.move_cursor_to((10, 5), centre=False)
        await pilot.pause()
        row = mv.render_line(mv.square_line(16) + py).text
        col = mv.square_col(2) + px
        assert row[col:col + 2] == "o4"
        col = mv.square_col(4) + px
        assert row[col] == "o" and row[col + 1] == "│"
        row = mv.render_line(mv.square_line(17) + py).text
        col = mv.square_col(1) + px
        assert row[col:col + 3] == "o B"
    run_map(session, (120, 40), body)


def test_compact_wall_column_beside_an_unseen_square_is_fog_not_the_seen_square_floor():
    # Found in play: at the corridor's edge of what was seen, the column between a seen floor
    # square and an unseen one showed the seen square's dot, so the unseen square looked seen.
    session = hq_session(3)

    async def body(app, pilot, mv):
        mv.compact = True
        await pilot.pause()
        px, py = mv._pad()
        cells = dict(mv.cells)
        cells[(20, 9)], cells[(21, 9)] = ("░░", "fog"), ("· ", "floor")  # unseen to the west, as at [8,9]
        edges = dict(mv.edges)
        edges[((20, 9), (21, 9))] = (" ", "fog")
        mv.show(cells, mv.bounds, set(), None, edges)
        mv.move_cursor_to((10, 5), centre=False)
        await pilot.pause()
        row = mv.render_line(mv.square_line(9) + py).text
        col = mv.square_col(21) + px
        assert row[col - 2:col + 1] == "░░·"
    run_map(session, (120, 40), body)


def test_a_preview_in_ascii_never_reads_as_a_wall():
    # Warhammer Quest's section and area previews and Ashardalon's tile preview paint ▒▒.
    assert to_ascii("▒▒") != to_ascii("██") and "#" not in to_ascii("▒▒")
