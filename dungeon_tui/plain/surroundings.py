"""The active figure's surroundings in words, read off the presenter's map model: what stands
next to it, what it can see and how far, and the ways out.  Generic: every game's board gives
cells with roles (hero, monster, door, wall ...) and a one-line look at any square."""
from __future__ import annotations

from collections.abc import Callable, Iterable

from ..engine.game import Decision, Game
from ..engine.presenter import Board, Presenter, Sq
from ..engine.words import counted, listing

# Neighbours in the order a player names them round a square (y grows southwards on every board).
AROUND = ((0, -1, "north"), (1, -1, "north-east"), (1, 0, "east"), (1, 1, "south-east"),
          (0, 1, "south"), (-1, 1, "south-west"), (-1, 0, "west"), (-1, -1, "north-west"))
FIGURES = ("hero", "monster")
FEATURES = ("door", "objective", "trap", "furniture", "pit", "chasm")


def way(dx: int, dy: int) -> str:
    """How far and which way: "3 squares east and 2 north"."""
    steps = [(abs(dx), "east" if dx > 0 else "west")] if dx else []
    steps += [(abs(dy), "south" if dy > 0 else "north")] if dy else []
    if not steps:
        return "here"
    said = [f"{counted(n, 'square')} {where}" if i == 0 else f"{n} {where}" for i, (n, where) in enumerate(steps)]
    return listing(said)


def nearest_first(here: Sq) -> Callable[[Sq], tuple[int, int, int]]:
    """The order squares are told in: the nearest to `here` first (in moves, diagonals counting
    one), then row by row."""
    x, y = here
    return lambda sq: (max(abs(sq[0] - x), abs(sq[1] - y)), sq[1], sq[0])


def square_of(presenter: Presenter, game: Game, seat: str, hero: str | None, decision: Decision | None) -> Sq | None:
    """Where the active figure stands: its own square, else the square the table centres on."""
    _name, pos = presenter.figures(game, seat).get(hero or "", ("", None))
    return pos if pos is not None else presenter.focus(game, decision)


def at(square: Sq, said: str) -> str:
    """What a look says, with the square unless it names it already."""
    x, y = square
    return said if f"{x},{y}" in said else f"at {x},{y}: {said}"


def walled(board: Board, a: Sq, b: Sq) -> str | None:
    """The role of what stands on the edge between two squares (a wall, a door), if anything."""
    if board.edges is None:
        return None
    key = (a, b) if (a[1], a[0]) <= (b[1], b[0]) else (b, a)
    cell = board.edges.get(key)
    return cell[1] if cell is not None and cell[0].strip() else None


def surroundings(presenter: Presenter, game: Game, seat: str, hero: str | None,
                 decision: Decision | None) -> list[str]:
    """What `look` says: where the active figure stands, what is next to it, then what lies
    farther off, nearest first."""
    here = square_of(presenter, game, seat, hero, decision)
    board = presenter.board(game, seat)
    if here is None:
        who = presenter.figures(game, seat).get(hero or "", ("", None))[0]
        placed = sorted((sq for sq, cell in board.cells.items() if cell[1] in FIGURES), key=lambda q: (q[1], q[0]))
        head = f"{who} is not on the board yet." if who else "No figure of yours is on the board yet."
        return [head, *(f"On the map: {at(sq, presenter.look(game, seat, sq))}." for sq in placed[:12])]
    said = at(here, presenter.look(game, seat, here))
    seen, _targets = presenter.sight(game, seat, hero) if hero else (set(), set())
    return [("Here, " if said.startswith("at ") else "Here: ") + said,
            *beside(presenter, game, seat, board, here), *afar(presenter, game, seat, board, here, seen)]


def beside(presenter: Presenter, game: Game, seat: str, board: Board, here: Sq) -> list[str]:
    """The eight squares round the figure: who and what stands there, and where the walls are."""
    x, y = here
    walls, things = [], []
    for dx, dy, name in AROUND:
        sq = (x + dx, y + dy)
        edge = walled(board, here, sq) if dx == 0 or dy == 0 else None
        cell = board.cells.get(sq)
        if edge == "wall" or (cell is None and board.edges is None) or (cell is not None and cell[1] == "wall"):
            walls.append(name)
        elif edge == "door":
            things.append(f"{name}: a door, then {presenter.look(game, seat, sq)}")
        elif cell is not None and cell[1] in FIGURES + FEATURES:
            things.append(f"{name}: {presenter.look(game, seat, sq)}")
    out = [f"Next to you, {line}." for line in things] or ["Nobody and nothing next to you."]
    return out + ([f"Walls to the {listing(walls)}."] if walls else [])


def afar(presenter: Presenter, game: Game, seat: str, board: Board, here: Sq, seen: set[Sq]) -> list[str]:
    """Figures, ways out and things farther off, nearest first, each with how far and which way:
    those the figure sees, or in a game without lines of sight, those the map shows."""
    x, y = here
    shown = seen or set(board.cells)
    near = {(x + dx, y + dy) for dx, dy, _ in AROUND} | {here}

    def nearest(squares: Iterable[Sq]) -> list[Sq]:
        return sorted(squares, key=nearest_first(here))

    def far(roles: tuple[str, ...]) -> list[Sq]:
        return nearest(sq for sq, cell in board.cells.items() if cell[1] in roles and sq in shown and sq not in near)

    def said(sq: Sq, what: str) -> str:
        return f"{what}, {way(sq[0] - x, sq[1] - y)}."
    figures = far(FIGURES)
    out = [said(sq, f"{'In sight' if seen else 'On the map'}: {presenter.look(game, seat, sq)}") for sq in figures[:12]]
    if len(figures) > 12:
        out.append(f"And {counted(len(figures) - 12, 'more figure')} farther off.")
    doors = {sq: presenter.look(game, seat, sq) for sq in far(("door",))}
    doors |= {sq: f"a door on the {side} side of the square"
              for sq, side in edge_doors(board, here).items() if sq in shown}
    out += [said(sq, f"Way out: {doors[sq]}") for sq in nearest(doors)[:8]] or ["No door farther off in sight."]
    out += [said(sq, f"Also: {presenter.look(game, seat, sq)}") for sq in far(("objective", "trap", "furniture"))[:8]]
    return out


def edge_doors(board: Board, here: Sq) -> dict[Sq, str]:
    """Doors on edges (a board whose doors stand between squares), each by the square on the
    near side and which side of it the door is on.  The figure's own doors are left to `beside`,
    which names them with what lies through them."""
    if board.edges is None:
        return {}
    found: dict[Sq, str] = {}
    for pair, cell in board.edges.items():
        if cell[1] != "door" or here in pair:
            continue
        a, b = sorted(pair, key=nearest_first(here))
        side = next(name for dx, dy, name in AROUND if (a[0] + dx, a[1] + dy) == b)
        found.setdefault(a, side)
    return found
