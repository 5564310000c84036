"""A game being played in the app: who controls each seat, saving, autosave.  No widgets here."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from ..engine.contract import Ruleset, ruleset_of
from ..engine.game import CHANCE, Action, Decision, Game, Keyframe
from .saves import saves_dir

HUMAN = "human"


UNDO_KEYFRAME_GAP = 40  # decisions at least between two keyframes kept for undo

# AI speeds: seconds between two visible AI decisions.
SPEEDS = {"slow": 0.8, "normal": 0.3, "fast": 0.08, "instant": 0.0}


# Who rolls the dice: the app; the players at the table for their own heroes' rolls (typed in);
# or the players for every roll, the monsters' too.
DICE = {"app": "the app rolls", "mine": "I roll for my heroes", "all": "I roll every die"}
# Who draws from the decks: the app, or the players from their own cards (they name the card).
DRAWS = {"app": "the app draws", "mine": "I draw from my own decks"}


@dataclass
class Options:
    unlimited_undo: bool = False  # else undo stops at the last roll or draw
    ai_speed: str = "normal"
    dice: str = "app"
    draws: str = "app"

    def to_json(self) -> dict[str, Any]:
        return {"unlimited_undo": self.unlimited_undo, "ai_speed": self.ai_speed, "dice": self.dice,
                "draws": self.draws}

    @classmethod
    def from_json(cls, data: Any) -> Options:
        data = data if isinstance(data, dict) else {}
        speed, dice, draws = data.get("ai_speed"), data.get("dice"), data.get("draws")
        return cls(bool(data.get("unlimited_undo", False)), speed if speed in SPEEDS else "normal",
                   dice if dice in DICE else "app", draws if draws in DRAWS else "app")


@dataclass
class Session:
    game: Game
    owners: dict[str, str] = field(default_factory=dict)  # seat -> player name, or "AI"
    saved_at: int = -1  # how many decisions the game had when it was last autosaved
    options: Options = field(default_factory=Options)
    autosave_file: Path | None = None  # this game's own autosave (named when first needed)
    # Seats a player handed to the AI for a while (space, or the seats menu): the AI plays them
    # until the player takes them back; their owner is kept, so saves still name the player.
    handed: set[str] = field(default_factory=set)
    # A campaign's adventure: the campaign file its result goes into when it ends (kept in its
    # saves, so a game resumed with Continue or Load still goes back to its campaign).
    campaign: Path | None = None
    kept_frame: Keyframe | None = field(default=None, compare=False, repr=False)  # the last kept in the cache
    kept_whole: bool = field(default=False, compare=False, repr=False)  # every keyframe kept, at the end
    frames_from_start: bool = field(default=True, compare=False, repr=False)  # False: loaded, its keyframes few

    def __post_init__(self) -> None:
        # Keyframes as the game goes, so undo replays a few dozen decisions, not the whole game.
        self.game.keep_keyframes, self.game.keyframe_gap = True, UNDO_KEYFRAME_GAP

    @property
    def ruleset(self) -> Ruleset[Any, Any]:
        return ruleset_of(self.game)

    def is_human(self, seat: str) -> bool:
        return self.owners.get(seat, "AI") != "AI" and seat not in self.handed

    def hand_to_ai(self, seat: str) -> None:
        """The AI plays this seat until `take_back`; an AI seat taken by a player stays theirs."""
        self.handed.add(seat)

    def take_back(self, seat: str) -> None:
        """A player plays this seat again (an AI seat becomes a player's, named "Player")."""
        self.handed.discard(seat)
        if self.owners.get(seat, "AI") == "AI":
            self.owners[seat] = "Player"

    def who_plays(self, seat: str) -> str:
        """Who plays a seat now, as the seats menu says it."""
        owner = self.owners.get(seat, "AI")
        if seat in self.handed:
            return f"AI for {owner}"
        return owner

    def roller(self) -> str | None:
        """The seat whose roll this is at the table: the one whose decision led to it (a
        hero's attack, the monsters' turn)."""
        return next((a.seat for a, _why in reversed(self.game.decisions) if a.seat != CHANCE), None)

    def must_type(self, d: Decision) -> bool:
        """Does a player type this roll's faces (the dice setting), or name the card drawn (the
        draws setting, for the decks whose cards the game names), rather than the app?"""
        if d.chance is None:
            return False
        if d.chance.kind == "draw":
            return self.options.draws == "mine" and bool(d.chance.faces)
        if d.chance.kind != "dice" or self.options.dice == "app":
            return False
        if self.options.dice == "all":
            return True
        seat = d.chance.by or self.roller()
        return seat is not None and self.is_human(seat)

    def roll_owner(self, d: Decision) -> str:
        """The player who rolls these dice at the table; empty when the AI's side rolls them."""
        seat = (d.chance.by if d.chance is not None else None) or self.roller() or d.seat
        if self.is_human(seat):
            return self.owners.get(seat, "")
        if d.chance is not None and d.chance.kind == "draw" and self.options.draws == "mine":
            # The decks are the players' own: one of them draws, for the monsters' side too.
            return next((self.owners[x] for x in self.ruleset.seats(self.game.state) if self.is_human(x)), "")
        return ""

    @property
    def at_table(self) -> bool:
        """The players roll or draw for themselves: they move the real figures too."""
        return self.options.dice != "app" or self.options.draws != "app"

    def stops_for(self, d: Decision) -> bool:
        """Does the game wait for a player here (a choice, or dice to type)?"""
        return self.is_human(d.seat) or self.must_type(d)

    def play_typed(self, action: Action | None) -> None:
        """A roll's faces as a player typed them; None: the app rolls this one after all."""
        from ..engine.typed_dice import TYPED
        d = self.game.pending
        if action is None and d is not None:
            action, why = self.ai_choice(d)
            self.game.play(action, why)
        elif action is not None:
            self.game.play(action, TYPED)

    def human_pending(self) -> Decision | None:
        d = self.game.pending
        return d if d is not None and self.is_human(d.seat) else None

    def ai_choice(self, d: Decision) -> tuple[Action, str]:
        """What the AI (or chance) picks for a pending decision; reads the game, changes nothing."""
        controllers = self.ruleset.ai_controllers()
        ctl = controllers.get(d.seat) or controllers["*"]
        return ctl.choose(self.game, d)

    def play_ai_step(self) -> Decision | None:
        """Play one decision of a non-human seat; returns it (None if a human must decide)."""
        d = self.game.pending
        if d is None or self.stops_for(d):
            return None
        action, why = self.ai_choice(d)
        self.game.play(action, why)
        return d

    # -- undo ------------------------------------------------------------------------------
    def undo_point(self) -> int | None:
        """How many decisions to keep to take back the last human decision, or None.

        Without unlimited undo a roll or a draw that came after it cannot be taken back: the
        dice have been seen."""
        from ..engine.typed_dice import TYPED
        decisions = self.game.decisions
        for i in range(len(decisions) - 1, -1, -1):
            seat = decisions[i][0].seat
            if self.is_human(seat) or decisions[i][1] == TYPED:  # a mistyped roll can be typed again
                return i
            if seat == CHANCE and not self.options.unlimited_undo:
                return None
        return None

    def undo(self) -> bool:
        keep = self.undo_point()
        if keep is None:
            return False
        game = self.game.rewound(keep)
        game.listeners = list(self.game.listeners)  # what watched the game (the table) watches on
        self.game = game
        return True

    def play_human(self, action: Action) -> None:
        self.game.play(action, "")

    def meta(self, label: str) -> dict[str, Any]:
        return {"label": label, "game": self.ruleset.id, **self.ruleset.listing(self.game),
                "date": time.strftime("%Y-%m-%d %H:%M"), "owners": self.owners, "options": self.options.to_json(),
                "over": self.game.over} | ({"campaign": str(self.campaign)} if self.campaign else {})

    def save(self, path: Path | None = None, label: str = "saved game") -> Path:
        path = path or saves_dir() / f"{self.ruleset.id}-{self.game.seed}.json"
        from ..engine import record  # pydantic stays off the first frame's path
        record.save(self.game, path, __version__, self.meta(label))
        self.keep_keyframe()
        return path

    def keep_keyframe(self) -> None:
        """Keyframes into the cache (engine/keyframe_cache.py): the last one whenever a round
        has been reached since, so loading this game again starts from it; and every one when
        the game is over, so watching its record needs no pass over it first (the replay
        viewer's keyframes are these, one a round at least 40 decisions apart)."""
        frames = self.game.keyframes
        if not frames or not self.game.hashes:
            return
        from ..engine import keyframe_cache
        if frames[-1] is not self.kept_frame:
            keyframe_cache.write("load", self.game, frames[-1:], self.game.decisions[:frames[-1].decisions])
            self.kept_frame = frames[-1]
        # Every keyframe only for a game that kept one a round since its start (not a loaded one).
        if self.game.over and not self.kept_whole and self.frames_from_start:
            keyframe_cache.write("view", self.game, frames, self.game.decisions)
            self.kept_whole = True

    def autosave_path(self) -> Path:
        if self.autosave_file is None:
            self.autosave_file = new_autosave_name(self.ruleset.id, self.game.seed)
        return self.autosave_file

    def drop_autosave(self) -> None:
        """A finished game needs no autosave: its record is in the saves list."""
        if self.autosave_file is not None:
            self.autosave_file.unlink(missing_ok=True)

    def autosave(self) -> str | None:
        """After every decision, the file Continue resumes: nothing a player did is lost with a
        closed terminal.  Returns why it could not be written (a full disk, a saves folder that
        is not a folder), None when it was or nothing is new; a failed autosave is tried again
        at the next call, and the game goes on either way."""
        count = len(self.game.decisions)
        if count == self.saved_at:
            return None
        try:
            self.save(self.autosave_path(), "autosave")
        except OSError as err:
            return why_not_saved(err)
        self.saved_at = count
        return None


def new_autosave_name(game_id: str, seed: int) -> Path:
    """A game's own autosave, named so a player knows it and no other game's is overwritten."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = saves_dir() / f"autosave-{game_id}-{seed}-{stamp}.json"
    n = 2
    while path.exists():
        path = saves_dir() / f"autosave-{game_id}-{seed}-{stamp}-{n}.json"
        n += 1
    return path


def autosaves() -> list[Path]:
    """Every autosave in the saves folder, the newest first (Continue offers them)."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    return sorted(folder.glob("autosave*.json"), key=lambda p: p.stat().st_mtime, reverse=True)


def why_not_saved(err: OSError) -> str:
    """One line for a save the disk refused: which file, and the system's reason."""
    where = f" {err.filename}" if err.filename else ""
    return f"could not save{where}: {err.strerror or err}"


def new_session(game_id: str, setup: dict[str, Any], seed: int, player: str = "Player",
                hero_owners: dict[str, str] | None = None, options: Options | None = None,
                dungeon: str = "AI") -> Session:
    """A new game; `dungeon` is who plays the dungeon seat (Zargon): "AI" or a player's name."""
    from ..rulesets import get
    rs = get(game_id)
    options = options or Options()
    if options.draws == "mine" and rs.decks_at_table:  # the game asks for the cards it would draw unasked
        setup = {**setup, rs.decks_at_table: True}
    game = rs.new_game(setup, seed)
    owners = {seat: (hero_owners or {}).get(seat, player) for seat in rs.seats(game.state) if seat.startswith("hero:")}
    owners["dungeon"] = "AI" if dungeon.strip().lower() in ("", "ai") else dungeon.strip()
    owners[CHANCE] = "AI"
    return Session(game, owners, options=options)


def load_session(path: Path) -> Session:
    from ..rulesets import game_from_record as make_game
    from ..engine import collector, record

    def undoable(r: record.RecordModel) -> Game:
        # A replayed game keeps keyframes near its end only (undo and the cache need no more;
        # one every 40 decisions cost 5% of the replay); the Session then keeps them as usual.
        game = make_game(r)
        game.keep_keyframes = True
        game.keyframe_gap = max(UNDO_KEYFRAME_GAP, len(r.decisions) - 4 * UNDO_KEYFRAME_GAP)
        return game
    # Read and load each pause the collector; paused across both too, or its first pass after
    # the read walks every object the record made (measured: 20 ms more on 5,000 decisions).
    with collector.paused():
        rec = record.read(path)
        game = record.load(rec, undoable)
    owners = dict(rec.meta.get("owners") or {})
    if not owners:
        owners = {seat: "Player" for seat in game.ruleset.seats(game.state) if seat.startswith("hero:")}
    owners.setdefault("dungeon", "AI")
    owners[CHANCE] = "AI"
    campaign = rec.meta.get("campaign")
    return Session(game, {str(k): str(v) for k, v in owners.items()}, len(game.decisions),
                   Options.from_json(rec.meta.get("options")),
                   autosave_file=path if path.name.startswith("autosave") else None,
                   campaign=Path(campaign) if isinstance(campaign, str) and campaign else None,
                   frames_from_start=False)
