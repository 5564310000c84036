"""What a game's presenter gives the screens: how each game's view is drawn and described.

The screens are generic; a game's presenter (in the game's own package) turns one seat's view
into map cells, hero sheets, cards and help, and names the game's words the screens need (which
actions end a turn, which events stop a walk).  Presenters read views and content only: they
never decide a rule, and nothing here draws on a terminal."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol
from collections.abc import Callable

from .game import DUNGEON, Action, Decision, Event, Game

Sq = tuple[int, int]
Cell = tuple[str, str]  # two characters and a role (a mapview component class)


@dataclass
class Board:
    cells: dict[Sq, Cell]
    bounds: tuple[int, int, int, int]  # min x, min y, max x, max y
    # Games whose walls stand between squares: a glyph (1 char across a row, 2 along it) per
    # edge, keyed by its two squares (left then right, top then bottom). None: no wall columns.
    edges: dict[tuple[Sq, Sq], Cell] | None = None


@dataclass(frozen=True)
class Verb:
    """A footer key for actions that have no square: the key plays the offered action of one
    of these kinds, or asks which one when several are offered."""

    key: str
    label: str
    kinds: tuple[str, ...]
    about: str = ""  # one line for the help screen


@dataclass
class Card:
    """A card in the active hero's hand: a label, and which offered actions play it."""

    label: str
    plays: Callable[[Action], bool] = field(default=lambda a: False)
    text: str = ""  # what the card does, in the project's own words: shown when it is selected


class Presenter(Protocol):
    help: str
    legend: str
    verbs: tuple[Verb, ...]  # may be empty
    dungeon_player: str | None  # the dungeon seat's name if a human may play it (the new-game form asks)
    end_kinds: tuple[str, ...]  # the action kinds `e` plays: ending a turn, a phase, a move
    walk_stops: frozenset[str]  # event kinds that stop a walk of several steps (something came into view)
    walk_kinds: tuple[str, ...]  # the action kinds a walk is made of, one square each (none: no walks)
    aim_kinds: tuple[str, ...]  # of the choices aimed at a figure, these kinds come first (attacks)

    def board(self, game: Game, seat: str) -> Board: ...
    def status(self, game: Game, seat: str) -> str: ...
    def party(self, game: Game, seat: str) -> list[str]: ...
    def hero_of(self, game: Game, decision: Decision | None) -> str | None: ...
    def sheet(self, game: Game, seat: str, hero: str) -> str: ...
    def hand(self, game: Game, seat: str, hero: str) -> list[Card]: ...
    def focus(self, game: Game, decision: Decision | None) -> Sq | None: ...
    def look(self, game: Game, seat: str, square: Sq) -> str: ...
    def summary(self, game: Game) -> str: ...
    def squares_of(self, game: Game, seat: str, action: Action) -> list[Sq]: ...
    def walks(self, game: Game, decision: Decision | None) -> dict[Sq, list[Sq]]: ...
    def drawn_card(self, game: Game, event: Event) -> tuple[str, str] | None: ...
    def preview(self, game: Game, seat: str, action: Action) -> dict[Sq, Cell]: ...
    def sight(self, game: Game, seat: str, hero: str) -> tuple[set[Sq], set[Sq]]: ...
    def seat_label(self, game: Game, seat: str) -> str | None: ...
    def far_reach(self, game: Game, seat: str, decision: Decision | None) -> set[Sq]: ...
    def quiet_hand_over(self, game: Game, decision: Decision) -> bool: ...
    def objective(self, game: Game, seat: str) -> str: ...
    def figures(self, game: Game, seat: str) -> dict[str, tuple[str, Sq | None]]: ...
    dungeon_view_secret: bool  # the dungeon seat's view shows what the other seats must not see
    has_cards: bool  # the game has cards or spells in a hand: the `c` key shows
    table_kinds: dict[str, str]  # event kinds that change a real board: place, move, remove, note
    hero_article: str  # "the " where the game says "the Elf"


class PresenterDefaults:
    """What a presenter may leave out: a game without drawn cards, previews or lines of sight
    inherits these and the screens simply show nothing for them."""

    # A board with walls between squares goes compact (no wall rows) when it would not show
    # whole: right for a fixed board (HeroQuest's).  A dungeon that grows tile by tile says
    # False: it keeps its walls and scrolls, and M still switches by hand.
    compact_to_fit: bool = True

    def drawn_card(self, game: Game, event: Event) -> tuple[str, str] | None:
        """A card the event draws, as (title, what it does), shown until the player dismisses
        it; None for every other event."""
        return None

    def preview(self, game: Game, seat: str, action: Action) -> dict[Sq, Cell]:
        """Cells laid over the map while this choice is highlighted in the list (a tile before
        it is placed, a figure before it moves)."""
        return {}

    dungeon_view_secret = True
    has_cards = True
    # For play at a real table (engine/table_steps.py): the event kinds that change the board
    # and how (place, move, remove, note), and the article before a hero's name ("the ").
    table_kinds: dict[str, str] = {}
    hero_article = ""

    def far_reach(self, game: Game, seat: str, decision: Decision | None) -> set[Sq]:
        """Of the squares the choice on offer moves to, those only a longer move reaches (a
        run, where a walk is the ordinary move): the map lights them with their own mark."""
        return set()

    def quiet_hand_over(self, game: Game, decision: Decision) -> bool:
        """Whether this decision passes the keyboard to the other player without the hand-over
        screen: only where neither view hides anything and the two players take turns so
        closely that a screen each time is in the way (placing figures one by one).  The
        prompt still names who decides."""
        return False

    def objective(self, game: Game, seat: str) -> str:
        """What the adventure asks of the players, in a few lines (the plain mode's
        `objective`); empty: the status line says the adventure instead."""
        return ""

    def figures(self, game: Game, seat: str) -> dict[str, tuple[str, Sq | None]]:
        """Every figure this seat's view shows, by id: its name as the players say it, and its
        square (None while off the board).  Read from the view's `figures`; a game whose view
        keeps them elsewhere says so itself."""
        view = game.view(seat)
        figs = view.get("figures", {}) if isinstance(view, dict) else {}
        out: dict[str, tuple[str, Sq | None]] = {}
        for fid, f in figs.items():
            if isinstance(f, dict):
                pos = f.get("pos")
                out[str(fid)] = (str(f.get("name") or fid), (pos[0], pos[1]) if pos is not None else None)
        return out

    def sight(self, game: Game, seat: str, hero: str) -> tuple[set[Sq], set[Sq]]:
        """The squares the hero can see, and the squares of figures it could target now."""
        return set(), set()

    def seat_label(self, game: Game, seat: str) -> str | None:
        """Who plays a seat, in the game's words, when the game names its seats itself (a
        warband); None: the screens name the hero who sits there or the dungeon."""
        return None


def goes_to(action: Action) -> Sq | None:
    """The square an action moves or places something on, if it names one."""
    sq = action.get("to") or action.get("at")
    return sq if isinstance(sq, tuple) and len(sq) == 2 else None


def aimed_at(game: Game, action: Action) -> Sq | None:
    """The square of the figure an action targets, if it targets one on the board."""
    f = getattr(game.state, "figures", {}).get(action.get("target"))
    return getattr(f, "pos", None) if f is not None else None


def aimed_at_other(game: Game, action: Action, hero: str | None) -> Sq | None:
    """The square of the figure an action targets, unless that figure is the hero choosing: a
    spell or power on oneself is picked in the list or the cards, never by Enter on one's own
    square, where the cursor starts and the player presses Enter to reach the list."""
    return None if hero is not None and action.get("target") == hero else aimed_at(game, action)


def seated_hero(game: Game, seat: str) -> str | None:
    """The name of the hero who sits at a seat, as the seats menu says it; None for a seat
    no hero sits at."""
    hero = next((h for h, x in getattr(game.state, "seat_of", {}).items() if x == seat), None)
    return None if hero is None else figure_name(game, hero)


def seat_name(presenter: Presenter, game: Game, seat: str) -> str:
    """A seat as the player says it: the game's own label for it, the dungeon's name, or the hero
    who sits there."""
    named = presenter.seat_label(game, seat)
    if named:
        return named
    if seat == DUNGEON:
        return presenter.dungeon_player or "the dungeon"
    return seated_hero(game, seat) or seat


def figure_name(game: Game, figure: str) -> str:
    """A figure's name as the players say it ("Vistra"), from its id ("vistra")."""
    return str(getattr(getattr(game.state, "figures", {}).get(figure), "name", None) or figure)


def deciding_hero(game: Game, decision: Decision | None) -> str | None:
    """The hero a decision is about: the figure it names, else the hero whose seat decides."""
    s = game.state
    if decision is None:
        return None
    fid = decision.context.get("figure")
    if fid in s.party:
        return str(fid)
    return next((h for h in s.party if s.seat_of.get(h) == decision.seat), None)


def party_in(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The party's figures as a view gives them, in seat order (those the view lacks left out)."""
    figs = view.get("figures", {})
    return [f for hid in view.get("party", []) if isinstance(f := figs.get(hid), dict)]


def plays(kind: str, key: str, value: object) -> Callable[[Action], bool]:
    """A card's test for the offered actions that play it: this kind, with this argument."""
    def test(a: Action) -> bool:
        return a.kind == kind and a.get(key) == value
    return test


def listed(label: str, items: list[str]) -> list[str]:
    """A sheet line naming some things ("Carries: a, b"), or no line when there are none."""
    return [f"{label}: " + ", ".join(items)] if items else []


def bar(value: int, most: int, width: int = 10) -> str:
    """A wounds bar that reads without colour: filled and empty blocks."""
    filled = round(width * value / most) if most > 0 else 0
    filled = max(0, min(width, filled))
    return "█" * filled + "░" * (width - filled)


__all__ = ["Board", "Card", "Presenter", "PresenterDefaults", "Verb",
           "aimed_at", "aimed_at_other", "bar", "figure_name", "goes_to", "listed", "party_in", "plays", "seated_hero"]
