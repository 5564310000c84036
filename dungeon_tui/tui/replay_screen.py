"""The replay viewer: the same table, read-only, moved through a record one decision at a time.

A step is one decision of a player or the AI together with the rolls and draws that follow it.
Games cannot be rewound, so going back rebuilds the game from the nearest keyframe before the
target (a copy of the state at a round boundary, engine `Game.resume`) and plays on from there.
Keyframes gather as the viewer moves forward, and a background pass over the whole record on
opening fills them in, so a seek anywhere costs at most one round of decisions."""
from __future__ import annotations

import bisect

from textual import work
from textual.binding import Binding
from textual.message import Message
from textual.timer import Timer
from textual.widgets import OptionList
from textual.worker import Worker, WorkerState

from ..engine import collector, keyframe_cache, record
from ..engine.game import CHANCE, Action, Game, Keyframe
from .dialogs import AskNumber
from .event_log import EventLog
from .map_view import MapView
from .session import SPEEDS
from .table import TableScreen

PLAY_SPEEDS = [s for s in SPEEDS.values() if s > 0] + [0.02]
KEYFRAME_GAP = 80  # decisions at least between keyframes: a seek replays at most about this many
# (80, not 40: making the keyframes was a tenth of the opening pass over a long record, and a
# seek that replays 80 decisions still draws within 7 ms)
PASS_BATCH = 250  # decisions the opening pass plays between two handings-over of its keyframes
# A seek that would play more decisions than this past what the opening pass has handed over
# waits for the pass to get there instead: both playing the same decisions, each slowed the
# other (one Python thread runs at a time), and the seek landed later than the pass.
FAR = 200


class ReplayScreen(TableScreen):
    # Nothing takes the focus when the viewer opens (its keys belong to the screen): Textual
    # otherwise focused the log on resuming the screen, after on_mount, and it opened large.
    AUTO_FOCUS = ""
    BINDINGS = [
        Binding("right,l", "step(1)", "step", id="replay.forward", priority=True),
        Binding("left,h", "step(-1)", "back", id="replay.back", priority=True),
        Binding("home,g", "jump(0)", "start", id="replay.start", priority=True),
        Binding("end,G", "jump(-1)", "end", id="replay.end", priority=True),
        Binding("space", "play", "play/pause", id="replay.play", priority=True),
        Binding("plus,equals_sign", "speed(1)", "faster", id="replay.faster"),
        Binding("minus", "speed(-1)", "slower", id="replay.slower"),
        Binding("t", "turn", "turn…", id="replay.turn"),
        Binding("r", "focus_log", "log", id="replay.log"),
        Binding("q,escape", "leave", "back", id="replay.quit"),
    ]

    def __init__(self, rec: record.RecordModel, name: str = "") -> None:
        from ..rulesets import game_from_record as make_game
        from ..rulesets import get
        super().__init__(get(rec.ruleset).presenter())
        self.rec = rec
        self.file_name = name
        self.make_game = make_game
        self.frames: list[Keyframe] = []  # by decision count; the whole record's once the pass is done
        self.pass_done = False
        self.passing = False  # the opening pass is running
        self.wanted: int | None = None  # a seek waiting for the pass to hand over keyframes past it
        self.frames_kept = False  # the keyframes are in the cache (read from it, or written)
        # The decisions as the pass played them: each is the game's own offered choice, with the
        # words the game gave it (a record keeps only kind and arguments).
        self.played: list[tuple[Action, str]] = []
        self.game: Game = self._fresh_game()
        self.pos = 0
        self.speed = 1
        self._timer: Timer | None = None
        self.seat = self.game.ruleset.seats(self.game.state)[0]
        self.stops = self._stops()

    @property
    def total(self) -> int:
        return len(self.rec.decisions)

    def on_mount(self) -> None:
        mv = self.query_one(MapView)
        mv.can_focus = False
        self.query_one("#hand", OptionList).can_focus = False
        self.query_one("#options", OptionList).can_focus = False
        self.set_focus(None)  # the viewer's keys belong to the screen, not to the log
        self.query_one(EventLog).one_story = True
        self._show()
        kept = keyframe_cache.read("view", self.game, self.rec.decisions)
        if kept is not None and len(kept[1]) == self.total:  # this record seen before: no pass
            self.frames, self.played = kept
            self.pass_done = self.frames_kept = True
        else:
            self.passing = True
            self.keyframe_pass()

    def on_unmount(self) -> None:
        """The pass's keyframes kept for the next opening of this record: written on leaving,
        not as the pass ends, where pickling them (50-100 ms for 5,000 decisions) would slow
        the first seeks."""
        if self.pass_done and not self.frames_kept:
            self.frames_kept = True
            keyframe_cache.write("view", self.game, self.frames, self.played)

    # -- keyframes ----------------------------------------------------------------------------------
    class Keyframes(Message):
        def __init__(self, frames: list[Keyframe], played: list[tuple[Action, str]], done: bool) -> None:
            super().__init__()
            self.frames, self.played, self.done = frames, played, done

    @work(thread=True, exclusive=True, exit_on_error=False, group="keyframes")
    def keyframe_pass(self) -> None:
        """Play the whole record once on a game of its own, keeping a keyframe per round.  The
        keyframes go to the screen as they gather (every PASS_BATCH decisions), so a seek
        into the part already played is quick before the pass is through a long record."""
        game = self._fresh_game()
        sent = 0
        # The collector paused for the pass, as for a load: its states, events and keyframes
        # are made in one go, and its passes over them were a sixth of the viewer's opening.
        with collector.paused():
            for i, d in enumerate(self.rec.decisions, 1):
                if game.over:
                    break
                game.play(record.action_of(d), d.why)
                if i % PASS_BATCH == 0 and len(game.keyframes) > sent:
                    self.post_message(self.Keyframes(game.keyframes[sent:], list(game.decisions), False))
                    sent = len(game.keyframes)
        self.post_message(self.Keyframes(game.keyframes[sent:], game.decisions, True))

    def on_replay_screen_keyframes(self, message: ReplayScreen.Keyframes) -> None:
        self._keep(message.frames)
        self.played = message.played
        self.pass_done = message.done
        self.passing = not message.done
        if self.wanted is not None and (message.done or len(self.played) >= self.wanted):
            self.seek(self.wanted)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        # The pass only speeds seeking up: if it fails, seeking replays from the start instead.
        if event.worker.group == "keyframes" and event.state == WorkerState.ERROR:
            self.passing = False
            self.notify("Seeking back will replay from the start (no keyframes).", timeout=3)
            if self.wanted is not None:
                self.seek(self.wanted)

    def _keep(self, frames: list[Keyframe]) -> None:
        have = {f.decisions for f in self.frames}
        self.frames = sorted(self.frames + [f for f in frames if f.decisions not in have],
                             key=lambda f: f.decisions)

    def _fresh_game(self) -> Game:
        game = record.replay(self.rec, self.make_game, upto=0)
        game.keep_keyframes, game.keyframe_gap = True, KEYFRAME_GAP
        game.hashes = False  # the viewer checks nothing and saves nothing
        return game

    def _record_decisions(self, n: int) -> list:
        """The first n decisions as the game holds them (for resuming ahead of where it is)."""
        if len(self.played) >= n:
            return self.played[:n]
        return [(record.action_of(d), d.why) for d in self.rec.decisions[:n]]

    # -- moving through the record -----------------------------------------------------------
    def seek(self, pos: int) -> None:
        pos = max(0, min(self.total, pos))
        i = bisect.bisect_right([f.decisions for f in self.frames], pos)
        frame = self.frames[i - 1] if i > 0 else None
        # Back, or far enough ahead that a keyframe lies between: start from the keyframe.
        from_frame = frame is not None and (pos < self.pos or frame.decisions > self.pos)
        start = frame.decisions if frame is not None and from_frame else self.pos if pos >= self.pos else 0
        if self.passing and pos > len(self.played) and pos - start > FAR:
            self.wanted = pos  # played from the keyframe the pass hands over past it
            self._show()
            return
        self.wanted = None
        if frame is not None and from_frame:
            g = self.game
            fresh = len(self.played) < frame.decisions <= len(g.decisions)
            decisions = g.decisions if fresh else self._record_decisions(frame.decisions)
            self.game = Game.resume(g.ruleset, g.setup, g.seed, g.content, frame, decisions, g.content_digest)
            self.game.keep_keyframes, self.game.keyframe_gap, self.game.hashes = True, KEYFRAME_GAP, False
        elif pos < self.pos:
            self.game = self._fresh_game()
        for d in self.rec.decisions[len(self.game.decisions):pos]:
            self.game.play(record.action_of(d), d.why)
        self._keep(self.game.keyframes)
        self.game.keyframes = []
        self.pos = pos
        self._show()

    def _stops(self) -> list[int]:
        """Where a step lands: after each visible decision and the rolls that follow it."""
        stops = {0, self.total}
        for i, d in enumerate(self.rec.decisions):
            if d.seat != CHANCE:
                j = i + 1
                while j < self.total and self.rec.decisions[j].seat == CHANCE:
                    j += 1
                stops.add(j)
        return sorted(stops)

    def next_stop(self, pos: int) -> int:
        i = bisect.bisect_right(self.stops, pos)
        return self.stops[i] if i < len(self.stops) else self.total

    def action_step(self, n: int) -> None:
        if n > 0:
            self.seek(self.next_stop(self.pos))
        else:
            i = bisect.bisect_left(self.stops, self.pos)
            self.seek(self.stops[i - 1] if i > 0 else 0)

    def action_jump(self, where: int) -> None:
        self.seek(0 if where == 0 else self.total)

    def action_turn(self) -> None:
        def go(turn: int | None) -> None:
            if turn is None:
                return
            starts = {rnd + 1: at for at, rnd, _ in self.rec.checkpoints}
            self.seek(0 if turn <= 1 else starts.get(turn, self.total if turn > 1 else 0))
        self.app.push_screen(AskNumber("Jump to the start of turn:"), go)

    def action_play(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            self._show()
            return
        self._timer = self.set_interval(PLAY_SPEEDS[self.speed], self._tick)
        self._show()

    def _tick(self) -> None:
        if self.pos >= self.total:
            self.action_play()
            return
        self.seek(self.next_stop(self.pos))

    def action_speed(self, step: int) -> None:
        self.speed = max(0, min(len(PLAY_SPEEDS) - 1, self.speed + step))
        if self._timer is not None:
            self._timer.stop()
            self._timer = self.set_interval(PLAY_SPEEDS[self.speed], self._tick)
        self.notify(f"{PLAY_SPEEDS[self.speed]:.2f} s per step", timeout=2)

    def action_focus_log(self) -> None:
        self.query_one("#log").focus()

    def action_leave(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self.dismiss(None)

    def current(self) -> tuple[Game, str]:
        return self.game, self.seat

    # -- drawing ------------------------------------------------------------------------------------
    def _show(self) -> None:
        if not self.query(MapView):
            # The viewer's keys are priority bindings, so a key can arrive between the push and
            # the compose, before there is a map to draw on (NoMatches, found by the monkey
            # test); on_mount draws the position reached.
            return
        self.draw(self.game, self.seat, None, centre=True)
        playing = "playing" if self._timer is not None else "paused"
        last = self.game.decisions[-1] if self.game.decisions else None
        ol = self.query_one("#options", OptionList)
        seeking = f" · going to {self.wanted}…" if self.wanted is not None else ""
        ol.border_title = f"replay {self.pos}/{self.total} · {playing}{seeking}"
        ol.clear_options()
        if last is not None:
            ol.add_option(f"last: {last[0]}" + (f" ({last[1]})" if last[1] else ""))
        if self.game.over:
            ol.add_option(str((self.game.result or {}).get("outcome", "over")).upper())
