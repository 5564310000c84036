"""Treasure items (spec §2.6): what a hero's items offer in his hero phase (free, or in a move
or attack slot), and using them.  In-play bonuses are read by combat (one item attack bonus
and one item AC bonus per hero, the highest); reactions by combat and `reactions`.

Hook for exploration: `elven_cloak_holder(game, hero_id)` names the player who draws,
places and holds the hero's exploration monster."""
from __future__ import annotations

from typing import Any, Generator

from ...engine.game import Action, Decision, Game
from . import board, combat, decks, placing, powers
from .arrivals import spawn
from .geometry import cell_of
from .levels import become_level_2
from .reactions import monster_arrived
from .state import MONSTER, Figure, State

Proc = Generator[Decision, Action, Any]


def kind(card: str) -> str:
    return decks.kind_of(card)


def _attack_targets(game: Game, h: Figure, tiles: int) -> list[Figure]:
    return board.foes_near(game.state, h, tiles)


def options(game: Game, h: Figure, seat: str, may_move: bool, may_attack: bool) -> list[Action]:
    s: State = game.state
    out: list[Action] = []
    spent_powers = [pid for pid, up in h.powers.items() if not up]
    for card, up in h.items.items():
        item = combat.item_of(game, card)
        k = kind(card)
        if not up:
            continue

        def add(text: str, **args: Any) -> None:
            out.append(Action.make(seat, "item", text=f"{item.name}: {text}", hero=h.id, card=card, **args))
        if item.heal:
            for o in [h] + [o for o in s.heroes() if o is not h and o.up and board.adjacent(s, h, o)]:
                if o.hp < o.max_hp:
                    add(f"{o.name} heals {item.heal}", other=o.id, heal=item.heal)
        elif k == "potion_of_recovery":
            for o in [h] + [o for o in s.heroes() if o is not h and o.on_board and board.adjacent(s, h, o)]:
                for cond in o.conditions:
                    add(f"{o.name} is no longer {cond}", other=o.id, condition=cond)
        elif k == "pearl_of_power":
            for pid in spent_powers:
                add(f"ready {game.content.powers[pid].name}", power=pid)
            for other, o_up in h.items.items():
                if not o_up and other != card:
                    add(f"ready {combat.item_of(game, other).name}", other_card=other)
        elif k == "potion_of_rejuvenation":
            for pid in spent_powers:
                add(f"ready {game.content.powers[pid].name}", power=pid)
        elif k == "potion_of_speed" and powers.ready_to_walk(game, h):
            add("an extra move")
        elif k == "box_of_caltrops":
            add(f"scatter caltrops on {board.tile_label(s, board.cells_of(h)[0])}", tile=list(board.cells_of(h)[0]))
        elif k == "tome_of_experience" and h.level < 2:
            add("reach level 2")
        elif k == "flying_carpet":
            carpet = next((t for t in s.tokens if t["kind"] == "flying_carpet" and t.get("owner") == h.id), None)
            if carpet is None:
                marked = {cell_of(tuple(m["at"])) for m in s.markers.values() if "at" in m}
                for c in powers.cells_within(s, h, 1):
                    if c not in marked:
                        add(f"lay it on {board.tile_label(s, c)}", tile=list(c))
            elif may_move:
                here = cell_of(tuple(carpet["at"]))
                for c in board.lay(s).tile_neighbours(here):
                    add(f"fly to {board.tile_label(s, c)} (uses a move)", tile=list(c), slot="move")
        elif k == "ring_of_shooting_stars" or (k == "throwing_shield" and h.flags.get("shield_thrown") != s.turn):
            for m in _attack_targets(game, h, item.attack.tiles):
                add(f"attack {m.name}", target=m.id)
        elif k == "crossbow_of_speed" and may_move:
            for m in _attack_targets(game, h, item.attack.tiles):
                add(f"shoot {m.name} (uses a move)", target=m.id, slot="move")
        elif k == "wand_of_fear" and may_attack:
            for c in powers.cells_within(s, h, item.tiles or 1):
                if any(c in board.cells_of(m) for m in s.foes()):
                    add(f"scare the monsters on {board.tile_label(s, c)} (uses an attack)", tile=list(c),
                        slot="attack")
        elif k == "wand_of_polymorph" and may_attack:
            for m in board.foes_near(s, h, item.tiles or 2):
                if m.side == MONSTER:
                    add(f"turn the {m.name} into another monster (uses an attack)", target=m.id, slot="attack")
    return out


def _after(game: Game, h: Figure, card: str) -> None:
    item = combat.item_of(game, card)
    if item.after_use == "discard":
        del h.items[card]
        decks.discard(game.state, "treasure", card)
    elif item.after_use == "flip":
        h.items[card] = False


def item_attack(game: Game, h: Figure, card: str, m: Figure) -> Proc:
    item = combat.item_of(game, card)
    ac, acmods = combat.foe_ac(game, m)
    mods = combat.hero_attack_mods(game, h, m)
    hit, face = yield from combat.attack_roll(game, "ash.combat.hero_attack", h.name, m.name, item.attack.bonus, ac,
                                              mods, {"item": kind(card), "ac_modifiers": acmods}, hero=h)
    if face == 20:
        h.flags["natural_20"] = True
    if hit:
        extra = combat.damage_bonus(game, h, m, face)
        yield from combat.damage_foe(game, m, item.attack.damage + sum(extra.values()), h, item.name)
    return hit


def use(game: Game, h: Figure, a: Action) -> Proc:
    s: State = game.state
    card = a.get("card")
    item = combat.item_of(game, card)
    k = kind(card)
    other = s.figures.get(a.get("other") or "")
    target = s.figures.get(a.get("target") or "")
    tile = tuple(a.get("tile")) if a.get("tile") is not None else None
    game.emit("item", hero=h.id, card=card, text=f"{h.name} uses the {item.name}.")
    if item.heal and other is not None:
        combat.heal(game, other, item.heal, item.name)
    elif k == "potion_of_recovery" and other is not None and a.get("condition") in other.conditions:
        other.conditions.remove(a.get("condition"))
        game.emit("condition_ends", hero=other.id, text=f"{other.name} is no longer {a.get('condition')}.")
    elif k in ("pearl_of_power", "potion_of_rejuvenation"):
        if a.get("power"):
            h.powers[a.get("power")] = True
            game.emit("power", hero=h.id, text=f"{game.content.powers[a.get('power')].name} is ready again.")
        elif a.get("other_card"):
            h.items[a.get("other_card")] = True
            game.emit("item", hero=h.id, text=f"The {combat.item_of(game, a.get('other_card')).name} is ready again.")
    elif k == "potion_of_speed":
        yield from placing.move_offer(game, h, None, "Potion of Speed: move where?")
    elif k == "box_of_caltrops" and tile is not None:
        powers.lay_tokens(game, h, "caltrops", tile, item.tokens)
        game.emit("token", hero=h.id, text=f"Caltrops litter {board.tile_label(s, tile)}.")
    elif k == "tome_of_experience":
        _after(game, h, card)
        yield from become_level_2(game, h)
        return
    elif k == "flying_carpet" and tile is not None:
        carpet = next((t for t in s.tokens if t["kind"] == "flying_carpet" and t.get("owner") == h.id), None)
        if carpet is None:
            powers.lay_token(game, h, "flying_carpet", board.lay(s).placement_order(tile)[0])
            game.emit("token", hero=h.id, text=f"The carpet unrolls on {board.tile_label(s, tile)}.")
        else:
            here = cell_of(tuple(carpet["at"]))
            riders = [o for o in board.standing_heroes(s) if here in board.cells_of(o)]
            carpet["at"] = list(board.lay(s).placement_order(tile)[0])
            for o in riders:
                placing.place_on_tile(game, o, tile, "rides the carpet to")
    elif k in ("ring_of_shooting_stars", "throwing_shield", "crossbow_of_speed") and target is not None:
        if k == "throwing_shield":
            h.flags["shield_thrown"] = s.turn
        yield from item_attack(game, h, card, target)
    elif k == "wand_of_fear" and tile is not None:
        for m in [m for m in s.foes() if tile in board.cells_of(m)]:
            dest = yield from placing.choose_cell(game, h, [c for c in powers.cells_within(s, h, 2) if c != tile],
                                                 f"Wand of Fear: where does the {m.name} flee?", f"{m.name} flees to")
            if dest is not None:
                yield from placing.put(game, m, dest, "flees in terror to", h)
    elif k == "wand_of_polymorph" and target is not None:
        yield from polymorph(game, h, target)
    _after(game, h, card)


def polymorph(game: Game, h: Figure, m: Figure) -> Proc:
    """The monster turns into a freshly drawn one; the new card keeps the old card's row place [H D32]."""
    s: State = game.state
    new = yield from decks.draw(game, "monster")
    if new is None:
        game.emit("item", hero=h.id, text="The monster deck is empty: the wand fizzles.")
        return
    sq, cell = m.pos, board.cells_of(m)[0]
    m.pos = None
    game.emit("polymorph", figure=m.id, text=f"The {m.name} twists into something else...")
    still = any(f.card == m.card and f.on_board for f in s.foes())
    for row in s.rows.values():
        if m.card in row:
            k = row.index(m.card)
            if still:
                row.insert(k + 1, new)
            else:
                row[k] = new
                decks.discard(s, "monster", m.card)
            break
    else:
        s.rows[s.active or h.id].append(new)
    figs = spawn(game, new, cell, at=sq)
    for f in figs:
        yield from placing.placed(game, f, h)
    yield from monster_arrived(game, figs)


def elven_cloak_holder(game: Game, hid: str) -> str:
    """The player who draws, places and holds this hero's exploration monster: the one on his
    left when the hero wears a ready Elven Cloak, else himself."""
    s: State = game.state
    h = s.figures[hid]
    if h.hp > 0 and any(up and kind(c) == "elven_cloak" for c, up in h.items.items()) and len(s.party) > 1:
        return s.left_of(hid)
    return hid
