"""Attacks on a hero or villager by a monster, villain, trap or event (spec §5.4, §5.8): the
roll, the reactions that turn a hit into a miss (tumbling escape, practiced evasion), the
damage and conditions, and what follows (the pit, a free disable roll, a level-up)."""
from __future__ import annotations

from typing import Any

from ...engine.effects import never
from ...engine.game import Game, Procedure
from . import board, combat, placing, powers, reactions
from .combat import add_condition, attack_roll, drain_power, hero_ac, hurt
from .hazards import disable, fall_in
from .levels import level_up_offer
from .powers import POWERS
from .state import HERO, Figure, State



def _trap_of(game: Game, attacker: str) -> str | None:
    """The trap card whose marker made an encounter attack, when the attacker names one."""
    s: State = game.state
    for card in s.markers:
        e = game.content.encounters.get(card)
        if e is not None and e.type == "trap" and attacker.startswith(e.name):
            return card
    return None


@POWERS("tumbling_escape", "practiced_evasion", offer=never)
def attack_hero(game: Game, rule: str, attacker: str, hero: Figure, attack: Any, card: str | None = None,
                monster: Figure | None = None) -> Procedure:
    """A monster, villain, trap or event attack against a hero or villager: returns hit.

    `monster` is the attacking figure when known (bravery is then offered before the first
    attack of its activation); `card` the encounter card of an event or trap attack.  A hit
    may turn into a miss: tumbling escape (monster attacks), practiced evasion (encounter
    attacks, a trap also gets a free disable roll).  Noble shield forces a natural 20."""
    s: State = game.state
    if monster is not None and monster.flags.get("bravery_phase") != s.villain_phase:
        yield from reactions.monster_activates_bravery(game, monster)
    if hero.side == HERO:
        ac, parts = hero_ac(game, hero)
    else:
        ac, parts = hero.ac, {}
    forced = 20 if hero.flags.pop("noble_shield", False) else None
    hit, _ = yield from attack_roll(game, rule, attacker, hero.name, attack.bonus, ac, {},
                                    {"base_ac": hero.ac, "ac_modifiers": parts}, forced=forced,
                                    victim=hero if hero.side == HERO else None)
    dodge = None
    if hit and hero.side == HERO and hero.up and forced is None:
        if rule == "ash.combat.monster_attack" and powers.ready(hero, "tumbling_escape"):
            if (yield from combat.ask(game, hero, "tumbling_escape", "the blow misses and you roll away")):
                dodge = "tumbling_escape"
        elif rule == "ash.encounter.attack" and powers.ready(hero, "practiced_evasion") and card is not None \
                and card in game.content.encounters \
                and game.content.encounters[card].type in ("trap", "event_attack") \
                and (yield from combat.ask(game, hero, "practiced_evasion", "the attack misses you")):  # not hazards
            dodge = "practiced_evasion"
        if dodge:
            powers.spend(game, hero, dodge)
            hit = False
            game.emit("dodge", hero=hero.id, text=f"{hero.name} turns the hit into a miss.")
    if hit:
        yield from hurt(game, hero, attack.damage, attacker)
        for cond in attack.conditions:
            add_condition(game, hero, cond)
        if attack.into_pit:
            fall_in(game, hero)
        if attack.flips_power and hero.side == HERO:
            drain_power(game, hero, attacker)
    else:
        if hero.flags.get("mirror_images") and monster is not None:  # each *monster* miss pops one
            hero.flags["mirror_images"] -= 1
            game.emit("power", hero=hero.id,
                      text=f"A mirror image of {hero.name} bursts ({hero.flags['mirror_images']} left).")
        if attack.miss_damage:
            yield from hurt(game, hero, attack.miss_damage, attacker)
        for cond in attack.miss_conditions:
            add_condition(game, hero, cond)
    if dodge == "tumbling_escape" and hero.up:
        cells = powers.cells_within(s, hero, 1)
        cell = yield from placing.choose_cell(game, hero, cells, "Tumbling Escape: roll to which tile?", "Roll to")
        if cell is not None and cell not in board.cells_of(hero):
            placing.place_on_tile(game, hero, cell, "tumbles onto")
    if dodge == "practiced_evasion":
        trap = card if card is not None and card in s.markers else _trap_of(game, attacker)
        if trap is not None and game.content.encounters[trap].type == "trap":
            yield from disable(game, hero, trap)
            yield from level_up_offer(game, hero)  # a natural 20 on the free disable roll counts now
    return hit
