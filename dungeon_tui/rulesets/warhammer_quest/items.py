"""Using equipment and Treasure cards in a warrior's turn (2.1, 2.6; timings D33).

Each card is found by its id in treasure.yaml: its offer (may the warrior use it now, and on
whom) beside what it does.  Cards that act by themselves where the rules look for them (a
shield when a blow lands, the Orb when the Wizard pays) are registered with the offer `never`.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...engine.dice import roll, roll_event
from ...engine.effects import Effects, never
from ...engine.game import Action, Game, Procedure
from . import board
from .combat import damage_monster, damage_warrior, heal
from .magic import affordable, pay
from .rolls import dice_value
from .sight import adjacent_monsters, sees
from .state import ACTIVE, UNCONSCIOUS, Figure, State
from .stats import toughness


# The healers, each healing one warrior: None heals him fully, else the dice rolled.
HEAL_ONE = {"healing_potion": None, "potion_of_healing": "2D6", "healing_salve": "2D6"}
# Equipment of the warriors' profiles that the rules use directly, with no effect here.
EQUIPMENT_ELSEWHERE = ("lantern", "rope", "hand_of_death_scroll")


@dataclass(slots=True)
class Holding:
    """What an item's offer looks at: the warrior holding it, his seat, the item and its name.
    Read, never changed (not frozen, which sets each field the slow way: every warrior's turn
    makes one for each item he holds)."""

    game: Game
    warrior: Figure
    seat: str
    item: str
    name: str

    @property
    def state(self) -> State:
        state: State = self.game.state
        return state

    def use(self, text: str, target: str | None = None) -> Action:
        """Using the item, on `target` when it names one.  Built as `Action.make` would (every
        argument a plain string, in name order: item, target, who): every warrior's decision
        makes his pack's options, one for each monster he sees for a thrown or aimed item."""
        warrior_id = self.warrior.id
        args = (("item", self.item), ("who", warrior_id)) if target is None else (
            ("item", self.item), ("target", target), ("who", warrior_id))
        return Action.sorted_plain(self.seat, "use", text, args)


Offer = Callable[[Holding], list[Action]]
# An effect: (game, user, item, target or None, rule id) -> a procedure, or None when instant.
Use = Callable[[Game, Figure, str, Figure | None, str], Procedure | None]
ITEMS: Effects[Use] = Effects("treasure card", optional=EQUIPMENT_ELSEWHERE)


def held(user: Figure) -> list[str]:
    """Usable things the warrior carries: equipment first, then treasure, each once."""
    out = ["healing_potion"] * user.equipment.count("healing_potion")  # counted in C: asked every decision
    for card in user.treasure:
        if card["id"] not in out and not card.get("spent"):
            out.append(card["id"])
    return out


def options(game: Game, user: Figure) -> list[Action]:
    s: State = game.state
    seat = s.seat_of[user.id]
    out: list[Action] = []
    for item in held(user):
        effect = ITEMS.get(item)
        if effect is None or effect.offer is None or effect.offer is never:
            continue
        out += effect.offer(Holding(game, user, seat, item, item_name(game, item)))
    return out


def _spend(user: Figure, item: str, game: Game) -> None:
    if item == "amulet_of_power":
        user.flags[item] = game.state.turn  # permanent: once each turn, kept unless it bursts
        return
    if item == "healing_potion" and item in user.equipment:
        user.equipment.remove(item)
        return
    for card in user.treasure:
        if card["id"] == item and not card.get("spent"):
            use = game.content.treasure[item].use
            if use == "adventure":
                card["spent"] = True
            else:
                user.treasure.remove(card)
                game.state.treasure_discard.append(item)
            return


def item_name(game: Game, item: str) -> str:
    """A treasure card's name, or the warrior's own Healing Potion, as its card names it."""
    return game.content.treasure[item].name if item in game.content.treasure else "Healing Potion"


def use(game: Game, user: Figure, action: Action) -> Procedure:
    s: State = game.state
    item = action.get("item")
    target = s.figures.get(action.get("target")) if action.get("target") else None
    _spend(user, item, game)
    game.emit("item", who=user.id, item=item, text=f"The {user.name} uses the {item_name(game, item)}.")
    effect = ITEMS[item].run(game, user, item, target, f"whq.item.{item}")
    if effect is not None:
        yield from effect


# -- offers ---------------------------------------------------------------------------------------
def on_a_wounded_warrior(holding: Holding) -> list[Action]:
    return [holding.use(f"{holding.warrior.name} uses the {holding.name} on the {x.name}", target=x.id)
            for x in holding.state.heroes() if x.on_board and x.wounds < x.max_wounds]


def on_himself(holding: Holding) -> list[Action]:
    return [holding.use(f"{holding.warrior.name} uses the {holding.name}")]


def before_moving(holding: Holding) -> list[Action]:
    """Once each turn, before he moves or fights."""
    f = holding.warrior.flags
    if f.get("moved") or f.get("attacking") or f.get(holding.item) == holding.state.turn:
        return []
    return on_himself(holding)


def before_attacking(holding: Holding) -> list[Action]:
    f = holding.warrior.flags
    return [] if f.get("auto_hit") or f.get("acted") else on_himself(holding)


def at_a_monster_seen(holding: Holding) -> list[Action]:
    s, w = holding.state, holding.warrior
    return [holding.use(f"{w.name} uses the {holding.name} on {m.name}", target=m.id)
            for m in s.monsters() if sees(s, w.pos, m.pos)]


def instead_of_attacking(holding: Holding) -> list[Action]:
    f = holding.warrior.flags
    return [] if f.get("acted") or f.get("attacking") else at_a_monster_seen(holding)


def by_the_wizard_with_power(holding: Holding) -> list[Action]:
    return at_a_monster_seen(holding) if holding.warrior.id == "wizard" and affordable(holding.state, 6) else []


def thrown_from_afar(holding: Holding) -> list[Action]:
    f = holding.warrior.flags
    if f.get("acted") or f.get("attacking") or adjacent_monsters(holding.state, holding.warrior):
        return []
    return at_a_monster_seen(holding)


def instead_of_attacking_in_the_thick(holding: Holding) -> list[Action]:
    f = holding.warrior.flags
    if f.get("acted") or f.get("attacking") or not adjacent_monsters(holding.state, holding.warrior):
        return []
    return [holding.use(f"{holding.warrior.name} strikes with the {holding.name}")]


# -- healing --------------------------------------------------------------------------------------
@ITEMS("healing_potion", "potion_of_healing", "healing_salve", offer=on_a_wounded_warrior)
def heal_one(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> Procedure | None:
    return _heal_one(game, item, target, rule) if target is not None else None


def _heal_one(game: Game, item: str, target: Figure, rule: str) -> Procedure:
    dice = HEAL_ONE[item]
    amount = target.max_wounds if dice is None else (
        yield from dice_value(game, dice, rule, f"healing the {target.name}"))
    heal(game, target, amount, item.replace("_", " "))


@ITEMS("magic_potion", offer=on_himself)
def magic_potion(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> Procedure:
    (face,) = yield from roll(game, 1, 6, rule)
    roll_event(game, rule, "1d6", [face], outcome=face, text=f"The magic potion: {face}.")
    if face <= 2:
        dmg = yield from dice_value(game, "2D6" if face == 1 else "D6", rule, "the potion's poison")
        damage_warrior(game, user, dmg, "a bad potion")
    elif face >= 4:
        amount = user.max_wounds if face == 6 else (
            yield from dice_value(game, "D6" if face == 4 else "2D6", rule, "healing"))
        heal(game, user, amount, "magic potion")


@ITEMS("incense_of_healing", offer=on_himself)
def incense_of_healing(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> Procedure:
    s: State = game.state
    for x in s.heroes():
        if x.on_board and s.section_of(x.pos) == s.section_of(user.pos):
            heal(game, x, (yield from dice_value(game, "2D6", rule, f"healing the {x.name}")), "incense")


# -- the user's own strength ----------------------------------------------------------------------
@ITEMS("potion_of_strength", offer=on_himself)
def potion_of_strength(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> None:
    user.flags["s_mod"] = user.flags.get("s_mod", 0) + 2


@ITEMS("potion_of_toughness", offer=on_himself)
def potion_of_toughness(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> None:
    user.flags["t_mod"] = user.flags.get("t_mod", 0) + 2


@ITEMS("invisibility_ring", offer=on_himself)
def invisibility_ring(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> None:
    user.flags["invisible"] = True


@ITEMS("lucky_talisman", offer=before_attacking)
def lucky_talisman(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> None:
    user.flags["auto_hit"] = True


@ITEMS("flash_powder", offer=on_himself)
def flash_powder(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> None:
    for x in game.state.heroes():
        if x.status == ACTIVE and not x.flags.get("attacking"):
            x.flags["a_mod"] = x.flags.get("a_mod", 0) + 1


@ITEMS("hell_mace", offer=before_moving)
def hell_mace(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> None:
    user.flags["a_mod"] = user.flags.get("a_mod", 0) + 2


@ITEMS("time_freezing_ring", offer=on_himself)
def time_freezing_ring(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> None:
    user.flags["extra_turn"] = True


@ITEMS("amulet_of_power", offer=before_moving)
def amulet_of_power(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> Procedure:
    (face,) = yield from roll(game, 1, 6, rule)
    burst = face == 1
    roll_event(game, rule, "1d6", [face], target=2, outcome="bursts" if burst else "strength",
               text="The amulet bursts in his hand!" if burst else "Power surges through him: +2 Strength.")
    if burst:
        user.treasure = [c for c in user.treasure if c["id"] != "amulet_of_power"]
        damage_warrior(game, user, (yield from dice_value(game, "D6", rule, "the burst")), "the amulet's burst")
    else:
        user.flags["s_mod"] = user.flags.get("s_mod", 0) + 2


# -- at monsters ----------------------------------------------------------------------------------
def _blast_2x2(game: Game, user: Figure, corner: tuple[int, int], dice: str, rule: str, what: str,
               how: str) -> Procedure:
    """Everyone on the 2x2 area at `corner` takes the dice."""
    s: State = game.state
    x0, y0 = corner
    area = [(x0 + dx, y0 + dy) for dy in (0, 1) for dx in (0, 1)]
    for f in [f for f in s.figures.values() if f.active and f.pos in area]:
        dmg = yield from dice_value(game, dice, rule, f"{what} on {f.name}")
        if f.is_hero:
            damage_warrior(game, f, dmg, how)
        else:
            damage_monster(game, f, dmg, user, how)


@ITEMS("firebomb", offer=at_a_monster_seen)
def firebomb(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> Procedure | None:
    if target is None or not target.pos:
        return None
    return _blast_2x2(game, user, target.pos, "D6", rule, "the firebomb", "firebomb")


@ITEMS("lightning_fire_ring", offer=instead_of_attacking)
def lightning_fire_ring(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> Procedure | None:
    return _ring_of_fire(game, user, target, rule) if target is not None else None


def _ring_of_fire(game: Game, user: Figure, target: Figure, rule: str) -> Procedure:
    user.flags["acted"] = True
    damage_monster(game, target, (yield from dice_value(game, "5D6", rule, f"the ring's fire on {target.name}")), user,
                   "ring of fire")


@ITEMS("finger_of_doom_scroll", offer=by_the_wizard_with_power)
def finger_of_doom_scroll(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> None:
    if target is not None:
        pay(game, 6)
        damage_monster(game, target, 6, user, "Finger of Doom")


@ITEMS("quake_scroll", offer=at_a_monster_seen)
def quake_scroll(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> Procedure | None:
    return _quake(game, user, target.pos, rule) if target is not None and target.pos else None


def _quake(game: Game, user: Figure, corner: tuple[int, int], rule: str) -> Procedure:
    s: State = game.state
    x0, y0 = corner
    area = [(x0 + dx, y0 + dy) for dy in (0, 1) for dx in (0, 1)]
    for f in [f for f in s.figures.values() if f.active and f.pos in area]:
        dmg = yield from dice_value(game, "2D6", rule, f"the quake on {f.name}")
        if f.is_hero:
            damage_warrior(game, f, dmg, "the quake")
        else:
            damage_monster(game, f, dmg, user, "the quake")
    # Only the squares round the rubble step differently: the rest of the map keeps its ways out.
    with board.changing_terrain(s.grid, area):
        for sq in area:
            if sq in s.grid.terrain and s.at(sq) is None:
                s.grid.terrain[sq] = "R"
        s.grid.changed()


@ITEMS("spear", offer=thrown_from_afar)
def spear(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> Procedure | None:
    return _throw_spear(game, user, target, rule) if target is not None else None


def _throw_spear(game: Game, user: Figure, target: Figure, rule: str) -> Procedure:
    user.flags["acted"] = True
    (face,) = yield from roll(game, 1, 6, rule)
    hit = face >= 3
    roll_event(game, rule, "1d6", [face], target=3, outcome="hit" if hit else "miss",
               text=f"The spear flies at {target.name}: {'a hit' if hit else 'a miss'}.")
    if hit:
        dmg = yield from dice_value(game, "3D6", rule, f"the spear in {target.name}")
        damage_monster(game, target, max(0, dmg - toughness(game.content, target)), user, "spear")


@ITEMS("talon_of_death", offer=instead_of_attacking_in_the_thick)
def talon_of_death(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> Procedure:
    user.flags["acted"] = True
    for m in adjacent_monsters(game.state, user):
        damage_monster(game, m, (yield from dice_value(game, "D6", rule, f"the talon on {m.name}")), user,
                       "Talon of Death")


# -- cards the rules apply where they act ---------------------------------------------------------
@ITEMS("dragon_shield", "enchanted_shield", "shield_of_deliverance",  # when a blow lands (monster_strikes)
       "fur_cloak",  # on Toughness (stats) and when he is hit (monster_strikes)
       "arrows_of_death",  # on a bow hit (shooting)
       "chalice_of_fate", "deathstone", "orb_of_might",  # at the power roll and when the Wizard pays (magic)
       "gold_pouch", "jewel",  # gold when found (treasure)
       offer=never)
def applied_by_the_rules(game: Game, user: Figure, item: str, target: Figure | None, rule: str) -> None:
    raise AssertionError(f"the {item.replace('_', ' ')} is never used by itself")


__all__ = ["UNCONSCIOUS", "options", "use"]
