"""Gold after combat and Treasure cards shared fairly (5.10)."""
from __future__ import annotations

from typing import Any

from ...engine.dice import draw, roll, roll_event
from ...engine.game import Action, Decision, Game, Procedure
from .sight import check_lost
from .state import Figure, State
from .words import a, counted


# Cards found with charges (use: charges): a D6 rolled when found, or a fixed number.
CHARGES_WHEN_FOUND: dict[str, str | int] = {"arrows_of_death": "D6", "orb_of_might": "D6", "shield_of_deliverance": 2}


def draw_treasure(game: Game) -> Procedure:
    s: State = game.state
    if not s.treasure_deck:
        if not s.treasure_discard:
            game.emit("info", text="The Treasure deck is empty.")
            return None
        s.treasure_deck, s.treasure_discard = sorted(s.treasure_discard), []
    names = tuple(game.content.treasure[t].name for t in s.treasure_deck)
    i = yield from draw(game, len(s.treasure_deck), "whq.treasure.draw", names)
    return s.treasure_deck.pop(i)


def eligible(state: State) -> list[Figure]:
    """Warriors with the fewest cards received this adventure."""
    living = [w for w in state.heroes() if w.on_board]
    if not living:
        return []
    low = min(w.received for w in living)
    return [w for w in living if w.received == low]


def give_cards(game: Game, n: int) -> Procedure:
    s: State = game.state
    for _ in range(n):
        card_id = yield from draw_treasure(game)
        if card_id is None:
            return
        card = game.content.treasure[card_id]
        pool = eligible(s)
        if not pool:
            s.treasure_discard.append(card_id)
            return
        leader = s.figures.get(s.leader)
        seat = s.seat_of[leader.id] if leader and leader.on_board else s.seat_of[pool[0].id]
        if len(pool) == 1:
            w = pool[0]
        else:
            opts = [Action.make(seat, "give", text=f"give {card.name} to the {w.name}", card=card_id,
                                to=w.id) for w in pool]
            pick = yield Decision(seat, f"Treasure: {card.name}. Who takes it?", opts, context={"card": card_id})
            w = s.figures[pick.get("to")]
        w.received += 1
        entry: dict[str, Any] = {"id": card_id}
        if card.use == "gold":
            w.gold += card.value
            s.treasure_discard.append(card_id)
            game.emit("treasure", card=card_id, to=w.id, text=f"The {w.name} finds {a(card.name)}: {card.value} gold.")
            continue
        charges = CHARGES_WHEN_FOUND.get(card_id)
        if charges == "D6":
            rule = f"whq.item.{card_id}"
            (face,) = yield from roll(game, 1, 6, rule)
            roll_event(game, rule, "1d6", [face], outcome=face,
                       text=f"The {card.name} holds {counted(face, 'charge')}.")
            entry["charges"] = face
        elif charges is not None:
            entry["charges"] = charges
        w.treasure.append(entry)
        game.emit("treasure", card=card_id, to=w.id, text=f"The {w.name} takes the {card.name}: {card.text}")


def board_clear(state: State) -> bool:
    return not state.any_monster()  # only the monsters active on the board


def settle(game: Game) -> Procedure:
    """When no monster is left the combat ends: kills become gold, berserk ends, treasure is drawn."""
    s: State = game.state
    if not board_clear(s):
        return
    for w in s.heroes():
        if w.pending_gold:
            w.gold += w.pending_gold
            game.emit("gold", target=w.id, amount=w.pending_gold,
                      text=f"The {w.name} collects {w.pending_gold} gold from his kills.")
            w.pending_gold = 0
        w.kills = 0
        w.flags.pop("berserk", None)
        w.flags.pop("berserk_tried", None)
    if s.treasure_owed:
        owed, s.treasure_owed = s.treasure_owed, 0
        yield from give_cards(game, owed)


def holdings(state: State, living: list[Figure]) -> list[Any]:
    """What a trade could change, as plain data: who holds what, who is hurt, who has the lantern."""
    return [[w.id, w.wounds < w.max_wounds, sorted(c["id"] for c in w.treasure), sorted(w.equipment)]
            for w in living] + [state.lantern]


def trades(game: Game) -> Procedure:
    """End of turn: with no monster about, the party may pass cards, equipment and the lantern
    between warriors (5.3, 5.4).  The leader's seat enters what the table agrees."""
    s: State = game.state
    if s.any_monster():
        return
    living = [w for w in s.heroes() if w.active]
    if len(living) < 2 or s.leader not in s.seat_of:
        return
    seat = s.seat_of[s.leader]
    # Asked again only when something the party might pass around has changed since it last
    # said "no more trades": a find, a fall, a wound, a new lantern bearer.
    if s.adv.get("trades_seen") == holdings(s, living):
        if s.news("trades", str(s.adv["trades_seen"])):
            game.emit("info", text="Nothing has changed hands or hurt anyone since the last trades: the party "
                                   "goes on without asking again.")
        return
    for _ in range(20):
        opts = []
        for giver in living:
            # The Wizard's scroll stays his; the lantern is offered on its own below.
            things = [c["id"] for c in giver.treasure] + [e for e in giver.equipment if e in ("rope", "healing_potion")]
            for thing in dict.fromkeys(things):
                name = game.content.treasure[thing].name if thing in game.content.treasure else thing.replace("_", " ")
                for taker in living:
                    if taker is not giver:
                        opts.append(Action.make(seat, "trade",
                                                text=f"the {giver.name} gives the {name} to the {taker.name}",
                                                frm=giver.id, to=taker.id, item=thing))
        for taker in living:
            if taker.id != s.lantern:
                opts.append(Action.make(seat, "trade", text=f"the lantern passes to the {taker.name}", to=taker.id,
                                        item="lantern"))
        if not opts:
            return
        opts.append(Action.make(seat, "done", text="no more trades"))
        pick = yield Decision(seat, "End of turn: any trades?", opts)
        if pick.kind == "done":
            s.adv["trades_seen"] = holdings(s, living)
            return
        taker = s.figures[pick.get("to")]
        item = pick.get("item")
        if item == "lantern":
            s.lantern = s.leader = taker.id
            seat = s.seat_of[taker.id]
            game.emit("lantern", to=taker.id, text=f"The {taker.name} takes the lantern and leads.")
            check_lost(game)
            continue
        giver = s.figures[pick.get("frm")]
        card = next((c for c in giver.treasure if c["id"] == item), None)
        if card is not None:
            giver.treasure.remove(card)
            taker.treasure.append(card)
        else:
            giver.equipment.remove(item)
            taker.equipment.append(item)
        game.emit("trade", frm=giver.id, to=taker.id, item=item,
                  text=f"The {giver.name} hands the {item.replace('_', ' ')} to the {taker.name}.")
