"""What the dice promise, worked out exactly from the profiles the table can read: a monster's
expected Wounds on a warrior, a warrior's chance to kill a monster.  No dice are rolled here, so
a companion's choice never depends on what the game's dice will do."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from .. import stats
from ..state import HERO, Figure


@lru_cache(maxsize=256)
def _sums(dice: int) -> tuple[tuple[int, float], ...]:
    """The chance of each total of `dice` D6."""
    dist = {0: 1.0}
    for _ in range(dice):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / 6
        dist = nxt
    return tuple(sorted(dist.items()))


@lru_cache(maxsize=1024)
def mean_wounds(dice: int, bonus: int) -> float:
    """Expected max(0, total of `dice` D6 + bonus)."""
    return sum(p * max(0, total + bonus) for total, p in _sums(dice))


@lru_cache(maxsize=1024)
def chance_at_least(dice: int, bonus: int, wounds: int) -> float:
    """Chance that `dice` D6 + bonus deal at least `wounds`."""
    return sum(p for total, p in _sums(dice) if total + bonus >= wounds)


@lru_cache(maxsize=256)
def _axe(bonus: int, wounds: int) -> float:
    """The Dwarf's great axe: 2D6 keep the higher, a double counts both; double 1 trips."""
    n = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if a == b == 1:
                continue
            base = a + b if a == b else max(a, b)
            n += base + bonus >= wounds
    return n / 36


def hit_chance(need: int) -> float:
    """A D6 test by the 1-and-6 rule."""
    return min(5, max(1, 7 - need)) / 6


def monster_blow(content: Any, monster: Figure, warrior: Figure) -> float:
    """Expected Wounds one monster's whole attack deals the warrior this phase."""
    prof = content.monsters[monster.kind]
    if warrior.flags.get("in_pit") or warrior.flags.get("invisible") or warrior.flags.get("levitate"):
        return 0.0
    need = stats.to_hit(content, stats.ws(content, monster), stats.ws(content, warrior))
    if warrior.flags.get("tripped"):
        need = max(2, need - 2)
    p = 1 / 6 if warrior.flags.get("shielded") else hit_chance(need)
    if stats.has(content, warrior, "dodge"):
        p *= 5 / 6
    if "web" in prof.specials:
        return p * 2.0  # a web, then bites of D3 that no armour stops
    if "swarm" in prof.specials:
        return p * 1.0
    per = mean_wounds(prof.damage_dice, stats.strength(content, monster) - stats.toughness(content, warrior))
    return stats.attacks(content, monster) * p * per


def striker_key(monster: Figure) -> tuple[Any, ...]:
    """The monster's half of everything of a pair `monster_blow` reads, besides the content
    (`struck_key` the warrior's): two pairs alike have the same expected blow, so a game's
    companions work each out once (keep the keys in step with `monster_blow`)."""
    m = monster.flags
    if _STRIKER_MARKS.isdisjoint(m):  # mostly none: the key without a look for each
        plain = _PLAIN_STRIKERS.get(monster.kind)
        if plain is None or plain[1] != monster.side:
            plain = _plain_key(_PLAIN_STRIKERS, monster.kind, (monster.kind, monster.side, 0, 0, 0, 0, False))
        return plain
    return (monster.kind, monster.side, m.get("ws_mod", 0), m.get("s_mod", 0), m.get("a_mod", 0), m.get("a_perm", 0),
            bool(m.get("berserk")))


def struck_key(warrior: Figure) -> tuple[Any, ...]:
    """The warrior's half of the key (see `striker_key`)."""
    w = warrior.flags
    if _STRUCK_MARKS.isdisjoint(w):  # mostly none: the key without a look for each
        plain, cloaks = _PLAIN_STRUCK.get(warrior.kind), stats.fur_cloaks(warrior)
        if plain is None or plain[1] != warrior.side or plain[10] != cloaks:
            plain = _plain_key(_PLAIN_STRUCK, warrior.kind,
                               (warrior.kind, warrior.side, False, False, False, False, False, 0, 0, False, cloaks))
        return plain
    return (warrior.kind, warrior.side, bool(w.get("in_pit")), bool(w.get("invisible")),
            bool(w.get("levitate")), bool(w.get("tripped")), bool(w.get("shielded")), w.get("ws_mod", 0),
            w.get("t_mod", 0), bool(w.get("unarmoured")),
            stats.fur_cloaks(warrior))


# Each kind's key with none of the marks, made once and handed out again (the same tuple, so a
# board's keys are compared item by item at a glance): a kind's side and cloaks are checked
# at every ask, and a kind whose key changes has it made afresh.  One a kind (a few dozen).
_PLAIN_STRIKERS: dict[str, tuple[Any, ...]] = {}
_PLAIN_STRUCK: dict[str, tuple[Any, ...]] = {}
PLAIN_KEPT = 256


def _plain_key(kept: dict[str, tuple[Any, ...]], kind: str, key: tuple[Any, ...]) -> tuple[Any, ...]:
    if len(kept) >= PLAIN_KEPT:  # a content pack's every kind asked in one run: made again as they come
        kept.clear()
    kept[kind] = key
    return key


# The marks each half of the key reads (keep them in step with the keys above).
_STRIKER_MARKS = frozenset(("ws_mod", "s_mod", "a_mod", "a_perm", "berserk"))
_STRUCK_MARKS = frozenset(("in_pit", "invisible", "levitate", "tripped", "shielded", "ws_mod", "t_mod", "unarmoured"))


def kill_chance(content: Any, warrior: Figure, monster: Figure, blows: int | None = None) -> float:
    """Chance the warrior's attacks this turn (all of them on this monster) kill it.  Kept by
    everything of the pair it reads (`_kill_key`) for the content last asked about: a
    companion weighs the same warriors against the same kinds of monster blow after blow."""
    if _KILLS[0] is not content:
        _KILLS[:] = [content, {}]
    known: dict[tuple[Any, ...], float] = _KILLS[1]
    key = _kill_key(warrior, monster, blows)
    found = known.get(key)
    if found is None:
        if len(known) >= KILLS_KEPT:
            known.clear()  # a long run's odd pairs: worked out again as they come
        found = known[key] = _kill_chance(content, warrior, monster, blows)
    return found


# The content `kill_chance` last worked for and its answers by `_kill_key`.
_KILLS: list[Any] = [None, {}]
KILLS_KEPT = 4096


def _kill_key(warrior: Figure, monster: Figure, blows: int | None) -> tuple[Any, ...]:
    """Everything `_kill_chance` reads of the pair besides the content: each side's profile
    (kind and side), the warrior's marks that move his Weapon Skill, Strength, blows and
    weapon, the monster's that move its Weapon Skill and Toughness, its Wounds left, and the
    blows counted (keep it in step with `_kill_chance` and the stats it asks)."""
    w, m = warrior.flags, monster.flags
    return (warrior.kind, warrior.side, w.get("ws_mod", 0), bool(w.get("auto_hit")), bool(w.get("unarmed")),
            w.get("s_mod", 0), w.get("weapon_bonus", 0), w.get("a_mod", 0), w.get("a_perm", 0), bool(w.get("berserk")),
            monster.kind, monster.side, m.get("ws_mod", 0), m.get("t_mod", 0), bool(m.get("unarmoured")),
            stats.fur_cloaks(monster) if monster.side == HERO else 0, monster.wounds, blows)


def _kill_chance(content: Any, warrior: Figure, monster: Figure, blows: int | None = None) -> float:
    need = stats.to_hit(content, stats.ws(content, warrior), stats.ws(content, monster))
    p_hit = 1.0 if warrior.flags.get("auto_hit") else hit_chance(need)
    p_one = p_hit * one_blow_kills(content, warrior, monster, monster.wounds)
    n = stats.attacks(content, warrior) if blows is None else blows
    # Later blows may finish a wounded monster; counting each as a fresh try is close enough.
    return 1 - (1 - p_one) ** max(1, n)


def one_blow_kills(content: Any, warrior: Figure, monster: Figure, wounds: int) -> float:
    """Chance one hit of the warrior deals at least `wounds`."""
    t = stats.toughness(content, monster)
    weapon = stats.melee_weapon(content, warrior)
    if warrior.flags.get("unarmed") or weapon is None:
        return chance_at_least(1, -t, wounds)
    bonus = stats.strength(content, warrior) + warrior.flags.get("weapon_bonus", 0) - t
    if stats.has(content, warrior, "great_axe"):
        return _axe(bonus, wounds)
    return chance_at_least(weapon.dice, bonus, wounds)


def shot_kills(content: Any, warrior: Figure, monster: Figure) -> float:
    """Chance one bow shot kills the monster."""
    bow = stats.bow(content, warrior)
    if bow is None:
        return 0.0
    bs = content.warriors[warrior.kind].bs or 6
    return hit_chance(bs) * chance_at_least(bow.dice, (bow.strength or 0) - stats.toughness(content, monster),
                                            monster.wounds)


def menace(content: Any, monster: Figure) -> float:
    """How much harm a monster does each turn it lives, against an average warrior (T4, WS4).
    Kept by the monster's `striker_key` (all of it that counts here) for the content last asked
    about: a companion weighs the same few kinds of monster again and again."""
    if _MENACE[0] is not content:
        _MENACE[:] = [content, {}]
    known: dict[tuple[Any, ...], float] = _MENACE[1]
    key = striker_key(monster)
    found = known.get(key)
    if found is None:
        found = known[key] = _menace(content, monster)
    return found


# The content `menace` last worked for (a process plays one game's content at a time) and its
# answers by `striker_key`.
_MENACE: list[Any] = [None, {}]


def _menace(content: Any, monster: Figure) -> float:
    prof = content.monsters[monster.kind]
    dice = prof.bow_damage or prof.damage_dice or 1
    per = mean_wounds(dice, stats.strength(content, monster) - 4)
    need = stats.to_hit(content, stats.ws(content, monster), 4)
    return max(0.5, stats.attacks(content, monster) * hit_chance(need) * per)
