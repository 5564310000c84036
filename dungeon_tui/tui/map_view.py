"""The map: one ScrollView drawn with the Line API, two columns per square, one cached Strip per row."""
from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

Sq = tuple[int, int]
ROLES = ("floor", "pit", "chasm", "wall", "fog", "door", "hero", "monster", "cursor", "reachable", "target")


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

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.cells: dict[Sq, tuple[str, str]] = {}
        self.bounds = (0, 0, 0, 0)
        self.reachable: set[Sq] = set()
        self.targets: set[Sq] = set()
        self.cursor: Sq = (0, 0)
        self._rows: dict[int, Strip] = {}
        self._styles: dict[str, Style] = {}

    # -- data in ---------------------------------------------------------------------------
    def show(self, cells: dict[Sq, tuple[str, str]], bounds: tuple[int, int, int, int], reachable: set[Sq],
             targets: set[Sq] | None = None) -> None:
        self.cells, self.bounds, self.reachable, self.targets = cells, bounds, reachable, targets or set()
        x0, y0, x1, y1 = bounds
        self.virtual_size = Size((x1 - x0 + 3) * 2, y1 - y0 + 3)
        self._rows.clear()
        self.refresh()

    def move_cursor_to(self, sq: Sq, centre: bool = True) -> None:
        if sq != self.cursor:
            self.post_message(self.CursorMoved(sq))
        # Only the rows the cursor leaves and enters change.
        y0 = self.bounds[1]
        for row in (self.cursor[1] - y0 + 1, sq[1] - y0 + 1):
            self._rows.pop(row, None)
        self.cursor = sq
        if centre:
            x0, y0, _, _ = self.bounds
            self.scroll_to((sq[0] - x0 + 1) * 2 - self.size.width // 2, (sq[1] - y0 + 1) - self.size.height // 2,
                           animate=False)
        self.refresh()

    def action_cursor(self, dx: int, dy: int) -> None:
        x0, y0, x1, y1 = self.bounds
        x, y = min(max(self.cursor[0] + dx, x0), x1), min(max(self.cursor[1] + dy, y0), y1)
        self.move_cursor_to((x, y), centre=False)
        self.scroll_to_region_of_cursor()

    def scroll_to_region_of_cursor(self) -> None:
        x0, y0, _, _ = self.bounds
        cx, cy = (self.cursor[0] - x0 + 1) * 2, self.cursor[1] - y0 + 1
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

    def _row(self, y: int) -> Strip:
        strip = self._rows.get(y)
        if strip is not None:
            return strip
        x0, y0, x1, _ = self.bounds
        base = self.rich_style
        segs: list[Segment] = [Segment("  ", base)]
        my = y0 + y - 1
        for mx in range(x0, x1 + 1):
            text, role = self.cells.get((mx, my), ("  ", ""))
            sq = (mx, my)
            if sq in self.reachable and role in ("floor", "fog", "door", "pit"):
                text, role = ("* ", "reachable")
            style = base + self._style(role)
            if sq in self.targets:
                style = style + self._style("target")
            if sq == self.cursor:
                style = style + self._style("cursor")
            segs.append(Segment(text, style))
        strip = Strip(Segment.simplify(segs))
        self._rows[y] = strip
        return strip

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
        x0, y0, _, _ = self.bounds
        sx, sy = self.scroll_offset
        px, py = self._pad()
        sq = ((offset.x + sx - px) // 2 - 1 + x0, offset.y + sy - py - 1 + y0)
        self.move_cursor_to(sq, centre=False)
        self.post_message(self.SquareChosen(sq))
