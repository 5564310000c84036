"""Setup and the turn sequence: Power, Warriors, Monsters, Exploration, End of turn (spec 3, 4)."""
from __future__ import annotations

from typing import Any

from ...engine.dice import draw, natural_test, roll, roll_event
from ...engine.game import Action, Decision, Game, Procedure
from . import (  # noqa: F401  (they register their rules)
    adventures_fountain,
    adventures_pit_chasm,
    adventures_tomb_idol,
    events,
    exploration,
    hazards,
    items,
    magic,
    treasure,
)
from .adventures import GameOver, hooks_for
from .monsters import monsters_phase
from .state import ACTIVE, DEAD, ESCAPED, LOST, ON_BOARD, UNCONSCIOUS, Figure, State
from .warriors import check_lost, order, warrior_turn


MAX_TURNS = 200


def roll_wounds(game: Game, warrior: Figure) -> Procedure:
    """whq.setup.wounds: D6 + base, a first 1 re-rolled once."""
    expr = game.content.warriors[warrior.kind].wounds
    base = int(expr.split("+")[1]) if "+" in expr else 0
    seat = game.state.seat_of.get(warrior.id)  # the warrior's player rolls them at a real table
    (face,) = yield from roll(game, 1, 6, "whq.setup.wounds", by=seat)
    faces = [face]
    if face == 1:
        (face,) = yield from roll(game, 1, 6, "whq.setup.wounds", by=seat)
        faces.append(face)
    total = face + base
    roll_event(game, "whq.setup.wounds", "1d6", faces, inputs={"base": base}, modifiers={"base": base},
               outcome=total, text=f"The {warrior.name} starts with {face}+{base} = {total} Wounds"
               + (" (a first 1 re-rolled)." if len(faces) > 1 else "."))
    return total


def draw_adventure(game: Game) -> Procedure:
    """Random mode (RB): draw one of the five objective rooms, then a D6 for the adventure;
    re-roll the die if that adventure needs a warrior who is not in the party (D23)."""
    s: State = game.state
    c = game.content
    rooms = sorted(cid for cid, card in c.cards.items() if card.kind == "objective")
    room = rooms[(yield from draw(game, len(rooms), "whq.setup.objective"))]
    of_room = [aid for aid, adv in c.adventures.items() if adv.room == room]
    while True:
        (face,) = yield from roll(game, 1, 6, "whq.setup.adventure")
        pick = of_room[(face - 1) % len(of_room)]
        need = c.adventures[pick].needs
        ok = not need or need in s.figures
        roll_event(game, "whq.setup.adventure", "1d6", [face], outcome=pick if ok else "re-roll",
                   text=f"{c.cards[room].name}, adventure {face}: {c.adventures[pick].name}"
                   + ("." if ok else f", which needs the {need}; roll again."))
        if ok:
            s.adventure = pick
            return


def setup(game: Game) -> Procedure:
    s: State = game.state
    c = game.content
    for w in s.heroes():
        stored = game.setup.get("wounds", {}).get(w.id)
        w.max_wounds = w.wounds = stored if stored else (yield from roll_wounds(game, w))
        w.equipment = list(c.warriors[w.kind].equipment)
        carried = game.setup.get("carry", {}).get(w.id)
        if carried:
            w.gold = int(carried.get("gold", 0))
            w.treasure = [dict(card) for card in carried.get("treasure", []) if card.get("id") in c.treasure]
    if "barbarian" in s.figures:
        s.lantern = "barbarian"
    else:
        party = s.heroes()
        s.lantern = party[(yield from draw(game, len(party), "whq.place.counter"))].id
    s.leader = s.lantern
    if "wizard" in s.figures:
        yield from magic.setup_wizard(game)
    if s.adventure == "random":
        yield from draw_adventure(game)
    adv = c.adventures[s.adventure]
    if adv.goblins_as_skaven:
        s.adv["goblins_as_skaven"] = True
    game.emit("info", text=f"Adventure: {adv.name}. {adv.text}")
    yield from exploration.build_deck(game, adv.room)
    s.event_deck = sorted(cid for cid, card in c.events.items() for _ in range(card.copies))
    s.treasure_deck = sorted(cid for cid, card in c.treasure.items() for _ in range(card.copies))
    for w in s.heroes():  # cards held by campaign warriors are not in the deck
        for card in w.treasure:
            if card["id"] in s.treasure_deck:
                s.treasure_deck.remove(card["id"])
    first = s.piles["main"].pop(0)
    entrance = yield from exploration.lay_card(game, first, None, "main", s.seat_of[s.leader])
    entrance.entered = True
    entrance.entered_turn = 1
    if entrance.kind in ("room", "objective"):
        s.entry_order.append(entrance.id)
    taken: list[Any] = []
    squares = [sq for sq in sorted(entrance.squares, key=lambda q: (q[0], q[1])) if s.grid.floor(sq)]
    for w in order(s, c):
        seat = s.seat_of[w.id]
        opts = [Action.sorted_plain(seat, "start", f"{w.name} starts at {sq[0]},{sq[1]}",
                                    (("at", (sq[0], sq[1])), ("who", w.id)))
                for sq in squares if sq not in taken]
        pick = yield Decision(seat, f"Where does the {w.name} start?", opts, context={"figure": w.id})
        w.pos = tuple(pick.get("at"))
        taken.append(w.pos)


def procedure(game: Game) -> Procedure:
    s: State = game.state
    try:
        if not game.resuming:  # a game rebuilt at a keyframe goes straight on with the next turn
            yield from setup(game)
        while s.turn < MAX_TURNS:
            s.turn += 1
            yield from one_turn(game)
            game.checkpoint(s.turn)
        raise GameOver({"outcome": "failure", "why": f"the adventure ran past {MAX_TURNS} turns"})
    except GameOver as over:
        s.result = over.result
        s.result["turn"] = s.turn
        s.result.update(final_worth(game))
        game.emit("game_over", outcome=over.result["outcome"],
                  text=f"Game over: {over.result['outcome']}. {over.result.get('why', '')}")
        game.checkpoint(s.turn, resumable=False)
        return s.result


def final_worth(game: Game) -> dict[str, Any]:
    """At the end every survivor sells his cards for their value; the richest wins (5.10)."""
    s: State = game.state
    worth = {}
    for w in s.heroes():
        if w.status in (ACTIVE, UNCONSCIOUS, ESCAPED):
            cards = sum(game.content.treasure[c["id"]].value for c in w.treasure if c["id"] in game.content.treasure)
            worth[w.id] = w.gold + cards
    richest = max(sorted(worth), key=lambda k: worth[k]) if worth else None
    if richest:
        game.emit("info",
                  text=f"Selling their finds, the {s.figures[richest].name} is the richest with {worth[richest]} gold.")
    return {"worth": worth, "richest": richest}


def one_turn(game: Game) -> Procedure:
    s: State = game.state
    c = game.content
    hooks = hooks_for(game)
    game.emit("turn", turn=s.turn, text=f"Turn {s.turn}.")
    # P1
    s.phase = "power"
    yield from start_of_turn(game)
    yield from hooks.start_of_turn(game)
    # P2, P3
    face = yield from magic.power_phase(game)
    if face == 1:
        yield from events.unexpected(game, order(s, c))
    yield from treasure.settle(game)
    check_end(game)
    # W
    s.phase = "warriors"
    yield from hooks.start_of_warriors(game)
    for w in order(s, c):
        if w.status == ACTIVE and w.pos is not None:
            if w.id != "wizard":
                yield from magic.window(game, "W")
                check_end(game)
            yield from warrior_turn(game, w)
            yield from treasure.settle(game)
            check_end(game)
            if w.flags.pop("extra_turn", False) and w.status == ACTIVE:
                game.emit("info", text=f"Time stands still: the {w.name} acts again.")
                yield from warrior_turn(game, w)
                yield from treasure.settle(game)
                check_end(game)
    # M1: rooms first entered this turn, in entry order
    s.phase = "monsters"
    for sid in list(s.entry_order):
        sec = s.sections[sid]
        if sec.event_done:
            continue
        sec.event_done = True
        if sid == s.objective_section:
            yield from hooks.objective_entered(game, order(s, c))
        else:
            inside = [w for w in order(s, c) if w.active and s.section_of(w.pos) == sid]
            if s.adv.get("first_room") is None:
                s.adv["first_room"] = sid
            yield from events.resolve(game, sid, inside, "M1", order(s, c))
    s.entry_order = []
    check_end(game)
    yield from hooks.before_monsters(game)
    yield from magic.window(game, "M")
    yield from monsters_phase(game)
    yield from treasure.settle(game)
    check_end(game)
    yield from hooks.after_monsters(game)
    # E
    s.phase = "exploration"
    yield from exploration.exploration_phase(game)
    # T
    s.phase = "end"
    yield from end_of_turn(game)
    yield from hooks.end_of_turn(game)
    check_end(game)


def start_of_turn(game: Game) -> Procedure:
    """P1: webbed warriors try to break free (D6+S >= 7)."""
    s: State = game.state
    from .stats import strength
    for w in s.heroes():
        if w.active and w.flags.get("webbed"):
            s_val = strength(game.content, w)
            (face,) = yield from roll(game, 1, 6, "whq.spider.web_escape")
            ok = natural_test(face, face + s_val, 7)
            roll_event(game, "whq.spider.web_escape", "1d6", [face], target=7, inputs={"strength": s_val},
                       modifiers={"strength": s_val}, outcome="free" if ok else "stuck",
                       text=f"The {w.name} struggles in the web: {face}+{s_val}, {'free' if ok else 'still stuck'}.")
            if ok:
                w.flags.pop("webbed")


def last_aid(game: Game) -> Procedure:
    """Before the fallen die at the end of the turn, anyone may still heal them: items work at
    any time, and so do the Wizard's non-attack spells (5.6, 5.12)."""
    s: State = game.state
    for w in order(s, game.content):
        if not any(x.status == UNCONSCIOUS for x in s.heroes()):
            return
        if w.status != ACTIVE:
            continue
        if w.id == "wizard":
            yield from magic.window(game, "T")
        seat = s.seat_of[w.id]
        while any(x.status == UNCONSCIOUS for x in s.heroes()):
            opts = [a for a in items.options(game, w)
                    if a.get("item") in items.HEAL_ONE and s.figures[a.get("target")].status == UNCONSCIOUS]
            if not opts:
                break
            opts.append(Action.make(seat, "pass", text=f"the {w.name} does nothing"))
            pick = yield Decision(seat, "A friend is dying: use a healing item?", opts, context={"aid": w.id})
            if pick.kind == "pass":
                break
            yield from items.use(game, w, pick)


def end_of_turn(game: Game) -> Procedure:
    s: State = game.state
    yield from last_aid(game)
    for w in s.heroes():
        if w.status == UNCONSCIOUS:
            w.status = DEAD
            w.pos = None
            game.emit("death", target=w.id, side="hero", text=f"Nobody tended the {w.name}; he dies of his wounds.")
        if not _TURN_MARKS.isdisjoint(w.flags):  # mostly none of them: settled by one look
            for key in _TURN_MARKS_IN_ORDER:
                w.flags.pop(key, None)
        if w.flags.get("levitate") and w.flags["levitate"] < s.turn:
            w.flags.pop("levitate")
    for m in s.monsters():
        m.flags.pop("a_mod", None)
    s.power = 0
    events.check_cave_in(game)
    if s.lantern and s.figures[s.lantern].status not in (ACTIVE, UNCONSCIOUS):
        yield from pass_lantern(game)
    yield from treasure.trades(game)
    hooks_for(game).required_died(game)


# The marks a warrior loses at the end of every turn (spells and items that last the turn).
_TURN_MARKS_IN_ORDER = ("tripped", "ogre_strength", "rebound", "shielded", "invisible", "life_force",
                        "s_mod", "t_mod", "a_mod")
_TURN_MARKS = frozenset(_TURN_MARKS_IN_ORDER)


def pass_lantern(game: Game) -> Procedure:
    s: State = game.state
    living = [w for w in s.heroes() if w.active]
    if not living:
        return
    holder = s.figures[s.lantern]
    if len(living) == 1:  # nobody else could take it: no question
        s.lantern = s.leader = living[0].id
        game.emit("lantern", to=s.lantern, text=f"The {holder.name} is gone; the {living[0].name}, the only one "
                                                "left standing, takes the lantern and leads.")
        check_lost(game)
        return
    seat = s.seat_of[living[0].id]
    opts = [Action.make(seat, "lantern", text=f"the {w.name} takes the lantern", to=w.id) for w in living]
    pick = yield Decision(seat, f"The {holder.name} is gone. Who takes the lantern?", opts)
    s.lantern = s.leader = pick.get("to")
    game.emit("lantern", to=s.lantern, text=f"The {s.figures[s.lantern].name} now carries the lantern and leads.")
    check_lost(game)


def check_end(game: Game) -> None:
    s: State = game.state
    heroes = s.heroes()
    hooks = hooks_for(game)
    hooks.check_end(game)
    # One look over the warriors, asked after every step: mostly settled by the first, out of a
    # pit (then nobody is stuck: `stuck_in_pits` says no at him).
    left = False  # some warrior is still on the board
    for w in heroes:
        if w.pos is not None and w.status in ON_BOARD:
            if not w.flags.get("in_pit"):
                hooks.required_died(game)
                return
            left = True
    if left:
        if hazards.stuck_in_pits(s, heroes):
            # House rule: nothing can change then but the turn count (monsters cannot reach a
            # warrior in a pit), so the adventure fails at once instead of at the turn limit.
            raise GameOver({"outcome": "failure", "why": "Every warrior left is stuck in a pit with nobody to "
                                                          "haul him out: the party cannot go on."})
        hooks.required_died(game)
        return
    if any(w.status == ESCAPED for w in heroes):
        raise GameOver({"outcome": "failure", "why": "The survivors fled the dungeon."})
    raise GameOver({"outcome": "defeat", "why": "No warrior is left standing."})


__all__ = ["LOST", "procedure", "setup"]
