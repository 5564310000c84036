"""The Monsters' Phase (M2): pinned monsters, volleys, then the rest in placement order.

Each activation is one decision of the dungeon seat among every legal plan: a square to
end on, and a warrior to attack from there or a volley to join.  The scripted dungeon
picks the plan its tactics script asks for (dungeon_ai.py).
"""
from __future__ import annotations

from typing import Any

from ...engine.game import DUNGEON, Action, Decision, Game, LazyDecision, Procedure
from ...engine.grid import Sq, chebyshev
from ...engine.spreading import steps_within
from .monster_strikes import strike
from .shooting import monster_shot, resolve_volley
from .sight import sees
from .state import ACTIVE, ON_BOARD, ROW_FIRST, Figure, State



def reach_of(content: Any, monster: Figure) -> int:
    return 2 if "reach2" in content.monsters[monster.kind].specials else 1


def in_reach(state: State, content: Any, monster: Figure, sq: Sq, warrior: Figure, reach: int | None = None) -> bool:
    if warrior.pos is None:
        return False
    reach = reach or reach_of(content, monster)
    if state.grid.adjacent(sq, warrior.pos):
        return True
    return reach >= 2 and chebyshev(sq, warrior.pos) <= 2 and sees(state, sq, warrior.pos)


def targets(state: State) -> list[Figure]:
    """The warriors a monster's blow may reach (`valid_target`), in the figures' order:
    its checks written out, since every monster's plan asks this of every warrior."""
    out = []
    for w in state.heroes():
        if w.pos is not None and w.status == ACTIVE:
            f = w.flags
            if not (f.get("in_pit") or f.get("invisible") or f.get("levitate")):
                out.append(w)
    return out


def adjacent_targets(state: State, monster: Figure, valid: list[Figure] | None = None) -> list[Figure]:
    """The warriors the monster may strike where it stands; `valid`: `targets(state)`, when the
    caller has it (nothing has changed since)."""
    if not monster.pos:
        return []
    beside = state.grid.neighbours(monster.pos)  # `grid.adjacent` from its square, asked once
    out = []
    for w in targets(state) if valid is None else valid:  # a loop, not a comprehension: every plan asks
        if w.pos and w.pos in beside:
            out.append(w)
    return out


def is_pinned(state: State, content: Any, monster: Figure, valid: list[Figure] | None = None) -> bool:
    return "never_pinned" not in content.monsters[monster.kind].specials and \
        bool(adjacent_targets(state, monster, valid))


def reachable(state: State, content: Any, monster: Figure) -> dict[Sq, int]:
    """The squares the monster may end its move on, with their cost (its own included).  The
    answer is shared, never change it: the rules' plan and the dungeon's script ask it in turn
    for one decision, so the last one is kept in the grid's memo (which the map's every change
    empties) by all it depends on besides the map: the squares taken, its own, its move."""
    occ = state.occupied()
    allowance = content.monsters[monster.kind].move + monster.flags.get("m_mod", 0)
    jumps: dict[Sq, list[tuple[Sq, int]]] | None = None
    if monster.kind == "minotaur" and state.adv.get("leaps"):  # fc4: minotaurs leap the chasm for 2
        jumps = {}
        for a, b in state.adv["leaps"]:
            jumps.setdefault(tuple(a), []).append((tuple(b), 2))
            jumps.setdefault(tuple(b), []).append((tuple(a), 2))
        return state.grid.reachable(monster.square, allowance, lambda sq: sq not in occ, jumps=jumps)
    memo = state.grid.memo
    # The squares taken in the figures' order (`occupied` lists them so; see `move_search`).
    key = (monster.square, allowance, tuple(occ))
    last = memo.get(_LAST_REACH)
    if last is not None and last[0] == key:
        found: dict[Sq, int] = last[1]
        return found
    # `Grid.reachable`'s own search for a move whose every step costs 1, the squares taken
    # looked up without a call.
    found = steps_within(state.grid, monster.square, allowance, None, avoid=occ)
    memo[_LAST_REACH] = (key, found)
    return found


_LAST_REACH = "whq.monster_reach"  # the grid memo's key for `reachable`'s last answer


def sees_any(state: State, sq: Sq, valid: list[Figure]) -> bool:
    for w in valid:  # noqa: SIM110 - a loop, not any() over a generator: asked for squares of every plan
        if sees(state, sq, w.pos):
            return True
    return False


def next_to_warrior(state: State, sq: Sq) -> bool:
    neighbours = state.grid.neighbours(sq)  # `grid.adjacent(sq, w.pos)`, his square among its steps
    for w in state.heroes():  # noqa: SIM110 - a loop, not any() over a generator: asked per square
        if w.pos is not None and w.status in ON_BOARD and w.pos in neighbours:
            return True
    return False


def plan_choice(game: Game, monster: Figure) -> Decision | None:
    """The monster's plan (where it ends its move, and whom it attacks or shoots from there),
    None when it has none.  The plans from each square are made when read: a replayed plan is
    checked by making its own square's alone (a monster may reach dozens of squares, each
    with its attacks and a line of sight for a volley)."""
    s: State = game.state
    c = game.content
    context = {"monster": monster.id}
    prompt = f"{monster.name} acts"
    if monster.flags.get("pinned"):
        opts = [Action.sorted_plain(DUNGEON, "strike", f"{monster.name} attacks the {w.name}",
                                    (("target", w.id), ("who", monster.id))) for w in adjacent_targets(s, monster)]
        return Decision(DUNGEON, prompt, opts, context=context) if opts else None
    valid = targets(s)
    reach = reachable(s, c, monster)
    if not reach:
        return None
    plans = _Plans(s, c, monster, reach, valid)
    decision = LazyDecision(DUNGEON, prompt, plans.make, plans.find, context)
    _LAST_PLAN[:] = [decision, reach, valid]
    return decision


class _Plans:
    """A monster's plans square by square, each square's made when first read: the AI asks for
    its plan's square, then the play finds it there.  One object a plan decision (a monster
    acts hundreds of times a game), its methods the decision's `make` and `find`."""

    __slots__ = ("c", "made", "missile", "monster", "reach", "s", "valid")

    def __init__(self, s: State, c: Any, monster: Figure, reach: dict[Sq, int], valid: list[Figure]) -> None:
        self.s, self.c, self.monster, self.reach, self.valid = s, c, monster, reach, valid
        self.missile = "missile" in c.monsters[monster.kind].specials
        self.made: dict[Sq, list[Action]] = {}

    def plans_from(self, sq: Sq) -> list[Action]:
        found = self.made.get(sq)
        if found is None:
            found = self.made[sq] = self._plans_from(sq)
        return found

    def _plans_from(self, sq: Sq) -> list[Action]:
        # Built as Action.make would, the arguments in name order (mode, target, to, who): the
        # plans are made for every square the script or a replayed plan asks about.
        s, c, monster, valid = self.s, self.c, self.monster, self.valid
        where = "stays" if sq == monster.pos else f"moves to {sq[0]},{sq[1]}"
        to, who = ("to", (sq[0], sq[1])), ("who", monster.id)
        out = [Action.sorted_plain(DUNGEON, "act", f"{monster.name} {where}", (to, who))]
        for w in valid:
            if in_reach(s, c, monster, sq, w):
                out.append(Action.sorted_plain(DUNGEON, "act", f"{monster.name} {where} and attacks the {w.name}",
                                               (("target", w.id), to, who)))
        if self.missile and not next_to_warrior(s, sq) and sees_any(s, sq, valid):
            out.append(Action.sorted_plain(DUNGEON, "act", f"{monster.name} {where} and shoots",
                                           (("mode", "volley"), to, who)))
        return out

    def make(self) -> list[Action]:
        return [a for sq in sorted(self.reach, key=ROW_FIRST) for a in self.plans_from(sq)]

    def find(self, action: Action) -> Action | None:
        to = action.get("to")
        if action.kind != "act" or type(to) is not tuple or to not in self.reach:
            return None
        for a in self.plans_from(to):
            if a == action:
                return a
        return None


# The last plan decision made (`plan_choice`), the squares its monster reaches and the
# warriors it may strike (one, held until the next): the dungeon seat weighing that decision
# reads the same rather than asking `reachable` and `targets` again (the board does not change
# while a seat chooses).
_LAST_PLAN: list[Any] = [None, None, None]


def plan_weighed(decision: Decision) -> tuple[dict[Sq, int] | None, list[Figure] | None]:
    """`reachable` for the monster of this plan decision and `targets`, as `plan_choice` found
    them, or Nones when it is not the last one made."""
    last, reach, valid = _LAST_PLAN
    return (reach, valid) if last is decision else (None, None)


def activate(game: Game, monster: Figure, volley: dict[str, list[Figure]]) -> Procedure:
    s: State = game.state
    decision = plan_choice(game, monster)
    if decision is None:
        return
    action = yield decision
    monster.flags["acted_once"] = True
    target = action.get("target")
    if action.kind == "act":
        to = tuple(action.get("to"))
        if to != monster.pos:
            frm = monster.square
            monster.pos = (to[0], to[1])
            if not game.unseen:  # the log's line, made only for someone to read (see Game.unseen)
                game.emit("move", figure=monster.id, frm=list(frm), to=list(to),
                          text=f"{monster.name} moves to {to[0]},{to[1]}.")
        if action.get("mode") == "volley":
            if (yield from monster_shot(game, monster)):
                volley.setdefault(monster.kind, []).append(monster)
            return
    if target:
        w = s.figures[target]
        s.phase_choice[monster.id] = w.id
        monster.flags["last_target"] = w.id
        if "swarm" in game.content.monsters[monster.kind].specials:
            monster.locked = w.id  # snotlings keep to their victim while he stays a valid target
        yield from strike(game, monster, w)


def monsters_phase(game: Game) -> Procedure:
    s: State = game.state
    c = game.content
    s.phase_choice = {}
    ready = [m for m in s.monsters() if not s.placed_this_m1(m)]
    ready.sort(key=lambda m: m.order)
    valid = targets(s)  # the warriors stand as they are until the first monster acts
    for m in ready:
        m.flags["pinned"] = is_pinned(s, c, m, valid)
    pinned = [m for m in ready if m.flags["pinned"]]
    pinned.sort(key=lambda m: (len(adjacent_targets(s, m, valid)) > 1, m.order))
    for m in pinned:
        if m.active and s.result is None:
            yield from activate(game, m, {})
    volley: dict[str, list[Figure]] = {}
    shooters = [m for m in ready if not m.flags["pinned"] and "missile" in c.monsters[m.kind].specials]
    for m in shooters:
        if m.active and s.result is None:
            yield from activate(game, m, volley)
    for kind in sorted(volley, key=lambda k: min(f.order for f in volley[k])):
        hitters = volley[kind]
        seen = [w for w in targets(s) if any(sees(s, h.pos, w.pos) for h in hitters if h.pos)]
        yield from resolve_volley(game, kind, hitters, seen)
    # The pinned and the shooters have acted: found by id (a look along a list of figures
    # compares them field by field, dataclasses as they are).
    acted = {m.id for m in pinned} | {m.id for m in shooters}
    for m in ready:
        if m.id in acted or not m.active or s.result is not None:
            continue
        yield from activate(game, m, {})
    for m in ready:
        m.flags.pop("pinned", None)
