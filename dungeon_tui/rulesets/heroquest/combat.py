"""Combat dice (§2.2, §5.5): skulls hit; a hero's white shields and a monster's black shields
block.  Every roll is a Roll event whose faces are the words on the dice."""
from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from ...engine.dice import roll, roll_event
from ...engine.game import DUNGEON, Action, Decision, Game, Procedure
from .state import DEAD, HERO, Figure, State
from ...engine.words import counted

SKULL, WHITE, BLACK = "skull", "white shield", "black shield"


def instantly(act: Callable[..., Any]) -> Callable[..., Procedure]:
    """An effect that asks nothing and rolls nothing, as a procedure like those that do (the
    registries of spells and cards run every effect the same way)."""
    @wraps(act)
    def run(*args: Any) -> Procedure:
        return act(*args)
        yield  # never reached: it makes `run` a procedure
    return run


def face_word(n: int) -> str:
    return SKULL if n <= 3 else WHITE if n <= 5 else BLACK


COMBAT_FACES = tuple(face_word(n) for n in range(1, 7))  # what a combat die shows, face 1 first


def combat_roll(game: Game, n: int, rule: str, counts: str, *, inputs: dict[str, Any],
                modifiers: dict[str, int], text: str, most: int | None = None,
                by: Figure | None = None) -> Procedure:
    """Roll n combat dice; the outcome is how many show `counts` (no more than `most`: a
    defence blocks at most the hits it faces).  `by`: the figure whose player rolls them."""
    seat = None if by is None else game.state.seat_of.get(by.id, DUNGEON)
    faces: tuple[int, ...] = (yield from roll(game, n, 6, rule, COMBAT_FACES, seat)) if n > 0 else ()
    words = [face_word(f) for f in faces]
    got = words.count(counts) if most is None else min(most, words.count(counts))
    if not game.unseen:  # the log's line, made only for someone to read (see Game.unseen)
        roll_event(game, rule, counted(n, "combat die", "combat dice"), words,  # combat dice show words
                   inputs=inputs, modifiers=modifiers, outcome=got,
                   text=text.format(faces=", ".join(words) or "no dice", n=got, s="" if got == 1 else "s"))
    return got


def item(content: Any, key: str) -> Any:
    return content.equipment.get(key) or content.artifacts.get(key)


def weapon_of(figure: Figure, content: Any) -> Any:
    """The main weapon: the one chosen this turn, else the first carried; None = unarmed."""
    # One pass, no list (asked for every hero's dice the companions weigh): the chosen one if
    # he carries it, else the first.
    main = figure.flags.get("main")
    first = None
    for i in figure.equipment:
        eq = item(content, i)
        if eq is not None and eq.kind == "weapon":
            if i == main:
                return eq
            if first is None:
                first = eq
    return first


def attack_dice(figure: Figure, content: Any, target: Figure | None = None) -> tuple[int, dict[str, int]]:
    """A figure's attack dice and the named modifiers (never below 1; feared attacks with 1)."""
    mods: dict[str, int] = {}
    if figure.side == HERO:
        w = weapon_of(figure, content)
        base = w.dice if w is not None else 1 if figure.attack > 0 else 0
        if w is not None and w.undead_dice and target is not None and target.kind in content.monsters \
                and "undead" in content.monsters[target.kind].tags:
            mods[f"{w.name} against the undead"] = w.undead_dice - w.dice
        if figure.flags.get("courage"):
            mods["courage"] = 2
        if figure.flags.get("strength"):
            mods["potion of strength"] = 2
    else:
        base = figure.attack
    if figure.flags.get("in_pit"):
        mods["in a pit"] = -1
    n = max(1, base + sum(mods.values())) if base > 0 else 0
    if figure.flags.get("feared"):
        n = 1
    return n, mods


def defend_dice(figure: Figure, content: Any) -> tuple[int, dict[str, int]]:
    mods: dict[str, int] = {}
    base = figure.defend
    if figure.side == HERO:
        main = weapon_of(figure, content)
        for key in figure.equipment:
            eq = item(content, key)
            if eq is None or eq.defend == 0:
                continue
            if eq.kind == "shield" and main is not None and main.two_handed:
                continue
            mods[eq.name] = eq.defend
        if figure.flags.get("rock_skin"):
            mods["rock skin"] = 1
        if figure.flags.get("defense_potion"):
            mods["potion of defence"] = 2
    if figure.flags.get("in_pit"):
        mods["in a pit"] = -1
    if figure.flags.get("asleep"):
        return 0, {"asleep": -(base + sum(mods.values()))}
    return max(1, base + sum(mods.values())), mods


def strike(game: Game, attacker: Figure, target: Figure, dice: int | None = None,
           mods: dict[str, int] | None = None, rule: str = "hq.combat.attack") -> Procedure:
    """One attack: skulls against the target's shields; returns the Body lost."""
    c = game.content
    if dice is None:
        dice, mods = attack_dice(attacker, c, target)
    target.flags["attacked"] = True
    hits = yield from combat_roll(game, dice, rule, SKULL, inputs={"attacker": attacker.name, "dice": dice},
                                  modifiers=mods or {},
                                  text=f"{attacker.name} attacks {target.name}: {{faces}} = {{n}} hit{{s}}.")
    if hits == 0:
        return 0
    if target.side == HERO and "defense" in target.potions and target.id in game.state.seat_of:
        yield from offer_defence_potion(game, target)
    ddice, dmods = defend_dice(target, c)
    if target.side == HERO:
        rule_d, shield = "hq.combat.defend_hero", WHITE
        target.flags.pop("defense_potion", None)
    else:
        rule_d, shield = "hq.combat.defend_monster", BLACK
    blocks = yield from combat_roll(game, ddice, rule_d, shield, inputs={"defender": target.name, "dice": ddice,
                                                                         "hits": hits},
                                    modifiers=dmods, text=f"{target.name} defends: {{faces}} = {{n}} blocked.",
                                    most=hits, by=target)
    damage = hits - blocks
    lose_body(game, target, damage, f"{attacker.name}'s attack")
    attacker.damage_dealt += damage
    if target.status == DEAD:
        attacker.kills += 1
    return damage


def offer_defence_potion(game: Game, target: Figure) -> Procedure:
    """A pause before a hero defends: he may drink a potion of defence for this blow."""
    seat = game.state.seat_of[target.id]
    opts = [Action.make(seat, "drink", text=f"{target.name} drinks the potion of defence", who=target.id,
                        potion=target.potions.index("defense")),
            Action.make(seat, "pass", text=f"{target.name} keeps the potion", who=target.id)]
    pick = yield Decision(seat, f"{target.name} is hit: drink the potion of defence?", opts,
                          context={"figure": target.id, "defending": True})
    if pick.kind == "drink":
        target.potions.remove("defense")
        target.flags["defense_potion"] = True
        game.emit("drink", figure=target.id, potion="defense", text=f"{target.name} drinks a potion of defence.")


def lose_body(game: Game, figure: Figure, n: int, cause: str) -> None:
    if n <= 0:
        game.emit("no_damage", figure=figure.id, text=f"{figure.name} takes no damage.")
        return
    before = figure.body
    figure.body = max(0, figure.body - n)
    figure.damage_taken += before - figure.body
    figure.flags.pop("rock_skin", None)
    game.emit("damage", figure=figure.id, amount=before - figure.body, body=figure.body,
              text=f"{figure.name} loses {counted(before - figure.body, 'Body Point')} ({cause}); {figure.body} left.")
    if figure.body == 0 and figure.side != HERO:
        kill_monster(game, figure)


def kill_monster(game: Game, monster: Figure) -> None:
    s: State = game.state
    monster.status = DEAD
    monster.pos = None
    game.emit("death", figure=monster.id, text=f"{monster.name} is slain.")
    s.flags[f"dead:{monster.id}"] = True
