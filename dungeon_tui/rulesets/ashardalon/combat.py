"""Attack rolls, damage, defeat, experience and treasure (spec §5.4, §5.9, §5.11).

Every d20 attack is one roll event: `target` the effective armour class, `inputs.attack_bonus`
the printed bonus, `modifiers` each named modifier to the roll; hit exactly when face + bonus
+ modifiers >= target."""
from __future__ import annotations

from collections.abc import Callable
from itertools import product
from typing import Any

from ...engine.dice import roll, roll_event
from ...engine.effects import Effects, never
from ...engine.game import Action, Decision, Game, Procedure
from . import board, decks, hooks
from .choosing import holders_from
from .dealing import deal_random
from .state import HERO, MONSTER, VILLAGER, VILLAIN, Figure, State

D20 = "1d20"
INSPIRING = "ash.reroll.inspiring_advice"  # rule ids of the two reroll reactions
LUCKY = "ash.reroll.lucky_charm"


def d20(game: Game, rule: str) -> Procedure:
    faces = yield from roll(game, 1, 20, rule)
    return faces[0]


# -- armour class and bonuses -----------------------------------------------------------------

# treasure item id -> its effect: a hero-phase item's use (offered by items.options), or the rule
# that reads a reaction item where it triggers (offer `never`).  In-play items with no attack are
# plain numbers read here (attack, AC, damage and speed bonuses) and need no effect.
ITEMS: Effects[Callable[..., Any]] = Effects("treasure item")


def item_of(game: Game, card: str) -> Any:
    return game.content.items[decks.kind_of(card)]


def ready_items(game: Game, hero: Figure) -> list[tuple[str, Any]]:
    return [(card, item_of(game, card)) for card, up in hero.items.items() if up]


def hero_ac(game: Game, hero: Figure) -> tuple[int, dict[str, int]]:
    """Effective AC and its named parts: at most one item AC bonus (the best, blessed_shield
    of a hero on the same tile included), cleric's shield, mirror images, curses."""
    s: State = game.state
    mods: dict[str, int] = {}
    best = max((i.ac_bonus for _, i in ready_items(game, hero) if i.ac_bonus), default=0)
    if hero.on_board:
        for other in s.heroes():
            if other is not hero and other.on_board and board.same_tile(hero, other):
                best = max([best] + [i.ac_bonus for _, i in ready_items(game, other)
                                     if i.ac_bonus and i.ac_covers == "heroes_on_tile"])
    if best:
        mods["item"] = best
    if hero.flags.get("clerics_shield"):
        mods["clerics_shield"] = 2
    if hero.flags.get("mirror_images"):
        mods["mirror_image"] = 2 * hero.flags["mirror_images"]
    for curse in hero.curses:
        if game.content.encounters[curse].ac_mod:
            mods[curse] = game.content.encounters[curse].ac_mod
    return hero.ac + sum(mods.values()), mods


def foe_ac(game: Game, monster: Figure) -> tuple[int, dict[str, int]]:
    """A monster's AC with its own conditional bonus (Meerak's shield of kobolds)."""
    s: State = game.state
    mods: dict[str, int] = {}
    if monster.side == VILLAIN:
        for keyword, n in game.content.villains[monster.kind].ac_bonus_near.items():
            if any(o.side == MONSTER and keyword in game.content.monsters[o.kind].keywords
                   and board.adjacent(s, monster, o) for o in s.foes()):
                mods[f"{keyword.lower()}_shield"] = n
    return monster.ac + sum(mods.values()), mods


def hero_attack_mods(game: Game, hero: Figure, monster: Figure) -> dict[str, int]:
    """Roll modifiers a hero brings to every attack: one item bonus (the best that applies), curses."""
    s: State = game.state
    best, still = 0, False
    near = board.adjacent(s, hero, monster)
    within_1 = board.figure_tiles(s, hero, monster) <= 1
    for _, i in ready_items(game, hero):
        if not i.attack_bonus or (i.attack_vs == "adjacent" and not near) \
                or (i.attack_vs == "within_1" and not within_1):
            continue
        bonus = i.attack_bonus
        if i.unmoved_attack_bonus and not hero.flags.get("moved"):
            bonus = i.unmoved_attack_bonus
        if bonus > best:
            best, still = bonus, bonus == i.unmoved_attack_bonus
    if still:
        hero.flags["no_move"] = True  # the dwarven hammer's still-footed blow: no moving after it
    mods = {"item": best} if best else {}
    for curse in hero.curses:
        if game.content.encounters[curse].attack_mod:
            mods[curse] = game.content.encounters[curse].attack_mod
    return mods


def damage_bonus(game: Game, hero: Figure, monster: Figure, face: int) -> dict[str, int]:
    """Extra damage on a hit: items against adjacent monsters, critical dice, level 2."""
    s: State = game.state
    out: dict[str, int] = {}
    near = board.adjacent(s, hero, monster)
    for _, i in ready_items(game, hero):
        if i.damage_bonus and near:
            out[i.name] = out.get(i.name, 0) + i.damage_bonus
        if i.crit_from is not None and face >= i.crit_from and near:
            out[i.name] = out.get(i.name, 0) + 1
    if hero.level >= 2 and face == 20:
        out["critical"] = game.content.level_2.critical_damage
    return out


# -- rolls ---------------------------------------------------------------------------------------

def attack_roll(game: Game, rule: str, attacker: str, defender: str, bonus: int, target: int,
                modifiers: dict[str, int], inputs: dict[str, Any] | None = None, forced: int | None = None,
                hero: Figure | None = None, victim: Figure | None = None) -> Procedure:
    """One d20 attack: returns (hit, face).  `forced` is a natural face some power imposes (no
    reroll then).  `hero` is the attacking hero (a miss may be rerolled: inspiring advice, his
    lucky charm), `victim` the hero attacked (a hit may be rerolled with his lucky charm); a
    reroll is its own roll event and replaces the face."""
    face = forced if forced is not None else (yield from d20(game, rule))
    total = face + bonus + sum(modifiers.values())
    hit = total >= target
    shown = "".join(f" {v:+d} {k.replace('_', ' ')}" for k, v in modifiers.items())
    roll_event(game, rule, D20, (face,), target=target, inputs={"attack_bonus": bonus, "attacker": attacker,
                                                                   "defender": defender, **(inputs or {})},
               modifiers=modifiers, outcome="hit" if hit else "miss",
               text=f"{attacker} attacks {defender}: d20 {face} {bonus:+d}{shown} = {total} vs AC {target}: "
                    + ("hit" if hit else "miss"))
    if forced is not None or (hero is None and victim is None):
        return hit, face
    used: set[str] = set()
    while True:
        taken = yield from hooks.rerolls(game, hero, victim, hit, used)
        if taken is None:
            return hit, face
        again, owner = taken
        used.add(again)
        face = yield from d20(game, again)
        total = face + bonus + sum(modifiers.values())
        hit = total >= target
        roll_event(game, again, D20, (face,), target=target,
                   inputs={"attack_bonus": bonus, "attacker": attacker, "defender": defender, "replaces": rule,
                           **(inputs or {})},
                   modifiers=modifiers, outcome="hit" if hit else "miss",
                   text=f"Reroll: {attacker} attacks {defender}: d20 {face} {bonus:+d}{shown} = {total} "
                        f"vs AC {target}: " + ("hit" if hit else "miss"))
        if again == INSPIRING and not hit:
            owner.powers["inspiring_advice"] = True
            owner.flags["inspired_turn"] = game.state.turn
            game.emit("power", hero=owner.id, text="Inspiring Advice stays ready after the second miss.")


def drain_power(game: Game, hero: Figure, attacker: str) -> None:
    """Bellax's eye ray: one of the hero's face-up dailies or utilities turns face down, the
    villain's choice - a daily first (the costlier loss), then a utility, in card order."""
    kinds = {pid: game.content.powers[pid].type for pid, up in hero.powers.items() if up}
    pick = next((p for p in kinds if kinds[p] == "daily"), None) \
        or next((p for p in kinds if kinds[p] == "utility"), None)
    if pick is None:
        return
    hero.powers[pick] = False
    game.emit("power_used", hero=hero.id, power=pick,
              text=f"{attacker} drains {hero.name}'s {game.content.powers[pick].name}: the card turns face down.")


def add_condition(game: Game, hero: Figure, cond: str) -> None:
    if hero.side != HERO or cond in hero.conditions or not hero.on_board:
        return
    hero.conditions.append(cond)
    game.emit("condition", hero=hero.id, condition=cond, text=f"{hero.name} is {cond}.")


@ITEMS("bracers_of_defense", offer=never)
def hurt(game: Game, figure: Figure, n: int, source: str) -> Procedure:
    """Damage to a hero or villager: never below 0; at 0 a hero lies down, a villager is gone.
    Bracers of defense may take some of a hero's damage."""
    if n <= 0 or not (figure.on_board or figure.flags.get("in_pit")) or figure.hp <= 0:
        return
    if figure.side == HERO:
        bracers = next((c for c, up in figure.items.items() if up and item_of(game, c).damage_reduction), None)
        cut = item_of(game, bracers).damage_reduction if bracers is not None else 0
        less = f"take {max(0, n - cut)} damage instead of {n}" if bracers is not None else ""
        if bracers is not None and (yield from ask(game, figure, bracers, less)):
            figure.items[bracers] = False
            n -= item_of(game, bracers).damage_reduction
            game.emit("item", hero=figure.id, text=f"{figure.name}'s bracers turn part of the blow.")
            if n <= 0:
                return
    figure.hp = max(0, figure.hp - n)
    game.emit("damage", figure=figure.id, amount=n, hp=figure.hp,
              text=f"{figure.name} takes {n} damage from {source} ({figure.hp} HP left).")
    if figure.hp == 0:
        if figure.side == VILLAGER:
            figure.pos = None
            game.emit("defeat", figure=figure.id, text=f"{figure.name} the villager is slain.")
        else:
            game.emit("down", figure=figure.id, text=f"{figure.name} falls to 0 HP.")
    yield from ()


def heal(game: Game, hero: Figure, n: int, source: str) -> int:
    """Regain up to max HP (villagers cannot be healed [H D15]); returns HP gained."""
    if hero.side != HERO or n <= 0 or hero.hp >= hero.max_hp:
        return 0
    gained = min(n, hero.max_hp - hero.hp)
    hero.hp += gained
    game.emit("heal", figure=hero.id, amount=gained, hp=hero.hp,
              text=f"{hero.name} regains {gained} HP ({source}): {hero.hp}/{hero.max_hp}.")
    return gained


def damage_foe(game: Game, monster: Figure, n: int, by: Figure | None, source: str) -> Procedure:
    """Damage to a monster, villain or object; at 0 it is defeated."""
    if n <= 0 or not monster.on_board:
        return
    monster.hp = max(0, monster.hp - n)
    monster.damage_taken += n
    game.emit("damage", figure=monster.id, amount=n, hp=monster.hp,
              text=f"{monster.name} takes {n} damage ({source}): {monster.hp} HP left.")
    if monster.side == VILLAIN:
        # Spec §2.4 / §10 example 11: the flip counts total damage, so a blow that takes the
        # unflipped drake to 0 (3 then 4 of its 6 HP) still flips it with 10 - 7 = 3 HP left.
        enrage(game, monster)
    if monster.hp == 0:
        yield from defeat(game, monster, by)


def enrage(game: Game, monster: Figure) -> None:
    """The Rage Drake flips after enough damage: its HP becomes the enraged total less the damage."""
    rage = game.content.villains[monster.kind].enraged
    if rage is None or monster.enraged or monster.damage_taken < rage.at_damage:
        return
    monster.enraged = True
    monster.hp = max(0, rage.total_hp - monster.damage_taken)
    monster.max_hp = rage.total_hp
    game.emit("enraged", figure=monster.id, hp=monster.hp,
              text=f"{monster.name} flies into a rage! ({monster.hp} HP left)")


def defeat(game: Game, monster: Figure, by: Figure | None) -> Procedure:
    s: State = game.state
    c = game.content
    monster.pos = None
    game.emit("defeat", figure=monster.id, by=by.id if by else None, text=f"{monster.name} is defeated.")
    if monster.side == MONSTER:
        s.trophies += 1
        yield from monster_card_to_xp(game, monster, by)
    elif monster.side == VILLAIN:
        s.xp.append(f"villain:{monster.kind}")
        game.emit("xp", card=f"villain:{monster.kind}",
                  text=f"{monster.name} goes to the experience pile ({c.villains[monster.kind].xp} XP).")
    if by is not None and by.side == HERO:
        if "bloodlust" in by.curses:
            end_curse(game, by, "bloodlust")
        if monster.side in (MONSTER, VILLAIN) and s.treasure_turn != s.turn:
            s.treasure_turn = s.turn
            yield from draw_treasure(game, by)


def monster_card_to_xp(game: Game, monster: Figure, by: Figure | None) -> Procedure:
    """The attacker's own card of that name goes to the pile, else the first holder's
    clockwise; Legion Devil cards go only when no Legion Devil is left on the board."""
    s: State = game.state
    c = game.content
    if c.monsters[monster.kind].figures_per_card > 1 and any(f.kind == monster.kind and f.on_board for f in s.foes()):
        return
    for holder in holders_from(s, by):
        row = s.rows[holder]
        for card in list(row):
            if decks.kind_of(card) == monster.kind:
                row.remove(card)
                s.xp.append(card)
                kind = c.monsters[monster.kind]
                game.emit("xp", card=card, text=f"{kind.name} ({kind.xp} XP) goes to "
                                                 f"the experience pile from {s.figures[holder].name}'s cards.")
                if c.monsters[monster.kind].figures_per_card > 1:
                    continue  # every Legion Devil card goes
                return
    yield from ()


def end_curse(game: Game, hero: Figure, curse: str) -> None:
    if curse in hero.curses:
        hero.curses.remove(curse)
        decks.discard(game.state, "encounter", curse)
        game.emit("curse_ends", hero=hero.id, curse=curse,
                  text=f"{game.content.encounters[curse].name} leaves {hero.name}.")


def draw_treasure(game: Game, h: Figure) -> Procedure:
    """The defeating hero's player draws a treasure card and gives it to any hero [H D10]."""
    s: State = game.state
    if any(o.flags.get("deal_powers") for o in s.heroes()):
        yield from deal_random(game)  # random powers are dealt before the first treasure of setup
    card = yield from decks.draw(game, "treasure")
    if card is None:
        game.emit("treasure", hero=h.id, text="The treasure deck is empty.")
        return None
    item = item_of(game, card)
    game.emit("treasure", hero=h.id, card=card, found=True, text=f"{h.name} finds {item.name}: {item.text}")
    h.items[card] = True  # the finder holds it while he decides who gets it
    heroes = [h] + [o for o in s.heroes() if o is not h and not o.escaped]
    to = h
    if len(heroes) > 1:
        seat = s.seat_of[h.id]
        opts = [Action.make(seat, "give", text=f"{'Keep' if o is h else 'Give it to ' + o.name} ({item.name})",
                            hero=o.id, card=card) for o in heroes]
        a = yield Decision(seat, f"Who gets the {item.name}?", opts, context={"figure": h.id, "card": card})
        to = s.figures[a.get("hero")]
    if to is not h:
        del h.items[card]
        to.items[card] = True
    if to is not h:
        game.emit("treasure", hero=to.id, card=card, text=f"{h.name} hands the {item.name} to {to.name}.")
    return card


# -- experience (§5.9) ----------------------------------------------------------------------------

def xp_value(game: Game, card: str) -> int:
    if card.startswith("villain:"):
        return int(game.content.villains[card.split(":")[1]].xp)
    return int(game.content.monsters[decks.kind_of(card)].xp)


def xp_total(game: Game) -> int:
    return sum(xp_value(game, c) for c in game.state.xp)


def spend_sets(game: Game, cost: int) -> list[tuple[int, ...]]:
    """Every minimal multiset of pile values reaching `cost` (dropping any card falls short),
    best for the AI first: smallest sum, fewest cards, lowest values."""
    if cost <= 0:
        return [()]
    counts: dict[int, int] = {}
    for card in game.state.xp:
        v = xp_value(game, card)
        counts[v] = counts.get(v, 0) + 1
    values = sorted(counts)
    out = []
    for pick in product(*(range(counts[v] + 1) for v in values)):
        chosen = tuple(v for v, k in zip(values, pick, strict=False) for _ in range(k))
        total = sum(chosen)
        if total >= cost and chosen and total - min(chosen) < cost:
            out.append(tuple(sorted(chosen, reverse=True)))
    return sorted(set(out), key=lambda t: (sum(t), len(t), sorted(t)))


def spend(game: Game, values: tuple[int, ...]) -> list[str]:
    """Discard pile cards of these values (the earliest of each value first)."""
    s: State = game.state
    spent = []
    for v in values:
        card = next(c for c in s.xp if xp_value(game, c) == v and c not in spent)
        spent.append(card)
    for card in spent:
        s.xp.remove(card)
        if not card.startswith("villain:"):
            decks.discard(s, "monster", card)
    return spent


def ask(game: Game, hero: Figure, pid: str, what: str, kind: str = "react") -> Procedure:
    """Offer a reaction power to its owner's seat: use it now or keep it."""
    s: State = game.state
    seat = s.seat_of[hero.id]
    name = game.content.powers[pid].name if pid in game.content.powers else item_of(game, pid).name
    options = [Action.make(seat, kind, text=f"Keep {name}", power=pid, use=False),
               Action.make(seat, kind, text=f"Use {name}: {what}", power=pid, use=True)]
    a = yield Decision(seat, f"{hero.name} may use {name}", options, context={"figure": hero.id, "reaction": pid})
    return bool(a.get("use"))
