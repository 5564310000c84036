"""What a companion buys from the armory between quests (issue 19: spending treasure well).

A hero's gold buys defence first: a hero dies of the blows he fails to stop, and a defence die
costs least in a helmet (125 gold) or a shield (150, while his weapon leaves a hand free).  Then
a third attack die for a fighter who strikes with two (a broadsword, 250), then chain mail (500).
Plate mail, the battle axe and the crossbow are left alone: the plate takes a movement die, the
axe two hands (the shield), and the crossbow is for a hero who does not stand in the line.  A
wanted piece he cannot afford yet stops the list: he saves for it rather than spend on less.
"""
from __future__ import annotations

from typing import Any

from ..armory import best_weapon, buy_problem
from ..combat import item

WISHES = ("helmet", "shield", "broadsword", "chain_mail")


def why_wanted(key: str, eq: Any) -> str:
    if eq.kind == "weapon":
        return f"a {eq.name}: {eq.dice} attack dice"
    return f"a {eq.name}: one more defence die"


def shopping_list(hero: Any, owned: list[str], main: str | None, gold: int,
                  content: Any) -> tuple[list[str], list[str]]:
    """The armory keys this hero buys, in order, and a line for each purchase and for what he
    saves for or why he buys nothing; `hero` is the hero table's entry."""
    held = item(content, main) if main else None
    best = best_weapon(hero, owned, content, None)
    best_dice = item(content, best).dice if best else 0
    bought: list[str] = []
    said: list[str] = []
    for key in WISHES:
        eq = content.equipment[key]
        if key == "shield" and held is not None and held.two_handed:
            continue  # a two-handed weapon leaves no hand for it
        if eq.kind == "weapon" and best_dice >= eq.dice:
            continue
        problem = buy_problem(hero, owned + bought, key, gold, content)
        if problem is None:
            bought.append(key)
            gold -= eq.gold
            said.append(f"buys {why_wanted(key, eq)}, for {eq.gold} gold ({gold} left)")
        elif gold < eq.gold and problem.startswith(f"a {eq.name} costs"):
            said.append(f"saves for {why_wanted(key, eq)} ({eq.gold} gold; he has {gold})")
            break
    if not said:
        said.append("buys nothing: the armory has nothing that betters him")
    return bought, said
