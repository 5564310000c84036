"""A monster's name and numbers for this game: the table (§2.4), changed by the variants chosen
at setup (§2.12); quest overrides come on top where the quest places the monster."""
from __future__ import annotations

from typing import Any

STATS = ("move", "attack", "defend", "body", "mind")


def monster_profile(content: Any, variants: list[str], kind: str) -> dict[str, Any]:
    p = content.monsters[kind]
    out: dict[str, Any] = {"name": p.name, **{k: getattr(p, k) for k in STATS}}
    for vid in variants:
        v = content.variants[vid]
        if v.all_body is not None:
            out["body"] = v.all_body
        change = v.monsters.get(kind)
        if change is not None:
            out.update({k: val for k, val in change.model_dump().items() if val is not None})
    return out


def dread_name(content: Any, variants: list[str], spell: str) -> str:
    for vid in variants:
        if spell in content.variants[vid].dread_names:
            return str(content.variants[vid].dread_names[spell])
    return str(content.dread_spells[spell].name)


def search_combined(content: Any, variants: list[str]) -> bool:
    return any(content.variants[v].search_combined for v in variants)
