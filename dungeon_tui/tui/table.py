"""What the game screen and the replay viewer share: the map, the status line, the party,
the active hero's sheet and hand, the list of choices, and the log."""
from __future__ import annotations

from typing import Any

from rich.markup import escape
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..engine.game import Decision, Game
from .dialogs import RollDetail
from .event_log import EventLog
from .map_view import MapView
from ..engine.presenter import Card, Presenter, aimed_at, goes_to


class TableScreen(Screen[None]):
    DEFAULT_CSS = """
    TableScreen #main { height: 1fr; }
    TableScreen MapView { width: 1fr; min-width: 20; }
    TableScreen #side { width: 46; }
    TableScreen #status { height: auto; background: $boost; padding: 0 1; }
    TableScreen #look { height: auto; padding: 0 1; color: $text-muted; }
    TableScreen #party { height: auto; padding: 0 1; }
    TableScreen #sheet { height: auto; padding: 0 1; border-top: solid $panel-lighten-2; }
    TableScreen #hand { height: auto; max-height: 7; border: none; border-top: solid $panel-lighten-2; }
    TableScreen #options { height: 1fr; min-height: 3; border: round $accent; }
    TableScreen EventLog { height: 25%; min-height: 4; border: round $panel-lighten-2; }
    TableScreen.-narrow #side { width: 38; }
    TableScreen.-short #party { display: none; }
    TableScreen.-short #hand { max-height: 4; }
    TableScreen.-short EventLog { height: 6; }
    """

    def __init__(self, presenter: Presenter) -> None:
        super().__init__()
        self.presenter = presenter
        self.cards: list[Card] = []
        self.hero: str | None = None
        self.map_has_choices = False  # does any choice on offer have a square on the map?

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield MapView(id="map")
            with Vertical(id="side"):
                yield Static(id="status")
                yield Static(id="look")
                yield Static(id="party")
                yield Static(id="sheet")
                yield OptionList(id="hand")
                yield OptionList(id="options")
        yield EventLog(id="log")
        yield Footer()

    def on_resize(self) -> None:
        # Small terminals keep the active hero's sheet and the choices; the party list goes.
        self.set_class(self.size.width < 100, "-narrow")
        self.set_class(self.size.height < 28, "-short")

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, game: Game, seat: str, decision: Decision | None, centre: bool = True) -> None:
        """Redraw everything from one seat's view; `decision` is the human choice on offer, if any."""
        p = self.presenter
        board = p.board(game, seat)
        offered = decision.options if decision else []
        reach = {sq for a in offered if (sq := goes_to(a)) is not None} | set(p.walks(game, decision))
        targets = {sq for a in offered if (sq := aimed_at(game, a)) is not None}
        targets |= {sq for a in offered for sq in p.squares_of(game, seat, a)}  # doors to open, traps to disarm
        self.map_has_choices = bool(reach or targets)
        mv = self.query_one(MapView)
        mv.show(board.cells, board.bounds, reach, targets, board.edges)
        if centre:
            focus = p.focus(game, decision)
            if focus is None and reach:
                focus = min(reach, key=lambda q: (q[1], q[0]))
            if focus is not None:
                mv.move_cursor_to(focus)
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
            hand.add_option(Option(("● " if usable else "  ") + card.label, id=str(i), disabled=not usable))
        hand.display = bool(self.cards)
        hand.border_title = "cards (c)" if self.cards else ""

    def _options(self, d: Decision | None, game: Game) -> None:
        ol = self.query_one("#options", OptionList)
        ol.clear_options()
        if d is None:
            ol.border_title = "game over" if game.over else "the dungeon is acting…"
            return
        ol.border_title = escape(d.prompt)
        ol.add_options([Option(escape(str(a)), id=str(i)) for i, a in enumerate(d.options)])
        ol.highlighted = 0

    def current(self) -> tuple[Game, str]:
        """The game shown and the seat whose view it is."""
        raise NotImplementedError

    def on_map_view_cursor_moved(self, message: MapView.CursorMoved) -> None:
        game, seat = self.current()
        self.query_one("#look", Static).update(escape(self.presenter.look(game, seat, message.square)))

    def on_event_log_roll_chosen(self, message: EventLog.RollChosen) -> None:
        self.app.push_screen(RollDetail(message.event.data))

    def roll_in_log(self) -> Any:
        self.query_one(EventLog).focus()
