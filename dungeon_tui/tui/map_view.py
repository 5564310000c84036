"""The map: one ScrollView drawn with the Line API, two columns per square, one cached Strip per row.

Two layouts: squares side by side (Warhammer Quest, whose walls are squares of their own), or
squares with a one-character wall column between them and a wall row between square rows
(HeroQuest, whose walls stand on the edges between squares). In the second layout the board
gives each edge a glyph and the map works out the corners from the walls that meet there."""
from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

Sq = tuple[int, int]
Edge = tuple[Sq, Sq]  # two orthogonal neighbours, left before right, top before bottom
ROLES = ("floor", "pit", "chasm", "wall", "fog", "door", "hero", "monster", "cursor", "reachable", "target",
         "furniture", "trap")
# A corner's glyph from the walls that meet there: (up, down, left, right).
CORNERS = {(1, 1, 1, 1): "┼", (1, 1, 1, 0): "┤", (1, 1, 0, 1): "├", (1, 0, 1, 1): "┴", (0, 1, 1, 1): "┬",
           (1, 1, 0, 0): "│", (0, 0, 1, 1): "─", (1, 0, 1, 0): "┘", (1, 0, 0, 1): "└", (0, 1, 1, 0): "┐",
           (0, 1, 0, 1): "┌", (1, 0, 0, 0): "│", (0, 1, 0, 0): "│", (0, 0, 1, 0): "─", (0, 0, 0, 1): "─"}
WALLISH = ("wall", "door")


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
    MapView > .mapview--target { text-style: bold underline; }
    MapView > .mapview--furniture { color: $secondary; }
    MapView > .mapview--trap { color: $warning; text-style: bold; }
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
        self.targets: set[Sq] = set()
        self.cursor: Sq = (0, 0)
        self.edges: dict[Edge, tuple[str, str]] | None = None  # None: squares touch, no wall columns
        self._rows: dict[int, Strip] = {}
        self._styles: dict[str, Style] = {}

    # -- data in ---------------------------------------------------------------------------
    def show(self, cells: dict[Sq, tuple[str, str]], bounds: tuple[int, int, int, int], reachable: set[Sq],
             targets: set[Sq] | None = None, edges: dict[Edge, tuple[str, str]] | None = None) -> None:
        self.cells, self.bounds, self.reachable, self.targets = cells, bounds, reachable, targets or set()
        self.edges = edges
        x0, y0, x1, y1 = bounds
        if edges is None:
            self.virtual_size = Size((x1 - x0 + 3) * 2, y1 - y0 + 3)
        else:
            self.virtual_size = Size((x1 - x0 + 1) * 3 + 1, (y1 - y0 + 1) * 2 + 1)
        self._rows.clear()
        self.refresh()

    # -- geometry: squares to map cells and back ----------------------------------------------
    def square_col(self, mx: int) -> int:
        """The map column where square column `mx` starts."""
        return (mx - self.bounds[0] + 1) * 2 if self.edges is None else (mx - self.bounds[0]) * 3 + 1

    def square_line(self, my: int) -> int:
        """The map row of square row `my`."""
        return my - self.bounds[1] + 1 if self.edges is None else (my - self.bounds[1]) * 2 + 1

    def square_at(self, col: int, line: int) -> Sq:
        """The square under a map cell; a wall cell belongs to the square left of or above it."""
        x0, y0 = self.bounds[0], self.bounds[1]
        if self.edges is None:
            return col // 2 - 1 + x0, line - 1 + y0
        return max(0, col - 1) // 3 + x0, max(0, line - 1) // 2 + y0

    def move_cursor_to(self, sq: Sq, centre: bool = True) -> None:
        if sq != self.cursor:
            self.post_message(self.CursorMoved(sq))
        # Only the rows the cursor leaves and enters change.
        for row in (self.square_line(self.cursor[1]), self.square_line(sq[1])):
            self._rows.pop(row, None)
        self.cursor = sq
        if centre:
            self.centre_on_cursor()
            # The first drawing comes before layout has given the map its size: centre again then.
            self.call_after_refresh(self.centre_on_cursor)
        self.refresh()

    def centre_on_cursor(self) -> None:
        self.scroll_to(self.square_col(self.cursor[0]) - self.size.width // 2,
                       self.square_line(self.cursor[1]) - self.size.height // 2, animate=False)

    def on_resize(self) -> None:
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
        self._styles.clear()
        super().notify_style_update()

    # -- drawing -----------------------------------------------------------------------------
    def _style(self, role: str) -> Style:
        st = self._styles.get(role)
        if st is None:
            st = self._styles[role] = self.get_component_rich_style(f"mapview--{role}") if role else Style()
        return st

    def _square(self, sq: Sq) -> Segment:
        text, role = self.cells.get(sq, ("  ", ""))
        if sq in self.reachable and role in ("floor", "fog", "door", "pit"):
            text, role = ("* ", "reachable")
        style = self.rich_style + self._style(role)
        if sq in self.targets:
            style = style + self._style("target")
        if sq == self.cursor:
            style = style + self._style("cursor")
        return Segment(text, style)

    def _row(self, y: int) -> Strip:
        strip = self._rows.get(y)
        if strip is not None:
            return strip
        x0, y0, x1, _ = self.bounds
        if self.edges is None:
            my = y0 + y - 1
            segs = [Segment("  ", self.rich_style)] + [self._square((mx, my)) for mx in range(x0, x1 + 1)]
        elif y % 2:
            segs = self._square_row(y0 + y // 2)
        else:
            segs = self._wall_row(y0 + y // 2)
        strip = Strip(Segment.simplify(segs))
        self._rows[y] = strip
        return strip

    def _edge(self, a: Sq, b: Sq, blank: str) -> Segment:
        text, role = (self.edges or {}).get((a, b), (blank, ""))
        return Segment(text, self.rich_style + self._style(role))

    def _square_row(self, my: int) -> list[Segment]:
        """Squares with the wall column before each and after the last."""
        x0, _, x1, _ = self.bounds
        segs: list[Segment] = []
        for mx in range(x0, x1 + 1):
            segs.append(self._edge((mx - 1, my), (mx, my), " "))
            segs.append(self._square((mx, my)))
        segs.append(self._edge((x1, my), (x1 + 1, my), " "))
        return segs

    def _wall_row(self, my: int) -> list[Segment]:
        """The edges above square row `my`, with a corner between every two."""
        x0, _, x1, _ = self.bounds
        segs: list[Segment] = []
        for mx in range(x0, x1 + 2):
            segs.append(self._corner(mx, my))
            if mx <= x1:
                segs.append(self._edge((mx, my - 1), (mx, my), "  "))
        return segs

    def _corner(self, mx: int, my: int) -> Segment:
        """Where the edges left of square column `mx` and above square row `my` meet."""
        edges = self.edges or {}
        around = (edges.get(((mx - 1, my - 1), (mx, my - 1))), edges.get(((mx - 1, my), (mx, my))),
                  edges.get(((mx - 1, my - 1), (mx - 1, my))), edges.get(((mx, my - 1), (mx, my))))
        arms = tuple(int(e is not None and e[1] in WALLISH) for e in around)
        if any(arms):
            return Segment(CORNERS[arms], self.rich_style + self._style("wall"))  # type: ignore[index]
        fog = next((e for e in around if e is not None and e[1] == "fog"), None)
        if fog is not None:
            return Segment(fog[0][0], self.rich_style + self._style("fog"))
        return Segment(" ", self.rich_style)

    def _pad(self) -> tuple[int, int]:
        """A map smaller than the view is drawn in its middle rather than in a corner."""
        vw, vh = self.virtual_size
        return max(0, (self.size.width - vw) // 2), max(0, (self.size.height - vh) // 2)

    def render_line(self, y: int) -> Strip:
        sx, sy = self.scroll_offset
        px, py = self._pad()
        row = y + sy - py
        if row < 0 or row >= self.virtual_size.height:
            return Strip.blank(self.size.width, self.rich_style)
        strip = self._row(row)
        if px:
            strip = Strip.join([Strip.blank(px, self.rich_style), strip])
        return strip.crop_extend(sx, sx + self.size.width, self.rich_style)

    def on_click(self, event: object) -> None:
        offset = event.get_content_offset(self)  # type: ignore[attr-defined]
        if offset is None:
            return
        sx, sy = self.scroll_offset
        px, py = self._pad()
        sq = self.square_at(offset.x + sx - px, offset.y + sy - py)
        self.move_cursor_to(sq, centre=False)
        self.post_message(self.SquareChosen(sq))
