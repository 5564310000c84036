"""Where a companion walks (issue 19): every square one move can reach is weighed for what the
hero can do from it (strike a foe, open a tile, stand by a hurt friend he can heal), what it
costs (Dragon Fear, Walls of Magma, Hidden Snipers), and how far it leaves him from the party."""
from __future__ import annotations

from typing import Any

from ....engine.game import Action, Game
from ....engine.grid import Sq
from .. import board
from ..adventures import escape_helps, exits
from ..geometry import cell_of, side_squares
from ..movement import walks
from ..state import OBJECT, VILLAIN, Figure, State, squares_of
from .reading import chamber_goal_foes, end_cost, stack_left, step_cost

FAR = 1 << 20
COHESION = 0.15  # per square beyond 4 from the nearest friend (0 to 1 measured alike)


def explore_wanted(game: Game, h: Figure) -> tuple[bool, str]:
    """Whether this hero should end his phase on an unexplored edge.  A tile brings a monster
    and a turn without one an encounter card; over 30-game runs (seed 2026) every way of holding
    back lost more than it saved: with more than 0, 1, 2, 3 or 4 foes on the board, when the
    hero was down to 3 HP or less, or, with the chamber possibly next, until the foes were
    cleared or the party healthy.  So every hero opens a tile each turn until the chamber is
    open; then its foes are the task and a new tile only adds to them."""
    s: State = game.state
    if not stack_left(s):
        return False, "no tile left to lay"
    if s.chamber and chamber_goal_foes(game):
        return False, "the chamber is open: its foes are the task now"
    return True, "every turn without a new tile draws an encounter card"


def distances_to(grid: Any, goals: set[Sq]) -> dict[Sq, int]:
    """Steps from every square to the nearest goal, ignoring figures (multi-source search)."""
    return grid.steps_from(g for g in sorted(goals, key=lambda q: (q[1], q[0])) if grid.floor(g))


def can_strike_from(game: Game, h: Figure, sq: Sq) -> list[Figure]:
    """Foes a hero standing on `sq` could attack with a ready power (adjacent, or within the
    tiles a ranged power reaches)."""
    s: State = game.state
    lay = board.lay(s)
    reach = 0
    for pid, up in h.powers.items():
        p = game.content.powers[pid]
        if up and p.attack is not None and p.target in ("monster_within", "monsters_within"):
            reach = max(reach, p.tiles or 0)
    near = set(lay.grid.neighbours(sq))
    tiles = lay.tile_distances([cell_of(sq)]) if reach else {}
    return [m for m in s.targets() if any(q in near for q in squares_of(m))
            or (reach and min((tiles.get(c, FAR) for c in board.cells_of(m)), default=FAR) <= reach)]


def best_move(game: Game, h: Figure, options: list[Action], attack_after: bool,
              heal_for: Figure | None) -> tuple[Action | None, str]:
    """The move worth making, or None to stay: scores each reachable square against staying."""
    s: State = game.state
    lay = board.lay(s)
    paths = walks(game, h)
    goal = chamber_goal_foes(game)
    # An object (the altar, the gate) is a foe to walk to only when smashing it is the task.
    foes = [m for m in s.targets() if m.side != OBJECT or m.id in goal]
    explore, explore_why = explore_wanted(game, h)
    edge_sq = {q for c, side in lay.unexplored_edges() for q in side_squares(c, side) if lay.grid.floor(q)}
    exit_sq = {q for q, ch in lay.terrain.items() if ch in exits(game)} if escape_helps(game, h) else set()
    tokens = {tuple(t["at"]) for t in s.tokens if t["kind"] in ("treasure", "objective")}
    # Face-down tokens on a chamber hide the adventure's prize: fetching it beats any fight.
    carried = any(o.flags.get("objective") for o in s.heroes())
    prize = set() if carried else {tuple(t["at"]) for t in s.tokens if t.get("face_down")}
    escort = escorting(game)
    if exit_sq:
        goals, pull = exit_sq, 1.0
    elif escort:
        goals, pull = {q for c in board.start_cells(s) for q in lay.floor_squares(c)}, 0.6
    elif prize:
        goals, pull = {q for t in prize for q in [t, *lay.grid.neighbours(t)]}, 1.0
    elif foes:
        # The adventure's own foes (its villain, the chamber's guards) draw the party first.
        key = [m for m in foes if m.id in goal]
        chase = key or foes
        goals = {q for m in chase for q in board.free_adjacent(s, m, but=h)} or \
            {q for m in chase for p in squares_of(m) for q in lay.grid.neighbours(p)}
        pull = 0.4
    elif tokens:
        goals, pull = {q for t in tokens for q in [t, *lay.grid.neighbours(t)]}, 0.6
    elif explore:
        goals, pull = edge_sq, 0.4
    else:
        goals, pull = set(), 0.0
    dist = distances_to(lay.grid, goals) if goals else {}
    friends = [o for o in s.heroes() if o is not h and o.up]

    def score(sq: Sq, path: list[Sq]) -> float:
        v = 0.0
        strike = can_strike_from(game, h, sq) if (attack_after and foes) else []
        if strike:
            v += 10 + max(3 - min(m.hp for m in strike), 0) + 3 * any(m.id in goal for m in strike)
        if explore and not attack_after and sq in edge_sq:
            v += 6
        elif not explore and not attack_after and sq in edge_sq:
            v -= 3  # ending along an edge opens it
        if heal_for is not None and heal_for.pos is not None and heal_for.pos in lay.grid.neighbours(sq):
            v += 8
        v -= 3 * (end_cost(game, h, sq) + step_cost(h, path, h.at))
        if escort:  # the villagers follow a hero up to a tile away: do not leave them behind
            v -= 2 * max(0, min(tile_gap(s, sq, f) for f in escort) - 1)
        if exit_sq:  # running for the exit: a villain beside him on the way ends the run
            v -= 3 * sum(1 for m in foes if m.side == VILLAIN and beside(m, sq))
        if goals:
            v -= pull * min(dist.get(sq, 40), 40)
        if friends:
            gap = min(abs(sq[0] - o.at[0]) + abs(sq[1] - o.at[1]) for o in friends)
            v -= COHESION * max(0, gap - 4)
        return v

    here = score(h.at, [])
    best, best_v = None, here
    for a in options:
        to = tuple(a.get("to"))
        v = score(to, paths.get(to, []))
        if v > best_v + 1e-9:
            best, best_v = a, v
    if best is None:
        return None, ""
    to = tuple(best.get("to"))
    if exit_sq:
        why = "toward the exit: getting out wins the adventure"
    elif escort:
        why = "leading the captives back to the stairs"
    elif prize:
        why = "toward the face-down tokens: one of them is the prize"
    elif attack_after and foes and can_strike_from(game, h, to):
        why = "into reach of " + ", ".join(m.name for m in can_strike_from(game, h, to)[:2])
    elif heal_for is not None and heal_for.pos is not None and heal_for.pos in lay.grid.neighbours(to):
        why = f"beside {heal_for.name} to heal him"
    elif explore and to in edge_sq:
        why = f"onto an unexplored edge: {explore_why}"
    elif foes:
        why = "closer to the foes"
    else:
        why = f"closer to the party ({explore_why})"
    if s.environment in ("walls_of_magma", "hidden_snipers") and end_cost(game, h, to) == 0 and not attack_after:
        why += f", where the {s.environment.replace('_', ' ')} cannot hurt him"
    return best, why




def beside(m: Figure, sq: Sq) -> bool:
    return any(abs(q[0] - sq[0]) <= 1 and abs(q[1] - sq[1]) <= 1 for q in squares_of(m))


def escorting(game: Game) -> list[Figure]:
    """The freed captives still to lead to the start tile, once their guards are beaten."""
    s: State = game.state
    kinds = {v.kind for v in game.content.adventures[s.adventure].victory}
    if "villagers_rescued" not in kinds or not s.chamber or chamber_goal_foes(game):
        return []
    return [f for f in s.villagers() if f.id not in s.rescued]


def tile_gap(s: State, sq: Sq, f: Figure) -> int:
    return board.tile_distance(s, [cell_of(sq)], board.cells_of(f))
