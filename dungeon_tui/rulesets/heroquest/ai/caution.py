"""A companion's caution (issue 19): a badly hurt hero falls back out of the monsters' reach
instead of leaving the party, the leader waits for the others before opening the next door,
and the party goes home only when the quest is out of reach.  Everything here reads what the
heroes' table shows: placed monsters, known traps, the board's walls and doors."""
from __future__ import annotations

from typing import Any

from ....engine.grid import Sq
from ....engine.spreading import Spreading
from ....engine.words import counted
from .. import searching, traps
from .. import monsters as mon
from ..heroes import adjacent
from ..state import ALIVE, HERO, Figure, State
from .walking import by_rings, within
from .primitives import Plan, attack_squares, choose_target, foe_named, head_for, registry, stop_ok


def healing_potion(me: Figure) -> bool:
    """A healing potion is drunk when he drops to 0 Body (the rescue window): it counts as a
    life kept in hand, not as a reason to drink early."""
    for x in me.potions:  # noqa: SIM110  (a loop, not any() over a generator: every hurt hero, every decision)
        if x.startswith("healing"):
            return True
    return False


def hurt(h: Figure, n: int) -> bool:
    return h.body <= n and h.body < h.max_body and not healing_potion(h)


@registry.condition(says=lambda p, n: f"down to {counted(n, 'Body Point')}" + (" or fewer" if n > 1 else "")
                    + " with no healing potion, and a friend still fit to fight")
def badly_hurt(p: Plan, n: int) -> bool:
    """Worth keeping back only while someone else can do the fighting: a party that is all hurt
    presses on together (falling back then only waits for nothing)."""
    return hurt(p.me, n) and bool(p.monsters()) and any(not hurt(h, n) for h in p.s.heroes()
                                 if h is not p.me and h.status == ALIVE and h.pos is not None)


def threat(p: Plan) -> dict[Sq, int]:
    """For each square, how many known monsters could walk up and strike there in Zargon's
    next turn (their move, around the heroes, then one square to strike)."""
    memo = p.memo.get("threat")
    if memo is not None:
        return memo
    s = p.s
    monsters = p.monsters()
    # The same while no figure moves and no door opens: a hero asks it step after step until
    # someone moves (the last answer kept with the map).
    key = (tuple((m.square, m.move) for m in monsters), frozenset(s.squares_held(HERO)))
    kept = s.grid.memo.get("threat")
    if kept is not None and kept[0] == key:
        p.memo["threat"] = kept[1]
        return kept[1]
    out: dict[Sq, int] = {}
    heroes = s.squares_held(HERO)
    for m in monsters:
        for sq in _struck(p, m, heroes):
            out[sq] = out.get(sq, 0) + 1
    p.memo["threat"] = out
    s.grid.memo["threat"] = (key, out)
    return out


# How many monsters' reaches the map keeps (forgotten when it changes, or when this many).
STRUCK_KEPT = 2048


def _struck(p: Plan, m: Figure, heroes: set[Sq]) -> frozenset[Sq]:
    """Where one monster could strike in its next turn: the squares within its move (walking
    around the heroes, as `monster_field` counts) and each open edge's square beside them.
    Only the heroes within its move as the crow flies can stand in its way, so it is kept with
    the map by those: a hero walking elsewhere does not make it again."""
    x, y = m.square
    near = frozenset(h for h in heroes if abs(h[0] - x) + abs(h[1] - y) <= m.move and h != m.square)
    kept: dict[tuple[Sq, int, frozenset[Sq]], frozenset[Sq]] = p.s.grid.memo.setdefault("struck", {})
    key = (m.square, m.move, near)
    found = kept.get(key)
    if found is None:
        reach = Spreading(p.s.grid, (m.square,), near).grow(m.move)
        struck = set(reach)
        for sq in reach:
            struck.update(open_edges(p.s, sq))
        if len(kept) >= STRUCK_KEPT:
            kept.clear()
        found = kept[key] = frozenset(struck)
    return found


def open_edges(s: State, sq: Sq) -> tuple[Sq, ...]:
    """The squares `adjacent` to sq (an open edge between, whatever stands or lies there),
    kept with the map."""
    kept: dict[Sq, tuple[Sq, ...]] = s.grid.memo.setdefault("open_edges", {})
    found = kept.get(sq)
    if found is None:
        x, y = sq
        found = kept[sq] = tuple(nb for nb in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                                 if adjacent(s, sq, nb))
    return found


def safest_square(p: Plan) -> Sq:
    """The square within this turn's move that the fewest monsters can reach, nearest the
    party's other heroes on a tie (a healer is among them), then the nearest walk."""
    dist = p.field()[0]
    danger = threat(p)
    friends = [h.square for h in p.s.heroes() if h is not p.me and h.status == ALIVE and h.pos is not None]

    def far_from_party(sq: Sq) -> bool:
        """More than 3 squares from every friend (none: not far); asked of every spot."""
        x, y = sq
        return bool(friends) and all(abs(x - fx) + abs(y - fy) > 3 for fx, fy in friends)
    here = p.me.square
    best: tuple[int, bool, int, int, int] | None = None
    # Nearest first, each spot's steps as the walk lists it: once a spot out of every reach
    # and near a friend is found, no further ring can do better (the walk grows no further).
    for sq, d in by_rings(dist, p.allowance()):
        if best is not None and d > best[2] and not best[0] and not best[1]:
            break
        if sq == here or stop_ok(p, sq):
            spot = (danger.get(sq, 0), far_from_party(sq), d, sq[1], sq[0])
            if best is None or spot < best:
                best = spot
    assert best is not None  # his own square is always a spot
    return best[4], best[3]


@registry.action
def fall_back(p: Plan) -> str:
    """Step out of the monsters' reach (no blow is struck at a hero who walks away); strike
    only where he must stand and fight."""
    danger = threat(p)
    here = danger.get(p.me.square, 0)
    to = safest_square(p) if p.offered("roll_move", "step") else p.me.square
    hurt = counted(p.me.body, "Body Point")
    if to != p.me.square and danger.get(to, 0) < here:
        p.intents.append(("move", to))
        left = danger.get(to, 0)
        return f"falls back with {hurt} left: " + (
            "out of every monster's reach" if not left else f"where {counted(left, 'monster')} could still reach him")
    foes = [m for m in p.monsters() if adjacent(p.s, p.me.square, m.square)]
    t = choose_target(p, foes, "weakest")
    if t is not None and p.offered("attack"):
        p.intents.append(("attack", t.id))
        return f"has {hurt} left and nowhere safer to go: strikes at {t.name}"
    return f"keeps out of the way with {hurt} left"


@registry.condition(says="too frail to trade blows, with a friend to do it")
def frail(p: Plan) -> bool:
    """One attack die (the Wizard): he casts from behind and keeps out of reach while a fitter
    friend holds the line."""
    # The board first (no monster: nothing to keep out of), the dice after.
    return bool(p.monsters()) and p.me.kind in p.game.content.heroes and p.dice(p.me) <= 1 \
        and any(not hurt(h, 2) and p.dice(h) > 1 for h in p.s.heroes()
                if h is not p.me and h.status == ALIVE and h.pos is not None)


# -- going home ------------------------------------------------------------------------------------
def out_of_reach(p: Plan) -> str | None:
    """Why the quest can no longer be done by this party, as the heroes can tell, or None."""
    s = p.s
    quest = p.game.content.quests[s.quest]
    obj = quest.objective
    if obj.kind != "carry" or p.objective_met():
        return None
    spot = _item_spot(p)
    if spot is None:
        return None
    if spot.room in s.special_claimed:
        if lying_item(p) is None:
            return "the quest's treasure was lost with a fallen friend's belongings"
        return None
    # The cheap tests first (asked at every decision; the trap's piece only once it is found).
    if spot.room not in s.revealed_rooms or not s.searched.get(f"traps:{spot.room}") \
            or searching.shut_piece(p.game, spot.room) is None:
        return None
    if any(traps.can_disarm(p.game, h) for h in s.heroes() if h.status == ALIVE and h.pos is not None):
        return None
    return "the trap on the quest's treasure is found and nobody left can disarm it"


# The treasure entry holding each quest's item, by content and quest (the book's, never changed).
_SPOTS: dict[tuple[str, str], Any] = {}


def _item_spot(p: Plan) -> Any:
    """The quest's treasure entry that holds the item to carry out (None: no such entry)."""
    key = (p.game.content.digest, p.s.quest)
    if key not in _SPOTS:
        obj = p.game.content.quests[p.s.quest].objective
        _SPOTS[key] = next((t for t in p.game.content.quests[p.s.quest].treasure
                            if any(i.item == obj.item for i in t.items)), None)
    return _SPOTS[key]


def lying_item(p: Plan) -> dict | None:
    """The belongings of a fallen friend that hold the quest's item, where he fell."""
    if not p.s.remains:  # most decisions: nobody's belongings lie anywhere
        return None
    obj = p.game.content.quests[p.s.quest].objective
    if obj.kind != "carry":
        return None
    return next((pile for pile in p.s.remains if obj.item in pile["items"]), None)


def lying_words(p: Plan) -> str:
    pile = lying_item(p)
    return "the quest's treasure on the floor" if pile is None else \
        f"{pile['name']}'s belongings, with the quest's treasure, lie on the floor"


@registry.condition(says=lying_words)
def quest_item_lying(p: Plan) -> bool:
    return lying_item(p) is not None


@registry.action
def recover_item(p: Plan) -> str:
    """Walk to where the friend fell: ending a step in sight of it picks his belongings up."""
    pile = lying_item(p)
    if pile is None:
        return "nothing to pick up"
    at = (pile["at"][0], pile["at"][1])
    head_for(p, [at, *[(at[0] + dx, at[1] + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]])
    return f"goes to take up {pile['name']}'s belongings"


@registry.condition(says=lambda p: out_of_reach(p) or "the quest out of reach")
def quest_out_of_reach(p: Plan) -> bool:
    return out_of_reach(p) is not None


# -- keeping together ------------------------------------------------------------------------------
def stragglers(p: Plan, n: int) -> list[Figure]:
    """Friends coming up behind: able to fight, more than n squares' walk away but within one
    move (a hurt friend keeping back, or one cut off, is not waited for)."""
    dist = p.field()[0]
    out = []
    for h in p.s.heroes():
        if h is p.me or h.status != ALIVE or h.pos is None or hurt(h, 2):
            continue
        d = mon.dist_to(p.s, p.me, h, dist)
        if d is not None and n < d <= 12:
            out.append(h)
    return out


# -- closing in ------------------------------------------------------------------------------------
@registry.action
def close_in(p: Plan, pick: str) -> str:
    """Walk up to a monster within this turn's move and strike, from the square the fewest
    other monsters can reach (a doorway or corridor rather than the middle of their room)."""
    dist = p.field()[0]
    danger = threat(p)
    most = p.allowance()
    spots = {m.id: [sq for sq in attack_squares(p, m) if within(dist, sq, most) is not None]
             for m in p.monsters()}
    t = choose_target(p, [m for m in p.monsters() if spots[m.id]], pick)
    if t is None:
        return "nobody in reach"
    sq = min(spots[t.id], key=lambda q: (danger.get(q, 0), dist[q], q[1], q[0]))
    if sq != p.me.square:
        p.intents.append(("move", sq))
    p.intents.append(("attack", t.id))
    others = danger.get(sq, 0) - 1
    return f"moves in on {foe_named(p, pick, t)}" + (
        ", where no other monster can reach him" if others <= 0 else
        f", where {counted(others, 'other monster')} could reach him" + (" (the safest square beside it)"
                                                                         if len(spots[t.id]) > 1 else ""))

