"""What the game screen and the replay viewer share: the map, the status line, the party,
the active hero's sheet and hand, the list of choices, and the log."""
from __future__ import annotations

from typing import Any

from rich.markup import escape
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..engine.game import CHANCE, DUNGEON, Decision, Game
from .dialogs import RollDetail
from .event_log import EventLog
from .keys_footer import KeysFooter
from .look_line import LookLine
from .map_view import MapView
from ..engine.presenter import Card, Presenter, aimed_at_other, goes_to, seat_name


class TableScreen(Screen[None]):
    BINDINGS = [Binding("M", "map_layout", "map layout", id="table.layout", show=False)]
    # The choices keep at least five rows at 120x40 and three at 80x24: the panels above them
    # scroll (and the party folds away on short terminals) rather than push the list off.
    DEFAULT_CSS = """
    TableScreen #main { height: 1fr; }
    TableScreen MapView { width: 1fr; min-width: 20; }
    TableScreen #side { width: 46; }
    TableScreen #info { height: 1fr; scrollbar-size-vertical: 1; }
    TableScreen #status { height: auto; background: $boost; padding: 0 1; }
    TableScreen #look { height: auto; padding: 0 1; color: $text-muted; }
    TableScreen #party { height: auto; padding: 0 1; }
    TableScreen #sheet { height: auto; padding: 0 1; border-top: solid $panel-lighten-2; }
    TableScreen #hand { height: auto; max-height: 8; border: none; border-top: solid $panel-lighten-2; }
    TableScreen #cardtext { height: auto; padding: 0 1; color: $text-muted; display: none; }
    TableScreen #prompt { height: auto; padding: 0 1; color: $accent; text-style: bold; display: none; }
    TableScreen #options { height: auto; min-height: 7; max-height: 50%; border: round $accent;
                           scrollbar-gutter: stable; }
    TableScreen EventLog { height: 25%; min-height: 4; border: round $panel-lighten-2; }
    TableScreen EventLog:focus { height: 45%; }
    TableScreen.-narrow #side { width: 38; }
    TableScreen.-short #party { display: none; }
    TableScreen.-short #hand { max-height: 5; }
    TableScreen.-short #options { min-height: 5; }
    TableScreen.-short EventLog { height: 6; }
    TableScreen.-short EventLog:focus { height: 50%; }
    """

    def __init__(self, presenter: Presenter) -> None:
        super().__init__()
        self.presenter = presenter
        self.cards: list[Card] = []
        self.hero: str | None = None
        self.map_has_choices = False  # does any choice on offer have a square on the map?
        self.shown: tuple[Any, ...] | None = None  # the game, seat, board and lit squares last drawn
        self.far: set[Any] = set()  # of the lit squares, those only a longer move reaches
        self.previewing = False  # the map shows a highlighted choice's preview
        self.layout_chosen = False  # the player picked the map's layout (M): no more fitting it
        # Who decides, named on the choices box when the keyboard passed without a hand-over screen.
        self.decider: str | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield MapView(id="map")
            with Vertical(id="side"):
                # What the table shows scrolls; the choices below it keep their rows.
                with VerticalScroll(id="info", can_focus=False):
                    yield Static(id="status")
                    yield LookLine(id="look")
                    yield Static(id="party")
                    yield Static(id="sheet")
                    yield OptionList(id="hand")
                    yield Static(id="cardtext")
                yield Static(id="prompt")
                yield OptionList(id="options")
        yield EventLog(id="log")
        yield KeysFooter()

    async def _on_resize(self, event: events.Resize) -> None:
        # Small terminals keep the active hero's sheet and the choices; the party list goes.
        self.set_class(self.size.width < 100, "-narrow")
        self.set_class(self.size.height < 28, "-short")
        self.query_one(EventLog).rewrap()
        self.call_after_refresh(self.fit_map)
        if self.is_attached and event.size == self._compositor.size:
            # The terminal's size again, as laid out already: Textual sends it once more when
            # the app starts (the driver's first size after the app's own), and Screen's own
            # handler laid out and drew the whole table again (19 ms of the viewer's opening).
            event.prevent_default()

    def fit_map(self) -> None:
        """A board with walls between squares (HeroQuest) goes compact when it would not show
        whole in the full layout, until the player chooses a layout with M."""
        mv = self.query_one(MapView)
        if (not self.layout_chosen and mv.edges is not None and mv.size.width
                and getattr(self.presenter, "compact_to_fit", True)):
            mv.compact = not mv.fits_in_full()

    def action_map_layout(self) -> None:
        mv = self.query_one(MapView)
        if mv.edges is None:
            self.notify("This game's map has one layout.", timeout=2)
            return
        self.layout_chosen = True
        mv.toggle_compact()
        self.notify("Compact map: one row a square, walls underlined." if mv.compact else
                    "Full map: walls between the squares.", timeout=2)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, game: Game, seat: str, decision: Decision | None, centre: bool = True) -> None:
        """Redraw everything from one seat's view; `decision` is the human choice on offer, if any."""
        p = self.presenter
        board = p.board(game, seat)
        offered = decision.options if decision else []
        reach = {sq for a in offered if (sq := goes_to(a)) is not None} | set(p.walks(game, decision))
        me = p.hero_of(game, decision)
        targets = {sq for a in offered if (sq := aimed_at_other(game, a, me)) is not None}
        targets |= {sq for a in offered for sq in p.squares_of(game, seat, a)}  # doors to open, traps to disarm
        self.map_has_choices = bool(reach or targets)
        self.shown = (game, seat, board, reach, targets)
        self.far = p.far_reach(game, seat, decision) & reach
        mv = self.query_one(MapView)
        mv.show(board.cells, board.bounds, reach, targets, board.edges, self.far)
        if not self.layout_chosen and board.edges is not None:
            self.call_after_refresh(self.fit_map)
        if centre:
            focus = p.focus(game, decision)
            if focus is None and reach:
                focus = min(reach, key=lambda q: (q[1], q[0]))
            if focus is not None:
                mv.move_cursor_to(focus)
        # What lies under the cursor may have changed though the cursor did not move (a blow, a heal).
        self.query_one("#look", LookLine).update(p.look(game, seat, mv.cursor))
        self.query_one("#status", Static).update(p.status(game, seat))
        self.query_one("#party", Static).update("\n".join(escape(x) for x in p.party(game, seat)))
        self.hero = p.hero_of(game, decision) or self.hero
        self.query_one("#sheet", Static).update(p.sheet(game, seat, self.hero) if self.hero else "")
        self._hand(game, seat, decision)
        self._options(decision, game)
        self.query_one(EventLog).follow(game.events)

    def _hand(self, game: Game, seat: str, decision: Decision | None) -> None:
        hand = self.query_one("#hand", OptionList)
        self.cards = self.presenter.hand(game, seat, self.hero) if self.hero else []
        hand.clear_options()
        options = decision.options if decision else []
        for i, card in enumerate(self.cards):
            usable = any(card.plays(a) for a in options)
            # Every card can be highlighted, to read what it does; ● marks those usable now.
            hand.add_option(Option(("● " if usable else "  ") + card.label, id=str(i)))
        hand.display = bool(self.cards)
        if self.cards:
            hand.highlighted = min(hand.highlighted or 0, len(self.cards) - 1)
        hand.border_title = "cards (c)" if self.cards else ""

    def _options(self, d: Decision | None, game: Game) -> None:
        ol = self.query_one("#options", OptionList)
        ol.clear_options()
        if d is None:
            self.query_one("#prompt", Static).display = False
            ol.border_title = "game over" if game.over else self.waiting_for(game)
            return
        named = self.decider and not d.prompt.lower().startswith(self.decider.lower())
        self.ask(f"{self.decider}: {d.prompt}" if named else d.prompt, self.decider if named else None)
        ol.add_options([Option(escape(str(a)), id=str(i)) for i, a in enumerate(d.options)])
        ol.highlighted = 0
        self.previewing = False

    def ask(self, question: str, decider: str | None = None) -> None:
        """The question on the choices box's border; one too long for the border is written
        whole, wrapped, above the box, and the border keeps the part before its details."""
        ol = self.query_one("#options", OptionList)
        prompt = self.query_one("#prompt", Static)
        room = (self.query_one("#side").size.width or 46) - 6  # the corners and a space each side
        fits = len(question) <= room
        prompt.display = not fits
        prompt.update("" if fits else escape(question))
        head = question.split(" (")[0]
        short = head if len(head) <= room else f"{decider}: choose" if decider else "choose"
        ol.border_title = escape(question if fits else short)

    def waiting_for(self, game: Game) -> str:
        """Whom the table waits for while no player chooses, as the game names that seat."""
        pending = getattr(game, "pending", None)
        if pending is None or pending.seat == DUNGEON:
            name = seat_name(self.presenter, game, DUNGEON)
            return "the dungeon is acting…" if name == "the dungeon" else f"{name}: acting…"
        if pending.seat == CHANCE:
            return "rolling the dice…"
        return f"{seat_name(self.presenter, game, pending.seat)}: acting…"

    # -- what a highlighted choice or card is ------------------------------------------------
    def on_option_list_option_highlighted(self, message: OptionList.OptionHighlighted) -> None:
        """A highlighted card says what it does; a highlighted choice says what its card does
        and shows on the map what it would lay (a tile before it is placed)."""
        which = message.option_list.id
        if which not in ("hand", "options") or message.option.id is None or self.shown is None:
            return
        game, seat, board, reach, targets = self.shown
        index = int(message.option.id)
        if which == "hand":
            # Only while the player is in the cards (a rebuilt hand highlights its first card too).
            if message.option_list.has_focus:
                self.card_text(self.cards[index].text if index < len(self.cards) else "")
            return
        d = getattr(game, "pending", None)
        options = d.options if d is not None else []
        if index < len(options):
            action = options[index]
            self.card_text(next((c.text for c in self.cards if c.plays(action) and c.text), ""))
            self.preview(game, seat, board, reach, targets, action)

    def on_descendant_focus(self, event: Any) -> None:
        hand = self.query_one("#hand", OptionList)
        if event.widget is hand and hand.highlighted is not None and hand.highlighted < len(self.cards):
            self.card_text(self.cards[hand.highlighted].text)

    def on_descendant_blur(self, event: Any) -> None:
        if event.widget is self.query_one("#hand", OptionList):
            self.card_text("")  # the text belongs to the card under the highlight, not the table

    def card_text(self, text: str) -> None:
        box = self.query_one("#cardtext", Static)
        box.update(escape(text))
        box.display = bool(text)

    def preview(self, game: Game, seat: str, board: Any, reach: set[Any], targets: set[Any], action: Any) -> None:
        cells = self.presenter.preview(game, seat, action)
        if not cells and not self.previewing:
            return
        self.previewing = bool(cells)
        x0, y0, x1, y1 = board.bounds
        for x, y in cells:  # a tile laid beyond the explored edge widens the map while it shows
            x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
        self.query_one(MapView).show({**board.cells, **cells}, (x0, y0, x1, y1), reach, targets, board.edges,
                                     self.far)

    def current(self) -> tuple[Game, str]:
        """The game shown and the seat whose view it is."""
        raise NotImplementedError

    def on_map_view_cursor_moved(self, message: MapView.CursorMoved) -> None:
        game, seat = self.current()
        self.query_one("#look", LookLine).update(self.presenter.look(game, seat, message.square))

    def on_event_log_roll_chosen(self, message: EventLog.RollChosen) -> None:
        self.app.push_screen(RollDetail(message.event.data))

    def roll_in_log(self) -> Any:
        self.query_one(EventLog).focus()
