"""A monster's melee attacks on one warrior, with every monster special."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.dice import natural_test, roll, roll_event
from ...engine.effects import Effects
from ...engine.game import Game, Procedure
from . import stats
from .combat import damage_monster, damage_warrior, kill_monster
from .shooting import dodge
from .state import ACTIVE, HERO, Figure, State
from .words import The, counted



def valid_target(state: State, warrior: Figure, melee: bool = True) -> bool:
    """A warrior monsters may attack: conscious, on the board, not in a pit or invisible (D18)."""
    # is_hero and active written out: monsters and companions ask this of every warrior, often.
    if warrior.side != HERO or warrior.pos is None or warrior.status != ACTIVE:
        return False
    f = warrior.flags
    if f.get("in_pit") or f.get("invisible"):
        return False
    return not (melee and f.get("levitate"))


def strike(game: Game, monster: Figure, warrior: Figure) -> Procedure:
    """All of the monster's Attacks go to one warrior."""
    s: State = game.state
    c = game.content
    prof = c.monsters[monster.kind]
    monster.flags["struck"] = warrior.id
    if "swarm" in prof.specials:
        yield from swarm(game, monster, warrior)
        return
    if "web" in prof.specials and warrior.flags.get("webbed"):
        (face,) = yield from roll(game, 1, 6, "whq.monster.spider_bite")
        bite = (face + 1) // 2
        roll_event(game, "whq.monster.spider_bite", "1d3", [face], outcome=bite,
                   text=f"The spider bites the webbed {warrior.name}: {counted(bite, 'Wound')}, no armour helps.")
        damage_warrior(game, warrior, bite, "spider bite")
        return
    for _ in range(stats.attacks(c, monster)):
        if not valid_target(s, warrior) or not monster.active:
            return
        yield from one_blow(game, monster, warrior, prof)
        if "frenzy_rat" in prof.specials and monster.active:
            (face,) = yield from roll(game, 1, 6, "whq.monster.rat_exposed")
            dies = natural_test(face, face, 3)
            roll_event(game, "whq.monster.rat_exposed", "1d6", [face], target=3, outcome="dies" if dies else "lives",
                       text=f"The rat exposes itself: {face}, "
                            f"{'the ' + warrior.name + ' cuts it down' if dies else 'it scurries back'}.")
            if dies:
                kill_monster(game, monster, warrior)
                return


def one_blow(game: Game, monster: Figure, warrior: Figure, prof: Any) -> Procedure:
    c = game.content
    a_ws, d_ws = stats.ws(c, monster), stats.ws(c, warrior)
    need = stats.to_hit(c, a_ws, d_ws)
    mods: dict[str, int] = {}
    if warrior.flags.get("tripped"):
        mods["tripped"] = -2
    target = max(2, need + sum(mods.values()))
    (face,) = yield from roll(game, 1, 6, "whq.melee.to_hit")
    if warrior.flags.get("shielded"):
        hit = face == 6
        mods["shield spell: 6 only"] = 0
    else:
        hit = natural_test(face, face, target)
    if not game.unseen:  # the roll's line, made only for someone to read (see Game.unseen)
        roll_event(game, "whq.melee.to_hit", "1d6", [face], target=need if not mods else target,
                   inputs={"attacker_ws": a_ws, "defender_ws": d_ws}, modifiers=mods,
                   outcome="hit" if hit else "miss",
                   text=(f"{The(monster.name)} (WS{a_ws}) needs {target}+ against the {warrior.name} (WS{d_ws}): "
                         f"{face}, {'a hit' if hit else 'a miss'}."))
    if not hit:
        return
    if (yield from dodge(game, warrior)):
        return
    if "web" in prof.specials:
        warrior.flags["webbed"] = True
        game.emit("webbed", target=warrior.id, text=f"The {warrior.name} is caught in a sticky web.")
        return
    if (yield from item_saves(game, warrior)):
        return
    faces = yield from roll(game, prof.damage_dice, 6, "whq.melee.damage")
    s_val = stats.strength(c, monster)
    t_val = stats.toughness(c, warrior)
    dmg = max(0, sum(faces) + s_val - t_val)
    if not game.unseen:
        armour = stats.armour_worn(c, warrior)
        worn = f" (with {' and '.join(armour)})" if armour else ""
        roll_event(game, "whq.melee.damage", f"{prof.damage_dice}d6", faces,
                   inputs={"strength": s_val, "toughness": t_val},
                   modifiers={"strength": s_val, "toughness": -t_val}, outcome=dmg,
                   text=f"{'+'.join(map(str, faces))} + S{s_val} - T{t_val}{worn} = {counted(dmg, 'Wound')}.")
    if warrior.flags.get("rebound") and dmg > 0:
        (face,) = yield from roll(game, 1, 6, "whq.spell.rebound")
        back = face == 6
        roll_event(game, "whq.spell.rebound", "1d6", [face], target=6, outcome="rebound" if back else "no",
                   text="Rebound turns the blow back on the attacker!" if back else "Rebound fails to turn the blow.")
        if back:
            back_dmg = max(0, sum(faces) + s_val - stats.toughness(c, monster))
            damage_monster(game, monster, back_dmg, warrior, "rebound")
            return
    damage_warrior(game, warrior, dmg, f"{monster.name}'s blow")
    if dmg > 0:
        yield from fur_cloak_wear(game, warrior)


def swarm(game: Game, monster: Figure, warrior: Figure) -> Procedure:
    """All snotlings on one warrior make one attack: table(1, WS) - (n-1), Strength n."""
    s: State = game.state
    c = game.content
    pack = [f for f in s.monsters() if f.kind == monster.kind and f.active and f.pos and warrior.pos
            and s.grid.adjacent(f.pos, warrior.pos)]
    for f in pack:
        f.flags["swarmed"] = s.turn
    n = max(1, len(pack))
    base = stats.to_hit(c, 1, stats.ws(c, warrior))
    mods = {"swarm": -(n - 1)} if n > 1 else {}
    target = max(2, base - (n - 1))
    (face,) = yield from roll(game, 1, 6, "whq.melee.to_hit")
    hit = natural_test(face, face, target)
    roll_event(game, "whq.melee.to_hit", "1d6", [face], target=base if not mods else target,
               inputs={"attacker_ws": 1, "defender_ws": stats.ws(c, warrior), "swarm": n}, modifiers=mods,
               outcome="hit" if hit else "miss",
               text=f"{counted(n, 'snotling')} swarm{'s' if n == 1 else ''} the {warrior.name}, "
                    f"needing {target}+: {face}, "
                    f"{'a hit' if hit else 'a miss'}.")
    if not hit or (yield from dodge(game, warrior)):
        return
    (dface,) = yield from roll(game, 1, 6, "whq.melee.damage")
    t_val = stats.toughness(c, warrior)
    dmg = max(0, dface + n - t_val)
    roll_event(game, "whq.melee.damage", "1d6", [dface], inputs={"strength": n, "toughness": t_val},
               modifiers={"strength": n, "toughness": -t_val}, outcome=dmg,
               text=f"{dface} + S{n} - T{t_val} = {counted(dmg, 'Wound')}.")
    damage_warrior(game, warrior, dmg, "snotling swarm")


# The shields of the Treasure deck (kind: shield), by card id: each says whether it turns a hit
# aside before its damage (2.6), as a bool or as a procedure returning one.
Save = Callable[[Game, Figure, dict[str, Any]], "Procedure | bool"]
SHIELDS: Effects[Save] = Effects("shield")


def item_saves(game: Game, warrior: Figure) -> Procedure:
    """Shields that cancel a hit before its damage (2.6), tried in the order he carries them."""
    for card in list(warrior.treasure):
        shield = SHIELDS.get(card["id"])
        if shield is None:
            continue
        outcome = shield.run(game, warrior, card)
        if outcome if isinstance(outcome, bool) else (yield from outcome):
            return True
    return False


@SHIELDS("dragon_shield")
def dragon_shield(game: Game, warrior: Figure, card: dict[str, Any]) -> bool:
    warrior.treasure.remove(card)
    game.emit("item", target=warrior.id,
              text=f"The {warrior.name}'s Dragon Shield absorbs the blow and is spent.")
    return True


@SHIELDS("shield_of_deliverance")
def shield_of_deliverance(game: Game, warrior: Figure, card: dict[str, Any]) -> bool:
    if card.get("charges", 0) <= 0:
        return False
    card["charges"] -= 1
    if card["charges"] <= 0:
        warrior.treasure.remove(card)
    game.emit("item", target=warrior.id, text="The Shield of Deliverance turns the blow aside.")
    return True


@SHIELDS("enchanted_shield")
def enchanted_shield(game: Game, warrior: Figure, card: dict[str, Any]) -> Procedure:
    (face,) = yield from roll(game, 1, 6, "whq.item.enchanted_shield")
    roll_event(game, "whq.item.enchanted_shield", "1d6", [face], target=5,
               outcome="saved" if face >= 5 else ("explodes" if face == 1 else "no"),
               text="The Enchanted Shield glows." if face >= 5 else "The Enchanted Shield does not help.")
    if face >= 5:
        return True
    if face == 1:
        warrior.treasure.remove(card)
        (bang,) = yield from roll(game, 1, 6, "whq.item.enchanted_shield")
        roll_event(game, "whq.item.enchanted_shield", "1d6", [bang], outcome=bang,
                   text=f"The shield shatters and wounds its bearer for {bang}.")
        damage_warrior(game, warrior, bang, "shattered shield")
    return False


def fur_cloak_wear(game: Game, warrior: Figure) -> Procedure:
    for card in list(warrior.treasure):
        if card["id"] == "fur_cloak":
            (face,) = yield from roll(game, 1, 6, "whq.item.fur_cloak")
            torn = face <= 3
            roll_event(game, "whq.item.fur_cloak", "1d6", [face], target=4, outcome="torn" if torn else "holds",
                       text="The fur cloak is torn to rags." if torn else "The fur cloak holds.")
            if torn:
                warrior.treasure.remove(card)
            return
