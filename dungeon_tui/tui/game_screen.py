"""The game screen: a human chooses on the map, in the list or from the hand; AI seats play in
a worker, one visible decision at a time at the chosen speed."""
from __future__ import annotations

import threading
import time
from pathlib import Path

from rich.markup import escape
from textual import events, work
from textual.binding import Binding
from textual.widgets import OptionList
from textual.worker import Worker, WorkerState, get_current_worker

from ..engine.game import CHANCE, DUNGEON, Action, Decision, Game
from .dialogs import Choose, Confirm, DrawnCard, GameOver, PassTheKeyboard, TooSmall
from .event_log import still_listed
from .map_view import MapView
from ..engine.presenter import figure_name, goes_to, seat_name
from .recap import recap_of
from .saves import saves_dir
from .session import SPEEDS, Session, why_not_saved
from .square_choices import lit_on, next_target
from .table import TableScreen
from .table_play import TablePlay
from .table_watch import TableWatch
from .who_plays import WhoPlays

SPEED_ORDER = list(SPEEDS)
# Keys that never play a move: they work while the AI plays, and whenever they were pressed.
CONTROL_KEYS = frozenset({"space", "plus", "equals_sign", "minus", "question_mark", "q", "ctrl+s", "ctrl+q",
                          "ctrl+p", "ctrl+c", "escape", "r", "u", "A", "V", "M", "T"})
# Keys that only look around the map.
LOOK_KEYS = frozenset({"up", "down", "left", "right", "h", "j", "k", "l", "home", "end", "pageup", "pagedown",
                       "1", "2", "3", "4", "6", "7", "8", "9", "tab"})
# After the AI has played a side (not just rolled dice or drawn cards), a new choice takes keys
# only this long after it is shown: keys a player was still pressing while the villain phase ran
# (an "o", an Enter) reach the game a moment after the AI's last step and must not play the next
# hero phase.
AI_SETTLE = 0.4  # seconds


class GameScreen(TableScreen, WhoPlays, TablePlay):
    BINDINGS = [
        Binding("enter", "choose_square", "do it", id="game.choose"),
        Binding("tab", "next_target", "next target", id="game.target", show=False),
        Binding("e", "end", "end", id="game.end"),
        Binding("o", "focus('options')", "choices", id="game.options"),
        Binding("c", "focus('hand')", "cards", id="game.cards"),
        Binding("r", "focus('log')", "log", id="game.log", show=False),
        Binding("escape", "focus('map')", "map", show=False, id="game.map"),
        Binding("space", "hand_over", "AI plays", id="game.skip"),
        Binding("A", "seats", "who plays", id="game.seats", show=False),
        Binding("V", "sight", "sight", id="game.sight", show=False),
        Binding("T", "table_steps", "at the table", id="game.table", show=False),
        Binding("u", "undo", "undo", id="game.undo"),
        Binding("plus,equals_sign", "speed(1)", "faster", show=False, id="game.faster"),
        Binding("minus", "speed(-1)", "slower", show=False, id="game.slower"),
        Binding("ctrl+s", "save", "save", id="game.save", show=False),
        Binding("question_mark", "help", "help", id="game.help"),
        Binding("q", "quit_game", "quit", id="game.quit"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(session.ruleset.presenter())
        self.session = session
        self.last_owner: str | None = None
        self.last_was_dungeon = False
        self.view_seat = self.watch_seat()
        # The game's own keys for actions without a square (roll, search, door ...), shown in
        # the footer right after enter, where a narrow terminal still has room for them.
        keys = self._bindings.key_to_bindings
        items = list(keys.items())
        cut = next((i + 1 for i, (k, _) in enumerate(items) if k == "enter"), 0)
        keys.clear()
        keys.update(items[:cut])
        for i, verb in enumerate(self.presenter.verbs):
            self._bindings.bind(verb.key, f"verb({i})", verb.label)
        keys.update(items[cut:])
        self.skipping = False
        self.save_problem: str | None = None  # why the last autosave failed, while it fails
        # Keys typed before the decision on offer was shown never answer it.
        self.offered: Decision | None = None
        self.offered_at = 0.0
        self.ai_played = False  # the AI played since the last choice was offered (AI_SETTLE)
        self.seen_upto: dict[str, int] = {}  # per player: the events they saw up to (the recap starts there)
        self.cards_from = len(session.game.events)  # drawn cards after this event are still to show
        self.cards_open = 0  # the AI waits while a drawn card is read
        self.centred_on: tuple[str, str | None] | None = None  # the seat and hero the cursor was put on
        self.sighting = False  # V: the map shows what the active hero can see and target
        self._wake = threading.Event()
        self.kick_after_cards = False  # a hand-over or the end waits for the drawn cards to be read
        self._finished = False
        self.table_watch = TableWatch(session, self.view_seat)
        self._leaving = False  # the game is over and the player chose to go back to the title

    def on_mount(self) -> None:
        self.query_one(MapView).focus()
        self.kick()

    # -- the flow of play -----------------------------------------------------------------------
    def watch_seat(self) -> str:
        """The seat whose view is drawn while no human decides: a human's hero seat if there is
        one, else the first hero seat; never the dungeon's, whose view shows hidden things."""
        s = self.session
        seats = [x for x in s.ruleset.seats(s.game.state) if x not in (DUNGEON, CHANCE)]
        return next((x for x in seats if s.is_human(x)), seats[0] if seats else DUNGEON)

    def kick(self) -> None:
        """Look at what is pending: the end, a human's choice, or the AI's turn to act."""
        s = self.session
        d = s.game.pending
        if (d is None or s.stops_for(d)) and self.show_table_steps():
            return  # kick again once they are read
        if d is None:
            self.view_seat = self.watch_seat()
            self.redraw()
            if self.cards_open:  # the cards the last choice drew are read before the game ends
                self.kick_after_cards = True
                return
            self._finish()
            return
        if s.must_type(d):
            self.ask_roll(d)
            return
        if not s.is_human(d.seat):
            self.view_seat = self.watch_seat()
            self.redraw(centre=True)
            self.run_ai()
            return
        self.skipping = False
        owner = s.owners.get(d.seat, "")
        to_dungeon = d.seat == DUNGEON
        # Going to or from the dungeon seat always hands over, even to the same name: the
        # dungeon's view shows what the heroes must not see.
        hand_over = to_dungeon != self.last_was_dungeon or (self.last_owner is not None and owner != self.last_owner)
        if hand_over and self.quiet_hand_over(d, to_dungeon):
            # Nothing hidden and turns taken piece by piece: the keyboard passes with a notice.
            hand_over = False
            self.decider = seat_name(self.presenter, s.game, d.seat)
            self.notify(f"{owner}: {d.prompt}", title=f"Your turn, {self.decider}", timeout=3)
            self.seen_upto[owner] = len(s.game.events)
        elif hand_over:
            self.decider = None  # the hand-over screen names them
        if hand_over and self.cards_open:
            # The player who drew them reads the cards first, then hands the keyboard over.
            self.kick_after_cards = True
            return
        self.last_owner, self.last_was_dungeon = owner, to_dungeon
        if not hand_over:
            self.view_seat = d.seat
            self.redraw(centre=True)
            return
        hero = self.presenter.hero_of(s.game, d)
        who = (self.presenter.seat_label(s.game, d.seat) or (self.presenter.dungeon_player if to_dungeon else None)
               or (hero and figure_name(s.game, hero)) or d.seat)
        what = d.prompt if d.prompt.lower().startswith(str(who).lower()) else f"{who}: {d.prompt}"
        if to_dungeon:
            # The table keeps the heroes' view until the dungeon's player has the keyboard.
            self.view_seat = self.watch_seat()
            self.redraw(centre=True)
            if self.presenter.dungeon_view_secret:
                what += "\nThe next screen shows the whole dungeon: heroes, look away."
        else:
            self.view_seat = d.seat
            self.redraw(centre=True)
        recap = self.recap(owner)

        def ready(_: None) -> None:
            self.seen_upto[owner] = len(self.session.game.events)
            if self.session.game.pending is d and self.view_seat != d.seat:
                self.view_seat = d.seat
            self.redraw(centre=True)
            # The decision is offered now: only keys pressed from here on answer it, not the
            # one that closed the hand-over nor any typed while it was up.
            self.offered_at = time.monotonic()
        self.app.push_screen(PassTheKeyboard(owner, what, recap), ready)

    def quiet_hand_over(self, d: Decision, to_dungeon: bool) -> bool:
        if self.cards_open or (to_dungeon != self.last_was_dungeon and self.presenter.dungeon_view_secret):
            return False
        return self.presenter.quiet_hand_over(self.session.game, d)

    def recap(self, owner: str) -> list[str]:
        """What happened since this player last had the keyboard, as the log says it (nothing
        on their first turn: the table was in front of them)."""
        start = self.seen_upto.get(owner)
        return [] if start is None else recap_of(self.session.game.events[start:], self.app.size.height)

    def current(self) -> tuple[Game, str]:
        return self.session.game, self.view_seat

    def redraw(self, centre: bool = True) -> None:
        d = self.session.human_pending()
        # A decision is offered only on its own seat's view (never the dungeon's behind a hand-over).
        offered = d if d is not None and d.seat == self.view_seat else None
        fresh = offered is not None and offered is not self.offered
        if fresh:
            # Textual stamps key events with this clock (not on Windows).
            self.offered_at = time.monotonic() + (AI_SETTLE if self.ai_played else 0.0)
            self.ai_played = False
        self.offered = offered
        # The cursor stays where the player left it while the same hero goes on deciding (after
        # a placement, a walk); it moves to the action when someone else's turn is shown.
        who = (self.view_seat, self.presenter.hero_of(self.session.game, offered))
        pending = self.session.game.pending
        if offered is not None and who == self.centred_on:
            centre = False
        elif offered is None and pending is not None and pending.seat == CHANCE:
            centre = False  # the dice rolled for the hero's own blow: nobody else's turn yet
        elif centre:
            self.centred_on = who if offered is not None else None
        self.draw(self.session.game, self.view_seat, offered, centre)
        if fresh:
            self.focus_where_it_is_made()
        if self.sighting:
            self.show_sight()
        self.refresh_bindings()

    def focus_where_it_is_made(self) -> None:
        """A new choice takes the keys where it is made: the map when it lights squares (after m
        rolled the move), the list when the map cannot show it (who keeps a treasure found as the
        game is set up, which power). Only the map and the list trade the focus: a player reading
        the log or the hand keeps it."""
        options, map_view = self.query_one("#options", OptionList), self.query_one(MapView)
        if self.map_has_choices and self.focused is options:
            map_view.focus()
        elif not self.map_has_choices and self.focused is map_view:
            options.focus()

    def play(self, action: Action) -> None:
        self.session.play_human(action)
        self.seen_upto[self.session.owners.get(action.seat, "")] = len(self.session.game.events)
        self.autosave()
        self.show_drawn_cards()  # first: a hand-over or the game's end waits until they are read
        self.kick()

    def show_drawn_cards(self, skip: bool = False) -> None:
        """Cards drawn since the last look, one after another, each until the player goes on;
        at the fastest AI speed they are only in the log."""
        game = self.session.game
        start, self.cards_from = self.cards_from, len(game.events)
        if skip or self.session.options.ai_speed == "instant":
            return
        cards = [c for e in game.events[start:] if (c := self.presenter.drawn_card(game, e)) is not None]
        for title, text in reversed(cards):  # the first drawn ends on top
            self.cards_open += 1
            self.app.push_screen(DrawnCard(title, text), self.card_read)

    def card_read(self, _: object = None) -> None:
        self.cards_open = max(0, self.cards_open - 1)
        self._wake.set()
        if not self.cards_open and self.kick_after_cards:
            self.kick_after_cards = False
            self.call_later(self.kick)  # once the key that closed the card is done with

    def autosave(self) -> None:
        """Autosave; a disk that refuses is said once (and again when it works), never fatal."""
        problem = self.session.autosave()
        if problem is not None and problem != self.save_problem:
            self.notify(f"Autosave failed, {problem}. Playing on; it is tried again after every choice.",
                        severity="error", timeout=8)
        elif problem is None and self.save_problem is not None:
            self.notify("Autosave works again.", timeout=3)
        self.save_problem = problem

    def save_to(self, path: Path | None, label: str) -> Path | None:
        """A save the player asked for: where it went, or None after saying why it could not."""
        try:
            return self.session.save(path, label)
        except OSError as err:
            self.notify(f"The game was not saved: {why_not_saved(err)}.", severity="error", timeout=8)
            return None

    def stop_ai(self) -> None:
        """The AI's worker stops where it is (undo, a seat switched, leaving)."""
        self.workers.cancel_group(self, "ai")

    @work(thread=True, exclusive=True, group="ai", exit_on_error=False)
    def run_ai(self) -> None:
        """Pick the AI's decisions off the UI thread; the UI thread plays them and redraws."""
        worker = get_current_worker()
        while not worker.is_cancelled:
            game = self.session.game
            d = game.pending
            if d is None or self.session.stops_for(d):
                break
            if isinstance(self.app.screen, TooSmall) or self.cards_open:
                # nobody can watch, or a drawn card is being read: wait
                self._wake.wait(0.2)
                self._wake.clear()
                continue
            delay = SPEEDS[self.session.options.ai_speed]
            if self.skipping or delay == 0:
                self.app.call_from_thread(self.ai_burst)
                continue
            action, why = self.session.ai_choice(d)
            if worker.is_cancelled:
                return
            self.app.call_from_thread(self.ai_step, game, d, action, why)
            self._wake.wait(delay)
            self._wake.clear()
        if not worker.is_cancelled:
            self.app.call_from_thread(self.kick)

    def ai_step(self, game: Game, d: Decision, action: Action, why: str) -> None:
        """Play one AI decision and the rolls that follow it, then show the table."""
        s = self.session
        if game is not s.game or game.pending is not d:  # undone meanwhile
            return
        game.play(action, why)
        self.ai_played = self.ai_played or d.seat != CHANCE
        while game.pending is not None and game.pending.seat == CHANCE and not s.must_type(game.pending):
            s.play_ai_step()
        self.autosave()
        self.redraw(centre=True)
        self.show_drawn_cards()

    def ai_burst(self) -> None:
        """Skip ahead: play every AI decision up to the next human one (or the end) at once."""
        s = self.session
        for _ in range(5000):  # a bound, so the UI answers even in an all-AI game
            played = s.play_ai_step()
            if played is None:
                break
            self.ai_played = self.ai_played or played.seat != CHANCE
        self.autosave()  # once, before the next human choice is asked
        self.redraw(centre=True)
        self.show_drawn_cards(skip=True)  # skipping ahead skips the cards too: they are in the log

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR:
            self.notify(f"The AI stopped: {event.worker.error}", severity="error", timeout=10)

    def _finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        finished = self.save_to(None, "finished game")
        if finished is not None:
            self.session.drop_autosave()  # the finished record stands in the saves list instead
        else:
            self.autosave()
        summary = self.presenter.summary(self.session.game)
        if self.session.campaign is not None:
            from .campaigns import fold_into_campaign
            said, folded = fold_into_campaign(self.session, finished)
            summary += f"\n\nCampaign: {escape(said)}"
            if not folded:
                self.notify(said, severity="error", timeout=8)

        def done(what: str | None) -> None:
            if what == "save":
                game = self.session.game
                path = self.save_to(saves_dir() / f"record-{self.session.ruleset.id}-{game.seed}.json", "record")
                if path is not None:
                    self.notify(f"Record saved to {path}", timeout=4)
            self._leaving = True
            self.app.call_later(self._leave)
        self.app.push_screen(GameOver(summary), done)

    def _leave(self) -> None:
        # Pop this screen only.  A screen opened over it meanwhile (the command palette) would
        # be the one popped, leaving the palette's search running on a removed list (the
        # monkey test found the crash); go once the game screen is on top again.
        if self.app.screen is self:
            self.app.pop_screen()

    def on_screen_resume(self) -> None:
        if self._leaving:
            self.app.call_later(self._leave)

    # -- input -------------------------------------------------------------------------------
    def takes_key(self, event: events.Key) -> bool:
        """Does this key act now?  The app drops the keys this says no to.  A key acts only on
        the decision it was pressed for: keys pressed while the AI played, or before the
        decision on offer was shown (typed ahead, queued during a hand-over), are dropped.
        Keys that look around or control the game (speed, save, help, the AI) always act."""
        if event.key in CONTROL_KEYS or event.key in LOOK_KEYS:
            return True
        if self.focused is self.query_one("#log"):
            return True  # reading the log plays nothing
        return self._decision() is not None and event.time >= self.offered_at

    def _decision(self) -> Decision | None:
        """The human decision on offer on the table now (none while a hand-over is pending)."""
        d = self.session.human_pending()
        return d if d is not None and d.seat == self.view_seat else None

    def action_choose_square(self) -> None:
        """Enter on the map does what is lit on the cursor's square and nothing else; several
        things lit there (two attacks on one monster): it asks which."""
        self.choose_on(self.query_one(MapView).cursor)

    def on_map_view_square_chosen(self, message: MapView.SquareChosen) -> None:
        self.choose_on(message.square)

    def on_map_view_cursor_moved(self, message: MapView.CursorMoved) -> None:
        # Textual calls the table's handler too (it updates the look line): no super() here.
        self.highlight_lit(message.square)

    def highlight_lit(self, sq: tuple[int, int]) -> None:
        """The list's highlight follows the cursor onto a square with a choice of its own, so the
        list shows what enter there plays: it stayed on the first line while enter on the
        cursor's square played another (a model that "stays where it is")."""
        d = self._decision()
        if d is None or not self.map_has_choices:
            return
        lit, covered = lit_on(self.presenter, self.session.game, self.view_seat, d, sq)
        if lit and not covered:
            index = next(i for i, a in enumerate(d.options) if a is lit[0])
            options = self.query_one("#options", OptionList)
            if options.highlighted != index and index < options.option_count:
                options.highlighted = index

    def choose_on(self, sq: tuple[int, int]) -> None:
        d = self._decision()
        if d is None:
            return
        lit, covered = lit_on(self.presenter, self.session.game, self.view_seat, d, sq)
        if lit:
            # A card played on a whole area (a power on a tile) is lit on every square of it,
            # the hero's own among them: an enter there must not spend a daily unasked.
            spends_card = covered and any(c.plays(a) for a in lit for c in self.cards)
            question = "Which one?" if len(lit) > 1 else "Play it here? (escape: not now)"
            self.play_one_of(d, lit, question, confirm=spends_card)
        elif self.walk(sq):
            pass
        elif not self.map_has_choices:
            # A choice the map cannot show (who takes an item, which power): the list has it.
            self.query_one("#options", OptionList).focus()
        else:
            self.notify("Nothing to do on that square; o lists every choice.", timeout=2)

    def walk(self, sq: tuple[int, int]) -> bool:
        """Walk the hero to a farther square one legal step at a time, stopping early when
        something happens on the way (a room revealed, a trap, a monster appears)."""
        game = self.session.game
        path = self.presenter.walks(game, self._decision()).get(sq)
        if not path:
            return False
        for nxt in path:
            d = self._decision()
            step = next((a for a in d.options if a.kind in self.presenter.walk_kinds and goes_to(a) == nxt),
                        None) if d else None
            if step is None:
                break
            seen = len(game.events)
            self.session.play_human(step)
            # the player should look before going on when something happened on the way
            if any(e.kind in self.presenter.walk_stops for e in game.events[seen:]):
                break
        self.autosave()
        self.kick()
        self.show_drawn_cards()
        return True

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        d = self._decision()
        if d is None or message.option.id is None or not still_listed(message):
            return
        if message.option_list.id == "options":
            self.play(d.options[int(message.option.id)])
            self.after_list_choice()
        elif message.option_list.id == "hand":
            card = self.cards[int(message.option.id)]
            uses = [i for i, a in enumerate(d.options) if card.plays(a)]
            if len(uses) == 1:
                self.play(d.options[uses[0]])
                self.after_list_choice()
            elif uses:  # several targets: pick one in the list
                ol = self.query_one("#options", OptionList)
                ol.highlighted = uses[0]
                ol.focus()
                self.notify("Choose the target in the list.", timeout=2)
            else:
                self.notify(f"{card.label.strip()} cannot be used now.", timeout=2)

    def after_list_choice(self) -> None:
        """Focus stays in the list through a run of choices the map cannot show (a draft, a
        menu); it goes back to the map when the next choice has squares on it."""
        if self._decision() is None or self.map_has_choices:
            self.query_one(MapView).focus()
        else:
            self.query_one("#options", OptionList).focus()

    def action_next_target(self) -> None:
        mv = self.query_one(MapView)
        target = next_target(self.session.game, self._decision(), mv.cursor)
        if target is not None:
            mv.move_cursor_to(target, centre=False)
            mv.scroll_to_region_of_cursor()

    def action_end(self) -> None:
        d = self._decision()
        in_list = self.focused is self.query_one("#options", OptionList)
        for a in d.options if d else []:
            if a.kind in self.presenter.end_kinds:
                self.play(a)
                if in_list:  # like a choice made in the list: the next choice with squares gets the map
                    self.after_list_choice()
                return

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "verb":  # a game key shows only while it can do something
            d = self._decision()
            kinds = self.presenter.verbs[int(parameters[0])].kinds  # type: ignore[call-overload]
            return d is not None and any(a.kind in kinds for a in d.options)
        if action == "focus" and parameters == ("hand",):  # `c`: only in a game with cards
            return self.presenter.has_cards
        return True

    def action_verb(self, i: int) -> None:
        d = self._decision()
        if d is None:
            return
        verb = self.presenter.verbs[i]
        offered = [a for a in d.options if a.kind in verb.kinds]
        if offered:
            self.play_one_of(d, offered, f"{verb.label}: which one?")

    def play_one_of(self, d: Decision, actions: list[Action], question: str, confirm: bool = False) -> None:
        """Play the action, or ask which when there are several, or whether when `confirm` (the
        decision may have moved on by the time the player answers: then the answer is dropped)."""
        if len(actions) == 1 and not confirm:
            self.play(actions[0])
            return

        def chosen(n: int | None) -> None:
            if n is not None and self.session.game.pending is d:
                self.play(actions[n])
        texts = [next((c.text for c in self.cards if c.plays(a) and c.text), "") for a in actions]
        self.app.push_screen(Choose(question, [str(a) for a in actions], texts), chosen)

    async def action_focus(self, what: str) -> None:
        self.query_one(f"#{what}").focus()

    # -- what the hero sees ---------------------------------------------------------------------
    def action_sight(self) -> None:
        """V: the map dims what the active hero cannot see and marks what it could target; V
        again (or the next choice) shows the usual map."""
        self.sighting = not self.sighting and self.hero is not None
        self.redraw(centre=False)
        if self.sighting:
            seen, targets = self.presenter.sight(self.session.game, self.view_seat, self.hero or "")
            self.notify(f"{len(seen)} squares in sight, {len(targets)} targets; V again to hide.", timeout=3)

    def show_sight(self) -> None:
        if self.hero is None or self.shown is None:
            return
        game, seat, board, _, _ = self.shown  # the board just drawn
        seen, targets = self.presenter.sight(game, seat, self.hero)
        cells = {sq: (cell if sq in seen or cell[1] in ("hero", "wall") else (cell[0], "fog"))
                 for sq, cell in board.cells.items()}
        self.query_one(MapView).show(cells, board.bounds, set(), targets, board.edges)

    def action_speed(self, step: int) -> None:
        o = self.session.options
        i = SPEED_ORDER.index(o.ai_speed)
        # SPEED_ORDER runs slow -> instant, so "faster" is a step to the right.
        o.ai_speed = SPEED_ORDER[max(0, min(len(SPEED_ORDER) - 1, i + step))]
        self.notify(f"AI speed: {o.ai_speed}", timeout=2)

    def action_undo(self) -> None:
        s = self.session
        if s.undo_point() is None:
            why = "nothing of yours to take back" if s.options.unlimited_undo else \
                "a roll or a draw came after your last choice (unlimited undo is off)"
            self.notify(f"Cannot undo: {why}.", timeout=3)
            return
        self.stop_ai()
        self._wake.set()
        s.undo()
        self.cards_from = len(s.game.events)
        self.notify("Took back your last choice.", timeout=2)
        self.kick()

    def action_save(self) -> None:
        path = self.save_to(None, "saved game")
        if path is not None:
            self.notify(f"Saved to {path}", timeout=3)

    def action_help(self) -> None:
        from .help_screen import HelpScreen
        p = self.presenter
        self.app.push_screen(HelpScreen(p.help, p.legend, p.verbs, ascii=self.query_one(MapView).ascii))

    def action_quit_game(self) -> None:
        def done(yes: bool | None) -> None:
            if yes:
                self.stop_ai()
                self._wake.set()
                if (self.save_to(None, "quit") is None
                        or self.save_to(self.session.autosave_path(), "autosave") is None):
                    return  # the game stays open: quitting now would lose it
                self.app.exit()
        self.app.push_screen(Confirm("Quit the game? It is saved, and Continue resumes it."), done)
