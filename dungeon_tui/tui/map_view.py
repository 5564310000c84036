"""The map: one ScrollView drawn with the Line API, one cached Strip per row.

Two kinds of board: squares side by side (Warhammer Quest, whose walls are squares of their
own), or squares with a one-character wall column between them and a wall row between square
rows (HeroQuest and Ashardalon, whose walls stand on the edges between squares).  In the
second kind the board gives each edge a glyph and the map works out the corners from the
walls that meet there.

A compact layout fits a whole HeroQuest board beside the side panel: no wall rows (a wall under
a square underlines it; a gap in the line is an open way) and one column per square unless the
board fits with two.  Glyphs come in the games' own box-drawing set or in plain ASCII
(glyphs.py), translated here so that no presenter paints twice.

Rows are built as runs of one style (a Segment per run, not per square): a whole 60x60 map is
redrawn in a few milliseconds."""
from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from .glyphs import to_ascii, wants_ascii

Sq = tuple[int, int]
Edge = tuple[Sq, Sq]  # two orthogonal neighbours, left before right, top before bottom
ROLES = ("floor", "pit", "chasm", "wall", "fog", "door", "hero", "monster", "cursor", "reachable", "far", "target",
         "furniture", "trap", "objective")
# A corner's glyph from the walls that meet there: (up, down, left, right).
CORNERS = {(1, 1, 1, 1): "┼", (1, 1, 1, 0): "┤", (1, 1, 0, 1): "├", (1, 0, 1, 1): "┴", (0, 1, 1, 1): "┬",
           (1, 1, 0, 0): "│", (0, 0, 1, 1): "─", (1, 0, 1, 0): "┘", (1, 0, 0, 1): "└", (0, 1, 1, 0): "┐",
           (0, 1, 0, 1): "┌", (1, 0, 0, 0): "│", (0, 1, 0, 0): "│", (0, 0, 1, 0): "─", (0, 0, 0, 1): "─"}
WALLISH = ("wall", "door")
LIT = ("floor", "fog", "door", "pit")  # roles a reachable square's "*" may cover
# A lit square only a longer move reaches (a run): another glyph, so it reads apart without colour.
REACH, FAR = ("* ", "reachable"), (": ", "far")
BLANK = ("  ", "")
OPEN_DOOR = "/"  # an edge glyph starting so is an open door: a way through, not a wall, in the compact layout
# The look of a square: (role, is a target, under the cursor, underlined by a wall beneath it).
Look = tuple[str, bool, bool, bool]


class Line:
    """A row being built: consecutive pieces of one style become one Segment."""

    __slots__ = ("segs", "style", "texts")

    def __init__(self) -> None:
        self.segs: list[Segment] = []
        self.texts: list[str] = []
        self.style: Style | None = None

    def add(self, text: str, style: Style) -> None:
        if style is not self.style:
            if self.texts:
                self.segs.append(Segment("".join(self.texts), self.style))
            self.texts, self.style = [], style
        self.texts.append(text)

    def strip(self) -> Strip:
        if self.texts:
            self.segs.append(Segment("".join(self.texts), self.style))
        return Strip(self.segs)


class MapView(ScrollView, can_focus=True, inherit_bindings=False):
    """Draws painted cells; the screen sets `cells`, `bounds`, `lit_squares` and moves the cursor."""

    COMPONENT_CLASSES = {f"mapview--{r}" for r in ROLES}
    DEFAULT_CSS = """
    MapView { background: $surface; }
    MapView > .mapview--floor { color: $text-muted; }
    MapView > .mapview--pit { color: $warning; }
    MapView > .mapview--chasm { color: $error; }
    MapView > .mapview--wall { color: $foreground; }
    MapView > .mapview--fog { color: $panel-lighten-2; }
    MapView > .mapview--door { color: $accent; text-style: bold; }
    MapView > .mapview--hero { color: $success; text-style: bold; }
    MapView > .mapview--monster { color: $error; text-style: bold; }
    MapView > .mapview--cursor { text-style: reverse bold; }
    MapView > .mapview--reachable { color: $primary; text-style: bold; }
    MapView > .mapview--far { color: $secondary; }
    MapView > .mapview--target { text-style: bold underline; }
    MapView > .mapview--furniture { color: $secondary; }
    MapView > .mapview--trap { color: $warning; text-style: bold; }
    MapView > .mapview--objective { color: $success; background: $success 25%; text-style: bold; }
    """
    BINDINGS = [
        Binding("up,k,8", "cursor(0,-1)", "up", show=False, id="map.up"),
        Binding("down,j,2", "cursor(0,1)", "down", show=False, id="map.down"),
        Binding("left,h,4", "cursor(-1,0)", "left", show=False, id="map.left"),
        Binding("right,l,6", "cursor(1,0)", "right", show=False, id="map.right"),
        # Diagonals on the numpad, with or without num lock (u is undo, so no vi diagonals).
        Binding("7,home", "cursor(-1,-1)", show=False), Binding("9,pageup", "cursor(1,-1)", show=False),
        Binding("1,end", "cursor(-1,1)", show=False), Binding("3,pagedown", "cursor(1,1)", show=False),
    ]

    class SquareChosen(Message):
        def __init__(self, square: Sq) -> None:
            super().__init__()
            self.square = square

    class CursorMoved(Message):
        def __init__(self, square: Sq) -> None:
            super().__init__()
            self.square = square

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cells: dict[Sq, tuple[str, str]] = {}
        self.bounds = (0, 0, 0, 0)
        self.reachable: set[Sq] = set()
        self.far: set[Sq] = set()  # of the reachable squares, those only a longer move reaches
        self.targets: set[Sq] = set()
        self.cursor: Sq = (0, 0)
        self.edges: dict[Edge, tuple[str, str]] | None = None  # None: squares touch, no wall columns
        self._ascii = False
        self._compact = False
        # The layout (see _lay_out): columns per square, wall columns, the empty margin around a
        # board without walls, map rows per square row.
        self._cw, self._wall, self._margin, self._step_y = 2, 0, 2, 1
        self._rows: dict[int, Strip] = {}
        self._looks: dict[Look, Style] = {}
        self._shown: dict[str, str] = {}  # a painted glyph -> what this glyph set and width draw
        self._plain: dict[tuple[str, str], tuple[str, Style]] = {}  # a cell as drawn where nothing marks it
        self._marked: set[Sq] = set()  # squares lit, aimed at or under the cursor: drawn one by one

    # -- settings --------------------------------------------------------------------------
    @property
    def ascii(self) -> bool:
        """Plain 7-bit ASCII glyphs instead of the games' box-drawing ones."""
        return self._ascii

    @ascii.setter
    def ascii(self, value: bool) -> None:
        if value != self._ascii:
            self._ascii = value
            self._redraw()

    @property
    def compact(self) -> bool:
        """No wall rows, and one column per square unless the whole board fits with two."""
        return self._compact

    @compact.setter
    def compact(self, value: bool) -> None:
        if value != self._compact:
            self._compact = value
            self._lay_out()
            self.centre_on_cursor()
            # The new size is known to the scrollbars only after a refresh: centre again then.
            self.call_after_refresh(self.centre_on_cursor)

    def toggle_compact(self) -> None:
        self.compact = not self._compact

    def fits_in_full(self) -> bool:
        """Would the board show whole in the full layout (two columns a square, a row for the
        walls between square rows)?  Boards without walls between squares have one layout."""
        if self.edges is None:
            return True
        x0, y0, x1, y1 = self.bounds
        return (x1 - x0 + 1) * 3 + 1 <= self.size.width and (y1 - y0 + 1) * 2 + 1 <= self.size.height

    def on_mount(self) -> None:
        # The app's setting (--ascii, the settings screen) if it has one, else the terminal's locale.
        self.ascii = wants_ascii(getattr(self.app, "ascii_map", None))

    def _redraw(self) -> None:
        self._rows.clear()
        self._shown.clear()
        self._plain.clear()
        self.refresh()

    # -- data in ---------------------------------------------------------------------------
    def show(self, cells: dict[Sq, tuple[str, str]], bounds: tuple[int, int, int, int], reachable: set[Sq],
             targets: set[Sq] | None = None, edges: dict[Edge, tuple[str, str]] | None = None,
             far: set[Sq] | None = None) -> None:
        self.cells, self.bounds, self.reachable, self.targets = cells, bounds, reachable, targets or set()
        self.far = far or set()
        self.edges = edges
        self._marked = self.reachable | self.targets | {self.cursor}
        self._lay_out()

    def _lay_out(self) -> None:
        """Size the squares for the board's kind, the compact flag and the widget's width."""
        x0, y0, x1, y1 = self.bounds
        across, down = x1 - x0 + 1, y1 - y0 + 1
        edged = self.edges is not None
        wall = 1 if edged else 0
        cw = 2
        if self._compact and across * (2 + wall) + wall + (0 if edged else 4) > self.size.width:
            cw = 1
        if cw != self._cw:
            self._shown.clear()
            self._plain.clear()
        self._cw, self._wall = cw, wall
        self._margin = 0 if edged else cw  # a board without walls keeps an empty square around it
        self._step_y = 2 if edged and not self._compact else 1
        # Edged boards: a wall (or underline) row above the first square row; others a margin row each side.
        height = down * self._step_y + (1 if edged else 2)
        self.virtual_size = Size(across * (cw + wall) + wall + 2 * self._margin, height)
        self._rows.clear()
        self.refresh()

    # -- geometry: squares to map cells and back ----------------------------------------------
    def square_col(self, mx: int) -> int:
        """The map column where square column `mx` starts."""
        return (mx - self.bounds[0]) * (self._cw + self._wall) + self._wall + self._margin

    def square_line(self, my: int) -> int:
        """The map row of square row `my`."""
        return (my - self.bounds[1]) * self._step_y + 1

    def square_at(self, col: int, line: int) -> Sq:
        """The square under a map cell; a wall cell belongs to the square left of or above it."""
        x0, y0 = self.bounds[0], self.bounds[1]
        if self.edges is None:
            return (col - self._margin) // self._cw + x0, line - 1 + y0
        return max(0, col - 1) // (self._cw + 1) + x0, max(0, line - 1) // self._step_y + y0

    def move_cursor_to(self, sq: Sq, centre: bool = True) -> None:
        if sq != self.cursor:
            self.post_message(self.CursorMoved(sq))
        # Only the rows the cursor leaves and enters change.
        for row in (self.square_line(self.cursor[1]), self.square_line(sq[1])):
            self._rows.pop(row, None)
        self.cursor = sq
        self._marked = self.reachable | self.targets | {sq}
        if centre:
            self.centre_on_cursor()
            # The first drawing comes before layout has given the map its size: centre again then.
            self.call_after_refresh(self.centre_on_cursor)
        self.refresh()

    def centre_on_cursor(self) -> None:
        self.scroll_to(self.square_col(self.cursor[0]) - self.size.width // 2,
                       self.square_line(self.cursor[1]) - self.size.height // 2, animate=False)

    def on_resize(self) -> None:
        if self._compact:  # two columns per square may now fit, or no longer
            self._lay_out()
        self.centre_on_cursor()

    def action_cursor(self, dx: int, dy: int) -> None:
        x0, y0, x1, y1 = self.bounds
        x, y = min(max(self.cursor[0] + dx, x0), x1), min(max(self.cursor[1] + dy, y0), y1)
        self.move_cursor_to((x, y), centre=False)
        self.scroll_to_region_of_cursor()

    def scroll_to_region_of_cursor(self) -> None:
        cx, cy = self.square_col(self.cursor[0]), self.square_line(self.cursor[1])
        sx, sy = self.scroll_offset
        w, h = self.size.width, self.size.height
        nx = min(max(sx, cx - w + 3), cx) if w > 4 else cx
        ny = min(max(sy, cy - h + 2), cy) if h > 2 else cy
        if (nx, ny) != (sx, sy):
            self.scroll_to(nx, ny, animate=False)

    def notify_style_update(self) -> None:
        self._rows.clear()
        self._looks.clear()
        self._plain.clear()
        super().notify_style_update()

    # -- drawing -----------------------------------------------------------------------------
    def _look(self, look: Look) -> Style:
        """The style of a role, as a target, under the cursor, underlined: made once per theme."""
        style = self._looks.get(look)
        if style is None:
            role, target, cursor, under = look
            style = self.rich_style
            for part, on in ((role, bool(role)), ("target", target), ("cursor", cursor)):
                if on:
                    style = style + self.get_component_rich_style(f"mapview--{part}")
            if under:
                style = style + Style(underline=True)
            self._looks[look] = style
        return style

    def _glyph(self, text: str) -> str:
        """What a painted glyph looks like in this glyph set, cut to the squares' width."""
        shown = self._shown.get(text)
        if shown is None:
            shown = to_ascii(text) if self._ascii else text
            if self._cw == 1 and len(shown) == 2:
                shown = shown[0]
            self._shown[text] = shown
        return shown

    def _paint(self, sq: Sq, under: bool = False) -> tuple[str, Style]:
        """A square's text and style: lit where the player may go, marked as a target or the cursor."""
        text, role = self.cells.get(sq, BLANK)
        if sq not in self._marked and not under:
            plain = self._plain.get((text, role))
            if plain is None:
                plain = self._plain[(text, role)] = (self._glyph(text), self._look((role, False, False, False)))
            return plain
        if role in LIT and sq in self.reachable:
            text, role = FAR if sq in self.far else REACH
        return self._glyph(text), self._look((role, sq in self.targets, sq == self.cursor, under))

    def _grid_row(self, my: int) -> Strip:
        """A row of a board without walls: the margin, then the squares as runs of one style
        (the map's busiest loop, written out for speed)."""
        x0, _, x1, _ = self.bounds
        cells, plain, marked, paint = self.cells, self._plain, self._marked, self._paint
        style = self._look(("", False, False, False))
        segs: list[Segment] = []
        texts = [" " * self._margin]
        for mx in range(x0, x1 + 1):
            sq = (mx, my)
            got = None if sq in marked else plain.get(cells.get(sq, BLANK))
            text, st = got if got is not None else paint(sq)
            if st is not style:
                segs.append(Segment("".join(texts), style))
                texts, style = [], st
            texts.append(text)
        segs.append(Segment("".join(texts), style))
        return Strip(segs)

    def _row(self, y: int) -> Strip:
        strip = self._rows.get(y)
        if strip is None:
            x0, y0, x1, _ = self.bounds
            if self.edges is None:
                strip = self._grid_row(y0 + y - 1)
            else:
                line = Line()
                if self._compact:
                    self._underlined_row(line, y0 + y - 1)
                elif y % 2:
                    self._square_row(line, y0 + y // 2)
                else:
                    self._wall_row(line, y0 + y // 2)
                strip = line.strip()
            self._rows[y] = strip
        return strip

    def _edge(self, a: Sq, b: Sq, blank: str) -> tuple[str, str]:
        return (self.edges or {}).get((a, b), (blank, ""))

    def _square_row(self, line: Line, my: int) -> None:
        """Squares with the wall column before each and after the last."""
        x0, _, x1, _ = self.bounds
        for mx in range(x0, x1 + 1):
            text, role = self._edge((mx - 1, my), (mx, my), " ")
            line.add(self._glyph(text), self._look((role, False, False, False)))
            line.add(*self._paint((mx, my)))
        text, role = self._edge((x1, my), (x1 + 1, my), " ")
        line.add(self._glyph(text), self._look((role, False, False, False)))

    def _wall_row(self, line: Line, my: int) -> None:
        """The edges above square row `my`, with a corner between every two."""
        x0, _, x1, _ = self.bounds
        for mx in range(x0, x1 + 2):
            text, role = self._corner(mx, my)
            line.add(self._glyph(text), self._look((role, False, False, False)))
            if mx <= x1:
                text, role = self._edge((mx, my - 1), (mx, my), "  ")
                line.add(self._glyph(text), self._look((role, False, False, False)))

    def _blocks(self, a: Sq, b: Sq) -> bool:
        """Whether the edge between two squares is drawn as a line: a wall or a door not open."""
        text, role = self._edge(a, b, "")
        return role == "wall" or (role == "door" and not text.startswith(OPEN_DOOR))

    def _underlined_row(self, line: Line, my: int) -> None:
        """The compact layout: square row `my` (the line above the board when it is the row
        before the first) with its wall columns, every square and wall cell underlined where a
        wall runs beneath it."""
        x0, y0, x1, _ = self.bounds
        for mx in range(x0, x1 + 2):
            # The wall cell left of square mx: underlined if the line beneath runs through it.
            under = self._blocks((mx - 1, my), (mx - 1, my + 1)) or self._blocks((mx, my), (mx, my + 1))
            text, role = self._edge((mx - 1, my), (mx, my), " ") if my >= y0 else (" ", "")
            if role == "fog" and not text.strip():
                # Beside an unseen square: fog too, or the unseen part of the board is striped
                # (and a seen square's floor dot there reads as one more square seen).
                sides = (self.cells.get((mx, my), BLANK), self.cells.get((mx - 1, my), BLANK))
                text = next((c[0][:1] for c in sides if c[1] == "fog"), sides[0][0][:1]) or " "
            elif not role and self._cw == 1 and my >= y0:
                # One column a square keeps only a monster's letter: its number goes in the open
                # wall column to its right, so "Orc 4" in the log can be found on the board,
                # unless a figure stands there (glyphs never run together: "o4D").
                left, left_role = self.cells.get((mx - 1, my), BLANK)
                if left_role == "monster" and left[1:].strip() \
                        and self.cells.get((mx, my), BLANK)[1] not in ("hero", "monster"):
                    text, role = left[1:], "monster"
            line.add(self._glyph(text), self._look((role if my >= y0 else "wall", False, False, under)))
            if mx > x1:
                break
            under = self._blocks((mx, my), (mx, my + 1))
            if my < y0:
                line.add(" " * self._cw, self._look(("wall", False, False, under)))
            else:
                line.add(*self._door_above((mx, my)) or self._paint((mx, my), under))

    def _door_above(self, sq: Sq) -> tuple[str, Style] | None:
        """The compact layout has no wall rows: a door not open in the wall under an empty square
        is drawn on that square, in the line of the wall (else it would read as wall)."""
        below = (sq[0], sq[1] + 1)
        text, role = self._edge(sq, below, "")
        if role != "door" or text.startswith(OPEN_DOOR) or self.cells.get(sq, BLANK)[1] not in ("floor", "fog"):
            return None
        # Lit where the hero may step, aimed at or under the cursor: the door keeps that look.
        role = "reachable" if sq in self.reachable else "door"
        return self._glyph(text), self._look((role, sq in self.targets, sq == self.cursor, True))

    def _corner(self, mx: int, my: int) -> tuple[str, str]:
        """Where the edges left of square column `mx` and above square row `my` meet."""
        edges = self.edges or {}
        around = (edges.get(((mx - 1, my - 1), (mx, my - 1))), edges.get(((mx - 1, my), (mx, my))),
                  edges.get(((mx - 1, my - 1), (mx - 1, my))), edges.get(((mx, my - 1), (mx, my))))
        arms = tuple(int(e is not None and e[1] in WALLISH) for e in around)
        if any(arms):
            return CORNERS[arms], "wall"  # type: ignore[index]
        fog = next((e for e in around if e is not None and e[1] == "fog"), None)
        if fog is not None:
            return fog[0][0], "fog"
        return " ", ""

    def _pad(self) -> tuple[int, int]:
        """A map smaller than the view is drawn in its middle rather than in a corner."""
        vw, vh = self.virtual_size
        return max(0, (self.size.width - vw) // 2), max(0, (self.size.height - vh) // 2)

    def render_line(self, y: int) -> Strip:
        sx, sy = self.scroll_offset
        px, py = self._pad()
        row = y + sy - py
        base = self._look(("", False, False, False))  # rich_style, worked out once per theme
        width = self.size.width
        if row < 0 or row >= self.virtual_size.height:
            return Strip.blank(width, base)
        strip = self._row(row)
        if px:
            strip = Strip.join([Strip.blank(px, base), strip])
        return strip.crop_extend(sx, sx + width, base)

    def on_click(self, event: object) -> None:
        offset = event.get_content_offset(self)  # type: ignore[attr-defined]
        if offset is None:
            return
        sx, sy = self.scroll_offset
        px, py = self._pad()
        sq = self.square_at(offset.x + sx - px, offset.y + sy - py)
        self.move_cursor_to(sq, centre=False)
        self.post_message(self.SquareChosen(sq))
