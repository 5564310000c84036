"""Movement (§5.3, §5.11): walk, run, pass an ally, jump; blocking by threatening enemies;
traps; lava; crushing forward after a kill."""
from __future__ import annotations

from collections.abc import Container, Generator, Sequence
from typing import Any

from ...engine.dice import draw, roll_event
from ...engine.game import Action, Decision, Game
from .acts import Steps, act, at, option
from .checks import cancel_death, test
from .damage import kill, lose_pv, remove
from .dice import d6
from .passages import DIRECTIONS
from .state import HERO, MERGED, STANDING, Figure, Square, State, key
from .kept_maps import map_now, stepped
from .terrain import Map, Snapshot, chebyshev, kept_inner



def mobile(fig: Figure) -> bool:
    # `standing` written out: a property costs a call, and this is asked at every offer.
    return fig.pos is not None and fig.status == STANDING and not fig.webbed


def flies(fig: Figure) -> bool:
    """Over lava, figures and traps without setting them off: flight, and an immaterial figure,
    which passes through everything (§2.5)."""
    skills = fig.skills  # `has` written out: asked at every offer and walk
    return "flight" in skills or "immaterial" in skills


def unblocked(fig: Figure) -> bool:
    """Never held back by adjacent enemies: flyers, and invisible figures no one sees go (§2.5)."""
    return flies(fig) or fig.has("invisible")


def ghost(fig: Figure) -> bool:
    """An immaterial figure goes through walls, doors and figures alike (§2.5)."""
    return fig.has("immaterial")


def steps_from(m: Map, fig: Figure, sq: Square) -> list[Square]:
    """The squares one step from sq: by the corner rule, or all eight for an immaterial figure,
    which a wall's corner does not stop either."""
    return list(m.board.neighbours(sq)) if ghost(fig) else m.neighbours(sq)


def passes(m: Map, fig: Figure, sq: Square) -> bool:
    """A square a run may pass through: a free one; for a flyer, lava and figures too; for an
    immaterial figure any square of the board (§2.5).  Every move still ends on a free square."""
    return m.free(sq) or (flies(fig) and (m.ground(sq) or sq in m.lava)) or (ghost(fig) and m.board.inside(sq))


# Each figure's moves made so far, by where they lead (a walk's square, a run's two, a jump's
# landing and length, a pass's ally and squares; a wander has one): the same move is offered
# from wherever the figure stands next to it, so its action is made once.  Bounded, so a long
# run's memory stays flat.
# The figures (by kind of move) are bounded apart from their moves: a quest has a few dozen, and
# thousands of them (each with hundreds of moves) grew a long run of every quest in turn by ~10 MB.
_MOVES: dict[tuple[str, str, str, str], dict[Any, Action]] = {}
MOVES_KEPT = 512  # per figure and kind: 2,048 grew a run of 1,000 quests to 74 MB, 512 keeps it at 60 at the same speed
# 96 (a quest has 43-71 figures and kinds of move in lost_treasure and old_fool): 256 kept four
# quests' worth, which with the lines (terrain) put a run of 1,000 quests at 59 MB resident; 64
# made 0.8% more instructions (moves made again within a quest), 96 none.
FIGURES_KEPT = 96


def made_moves(fig: Figure, seat: str, kind: str) -> dict[Any, Action]:
    """The figure's `kind` actions made so far (its name is in their words)."""
    return kept_inner(_MOVES, (kind, seat, fig.id, fig.name), MOVES_KEPT, FIGURES_KEPT)


def walk_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if not mobile(fig):
        return []
    out = []
    made = made_moves(fig, seat, "walk")
    floor, figures = m.floor, m.figures  # m.free, read inline: asked for every move of every offer
    for to in _steps_from(m, fig):
        if to in floor and to not in figures:
            out.append(_walk(made, fig, seat, to))
    return out


def _steps_from(m: Map, fig: Figure) -> tuple[Square, ...]:
    """The squares one walking step from the figure: by the corner rule, or every neighbour
    for an immaterial figure (through walls and doors)."""
    return m.board.neighbours(fig.at) if ghost(fig) else m.passages.steps.get(fig.at, ())


def _walk(made: dict[Any, Action], fig: Figure, seat: str, to: Square) -> Action:
    action = made.get(to)
    if action is None:
        action = made[to] = option(seat, fig, "walk", f"walk to {at(to)}", to=to)
    return action


def walk_offer(m: Map, fig: Figure, seat: str, action: Action) -> Action | None:
    """The one of `walk_offers` equal to `action`, or None, the others not made (an AI that
    wants a walk to one square asks for that one)."""
    to = action.get("to")
    if not mobile(fig) or type(to) is not tuple:
        return None
    if to not in _steps_from(m, fig) or to not in m.floor or to in m.figures:
        return None
    found = _walk(made_moves(fig, seat, "walk"), fig, seat, to)
    return found if found == action else None


def run_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    """Each free square two steps away (reading order), through the first of its first steps
    (the start's neighbours in order) the run may pass."""
    if not mobile(fig):
        return []
    if ghost(fig):  # through walls: the passages' runs do not hold for it
        ahead: dict[Square, Action] = {}
        for first in steps_from(m, fig, fig.at):
            if not passes(m, fig, first):
                continue
            for second in steps_from(m, fig, first):
                if second != fig.at and second not in ahead and m.free(second) and chebyshev(second, fig.at) == 2:
                    ahead[second] = option(seat, fig, "run", f"run to {at(second)}", via=first, to=second)
        return [ahead[sq] for sq in sorted(ahead, key=lambda q: (q[1], q[0]))]
    out = []
    made, flyer = made_moves(fig, seat, "run"), flies(fig)
    floor, figures = m.floor, m.figures  # m.free, read inline
    for second, firsts in m.passages.runs(fig.at):
        if second not in floor or second in figures:
            continue
        action = _run_through(m, fig, seat, made, flyer, second, firsts)
        if action is not None:
            out.append(action)
    return out


def _run_through(m: Map, fig: Figure, seat: str, made: dict[Any, Action], flyer: bool, second: Square,
                 firsts: tuple[Square, ...]) -> Action | None:
    """The run to a free square two steps away through the first of its first steps the
    runner may pass (a flyer over lava too), or None when it may pass none."""
    floor, figures = m.floor, m.figures  # m.free and m.ground, read inline
    for first in firsts:
        if (first in floor and first not in figures) or (flyer and (first in floor or first in m.lava)):
            action = made.get((first, second))
            if action is None:
                action = made[(first, second)] = option(seat, fig, "run", f"run to {at(second)}",
                                                        via=first, to=second)
            return action
    return None


def run_offer(m: Map, fig: Figure, seat: str, action: Action) -> Action | None:
    """The one of `run_offers` equal to `action`, or None, the others not made (an AI that
    wants a run asks for that one: it makes them all to find it a thousand times a quest)."""
    if not mobile(fig):
        return None
    if ghost(fig):
        return next((a for a in run_offers(m, fig, seat) if a == action), None)
    to = action.get("to")
    if type(to) is not tuple or to not in m.floor or to in m.figures:
        return None
    firsts = m.passages.run_firsts(fig.at, to)
    if not firsts:
        return None
    found = _run_through(m, fig, seat, made_moves(fig, seat, "run"), flies(fig), to, firsts)
    return found if found == action else None


def pass_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if not mobile(fig):
        return []
    out = []
    made = made_moves(fig, seat, "pass_ally")
    for ally in m.allies_of(fig):
        mid = ally.at
        if not _passed_through(m, fig, mid):
            continue
        for n in m.neighbours(mid):
            if _lands(m, fig, n):
                out.append(_pass(made, fig, seat, ally, n))
    return out


def _passed_through(m: Map, fig: Figure, mid: Square) -> bool:
    """Whether a pass may go through the ally's square: one step away by the corner rule, on
    ground."""
    return mid in m.passages.steps.get(fig.at, ()) and m.ground(mid)


def _lands(m: Map, fig: Figure, sq: Square) -> bool:
    """Whether a pass may come out on this square beside the ally: free, and not where it started."""
    return sq != fig.at and m.free(sq)


def _pass(made: dict[Any, Action], fig: Figure, seat: str, ally: Figure, to: Square) -> Action:
    mid = ally.at
    action = made.get((ally.name, mid, to))
    if action is None:
        action = made[(ally.name, mid, to)] = option(seat, fig, "pass_ally", f"pass {ally.name} to {at(to)}",
                                                     via=mid, to=to)
    return action


def pass_offer(m: Map, fig: Figure, seat: str, action: Action) -> Action | None:
    """The one of `pass_offers` equal to `action`, or None: through the ally on its `via`
    square, the other allies not looked at."""
    via, to = action.get("via"), action.get("to")
    if not mobile(fig) or type(via) is not tuple or type(to) is not tuple:
        return None
    ally = m.figures.get(via)
    if ally is None or not any(a is ally for a in m.allies_of(fig)):
        return None
    if not _passed_through(m, fig, via) or to not in m.neighbours(via) or not _lands(m, fig, to):
        return None
    found = _pass(made_moves(fig, seat, "pass_ally"), fig, seat, ally, to)
    return found if found == action else None


def jumps_from(m: Map | Snapshot, start: Square) -> list[tuple[Square, tuple[Square, ...]]]:
    """The jumps worth offering from `start`: each landing and the squares skipped.  A jump is
    worth it only over something a walk cannot take or should not: lava, a figure, a barrel or
    a chest, an armed trap (§5.3 lists what a jump may cross).  Over plain floor a run carries
    about as far for the same AP with no test (a failed jump falls short), so those jumps
    would only bury the useful ones in the list.  The landing must be free."""
    # m.free and m.trap read inline: the AI's leaps ask this of every square they reach.
    floor, armed = m.floor, m.armed
    if isinstance(m, Map):
        standing: Container[Square] = m.figures
        worth = m.jump_worth()
    else:
        standing, worth = m.standing, m.worth
    out = []
    # A list, not a generator: the AI's leaps ask it of each new arrangement of figures round a
    # take-off.  Per line: the first square worth jumping over, then every free landing past it.
    for line, over in m.passages.jumpable_lines(start):
        if not over & worth:  # plain floor all the way: no jump over it is worth offering
            continue
        for n in landing_places(line, floor, standing, armed):
            out.append((line[n], line[:n]))
    return out


def landing_places(line: Sequence[Square], floor: Container[Square], standing: Container[Square],
                   armed: Container[Square]) -> list[int]:
    """The places on a jump line (`Passages.jump_lines`) a jump worth offering lands on, with
    these figures standing: past the first square worth jumping over (one that is not plain
    free floor), every free one."""
    last, n = len(line), 1
    while n < last:
        skipped = line[n - 1]
        if skipped not in floor or skipped in standing or skipped in armed:
            break
        n += 1
    out = []
    while n < last:  # a loop, not a comprehension: asked of every line worth a jump
        if line[n] in floor and line[n] not in standing:
            out.append(n)
        n += 1
    return out


def jump_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    """Straight over 1 to 3 squares onto a free one, every square on the way open and each
    step allowed by the corner rule."""
    if not mobile(fig) or flies(fig):
        return []
    out = []
    made = made_moves(fig, seat, "jump")
    for landing, skipped in jumps_from(m, fig.at):
        n = len(skipped)
        action = made.get((landing, n))
        if action is None:
            action = made[(landing, n)] = option(seat, fig, "jump", f"jump {n} to {at(landing)} (difficulty {2 ** n})",
                                                 to=landing, over=n)
        out.append(action)
    return out


def blocked(game: Game, fig: Figure, m: Map) -> Generator[Decision, Action, bool]:
    """The blocking test before a step or jump (§5.3): True when the figure stays put.  On a
    failure its seat chooses: take 1D6 wounds (armour ignored) and go, or give up the step."""
    if unblocked(fig):
        return False
    foes = m.threat_count(fig)  # the map of this moment: the caller's, made where the step starts
    if not foes:
        return False
    result = yield from test(game, fig, "agi", foes, "cat.move.block", modifiers={},
                             what="slipping away")
    if result.success:
        return False
    seat = game.state.seat(fig)
    go = Action.make(seat, "break_away", text=f"{fig.name} moves on and takes 1D6 wounds", figure=fig.id)
    stay = Action.make(seat, "stay_put", text=f"{fig.name} gives up the move", figure=fig.id)
    choice = yield Decision(seat, f"{fig.name} is held back", [go, stay], context={"figure": fig.id, "ask": "block"})
    if choice.kind == "stay_put":
        game.emit("held", figure=fig.id, text=f"{fig.name} stays put.")
        return True
    (pip,) = yield from d6(game, 1, "cat.move.block_wounds")
    roll_event(game, "cat.move.block_wounds", "1d6", [pip], outcome=pip, text=f"Breaking away costs {pip} PV.")
    yield from lose_pv(game, fig, pip, "the blows as he breaks away")
    return not fig.standing


def trap_at(game: Game, fig: Figure, sq: Square, dodge: bool) -> Steps:
    """An active trap goes off under a figure that walks, runs or lands on it (§5.11)."""
    s: State = game.state
    if not s.traps.get(key(sq)) or flies(fig):
        return
    s.traps[key(sq)] = False
    game.emit("trap", figure=fig.id, at=list(sq), text=f"A trap goes off under {fig.name}.")
    if dodge:
        result = yield from test(game, fig, "agi", 1, "cat.trap.dodge", what="dodging the trap")
        if result.success:
            return
    pips = yield from d6(game, 4, "cat.trap.wounds")
    roll_event(game, "cat.trap.wounds", "4d6", list(pips), outcome=sum(pips),
               text=f"The trap deals {'+'.join(map(str, pips))} = {sum(pips)} PV.")
    yield from lose_pv(game, fig, sum(pips), "the trap")


def move_to(game: Game, fig: Figure, sq: Square, *, dodge: bool = True) -> Steps:
    fig.pos = sq
    if not game.unseen:  # the log's line, made only for someone to read (see Game.unseen)
        game.emit("moved", figure=fig.id, to=list(sq), text=f"{fig.name} moves to {at(sq)}.")
    yield from trap_at(game, fig, sq, dodge)


def into_lava(game: Game, fig: Figure, start: Square) -> Steps:
    """Falling into lava kills; a fate point cancels the fall (the figure stays at `start`)."""
    if (yield from cancel_death(game, fig, "the fall into the lava")):
        fig.pos = start
        return
    if fig.side == HERO:
        kill(game, fig, f"{fig.name} falls into the lava.")
    else:
        remove(game, fig, None)
        game.emit("lava", figure=fig.id, text=f"{fig.name} falls into the lava.")


@act("walk", 1, walk_offers, find=walk_offer)
def walk(game: Game, fig: Figure, action: Action) -> Steps:
    if (yield from blocked(game, fig, map_now(game))):
        return
    yield from move_to(game, fig, action.get("to"))


@act("run", 1, run_offers, find=run_offer)
def run(game: Game, fig: Figure, action: Action) -> Steps:
    """Two steps onto free squares; a test before each; a trap under a runner is not dodged."""
    via, to = action.get("via"), action.get("to")
    m = map_now(game)  # the choice's map for the first step (handed once)
    for i, sq in enumerate((via, to)):
        # `standing` written out here and in `wander`: asked at every step.
        if (fig.pos is None or fig.status != STANDING
                or not (m.free(sq) or (sq == via and passes(m, fig, sq)))):
            return
        if (yield from blocked(game, fig, m)):
            return
        placed, left = m.figures, fig.at  # where all stood before the step
        yield from move_to(game, fig, sq, dodge=False)
        if not i:  # the second step's map: the first's with the step taken (nothing else moved)
            m = stepped(game, placed, fig, left)


@act("pass_ally", 2, pass_offers, find=pass_offer)
def pass_ally(game: Game, fig: Figure, action: Action) -> Steps:
    """Through an ally's square and out beside it: no blocking test for either step."""
    fig.pos = action.get("via")
    yield from move_to(game, fig, action.get("to"))


@act("jump", 1, jump_offers)
def jump(game: Game, fig: Figure, action: Action) -> Steps:
    m = map_now(game)
    start, n = fig.at, int(action.get("over"))
    d = ((action.get("to")[0] - start[0]) // (n + 1), (action.get("to")[1] - start[1]) // (n + 1))
    line = [(start[0] + d[0] * i, start[1] + d[1] * i) for i in range(1, n + 2)]
    if (yield from blocked(game, fig, m)):
        return
    if not fig.standing:
        return
    result = yield from test(game, fig, "agi", 2 ** n, "cat.move.jump", what=f"a jump over {n}")
    if result.success:
        yield from move_to(game, fig, line[-1])
        return
    skipped = line[:-1]
    if any(m.board.symbol(sq) == "~" for sq in skipped):
        game.emit("fall", figure=fig.id, text=f"{fig.name} falls short, into the lava.")
        yield from into_lava(game, fig, start)
        return
    middle = skipped[(n + 1) // 2 - 1]
    if m.free(middle):
        game.emit("fall", figure=fig.id, text=f"{fig.name} falls short, onto {at(middle)}.")
        yield from move_to(game, fig, middle, dodge=False)
    else:
        game.emit("fall", figure=fig.id, text=f"{fig.name} falls short, back where the jump began.")


def wander_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    """The solo Master's idle figure that rolled 2-5 (§6.3) wanders, once a turn."""
    if fig.side == HERO or fig.activated or not 2 <= fig.inactive_roll <= 5 or fig.wandered or not mobile(fig):
        return []
    made = made_moves(fig, seat, "wander")
    action = made.get(WANDER)
    if action is None:
        action = made[WANDER] = option(seat, fig, "wander", f"wander up to {WANDER} squares", steps=WANDER)
    return [action]


WANDER = 2


@act("wander", 1, wander_offers)
def wander(game: Game, fig: Figure, action: Action) -> Steps:
    """Chance picks a direction whose first square is free and no trap; the figure walks on
    straight, up to `steps` squares, stopping before anything that is not (1 AP a square)."""
    fig.wandered = True
    m = map_now(game)
    ways = clear_ways(m, fig.at)
    if not ways:
        game.emit("wander", figure=fig.id, text=f"{fig.name} has nowhere to wander.")
        return
    d = ways[(yield from draw(game, len(ways), "cat.solo.wander_dir"))]
    # The first step is asked of the map the ways were read from (only chance drew since), each
    # next one of that map with the steps taken (nothing else moves on the way).
    steps = int(action.get("steps"))
    for i in range(steps):
        sq = (fig.at[0] + d[0], fig.at[1] + d[1])
        if fig.pos is None or fig.status != STANDING or not clear(m, sq, fig.at) or (i and fig.ap <= 0):
            return
        if i:
            fig.ap -= 1
        if (yield from blocked(game, fig, m)):
            return
        placed, left = m.figures, fig.at  # where all stood before the step
        yield from move_to(game, fig, sq)
        if i + 1 < steps:
            m = stepped(game, placed, fig, left)


def clear(m: Map, sq: Square, start: Square) -> bool:
    return m.free(sq) and not m.trap(sq) and m.step_ok(start, sq)


def clear_ways(m: Map, here: Square) -> list[tuple[int, int]]:
    """The directions, in order, whose first square from `here` is `clear`: its tests read
    inline, as all eight are asked at every wander."""
    x, y = here
    floor, armed, steps = m.floor, m.armed, m.passages.steps.get(here, ())
    return [d for d in DIRECTIONS if (sq := (x + d[0], y + d[1])) in floor and sq not in m.figures
            and sq not in armed and sq in steps]


SWARM = 4


def join_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    """Hotseat only: a swarm may walk into a damaged friendly swarm's square while the two
    together hold no more than a full swarm (§5.13)."""
    if not fig.rats or m.s.options.get("mode") != "hotseat" or not mobile(fig):
        return []
    out = []
    for sq in m.neighbours(fig.at):
        other = m.figures.get(sq)
        if (other is not None and other.side == fig.side and other.card == fig.card and other.standing
                and other.rats + other.joining + fig.rats <= SWARM):
            out.append(option(seat, fig, "join_swarm", f"join {other.name}", target=other.id))
    return out


@act("join_swarm", 1, join_offers)
def join_swarm(game: Game, fig: Figure, action: Action) -> Steps:
    other = game.state.figures[action.get("target")]
    if (yield from blocked(game, fig, Map(game))):
        return
    other.joining += fig.rats
    game.emit("swarm_joins", figure=fig.id, target=other.id,
              text=f"{fig.name} join {other.name}: {fig.rats} more from the Master's next turn.")
    fig.pos, fig.status, fig.rats, fig.pv, fig.ap = None, MERGED, 0, 0, 0


def crush(game: Game, fig: Figure, sq: Square) -> Steps:
    """After a melee kill the attacker may step into the emptied square, free (§5.3)."""
    m = Map(game)
    if not fig.standing or not m.free(sq) or not m.step_ok(fig.at, sq):
        return
    seat = game.state.seat(fig)
    go = Action.make(seat, "crush", text=f"{fig.name} steps into {at(sq)}", figure=fig.id, to=sq)
    stay = Action.make(seat, "hold", text=f"{fig.name} stays", figure=fig.id)
    choice = yield Decision(seat, f"{fig.name} may crush forward", [go, stay],
                            context={"figure": fig.id, "ask": "crush"})
    if choice.kind == "crush":
        yield from move_to(game, fig, sq)
