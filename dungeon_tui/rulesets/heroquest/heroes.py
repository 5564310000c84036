"""What a hero may do in his turn (§4): where he may step and stop, whom he may strike, the
ways open to him, and the options of his decision, made by kind when read.  The turn's own
course (the roll, the steps, the action) is hero_turn.py's."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from ...engine.game import Action, Game, LazyDecision
from ...engine.grid import DIR_NAMES, DIRS4, Sq
from ...engine.spreading import path_back
from . import board, magic, relics, searching, traps
from .combat import item, weapon_of
from .doors import door_here
from ...engine.offers import Offers, grouped_choice
from .potions import TURN_POTIONS
from .profiles import search_combined
from .state import HERO, MONSTER, Figure, State
from .words import STEP_WORDS

STEP_NAMES = dict(zip(DIRS4, DIR_NAMES[:4], strict=True))
# The kinds of each group of a hero's decision, made once (not a set for each group each turn).
_EQUIP = frozenset(("equip",))
_ROLL_MOVE = frozenset(("roll_move",))
_STEP = frozenset(("step",))
_JUMP = frozenset(("jump",))
_OPEN_DOOR = frozenset(("open_door",))
_USE = frozenset(("use",))
_DRINK = frozenset(("drink",))
_ENDS = frozenset(("end_turn", "leave"))
_ATTACK = frozenset(("attack",))
_CAST = frozenset(("cast",))
_SEARCH_TREASURE = frozenset(("search_treasure",))
_SEARCHES = frozenset(("search_both", "search_traps", "search_secret_doors"))
_DISARM = frozenset(("disarm",))


def adjacent(state: State, a: Sq, b: Sq) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 and state.grid.edge_passable(a, b)


def diagonal_adjacent(state: State, a: Sq, b: Sq) -> bool:
    if abs(a[0] - b[0]) != 1 or abs(a[1] - b[1]) != 1:
        return False
    g = state.grid
    return any(g.floor(m) and g.edge_passable(a, m) and g.edge_passable(m, b) for m in ((b[0], a[1]), (a[0], b[1])))


def is_hero(game: Game, figure: Figure) -> bool:
    """A hero proper, not an escort: only heroes attack, search, cast and carry."""
    return figure.kind in game.content.heroes


def attack_targets(game: Game, figure: Figure) -> list[Figure]:
    s: State = game.state
    w = weapon_of(figure, game.content)
    out = []
    for m in s.monsters():
        diagonal = diagonal_adjacent(s, figure.square, m.square)
        close = adjacent(s, figure.square, m.square) or (w is not None and w.diagonal and diagonal)
        shot = w is not None and w.ranged and not diagonal and board.targeting_sight(s, figure.square, m.square)
        if close or shot:
            out.append(m)
    return out


def can_step(s: State, figure: Figure, to: Sq, turn: dict[str, Any], monsters: set[Sq]) -> bool:
    """Whether the hero may step to `to`; `monsters`: the squares monsters stand on."""
    if turn.get("rock"):  # Pass Through Rock: walls, closed doors and rock do not stop him
        if s.grid.terrain.get(to) not in (board.FLOOR, board.STAIRS, board.ROCK):
            return False
    elif not s.grid.floor(to) or not s.grid.edge_passable(figure.square, to):
        return False
    return bool(turn.get("veil")) or to not in monsters


def may_stop(s: State, figure: Figure, sq: Sq) -> bool:
    for other in s.standing():  # `State.at` written out: asked for every step and end of turn
        if other.pos == sq and other is not figure:
            return other.side == HERO and figure.side == HERO and (s.grid.terrain.get(sq) == board.STAIRS
                                                               or traps.sprung_pit_at(s, sq))
    return True


def hero_path_avoid(s: State) -> frozenset[Sq]:
    """Where a hero's planned path may not go: through monsters or the traps he knows of."""
    avoid = s.squares_held(MONSTER)  # a set of its own, added to here
    for t in s.traps.values():
        if t["state"] in ("known", "sprung"):
            avoid.add(tuple(t["at"]))
    return frozenset(avoid)


def hero_path_test(s: State) -> Any:
    """Where a hero's planned path may go (one test for the many squares of a search)."""
    avoid = hero_path_avoid(s)
    return lambda sq: sq not in avoid


def routes(game: Game, figure: Figure, points: int) -> dict[Sq, list[Sq]]:
    """Where a plain walk of up to `points` steps can end on a seen square, each with its
    canonical path (no spells, around known traps): the app walks a hero there one legal step
    at a time.  A path keeps to seen squares when that is as short; otherwise it may cross
    squares nobody has seen yet (the corridor just past an open door, beside the square seen
    through it), taken as the open floor the heroes would expect them to be.  The walk stops
    as soon as a step reveals anything, so an unseen square is never walked on blind."""
    s: State = game.state
    may_go = hero_path_test(s)
    seen = seen_test(s)
    # Over seen squares only, as the real grid has them: the route a player would pick.
    dist, parent = s.grid.bfs(figure.square, lambda sq: may_go(sq) and seen(sq))
    guess, guess_parent = spread_from(figure.square, known_ways(s, seen, may_go))
    out: dict[Sq, list[Sq]] = {}
    for sq, d in guess.items():
        if not (1 < d <= points and seen(sq) and may_stop(s, figure, sq)):
            continue
        via = parent if dist.get(sq) == d else guess_parent
        out[sq] = path_back(via, figure.square, sq)[1:]
    return out


def seen_test(s: State) -> Callable[[Sq], bool]:
    """Whether a square has been seen (one set for the many squares of a search)."""
    corridor = set(s.seen_corridor())
    rooms = set(s.revealed_rooms)
    return lambda sq: sq in corridor if board.area_of(s, sq) == board.CORRIDOR else board.area_of(s, sq) in rooms


def known_ways(s: State, seen: Callable[[Sq], bool], may_go: Callable[[Sq], bool]) -> Callable[[Sq], list[Sq]]:
    """Steps as the heroes know the board: walls and doors are public, a seen square is what
    it is, an unseen one is taken for floor (it must not give away a blocked square)."""
    g = s.grid

    def ways(a: Sq) -> list[Sq]:
        return [b for dx, dy in DIRS4 if (b := (a[0] + dx, a[1] + dy)) in g.terrain and g.edge_passable(a, b)
                and (g.floor(b) or not seen(b)) and may_go(b)]
    return ways


def spread_from(start: Sq, ways: Callable[[Sq], list[Sq]]) -> tuple[dict[Sq, int], dict[Sq, Sq]]:
    """Breadth first from `start` (in the order `ways` gives): step counts and parents."""
    dist, parent = {start: 0}, {}
    queue = deque([start])
    while queue:
        sq = queue.popleft()
        for nb in ways(sq):
            if nb not in dist:
                dist[nb] = dist[sq] + 1
                parent[nb] = sq
                queue.append(nb)
    return dist, parent


def weapons(game: Game, figure: Figure) -> list[str]:
    return [e for e in figure.equipment if (eq := item(game.content, e)) is not None and eq.kind == "weapon"]


# The groups a count of the options reads first (see hero_choice's order): each costs little,
# and two options between them (an end of turn and a step, say) settle that the hero is asked.
# The steps first: mid-walk they are two or more (the count ends there, the end of turn
# unread), and before the roll there are none at once; then the roll, which before it makes
# the end of turn's `some` answer at once.  The action's kinds come last, the searches before
# the attacks and spells (targeting sight).
_CHEAP_FIRST = (2, 1, 12, 11, 0, 3, 4, 10, 7, 8, 9, 5, 6)


def hero_choice(game: Game, figure: Figure, turn: dict[str, Any], context: dict[str, Any],
                made: dict[str, list[Offers]] | None = None) -> tuple[LazyDecision, Action | None]:
    """The hero's decision in his turn, its options made by kind when read (a replayed step
    makes that one step; the attacks and spells, by targeting sight, cost most and are seldom
    what was chosen), and its only option if it has just one.  `made` keeps the groups from
    one decision to the next, by seat, over his turns (see hero_groups, hero_turn.kept_turn)."""
    s: State = game.state
    seat = s.seat_of[figure.id]
    prompt = f"{figure.name}: your turn"
    if turn["bonus_cast"]:  # the Wand of Magic: a second, different spell in the same action
        return grouped_choice(seat, prompt, [Offers(None, lambda: [
            a for a in magic.cast_options(game, figure, seat) if a.get("spell") != turn["bonus_cast"]]
            + [Action.make(seat, "pass", text=f"{figure.name} casts nothing more", who=figure.id)])], context)
    if turn["bonus_attacks"]:  # heroic brew or orc's bane: the action's further blows
        return grouped_choice(seat, prompt, [Offers(None, lambda: bonus_attacks(game, figure, seat, turn))], context)
    groups = None if made is None else made.get(seat)
    if groups is None:
        groups = hero_groups(game, figure, seat, turn)
        if made is not None:
            made[seat] = groups
    return grouped_choice(seat, prompt, groups, context, _CHEAP_FIRST)


def hero_groups(game: Game, figure: Figure, seat: str, turn: dict[str, Any]) -> list[Offers]:
    """The groups of the hero's decision, in the order the options list them.  Each reads the
    turn and the board when it is read, never when made, so one list serves every decision of
    his turns while his turn's record is the one dict (made again if his seat changes: an
    escort handed on)."""
    s: State = game.state

    def may_move() -> bool:
        return bool(step_squares(s, figure, turn) or jump_offers(game, figure, seat, turn))
    return [
        Offers(_EQUIP, lambda: equip_offers(game, figure, seat, turn)),
        Offers(_ROLL_MOVE, keys=lambda: () if turn["rolled"] else ("roll",),
               build=lambda _: his_own(seat, "roll_move", figure, "rolls to move"), key_of=lambda _: "roll"),
        Offers(_STEP, keys=lambda: step_squares(s, figure, turn),
               build=lambda to: step_offer(seat, figure, to), key_of=lambda a: a.get("to")),
        Offers(_JUMP, lambda: jump_offers(game, figure, seat, turn)),
        Offers(_OPEN_DOOR, lambda: [
            Action.make(seat, "open_door", text=f"{figure.name} opens the door", who=figure.id, door=d)
            for d in door_here(game, figure)]),
        *action_groups(game, figure, seat, turn),
        Offers(_USE, lambda: relics.options(game, figure, seat)),
        Offers(_DRINK, lambda: drink_offers(game, figure, seat, turn)),
        # Before the roll he may always end his turn (no step is open to him yet, so where
        # he stands or back where he last stopped): a count that has found the roll asks no more.
        Offers(_ENDS, keys=lambda: ends(game, figure, turn, may_move),
               build=lambda how: end_offer(seat, figure, turn, how), key_of=end_of,
               some=lambda: not turn["rolled"] or bool(ends(game, figure, turn, may_move))),
    ]


def bonus_attacks(game: Game, figure: Figure, seat: str, turn: dict[str, Any]) -> list[Action]:
    out = []
    for m in attack_targets(game, figure):
        if turn["bonus_attacks"] == "orcs" and "orc" not in game.content.monsters[m.kind].tags:
            continue
        out.append(Action.make(seat, "attack", text=f"{figure.name} strikes again at {m.name}", who=figure.id,
                               target=m.id))
    out.append(Action.make(seat, "pass", text=f"{figure.name} strikes no more", who=figure.id))
    return out


def equip_offers(game: Game, figure: Figure, seat: str, turn: dict[str, Any]) -> list[Action]:
    out: list[Action] = []
    if turn["start"] and len(weapons(game, figure)) > 1:
        main = weapon_of(figure, game.content)
        for w in weapons(game, figure):
            if item(game.content, w) is not main:
                out.append(Action.make(seat, "equip", text=f"{figure.name} takes up the {item(game.content, w).name}",
                                       who=figure.id, weapon=w))
    return out


def step_squares(s: State, figure: Figure, turn: dict[str, Any]) -> list[Sq]:
    """Where the hero may step now (north, east, south, west)."""
    if not turn["rolled"] or turn["points"] <= 0:
        return []
    here = figure.square
    x, y = here
    monsters = s.squares_held(MONSTER)  # once for the four squares, not a scan of the figures each
    more = turn["points"] > 1  # with one step left he must be able to stop where it lands
    if turn.get("rock"):
        return [to for dx, dy in DIRS4 if can_step(s, figure, to := (x + dx, y + dy), turn, monsters)
                and (more or may_stop(s, figure, to))]
    # The map's own neighbours (kept until a door opens) are `can_step`'s floor and open edge,
    # in the same order (north, east, south, west); only the figures are asked here.  On a map
    # with no diagonal steps and no links (HeroQuest's: `build_grid`) they are all beside him.
    veil = bool(turn.get("veil"))
    grid = s.grid
    beside = grid.neighbours(here)
    if grid.diagonal_moves or grid.links:
        beside = [to for to in beside if abs(to[0] - x) + abs(to[1] - y) == 1]
    # A loop, not a list comprehension (a function made and called): asked at every decision of his turn.
    out = []
    for to in beside:
        if (veil or to not in monsters) and (more or may_stop(s, figure, to)):
            out.append(to)
    return out


def step_offer(seat: str, figure: Figure, to: Sq) -> Action:
    # Kept in the process by everything it is made of (actions never change): the companions
    # read a hero's steps two or three times a step, and the same heroes walk the same squares
    # quest after quest.
    frm = figure.pos
    key = (seat, figure.id, figure.name, frm, to)
    made = _STEPS.get(key)
    if made is None:
        x, y = frm  # type: ignore[misc]  # on the board
        name = STEP_NAMES[(to[0] - x, to[1] - y)]
        if len(_STEPS) > 50_000:  # many parties and quests in one process: start afresh
            _STEPS.clear()
        # The arguments as Action.make sorts them (a square of ints is plain): a replay makes one a step.
        made = _STEPS[key] = Action.sorted_plain(
            seat, "step", f"{figure.name} steps {STEP_WORDS[name]} to {to[0]},{to[1]}",
            (("to", to), ("who", figure.id)))
    return made


# (seat, hero id, his name, from, to) -> the step's action
_STEPS: dict[tuple[str, str, str, Sq | None, Sq], Action] = {}


def his_own(seat: str, kind: str, figure: Figure, words: str) -> Action:
    """An action whose one argument is the hero himself (his roll, his end of turn, his
    searches), kept in the process as his steps are: each is offered once or twice a turn."""
    key = (seat, kind, figure.id, figure.name)
    made = _HIS_OWN.get(key)
    if made is None:
        if len(_HIS_OWN) > 1_000:
            _HIS_OWN.clear()
        made = _HIS_OWN[key] = Action.sorted_plain(seat, kind, f"{figure.name} {words}", (("who", figure.id),))
    return made


# (seat, kind, hero id, his name) -> the action
_HIS_OWN: dict[tuple[str, str, str, str], Action] = {}


def jump_offers(game: Game, figure: Figure, seat: str, turn: dict[str, Any]) -> list[Action]:
    if not turn["rolled"] or turn["points"] <= 0:
        return []
    return [Action.make(seat, "jump", text=f"{figure.name} jumps the trap to {land[0]},{land[1]}",
                        who=figure.id, to=land, over=over) for over, land in traps.jumps(game, figure, turn["points"])]


def action_groups(game: Game, figure: Figure, seat: str, turn: dict[str, Any]) -> list[Offers]:
    """The turn's one action, if he has it still and may stop where he stands, by kind in the
    order the options list them: attacks, spells, treasure, searches, disarming (a replayed
    search asks no targeting sight of the attacks and spells)."""
    s: State = game.state

    def able() -> bool:  # asked again by each group read: they are seldom read at all
        return not turn["acted"] and is_hero(game, figure) and may_stop(s, figure, figure.square)

    def attacks() -> list[Action]:
        return [Action.make(seat, "attack", text=f"{figure.name} attacks {m.name}", who=figure.id, target=m.id)
                for m in attack_targets(game, figure)]

    def treasure() -> list[Action]:
        return [his_own(seat, "search_treasure", figure, "searches for treasure")
                ] if searching.can_search_treasure(game, figure) else []

    def searches() -> list[Action]:
        if searching.sees_monster(s, figure):
            return []
        if search_combined(game.content, s.variants):
            return [his_own(seat, "search_both", figure, "searches for traps and secret doors")]
        return [his_own(seat, "search_traps", figure, "searches for traps"),
                his_own(seat, "search_secret_doors", figure, "searches for secret doors")]

    def disarms() -> list[Action]:
        out = []
        for kind, tid in traps.disarmable(game, figure):
            what = "trapped furniture" if kind == "furniture" else s.traps[tid]["kind"].replace("_", " ")
            out.append(Action.make(seat, "disarm", text=f"{figure.name} tries to disarm the {what}",
                                   who=figure.id, **{kind: tid}))
        return out

    def when_able(make: Callable[[], list[Action]]) -> Callable[[], list[Action]]:
        return lambda: make() if able() else []
    return [Offers(_ATTACK, when_able(attacks)),
            Offers(_CAST, when_able(lambda: magic.cast_options(game, figure, seat))),
            Offers(_SEARCH_TREASURE, when_able(treasure)),
            Offers(_SEARCHES, when_able(searches)),
            Offers(_DISARM, when_able(disarms))]


def drink_offers(game: Game, figure: Figure, seat: str, turn: dict[str, Any]) -> list[Action]:
    out: list[Action] = []
    for i, p in enumerate(figure.potions):
        if p.startswith("healing") and figure.body < figure.max_body:
            out.append(Action.make(seat, "drink", text=f"{figure.name} drinks a potion of healing", who=figure.id,
                                   potion=i))
        elif p in TURN_POTIONS and not turn["acted"] and not figure.flags.get(TURN_POTIONS[p]):
            name = game.content.treasure[f"potion_of_{p}" if p == "strength" else p].name
            out.append(Action.make(seat, "drink", text=f"{figure.name} drinks the {name}", who=figure.id, potion=i))
    return out


def ends(game: Game, figure: Figure, turn: dict[str, Any], may_move: Callable[[], bool]) -> list[str]:
    """How the hero may end his turn: "end" where he stands, "leave" by the stairway, or "back"
    to the last square he could stop on when stranded on a friend's with no step left (a
    reveal can block the way on)."""
    s: State = game.state
    if may_stop(s, figure, figure.square):
        if s.grid.terrain.get(figure.square) == board.STAIRS and is_hero(game, figure):
            return ["end", "leave"]
        return ["end"]
    return [] if may_move() else ["back"]


def end_offer(seat: str, figure: Figure, turn: dict[str, Any], how: str) -> Action:
    if how == "end":
        return his_own(seat, "end_turn", figure, "ends the turn")
    if how == "leave":
        return his_own(seat, "leave", figure, "leaves the dungeon")
    back = turn["last_stop"]
    return Action.make(seat, "end_turn", text=f"{figure.name} steps back to {back[0]},{back[1]} and ends the turn",
                       who=figure.id, to=back)


def end_of(action: Action) -> str:
    """The key of `ends` that an end of turn answers to."""
    if action.kind == "leave":
        return "leave"
    return "end" if action.get("to") is None else "back"


def why_settled(figure: Figure, only: Action, turn: dict[str, Any]) -> str:
    """What the log says when a hero's turn has one way on and he is not asked."""
    if only.kind == "end_turn" and only.get("to") is None:
        return f"{figure.name} has nothing more to do: the turn ends."
    if only.kind == "end_turn":
        return f"{figure.name} may not stop on a friend's square: {only.text[len(figure.name) + 1:]}."
    if only.kind == "pass" and turn["bonus_cast"]:
        return f"{figure.name} has no second spell to cast."
    if only.kind == "pass":
        return f"{figure.name} has no monster within reach for another blow."
    return f"{only.text}: the only way on."
