"""Which attack a companion makes (issue 19): the expected damage of each offered power against
what it can hit, worth more against the adventure's villain or chamber foes and when it fells a
figure; daily powers are kept for the chamber and the villain unless a friend is in danger."""
from __future__ import annotations

from typing import Any

from ....engine.game import Action, Game
from .. import board, combat
from ..state import VILLAIN, Figure
from .reading import chamber_goal_foes, in_danger

DAILY_THRIFT = 0.35  # a daily's worth against a common monster, before a friend is in danger


def hit_chance(game: Game, m: Figure, bonus: int) -> float:
    ac, _ = combat.foe_ac(game, m)
    return min(0.95, max(0.05, (21 - (ac - bonus)) / 20))


def threat(game: Game, m: Figure) -> int:
    """The most damage one of the figure's attacks deals (an archer's arrow, a bear's claws)."""
    c = game.content
    card = c.monsters.get(m.kind) or c.villains.get(m.kind)
    return max((a.damage for a in card.attacks.values()), default=1) if card is not None else 1


def targets_of(game: Game, a: Action) -> list[Figure]:
    s = game.state
    if a.get("target"):
        return [s.figures[a.get("target")]]
    return [m for m in s.targets() if tuple(a.get("tile")) in board.cells_of(m)]


def value(game: Game, a: Action, goal: set[str]) -> tuple[float, list[Figure]]:
    """Expected worth of an attack: damage that lands (capped by HP left), with a bonus for a
    likely kill (a felled monster stops attacking) and for the adventure's own foes."""
    p = game.content.powers[a.get("power")]
    bonus = p.attack.bonus if p.attack.bonus is not None else 99
    worth = 0.0
    hit = targets_of(game, a)
    for m in hit:
        chance = hit_chance(game, m, bonus)
        per = p.attack.damage
        count = p.attack.count
        dealt = chance * per * count + (1 - chance) * p.attack.miss_damage * count
        worth += min(m.hp, dealt)
        if per * count >= m.hp:  # felled on a hit: the harder it strikes, the more a kill saves
            worth += chance * (0.5 + 0.5 * threat(game, m) + 0.5 * (m.side == VILLAIN))
        if m.id in goal:
            worth += 0.5 * min(m.hp, dealt)
    return worth, hit


def best_attack(game: Game, h: Figure, options: list[Action]) -> tuple[Action, str]:
    s = game.state
    goal = chamber_goal_foes(game)
    pressed = in_danger(h) or any(in_danger(o) for o in s.heroes() if o.on_board)

    def score(a: Action) -> tuple[float, int, str]:
        p = game.content.powers[a.get("power")]
        worth, hit = value(game, a, goal)
        if p.type != "at_will":
            big = any(m.id in goal or m.side == VILLAIN or m.hp >= 3 for m in hit)
            # A daily spent on a 1-HP kobold is missing when the villain comes: keep it unless
            # it strikes what matters or a friend is about to fall.
            worth *= 1.0 if big else (0.8 if pressed else DAILY_THRIFT)
        weakest = min((m.hp for m in hit), default=99)
        return (-worth, weakest, a.get("power"))
    best = min(options, key=score)
    p = game.content.powers[best.get("power")]
    hit = targets_of(game, best)
    names = ", ".join(m.name for m in hit) or "nothing"
    why = [f"{p.name} at {names}"]
    if any(m.id in goal for m in hit):
        why.append("the adventure is won by felling it")
    elif hit and min(m.hp for m in hit) <= p.attack.damage * p.attack.count:
        why.append(f"a hit fells it ({min(m.hp for m in hit)} HP left)")
    if p.type != "at_will":
        why.append("worth the daily power")
    else:
        why.append("at-will, so the daily powers stay ready")
    return best, "; ".join(why)


def damaging(game: Game, a: Action) -> bool:
    p = game.content.powers[a.get("power")]
    if p.attack is None:
        return False
    if p.attack.bonus is None:  # the flaming sphere: worth it with monsters on the tile
        return bool(a.get("tile")) and any(tuple(a.get("tile")) in board.cells_of(m) for m in game.state.foes())
    return True


def target_pick(game: Game, options: list[Action]) -> tuple[Action, str]:
    """A power's own choice of figure: the most hurt hero, or the foe that matters most."""
    s = game.state
    goal = chamber_goal_foes(game)

    def key(a: Action) -> tuple[int, int]:
        f: Any = s.figures[a.get("target")]
        if f.side == "hero":
            return (0, f.hp - f.max_hp)
        return (0 if f.id in goal else 1, f.hp)
    best = min(options, key=key)
    f = s.figures[best.get("target")]
    if f.side == "hero":
        return best, f"{f.name} is the most hurt ({f.hp}/{f.max_hp} HP)"
    return best, f"{f.name}: " + ("the adventure's foe" if f.id in goal else f"{f.hp} HP left, the weakest")
