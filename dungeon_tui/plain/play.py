"""A game played in lines: what happened, then the choices numbered; AI seats play on their own
and say each decision with its reason; hotseat players hand over with a line."""
from __future__ import annotations

import re

from ..engine.game import CHANCE, DUNGEON, Decision, Game
from ..engine.presenter import seat_name
from ..tui.saves import saves_dir
from ..engine.typed_dice import TypedFacesError, asking, led_to, parse_answer
from ..tui.session import SPEEDS, Session, why_not_saved
from ..tui.table_watch import TableWatch
from .answers import pick
from .console import Console
from .folding import Group, group_holding, short_list
from .reading import READING_HELP, Reader, Table
from .seats import SEATS_HELP, hand_to_ai, take_back
from .words import event_lines, lines_of

HANDED_PAUSE = 0.15  # seconds at least between two decisions of a seat handed to the AI
RESUMED_LINES = 10  # the log lines a loaded game says before its first choice
PLAY_HELP = (
    "a number or the start of a choice's name: make that choice",
    "choices: the choices again (a long list comes folded into groups)",
    "list N: every choice of the folded group that holds choice N (its squares row by row)",
    "save [name]: save the game (to the saves folder, under the name if given)",
    "undo: take back your last choice",
    "wait on, wait off: stop after each AI decision until Enter, or let the AI play on",
    "seats: who plays each seat",
    *SEATS_HELP,
    "table: rolling your own dice, what to do on the real board again",
    "quit: save and leave (Continue resumes the game)",
    "help: these commands",
)
SAVE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,60}")


class PlainGame:
    def __init__(self, session: Session, console: Console, wait: bool = False) -> None:
        self.session = session
        self.console = console
        self.presenter = session.ruleset.presenter()
        self.wait = wait
        self.shown = 0  # the events said so far
        self.last_owner: str | None = None
        self.last_was_dungeon = False
        self.hero: str | None = None
        self.save_problem: str | None = None
        self.reader = Reader(self.table)
        self.table_watch = TableWatch(session, self.watch_seat())
        self.folded: list[Group] = []  # the groups the choices on offer were folded into

    @property
    def game(self) -> Game:
        return self.session.game

    def watch_seat(self) -> str:
        """The seat whose view is read while no player chooses: a player's hero seat, never the
        dungeon's (it shows what the heroes must not know)."""
        s = self.session
        seats = [x for x in s.ruleset.seats(s.game.state) if x not in (DUNGEON, CHANCE)]
        return next((x for x in seats if s.is_human(x)), seats[0] if seats else DUNGEON)

    def table(self) -> Table:
        d = self.session.human_pending()
        seat = d.seat if d is not None else self.watch_seat()
        self.hero = self.presenter.hero_of(self.game, d) or self.hero
        return Table(self.presenter, self.game, seat, d, self.hero)

    # -- the flow ------------------------------------------------------------------------------
    def run(self, resumed: bool = False) -> None:
        say = self.console.say
        say(*lines_of(self.presenter.status(self.game, self.watch_seat()), markup=True))
        if resumed:
            self.shown = len(self.game.events)
            say("Resumed. The last lines of the log:", *self.reader.log(self.table(), str(RESUMED_LINES)))
        say("Type help for the commands.")
        while True:
            self.tell()
            d = self.game.pending
            if d is None or self.session.stops_for(d):
                self.at_the_table()
            if d is None:
                self.finish()
                return
            if self.session.must_type(d):
                if not self.type_roll(d):
                    self.leave()
                    return
                continue
            if not self.session.is_human(d.seat):
                # A seat handed to the AI plays at the AI's speed (a moment at least), so Enter
                # can take it back before the whole game has gone by.
                pause = max(SPEEDS[self.session.options.ai_speed], HANDED_PAUSE)
                if d.seat in self.session.handed and self.console.typed_ahead(pause):
                    self.console.say(*take_back(self.session, self.presenter, ""))
                    continue
                self.ai_step()
                if self.wait and d.seat != CHANCE and self.console.ask("Enter to go on") is None:
                    self.leave()
                    return
                continue
            if not self.hand_over(d) or not self.choose(d):
                self.leave()
                return

    def tell(self) -> None:
        """Say what happened since the last lines: each event, and each card drawn in full."""
        events = self.game.events
        if self.shown > len(events):  # an undo rewound the game
            self.shown = len(events)
        who = self.table().who
        for event in events[self.shown:]:
            self.console.say(*event_lines(event, who))
            card = self.presenter.drawn_card(self.game, event)
            if card is not None:
                self.console.say(*lines_of(f"Card: {card[0]}. {card[1]}"))
        self.shown = len(events)

    def ai_step(self) -> None:
        self.session.play_ai_step()
        if self.session.human_pending() is not None or self.game.over:
            self.autosave()  # once before a player's choice, as the app does

    def at_the_table(self) -> None:
        """Rolling their own dice, the players move the real figures: what to do, once the app
        has played."""
        steps = self.table_watch.news(self.watch_seat())
        if steps:
            self.console.say("At the table:", *(f"{i}. {step}" for i, step in enumerate(steps, 1)))

    def type_roll(self, d: Decision) -> bool:
        """The faces of a roll made with real dice, asked until they fit the dice (`app`: the
        app rolls this one); False when input ended."""
        spec = d.chance
        assert spec is not None
        who = self.session.roll_owner(d) or self.presenter.dungeon_player or "The monsters"
        what, how, _verb = asking(spec)
        it = "draw it" if spec.kind == "draw" else "roll them"
        led = led_to(self.game.decisions)  # what the roll is for, as the app's dialog says it
        about = f"{led}; rule {spec.rule}" if led else f"rule {spec.rule}"
        self.console.say(f"{who}: {what} ({about}). {how}; or app to let the app {it}.")
        while True:
            answer = self.console.ask()
            if answer is None:
                return False
            if answer.strip().lower() == "app":
                self.session.play_typed(None)
                break
            try:
                self.session.play_typed(parse_answer(spec, answer))
                break
            except TypedFacesError as err:
                self.console.say(f"{err}. Type it again.")
        self.autosave()
        return True

    def hand_over(self, d: Decision) -> bool:
        """In hotseat, the keyboard passes with a line; False when input ended."""
        owner = self.session.owners.get(d.seat, "")
        to_dungeon = d.seat == DUNGEON
        # Going to or from the dungeon seat always hands over, even to the same name, when its
        # view shows what the heroes must not know.
        crossing = to_dungeon != self.last_was_dungeon
        changed = crossing or (self.last_owner is not None and owner != self.last_owner)
        self.last_owner, self.last_was_dungeon = owner, to_dungeon
        if not changed:
            return True
        secret = self.presenter.dungeon_view_secret
        if not (crossing and secret) and self.presenter.quiet_hand_over(self.game, d):
            self.console.say(f"{owner}'s turn.")  # nothing hidden, turns piece by piece: no Enter
            return True
        warn = " Heroes, stop listening: the dungeon's view tells what you must not know." \
            if to_dungeon and secret else ""
        return self.console.ask(f"Pass to {owner}, then press Enter.{warn}") is not None

    def offer(self, d: Decision) -> None:
        who = seat_name(self.presenter, self.game, d.seat)
        prompt = d.prompt if d.prompt.lower().startswith(who.lower()) else f"{who}: {d.prompt}"
        lines, self.folded = short_list([str(a) for a in d.options], [a.kind for a in d.options])
        self.console.say(prompt, *lines)

    def open_group(self, rest: str) -> list[str]:
        """`list N`: the folded group holding choice N in full."""
        if not self.folded:
            return ["Every choice is in the list already (choices says it again)."]
        group = group_holding(self.folded, int(rest)) if rest.isdigit() else None
        if group is None:
            firsts = ", ".join(str(g.first) for g in self.folded)
            return [f"list takes the number of a folded group: {firsts}."]
        return group.opened()

    def choose(self, d: Decision) -> bool:
        """Ask until a choice is made; False when the player quits or input ends."""
        self.offer(d)
        while True:
            answer = self.console.ask()
            if answer is None:
                return False
            word, _, rest = answer.strip().partition(" ")
            word, rest = word.lower(), rest.strip()
            if not word:
                continue
            if word == "quit":
                return False
            said = self.reader.answer(word, rest)
            if said is None:
                said = self.command(word, rest, d)
            if said is not None:
                self.console.say(*said)
                if self.game.pending is not d or not self.session.is_human(d.seat):
                    return True  # undone, or handed to the AI: the choice on offer is another now
                continue
            found = pick(answer, [str(a) for a in d.options])
            if found.index is None:
                self.console.say(found.problem)
                self.offer(d)
                continue
            self.session.play_human(d.options[found.index])
            self.autosave()
            return True

    def command(self, word: str, rest: str, d: Decision) -> list[str] | None:
        if word == "help":
            return ["Commands:", *PLAY_HELP, *READING_HELP]
        if word == "list" and rest:
            return self.open_group(rest)
        if word in ("choices", "list"):
            self.offer(d)
            return []
        if word == "save":
            return [self.save(rest)]
        if word == "table":
            shown = self.table_watch.shown
            return (["At the table:", *(f"{i}. {step}" for i, step in enumerate(shown, 1))] if shown
                    else ["Nothing to do on the board yet."])
        if word == "seats":
            game = self.game
            return [f"{seat_name(self.presenter, game, seat)}: {self.session.who_plays(seat)}"
                    for seat in self.session.ruleset.seats(game.state) if seat != CHANCE]
        if word == "ai":
            return hand_to_ai(self.session, self.presenter, rest, d)
        if word == "me":
            return take_back(self.session, self.presenter, rest)
        if word == "undo":
            if not self.session.undo():
                why = "nothing of yours to take back" if self.session.options.unlimited_undo else \
                    "a roll or a draw came after your last choice (unlimited undo is off)"
                return [f"Cannot undo: {why}."]
            self.shown = len(self.game.events)
            self.last_owner = None
            return ["Took back your last choice."]
        if word == "wait":
            if rest not in ("on", "off"):
                return [f"Wait is {'on' if self.wait else 'off'}: wait on or wait off."]
            self.wait = rest == "on"
            return ["The AI stops after each decision until Enter." if self.wait
                    else "The AI plays on without stopping."]
        return None

    # -- saving and leaving ----------------------------------------------------------------------
    def save(self, name: str) -> str:
        if name and not SAVE_NAME.fullmatch(name):
            return "A save's name is letters, digits, dots, dashes and underscores (no folders)."
        path = saves_dir() / (name if name.endswith(".json") else f"{name}.json") if name else None
        try:
            where = self.session.save(path, name or "saved game")
        except OSError as err:
            return f"The game was not saved: {why_not_saved(err)}."
        return f"Saved to {where}"

    def autosave(self) -> None:
        problem = self.session.autosave()
        if problem is not None and problem != self.save_problem:
            self.console.say(f"Autosave failed, {problem}. Playing on; it is tried again after every choice.")
        self.save_problem = problem

    def leave(self) -> None:
        try:
            path = self.session.save(None, "quit")
            self.session.save(self.session.autosave_path(), "autosave")
        except OSError as err:
            self.console.say(f"The game was not saved: {why_not_saved(err)}.")
            return
        self.console.say(f"Saved to {path}. Continue, or load that file, resumes it.")

    def finish(self) -> None:
        self.console.say("The game is over.", *lines_of(self.presenter.summary(self.game), markup=True))
        try:
            path = self.session.save(None, "finished game")
        except OSError as err:
            self.console.say(f"The record was not saved: {why_not_saved(err)}.")
            return
        self.session.drop_autosave()
        self.console.say(f"The record is saved to {path}; replay shows it again.")
