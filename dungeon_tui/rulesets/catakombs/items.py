"""Doors, chests, locks, barrels and carried items (§2.7, §5.2, §5.9)."""
from __future__ import annotations

from ...engine.dice import roll_event
from ...engine.game import Action, Game
from .acts import Steps, act, at, option
from .checks import test
from .damage import heal
from .dice import d6
from .state import DOWNED, HERO, Figure, Square, State, key, square
from .terrain import Map, chebyshev, squares_of

DOOR_PV = 8
DOOR_ARMOUR = 2
LOCK = 4  # a lock's difficulty for Dexterity (§5.2)
ITEM_NAMES = {"barrel": "a barrel", "treasure_gem": "the magic gem"}


def beside(m: Map, fig: Figure) -> list[Square]:
    """Squares next to the figure that it can reach by the corner rule (doors, chests)."""
    return m.neighbours(fig.at)


def hands_free(fig: Figure) -> bool:
    return fig.standing and not fig.webbed


def doors_beside(m: Map, fig: Figure, *states: str) -> list[Square]:
    doors = m.s.doors
    return [sq for sq, k in things_beside(m, fig, "doors", doors) if doors[k] in states]


def chests_beside(m: Map, fig: Figure, state: str) -> list[Square]:
    chests = m.s.chests
    return [sq for sq, k in things_beside(m, fig, "chests", chests) if chests[k] == state]


def things_beside(m: Map, fig: Figure, what: str, things: dict[str, str]) -> list[tuple[Square, str]]:
    """The squares beside the figure (by the corner rule) holding one of the state's doors or
    chests, with their keys: found once per map, asked by several offers."""
    found = m.found.get((what, fig.id))
    if found is None:
        keys = squares_of(tuple(things))
        found = m.found[(what, fig.id)] = [(sq, keys[sq]) for sq in beside(m, fig) if sq in keys]
    return found  # type: ignore[return-value]


# The doors, chests and secret door as they last stood, and the squares of deed_places.
_PLACES: list[tuple[dict[str, str], dict[str, str], dict[str, str], frozenset[Square]]] = []
DEED_STATES = {"doors": ("locked",), "chests": ("locked", "closed"), "secret": ("closed",)}


def deed_places(s: State) -> frozenset[Square]:
    """The squares where a deed is done from a square beside (§5.2, §5.9, §7.4): a locked door
    (picked), a chest not yet open (picked or opened), the secret door while closed
    (deciphered).  Kept for the doors, chests and secret door as they last stood: they change a
    few times a quest, and the companions ask at every try whether a deed is at hand."""
    if _PLACES:
        doors, chests, secret, places = _PLACES[0]
        if doors == s.doors and chests == s.chests and secret == s.secret:
            return places
    places = frozenset(square(k) for what, states in DEED_STATES.items()
                       for k, state in getattr(s, what).items() if state in states)
    _PLACES[:] = [(dict(s.doors), dict(s.chests), dict(s.secret), places)]
    return places


def deed_beside(m: Map, fig: Figure) -> bool:
    """Whether one of `deed_places` is beside the figure (by the corner rule): unless one is, it
    is offered no lock to pick, no chest to open and no writing to decipher."""
    places = deed_places(m.s)
    return not places.isdisjoint(m.passages.steps.get(fig.at, ()))  # `beside`, read inline (in C)


def open_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if not hands_free(fig):
        return []
    return [option(seat, fig, "open_door", f"open the door at {at(sq)}", at=sq)
            for sq in doors_beside(m, fig, "closed")]


def close_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if not hands_free(fig):
        return []
    return [option(seat, fig, "close_door", f"close the door at {at(sq)}", at=sq)
            for sq in doors_beside(m, fig, "open") if sq not in m.figures and key(sq) not in dropped_at(m.s)]


def break_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if not hands_free(fig) or fig.duel:
        return []
    return [option(seat, fig, "break_door", f"break the door at {at(sq)} ({m.s.door_pv.get(key(sq), DOOR_PV)} PV)",
                   at=sq) for sq in doors_beside(m, fig, "closed", "locked")]


def lock_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if not hands_free(fig) or not deed_beside(m, fig):
        return []
    out = [option(seat, fig, "pick_lock", f"pick the lock at {at(sq)} (Dexterity against 4)", at=sq)
           for sq in doors_beside(m, fig, "locked")]
    if fig.side == HERO:  # the chests hold the heroes' goal: the Master's figures leave them be
        out += [option(seat, fig, "pick_lock", f"pick the chest's lock at {at(sq)} (Dexterity against 4)", at=sq)
                for sq in chests_beside(m, fig, "locked")]
    return out


def chest_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if not hands_free(fig) or not deed_beside(m, fig):
        return []
    return [option(seat, fig, "open_chest", f"open the chest at {at(sq)}", at=sq)
            for sq in chests_beside(m, fig, "closed")]


def dropped_at(s: State) -> list[str]:
    return [key((d["at"][0], d["at"][1])) for d in s.dropped]


def lying_loose(s: State, item: str) -> bool:
    """Whether the item lies where `take_offers` finds things to take besides the barrels on
    their squares: dropped on the floor, or carried by a downed figure.  When not, no offer to
    take it can be made (the AI asks this before asking for the offers)."""
    # Loops, not any() over generators: asked at every try of every companion, most often of
    # nothing dropped and no one down.
    for d in s.dropped:
        if d["item"] == item:
            return True
    for f in s.figures.values():  # noqa: SIM110 - a loop, not any() over a generator
        if f.status == DOWNED and item in f.items:
            return True
    return False


def take_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if not hands_free(fig):
        return []
    near = [*beside(m, fig), fig.at]
    barrels = m.s.barrels if "barrel" not in fig.items else ()
    out = [option(seat, fig, "take_item", f"take the barrel at {at(sq)}", item="barrel", at=sq)
           for sq in near if barrels and key(sq) in barrels]
    for d in m.s.dropped:
        sq = (d["at"][0], d["at"][1])
        if sq in near and (d["item"] != "barrel" or "barrel" not in fig.items):
            out.append(option(seat, fig, "take_item", f"pick up {ITEM_NAMES.get(d['item'], d['item'])} "
                              f"at {at(sq)}", item=d["item"], at=sq))
    for ally in m.allies_of(fig):
        if ally.status == DOWNED and ally.pos in near:
            out += [option(seat, fig, "take_item", f"take {ITEM_NAMES.get(i, i)} from {ally.name}", item=i,
                           target=ally.id) for i in ally.items if i != "barrel" or "barrel" not in fig.items]
    return out


def give_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if not hands_free(fig) or fig.duel or not fig.items:
        return []
    out = []
    for ally in m.allies_of(fig):
        if chebyshev(ally.at, fig.at) == 1 and ally.duel is None:
            out += [option(seat, fig, "give_item", f"give {ITEM_NAMES.get(i, i)} to {ally.name}", item=i,
                           target=ally.id) for i in sorted(set(fig.items))
                    if i != "barrel" or "barrel" not in ally.items]
    return out


def drink_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if not hands_free(fig) or "barrel" not in fig.items:
        return []
    return [option(seat, fig, "drink_barrel", "drink from the barrel (heals 1D6)")]


def revive_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if not hands_free(fig) or "barrel" not in fig.items or fig.duel:
        return []
    return [option(seat, fig, "give_barrel_to_downed", f"give the barrel to {ally.name} (heals 1D6)",
                   target=ally.id) for ally in m.allies_of(fig)
            if ally.status == DOWNED and chebyshev(ally.at, fig.at) == 1]


@act("open_door", 1, open_offers)
def open_door(game: Game, fig: Figure, action: Action) -> Steps:
    game.state.doors[key(action.get("at"))] = "open"
    game.emit("door", at=list(action.get("at")), state="open", text=f"{fig.name} opens the door.")
    yield from ()


@act("close_door", 1, close_offers)
def close_door(game: Game, fig: Figure, action: Action) -> Steps:
    game.state.doors[key(action.get("at"))] = "closed"
    game.emit("door", at=list(action.get("at")), state="closed", text=f"{fig.name} closes the door.")
    yield from ()


@act("break_door", 1, break_offers)
def break_door(game: Game, fig: Figure, action: Action) -> Steps:
    """An automatic hit with normal melee damage, less the door's 2 armour (§5.2)."""
    s: State = game.state
    k = key(action.get("at"))
    dealt = max(0, fig.melee_damage - DOOR_ARMOUR)
    s.door_pv[k] = max(0, s.door_pv.get(k, DOOR_PV) - dealt)
    if s.door_pv[k] == 0:
        s.doors[k] = "broken"
        game.emit("door", at=list(action.get("at")), state="broken", text=f"{fig.name} smashes the door down.")
    else:
        game.emit("door_hit", at=list(action.get("at")),
                  text=f"{fig.name} hits the door for {dealt}: {s.door_pv[k]} PV left.")
    yield from ()


@act("pick_lock", 1, lock_offers)
def pick_lock(game: Game, fig: Figure, action: Action) -> Steps:
    s: State = game.state
    k = key(action.get("at"))
    result = yield from test(game, fig, "dex", LOCK, "cat.lock.pick", what="picking the lock")
    if not result.success:
        return
    if k in s.chests:
        yield from open_chest_at(game, fig, k)
    else:
        s.doors[k] = "open"
        game.emit("door", at=list(action.get("at")), state="open", text=f"{fig.name} picks the lock: it opens.")


def open_chest_at(game: Game, fig: Figure, k: str) -> Steps:
    """A chest opens; the quest's treasure inside goes to whoever opened it (quest V)."""
    s: State = game.state
    s.chests[k] = "open"
    s.flags["opened_by"] = fig.id
    game.emit("chest", at=list(square(k)), text=f"{fig.name} opens the chest.")
    inside = s.flags.get("chest_holds", {}).pop(k, None)
    if inside:
        fig.items.append(inside)
        game.emit("item", figure=fig.id, text=f"{fig.name} takes {ITEM_NAMES.get(inside, inside)}.")
    yield from ()


@act("open_chest", 1, chest_offers, heroes_only=True)
def open_chest(game: Game, fig: Figure, action: Action) -> Steps:
    yield from open_chest_at(game, fig, key(action.get("at")))


@act("take_item", 1, take_offers)
def take_item(game: Game, fig: Figure, action: Action) -> Steps:
    s: State = game.state
    item = action.get("item")
    if action.get("target"):
        s.figures[action.get("target")].items.remove(item)
    elif item == "barrel" and key(action.get("at")) in s.barrels:
        s.barrels.remove(key(action.get("at")))
    else:
        sq = list(action.get("at"))
        s.dropped.remove(next(d for d in s.dropped if d["item"] == item and d["at"] == sq))
    fig.items.append(item)
    game.emit("item", figure=fig.id, text=f"{fig.name} takes {ITEM_NAMES.get(item, item)}.")
    yield from ()


@act("give_item", 1, give_offers)
def give_item(game: Game, fig: Figure, action: Action) -> Steps:
    other = game.state.figures[action.get("target")]
    item = action.get("item")
    fig.items.remove(item)
    other.items.append(item)
    game.emit("item", figure=other.id, text=f"{fig.name} gives {ITEM_NAMES.get(item, item)} to {other.name}.")
    yield from ()


def barrel_heal(game: Game, fig: Figure, drinker: Figure) -> Steps:
    fig.items.remove("barrel")
    (pip,) = yield from d6(game, 1, "cat.barrel.heal")
    roll_event(game, "cat.barrel.heal", "1d6", [pip], outcome=pip, text=f"The barrel heals {pip}.")
    heal(game, drinker, pip, "The barrel")


@act("drink_barrel", 1, drink_offers)
def drink_barrel(game: Game, fig: Figure, action: Action) -> Steps:
    yield from barrel_heal(game, fig, fig)


@act("give_barrel_to_downed", 1, revive_offers)
def give_barrel_to_downed(game: Game, fig: Figure, action: Action) -> Steps:
    yield from barrel_heal(game, fig, game.state.figures[action.get("target")])
