"""The commands that only read the table, shared by play and replay: what the graphical app
shows in its panels and dialogs, asked for by name and said in lines."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine.game import Decision, Game
from ..engine.presenter import Presenter, seat_name
from .answers import pick
from .surroundings import surroundings
from .words import lines_of, roll_lines, told

LOG_LINES = 10  # what `log` says without a number

READING_HELP = (
    "look: what is next to the active figure, what it can see, the ways out and how far",
    "sheet [name]: a figure's sheet (without a name: the active figure's)",
    "cards: the active figure's cards or spells, and which can be played now",
    "log [n]: the last n lines of the log (10 without a number)",
    "roll: how the last roll was made: its rule, dice, faces and outcome",
    "party: everyone on the players' side",
    "objective: what the adventure asks",
    "status: the adventure, turn and phase",
    "rules: the game's own help page",
)


@dataclass
class Table:
    """What the reading commands read: the game, the seat whose view it is, the decision on
    offer (None while nobody chooses) and the figure last active."""

    presenter: Presenter
    game: Game
    seat: str
    decision: Decision | None
    hero: str | None

    def who(self, seat: str) -> str:
        """A seat as the players name it: the hero there, the warband, the dungeon's player."""
        return seat_name(self.presenter, self.game, seat)


class Reader:
    def __init__(self, table: Callable[[], Table]) -> None:
        self.table = table
        self.commands: dict[str, Callable[[Table, str], list[str]]] = {
            "look": self.look, "sheet": self.sheet, "cards": self.cards, "log": self.log, "roll": self.roll,
            "party": self.party, "objective": self.objective, "status": self.status, "rules": self.rules}

    def answer(self, word: str, rest: str) -> list[str] | None:
        """The lines a reading command says, or None when the word is not one."""
        command = self.commands.get(word)
        return None if command is None else command(self.table(), rest)

    def look(self, t: Table, rest: str) -> list[str]:
        return surroundings(t.presenter, t.game, t.seat, t.hero, t.decision)

    def sheet(self, t: Table, rest: str) -> list[str]:
        who = t.hero
        named = t.presenter.figures(t.game, t.seat)
        if rest:
            figures = list(named)
            found = pick(rest, [named[f][0] for f in figures])
            if found.index is None:
                return [found.problem.replace("no choice and no command", "nobody")]
            who = figures[found.index]
        if who is None:
            return ["Nobody is active: sheet NAME names one (party lists them)."]
        return lines_of(t.presenter.sheet(t.game, t.seat, who), markup=True) or \
            [f"{named.get(who, (who, None))[0]} has no sheet to show."]

    def cards(self, t: Table, rest: str) -> list[str]:
        hand = t.presenter.hand(t.game, t.seat, t.hero) if t.hero else []
        if not hand:
            return ["No cards or spells in hand."]
        options = t.decision.options if t.decision else []
        out = []
        for card in hand:
            uses = [str(i + 1) for i, a in enumerate(options) if card.plays(a)]
            now = f" Can be played now: choice {', '.join(uses)}." if uses else ""
            out += lines_of(f"{card.label}.{now} {card.text}")
        return out

    def log(self, t: Table, rest: str) -> list[str]:
        n = int(rest) if rest.strip().isdigit() else LOG_LINES
        lines = told(t.game.events, t.who)
        return lines[-n:] if n else []

    def roll(self, t: Table, rest: str) -> list[str]:
        last = next((e for e in reversed(t.game.events) if e.kind == "roll"), None)
        return roll_lines(last.data) if last is not None else ["No dice have been rolled yet."]

    def party(self, t: Table, rest: str) -> list[str]:
        return [line for text in t.presenter.party(t.game, t.seat) for line in lines_of(text, markup=True)]

    def objective(self, t: Table, rest: str) -> list[str]:
        return lines_of(t.presenter.objective(t.game, t.seat), markup=True) or self.status(t, rest)

    def status(self, t: Table, rest: str) -> list[str]:
        return lines_of(t.presenter.status(t.game, t.seat), markup=True)

    def rules(self, t: Table, rest: str) -> list[str]:
        return lines_of(t.presenter.help, markup=True)
