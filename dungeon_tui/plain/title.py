"""The title in lines: new game (its form as questions), continue, load, replay, quit."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from ..engine.errors import RecordError
from ..tui.saves import saves_dir, where_saves_go
from ..tui.session import DICE, DRAWS, Options, autosaves, load_session, new_session
from .answers import pick
from .console import Console

TITLE_CHOICES = ("New game", "Continue", "Load a saved game", "Watch a replay", "Quit")
LISTED_SAVES = 30  # the newest saves offered by number; older ones are named by their file


class Asked(Exception):
    """Input ended in the middle of a question: the program leaves."""


class Form:
    """Questions with numbered answers, each asked again until it is answered."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def text(self, question: str) -> str:
        answer = self.console.ask(question)
        if answer is None:
            raise Asked
        return answer.strip()

    def one(self, question: str, choices: list[str], default: int | None = None) -> int:
        """The index of the choice picked (Enter: the default, if there is one)."""
        self.console.say(question, *(f"{i}. {c}" for i, c in enumerate(choices, 1)))
        hint = f"Enter for {choices[default]}" if default is not None else ""
        while True:
            answer = self.text(hint)
            if not answer and default is not None:
                return default
            found = pick(answer, choices)
            if found.index is not None:
                return found.index
            self.console.say(found.problem.replace(" and no command (help lists the commands)", ""))

    def some(self, question: str, choices: list[str], default: list[int]) -> list[int]:
        """Several choices, separated by commas (Enter: the default ones)."""
        shown = ", ".join(choices[i] for i in default) or "none"
        self.console.say(question, *(f"{i}. {c}" for i, c in enumerate(choices, 1)))
        while True:
            answer = self.text(f"Numbers or names separated by commas; Enter for {shown}")
            if not answer:
                return default
            picked = [pick(part, choices) for part in answer.split(",") if part.strip()]
            problem = next((p.problem for p in picked if p.index is None), "")
            if not problem:
                return list(dict.fromkeys(p.index for p in picked if p.index is not None))
            self.console.say(problem.replace(" and no command (help lists the commands)", ""))


def title(console: Console) -> int:
    """The title's choices until the player quits; each game played returns here."""
    from .play import PlainGame
    from .replay import PlainReplay
    console.say("dungeon-tui: tabletop dungeon games, solo or hotseat, in plain lines.", f"Saves: {where_saves_go()}")
    form = Form(console)
    try:
        while True:
            choice = TITLE_CHOICES[form.one("What now?", list(TITLE_CHOICES))]
            if choice == "Quit":
                return 0
            if choice == "New game":
                session = new_game(form)
                if session is not None:
                    PlainGame(session, console).run()
                continue
            paths = autosaves() if choice == "Continue" else saved_games()
            if not paths:
                console.say(f"Nothing to {'continue' if choice == 'Continue' else 'open'} yet in {saves_dir()}.")
                continue
            path = paths[0] if choice == "Continue" and len(paths) == 1 else which_save(form, paths)
            try:
                if choice == "Watch a replay":
                    PlainReplay.of_file(path, console).run()
                else:
                    PlainGame(load_session(path), console).run(resumed=True)
            except (RecordError, OSError) as err:
                console.say(f"{path.name} cannot be opened: {err}")
    except Asked:
        return 0


def saved_games() -> list[Path]:
    folder = saves_dir()
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)


def which_save(form: Form, paths: list[Path]) -> Path:
    from ..engine.record_head import read_head
    rows = []
    for path in paths[:LISTED_SAVES]:
        try:
            head = read_head(path)
            shown: dict[str, Any] = head.meta["shown"] if isinstance(head.meta.get("shown"), dict) else {}
            what = ", ".join(str(x) for x in (shown.get("game", head.ruleset), shown.get("adventure", ""),
                                               f"turn {head.meta.get('turn', '')}", head.meta.get("date", "")) if x)
        except RecordError as err:
            what = f"unreadable: {err}"
        rows.append(f"{path.name}: {what}")
    return paths[form.one("Which one? The newest first.", rows)]


def new_game(form: Form) -> Any:
    """The new-game form as questions; the session, or None when the game refuses the setup."""
    from ..rulesets import DEFAULT, all_games
    games = sorted(all_games(), key=lambda rs: rs.id)
    ids = [rs.id for rs in games]
    rs = games[form.one("Which game?", [rs.title for rs in games], ids.index(DEFAULT) if DEFAULT in ids else 0)]
    adventures = rs.adventures()
    aids = [aid for aid, _ in adventures]
    adventure = aids[form.one("Which adventure?", [label for _, label in adventures],
                              aids.index(rs.default_adventure()) if rs.default_adventure() in aids else 0)]
    heroes = rs.heroes()
    usual = [i for i, h in enumerate(heroes) if h.id in rs.default_heroes()]
    going = [heroes[i] for i in form.some("Who goes?", [h.name for h in heroes], usual)]
    owners = {}
    for hero in going:
        who = form.text(f"Who plays {hero.name}? A player's name, or AI; Enter for Player") or "Player"
        owners[hero.seat] = "AI" if who.lower() == "ai" else who
    dungeon = "AI"
    named = rs.presenter().dungeon_player
    if named:
        dungeon = form.text(f"Who plays {named}? AI, or a player's name for hotseat; Enter for AI") or "AI"
    asked: dict[str, Any] = {"adventure": adventure, "heroes": [h.id for h in going]}
    for option in rs.settings():
        values = [v for _shown, v in option.values]
        asked[option.key] = values[form.one(f"{option.label}?", [shown for shown, _v in option.values],
                                            values.index(option.default) if option.default in values else 0)]
    if rs.variants():
        picked = form.some("Variants (other editions' rules)?", [label for _, label in rs.variants()], [])
        if picked:
            asked["variants"] = [rs.variants()[i][0] for i in picked]
    default_seed = int(time.time()) % 1_000_000
    seed_said = form.text(f"Seed? Enter for {default_seed}")
    seed = int(seed_said) if seed_said.isdigit() else default_seed
    undo = form.one("Undo?", ["stops at the last roll or draw", "unlimited"], 0) == 1
    dice = list(DICE)[form.one("Dice?", list(DICE.values()), 0)]
    draws = list(DRAWS)[form.one("Decks?", list(DRAWS.values()), 0)]
    try:
        setup = rs.normalise_setup(asked)
        return new_session(rs.id, setup, seed, hero_owners=owners, options=Options(undo, "instant", dice, draws),
                           dungeon=dungeon)
    except ValueError as err:
        form.console.say(f"That game cannot start: {err}")
        return None
