"""Event cards: room and Unexpected Events, monster cards, and the seven E cards (2.4, 5.8)."""
from __future__ import annotations

from typing import Any, Generator

from ...engine.dice import draw, roll, roll_event
from ...engine.game import Action, Decision, Game
from . import treasure
from .adventures import hooks_for
from .combat import damage_warrior, kill_monster
from .placement import place_monsters
from .rolls import dice_value
from .state import DEAD, Figure, State

__all__ = ["dice_value"]

Proc = Generator[Decision, Action, Any]


def count_monster_event(state: State) -> None:
    """Monster events so far, kept in the state (rules must never read the event log, which a
    headless run may not keep)."""
    state.adv["monster_events"] = state.adv.get("monster_events", 0) + 1


def draw_event(game: Game) -> Proc:
    s: State = game.state
    if not s.event_deck:
        s.event_deck, s.event_discard = sorted(s.event_discard), []
        game.emit("info", text="The Event deck is shuffled anew from its discards.")
    i = yield from draw(game, len(s.event_deck), "whq.event.draw")
    card = s.event_deck.pop(i)
    s.event_discard.append(card)
    return card


def warriors_on(state: State, sid: str) -> list[Figure]:
    return [w for w in state.heroes() if w.active and state.section_of(w.pos) == sid]


def resolve(game: Game, anchor: str, targets: list[Figure], context: str, order: list[Figure]) -> Proc:
    """Draw one Event card and resolve it (and any card it chains to) at the anchor section."""
    s: State = game.state
    c = game.content
    groups: list[tuple[str, int, str]] = []
    pending = 1
    while pending > 0 and s.result is None:
        pending -= 1
        card_id = yield from draw_event(game)
        card = c.events[card_id]
        game.emit("event", card=card_id, name=card.name, section=anchor, text=f"Event: {card.name}. {card.text}")
        if card.kind == "M":
            count_monster_event(s)
            for g in card.monsters:
                name = c.monsters[g.monster].name
                if s.adv.get("goblins_as_skaven") and g.monster.startswith(("goblin", "night_goblin")):
                    g_monster = "skaven"
                else:
                    g_monster = g.monster
                n = yield from dice_value(game, g.count, "whq.event.count", f"the number of {name}s")
                groups.append((g_monster, n, card_id))
            if card.treasure:
                s.treasure_owed += 1
            if card.draw_another == "before_fighting":
                pending += 1
            continue
        again = yield from e_card(game, card_id, anchor, order)
        pending += again
    if groups:
        for kind, n in (yield from hooks_for(game).extra_event_groups(game, context)):
            groups.append((kind, n, groups[0][2]))
        merged: list[tuple[str, int]] = []
        for kind, n, _ in groups:
            merged.append((kind, n))
        yield from place_monsters(game, merged, anchor, targets, groups[0][2], context, order)


def lowest_roller(game: Game, pool: list[Figure]) -> Proc:
    """Each rolls a D6; the lowest (ties re-roll) is picked."""
    while len(pool) > 1:
        faces = yield from roll(game, len(pool), 6, "whq.event.pick")
        low = min(faces)
        roll_event(game, "whq.event.pick", f"{len(pool)}d6", faces, outcome=low,
                   text="Each warrior rolls: " + ", ".join(f"{w.name} {f}" for w, f in zip(pool, faces)) + ".")
        pool = [w for w, f in zip(pool, faces) if f == low]
    return pool[0] if pool else None


def counter_pick(game: Game, pool: list[Figure]) -> Proc:
    if not pool:
        return None
    i = yield from draw(game, len(pool), "whq.place.counter")
    return pool[i]


def chain_roll(game: Game, rule: str) -> Proc:
    (face,) = yield from roll(game, 1, 6, rule)
    again = face <= 3
    roll_event(game, rule, "1d6", [face], target=3, outcome="draw" if again else "stop",
               text=f"{face}: {'another Event follows' if again else 'no further Event'}.")
    return 1 if again else 0


def all_models_on(state: State, sid: str) -> list[Figure]:
    return [f for f in state.figures.values() if f.active and state.section_of(f.pos) == sid]


def e_card(game: Game, card_id: str, anchor: str, order: list[Figure]) -> Proc:
    """Resolve an E card; returns how many more Event cards to draw."""
    s: State = game.state
    here = warriors_on(s, anchor) or [w for w in order if w.active]
    if card_id == "cave_in":
        sec = s.sections[anchor]
        first_room = s.adv.get("first_room")
        if sec.doorways and s.doorways[sec.doorways[0]].state == "entrance" or anchor == first_room:
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
    if card_id == "portcullis":
        s.adv["portcullis_section"] = anchor
        return 1
    if card_id == "encounter":
        s.adv["key_holder"] = order[0].id if order else None
        holder = s.figures.get(s.adv["key_holder"]) if s.adv["key_holder"] else None
        if holder:
            game.emit("item", target=holder.id, text=f"The {holder.name} takes the portcullis key.")
        return 1
    if card_id == "dead_body":
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
    if card_id == "trap":
        w = yield from lowest_roller(game, here)
        (face,) = yield from roll(game, 1, 6, "whq.event.trap")
        if face == 1:
            roll_event(game, "whq.event.trap", "1d6", [face], outcome="blast", text="1: a blast fills the section!")
            for f in all_models_on(s, anchor):
                dmg = yield from dice_value(game, "D6", "whq.event.damage", f"the blast on {f.name}")
                yield from hurt(game, f, dmg, "blast")
        elif face <= 5 and w is not None:
            roll_event(game, "whq.event.trap", "1d6", [face], outcome="pit", text=f"{face}: the floor opens under the {w.name}.")
            dmg = yield from dice_value(game, "2D6", "whq.event.damage", f"the {w.name}'s fall")
            damage_warrior(game, w, dmg, "pit trap")
            w.flags["in_pit"] = True
        else:
            roll_event(game, "whq.event.trap", "1d6", [face], outcome="treasure", text=f"{face}: the trap guards a treasure.")
            yield from treasure.give_cards(game, 1)
        return (yield from chain_roll(game, "whq.event.chain"))
    if card_id == "scorpions":
        w = yield from counter_pick(game, here)
        if w is not None:
            (face,) = yield from roll(game, 1, 6, "whq.event.scorpions")
            from .stats import strength
            kills = min(12, face + strength(game.content, w))
            roll_event(game, "whq.event.scorpions", "1d6", [face], inputs={"strength": strength(game.content, w)},
                       modifiers={"strength": strength(game.content, w)}, outcome=kills,
                       text=f"The {w.name} crushes {kills} scorpions.")
            w.gold += 5 * kills
            damage_warrior(game, w, 12 - kills, "scorpion stings")
        return (yield from chain_roll(game, "whq.event.chain"))
    if card_id == "old_bones":
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
            gold = yield from dice_value(game, "D6x10" if face <= 5 else "2D6x10", "whq.event.gold", f"the {w.name}'s share")
            w.gold += gold
        if face == 6:
            yield from treasure.give_cards(game, 1)
            return 0
        return 1
    return 0


def hurt(game: Game, f: Figure, amount: int, how: str) -> Proc:
    """Event damage ignores Toughness and armour (D4) and gives no gold."""
    if f.is_hero:
        damage_warrior(game, f, amount, how)
    elif f.active:
        f.wounds -= amount
        if f.wounds <= 0:
            kill_monster(game, f, None, gold=False)
    return
    yield  # pragma: no cover - makes this a generator


def unexpected(game: Game, order: list[Figure]) -> Proc:
    """P3: the anchor is the party's section, or a counter-drawn warrior's when split."""
    s: State = game.state
    party = [w for w in order if w.active and w.pos]
    if not party:
        return
    sections = sorted({s.section_of(w.pos) for w in party})
    if len(sections) == 1:
        anchor = sections[0]
    else:
        w = yield from counter_pick(game, party)
        anchor = s.section_of(w.pos)
    targets = [w for w in party if s.section_of(w.pos) == anchor]
    game.emit("info", text="Unexpected Event!")
    yield from resolve(game, anchor, targets, "P3", order)


def check_cave_in(game: Game) -> None:
    """End of turn: warriors still on a caved-in section when its time runs out die."""
    s: State = game.state
    cave = s.adv.get("cave_in")
    if cave and cave["deadline"] == s.turn:
        for w in s.heroes():
            if w.on_board and s.section_of(w.pos) == cave["section"]:
                w.status = DEAD
                w.pos = None
                game.emit("death", target=w.id, side="hero", text=f"The {w.name} is buried by the cave-in.")
