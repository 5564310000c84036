"""The Wizard's spells (2.5), found by their id in spells.yaml: each spell's offer (the casts it
allows now, with their targets) beside what it does.  Paying for a spell and the moments the
Wizard may cast are magic.py's."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...engine.dice import roll, roll_event
from ...engine.effects import Effects
from ...engine.game import Action, Game, Procedure
from ...engine.words import listing
from . import board
from .combat import damage_monster, heal, kill_monster
from .rolls import dice_value
from .state import ACTIVE, DEAD, MONSTER, ON_BOARD, Figure, State
from .words import the



@dataclass(slots=True)
class Casting:
    """What a spell's offer looks at: the Wizard, his seat, the spell, and who is in reach.
    Read, never changed by an offer (but for what it finds when first asked), nor kept past
    the decision: a window makes one and sets each spell the Wizard could pay for on it in
    turn (not frozen: a frozen class sets each field the slow way)."""

    game: Game
    wizard: Figure
    seat: str
    sid: str
    spell: Any
    seen: Callable[[], list[Figure]]  # the monsters the Wizard sees, worked out when first asked
    living: list[Figure]
    # The monsters still to act this turn (state.still_to_act), found once for every spell
    # and warrior weighed, when first asked.
    acting: Callable[[], list[Figure]]
    # The figures on the board by square, each with its place in the figures' order
    # (`figures_standing`), found once for every target an area spell weighs, when first asked.
    standing: Callable[[], dict[tuple[int, int], list[tuple[int, Figure]]]]
    # The monsters seen with floor under a hole beneath them (`_floor_under`), found when first
    # asked: whether the Pit of Despair offers a cast, then its casts.
    floor_under: list[Figure] | None = None

    @property
    def monsters_seen(self) -> list[Figure]:
        return self.seen()

    @property
    def state(self) -> State:
        state: State = self.game.state
        return state

    def cast(self, text: str, target: str | None = None) -> Action:
        # Built as `Action.make` would (arguments sorted: spell, then target): a window or a
        # turn of the Wizard's makes every cast on offer, and replays make them too.
        args = (("spell", self.sid),) if target is None else (("spell", self.sid), ("target", target))
        return Action.sorted_plain(self.seat, "cast", text, args)


Offer = Callable[[Casting], list[Action]]
# An effect: (game, wizard, spell, target or None, rule id) -> a procedure, or None when instant.
Cast = Callable[[Game, Figure, Any, Figure | None, str], Procedure | None]
SPELLS: Effects[Cast] = Effects("spell")


# -- offers --------------------------------------------------------------------------------------
def area(corner: tuple[int, int]) -> list[tuple[int, int]]:
    """The 2x2 squares an area spell covers: the target's square and those east and south of it."""
    return [(corner[0] + dx, corner[1] + dy) for dy in (0, 1) for dx in (0, 1)]


def also_caught(c: Casting, target: Figure, monsters_only: bool) -> str:
    """Who else the area under the target holds, said on the option so no one is caught unawares
    (the Wizard in his own pit): " (the Wizard and Minotaur 2 too)"."""
    standing = c.standing()
    hits: list[tuple[int, Figure]] = []
    for sq in area(target.square):
        here = standing.get(sq)
        if here is not None:
            hits += here
    if len(hits) == 1:
        return ""  # the target alone, in its own corner: the usual case, with nothing to sort
    hits.sort()  # in the figures' order, as a look over every figure would list them (no ties)
    others = [f for _, f in hits if f is not target and (f.side == MONSTER or not monsters_only)]
    return f" ({listing([the(f.name) for f in others])} too)" if others else ""


def figures_standing(state: State) -> dict[tuple[int, int], list[tuple[int, Figure]]]:
    """The figures on the board by square, each with its place in the figures' order."""
    out: dict[tuple[int, int], list[tuple[int, Figure]]] = {}
    # `on_board` written out: the slain pile up among the figures, and every window with an
    # area spell in hand looks over them all.
    for i, f in enumerate(state.figures.values()):
        pos = f.pos
        if pos is not None and f.status in ON_BOARD:
            here = out.get(pos)
            if here is None:
                out[pos] = [(i, f)]
            else:
                here.append((i, f))
    return out



def at_a_monster_seen(c: Casting) -> list[Action]:
    return [c.cast(f"cast {c.spell.name} at {m.name}", target=m.id) for m in c.monsters_seen]


def at_an_area_seen(c: Casting) -> list[Action]:
    return [c.cast(f"cast {c.spell.name} at {m.name}{also_caught(c, m, monsters_only=True)}", target=m.id)
            for m in c.monsters_seen]


def at_the_wizards_section(c: Casting) -> list[Action]:
    s, w = c.state, c.wizard
    if any(s.section_of(m.pos) == s.section_of(w.pos) for m in s.monsters()):
        return [c.cast(f"cast {c.spell.name}")]
    return []


def on_a_monster_here(c: Casting) -> list[Action]:
    """A monster on the Wizard's section that will still fight this turn (Confuse lasts the turn)."""
    s, w = c.state, c.wizard
    return [c.cast(f"cast {c.spell.name} on {m.name}", target=m.id)
            for m in c.acting() if s.section_of(m.pos) == s.section_of(w.pos)]


def heals_at_once(spell: Any) -> bool:
    """A healing spell whose Wounds come back at once: worth casting only on the hurt."""
    return bool(spell.type == "healing" and spell.duration == "instant")


def worth_it(c: Casting, x: Figure) -> bool:
    """Only casts that would do something are offered, so the Wizard is not asked in vain: a
    healing spell on a warrior who has lost Wounds; a spell that lasts the turn while monsters
    will still fight this turn (not those just placed in the Monsters' Phase, nor at its end);
    Levitate, which lasts the next turn too, while any monster is about."""
    s = c.state
    if heals_at_once(c.spell):
        return x.wounds < x.max_wounds
    if c.spell.duration == "full_turn":
        return s.any_monster()
    return bool(c.acting())


def on_a_warrior(c: Casting) -> list[Action]:
    """A standing warrior; healing may also go to one who has fallen unconscious."""
    sp, living = c.spell, c.living
    healing = sp.type == "healing"
    if heals_at_once(sp):  # worth it on each warrior who has lost Wounds
        return [c.cast(f"cast {sp.name} on the {x.name}", target=x.id) for x in living if x.wounds < x.max_wounds]
    # Any other spell is worth it on every warrior or on none (`worth_it` reads no warrior
    # then): asked once, not once per warrior in every window.
    if not living or not worth_it(c, living[0]):
        return []
    return [c.cast(f"cast {sp.name} on the {x.name}", target=x.id) for x in living if x.status == ACTIVE or healing]


def on_a_warrior_not_yet_fighting(c: Casting) -> list[Action]:
    """Life Force works on the warrior's own blows: only while the warriors still fight."""
    if c.state.phase != "warriors":
        return []
    return [c.cast(f"cast {c.spell.name} on the {x.name}", target=x.id) for x in c.living
            if (x.status == ACTIVE or c.spell.type == "healing") and not x.flags.get("attacking") and worth_it(c, x)]


def on_the_party(c: Casting) -> list[Action]:
    sp, living = c.spell, c.living
    if heals_at_once(sp):  # worth it while anyone has lost Wounds
        worth = any(x.wounds < x.max_wounds for x in living)
    else:  # `worth_it` reads no warrior then: asked once
        worth = bool(living) and worth_it(c, living[0])
    return [c.cast(f"cast {sp.name}")] if worth else []


def under_a_monster_seen(c: Casting) -> list[Action]:
    return [c.cast(f"cast {c.spell.name} under {m.name}{also_caught(c, m, monsters_only=False)}", target=m.id)
            for m in _floor_under(c)]


def _floor_under(c: Casting) -> list[Figure]:
    """The monsters he sees with floor under all four squares of the hole (none once three
    pits are dug)."""
    if c.floor_under is None:
        s = c.state
        grid = s.grid
        c.floor_under = [] if s.adv.get("pits", 0) >= 3 else [
            m for m in c.monsters_seen if all(map(grid.floor, area(m.square)))]
    return c.floor_under


def on_a_dead_warrior(c: Casting) -> list[Action]:
    return [c.cast(f"cast {c.spell.name} on the {x.name}", target=x.id) for x in c.state.heroes() if x.status == DEAD]


# Whether an offer holds any cast, for the offers whose casts are dear to make (their words:
# who else an area catches) and mostly left unread: a window asks this to settle that the
# Wizard is asked at all, and makes the casts only for a reader.  Each is true exactly when
# its offer's list is not empty.
ANY_CAST: dict[Offer, Callable[[Casting], bool]] = {
    under_a_monster_seen: lambda c: bool(_floor_under(c)),
    at_an_area_seen: lambda c: bool(c.monsters_seen),
    at_a_monster_seen: lambda c: bool(c.monsters_seen),
}


# -- attack spells -------------------------------------------------------------------------------
@SPELLS("lightning_bolt", offer=at_a_monster_seen)
def lightning_bolt(game: Game, wizard: Figure, sp: Any, target: Figure | None, rule: str) -> Procedure | None:
    return _bolt(game, wizard, sp, target, rule) if target else None


def _bolt(game: Game, wizard: Figure, sp: Any, target: Figure, rule: str) -> Procedure:
    dmg = yield from dice_value(game, "2D6", rule, f"the bolt on {target.name}")
    target.flags["provoked"] = True
    damage_monster(game, target, dmg, wizard, sp.name)


@SPELLS("fireball", offer=at_an_area_seen)
def fireball(game: Game, wizard: Figure, sp: Any, target: Figure | None, rule: str) -> Procedure | None:
    return _fireball(game, wizard, sp, target.pos, rule) if target and target.pos else None


def _fireball(game: Game, wizard: Figure, sp: Any, corner: tuple[int, int], rule: str) -> Procedure:
    s: State = game.state
    for m in [f for f in s.monsters() if f.active and f.pos in area(corner)]:
        dmg = yield from dice_value(game, "D6", rule, f"the fireball on {m.name}")
        m.flags["provoked"] = True
        damage_monster(game, m, dmg, wizard, sp.name)


@SPELLS("freeze", offer=at_the_wizards_section)
def freeze(game: Game, wizard: Figure, sp: Any, target: Figure | None, rule: str) -> Procedure:
    s: State = game.state
    n = yield from dice_value(game, "D6", rule, "how many monsters freeze")
    here = [m for m in s.monsters() if s.section_of(m.pos) == s.section_of(wizard.pos)]
    here.sort(key=lambda m: (-m.wounds, m.order))
    for m in here[:n]:
        damage_monster(game, m, n, wizard, sp.name)


@SPELLS("ogre_strength", offer=on_a_warrior)
def ogre_strength(game: Game, wizard: Figure, sp: Any, target: Figure | None, rule: str) -> None:
    if target and not target.flags.get("ogre_strength"):
        target.flags["ogre_strength"] = True
        target.flags["s_mod"] = target.flags.get("s_mod", 0) + 2


@SPELLS("pit_of_despair", offer=under_a_monster_seen)
def pit_of_despair(game: Game, wizard: Figure, sp: Any, target: Figure | None, rule: str) -> Procedure | None:
    return _pit(game, wizard, target.pos, rule) if target and target.pos else None


def _pit(game: Game, wizard: Figure, corner: tuple[int, int], rule: str) -> Procedure:
    """A 2x2 hole: each model there falls to its death on 1-2, else scrambles to a free square."""
    s: State = game.state
    s.adv["pits"] = s.adv.get("pits", 0) + 1
    hole = area(corner)
    for f in [f for f in s.figures.values() if f.pos in hole and f.on_board]:
        (face,) = yield from roll(game, 1, 6, rule)
        falls = face <= 2
        roll_event(game, rule, "1d6", [face], target=3, outcome="falls" if falls else "clings",
                   text=f"The {f.name} {'falls into the pit' if falls else 'scrambles clear'}.")
        home = s.section_at(f.pos)
        # Where he scrambles to, looked for only if he clings on: the squares taken found once
        # (nobody stands on a square `occupied` leaves out), not a look over every figure a square.
        taken = s.occupied()
        spots = [] if falls else [q for sid in [home, *board.joined(s, home)]
                                  for q in sorted(s.sections[sid].squares, key=lambda q: (q[1], q[0]))
                                  if q not in hole and q not in taken and s.grid.floor(q)]
        if falls or not spots:
            if f.is_hero:
                f.status, f.pos = DEAD, None
                game.emit("death", target=f.id, side="hero", text=f"The {f.name} is lost in the pit.")
            else:
                kill_monster(game, f, wizard)
        else:
            f.pos = spots[0]
    # Only the squares round the hole step differently: the rest of the map keeps its ways out.
    with board.changing_terrain(s.grid, hole):
        for sq in hole:
            s.grid.terrain[sq] = "H"
        s.grid.changed()


# -- defence spells ------------------------------------------------------------------------------
@SPELLS("confuse", offer=on_a_monster_here)
def confuse(game: Game, wizard: Figure, sp: Any, target: Figure | None, rule: str) -> None:
    if target:
        target.flags["a_mod"] = target.flags.get("a_mod", 0) - 1


@SPELLS("iron_skin", offer=on_a_warrior)
def iron_skin(game: Game, wizard: Figure, sp: Any, target: Figure | None, rule: str) -> None:
    if target:
        target.flags["t_mod"] = target.flags.get("t_mod", 0) + 2


@SPELLS("shield", offer=on_a_warrior)
def shield(game: Game, wizard: Figure, sp: Any, target: Figure | None, rule: str) -> None:
    if target:
        target.flags["shielded"] = True


@SPELLS("rebound", offer=on_a_warrior)
def rebound(game: Game, wizard: Figure, sp: Any, target: Figure | None, rule: str) -> None:
    if target:
        target.flags["rebound"] = True


@SPELLS("levitate", offer=on_a_warrior)
def levitate(game: Game, wizard: Figure, sp: Any, target: Figure | None, rule: str) -> None:
    if target:
        target.flags["levitate"] = game.state.turn + 1
        target.flags.pop("in_pit", None)


# -- healing spells ------------------------------------------------------------------------------
@SPELLS("life_force", offer=on_a_warrior_not_yet_fighting)
def life_force(game: Game, wizard: Figure, sp: Any, target: Figure | None, rule: str) -> None:
    if target:
        target.flags["life_force"] = True


@SPELLS("healing_hands", offer=on_the_party)
def healing_hands(game: Game, wizard: Figure, sp: Any, target: Figure | None, rule: str) -> None:
    for x in game.state.heroes():
        if x.on_board:
            heal(game, x, 1, sp.name)


@SPELLS("heal_wounds", offer=on_a_warrior)
def heal_wounds(game: Game, wizard: Figure, sp: Any, target: Figure | None, rule: str) -> Procedure | None:
    return _heal_wounds(game, sp, target, rule) if target else None


def _heal_wounds(game: Game, sp: Any, target: Figure, rule: str) -> Procedure:
    amount = yield from dice_value(game, "D6", rule, f"healing the {target.name}")
    heal(game, target, amount, sp.name)


@SPELLS("lifebringer", offer=on_the_party)
def lifebringer(game: Game, wizard: Figure, sp: Any, target: Figure | None, rule: str) -> Procedure:
    hurt = [x for x in game.state.heroes() if x.on_board and x.wounds < x.max_wounds]
    if hurt:
        faces = yield from roll(game, len(hurt), 6, rule)
        clash = len(set(faces)) < len(faces)
        roll_event(game, rule, f"{len(hurt)}d6", faces, outcome="fizzle" if clash else "heal",
                   text="Two dice match: the spell fizzles." if clash else "Lifebringer heals the party.")
        if not clash:
            for x, face in zip(hurt, faces, strict=True):
                heal(game, x, face, sp.name)


@SPELLS("resurrection", offer=on_a_dead_warrior)
def resurrection(game: Game, wizard: Figure, sp: Any, target: Figure | None, rule: str) -> None:
    s: State = game.state
    if not target:
        return
    taken = s.occupied()
    free = [sq for sq in s.sections[s.section_at(wizard.pos)].squares if sq not in taken and s.grid.floor(sq)]
    if free:
        target.status, target.pos, target.wounds = ACTIVE, free[0], target.max_wounds
        target.gold, target.treasure, target.pending_gold = 0, [], 0
        game.emit("revive", target=target.id, text=f"The {target.name} rises again!")
