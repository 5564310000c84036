"""Hero sheets and the armory (§2.6, §2.7, §5.13).

A sheet is what a hero carries from one quest to the next: his Body and Mind, gold, armory
equipment, potions and artifacts.  A game's setup may hold one sheet per hero, so a record
replays without the campaign file.  Sheets are checked only for what the content knows
(ids, sane numbers): a hero may legally end a quest holding things he could not buy (a
fallen friend's sword), so the buying restrictions apply to buying alone.
"""
from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...engine.campaign_file import first_error
from .combat import item
from .state import Figure

# The deck's potions and quest potions that heal a fixed amount ("healing:4").
POTION = re.compile(r"^(healing|heroic_brew|strength|defense)(:[0-9]{1,2})?$")


class HeroSheet(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40)
    gold: int = Field(0, ge=0, le=1_000_000)
    body_max: int = Field(ge=1, le=20)
    mind_max: int = Field(ge=0, le=20)
    main_weapon: str | None = None  # None: unarmed (Rust took every weapon)
    equipment: list[str] = Field(default_factory=list, max_length=30)
    potions: list[str] = Field(default_factory=list, max_length=30)
    artifacts: list[str] = Field(default_factory=list, max_length=20)


def sheet_problem(sheet: HeroSheet, content: Any) -> str | None:
    """The first thing in a sheet the content does not know, as 'field: problem'; None if sound."""
    for i, key in enumerate(sheet.equipment):
        if key not in content.equipment:
            what = "an artifact; list it under artifacts" if key in content.artifacts else "not in the armory"
            return f"equipment.{i}: {key!r} is {what}"
    for i, key in enumerate(sheet.artifacts):
        if key not in content.artifacts:
            return f"artifacts.{i}: {key!r} is not an artifact"
    for i, p in enumerate(sheet.potions):
        if not POTION.match(p):
            return f"potions.{i}: {p!r} is not a potion"
    if sheet.main_weapon is not None:
        eq = item(content, sheet.main_weapon)
        if eq is None or eq.kind != "weapon" or sheet.main_weapon not in sheet.equipment + sheet.artifacts:
            return f"main_weapon: {sheet.main_weapon!r} is not a weapon the hero carries"
    return None


def parse_sheets(raw: Any, party: list[str], content: Any) -> dict[str, dict[str, Any]]:
    """The setup's `sheets`, checked and in party order; ValueError is one line."""
    if not isinstance(raw, dict):
        raise ValueError("setup sheets must map hero types to hero sheets")
    out: dict[str, dict[str, Any]] = {}
    for hero in raw:
        if hero not in party:
            raise ValueError(f"setup sheets.{hero}: {hero!r} is not in the party ({', '.join(party)})")
    for hero in party:
        if hero not in raw:
            continue
        try:
            sheet = HeroSheet.model_validate(raw[hero])
        except ValidationError as err:
            raise ValueError(first_error(err, f"setup sheets.{hero}")) from None
        problem = sheet_problem(sheet, content)
        if problem:
            raise ValueError(f"setup sheets.{hero}.{problem}")
        out[hero] = sheet.model_dump()
    return out


def apply_sheet(figure: Figure, sheet: dict[str, Any]) -> None:
    """A hero figure as his sheet says, not as the hero table does."""
    figure.name = sheet["name"]
    figure.body = figure.max_body = sheet["body_max"]
    figure.mind = sheet["mind_max"]
    figure.gold = sheet["gold"]
    figure.equipment = list(sheet["equipment"]) + list(sheet["artifacts"])
    figure.potions = list(sheet["potions"])
    if sheet["main_weapon"]:
        figure.flags["main"] = sheet["main_weapon"]


# -- who may use and buy what ------------------------------------------------------------------

def may_use(hero: Any, eq: Any) -> bool:
    """The wizard's limits (¬W items) and the wizard-only artifacts."""
    return not (eq.not_wizard if hero.wizard else eq.wizard_only)


ARMOUR_SLOTS = ("helmet", "shield", "body_armour")  # one of each on a hero


def buy_problem(hero: Any, owned: list[str], key: str, gold: int, content: Any) -> str | None:
    """Why this hero may not buy `key` now (§2.6, D20), or None.  `hero` is the table entry."""
    if key in content.artifacts:
        return f"{content.artifacts[key].name} is an artifact: artifacts are quest rewards, never sold"
    eq = content.equipment.get(key)
    if eq is None:
        return f"the armory has no {key!r}; it sells {', '.join(content.equipment)}"
    if not may_use(hero, eq):
        return f"the {hero.name} may not use a {eq.name}" + (
            " (a wizard carries only a dagger, a staff or the Wizard's Staff, and wears no armour)"
            if hero.wizard else "")
    if key in owned:
        return f"the {hero.name} already has a {eq.name}"
    if eq.kind in ARMOUR_SLOTS:
        worn = [item(content, k) for k in owned]
        same = [w.name for w in worn if w is not None and w.kind == eq.kind]
        if same:
            return f"the {hero.name} already wears {same[0]}; a hero wears one {eq.kind.replace('_', ' ')}"
    if gold < eq.gold:
        return f"a {eq.name} costs {eq.gold} gold; the {hero.name} has {gold}"
    return None


def best_weapon(hero: Any, owned: list[str], content: Any, current: str | None) -> str | None:
    """The main weapon after a change: the current one while usable and carried, else the one
    with most dice the hero may use (first carried on a tie)."""
    usable = [k for k in owned if (eq := item(content, k)) is not None and eq.kind == "weapon" and may_use(hero, eq)]
    if current in usable:
        return current
    return max(usable, key=lambda k: item(content, k).dice, default=None)
