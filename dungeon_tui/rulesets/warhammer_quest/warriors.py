"""The Warriors' Phase: each warrior escapes a pin, moves, then fights, shoots or acts."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.dice import natural_test, roll, roll_event
from ...engine.game import Action, Decision, Game, LazyDecision, Procedure
from ...engine.offers import Offers, grouped_choice
from ...engine.grid import Grid, Sq
from ...engine.spreading import steps_within
from . import board, hazards, items, magic, stats
from .adventures import hooks_for
from .combat import berserk_check, ring_next, warrior_strike
from .shooting import warrior_shoot
from .sight import adjacent_monsters, check_lost, order, sees
from .state import ACTIVE, ESCAPED, ROW_FIRST, Figure, State
from .words import the

__all__ = ["check_lost", "order"]  # the Warriors' Phase order and the light check, used with it




def can_be_pinned(content: Any, warrior: Figure) -> bool:
    return not stats.has(content, warrior, "never_pinned")


def step_cost(state: State) -> Any:
    """Climbing out of a pit costs 2 movement (D31), unless the adventure waives it; None (every
    step 1, which the grid counts faster) when there is no pit on the map."""
    if state.adv.get("free_climb"):
        return None
    grid = state.grid
    terrain = grid.terrain
    # Whether the map holds a pit, kept in its memo (every change to its squares empties it):
    # asked at every warrior's move search, and a look over every square of the map.
    pits = grid.memo.get(_PITS)
    if pits is None:
        pits = grid.memo[_PITS] = "p" in terrain.values()
    if not pits:
        return None

    def cost(a: Sq, b: Sq) -> int:
        return 2 if terrain.get(a) == "p" and terrain.get(b) != "p" else 1
    return cost


_PITS = "whq.pits"  # the grid memo's key for whether the map holds a pit


class MoveSearch:
    """A warrior's move as the grid searches it (`Grid.reachable`'s arguments), made once a
    decision for whichever question it is asked.  A section nobody has entered yet may be
    stepped into, but the move ends inside it (D15): no step leads out of such a section
    again, so nothing beyond it is reached.  Its two checks are its methods (not closures: a
    search is set up for most of a warrior's decisions)."""

    __slots__ = ("allowance", "caved", "closed", "cost", "grid", "key", "region", "start", "taken")

    def __init__(self, grid: Grid, start: Sq, allowance: int, cost: Callable[[Sq, Sq], int] | None,
                 taken: dict[Sq, Any], caved: set[str], closed: set[str]) -> None:
        self.grid, self.start, self.allowance, self.cost = grid, start, allowance, cost
        # The squares taken, and the sections other than his own that a caved-in roof shuts
        # (never entered again, only left) and that nobody has entered yet.
        self.taken, self.caved, self.closed, self.region = taken, caved, closed, grid.region
        # Everything the search reads besides the map: his square and move, the squares taken
        # (in the figures' order, as `occupied` lists them: a tuple is made and compared
        # without hashing every square, and the same board gives the same order), the
        # caved-in and the unentered sections, and whether a step may cost more than 1.
        self.key = (start, allowance, tuple(taken), frozenset(caved), frozenset(closed), cost is None)

    def can_enter(self, sq: Sq) -> bool:
        return sq not in self.taken and self.region[sq] not in self.caved

    def step_ok(self, a: Sq, b: Sq) -> bool:
        region = self.region
        ra = region[a]
        return ra not in self.closed or region[b] == ra

    def reach(self) -> dict[Sq, int]:
        """The squares he may end his move on (not his own), with their cost.  Shared, never
        change it: the last answer is kept in the map's memo (which every change to the map
        empties) by `key`, since his decision, the companion weighing it, and a break-away's
        safe squares ask it in turn of the same board."""
        memo = self.grid.memo
        last = memo.get(_LAST_REACH)
        if last is not None and last[0] == self.key:
            kept_reach: dict[Sq, int] = last[1]
            return kept_reach
        if self.cost is None:
            # `Grid.reachable`'s own search when every step costs 1, the squares taken looked up
            # without a call; each check passed only where it can refuse a step (a section
            # caved in, one not yet entered).
            reach = steps_within(self.grid, self.start, self.allowance, self.can_enter if self.caved else None,
                                 self.step_ok if self.closed else None, self.taken)
        else:
            reach = self.grid.reachable(self.start, self.allowance, self.can_enter, self.cost, self.step_ok)
        reach.pop(self.start, None)
        memo[_LAST_REACH] = (self.key, reach)
        return reach

    def reaches(self, sq: Any) -> bool:
        """Whether `sq` is in `reach()`, the search stopped where it is found (a replayed move
        names one square: the rest of his reach is not needed), or read off the reach kept for
        this board (a companion's pick, played after he weighed his whole reach)."""
        if sq == self.start:
            return False
        last = self.grid.memo.get(_LAST_REACH)
        if last is not None and last[0] == self.key:
            return sq in last[1]
        return self.grid.reaches(self.start, sq, self.allowance, self.can_enter, self.cost, self.step_ok)

    def any_step(self) -> bool:
        """Whether `reach()` has any square: one first step he may take (every step costs at
        least 1, so a square further off is reached only through one of these)."""
        a, cost = self.start, self.cost
        return any(self.can_enter(b) and self.step_ok(a, b) and (cost(a, b) if cost else 1) <= self.allowance
                   for b in self.grid.neighbours(a))


def move_search(state: State, content: Any, warrior: Figure) -> MoveSearch | None:
    """The warrior's move as the grid searches it, None when he is off the board."""
    if warrior.pos is None:
        return None
    home = state.grid.region[warrior.pos]
    # The sections caved in and those not yet entered, other than his own: one pass over them
    # all, his own taken out after (random adventures lay out a score of sections, and every
    # move search, a companion's weighing included, looks over them all).
    caved: set[str] = set()
    closed: set[str] = set()
    for sid, sec in state.sections.items():
        if sec.caved_in:
            caved.add(sid)
        if not sec.entered:
            closed.add(sid)
    caved.discard(home)
    closed.discard(home)
    return MoveSearch(state.grid, warrior.pos, stats.move(content, warrior), step_cost(state), state.occupied(),
                      caved, closed)


_LAST_REACH = "whq.warrior_reach"  # the grid memo's key for the last `MoveSearch.reach` answer


def move_options(state: State, content: Any, warrior: Figure, decision: Any = None) -> dict[Sq, int]:
    """Squares the warrior may end his move on (not his own), with their cost.  `decision`:
    the turn's decision being weighed, when the caller has it (its search is then read)."""
    m = _kept_search(decision, warrior) or move_search(state, content, warrior)
    return {} if m is None else m.reach()


# The last decision `warrior_choice` made, its warrior and its `_Turn` (one, held until the
# next): a companion weighing that decision reads the same move search rather than setting up
# his own (the board does not change while a seat chooses).
_LAST_TURN: list[Any] = [None, None, None]


def _kept_search(decision: Any, warrior: Figure) -> MoveSearch | None:
    last, who, turn = _LAST_TURN
    if decision is None or last is not decision or who is not warrior:
        return None
    found: MoveSearch = turn.search()
    return found


def can_move_to(state: State, content: Any, warrior: Figure, sq: Any) -> bool:
    m = move_search(state, content, warrior)
    return m is not None and m.reaches(sq)


def may_move(warrior: Figure) -> bool:
    """Whether his turn still holds a move: not once he has moved, struck or acted, nor while
    in a pit, pinned and not broken away, or hovering under Levitate."""
    f = warrior.flags
    return not f.get("moved") and not f.get("attacking") and not f.get("acted") and not f.get("in_pit") \
        and not (f.get("pinned") and not f.get("escaped_pin")) and not f.get("levitate")


def in_move_order(squares: Any) -> list[Sq]:
    """Squares in the order his move options come in: row by row, west to east."""
    return sorted(squares, key=ROW_FIRST)


def move_squares(state: State, content: Any, warrior: Figure, decision: Any = None) -> list[Sq]:
    """The squares his turn's move options go to, in their order: what a companion weighs
    before asking the decision for the one option it picks (the rest are then never made).
    `decision`: as `move_options`."""
    return in_move_order(move_options(state, content, warrior, decision)) if may_move(warrior) else []


def can_move(state: State, content: Any, warrior: Figure) -> bool:
    m = move_search(state, content, warrior)
    return m is not None and m.any_step()


def entrance_exit_squares(state: State) -> list[Sq]:
    for d in state.doorways.values():
        if d.state == "entrance":
            return d.squares
    return []


# Each group's kinds, made once rather than for every decision.
_ESCAPE, _MOVE, _LEAVE, _ATTACK, _END = (
    frozenset((kind,)) for kind in ("escape", "move", "leave", "attack", "end"))
# His blows and, while he may still shoot (never once he has struck), his shots: one group, as
# they come one after the other (a shot is offered only with no foe beside him, a blow only
# with one).
_FIGHT = frozenset(("attack", "shoot"))
_CAST = frozenset(("cast", "scroll"))
# His pack, the hazards he may deal with and the adventure's deeds: one group, as they come in
# the options one after the other and are mostly all empty (a group the less to make each
# decision; a count reads them together).
_PACK = frozenset(("use", "rope", "unbar", "adventure"))

# The groups (see warrior_choice's order) a count reads first: the end is always there, so the
# count asks only whether anything else is, cheapest first.
_CHEAP_FIRST = (6, 0, 3, 1, 5, 4, 2)


def _count_order(held: tuple[bool, ...]) -> tuple[int, ...]:
    """`_CHEAP_FIRST` for a decision that holds only the groups `held` says (by their place in
    the full order), as places in its own shorter list: a group the flags leave empty is left
    out of the decision rather than made empty (a count, or an ask of its kinds, made it)."""
    order = _COUNT_ORDERS.get(held)
    if order is None:
        place = {i: n for n, i in enumerate(i for i, here in enumerate(held) if here)}
        order = _COUNT_ORDERS[held] = tuple(place[i] for i in _CHEAP_FIRST if held[i])
    return order


_COUNT_ORDERS: dict[tuple[bool, ...], tuple[int, ...]] = {}  # one per mix of groups (64 at most)


class _Turn:
    """A warrior's decision as its groups read it: what several groups ask alike (the monsters
    beside him, the lit sections, his move search, the Wizard's casts) found once, when first
    asked (the board does not change while a seat chooses).  One object a decision, its methods
    the groups' makers: a decision is made anew after each of his actions, and a closure for
    each group and each shared answer cost a dozen objects more every time."""

    __slots__ = ("_adj", "_casts", "_lit", "_search", "free", "game", "s", "seat", "warrior")

    def __init__(self, game: Game, warrior: Figure, seat: str, free: bool) -> None:
        self.game, self.s, self.warrior, self.seat, self.free = game, game.state, warrior, seat, free
        self._adj: list[Figure] | None = None
        self._lit: list[str] | None = None
        self._search: MoveSearch | None = None
        self._casts: magic.Casts | None = None

    def adj(self) -> list[Figure]:
        adj = self._adj
        if adj is None:
            adj = self._adj = adjacent_monsters(self.s, self.warrior)
        return adj

    def search(self) -> MoveSearch:
        """The count asks whether he can step off, then a replay whether he reaches one square
        or the options all he reaches: one search set up for all three (warrior_turn keeps him
        on the board)."""
        search = self._search
        if search is None:
            search = self._search = _on_board(move_search(self.s, self.game.content, self.warrior))
        return search

    def casts(self) -> magic.Casts:
        casts = self._casts
        if casts is None:
            casts = self._casts = magic.Casts(self.game, self.warrior)
        return casts

    def escape(self) -> list[Action]:
        name = self.warrior.name
        return [Action.make(self.seat, "escape", text=f"{name} tries to break away", who=self.warrior.id)]

    def move_keys(self) -> list[Sq]:
        return in_move_order(self.search().reach())

    def any_step(self) -> bool:
        return self.search().any_step()

    def reaches(self, sq: Any) -> bool:
        return isinstance(sq, tuple) and self.search().reaches(sq)

    def move_to(self, sq: Sq) -> Action:
        s, warrior = self.s, self.warrior
        if warrior.id == s.lantern:
            tag = ""
        else:
            lit = self._lit
            if lit is None:
                lit = self._lit = board.lit_sections(s)
            tag = "" if s.grid.region[sq] in lit else " (into the dark: Lost!)"
        # Built directly: args already in key order, and this is the hottest loop of a replay.
        return Action.sorted_plain(self.seat, "move", f"{warrior.name} moves to {sq[0]},{sq[1]}{tag}",
                                   (("to", sq), ("who", warrior.id)))

    def leave(self) -> list[Action]:
        s, warrior = self.s, self.warrior
        if warrior.pos in entrance_exit_squares(s) and not self.adj() and not _way_out_barred(s):
            return [Action.make(self.seat, "leave", text=f"{warrior.name} leaves the dungeon by the entrance",
                                who=warrior.id)]
        return []

    def attacks(self) -> list[Action]:
        game, warrior, seat = self.game, self.warrior, self.seat
        return [Action.sorted_plain(seat, "attack", f"{warrior.name} attacks {m.name}",
                                    (("target", m.id), ("who", warrior.id)))
                for m in self.adj() if _may_target(game, warrior, m)]

    def shots(self) -> list[Action]:
        game, s, warrior = self.game, self.s, self.warrior
        if self.adj() or stats.bow(game.content, warrior) is None:
            return []
        return [Action.make(self.seat, "shoot", text=f"{warrior.name} shoots at {m.name}", who=warrior.id,
                            target=m.id)
                for m in s.monsters() if sees(s, warrior.pos, m.pos)
                and _may_target(game, warrior, m)]

    def fight(self) -> list[Action]:
        return self.attacks() + self.shots()

    def cast_offers(self) -> list[Action]:
        return self.casts().casts() + self.casts().scrolls()

    def any_cast(self) -> bool:
        return self.casts().any()

    def pack(self) -> list[Action]:
        game, warrior = self.game, self.warrior
        held = [*items.options(game, warrior), *hazards.options(game, warrior)] if self.free else []
        return held + list(hooks_for(game).extra_options(game, warrior))

    def end(self) -> list[Action]:
        warrior = self.warrior
        return [Action.sorted_plain(self.seat, "end", f"{warrior.name} ends his turn", (("who", warrior.id),))]


def _move_key(action: Action) -> Any:
    return action.get("to")


def warrior_choice(game: Game, warrior: Figure) -> tuple[LazyDecision, Action | None]:
    """The warrior's decision, its options made by kind when read (a replayed move makes that
    one move), and its only option when it has just one (the end of his turn)."""
    s: State = game.state
    seat = s.seat_of[warrior.id]
    hooks_for(game).before_warrior_choice(game)
    f = warrior.flags
    attacking = f.get("attacking")
    moving = may_move(warrior)
    may_fight = not f.get("acted") and not f.get("in_pit") and not f.get("levitate") and not f.get("frenzied")
    free = not f.get("webbed")
    turn = _Turn(game, warrior, seat, free)
    # The groups in the options' order; those the flags alone leave empty are left out.
    escaping = bool(f.get("pinned") and not f.get("pin_tried") and not f.get("moved") and not attacking)
    striking = may_fight and (f.get("attacks_left", 0) > 0 or not attacking)
    shooting = may_fight and not attacking
    casting = free and warrior.id == "wizard"  # only the Wizard casts (`cast_options`)
    groups = []
    if escaping:
        groups.append(Offers(_ESCAPE, turn.escape))
    if moving:
        groups.append(Offers(_MOVE, keys=turn.move_keys, build=turn.move_to, key_of=_move_key,
                             some=turn.any_step, has_key=turn.reaches))
        groups.append(Offers(_LEAVE, turn.leave))
    if shooting:  # he may strike too: he has not struck yet
        groups.append(Offers(_FIGHT, turn.fight))
    elif striking:
        groups.append(Offers(_ATTACK, turn.attacks))
    if casting:
        groups.append(Offers(_CAST, turn.cast_offers, some=turn.any_cast))
    groups += [Offers(_PACK, turn.pack), Offers(_END, turn.end)]
    made = grouped_choice(seat, f"{warrior.name}: your turn", groups, {"figure": warrior.id, "own_turn": True},
                          _count_order((escaping, moving, moving, striking, casting, True, True)))
    _LAST_TURN[:] = [made[0], warrior, turn]
    if casting:
        magic.offering(made[0], turn.casts)
    return made


def _on_board(m: MoveSearch | None) -> MoveSearch:
    assert m is not None, "a warrior asked what he does stands on the board"
    return m


def _way_out_barred(state: State) -> bool:
    return any(d.state == "entrance" and d.portcullis for d in state.doorways.values())


def _may_target(game: Game, warrior: Figure, monster: Figure) -> bool:
    only = game.state.adv.get("only_barbarian_targets")
    return not (only and monster.id in only and warrior.kind != "barbarian")


def nothing_left(game: Game, warrior: Figure) -> str:
    """Why a warrior has no choice left this turn, as the log says it."""
    f = warrior.flags
    if f.get("acted") or f.get("attacking"):
        return "has done all he can"
    if f.get("in_pit"):
        return "is stuck in a pit"
    if adjacent_monsters(game.state, warrior):
        return "is pinned and cannot break away or strike"
    return "is boxed in and has nothing to move to or attack" if not f.get("moved") else "has nothing left to do"


def warrior_turn(game: Game, warrior: Figure) -> Procedure:
    s: State = game.state
    f = warrior.flags
    f["attacks_left"] = 0
    for key in ("moved", "acted", "attacking", "pin_tried", "escaped_pin", "frenzied", "berserk_tried"):
        f.pop(key, None)
    f["pinned"] = bool(adjacent_monsters(s, warrior)) and can_be_pinned(game.content, warrior)
    while warrior.status == ACTIVE and warrior.pos is not None and s.result is None:
        if f.get("webbed"):
            game.emit("info", text=f"The {warrior.name} is caught in a web and cannot act.")
            return
        decision, only = warrior_choice(game, warrior)
        if only is not None:  # only "end": nothing to ask (the log says why, to whoever reads it)
            if not game.unseen:
                game.emit("info", text=f"The {warrior.name} {nothing_left(game, warrior)}: his turn ends.")
            return
        action = yield decision
        kind = action.kind
        if kind == "end":
            return
        if kind == "escape":
            f["pin_tried"] = True
            need = game.content.warriors[warrior.kind].pin_escape or 7
            (face,) = yield from roll(game, 1, 6, "whq.warrior.pin_escape")
            ok = natural_test(face, face, need)
            roll_event(game, "whq.warrior.pin_escape", "1d6", [face], target=need, inputs={"escape": need},
                       outcome="escape" if ok else "pinned",
                       text=f"The {warrior.name} needs {need}+ to break away: {face}, "
                            f"{'free' if ok else 'still pinned'}.")
            f["escaped_pin"] = ok
        elif kind == "move":
            yield from do_move(game, warrior, action.get("to"))
            if f.get("entered_fresh"):
                f.pop("entered_fresh")
                return
        elif kind == "leave":
            warrior.status = ESCAPED
            warrior.pos = None
            game.emit("escape", target=warrior.id, text=f"The {warrior.name} leaves the dungeon with his gold.")
            return
        elif kind == "attack":
            yield from attack(game, warrior, s.figures[action.get("target")])
        elif kind == "shoot":
            f["acted"] = True
            yield from warrior_shoot(game, warrior, s.figures[action.get("target")])
        elif kind in ("rope", "unbar"):
            yield from hazards.play(game, warrior, action)
        elif kind == "use":
            yield from items.use(game, warrior, action)
        elif kind in ("cast", "scroll"):
            yield from magic.cast(game, warrior, action)
        else:
            yield from hooks_for(game).play_extra(game, warrior, action)
        hooks_for(game).after_action(game)
        if f.get("acted") and not f.get("attacking") and not hooks_for(game).extra_options(game, warrior):
            return
        if f.get("attacking") and f.get("attacks_left", 0) <= 0:
            return


def do_move(game: Game, warrior: Figure, to: Sq) -> Procedure:
    s: State = game.state
    start = warrior.pos
    warrior.pos = now = (to[0], to[1])
    warrior.flags["moved"] = True
    if not game.unseen:  # the log's line, made only for someone to read (see Game.unseen)
        game.emit("move", figure=warrior.id, frm=list(start) if start else None, to=list(now),
                  text=f"The {warrior.name} moves to {now[0]},{now[1]}.")
    sec = s.sections[s.grid.region[now]]
    if not sec.entered:
        sec.entered = True
        sec.entered_turn = s.turn
        if sec.kind in ("room", "objective"):
            s.entry_order.append(sec.id)
        warrior.flags["entered_fresh"] = True
        game.emit("enter", section=sec.id, text=f"The {warrior.name} enters the {game.content.cards[sec.card].name}.")
    yield from hooks_for(game).after_move(game, warrior)
    hazards.after_move(game)
    check_lost(game)


def attack(game: Game, warrior: Figure, monster: Figure) -> Procedure:
    s: State = game.state
    c = game.content
    f = warrior.flags
    if not f.get("attacking"):
        f["attacking"] = True
        f["attacks_left"] = stats.attacks(c, warrior)
        if stats.has(c, warrior, "berserk") and not f.get("berserk") and not f.get("berserk_tried"):
            f["berserk_tried"] = True
            ok = yield from _berserk(game, warrior)
            if not ok:
                f["frenzied"] = True
                f["acted"] = True
                return
    f["attacks_left"] -= 1
    victim_sq = monster.pos
    result = yield from warrior_strike(game, warrior, monster)
    if f.get("tripped"):
        f["attacks_left"] = 0
    # Deathblow (D2): kills from full Wounds sweep round the ring.
    direction = None
    while result == "killed_full" and victim_sq is not None and warrior.status == ACTIVE:
        cw, ccw = ring_next(s, warrior, victim_sq, True), ring_next(s, warrior, victim_sq, False)
        if direction is None:
            if cw and ccw and cw is not ccw:
                seat = s.seat_of[warrior.id]
                pick = yield Decision(seat, f"Deathblow! Which way does the {warrior.name}'s blow swing on?", [
                    Action.make(seat, "deathblow", text=f"Swing on clockwise at {the(cw.name)}", clockwise=True),
                    Action.make(seat, "deathblow", text=f"Swing on counter-clockwise at {the(ccw.name)}",
                                clockwise=False)], context={"attacker": warrior.id, "from": victim_sq})
                direction = bool(pick.get("clockwise"))
            else:
                direction = cw is not None
        nxt = cw if direction else ccw
        if nxt is None:
            break
        game.emit("info", text=f"Deathblow! The {warrior.name} swings on at {the(nxt.name)}.")
        victim_sq = nxt.pos
        result = yield from warrior_strike(game, warrior, nxt, deathblow=True)


def _berserk(game: Game, warrior: Figure) -> Procedure:
    return (yield from berserk_check(game, warrior))
