"""Melee, shooting, damage, deathblow, berserk, the Dwarf's axe and the Elf's dodge."""
from __future__ import annotations


from ...engine.dice import natural_test, roll, roll_event
from ...engine.game import Action, Decision, Game, Procedure
from ...engine.grid import Sq
from . import stats
from .state import ACTIVE, DEAD, UNCONSCIOUS, Figure, State
from .words import The, counted, the


# Clockwise ring around a warrior: N, NE, E, SE, S, SW, W, NW.
RING: tuple[Sq, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def st(game: Game) -> State:
    state: State = game.state
    return state


def damage_monster(game: Game, monster: Figure, amount: int, killer: Figure | None, how: str) -> bool:
    """Apply wounds to a monster; returns True if it died (kill credited to the killer)."""
    if amount <= 0 or monster.status != ACTIVE:
        return False
    dealt = min(amount, monster.wounds)
    monster.wounds -= dealt
    if killer is not None:
        killer.damage_dealt += dealt
    if not game.unseen:  # the log's line, made only for someone to read (see Game.unseen)
        game.emit("damage", target=monster.id, amount=dealt, wounds=monster.wounds,
                  text=f"{The(monster.name)} takes {counted(amount, 'Wound')} ({how}).")
    if monster.wounds <= 0:
        kill_monster(game, monster, killer)
        return True
    return False


def kill_monster(game: Game, monster: Figure, killer: Figure | None, gold: bool = True) -> None:
    monster.status = DEAD
    monster.pos = None
    if killer is not None and killer.is_hero and gold:
        killer.pending_gold += game.content.monsters[monster.kind].gold
        killer.kills += 1
        killer.total_kills += 1
    if not game.unseen:
        by = f" by the {killer.name}" if killer is not None else ""
        game.emit("death", target=monster.id, side="monster", killer=killer.id if killer else None,
                  text=f"{The(monster.name)} is slain{by}.")


def damage_warrior(game: Game, warrior: Figure, amount: int, how: str) -> None:
    if amount <= 0 or warrior.status not in (ACTIVE, UNCONSCIOUS) or warrior.pos is None:
        if amount <= 0 and warrior.status == ACTIVE:
            game.emit("damage", target=warrior.id, amount=0, wounds=warrior.wounds,
                      text=f"The {warrior.name} takes no Wounds ({how}).")
        return
    dealt = min(amount, warrior.wounds)
    warrior.wounds -= dealt
    warrior.damage_taken += dealt
    if not game.unseen:
        game.emit("damage", target=warrior.id, amount=dealt, wounds=warrior.wounds,
                  text=f"The {warrior.name} takes {counted(amount, 'Wound')} ({how}).")
    if warrior.wounds <= 0 and warrior.status == ACTIVE:
        warrior.status = UNCONSCIOUS
        game.emit("unconscious", target=warrior.id,
                  text=f"The {warrior.name} falls unconscious; heal him before the turn ends.")


def damage_modified(game: Game, warrior: Figure, amount: int, how: str) -> None:
    """Damage marked "modified" (D4): Toughness and armour count against it."""
    damage_warrior(game, warrior, max(0, amount - stats.toughness(game.content, warrior)), how)


def heal(game: Game, warrior: Figure, amount: int, how: str) -> int:
    if warrior.status not in (ACTIVE, UNCONSCIOUS) or amount <= 0:
        return 0
    gained = min(amount, warrior.max_wounds - warrior.wounds)
    warrior.wounds += gained
    if warrior.status == UNCONSCIOUS and warrior.wounds > 0:
        warrior.status = ACTIVE
        game.emit("revive", target=warrior.id, text=f"The {warrior.name} gets back up.")
    # A warrior already at full Wounds (Healing Hands reaches everyone) gets no line in the log.
    if not game.unseen:
        game.emit("heal", target=warrior.id, amount=gained, wounds=warrior.wounds,
                  text=f"The {warrior.name} heals {counted(gained, 'Wound')} ({how})." if gained else "")
    return gained


# ----------------------------------------------------------------------------------------
# Warriors attack
# ----------------------------------------------------------------------------------------
def berserk_check(game: Game, warrior: Figure) -> Procedure:
    """D1: at his first melee attack of a turn; returns False if he frenzies instead."""
    s = st(game)
    (face,) = yield from roll(game, 1, 6, "whq.barbarian.berserk")
    total = face + warrior.kills + warrior.flags.get("berserk_bonus", 0)
    if face == 1:
        roll_event(game, "whq.barbarian.berserk", "1d6", [face], target=6, inputs={"kills": warrior.kills},
                   modifiers={"kills": warrior.kills}, outcome="frenzy",
                   text="A natural 1: the Barbarian flies into a frenzy, strikes nobody and hurts his friends.")
        warrior.flags["attacks_left"] = 0
        for other in s.heroes():
            if other is not warrior and other.active and other.pos and warrior.pos \
                    and s.grid.adjacent(warrior.pos, other.pos):
                damage_warrior(game, other, 1, "caught in the frenzy")
        return False
    ok = natural_test(face, total, 6)
    mods = {"kills this combat": warrior.kills}
    if warrior.flags.get("berserk_bonus"):
        mods["father's sword"] = warrior.flags["berserk_bonus"]
    roll_event(game, "whq.barbarian.berserk", "1d6", [face], target=6, inputs={"kills": warrior.kills},
               modifiers=mods, outcome="berserk" if ok else "calm",
               text=(f"{face}+{warrior.kills} kills: the Barbarian goes berserk (+1 Attack)." if ok
                     else f"{face}+{warrior.kills} kills: not enough to go berserk."))
    if ok:
        warrior.flags["berserk"] = True
        warrior.flags["attacks_left"] = warrior.flags.get("attacks_left", 0) + 1
    return True


def melee_damage(game: Game, warrior: Figure, monster: Figure) -> Procedure:
    """Damage of one warrior hit; returns the Wounds after Toughness."""
    c = game.content
    weapon = stats.melee_weapon(c, warrior)
    s_val = stats.strength(c, warrior)
    t_val = stats.toughness(c, monster)
    bonus = warrior.flags.get("weapon_bonus", 0)
    if warrior.flags.get("unarmed") or weapon is None:
        (face,) = yield from roll(game, 1, 6, "whq.melee.damage")
        dmg = max(0, face - t_val)
        roll_event(game, "whq.melee.damage", "1d6", [face], inputs={"toughness": t_val},
                   modifiers={"toughness": -t_val}, outcome=dmg,
                   text=f"Unarmed: {face} - T{t_val} = {counted(dmg, 'Wound')}.")
        return dmg
    if stats.has(c, warrior, "great_axe"):
        faces = yield from roll(game, 2, 6, "whq.dwarf.axe")
        a, b = faces
        if a == b == 1:
            roll_event(game, "whq.dwarf.axe", "2d6", faces, inputs={"strength": s_val, "toughness": t_val},
                       outcome="trip", text="Double 1: the Dwarf trips over his own axe; the blow is lost.")
            warrior.flags["tripped"] = True
            warrior.flags["attacks_left"] = 0
            return -1
        base = a + b if a == b else max(a, b)
        dmg = max(0, base + s_val + bonus - t_val)
        how = f"double {a}: {a}+{b}" if a == b else f"best of {a},{b}: {base}"
        roll_event(game, "whq.dwarf.axe", "2d6", faces, inputs={"strength": s_val, "toughness": t_val},
                   modifiers={"strength": s_val, "toughness": -t_val, **({"weapon": bonus} if bonus else {})},
                   outcome=dmg, text=f"Great axe, {how} + S{s_val} - T{t_val} = {counted(dmg, 'Wound')}.")
        return dmg
    faces = yield from roll(game, weapon.dice, 6, "whq.melee.damage")
    extra = 0
    if warrior.flags.get("deathking"):
        (extra,) = yield from roll(game, 1, 6, "whq.melee.damage")
    dmg = max(0, sum(faces) + extra + s_val + bonus - t_val)
    mods = {"strength": s_val, "toughness": -t_val}
    if bonus:
        mods["weapon"] = bonus
    if extra:
        mods["deathking sword"] = extra
    if not game.unseen:
        roll_event(game, "whq.melee.damage", f"{weapon.dice}d6", faces, inputs={"strength": s_val, "toughness": t_val},
                   modifiers=mods, outcome=dmg,
                   text=f"{'+'.join(map(str, faces))} + S{s_val} - T{t_val} = {counted(dmg, 'Wound')}.")
    return dmg


def warrior_strike(game: Game, warrior: Figure, monster: Figure, deathblow: bool = False) -> Procedure:
    """One melee attack by a warrior; returns 'killed_full', 'killed', 'hit' or 'miss'."""
    c = game.content
    rule = "whq.melee.deathblow" if deathblow else "whq.melee.to_hit"
    a_ws, d_ws = stats.ws(c, warrior), stats.ws(c, monster)
    need = stats.to_hit(c, a_ws, d_ws)
    mods: dict[str, int] = {}
    auto = bool(warrior.flags.pop("auto_hit", False))
    (face,) = yield from roll(game, 1, 6, rule)
    hit = auto or natural_test(face, face, need)
    if not game.unseen:  # the roll's line, made only for someone to read (see Game.unseen)
        roll_event(game, rule, "1d6", [face], target=need, inputs={"attacker_ws": a_ws, "defender_ws": d_ws},
                   modifiers=mods, outcome="hit" if hit else "miss",
                   text=(f"The {warrior.name} (WS{a_ws}) needs {need}+ against {the(monster.name)} (WS{d_ws}): "
                         f"{face}, {'a hit' if hit else 'a miss'}"
                         f"{' (automatic)' if auto and not natural_test(face, face, need) else ''}."))
    if not hit:
        return "miss"
    full = monster.wounds == monster.max_wounds
    dmg = yield from melee_damage(game, warrior, monster)
    if dmg < 0:
        return "miss"
    drawn = min(dmg, monster.wounds)
    died = damage_monster(game, monster, dmg, warrior, "melee")
    if drawn > 0 and warrior.flags.get("life_force"):
        yield from life_force(game, warrior, drawn)
    if died:
        return "killed_full" if full else "killed"
    return "hit"


def life_force(game: Game, warrior: Figure, points: int) -> Procedure:
    """Life Force: each Wound the warrior deals heals one Wound on a warrior his seat names."""
    s = st(game)
    seat = s.seat_of[warrior.id]
    for _ in range(points):
        hurt = [x for x in s.heroes() if x.on_board and x.wounds < x.max_wounds]
        if not hurt:
            return
        pick = hurt[0]
        if len(hurt) > 1:
            opts = [Action.make(seat, "life", text=f"Life Force heals the {x.name}", to=x.id) for x in hurt]
            pick = s.figures[(yield Decision(seat, "Life Force: whom does this Wound heal?", opts)).get("to")]
        heal(game, pick, 1, "Life Force")


def ring_next(state: State, warrior: Figure, from_sq: Sq, clockwise: bool) -> Figure | None:
    """D2: the next square of the ring around the warrior, if a monster stands there."""
    assert warrior.pos is not None
    rel = (from_sq[0] - warrior.pos[0], from_sq[1] - warrior.pos[1])
    if rel not in RING:
        return None  # a foe reached through a portal has no ring around it
    i = RING.index(rel)
    j = (i + (1 if clockwise else -1)) % 8
    d = RING[j]
    sq = (warrior.pos[0] + d[0], warrior.pos[1] + d[1])
    if not state.grid.can_step(warrior.pos, sq):
        return None  # a wall or nothing there
    f = state.at(sq)
    if f is None or f.is_hero or not f.active:
        return None
    return f
