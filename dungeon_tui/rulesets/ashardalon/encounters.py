"""Encounter cards (spec §2.5, §5.7, §5.9): draw, the offer to cancel with experience, then
curses, environments, events, event-attacks, hazards and traps."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.dice import roll_event, shuffled
from ...engine.effects import Effects
from ...engine.game import Action, Decision, Game, Procedure
from ...engine.words import counted
from . import board, combat, decks
from .adventures import adventure_encounter
from .arrivals import claim_leap_square, long_hallway_extra, new_monster, place_tile
from .blows import attack_hero
from .chambers import entered
from .choosing import closest, closest_edge_cell, fixed_order, pick, reading
from .choosing import edges as named_edges
from .dungeon import Ctx, move_tiles, step_adjacent
from .geometry import cell_of
from .placing import place_on_tile
from .reactions import active_hero_swap, encounter_cost_discount
from .spending import can_spend, spending_choice
from .state import MONSTER, Figure, State

CANCEL_COST = 5


def cancel_cost(game: Game, hero: Figure) -> int:
    """5 XP, less Perseverance's discount when its owner plays it."""
    return CANCEL_COST


def encounter(game: Game, depth: int = 0) -> Procedure:
    """V1: draw one encounter card, offer to cancel it, resolve it ("draw another" repeats)."""
    s: State = game.state
    c = game.content
    card = yield from decks.draw(game, "encounter")
    if card is None:
        game.emit("encounter", text="The encounter deck is empty.")
        return
    h = s.figures[s.active_id]
    if card in c.adventure_encounters:
        yield from adventure_encounter(game, card, h)
        return
    e = c.encounters[card]
    game.emit("encounter", card=card, type=e.type, text=f"Encounter: {e.name} ({e.type.replace('_', '-')}). {e.text}")
    s.drawn.append(card)
    if (yield from offer_cancel(game, h, card)):
        s.drawn.remove(card)
        return
    h = yield from active_hero_swap(game, card)  # One for the Team, after the cancel decision [H D31]
    again = yield from resolve(game, card, h)
    s.drawn.remove(card)
    if again and depth < 20:
        yield from encounter(game, depth + 1)


def offer_cancel(game: Game, hero: Figure, card: str) -> Procedure:
    s: State = game.state
    cost = max(0, cancel_cost(game, hero) - (yield from encounter_cost_discount(game)))  # Perseverance
    if not can_spend(game, cost):
        return False
    seat = s.seat_of[s.active_id]
    name = game.content.encounters[card].name
    a = yield spending_choice(game, seat, "cancel", cost, f"Cancel {name} for {cost} XP?",
                              lambda xp: f"Cancel {name}: " + (f"spend {xp} XP" if xp else "free"),
                              f"Let {name} happen",
                              {"encounter": card, "type": game.content.encounters[card].type})
    if a.get("values") is None:
        return False
    spent = combat.spend(game, tuple(a.get("values")))
    decks.discard(s, "encounter", card)
    game.emit("cancel", card=card, spent=spent, text=f"{name} is cancelled for {sum(a.get('values'))} XP.")
    return True


# encounter card id -> its effect(game, card, active hero), which returns whether another card is
# drawn (encounter_cards registers every card of encounters.yaml).
ENCOUNTERS: Effects[Callable[..., Procedure]] = Effects("encounter card")


def resolve(game: Game, card: str, hero: Figure) -> Procedure:
    """Carry out an encounter; returns whether another is drawn."""
    return (yield from ENCOUNTERS[card].run(game, card, hero))


def place_marker(game: Game, card: str, hero: Figure) -> bool:
    """A hazard or trap: its marker on the active hero's square, the card to his player's row;
    a tile already holding an encounter marker sends this card away and draws another.  With
    the active hero off the board the card has nothing to stand on and is discarded (FAQ)."""
    s: State = game.state
    name = game.content.encounters[card].name
    if not hero.on_board:
        decks.discard(s, "encounter", card)
        game.emit("no_effect", card=card, text=f"{hero.name} is off the board: {name} has no effect.")
        return False
    here = cell_of(hero.at)
    if here in marker_cells(s):
        decks.discard(s, "encounter", card)
        game.emit("encounter", text="This tile already has an encounter marker: another card is drawn.")
        return True
    s.markers[card] = {"at": list(hero.at)}
    s.rows[s.active_id].append(card)
    game.emit("marker", card=card, at=list(hero.at), text=f"{name} is set on {board.tile_label(s, here)}.")
    return False


def marker_cells(s: State) -> set[Any]:
    """Tiles holding an encounter marker (lava markers count too)."""
    cells = {cell_of(tuple(m["at"])) for m in s.markers.values()}
    return cells | {cell_of(tuple(x["at"])) for m in s.markers.values() for x in m.get("lava", [])}


# -- choices of the active hero's seat (§5.7, §6.2) ------------------------------------------

def choose(game: Game, kind: str, prompt: str, items: list[Any], show: Callable[[Any], str]) -> Procedure:
    """A real choice inside a card, made by the active hero's seat; one item needs no asking."""
    s: State = game.state
    if not items:
        return None
    if len(items) == 1 or s.active is None:
        return items[0]
    seat = s.seat_of[s.active]
    options = [Action.make(seat, kind, text=show(x), pick=k) for k, x in enumerate(items)]
    # The items themselves ride along for a companion to weigh (a decision's context is not recorded).
    a = yield Decision(seat, prompt, options, context={"choice": kind, "picks": items})
    return items[a.get("pick")]


def event_attack(game: Game, card: str, h: Figure) -> Procedure:
    """The card's attack at each hero it names, in the fixed order; returns the heroes attacked."""
    s: State = game.state
    e = game.content.encounters[card]
    heroes = board.standing_heroes(s)
    if e.targets == "active_hero":
        victims = [h] if h.up else []
    elif e.targets == "tile":
        victims = [o for o in heroes if h.on_board and board.same_tile(h, o)]
    elif e.targets == "active_and_within_1":
        victims = [o for o in heroes if h.on_board and board.figure_tiles(s, h, o) <= 1]
    else:
        victims = heroes
    victims = fixed_order(s, victims)
    for v in victims:
        yield from attack_hero(game, "ash.encounter.attack", e.name, v, e.attack, card=card)
    return victims


def blast_away(game: Game, victims: list[Figure]) -> Procedure:
    """Concussive Blast: each hero struck is put on a tile next to his own, chosen by the
    active hero's seat (a tile with no free square cannot take him)."""
    s: State = game.state
    for v in victims:
        lay = board.lay(s)
        near = [c for c in reading(lay.tile_neighbours(cell_of(v.at))) if board.place_square(s, c, but=v) is not None]
        cell = yield from choose(game, "blast", f"Concussive Blast: where does {v.name} land?", near,
                                 lambda c: f"{v.name} onto {board.tile_label(s, c)}")  # noqa: B023 (used at once)
        if cell is not None:
            place_on_tile(game, v, cell, "is thrown onto")


def sentries_advance(game: Game) -> Procedure:
    """Blinding Bomb: each Sentry moves 1 tile toward the closest tile with an unexplored edge."""
    s: State = game.state
    for m in s.foes():
        table = game.content.monsters if m.side == MONSTER else game.content.villains
        if m.on_board and "Sentry" in table[m.kind].keywords:
            yield from move_tiles(game, Ctx(game, m, {}), "closest_unexplored_edge_tile", 1)


def new_monster_on(game: Game, cell: Any) -> Procedure:
    """A new monster for the active player on a tile, or on the square his time-leaping hero
    left (which also serves when the card names the absent hero's tile)."""
    s: State = game.state
    sq = claim_leap_square(game, s.active) if s.active else None
    if sq is not None:
        cell = cell_of(sq)
    if cell is None:
        return None
    card = yield from new_monster(game, cell, s.active_id)
    if card is not None and sq is not None:
        figs = [f for f in s.foes() if f.card == card]
        if figs and board.free(s, sq):
            f = max(figs, key=lambda x: x.order)
            f.pos = sq
            game.emit("place", figure=f.id, to=list(sq), text=f"{f.name} takes the square Time Leap left empty.")
    return card


def thief(game: Game, hero: Figure) -> Procedure:
    """Thief in the Dark: the active hero discards a treasure card of his choice, else a gold
    token (the one named in hero.flags["gold_tokens"] when that list is kept, else 100 gold)."""
    s: State = game.state
    if hero.items:
        lost = yield from choose(game, "thief", f"Thief in the Dark: which treasure does {hero.name} lose?",
                                 sorted(hero.items), lambda x: combat.item_of(game, x).name)
        del hero.items[lost]
        decks.discard(s, "treasure", lost)
        game.emit("thief", hero=hero.id, text=f"A thief takes {combat.item_of(game, lost).name} from {hero.name}.")
    elif hero.gold:
        tokens = hero.flags.get("gold_tokens")
        if tokens:
            value = yield from choose(game, "thief", f"Thief in the Dark: which gold token does {hero.name} lose?",
                                      sorted(set(tokens), key=int), lambda v: f"{v} gold")
            tokens.remove(value)
            lost_gold = int(value)
        else:
            lost_gold = min(hero.gold, 100)
        hero.gold -= lost_gold
        game.emit("thief", hero=hero.id, text=f"A thief takes a {lost_gold} gold token from {hero.name}.")


def sift_monsters(game: Game, keyword: str, why: str) -> Procedure:
    """Draw 5 monster cards: those with the keyword go back on top, shuffled; the rest are discarded."""
    s: State = game.state
    drawn = []
    for _ in range(5):
        card = yield from decks.draw(game, "monster")
        if card is None:
            break
        drawn.append(card)
        s.drawn.append(card)  # face up on the table until they are sorted (a reshuffle may come first)
    keep = [x for x in drawn if keyword in game.content.monsters[decks.kind_of(x)].keywords]
    for x in drawn:
        if x not in keep:
            s.drawn.remove(x)
            decks.discard(s, "monster", x)
    order = yield from shuffled(game, keep, "ash.deck.shuffle.monster")
    for x in keep:
        s.drawn.remove(x)
    decks.put_on_top(s, "monster", order)
    keep = order
    goes = "goes" if len(keep) == 1 else "go"
    game.emit("sift", text=f"{why}: {counted(len(keep), keyword + ' card')} {goes} on top of the monster deck, "
                           f"{len(drawn) - len(keep)} discarded.")


SIDE_ORDER = {"N": 0, "E": 1, "S": 2, "W": 3}


def bottom_tile_near(game: Game, figure: Figure) -> Procedure:
    """The bottom dungeon tile at the unexplored edge closest to a figure (ties §6.2), with a new
    monster; returns (placed tile or None, the cell the monster went to).  An empty stack skips
    the tile and its monster goes where it would have joined; no unexplored edge anywhere: the
    figure's own tile (§5.7)."""
    s: State = game.state
    if not figure.on_board:
        return None, None
    lay = board.lay(s)
    dist = lay.tile_distances(board.cells_of(figure))
    edges = sorted((e for e in lay.unexplored_edges() if e[0] in dist),
                   key=lambda e: (e[0][1], e[0][0], SIDE_ORDER.get(e[1], 4)))
    if not edges:
        cell = board.cells_of(figure)[0]
        yield from new_monster_on(game, cell)
        return None, cell
    cell, side = yield from pick(game, edges, lambda e: dist[e[0]], "the closest unexplored edge", named_edges(s))
    placed = None
    if s.decks.get("dungeon"):
        tile = yield from decks.draw(game, "dungeon", bottom=True)
        placed = place_tile(game, tile, cell, side)
        if placed is None:
            s.decks["dungeon"].append(tile)  # it does not fit: back under the stack
    else:
        game.emit("stack_empty", text="The dungeon stack is empty: the monster comes by the edge instead.")
    new = []
    if placed is not None:
        new = yield from long_hallway_extra(game, placed, bottom=True)
    target = new[-1].cells[0] if new else cell
    if not new or not new[-1].tile.endswith("_entrance"):
        yield from new_monster_on(game, target)
    if new:
        yield from entered(game, new)
    return placed, target


def pass_cards(game: Game, players: list[str]) -> Procedure:
    """Each named player hands one held monster card to the player on his right."""
    s: State = game.state
    moves = []
    for p in players:
        row = [x for x in s.rows[p] if x not in game.content.encounters]
        if not row:
            continue
        card = row[0]
        if len(row) > 1:
            seat = s.seat_of[p]
            options = [Action.make(seat, "pass_card", text=f"Pass {game.content.monsters[decks.kind_of(x)].name}",
                                   card=x) for x in row]
            a = yield Decision(seat, f"{s.figures[p].name}: which monster card passes right?", options,
                               context={"figure": p})
            card = a.get("card")
        moves.append((p, card))
    for p, card in moves:
        right = s.right_of(p)
        s.rows[p].remove(card)
        s.rows[right].append(card)
        game.emit("pass_card", card=card, text=f"{s.figures[p].name} passes "
                                               f"{game.content.monsters[decks.kind_of(card)].name} "
                                               f"to {s.figures[right].name}.")


def end_roll(game: Game, hero: Figure, curse: str) -> Procedure:
    """d20, 10 or more ends the curse (ash.curse.end_roll)."""
    face = yield from combat.d20(game, "ash.curse.end_roll")
    ok = face >= 10
    name = game.content.encounters[curse].name
    roll_event(game, "ash.curse.end_roll", "1d20", (face,), target=10, outcome="pass" if ok else "fail",
               text=f"{hero.name} tries to shake off {name}: d20 {face} vs 10: " + ("it ends" if ok else "it stays"))
    if ok:
        combat.end_curse(game, hero, curse)


def after_exploration(game: Game, hero: Figure) -> Procedure:
    """E3: wrath_of_the_enemy on the active hero, then surrounded (§4)."""
    s: State = game.state
    if "wrath_of_the_enemy" in hero.curses:
        if hero.on_board:
            far = [m for m in s.foes() if not board.same_tile(m, hero)]
            m = yield from closest(game, hero, far, "closest monster")
            if m is not None:
                yield from step_adjacent(game, m, hero)
        yield from end_roll(game, hero, "wrath_of_the_enemy")
    if s.environment == "surrounded":
        for o in fixed_order(s, [x for x in s.heroes() if x.on_board]):
            if any(x not in game.content.encounters for x in s.rows[o.id]):
                continue
            cell = yield from closest_edge_cell(game, o)
            if cell is not None:
                game.emit("surrounded", hero=o.id, text=f"Surrounded! {o.name} holds no monster card and draws one.")
                yield from new_monster(game, cell, o.id)


def slot_options(game: Game, h: Figure, seat: str) -> list[Action]:
    """Attack-slot uses an encounter offers: forcing a cage open (§2.5 cage), the prisoner's
    own or that of a hero on his tile."""
    s: State = game.state
    if not h.on_board:
        return []
    out = []
    for o in s.heroes():
        if "cage" in o.curses and o.on_board and (o is h or board.same_tile(h, o)):
            who = "your" if o is h else f"{o.name}'s"
            out.append(Action.make(seat, "open_cage", text=f"Force {who} cage open (d20, 10+)", hero=h.id,
                                   other=o.id))
    return out


def use_slot(game: Game, hero: Figure, a: Action) -> Procedure:
    """An attack slot spent on a cage: d20 10+ opens it (ash.curse.cage_open)."""
    s: State = game.state
    if a.kind != "open_cage":
        return
    o = s.figures[a.get("other")]
    face = yield from combat.d20(game, "ash.curse.cage_open")
    ok = face >= 10
    roll_event(game, "ash.curse.cage_open", "1d20", (face,), target=10, outcome="pass" if ok else "fail",
               inputs={"hero": hero.id, "prisoner": o.id},
               text=f"{hero.name} forces {o.name}'s cage: d20 {face} vs 10: " + ("it opens" if ok else "it holds"))
    if ok:
        combat.end_curse(game, o, "cage")


def treasure_token_value(game: Game, value: Any = None) -> Any:
    """What a treasure token turns out to be: its own value, or (value None) the top of the
    token bag.  Under Dragon's Tribute a second token is drawn and the higher is discarded, an
    item counting higher than any gold.  heroes.pick_up should read a token through this."""
    s: State = game.state
    bag = s.decks.setdefault("treasure_tokens", [])
    if value is None:
        if not bag:
            return None
        value = bag.pop(0)
    if s.environment != "dragons_tribute" or not bag:
        return value
    other = bag.pop(0)

    def rank(v: Any) -> tuple[int, int]:
        return (1, 0) if v == "item" else (0, int(v))

    keep, drop = sorted([value, other], key=rank)
    s.discards.setdefault("treasure_tokens", []).append(drop)
    show = {v: "an item" if v == "item" else f"{v} gold" for v in (keep, drop)}
    game.emit("tribute", kept=keep, dropped=drop,
              text=f"Dragon's Tribute: two tokens, {show[keep]} and {show[drop]}; the dragon takes {show[drop]}.")
    return keep
