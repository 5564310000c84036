"""Using equipment and Treasure cards in a warrior's turn (2.1, 2.6; timings D33)."""
from __future__ import annotations

from typing import Any, Generator

from ...engine.dice import roll, roll_event
from ...engine.game import Action, Decision, Game
from .combat import damage_monster, damage_warrior, heal
from .rolls import dice_value
from .magic import affordable, pay
from .sight import adjacent_monsters, sees
from .state import ACTIVE, UNCONSCIOUS, Figure, State

Proc = Generator[Decision, Action, Any]

HEAL_ONE = {"healing_potion": None, "potion_of_healing": "2D6", "healing_salve": "2D6"}
SELF = ("magic_potion", "potion_of_strength", "potion_of_toughness", "invisibility_ring", "lucky_talisman",
        "incense_of_healing", "flash_powder", "hell_mace", "time_freezing_ring", "amulet_of_power")
AT_MONSTER = ("firebomb", "lightning_fire_ring", "finger_of_doom_scroll", "quake_scroll", "spear")
BEFORE_MOVING = ("amulet_of_power", "hell_mace")
INSTEAD_OF_ATTACK = ("lightning_fire_ring", "talon_of_death")


def held(w: Figure) -> list[str]:
    """Usable things the warrior carries: equipment first, then treasure, each once."""
    out = [e for e in w.equipment if e == "healing_potion"]
    for card in w.treasure:
        if card["id"] not in out and not card.get("spent"):
            out.append(card["id"])
    return out


def options(game: Game, w: Figure) -> list[Action]:
    s: State = game.state
    c = game.content
    seat = s.seat_of[w.id]
    out = []
    name = lambda i: c.treasure[i].name if i in c.treasure else "healing potion"  # noqa: E731
    for item in held(w):
        if item in HEAL_ONE:
            for x in s.heroes():
                if x.on_board and x.wounds < x.max_wounds:
                    out.append(Action.make(seat, "use", text=f"{w.name} uses the {name(item)} on the {x.name}",
                                           who=w.id, item=item, target=x.id))
        elif item in SELF:
            if item == "lucky_talisman" and (w.flags.get("auto_hit") or w.flags.get("acted")):
                continue
            if item in BEFORE_MOVING and (w.flags.get("moved") or w.flags.get("attacking") or w.flags.get(item) == s.turn):
                continue
            out.append(Action.make(seat, "use", text=f"{w.name} uses the {name(item)}", who=w.id, item=item))
        elif item in AT_MONSTER:
            if item in INSTEAD_OF_ATTACK and (w.flags.get("acted") or w.flags.get("attacking")):
                continue
            if item == "finger_of_doom_scroll" and (w.id != "wizard" or not affordable(s, 6)):
                continue
            if item == "spear" and (w.flags.get("acted") or w.flags.get("attacking") or adjacent_monsters(s, w)):
                continue
            for m in s.monsters():
                if m.active and sees(s, w.pos, m.pos):
                    out.append(Action.make(seat, "use", text=f"{w.name} uses the {name(item)} on {m.name}",
                                           who=w.id, item=item, target=m.id))
        elif item == "talon_of_death" and not w.flags.get("acted") and not w.flags.get("attacking") \
                and adjacent_monsters(s, w):
            out.append(Action.make(seat, "use", text=f"{w.name} strikes with the {name(item)}", who=w.id, item=item))
    return out


def _spend(w: Figure, item: str, game: Game) -> None:
    if item == "amulet_of_power":
        w.flags[item] = game.state.turn  # permanent: once each turn, kept unless it bursts
        return
    if item == "healing_potion" and item in w.equipment:
        w.equipment.remove(item)
        return
    for card in w.treasure:
        if card["id"] == item and not card.get("spent"):
            use = game.content.treasure[item].use
            if use == "adventure":
                card["spent"] = True
            else:
                w.treasure.remove(card)
                game.state.treasure_discard.append(item)
            return


def use(game: Game, w: Figure, action: Action) -> Proc:
    s: State = game.state
    item = action.get("item")
    rule = f"whq.item.{item}"
    target = s.figures.get(action.get("target")) if action.get("target") else None
    _spend(w, item, game)
    game.emit("item", who=w.id, item=item, text=f"The {w.name} uses {item.replace('_', ' ')}.")
    if item in HEAL_ONE and target is not None:
        amount = target.max_wounds if HEAL_ONE[item] is None else (
            yield from dice_value(game, HEAL_ONE[item], rule, f"healing the {target.name}"))
        heal(game, target, amount, item.replace("_", " "))
    elif item == "magic_potion":
        (face,) = yield from roll(game, 1, 6, rule)
        roll_event(game, rule, "1d6", [face], outcome=face, text=f"The magic potion: {face}.")
        if face <= 2:
            dmg = yield from dice_value(game, "2D6" if face == 1 else "D6", rule, "the potion's poison")
            damage_warrior(game, w, dmg, "a bad potion")
        elif face >= 4:
            amount = w.max_wounds if face == 6 else (yield from dice_value(game, "D6" if face == 4 else "2D6", rule, "healing"))
            heal(game, w, amount, "magic potion")
    elif item == "incense_of_healing":
        for x in s.heroes():
            if x.on_board and s.section_of(x.pos) == s.section_of(w.pos):
                heal(game, x, (yield from dice_value(game, "2D6", rule, f"healing the {x.name}")), "incense")
    elif item == "potion_of_strength":
        w.flags["s_mod"] = w.flags.get("s_mod", 0) + 2
    elif item == "potion_of_toughness":
        w.flags["t_mod"] = w.flags.get("t_mod", 0) + 2
    elif item == "invisibility_ring":
        w.flags["invisible"] = True
    elif item == "lucky_talisman":
        w.flags["auto_hit"] = True
    elif item == "flash_powder":
        for x in s.heroes():
            if x.status == ACTIVE and not x.flags.get("attacking"):
                x.flags["a_mod"] = x.flags.get("a_mod", 0) + 1
    elif item == "firebomb" and target is not None and target.pos:
        x0, y0 = target.pos
        for f in [f for f in s.figures.values() if f.active and f.pos and x0 <= f.pos[0] <= x0 + 1 and y0 <= f.pos[1] <= y0 + 1]:
            dmg = yield from dice_value(game, "D6", rule, f"the firebomb on {f.name}")
            if f.is_hero:
                damage_warrior(game, f, dmg, "firebomb")
            else:
                damage_monster(game, f, dmg, w, "firebomb")
    elif item == "lightning_fire_ring" and target is not None:
        w.flags["acted"] = True
        damage_monster(game, target, (yield from dice_value(game, "5D6", rule, f"the ring's fire on {target.name}")), w, "ring of fire")
    elif item == "finger_of_doom_scroll" and target is not None:
        pay(game, 6)
        damage_monster(game, target, 6, w, "Finger of Doom")
    elif item == "hell_mace":
        w.flags["a_mod"] = w.flags.get("a_mod", 0) + 2
    elif item == "time_freezing_ring":
        w.flags["extra_turn"] = True
    elif item == "amulet_of_power":
        (face,) = yield from roll(game, 1, 6, rule)
        burst = face == 1
        roll_event(game, rule, "1d6", [face], target=2, outcome="bursts" if burst else "strength",
                   text="The amulet bursts in his hand!" if burst else "Power surges through him: +2 Strength.")
        if burst:
            w.treasure = [c for c in w.treasure if c["id"] != item]
            damage_warrior(game, w, (yield from dice_value(game, "D6", rule, "the burst")), "the amulet's burst")
        else:
            w.flags["s_mod"] = w.flags.get("s_mod", 0) + 2
    elif item == "quake_scroll" and target is not None and target.pos:
        x0, y0 = target.pos
        area = [(x0 + dx, y0 + dy) for dy in (0, 1) for dx in (0, 1)]
        for f in [f for f in s.figures.values() if f.active and f.pos in area]:
            dmg = yield from dice_value(game, "2D6", rule, f"the quake on {f.name}")
            if f.is_hero:
                damage_warrior(game, f, dmg, "the quake")
            else:
                damage_monster(game, f, dmg, w, "the quake")
        for sq in area:
            if sq in s.grid.terrain and s.at(sq) is None:
                s.grid.terrain[sq] = "R"
        s.grid.changed()
    elif item == "spear" and target is not None:
        from .stats import toughness
        w.flags["acted"] = True
        (face,) = yield from roll(game, 1, 6, rule)
        hit = face >= 3
        roll_event(game, rule, "1d6", [face], target=3, outcome="hit" if hit else "miss",
                   text=f"The spear flies at {target.name}: {'a hit' if hit else 'a miss'}.")
        if hit:
            dmg = yield from dice_value(game, "3D6", rule, f"the spear in {target.name}")
            damage_monster(game, target, max(0, dmg - toughness(game.content, target)), w, "spear")
    elif item == "talon_of_death":
        w.flags["acted"] = True
        for m in adjacent_monsters(s, w):
            damage_monster(game, m, (yield from dice_value(game, "D6", rule, f"the talon on {m.name}")), w, "Talon of Death")


__all__ = ["options", "use", "UNCONSCIOUS"]
