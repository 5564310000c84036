"""One model's attacks in close combat on the model it allocated them to (§5.6, 6-10): the WS
table, diving charges, fear's sixes, down targets, poison, then the damage chain.  Which melee
weapon a model fights with, and what it gives, are here too."""
from __future__ import annotations

from typing import Any

from ...engine.dice import roll
from ...engine.game import Game, Procedure
from ...engine.words import counted
from .damage import Harm, Hits, remove, wound
from .rolls import sk_roll
from .state import KNOCKED_DOWN, OUT_OF_ACTION, STUNNED, Model
from .tables import cc_hit_need


def melee_weapons(game: Game, model: Model) -> list[str]:
    """The weapons it may fight with: its close combat weapons (a pistol counts too)."""
    weapons = game.content.weapons
    out = [w for w in model.weapons if weapons[w].range is None or weapons[w].melee_first_round]
    return out or ["hand_weapon"]


def fighting_weapon(game: Game, model: Model) -> str:
    """The weapon it fights with: its choice for this combat, else its first."""
    options = melee_weapons(game, model)
    return model.weapon_choice if model.weapon_choice in options else options[0]


def attacks_of(game: Game, model: Model) -> int:
    """A, plus the additional hand weapon's extra attack."""
    extra = sum(game.content.weapons[w].extra_attacks for w in model.weapons)
    return model.a + extra


def weapon_strength(game: Game, model: Model, wid: str) -> int:
    w = game.content.weapons[wid]
    if w.melee_first_round and model.first_round:
        return int(w.strength or model.s)
    return model.s + w.strength_bonus


def parries(game: Game, model: Model) -> bool:
    """A hand weapon with a shield, on foot, standing and not fleeing (§2.4)."""
    if model.shield <= 0 or model.status != "standing" or model.fleeing:
        return False
    return bool(game.content.weapons[fighting_weapon(game, model)].parry)


def shield_counts(game: Game, model: Model) -> bool:
    """A two-handed weapon leaves no hand for the shield in close combat (house, D20)."""
    return not game.content.weapons[fighting_weapon(game, model)].two_handed


def strikes_last(game: Game, model: Model) -> bool:
    w = game.content.weapons[fighting_weapon(game, model)]
    return model.has("braindead") or (w.strikes_last and not model.charged)


def man_sized(model: Model) -> bool:
    return not model.has("large_target")


def strike(game: Game, attacker: Model, target: Model, attacks: int) -> Procedure:
    """`attacks` attacks of one model on one target, rolled as a batch; returns a Harm."""
    harm = Harm(status=target.status)
    if attacks <= 0 or not target.on_table:
        return harm
    if target.status == STUNNED:
        game.emit("note", model=target.id, text=f"{attacker.name} finishes {target.name}, who lies stunned.")
        yield from remove(game, target, f"{attacker.name}'s blow while it lay stunned")
        harm.status, harm.killed = OUT_OF_ACTION, True
        return harm
    wid = fighting_weapon(game, attacker)
    poisoned = 0
    if target.status == KNOCKED_DOWN:
        hits = attacks
        game.emit("note", model=target.id, text=f"{attacker.name}'s {counted(attacks, 'attack')} all strike "
                                                f"{target.name}, who is on the ground.")
    else:
        need, mods = hit_need(attacker, target)
        faces = yield from roll(game, attacks, 6, "sk.cc.to_hit")
        hits = 0
        for face in faces:
            hit = face != 1 and face >= need
            hits += hit
            poisoned += hit and face == 6 and poisoned_with(attacker, wid)
            sk_roll(game, "sk.cc.to_hit", [face], target=need, modifiers=mods,
                    inputs={"ws": attacker.ws, "enemy_ws": target.ws}, outcome="hit" if hit else "miss",
                    text=f"{attacker.name} strikes at {target.name}, needing {need}+: rolls {face}, "
                         + ("a hit." if hit else "a miss."))
    if not hits:
        return harm
    mods_s = {"diving charge": 1} if attacker.diving else {}
    w = game.content.weapons[wid]
    hit_set = Hits("sk.cc.to_wound", f"{attacker.name}'s blows", hits, weapon_strength(game, attacker, wid),
                   s_mods=mods_s, source=attacker.id, poisoned=poisoned,
                   killing_blow=attacker.has("killing_blow") and man_sized(target),
                   armour_piercing=bool(w.armour_piercing and (not w.melee_first_round or attacker.first_round)),
                   parry=parries(game, target), shield_counts=shield_counts(game, target), close_combat=True)
    harm = yield from wound(game, target, hit_set)
    return harm


def hit_need(attacker: Model, target: Model) -> tuple[int, dict[str, Any]]:
    """The score an attack needs (§5.6, 6) and each named change to it."""
    base = cc_hit_need(attacker.ws, target.ws)
    mods: dict[str, int] = {}
    if target.causes_fear and attacker.fear_sixes:
        mods["failed fear test"] = 6 - base
        return 6, mods
    if attacker.diving:
        mods["diving charge"] = -1
    need = base + sum(mods.values())
    return max(2, need), mods


def poisoned_with(model: Model, wid: str) -> bool:
    """Poisoned attacks, with every weapon or only those the profile names (the Gutter Runner's stars)."""
    return model.has("poisoned_attacks") and (not model.poison_weapons or wid in model.poison_weapons)
