"""Encounter cards (spec §2.5, §5.7, §5.9): draw, the offer to cancel with experience, then
curses, environments, events, event-attacks, hazards and traps."""
from __future__ import annotations

from typing import Any, Generator

from ...engine.dice import roll_event
from ...engine.game import Action, Decision, Game
from . import board, combat, decks
from .geometry import cell_of
from .state import MONSTER, Figure, State

Proc = Generator[Decision, Action, Any]
CANCEL_COST = 5


def cancel_cost(game: Game, h: Figure) -> int:
    """5 XP, less Perseverance's discount when its owner plays it."""
    return CANCEL_COST


def encounter(game: Game, depth: int = 0) -> Proc:
    """V1: draw one encounter card, offer to cancel it, resolve it ("draw another" repeats)."""
    s: State = game.state
    c = game.content
    card = yield from decks.draw(game, "encounter")
    if card is None:
        game.emit("encounter", text="The encounter deck is empty.")
        return
    h = s.figures[s.active]
    if card in c.adventure_encounters:
        from .adventures import adventure_encounter
        yield from adventure_encounter(game, card, h)
        return
    e = c.encounters[card]
    game.emit("encounter", card=card, type=e.type, text=f"Encounter: {e.name} ({e.type.replace('_', '-')}). {e.text}")
    s.drawn.append(card)
    if (yield from offer_cancel(game, h, card)):
        s.drawn.remove(card)
        return
    again = yield from resolve(game, card, h)
    s.drawn.remove(card)
    if again and depth < 20:
        yield from encounter(game, depth + 1)


def offer_cancel(game: Game, h: Figure, card: str) -> Proc:
    s: State = game.state
    cost = cancel_cost(game, h)
    sets = combat.spend_sets(game, cost)
    if not sets:
        return False
    seat = s.seat_of[s.active]
    name = game.content.encounters[card].name
    options = [Action.make(seat, "cancel", text=f"Cancel {name}: spend {'+'.join(map(str, v))} XP", values=list(v))
               for v in sets]
    options.append(Action.make(seat, "cancel", text=f"Let {name} happen", values=None))
    a = yield Decision(seat, f"Cancel {name} for {cost} XP?", options,
                       context={"encounter": card, "type": game.content.encounters[card].type})
    if a.get("values") is None:
        return False
    spent = combat.spend(game, tuple(a.get("values")))
    decks.discard(s, "encounter", card)
    game.emit("cancel", card=card, spent=spent, text=f"{name} is cancelled for {sum(a.get('values'))} XP.")
    return True


def resolve(game: Game, card: str, h: Figure) -> Proc:
    """Carry out an encounter; returns whether another is drawn."""
    s: State = game.state
    e = game.content.encounters[card]
    if e.type == "curse":
        if card in h.curses or not h.on_board:
            decks.discard(s, "encounter", card)
            return False
        h.curses.append(card)
        game.emit("curse", hero=h.id, card=card, text=f"{h.name} is cursed: {e.name}.")
        if card == "time_leap":
            h.lifted = True
            game.emit("lifted", hero=h.id, text=f"{h.name} vanishes from the board until his next turn.")
        return False
    if e.type == "environment":
        if s.environment is not None:
            decks.discard(s, "encounter", s.environment)
        s.environment = card
        game.emit("environment", card=card, text=f"The environment is now {e.name}.")
        return False
    if e.type in ("hazard", "trap"):
        return place_marker(game, card, h)
    if e.type == "event_attack":
        yield from event_attack(game, card, h)
    else:
        yield from event(game, card, h)
    decks.discard(s, "encounter", card)
    return e.draw_another


def place_marker(game: Game, card: str, h: Figure) -> bool:
    """A hazard or trap: its marker on the active hero's square, the card to his player's row;
    a tile already holding an encounter marker sends this card away and draws another."""
    s: State = game.state
    if not h.on_board:
        decks.discard(s, "encounter", card)
        return True
    here = cell_of(h.pos)
    if any(cell_of(tuple(m["at"])) == here for m in s.markers.values()):
        decks.discard(s, "encounter", card)
        game.emit("encounter", text="This tile already has an encounter marker: another card is drawn.")
        return True
    s.markers[card] = {"at": list(h.pos)}
    if card == "lava_flow":
        s.markers[card]["lava"] = [{"at": list(h.pos)}]
    s.rows[s.active].append(card)
    game.emit("marker", card=card, at=list(h.pos), text=f"{game.content.encounters[card].name} is set on "
                                                         f"{board.tile_label(s, here)}.")
    return False


def event_attack(game: Game, card: str, h: Figure) -> Proc:
    s: State = game.state
    e = game.content.encounters[card]
    heroes = [o for o in board.standing_heroes(s)]
    if e.targets == "active_hero":
        victims = [h] if h.up else []
    elif e.targets == "tile":
        victims = [o for o in heroes if h.on_board and board.same_tile(h, o)]
    elif e.targets == "active_and_within_1":
        victims = [o for o in heroes if h.on_board and board.figure_tiles(s, h, o) <= 1]
    else:
        victims = heroes
    from .dungeon import fixed_order
    for v in fixed_order(s, victims):
        yield from combat.attack_hero(game, "ash.encounter.attack", e.name, v, e.attack)
    if card == "lurkers_strike" and h.on_board:
        yield from new_monster_on(game, cell_of(h.pos))
    elif card == "trip_wire":
        yield from new_monster_on(game, closest_edge_cell(game, h))
    elif card == "concussive_blast":
        for v in victims:
            near = board.lay(s).tile_neighbours(cell_of(v.pos)) if v.on_board else []
            if near:
                from .powers import place_on_tile
                place_on_tile(game, v, near[0], "is thrown onto")


def closest_edge_cell(game: Game, h: Figure) -> Any:
    """The tile with an unexplored edge closest to a hero (his own tile when none is left)."""
    s: State = game.state
    lay = board.lay(s)
    cells = sorted({c for c, _ in lay.unexplored_edges()}, key=lambda c: (c[1], c[0]))
    if not h.on_board:
        return cells[0] if cells else None
    dist = lay.tile_distances(board.cells_of(h))
    cells = [c for c in cells if c in dist]
    if not cells:
        return cell_of(h.pos)
    return min(cells, key=lambda c: dist[c])


def new_monster_on(game: Game, cell: Any) -> Proc:
    s: State = game.state
    if cell is None:
        return
    from .exploration import new_monster
    yield from new_monster(game, cell, s.active)


def event(game: Game, card: str, h: Figure) -> Proc:
    s: State = game.state
    c = game.content
    e = c.encounters[card]
    if card in ("unbearable_heat",):
        for o in board.standing_heroes(s):
            yield from combat.hurt(game, o, e.damage, e.name)
    elif card == "deadly_poison":
        for o in board.standing_heroes(s):
            if "poisoned" in o.conditions:
                yield from combat.hurt(game, o, e.damage, e.name)
    elif e.monster_keyword is not None:
        yield from sift_monsters(game, e.monster_keyword, e.name)
        if card == "spotted" and h.on_board:
            yield from bottom_tile_near(game, h)
    elif card == "frenzied_leap":
        here = [m for m in s.foes() if h.on_board and board.same_tile(h, m)]
        if here:
            yield from combat.hurt(game, h, e.damage, e.name)
        else:
            yield from new_monster_on(game, closest_edge_cell(game, h))
    elif card == "wandering_monster":
        yield from new_monster_on(game, closest_edge_cell(game, h))
    elif card == "hidden_treasure":
        from .exploration import drop_treasure_token
        empty = [cl for cl in sorted(board.lay(s).cell_tile, key=lambda q: (q[1], q[0]))
                 if not any(o.on_board and cl in board.cells_of(o) for o in s.heroes())]
        if empty:
            drop_treasure_token(game, empty[0])
    elif card == "lost":
        if s.decks.get("dungeon"):
            s.decks["dungeon"].insert(0, s.decks["dungeon"].pop())
            game.emit("lost", text="The bottom dungeon tile moves to the top of the stack.")
    elif card == "occupied_lair" and h.on_board:
        placed = yield from bottom_tile_near(game, h)
        if placed is not None:
            from .exploration import drop_treasure_token
            drop_treasure_token(game, placed.cells[0])
    elif card == "scream_of_the_sentry":
        foes = [m for m in s.foes() if m.side == MONSTER]
        if foes:
            yield from bottom_tile_near(game, foes[0])
    elif card == "quick_advance":
        far = [m for m in s.foes() if not any(o.on_board and board.same_tile(m, o) for o in s.heroes())]
        if far and h.on_board:
            from .dungeon import Ctx, move_tiles
            ctx = Ctx(game, far[0], {}, pool=[h])
            yield from move_tiles(game, ctx, "closest_hero", 1)
    elif card == "revel_in_destruction":
        hurt = [m for m in s.foes() if m.hp < m.max_hp]
        if hurt:
            hurt[0].hp += 1
            game.emit("heal", figure=hurt[0].id, text=f"{hurt[0].name} regains 1 HP.")
    elif card == "thief_in_the_dark":
        if h.items:
            lost = sorted(h.items)[0]
            del h.items[lost]
            decks.discard(s, "treasure", lost)
            game.emit("thief", hero=h.id, text=f"A thief takes {combat.item_of(game, lost).name} from {h.name}.")
        elif h.gold:
            h.gold = 0
            game.emit("thief", hero=h.id, text=f"A thief takes {h.name}'s gold.")
    elif card == "warp_in_time":
        yield from pass_cards(game, list(s.party))
    elif card == "ancient_spirits_blessing":
        for o in s.heroes():
            down = [p for p, up in o.powers.items() if not up and c.powers[p].type == "daily"]
            if down:
                o.powers[down[0]] = True
                game.emit("power", hero=o.id, text=f"{o.name}'s {c.powers[down[0]].name} is ready again.")
                break


def sift_monsters(game: Game, keyword: str, why: str) -> Proc:
    """Draw 5 monster cards: those with the keyword go back on top, shuffled; the rest are discarded."""
    s: State = game.state
    drawn = []
    for _ in range(5):
        card = yield from decks.draw(game, "monster")
        if card is None:
            break
        drawn.append(card)
    keep = [x for x in drawn if keyword in game.content.monsters[decks.kind_of(x)].keywords]
    for x in drawn:
        if x not in keep:
            decks.discard(s, "monster", x)
    from ...engine.dice import shuffled
    s.drawn.extend(keep)  # face up on the table while the chance seat shuffles them
    keep = yield from shuffled(game, keep, "ash.deck.shuffle.monster")
    del s.drawn[len(s.drawn) - len(keep):]
    decks.put_on_top(s, "monster", keep)
    game.emit("sift", text=f"{why}: {len(keep)} {keyword} card(s) go on top of the monster deck, "
                           f"{len(drawn) - len(keep)} discarded.")


def bottom_tile_near(game: Game, f: Figure) -> Proc:
    """The bottom dungeon tile at the unexplored edge closest to a figure, with a new monster."""
    s: State = game.state
    lay = board.lay(s)
    edges = lay.unexplored_edges()
    if not edges or not s.decks.get("dungeon"):
        return None
    dist = lay.tile_distances(board.cells_of(f))
    edges = [e for e in edges if e[0] in dist]
    if not edges:
        return None
    cell, side = min(edges, key=lambda e: dist[e[0]])
    tile = yield from decks.draw(game, "dungeon", bottom=True)
    from .exploration import new_monster, place_tile
    placed = place_tile(game, tile, cell, side)
    if placed is not None:
        yield from new_monster(game, placed.cells[0], s.active)
    return placed


def pass_cards(game: Game, players: list[str]) -> Proc:
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
        right = s.party[(s.party.index(p) - 1) % len(s.party)]
        s.rows[p].remove(card)
        s.rows[right].append(card)
        game.emit("pass_card", card=card, text=f"{s.figures[p].name} passes "
                                               f"{game.content.monsters[decks.kind_of(card)].name} to {s.figures[right].name}.")


def end_roll(game: Game, h: Figure, curse: str) -> Proc:
    """d20, 10 or more ends the curse (ash.curse.end_roll)."""
    face = yield from combat.d20(game, "ash.curse.end_roll")
    ok = face >= 10
    name = game.content.encounters[curse].name
    roll_event(game, "ash.curse.end_roll", "1d20", (face,), target=10, outcome="pass" if ok else "fail",
               text=f"{h.name} tries to shake off {name}: d20 {face} vs 10: " + ("it ends" if ok else "it stays"))
    if ok:
        combat.end_curse(game, h, curse)


def after_exploration(game: Game, h: Figure) -> Proc:
    """E3: wrath_of_the_enemy on the active hero, then surrounded (§4)."""
    yield from ()


def slot_options(game: Game, h: Figure, seat: str) -> list[Action]:
    """Attack-slot uses an encounter offers: forcing a cage open (§2.5 cage)."""
    return []


def use_slot(game: Game, h: Figure, a: Action) -> Proc:
    yield from ()
