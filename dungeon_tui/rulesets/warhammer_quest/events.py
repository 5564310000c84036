"""The Event deck: drawing, room and Unexpected Events, monster cards (2.4, 5.8); what each E card
does is event_cards.py's."""
from __future__ import annotations


from ...engine.dice import draw
from ...engine.game import Game, Procedure
from .adventures import hooks_for
from .event_cards import EVENTS, counter_pick
from .placement import place_monsters
from .rolls import dice_value
from .state import DEAD, Figure, State
from .words import counted, plural



def count_monster_event(state: State) -> None:
    """Monster events so far, kept in the state (rules must never read the event log, which a
    headless run may not keep)."""
    state.adv["monster_events"] = state.adv.get("monster_events", 0) + 1


def draw_event(game: Game) -> Procedure:
    s: State = game.state
    if not s.event_deck:
        s.event_deck, s.event_discard = sorted(s.event_discard), []
        game.emit("info", text="The Event deck is shuffled anew from its discards.")
    names = tuple(game.content.events[e].name for e in s.event_deck)
    i = yield from draw(game, len(s.event_deck), "whq.event.draw", names)
    card = s.event_deck.pop(i)
    s.event_discard.append(card)
    return card


def resolve(game: Game, anchor: str, targets: list[Figure], context: str, order: list[Figure]) -> Procedure:
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
                g_monster = g.monster
                if s.adv.get("goblins_as_skaven") and g.monster.startswith(("goblin", "night_goblin")):
                    g_monster = "skaven"
                n = yield from dice_value(game, g.count, "whq.event.count", f"the number of {plural(name)}")
                if g_monster != g.monster:  # the adventure bends the card: say so where it bites
                    adventure = c.adventures[s.adventure].name
                    game.emit("info", text=f"{adventure}: goblins are counted as Skaven here, so "
                                           f"{counted(n, name)} come as {counted(n, 'Skaven')}.")
                groups.append((g_monster, n, card_id))
            if card.treasure:
                s.treasure_owed += 1
            if card.draw_another == "before_fighting":
                pending += 1
            continue
        outcome = EVENTS[card_id].run(game, anchor, order)
        pending += outcome if isinstance(outcome, int) else (yield from outcome)
    if groups:
        for kind, n in (yield from hooks_for(game).extra_event_groups(game, context)):
            groups.append((kind, n, groups[0][2]))
        merged: list[tuple[str, int]] = []
        for kind, n, _ in groups:
            merged.append((kind, n))
        yield from place_monsters(game, merged, anchor, targets, groups[0][2], context, order)


def unexpected(game: Game, order: list[Figure]) -> Procedure:
    """P3: the anchor is the party's section, or a counter-drawn warrior's when split."""
    s: State = game.state
    party = [w for w in order if w.active and w.pos]
    if not party:
        return
    sections = sorted({s.section_at(w.pos) for w in party})
    if len(sections) == 1:
        anchor = sections[0]
    else:
        w = yield from counter_pick(game, party)
        anchor = s.section_at(w.pos)
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
