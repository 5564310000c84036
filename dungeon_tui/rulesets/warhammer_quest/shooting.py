"""Missile fire: a warrior's one shot, and the monsters' pooled volleys."""
from __future__ import annotations

from typing import Any

from ...engine.dice import draw, natural_test, roll, roll_event
from ...engine.game import Game, Procedure
from . import stats
from .combat import damage_monster, damage_warrior
from .state import Figure, State
from .words import The, counted, the



def warrior_shoot(game: Game, warrior: Figure, monster: Figure) -> Procedure:
    c = game.content
    bow = stats.bow(c, warrior)
    bs = c.warriors[warrior.kind].bs
    (face,) = yield from roll(game, 1, 6, "whq.missile.to_hit")
    hit = natural_test(face, face, bs)
    roll_event(game, "whq.missile.to_hit", "1d6", [face], target=bs, inputs={"bs": bs},
               outcome="hit" if hit else "miss",
               text=f"The {warrior.name} shoots at {the(monster.name)}, needing {bs}+: {face}, "
                    f"{'a hit' if hit else 'a miss'}.")
    if not hit:
        return
    (dface,) = yield from roll(game, 1, 6, "whq.missile.damage")
    t_val = stats.toughness(c, monster)
    s_val = bow.strength or 0
    mods = {"bow strength": s_val, "toughness": -t_val}
    arrows = _use_arrow(warrior)
    if arrows:
        mods["arrow of death"] = 3
    dmg = max(0, dface + s_val + (3 if arrows else 0) - t_val)
    roll_event(game, "whq.missile.damage", "1d6", [dface], inputs={"bow_strength": s_val, "toughness": t_val},
               modifiers=mods, outcome=dmg, text=f"{dface} + S{s_val} - T{t_val} = {counted(dmg, 'Wound')}.")
    monster.flags["provoked"] = True
    damage_monster(game, monster, dmg, warrior, "arrow")


def _use_arrow(warrior: Figure) -> bool:
    for card in warrior.treasure:
        if card["id"] == "arrows_of_death" and card.get("charges", 0) > 0:
            card["charges"] -= 1
            return True
    return False


def dodge(game: Game, warrior: Figure) -> Procedure:
    """The Elf's dodge: a 6 turns a monster's hit into a miss."""
    if not stats.has(game.content, warrior, "dodge"):
        return False
    (face,) = yield from roll(game, 1, 6, "whq.elf.dodge")
    ok = face == 6
    roll_event(game, "whq.elf.dodge", "1d6", [face], target=6, outcome="dodged" if ok else "hit",
               text=f"The Elf tries to dodge, needing a 6: {face}, {'dodged' if ok else 'hit all the same'}.")
    return ok


def monster_shot(game: Game, monster: Figure) -> Procedure:
    """Roll to hit for a volley (6.1): returns True on a hit."""
    bs = game.content.monsters[monster.kind].bs or 7
    (face,) = yield from roll(game, 1, 6, "whq.missile.to_hit")
    hit = natural_test(face, face, bs)
    roll_event(game, "whq.missile.to_hit", "1d6", [face], target=bs, inputs={"bs": bs},
               outcome="hit" if hit else "miss",
               text=f"{The(monster.name)} looses an arrow, needing {bs}+: {face}, {'a hit' if hit else 'a miss'}.")
    return hit


def resolve_volley(game: Game, kind: str, hitters: list[Figure], targets: list[Figure]) -> Procedure:
    """Share H hits equally among V seen targets; the rest go by counter draws (6.1.3)."""
    if not hitters or not targets:
        return
    h, v = len(hitters), len(targets)
    shares = {t.id: h // v for t in targets}
    rest = list(targets)
    for _ in range(h % v):
        pick = yield from draw(game, len(rest), "whq.place.counter")
        shares[rest.pop(pick).id] += 1
    c = game.content
    bow_dmg = c.monsters[kind].bow_damage or 0
    for t in targets:
        for _ in range(shares[t.id]):
            if not t.active:
                break
            if (yield from dodge(game, t)):
                continue
            (face,) = yield from roll(game, 1, 6, "whq.missile.damage")
            t_val = stats.toughness(c, t)
            dmg = max(0, face + bow_dmg - t_val)
            roll_event(game, "whq.missile.damage", "1d6", [face], inputs={"bow_strength": bow_dmg, "toughness": t_val},
                       modifiers={"bow strength": bow_dmg, "toughness": -t_val}, outcome=dmg,
                       text=f"An arrow strikes {the(t.name)}: {face} + {bow_dmg} - T{t_val} = {counted(dmg, 'Wound')}.")
            damage_warrior(game, t, dmg, "arrow")


def seen_targets(state: State, shooters: list[Figure], valid: list[Figure], sees: Any) -> list[Figure]:
    return [t for t in valid if any(sees(state, s.pos, t.pos) for s in shooters)]
