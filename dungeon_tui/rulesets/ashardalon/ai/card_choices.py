"""The small choices a card, an item or a power asks a companion in the middle of a phase
(issue 19): where a wandering monster or a sentry's tile appears, where a blasted or returning
hero lands, which treasure a thief takes, whether to read the Scroll of Monster Control, which
monster card passes on.  Each is weighed by what the table shows (tiles, figures, cards face up)
and its reason says what was weighed; the order the options come in decides only a tie."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ....engine.game import Action, Decision, Game
from ....engine.words import counted
from .. import board
from ..board import FAR
from ..geometry import Cell
from ..state import State

Choice = tuple[Action, str]


def party_cells(s: State, but: str = "") -> list[Cell]:
    """The tiles the standing heroes are on (leaving out the hero `but`)."""
    return [c for h in board.standing_heroes(s) if h.on_board and h.id != but for c in board.cells_of(h)]


def tiles_from_party(s: State, cells: Iterable[Cell]) -> int:
    """Tile hops from these cells to the nearest standing hero (far when none stands)."""
    return board.tile_distance(s, cells, party_cells(s))


def foes_on(s: State, cell: Cell) -> int:
    return sum(1 for m in s.targets() if m.on_board and cell in board.cells_of(m))


def farthest(s: State, d: Decision, cells_of_pick: Callable[[Any], list[Cell]], what: str) -> Choice:
    """The pick farthest from the party: a monster that appears there needs longest to reach us."""
    picks = d.context["picks"]
    best = max(d.options, key=lambda a: tiles_from_party(s, cells_of_pick(picks[a.get("pick")])))
    n = tiles_from_party(s, cells_of_pick(picks[best.get("pick")]))
    return best, f"{what} as far from the party as the card allows ({counted(n, 'tile')} from the nearest hero)"


def landing(s: State, options: list[Action], cell_of_option: Callable[[Action], Cell], who: str) -> Choice:
    """Where a hero is put: the tile with the fewest monsters, then the nearest to a friend."""
    friends = party_cells(s, but=who)

    def cost(a: Action) -> tuple[int, int]:
        c = cell_of_option(a)
        return foes_on(s, c), board.tile_distance(s, [c], friends)
    best = min(options, key=cost)
    foes, near = cost(best)
    return best, (f"the tile with the fewest monsters ({foes}) and the nearest to a friend "
                  f"({counted(near, 'tile')} away)" if near < FAR else f"the tile with the fewest monsters ({foes})")


def choose(game: Game, d: Decision) -> Choice | None:
    """The companion's answer to a card's own question, or None when the kind is not one of them."""
    s: State = game.state
    kind = d.options[0].kind
    picks = d.context.get("picks")
    if kind == "wander" and picks is not None:
        return farthest(s, d, lambda cell: [cell], "the wandering monster comes")
    if kind == "scream" and picks is not None:
        return farthest(s, d, board.cells_of, "the new tile goes")
    if kind == "blast" and picks is not None:
        return landing(s, d.options, lambda a: picks[a.get("pick")], "")
    if kind == "return":
        return landing(s, d.options, lambda a: tuple(a.get("cell")), str(d.context.get("figure")))
    if kind == "thief" and picks is not None:
        return thief(game, d)
    if kind == "scroll":
        return scroll(game, d)
    if kind == "pass_card":
        return d.options[0], "passes the card longest in front of him: the monster acts the same whoever holds it"
    if kind == "level_up":
        up = next((a for a in d.options if a.get("values") is not None), d.options[-1])
        return up, "levels up: a natural 20 is the only way to reach level 2"
    if kind == "climb":
        out = next((a for a in d.options if a.get("to") is not None), d.options[0])
        return out, "climbs out: a hero in the pit can do nothing else"
    if kind == "boon":
        use = next((a for a in d.options if a.get("use")), d.options[0])
        return use, "uses the boon: the monster never comes"
    if kind == "daily":
        return d.options[0], "takes the first daily power his card lists: each is a strong once-a-game blow"
    if kind == "square" and d.options[0].get("to") is None:
        return d.options[0], "stays put: he chose where he stands before the attack"
    if kind == "explore":
        return d.options[0], "the extra tile goes at the first open edge: any edge serves the party alike"
    return None


def thief(game: Game, d: Decision) -> Choice:
    """A spent item first (it is only a card now), else the one worth least to the party."""
    s: State = game.state
    picks = d.context["picks"]
    holder = s.figures[s.active] if s.active is not None else None

    def spent(a: Action) -> bool:
        pick = picks[a.get("pick")]
        return isinstance(pick, str) and holder is not None and not holder.items.get(pick, True)
    used = [a for a in d.options if spent(a)]
    if used:
        return used[0], "gives up a spent item: it has done its work"
    found = list(holder.items) if holder is not None else []

    def when_found(a: Action) -> int:
        pick = picks[a.get("pick")]
        return found.index(pick) if pick in found else -1
    return max(d.options, key=when_found), ("every item is still ready: gives up the last found, the one the "
                                            "party counts on least")


def scroll(game: Game, d: Decision) -> Choice:
    """Read the scroll when the monster would reach a hero this activation: put it on the tile
    farthest from the party instead."""
    s: State = game.state
    keep = next(a for a in d.options if a.get("tile") is None)
    moves = [a for a in d.options if a.get("tile") is not None]
    monster = next((m for m in s.foes() if m.on_board and m.id == d.context.get("monster")), None)
    near = monster is not None and tiles_from_party(s, board.cells_of(monster)) <= 1
    if not moves or not near:
        return keep, "keeps the scroll: the monster is not within a tile of a hero"
    best = max(moves, key=lambda a: tiles_from_party(s, [tuple(a.get("tile"))]))
    n = tiles_from_party(s, [tuple(best.get("tile"))])
    name = monster.name if monster is not None else "monster"
    return best, (f"the {name} is within a tile of a hero: the scroll sends it {counted(n, 'tile')} "
                  "from the party instead")

