"""The numbers the rules look up: the Weapon Skill table, the Strength/Toughness table, the
injury table, armour saves and the D3.  Pure functions: no dice, no state."""
from __future__ import annotations

from .state import KNOCKED_DOWN, OUT_OF_ACTION, STUNNED


def cc_hit_need(ws: int, enemy_ws: int) -> int:
    """The WS table (§5.6): 3+ against a lower WS, 5+ against more than twice one's own, else 4+."""
    if ws > enemy_ws:
        return 3
    if enemy_ws > 2 * ws:
        return 5
    return 4


def wound_need(s: int, t: int) -> int | None:
    """The S/T table (§5.6): None when the blow cannot wound at all."""
    diff = s - t
    if diff >= 2:
        return 2
    if diff == 1:
        return 3
    if diff == 0:
        return 4
    if diff == -1:
        return 5
    if diff >= -3:
        return 6
    return None


def shoot_need(bs: int) -> int:
    """7 - BS before modifiers (§5.5)."""
    return 7 - bs


def extra_need(need: int) -> int:
    """A need of 7, 8 or 9 is a 6 and then 4+, 5+ or 6+ on a second die."""
    return need - 3


def injury(face: int) -> str:
    """The injury table (§5.7): 1-2 knocked down, 3-4 stunned, 5-6 out of action."""
    return KNOCKED_DOWN if face <= 2 else STUNNED if face <= 4 else OUT_OF_ACTION


def d3(face: int) -> int:
    """A D6 halved, rounding up."""
    return (face + 1) // 2


def save_need(base: int | None, shield: int, *, strength: int, armour_piercing: bool = False,
              parry: bool = False) -> int | None:
    """The armour save a wound allows (§2.4), or None when none is possible: the body armour's
    base (7 without one), a shield's improvement, a parry 1 more, then S above 3 and armour
    piercing worsen it; 7+ is impossible."""
    if base is None and not shield:
        return None
    need = (base or 7) - shield - int(parry)
    need += max(0, strength - 3) + int(armour_piercing)
    return need if need <= 6 else None
