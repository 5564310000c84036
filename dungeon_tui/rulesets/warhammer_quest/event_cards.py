"""The seven E cards of the Event deck (2.4), found by their id in events.yaml.  Each returns how
many more Event cards to draw.  Monster cards need no code: their monsters are their content."""
from __future__ import annotations

from collections.abc import Callable

from ...engine.dice import draw, roll, roll_event
from ...engine.effects import Effects
from ...engine.game import Game, Procedure
from . import treasure
from .combat import damage_warrior, kill_monster
from .rolls import dice_value
from .state import Figure, State
from .stats import strength


# An E card: (game, anchor section, the warriors' order) -> more cards to draw, or a procedure
# that returns it.
Resolve = Callable[[Game, str, list[Figure]], "Procedure | int"]
EVENTS: Effects[Resolve] = Effects("event card")


def warriors_on(state: State, sid: str) -> list[Figure]:
    return [w for w in state.heroes() if w.active and state.section_of(w.pos) == sid]


def at_the_event(s: State, anchor: str, order: list[Figure]) -> list[Figure]:
    """Who an event card falls on: the warriors on its section, else every warrior still standing."""
    return warriors_on(s, anchor) or [warrior for warrior in order if warrior.active]


def lowest_roller(game: Game, pool: list[Figure]) -> Procedure:
    """Each rolls a D6; the lowest (ties re-roll) is picked."""
    while len(pool) > 1:
        faces = yield from roll(game, len(pool), 6, "whq.event.pick")
        low = min(faces)
        roll_event(game, "whq.event.pick", f"{len(pool)}d6", faces, outcome=low,
                   text="Each warrior rolls: "
                   + ", ".join(f"{w.name} {f}" for w, f in zip(pool, faces, strict=True)) + ".")
        pool = [w for w, f in zip(pool, faces, strict=True) if f == low]
    return pool[0] if pool else None


def counter_pick(game: Game, pool: list[Figure]) -> Procedure:
    if not pool:
        return None
    i = yield from draw(game, len(pool), "whq.place.counter")
    return pool[i]


def chain_roll(game: Game, rule: str) -> Procedure:
    (face,) = yield from roll(game, 1, 6, rule)
    again = face <= 3
    roll_event(game, rule, "1d6", [face], target=3, outcome="draw" if again else "stop",
               text=f"{face}: {'another Event follows' if again else 'no further Event'}.")
    return 1 if again else 0


def all_models_on(state: State, sid: str) -> list[Figure]:
    return [f for f in state.figures.values() if f.active and state.section_of(f.pos) == sid]


def hurt(game: Game, figure: Figure, amount: int, how: str) -> Procedure:
    """Event damage ignores Toughness and armour (D4) and gives no gold."""
    if figure.is_hero:
        damage_warrior(game, figure, amount, how)
    elif figure.active:
        figure.wounds -= amount
        if figure.wounds <= 0:
            kill_monster(game, figure, None, gold=False)
    return
    yield  # pragma: no cover - makes this a generator


@EVENTS("cave_in")
def cave_in(game: Game, anchor: str, order: list[Figure]) -> int:
    """The section caves in: only the way in stays open, and whoever is still there at the end of
    the next turn is buried."""
    s: State = game.state
    sec = s.sections[anchor]
    first_room = s.adv.get("first_room")
    if (sec.doorways and s.doorways[sec.doorways[0]].state == "entrance") or anchor == first_room:
        game.emit("info", text="The cave-in cannot happen here; another Event is drawn.")
        return 1
    sec.caved_in = True
    s.adv["cave_in"] = {"section": anchor, "deadline": s.turn + 1}
    for did in sec.doorways:
        d = s.doorways[did]
        if d.state == "unexplored":
            d.state = "sealed"
    for m in s.monsters():
        if s.section_of(m.pos) == anchor:
            kill_monster(game, m, None, gold=False)
    return 0


@EVENTS("portcullis")
def portcullis(game: Game, anchor: str, order: list[Figure]) -> int:
    """A gate will fall behind the party once all are in."""
    s: State = game.state
    s.adv["portcullis_section"] = anchor
    return 1


@EVENTS("encounter")
def encounter(game: Game, anchor: str, order: list[Figure]) -> int:
    """The leader takes the portcullis key."""
    s: State = game.state
    s.adv["key_holder"] = order[0].id if order else None
    holder = s.figures.get(s.adv["key_holder"]) if s.adv["key_holder"] else None
    if holder:
        game.emit("item", target=holder.id, text=f"The {holder.name} takes the portcullis key.")
    return 1


@EVENTS("dead_body")
def dead_body(game: Game, anchor: str, order: list[Figure]) -> Procedure:
    """The lowest roller opens the bag: gas, a spear trap, or gold."""
    s: State = game.state
    here = at_the_event(s, anchor, order)
    w = yield from lowest_roller(game, here)
    if w is None:
        return 1
    (face,) = yield from roll(game, 1, 6, "whq.event.dead_body")
    if face == 1:
        roll_event(game, "whq.event.dead_body", "1d6", [face], outcome="gas", text="1: poison gas bursts from the bag!")
        for f in all_models_on(s, anchor):
            dmg = yield from dice_value(game, "D6", "whq.event.damage", f"gas on {f.name}")
            yield from hurt(game, f, dmg, "poison gas")
    elif face <= 3:
        roll_event(game, "whq.event.dead_body", "1d6", [face], outcome="spear", text=f"{face}: a spear trap!")
        dmg = yield from dice_value(game, "2D6", "whq.event.damage", f"the spear in the {w.name}")
        damage_warrior(game, w, dmg, "spear trap")
    else:
        roll_event(game, "whq.event.dead_body", "1d6", [face], outcome="gold", text=f"{face}: the bag holds gold.")
        gold = yield from dice_value(game, "D6x100", "whq.event.gold", f"the {w.name}'s find")
        w.gold += gold
    return 1


@EVENTS("trap")
def trap(game: Game, anchor: str, order: list[Figure]) -> Procedure:
    """The lowest roller springs it: a blast, a pit, or a guarded treasure."""
    s: State = game.state
    here = at_the_event(s, anchor, order)
    w = yield from lowest_roller(game, here)
    (face,) = yield from roll(game, 1, 6, "whq.event.trap")
    if face == 1:
        roll_event(game, "whq.event.trap", "1d6", [face], outcome="blast", text="1: a blast fills the section!")
        for f in all_models_on(s, anchor):
            dmg = yield from dice_value(game, "D6", "whq.event.damage", f"the blast on {f.name}")
            yield from hurt(game, f, dmg, "blast")
    elif face <= 5 and w is not None:
        roll_event(game, "whq.event.trap", "1d6", [face], outcome="pit",
                   text=f"{face}: the floor opens under the {w.name}.")
        dmg = yield from dice_value(game, "2D6", "whq.event.damage", f"the {w.name}'s fall")
        damage_warrior(game, w, dmg, "pit trap")
        w.flags["in_pit"] = True
    else:
        roll_event(game, "whq.event.trap", "1d6", [face], outcome="treasure",
                   text=f"{face}: the trap guards a treasure.")
        yield from treasure.give_cards(game, 1)
    return (yield from chain_roll(game, "whq.event.chain"))


@EVENTS("scorpions")
def scorpions(game: Game, anchor: str, order: list[Figure]) -> Procedure:
    """A counter-drawn warrior stamps on D6+Strength of the dozen; the rest sting."""
    s: State = game.state
    here = at_the_event(s, anchor, order)
    w = yield from counter_pick(game, here)
    if w is not None:
        (face,) = yield from roll(game, 1, 6, "whq.event.scorpions")
        kills = min(12, face + strength(game.content, w))
        roll_event(game, "whq.event.scorpions", "1d6", [face], inputs={"strength": strength(game.content, w)},
                   modifiers={"strength": strength(game.content, w)}, outcome=kills,
                   text=f"The {w.name} crushes {kills} scorpions.")
        w.gold += 5 * kills
        damage_warrior(game, w, 12 - kills, "scorpion stings")
    return (yield from chain_roll(game, "whq.event.chain"))


@EVENTS("old_bones")
def old_bones(game: Game, anchor: str, order: list[Figure]) -> Procedure:
    """The bones' table: a curse, nothing, gold, or gold and treasure."""
    s: State = game.state
    here = at_the_event(s, anchor, order)
    (face,) = yield from roll(game, 1, 6, "whq.event.old_bones")
    roll_event(game, "whq.event.old_bones", "1d6", [face], outcome=face, text=f"Old bones: {face}.")
    if face == 1:
        w = yield from counter_pick(game, here)
        if w is not None:
            dmg = yield from dice_value(game, "D6", "whq.event.damage", f"the bones' curse on the {w.name}")
            damage_warrior(game, w, dmg, "cursed bones")
        return 0
    if face <= 3:
        return 1
    for w in here:
        gold = yield from dice_value(game, "D6x10" if face <= 5 else "2D6x10", "whq.event.gold",
                                     f"the {w.name}'s share")
        w.gold += gold
    if face == 6:
        yield from treasure.give_cards(game, 1)
        return 0
    return 1

