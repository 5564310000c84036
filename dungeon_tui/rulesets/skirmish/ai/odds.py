"""What the automated side expects of a blow or a shot (spec §6: `favourable`, `best_odds`,
`best_to_hit`, the weapon choice): chances worked out from the tables, never from future rolls."""
from __future__ import annotations

from typing import Any

from ..distance import distance
from ..state import Model
from ..tables import cc_hit_need, save_need, wound_need

COVER_PENALTY = {"none": 0, "soft": 1, "hard": 2}
MAX_NEED = 9  # a shot needing more than 9 may not be taken (§5.5)


def chance(need: int | None) -> float:
    """The chance a D6 scores `need` or more (a 1 always fails; 7+ is a 6 and then more)."""
    if need is None:
        return 0.0
    if need <= 6:
        return (7 - max(2, need)) / 6
    return (1 / 6) * (7 - (need - 3)) / 6 if need <= 9 else 0.0


def unsaved(content: Any, target: Model, strength: int, *, armour_piercing: bool = False,
            parry: bool = False) -> float:
    """The chance a wound at this Strength gets past the target's armour."""
    need = save_need(target.save_base, target.shield, strength=strength, armour_piercing=armour_piercing,
                     parry=parry)
    return 1.0 - chance(need)


def melee_weapon(content: Any, model: Model) -> str:
    weapons = content.weapons
    out = [w for w in model.weapons if weapons[w].range is None or weapons[w].melee_first_round]
    return model.weapon_choice if model.weapon_choice in out else (out[0] if out else "hand_weapon")


def melee_wounds(content: Any, attacker: Model, target: Model, weapon: str | None = None) -> float:
    """Expected unsaved wounds of one attack of `attacker` on a standing `target` (§5.6)."""
    wid = weapon or melee_weapon(content, attacker)
    w = content.weapons[wid]
    strength = int(w.strength or attacker.s) if w.melee_first_round else attacker.s + w.strength_bonus
    hit = 1.0 if target.status == "knocked_down" else chance(cc_hit_need(attacker.ws, target.ws))
    wound = chance(wound_need(strength, target.t))
    parry = target.shield > 0 and target.standing and not target.fleeing and bool(
        content.weapons[melee_weapon(content, target)].parry)
    return hit * wound * unsaved(content, target, strength, armour_piercing=w.armour_piercing, parry=parry)


def attacks(content: Any, model: Model) -> int:
    return model.a + sum(content.weapons[w].extra_attacks for w in model.weapons)


def round_of_blows(content: Any, attacker: Model, target: Model) -> float:
    """Expected unsaved wounds `attacker` deals `target` in one round of close combat."""
    return attacks(content, attacker) * melee_wounds(content, attacker, target)


def shot_need(content: Any, shooter: Model, target: Model, weapon: str, cover: str, shots: int = 1) -> int:
    """The score a shot needs (§5.5): 7 - BS, +1 moved and +1 long range (not thrown), +1 or +2
    for cover, +1 when firing several shots, -1 at a large target."""
    w = content.weapons[weapon]
    need = 7 - shooter.bs + COVER_PENALTY[cover]
    if not w.thrown:
        need += int(shooter.moved) + int(distance(shooter.at, target.at) * 2 > (w.range or 0))
    need += int(shots > 1) - int(target.has("large_target"))
    return max(2, need)


def shot_wounds(content: Any, target: Model, weapon: str, need: int, strength: int) -> float:
    """Expected unsaved wounds of one shot needing `need` to hit."""
    w = content.weapons[weapon]
    return chance(need) * chance(wound_need(strength, target.t)) * unsaved(
        content, target, strength, armour_piercing=w.armour_piercing)
