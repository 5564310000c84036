"""The game screen: a human chooses on the map, in the list or from the hand; AI seats play in
a worker, one visible decision at a time at the chosen speed."""
from __future__ import annotations

import threading
from pathlib import Path

from textual import work
from textual.binding import Binding
from textual.widgets import OptionList
from textual.worker import Worker, WorkerState, get_current_worker

from ..engine.game import CHANCE, DUNGEON, Action, Decision, Game
from .dialogs import Choose, Confirm, GameOver, PassTheKeyboard, TooSmall
from .event_log import still_listed
from .map_view import MapView
from ..engine.presenter import aimed_at, goes_to
from .saves import saves_dir
from .session import SPEEDS, Session, why_not_saved
from .table import TableScreen

SPEED_ORDER = list(SPEEDS)


class GameScreen(TableScreen):
    BINDINGS = [
        Binding("enter", "choose_square", "do it", id="game.choose"),
        Binding("tab", "next_target", "next target", id="game.target", show=False),
        Binding("e", "end", "end", id="game.end"),
        Binding("o", "focus('options')", "choices", id="game.options"),
        Binding("c", "focus('hand')", "cards", id="game.cards"),
        Binding("r", "focus('log')", "log", id="game.log", show=False),
        Binding("escape", "focus('map')", "map", show=False, id="game.map"),
        Binding("space", "skip", "skip AI", id="game.skip", show=False),
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
        self._wake = threading.Event()
        self._finished = False
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
        if d is None:
            self.view_seat = self.watch_seat()
            self.redraw()
            self._finish()
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
        self.last_owner, self.last_was_dungeon = owner, to_dungeon
        if not hand_over:
            self.view_seat = d.seat
            self.redraw(centre=True)
            return
        who = (self.presenter.dungeon_player if to_dungeon else None) or self.presenter.hero_of(s.game, d) or d.seat
        what = d.prompt if d.prompt.lower().startswith(str(who).lower()) else f"{who}: {d.prompt}"
        if to_dungeon:
            # The table keeps the heroes' view until the dungeon's player has the keyboard.
            self.view_seat = self.watch_seat()
            self.redraw(centre=True)
            what += "\nThe next screen shows the whole dungeon: heroes, look away."
        else:
            self.view_seat = d.seat
            self.redraw(centre=True)

        def ready(_: None) -> None:
            if self.session.game.pending is d and self.view_seat != d.seat:
                self.view_seat = d.seat
                self.redraw(centre=True)
        self.app.push_screen(PassTheKeyboard(owner, what), ready)

    def current(self) -> tuple[Game, str]:
        return self.session.game, self.view_seat

    def redraw(self, centre: bool = True) -> None:
        d = self.session.human_pending()
        # A decision is offered only on its own seat's view (never the dungeon's behind a hand-over).
        self.draw(self.session.game, self.view_seat, d if d is not None and d.seat == self.view_seat else None, centre)
        self.refresh_bindings()

    def play(self, action: Action) -> None:
        self.session.play_human(action)
        self.autosave()
        self.kick()

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

    @work(thread=True, exclusive=True, group="ai", exit_on_error=False)
    def run_ai(self) -> None:
        """Pick the AI's decisions off the UI thread; the UI thread plays them and redraws."""
        worker = get_current_worker()
        while not worker.is_cancelled:
            game = self.session.game
            d = game.pending
            if d is None or self.session.is_human(d.seat):
                break
            if isinstance(self.app.screen, TooSmall):  # nobody can watch: wait for a usable terminal
                self._wake.wait(0.2)
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
        while game.pending is not None and game.pending.seat == CHANCE:
            s.play_ai_step()
        self.autosave()
        self.redraw(centre=True)

    def ai_burst(self) -> None:
        """Skip ahead: play every AI decision up to the next human one (or the end) at once."""
        s = self.session
        for _ in range(5000):  # a bound, so the UI answers even in an all-AI game
            if s.play_ai_step() is None:
                break
        self.autosave()  # once, before the next human choice is asked
        self.redraw(centre=True)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR:
            self.notify(f"The AI stopped: {event.worker.error}", severity="error", timeout=10)

    def _finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        if self.save_to(None, "finished game") is not None:
            self.session.drop_autosave()  # the finished record stands in the saves list instead
        else:
            self.autosave()

        def done(what: str | None) -> None:
            if what == "save":
                game = self.session.game
                path = self.save_to(saves_dir() / f"record-{self.session.ruleset.id}-{game.seed}.json", "record")
                if path is not None:
                    self.notify(f"Record saved to {path}", timeout=4)
            self._leaving = True
            self.app.call_later(self._leave)
        self.app.push_screen(GameOver(self.presenter.summary(self.session.game)), done)

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
    def _option_for_square(self, sq: tuple[int, int]) -> Action | None:
        d = self._decision()
        if d is None:
            return None
        for a in d.options:
            if goes_to(a) == sq:
                return a
        game = self.session.game
        aimed = [a for a in d.options if aimed_at(game, a) == sq]
        # A figure there: attack it first, then anything else aimed at it.
        if aimed:
            return next((a for a in aimed if a.kind in self.presenter.aim_kinds), aimed[0])
        # A door or a trap beside the square: open it, disarm it.
        return next((a for a in d.options if sq in self.presenter.squares_of(game, self.view_seat, a)), None)

    def _decision(self) -> Decision | None:
        """The human decision on offer on the table now (none while a hand-over is pending)."""
        d = self.session.human_pending()
        return d if d is not None and d.seat == self.view_seat else None

    def action_choose_square(self) -> None:
        sq = self.query_one(MapView).cursor
        a = self._option_for_square(sq)
        d = self._decision()
        if a is None and d is not None and self.walk(sq):
            return
        if a is None and d is not None:  # nothing on this square: the game's default (roll to move)
            a = next((o for o in d.options if o.kind in self.presenter.on_enter), None)
        if a is not None:
            self.play(a)
        elif d is not None and not self.map_has_choices:
            # A choice the map cannot show (who takes an item, which power): the list has it.
            self.query_one("#options", OptionList).focus()
        elif d is not None:
            self.notify("Nothing to do on that square; o lists every choice.", timeout=2)

    def on_map_view_square_chosen(self, message: MapView.SquareChosen) -> None:
        a = self._option_for_square(message.square)
        if a is not None:
            self.play(a)
        else:
            self.walk(message.square)

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
        return True

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        d = self._decision()
        if d is None or message.option.id is None or not still_listed(message):
            return
        if message.option_list.id == "options":
            self.play(d.options[int(message.option.id)])
            self.query_one(MapView).focus()
        elif message.option_list.id == "hand":
            card = self.cards[int(message.option.id)]
            uses = [i for i, a in enumerate(d.options) if card.plays(a)]
            if len(uses) == 1:
                self.play(d.options[uses[0]])
                self.query_one(MapView).focus()
            elif uses:  # several targets: pick one in the list
                ol = self.query_one("#options", OptionList)
                ol.highlighted = uses[0]
                ol.focus()
                self.notify("Choose the target in the list.", timeout=2)

    def action_next_target(self) -> None:
        d = self._decision()
        game = self.session.game
        squares = sorted({sq for a in (d.options if d else []) if (sq := aimed_at(game, a)) is not None},
                         key=lambda q: (q[1], q[0]))
        if not squares:
            return
        mv = self.query_one(MapView)
        later = [q for q in squares if (q[1], q[0]) > (mv.cursor[1], mv.cursor[0])]
        mv.move_cursor_to((later or squares)[0], centre=False)
        mv.scroll_to_region_of_cursor()

    def action_end(self) -> None:
        d = self._decision()
        for a in d.options if d else []:
            if a.kind in self.presenter.end_kinds:
                self.play(a)
                return

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "verb":  # a game key shows only while it can do something
            d = self._decision()
            kinds = self.presenter.verbs[int(parameters[0])].kinds  # type: ignore[call-overload]
            return d is not None and any(a.kind in kinds for a in d.options)
        return True

    def action_verb(self, i: int) -> None:
        d = self._decision()
        if d is None:
            return
        verb = self.presenter.verbs[i]
        offered = [a for a in d.options if a.kind in verb.kinds]
        if len(offered) == 1:
            self.play(offered[0])
        elif offered:
            def chosen(n: int | None) -> None:
                if n is not None and self.session.game.pending is d:
                    self.play(offered[n])
            self.app.push_screen(Choose(f"{verb.label}: which one?", [str(a) for a in offered]), chosen)

    async def action_focus(self, what: str) -> None:
        self.query_one(f"#{what}").focus()

    def action_skip(self) -> None:
        self.skipping = True
        self._wake.set()

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
        self.workers.cancel_group(self, "ai")
        self._wake.set()
        s.undo()
        self.notify("Took back your last choice.", timeout=2)
        self.kick()

    def action_save(self) -> None:
        path = self.save_to(None, "saved game")
        if path is not None:
            self.notify(f"Saved to {path}", timeout=3)

    def action_help(self) -> None:
        from .help_screen import HelpScreen
        self.app.push_screen(HelpScreen(self.presenter.help, self.presenter.legend, self.presenter.verbs))

    def action_quit_game(self) -> None:
        def done(yes: bool | None) -> None:
            if yes:
                self.workers.cancel_group(self, "ai")
                self._wake.set()
                if (self.save_to(None, "quit") is None
                        or self.save_to(self.session.autosave_path(), "autosave") is None):
                    return  # the game stays open: quitting now would lose it
                self.app.exit()
        self.app.push_screen(Confirm("Quit the game? It is saved, and Continue resumes it."), done)
