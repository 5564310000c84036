"""The contract a game meets: one object per game, registered once, declaring everything the
command line, the app, simulate, fuzz and replay use.

A game subclasses `Ruleset` and fills in:

- who it is: `id`, `title`, `rules_version`, `aliases`;
- its content: `load`, a cached loader, and `content_problems()` for what pydantic alone
  cannot see (references between files, effects without content and content without effects);
- its setup: `setup_model`, a pydantic model of the options a player may give (it drives the
  new-game form, `--adventure`, `--heroes` and `--set`), `heroes()`, `adventures()` and
  `settle()`, which turns checked options into the setup a record keeps;
- its play: `new_state()`, `procedure()` (which goes on from a keyframe when `game.resuming`),
  `state_dict()`, `seats()` and `view()`;
- its AI: `controllers()` for the game-master side and the hero companions;
- its screens: `presenter()`;
- its checks: `invariants()` for fuzz;
- its words: `tally()`, `won()` and `outcome()` for what `simulate` prints, `record_meta()` for saves;
- optionally `campaign`, for games whose parties carry over between adventures.

The engine knows no game: nothing here names a hero, an action kind or an event kind.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from . import packs as content_packs
from .content import ContentError
from .game import CHANCE, DUNGEON, Controller, Game, Procedure

if TYPE_CHECKING:
    from argparse import Namespace
    from pathlib import Path

    from .presenter import Presenter

StateT = TypeVar("StateT")
ContentT = TypeVar("ContentT")


class SetupError(ValueError):
    """A setup a game cannot start with; its text is one line for the player."""


def hero_seat(hero: str) -> str:
    return f"hero:{hero}"


def choose_party(asked: Iterable[str] | None, order: tuple[str, ...], word: str, most: int = 4) -> list[str]:
    """One to `most` different heroes of the game, in its turn order; SetupError says what is wrong."""
    heroes = list(asked or order)
    for hero in heroes:
        if hero not in order:
            raise SetupError(f"unknown {word} {hero!r}; choose from {', '.join(order)}")
    if len(set(heroes)) != len(heroes) or not 1 <= len(heroes) <= most:
        raise SetupError(f"a party is one to {'four' if most == 4 else most} different {word}s")
    return [hero for hero in order if hero in heroes]


class Setup(BaseModel):
    """The options every game's setup accepts; a game subclasses it with its own options.

    A field made with `setting()` is offered by the new-game form as a list of labelled values.
    Unknown options are refused by name."""

    model_config = ConfigDict(extra="forbid")

    adventure: str | None = None
    heroes: list[str] | None = None


def setting(default: Any, label: str, values: list[tuple[str, Any]], about: str = "") -> Any:
    """A setup option the new-game form offers: its label, and each value with its shown name."""
    return Field(default=default, description=about,
                 json_schema_extra={"label": label, "values": [[shown, value] for shown, value in values]})


@dataclass(frozen=True, slots=True)
class Hero:
    """A hero (warrior, party member) the setup may name: id, shown name, and seat."""

    id: str
    name: str
    seat: str


@dataclass(frozen=True, slots=True)
class Setting:
    """One option of the new-game form: key, label, (shown, value) pairs, the default."""

    key: str
    label: str
    values: tuple[tuple[str, Any], ...]
    default: Any


def one_line(err: ValidationError) -> str:
    """A pydantic error about a setup as the line a player reads."""
    first = err.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    if first["type"] == "extra_forbidden":
        return f"unknown setup option {where!r}"
    message = str(first["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


@dataclass(frozen=True, slots=True)
class Invariants:
    """What fuzz checks after every decision, and how it plays: the adventures it cycles
    through and the action kinds random players take only when nothing else is offered."""

    check: Callable[[Game], list[str]]
    adventures: tuple[str, ...]
    shun: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ArmoryItem:
    """One thing a campaign's party may buy between adventures, as the app lists it."""

    key: str
    name: str
    price: int
    users: str  # who may use it, in words ("anyone but the Wizard")


@dataclass(frozen=True, slots=True)
class CampaignPage:
    """What the app shows of a campaign file between adventures, in the player's words; the
    ids go back to the game's campaign methods unchanged."""

    name: str
    lines: tuple[str, ...]  # the party's sheets, the open adventures and what was played so far
    adventures: tuple[tuple[str, str], ...]  # (id, shown): what the party may play now, the next first
    fallen: tuple[tuple[str, str], ...]  # (type, shown): fallen, their place not yet settled
    newcomers: tuple[tuple[str, str], ...]  # (type, shown): who may take a fallen hero's place
    heroes: tuple[tuple[str, str, int], ...]  # (type, shown, gold): the living party
    armory: tuple[ArmoryItem, ...] = ()


class Campaign(Protocol):
    """A game whose party carries over between adventures: the `campaign` commands, and what
    the app's campaign screens ask of a campaign file (each write is atomic and made only when
    the change is whole; a CampaignError is one line and leaves the file as it was)."""

    @property
    def format(self) -> str:
        """The campaign file's format name, by which a file is known as this game's."""

    @property
    def commands(self) -> tuple[str, ...]:
        """The `campaign` subcommands this game has."""

    def command(self, args: Namespace, ruleset: Ruleset[Any, Any], tools: CampaignTools) -> int: ...

    def open(self, ruleset: Ruleset[Any, Any], path: Path, name: str, heroes: list[str]) -> str:
        """A new campaign file (refused when one is there); the line that says so."""

    def page(self, ruleset: Ruleset[Any, Any], path: Path) -> CampaignPage: ...

    def settle(self, ruleset: Ruleset[Any, Any], path: Path, fallen: str, newcomer: str | None) -> str:
        """A fallen hero's place: `newcomer` takes it, or nobody (None)."""

    def buy(self, ruleset: Ruleset[Any, Any], path: Path, hero: str, item: str) -> str: ...

    def shop(self, ruleset: Ruleset[Any, Any], path: Path, hero: str | None) -> list[str]:
        """The companion buys for one hero (or every living one when None); a line per hero."""

    def setup(self, ruleset: Ruleset[Any, Any], path: Path, adventure: str) -> dict[str, Any]:
        """The next adventure's setup, or a CampaignError (a fallen hero's place unsettled, say)."""

    def fold(self, ruleset: Ruleset[Any, Any], path: Path, game: Game, record_path: str | None) -> str:
        """A finished adventure folded into the file; one line saying how it went."""


class CampaignCommands:
    """A game's `campaign` commands, imported from `module` (its COMMANDS) when the `campaign`
    command first asks for them: the campaign files' models and the command line's tools
    stay off the way to a game's first map."""

    def __init__(self, module: str) -> None:
        self.module = module
        self._commands: Campaign | None = None

    def _loaded(self) -> Campaign:
        if self._commands is None:
            import importlib
            self._commands = cast("Campaign", importlib.import_module(self.module).COMMANDS)
        return self._commands

    @property
    def format(self) -> str:
        return self._loaded().format

    @property
    def commands(self) -> tuple[str, ...]:
        return self._loaded().commands

    def command(self, args: Namespace, ruleset: Ruleset[Any, Any], tools: CampaignTools) -> int:
        return self._loaded().command(args, ruleset, tools)

    def open(self, ruleset: Ruleset[Any, Any], path: Path, name: str, heroes: list[str]) -> str:
        return self._loaded().open(ruleset, path, name, heroes)

    def page(self, ruleset: Ruleset[Any, Any], path: Path) -> CampaignPage:
        return self._loaded().page(ruleset, path)

    def settle(self, ruleset: Ruleset[Any, Any], path: Path, fallen: str, newcomer: str | None) -> str:
        return self._loaded().settle(ruleset, path, fallen, newcomer)

    def buy(self, ruleset: Ruleset[Any, Any], path: Path, hero: str, item: str) -> str:
        return self._loaded().buy(ruleset, path, hero, item)

    def shop(self, ruleset: Ruleset[Any, Any], path: Path, hero: str | None) -> list[str]:
        return self._loaded().shop(ruleset, path, hero)

    def setup(self, ruleset: Ruleset[Any, Any], path: Path, adventure: str) -> dict[str, Any]:
        return self._loaded().setup(ruleset, path, adventure)

    def fold(self, ruleset: Ruleset[Any, Any], path: Path, game: Game, record_path: str | None) -> str:
        return self._loaded().fold(ruleset, path, game, record_path)


class CampaignTools(Protocol):
    """What the command line lends a campaign: printing, saving a record, the app."""

    def say(self, line: str) -> None: ...
    def save_record(self, game: Game, path: Any, label: str) -> None: ...
    def play_in_app(self, ruleset: Ruleset[Any, Any], setup: dict[str, Any], seed: int, dungeon: str,
                    resume: str | None) -> Game | None: ...


def ruleset_of(game: Game) -> Ruleset[Any, Any]:
    """The whole contract of a game's ruleset (the driver itself needs only part of it)."""
    return cast("Ruleset[Any, Any]", game.ruleset)


class Ruleset(ABC, Generic[StateT, ContentT]):
    """One game.  See the module's text for what a game fills in."""

    id: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    setup_model: ClassVar[type[Setup]] = Setup
    campaign: Campaign | None = None
    # The setup option (a bool) that has the game ask the chance seat for each card it draws
    # from a deck shuffled at set-up, naming the cards left, so players drawing from their own
    # decks name the card (the Decks setting `mine` sets it); None where draws ask already.
    decks_at_table: ClassVar[str | None] = None

    # The game's content loader, cached (functools.lru_cache) so every game shares one copy;
    # it raises ContentError naming file, path and problem.
    load: ClassVar[Callable[[], Any]]

    # -- content -----------------------------------------------------------------------
    def content(self) -> ContentT:
        content = type(self).load()
        if content_packs.stale(content, content_packs.game_folder(self.id)):  # other packs than it was loaded with
            getattr(type(self).load, "cache_clear", lambda: None)()
            content = type(self).load()
        return content  # type: ignore[no-any-return]

    def digest(self, content: ContentT) -> str:
        return str(getattr(content, "digest", ""))

    def content_problems(self, content: ContentT) -> list[str]:
        """Problems pydantic cannot see, once the content has loaded (effects by id, say)."""
        return []

    def check(self) -> list[str]:
        """Load the content afresh; every problem, one line each (none when it is valid)."""
        content_packs.select(content_packs.game_folder(self.id), None)
        getattr(type(self).load, "cache_clear", lambda: None)()
        try:
            content = self.content()
        except ContentError as err:
            return list(err.problems)
        return self.content_problems(content)

    # -- setup -------------------------------------------------------------------------
    @abstractmethod
    def heroes(self) -> list[Hero]:
        """Every hero a party may hold, in turn order."""

    @abstractmethod
    def adventures(self) -> list[tuple[str, str]]:
        """(id, name) of every adventure, in the order the new-game form lists them."""

    def default_adventure(self) -> str:
        """The adventure a setup that names none plays."""
        return self.adventures()[0][0]

    def default_heroes(self) -> list[str]:
        """The party the game is usually played with, which the new-game form offers ticked:
        every hero, unless the game's usual party is smaller than the most it allows."""
        return [hero.id for hero in self.heroes()]

    def settings(self) -> list[Setting]:
        """The options of `setup_model` the new-game form offers (fields made with `setting()`);
        an option whose default is not among its values (None: "the adventure's") shows its first."""
        out = []
        for key, field in self.setup_model.model_fields.items():
            extra = field.json_schema_extra
            if not isinstance(extra, dict) or "label" not in extra:
                continue
            values = tuple((str(pair[0]), pair[1]) for pair in extra["values"])  # type: ignore[index, union-attr]
            default = field.default if any(v == field.default for _shown, v in values) else values[0][1]
            out.append(Setting(key, str(extra["label"]), values, default))
        return out

    def variants(self) -> list[tuple[str, str]]:
        """Rules of other editions a player may tick on: (id, name); most games have none."""
        return []

    def normalise_setup(self, raw: dict[str, Any]) -> dict[str, Any]:
        """The setup a record keeps, from what a player or a record gave; SetupError says what is wrong."""
        try:
            options = self.setup_model.model_validate(raw)
        except ValidationError as err:
            raise SetupError(one_line(err)) from None
        return self.settle(options, self.content())

    @abstractmethod
    def settle(self, options: Any, content: ContentT) -> dict[str, Any]:
        """Checked options -> the setup dict (party in turn order, defaults filled in); raises
        SetupError for what needs the content to see (an unknown adventure)."""

    # -- play --------------------------------------------------------------------------
    @abstractmethod
    def new_state(self, setup: dict[str, Any], content: ContentT, seed: int) -> StateT: ...

    @abstractmethod
    def procedure(self, game: Game) -> Procedure:
        """The rules as one generator; from a keyframe's round boundary when `game.resuming`."""

    def state_dict(self, state: StateT) -> dict[str, Any]:
        return state.to_dict()  # type: ignore[attr-defined, no-any-return]

    def seats(self, state: StateT) -> list[str]:
        """A seat per hero in turn order, then the dungeon."""
        return [hero_seat(h) for h in state.party] + [DUNGEON]  # type: ignore[attr-defined]

    @abstractmethod
    def view(self, state: StateT, seat: str) -> Any:
        """What one seat may know; only the dungeon seat sees hidden things."""

    def new_game(self, setup: dict[str, Any], seed: int, packs: list[Any] | None = None) -> Game:
        """A game of every content pack offered, or of the packs a record names (`packs`, its
        meta's list; a pack missing is a PackError)."""
        content_packs.select(content_packs.game_folder(self.id), packs)
        content = self.content()
        return Game(self, self.normalise_setup(setup), seed, content, self.digest(content))

    # -- AI, screens, checks -------------------------------------------------------------
    @abstractmethod
    def controllers(self) -> dict[str, Controller]:
        """The AI for every seat but chance: the game-master side under its seat, the hero
        companions under "*"."""

    def ai_controllers(self) -> dict[str, Controller]:
        """AI on every seat, the game's seeded dice on the chance seat."""
        from .dice import SeededChance
        return {CHANCE: SeededChance(), **self.controllers()}

    @abstractmethod
    def presenter(self) -> Presenter:
        """How the app draws and describes this game."""

    @abstractmethod
    def invariants(self) -> Invariants: ...

    # -- words -------------------------------------------------------------------------
    @abstractmethod
    def tally(self, game: Game) -> dict[str, int]:
        """The figures `simulate` adds up over its games, named in the game's own words."""

    @abstractmethod
    def won(self, result: dict[str, Any]) -> bool:
        """Whether a finished game's result is a win for the heroes."""

    def outcome(self, result: dict[str, Any]) -> str:
        """The game's own word for how a game ended ("victory", "failure"), as `simulate` counts them."""
        return str(result.get("outcome") or "unfinished")

    def record_meta(self, game: Game) -> dict[str, Any]:
        """What a save's listing shows: the adventure, the party, the turn."""
        state: Any = game.state
        return {"adventure": str(getattr(state, "adventure", "")), "party": list(getattr(state, "party", [])),
                "turn": int(getattr(state, "turn", 0))}

    def shown_names(self) -> dict[str, str]:
        """The words the saves list prints for the ids a record keeps: the adventures' and the
        heroes' names.  A game whose party is something else (Skirmish's warbands) adds its own."""
        return {**dict(self.adventures()), **{h.id: h.name for h in self.heroes()}}

    def listing(self, game: Game) -> dict[str, Any]:
        """A record's meta: `record_meta` and, under "shown", the words the saves list prints
        for it (the game's title, the adventure's and heroes' names), so the list reads a
        record's head and loads no game to name what it holds."""
        meta = self.record_meta(game)
        names = self.shown_names()
        adventure = str(meta.get("adventure", ""))
        meta["shown"] = {"game": self.title, "adventure": names.get(adventure, adventure),
                         "party": [names.get(str(p), str(p)) for p in meta.get("party", ())]}
        return meta
