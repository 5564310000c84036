"""A record read back in lines: step forward a decision at a time (with the rolls that follow
it), step back, jump to a decision; the reading commands work at every step."""
from __future__ import annotations

import bisect
from pathlib import Path

from ..engine import record
from ..engine.contract import ruleset_of
from ..engine.game import CHANCE, DUNGEON, Game
from ..engine.words import counted
from .console import Console
from .reading import READING_HELP, Reader, Table
from .words import lines_of, told

KEYFRAME_GAP = 40  # decisions between the keyframes a step back resumes from
REPLAY_HELP = (
    "Enter or next: the next decision and the rolls that follow it",
    "back: the step before",
    "jump N: to decision N (jump 0 is the start, jump end the end)",
    "quit: leave the replay",
    "help: these commands",
)


def stops_of(seats: list[str]) -> list[int]:
    """Where a step lands: after each decision of a player or the AI and the rolls that follow."""
    total = len(seats)
    stops = {0, total}
    for i, seat in enumerate(seats):
        if seat != CHANCE:
            j = i + 1
            while j < total and seats[j] == CHANCE:
                j += 1
            stops.add(j)
    return sorted(stops)


class PlainReplay:
    def __init__(self, whole: Game, console: Console, name: str = "") -> None:
        self.whole = whole  # the game played to its last recorded decision, keyframes kept
        self.console = console
        self.name = name
        self.presenter = ruleset_of(whole).presenter()
        self.game = whole.rewound(0)
        self.pos = 0
        self.stops = stops_of([a.seat for a, _why in whole.decisions])
        seats = [x for x in whole.ruleset.seats(whole.state) if x not in (DUNGEON, CHANCE)]
        self.seat = seats[0] if seats else DUNGEON
        self.reader = Reader(self.table)

    @classmethod
    def of_file(cls, path: Path, console: Console) -> PlainReplay:
        return cls.of_record(record.read(path), console, path.name)

    @classmethod
    def of_record(cls, rec: record.RecordModel, console: Console, name: str) -> PlainReplay:
        from ..rulesets import game_from_record

        def build(rec: record.RecordModel) -> Game:
            game = game_from_record(rec)
            game.keep_keyframes, game.keyframe_gap = True, KEYFRAME_GAP
            return game
        return cls(record.replay(rec, build), console, name)

    @property
    def total(self) -> int:
        return len(self.whole.decisions)

    def table(self) -> Table:
        d = self.game.pending
        return Table(self.presenter, self.game, self.seat, None, self.presenter.hero_of(self.game, d))

    def where(self) -> str:
        return f"Decision {self.pos} of {self.total}." + (" The end." if self.pos == self.total else "")

    def run(self) -> None:
        say = self.console.say
        say(f"Replay of {self.name or 'a record'}: {counted(self.total, 'decision')}. Type help for the commands.",
            *lines_of(self.presenter.status(self.game, self.seat), markup=True))
        say(*told(self.game.events, self.table().who))
        while True:
            answer = self.console.ask("Enter for the next step")
            if answer is None:
                return
            word, _, rest = answer.strip().partition(" ")
            word, rest = word.lower(), rest.strip()
            if word == "quit":
                return
            said = self.reader.answer(word, rest)
            if said is not None:
                say(*said)
                continue
            if word in ("", "next", "n"):
                self.step()
            elif word in ("back", "b"):
                self.go(self.stops[max(0, bisect.bisect_left(self.stops, self.pos) - 1)])
                say(f"Back to decision {self.pos}.", *self.last_step())
            elif word in ("jump", "j"):
                target = self.total if rest == "end" else int(rest) if rest.isdigit() else None
                if target is None:
                    say("jump N, with N a decision from 0 to the end, or jump end.")
                    continue
                self.go(min(target, self.total))
                say(*self.last_step())
            elif word == "help":
                say("Commands:", *REPLAY_HELP, *READING_HELP)
            else:
                say(f"'{answer.strip()}' is no replay command (help lists them).")
                continue
            say(self.where())

    def step(self) -> None:
        if self.pos >= self.total:
            return
        nxt = self.stops[bisect.bisect_right(self.stops, self.pos)]
        seen = len(self.game.events)
        self.game.replay_actions(self.whole.decisions[self.pos:nxt])
        self.pos = nxt
        self.console.say(*told(self.game.events[seen:], self.table().who))

    def go(self, pos: int) -> None:
        self.game = self.whole.rewound(pos)
        self.pos = pos

    def last_step(self) -> list[str]:
        """What the step that led here said (a jump or a step back lands mid-story)."""
        i = bisect.bisect_left(self.stops, self.pos)
        before = self.stops[i - 1] if i > 0 else 0
        earlier = self.whole.rewound(before) if before != self.pos else self.game
        return told(self.game.events[len(earlier.events):], self.table().who)
