"""Effective characteristics: a profile plus what spells, items and conditions add."""
from __future__ import annotations

from typing import Any

from .state import HERO, Figure


def profile(content: Any, fig: Figure) -> Any:
    # `is_hero` written out: every characteristic of every figure asks this.
    return content.warriors[fig.kind] if fig.side == HERO else content.monsters[fig.kind]


def ws(content: Any, fig: Figure) -> int:
    value: int = profile(content, fig).ws + fig.flags.get("ws_mod", 0)
    return max(1, value)


def strength(content: Any, fig: Figure) -> int:
    value: int = profile(content, fig).strength + fig.flags.get("s_mod", 0)
    return value


def toughness(content: Any, fig: Figure, with_armour: bool = True) -> int:
    """T plus armour (warriors), plus any spell or potion bonus."""
    p = profile(content, fig)
    t: int = p.toughness + fig.flags.get("t_mod", 0)
    if fig.side == HERO and with_armour and not fig.flags.get("unarmoured"):
        t += p.armour
        t += fur_cloaks(fig)
    return t


def fur_cloaks(fig: Figure) -> int:
    """The Fur Cloaks he carries (each adds 1 to Toughness)."""
    # Asked of every warrior at every look at the blows coming: most carry no treasure at all.
    if not fig.treasure:
        return 0
    cloaks = 0
    for card in fig.treasure:  # a loop, not a comprehension: asked of each warrior at every look
        if card["id"] == "fur_cloak":
            cloaks += 1
    return cloaks


def armour_worn(content: Any, fig: Figure) -> list[str]:
    """What a warrior wears that adds to his Toughness (named in the log only when there is some)."""
    if not fig.is_hero or fig.flags.get("unarmoured"):
        return []
    worn = ["armour"] if profile(content, fig).armour else []
    return worn + ["Fur Cloak" for card in fig.treasure if card["id"] == "fur_cloak"]


def attacks(content: Any, fig: Figure) -> int:
    a: int = profile(content, fig).attacks + fig.flags.get("a_mod", 0) + fig.flags.get("a_perm", 0)
    if fig.flags.get("berserk"):
        a += 1
    return max(0, a)


def move(content: Any, fig: Figure) -> int:
    value: int = profile(content, fig).move + fig.flags.get("m_mod", 0)
    return max(0, value)


def has(content: Any, fig: Figure, special: str) -> bool:
    return special in profile(content, fig).specials


def melee_weapon(content: Any, fig: Figure) -> Any:
    for w in profile(content, fig).weapons:
        if not w.missile:
            return w
    return None


def bow(content: Any, fig: Figure) -> Any:
    if fig.flags.get("unarmed"):
        return None
    for w in profile(content, fig).weapons:
        if w.missile:
            return w
    return None


def to_hit(content: Any, attacker_ws: int, defender_ws: int) -> int:
    """The combat table: the D6 score a melee attack needs."""
    row = min(10, max(1, attacker_ws)) - 1
    col = min(10, max(1, defender_ws)) - 1
    needed: int = content.combat_table[row][col]
    return needed
