"""Zargon's phase (§4, §6.2): every placed monster in activation order moves and acts, each
as one or two decisions of the dungeon seat (move then attack, or attack then move)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.dice import roll, roll_event
from ...engine.game import DUNGEON, Action, Game, Procedure
from ...engine.grid import DIRS4, Sq
from ...engine.spreading import Spreading
from . import board, dread, magic
from .asking import ask
from .combat import strike
from .ending import check_end
from .hero_turn import move_dice
from .heroes import adjacent
from ...engine.offers import Offers, grouped_choice
from .remains import after_move
from .rescue import rescue
from .state import ALIVE, HERO, MONSTER, Figure, State
from .traps import sprung_pit_at
from ...engine.words import counted


def hero_side_at(state: State, sq: Sq) -> bool:
    return state.side_at(sq, HERO)


def monster_at(state: State, sq: Sq) -> bool:
    return state.side_at(sq, MONSTER)


def monster_field(state: State, monster: Figure,
                  heroes_held: set[Sq] | None = None) -> tuple[dict[Sq, int], dict[Sq, Sq]]:
    """Where a monster can walk: through other monsters, never through hero-side figures
    (`heroes_held`: their squares, when the caller has them already)."""
    held = state.squares_held(HERO) if heroes_held is None else set(heroes_held)
    held.discard(monster.square)
    # Kept while the heroes stand still and no door opens: the order of activation and each
    # monster's move (and the AI) ask for the same fields through the whole dungeon phase.
    return state.grid.walks(monster.square, frozenset(held))


def dist_to(state: State, figure: Figure, target: Figure, field: Mapping[Sq, int]) -> int | None:
    """Steps to the nearest square adjacent to the target (0 if already adjacent)."""
    best = None
    at: Sq = target.pos  # type: ignore[assignment]  # on the board; read once (`square` is a call)
    tx, ty = at
    for dx, dy in DIRS4:
        sq = (tx + dx, ty + dy)
        if sq == figure.pos and adjacent(state, sq, at):
            return 0
        if sq in field and state.grid.edge_passable(sq, at):
            d = field[sq]
            best = d if best is None or d < best else best
    return best


def free_for(state: State, figure: Figure, sq: Sq) -> bool:
    """No one else stands there: a hero passing through a friend may not stop, nor strike, there."""
    return not any(f.pos == sq and f.status == "alive" and f is not figure for f in state.figures.values())


def destinations(state: State, monster: Figure, allowance: int | None = None) -> list[Sq]:
    most = monster.move if allowance is None else allowance
    held = state.squares_held(HERO)
    held.discard(monster.square)
    # Only as far as it may go, not the whole map (`monster_field`'s counts up to `most`): a
    # replayed move asks this of every monster that walks.
    field = Spreading(state.grid, (monster.square,), held).grow(most)
    # `free_for` for every square at once: the squares anyone else alive stands on.
    taken = {f.pos for f in state.figures.values() if f.status == "alive" and f is not monster}
    return sorted((sq for sq, d in field.items() if 0 < d <= most and sq not in taken),
                  key=lambda q: (q[1], q[0]))


def activation_order(state: State) -> list[Figure]:
    """Nearest to a hero first (steps to a square beside one, as `dist_to` counts them), then
    by number."""
    monsters = state.monsters()
    if not monsters:  # most of Zargon's turns while the party explores: no search to make
        return monsters
    heroes = state.hero_side()  # once for every monster: nobody moves while the order is made
    held = {h.square for h in heroes}
    grid = state.grid
    # One search outwards from every square beside a hero, not one from each monster: a walk
    # read backwards is a walk (doors and walls stop both ways, only hero-side squares are
    # never entered), so its count at a monster's square is that monster's `dist_to`.
    beside = [sq for h in heroes for dx, dy in DIRS4
              if (sq := (h.square[0] + dx, h.square[1] + dy)) not in held and grid.floor(sq)
              and grid.edge_passable(sq, h.square)]
    toward = Spreading(grid, beside, held)

    def key(m: Figure) -> tuple[int, int]:
        num = int("".join(ch for ch in m.id if ch.isdigit()) or 0)
        if m.square in held or not grid.floor(m.square):  # a veiled hero on its square; never found
            field, _ = monster_field(state, m, held)
            ds = [d for h in heroes if (d := dist_to(state, m, h, field)) is not None]
            return (min(ds) if ds else 1 << 20, num)
        return (toward.get(m.square, 1 << 20), num)
    return sorted(monsters, key=key)


# The kinds of each group of an activation, made once (not a set for each group each decision).
_MONSTER_ATTACK = frozenset(("monster_attack",))
_MONSTER_CAST = frozenset(("monster_cast",))
_MONSTER_MOVE = frozenset(("monster_move",))
_MONSTER_DONE = frozenset(("monster_done",))


def activation_offers(game: Game, mover: Figure, allowance: int | None, acted: bool, moved: bool) -> list[Offers]:
    """Zargon's options for one figure, by kind: attacks, dread spells, moves (one a square,
    a replayed move making only its own), and the end of the activation."""
    s: State = game.state
    commanded = mover.side == HERO

    def attacks() -> list[Action]:
        return [Action.make(DUNGEON, "monster_attack", text=f"{mover.name} attacks {h.name}", who=mover.id, target=h.id)
                for h in s.hero_side() if h is not mover and adjacent(s, mover.square, h.square)]

    def move_to(q: Sq) -> Action:
        return Action.make(DUNGEON, "monster_move", text=f"{mover.name} moves to {q[0]},{q[1]}", who=mover.id, to=q)
    return [Offers(_MONSTER_ATTACK, lambda: [] if acted else attacks()),
            Offers(_MONSTER_CAST, lambda: [] if acted or commanded else dread.options(game, mover)),
            Offers(_MONSTER_MOVE, keys=lambda: [] if moved else destinations(s, mover, allowance),
                   build=move_to, key_of=lambda a: a.get("to")),
            Offers(_MONSTER_DONE, lambda: [Action.make(
                DUNGEON, "monster_done", text=f"{mover.name} stays" if not moved else f"{mover.name} is done",
                who=mover.id)])]


def activate(game: Game, mover: Figure, allowance: int | None = None) -> Procedure:
    """One figure's activation for Zargon: a monster, or a commanded hero (`allowance` = his
    rolled move).  Move and one action (attack or dread spell), in either order, not split."""
    s: State = game.state
    commanded = mover.side == HERO
    moved = acted = False
    while mover.pos is not None and not (moved and acted):
        context: dict[str, Any] = {"monster": mover.id}
        if commanded:
            context.update(commanded=True, points=allowance or 0)
        decision, only = grouped_choice(DUNGEON, f"{mover.name} acts", activation_offers(
            game, mover, allowance, acted=acted, moved=moved), context, (3, 2, 0, 1))
        pick = yield from ask(game, decision,
                              f"{mover.name} can do nothing more this turn." if moved else
                              f"{mover.name} can neither move nor act, and stays.", only)
        if pick.kind == "monster_done":
            break
        if pick.kind == "monster_move":
            frm = mover.pos
            mover.pos = tuple(pick.get("to"))
            moved = True
            game.emit("move", figure=mover.id, frm=list(frm), to=list(mover.pos),
                      text=f"{mover.name} moves to {mover.pos[0]},{mover.pos[1]}.")
            if sprung_pit_at(s, mover.pos):
                mover.flags["in_pit"] = True  # a sprung pit ends the move (D11)
            elif mover.flags.get("in_pit") is True:
                mover.flags.pop("in_pit")
            if not commanded:
                after_move(game, mover)
            continue
        acted = True
        if pick.kind == "monster_cast":
            hurt = yield from dread.cast(game, mover, pick)
        else:
            target = s.figures[pick.get("target")]
            yield from strike(game, mover, target)
            hurt = [target]
        for h in hurt:
            if h.body == 0 and h.status == ALIVE:
                yield from rescue(game, h)
        if check_end(game):
            return


def monster_turn(game: Game, monster: Figure) -> Procedure:
    """Tempest and sleep first (§4): a sleeping monster tries to wake with its Mind."""
    if monster.flags.pop("tempest", None):
        game.emit("skip", figure=monster.id, text=f"{monster.name} is caught in a tempest.")
        return
    if monster.flags.get("asleep"):
        if (yield from magic.mind_save(game, monster, "sleep", rule="hq.condition.break_free")):
            monster.flags.pop("asleep")
            game.emit("condition_end", figure=monster.id, condition="asleep", text=f"{monster.name} wakes up.")
        else:
            game.emit("skip", figure=monster.id, text=f"{monster.name} sleeps on.")
            return
    yield from activate(game, monster)


def commanded_turn(game: Game, hero: Figure) -> Procedure:
    """A commanded hero: Zargon rolls his move and walks him like a monster (§5.6)."""
    dice = move_dice(game, hero)
    faces = yield from roll(game, dice, 6, "hq.move.roll")
    roll_event(game, "hq.move.roll", f"{dice}d6", list(faces), outcome=sum(faces), inputs={"dice": dice},
               text=f"Zargon moves the commanded {hero.name}: {'+'.join(map(str, faces))} = "
                    f"{counted(sum(faces), 'square')}.")
    yield from activate(game, hero, allowance=sum(faces))


def dungeon_phase(game: Game) -> Procedure:
    s: State = game.state
    s.phase = "zargon"
    for m in activation_order(s):
        if m.pos is None or m.status != ALIVE:
            continue
        yield from monster_turn(game, m)
        if game.state.result is not None:
            return
    for h in list(s.hero_side()):
        if h.flags.get("commanded") and h.status == ALIVE and h.pos is not None:
            yield from commanded_turn(game, h)
            if game.state.result is not None:
                return
    board.place_revealed(s)
