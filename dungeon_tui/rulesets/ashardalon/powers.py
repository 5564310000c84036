"""Power cards (spec §2.2, §5.5): the options a hero's ready powers offer, and using them.

At-will powers stay ready; dailies and utilities turn face down when used.  Attack powers
roll `ash.combat.hero_attack` once per target; free powers need no action slot."""
from __future__ import annotations

from typing import Any, Generator

from ...engine.game import Action, Decision, Game
from . import board, combat
from .geometry import Cell, cell_of
from .state import Figure, State, squares_of

Proc = Generator[Decision, Action, Any]
# Free powers whose use this build offers in the hero phase; reactions are offered by combat.
FREE = ("healing_hymn", "lay_on_hands", "virtues_touch", "mirror_image", "invisibility", "command",
        "hurled_breath", "distant_diversion")
MOVE_SLOT = ("dwarven_resilience",)


def power(game: Game, pid: str) -> Any:
    return game.content.powers[pid]


def ready(h: Figure, pid: str) -> bool:
    return h.powers.get(pid, False)


def _cells_within(s: State, h: Figure, n: int) -> list[Cell]:
    dist = board.lay(s).tile_distances(board.cells_of(h))
    return sorted((c for c, d in dist.items() if d <= n), key=lambda c: (dist[c], c[1], c[0]))


def _foes_on(s: State, cell: Cell) -> list[Figure]:
    return [m for m in s.targets() if cell in board.cells_of(m)]


def attack_targets(game: Game, h: Figure, pid: str) -> list[Any]:
    """What an attack power may be aimed at: figures, or tiles (cells) for tile attacks."""
    s: State = game.state
    p = power(game, pid)
    if p.target == "adjacent":
        return board.adjacent_foes(s, h)
    if p.target in ("monster_within", "monsters_within"):
        return board.foes_near(s, h, p.tiles)
    if p.target == "tile_within":
        return [c for c in _cells_within(s, h, p.tiles) if _foes_on(s, c)]
    if p.target == "monsters_on_tile":
        return [m for m in s.targets() if board.same_tile(h, m)][:1]
    return []


def attack_options(game: Game, h: Figure, seat: str) -> list[Action]:
    s: State = game.state
    out = []
    for pid, up in h.powers.items():
        p = power(game, pid)
        if not up or p.attack is None or p.timing != "action" or p.attack.bonus is None:
            continue
        for t in attack_targets(game, h, pid):
            if isinstance(t, Figure):
                what = "every monster on your tile" if p.target == "monsters_on_tile" else t.name
                out.append(Action.make(seat, "attack", text=f"{p.name} ({p.type.replace('_', '-')}) at {what}",
                                       hero=h.id, power=pid, target=t.id))
            else:
                out.append(Action.make(seat, "attack", text=f"{p.name} at {board.tile_label(s, t)}",
                                       hero=h.id, power=pid, tile=list(t)))
    return out


def free_options(game: Game, h: Figure, seat: str, slots_left: bool) -> list[Action]:
    s: State = game.state
    out = []
    for pid in FREE:
        if not ready(h, pid):
            continue
        p = power(game, pid)
        if pid == "hurled_breath":
            out += [Action.make(seat, "power", text=f"{p.name} (free) at {board.tile_label(s, c)}", hero=h.id,
                                power=pid, tile=list(c)) for c in _cells_within(s, h, p.tiles) if _foes_on(s, c)]
        elif pid == "healing_hymn":
            if h.hp < h.max_hp or any(o.hp < o.max_hp for o in board.heroes_on_tile(s, h) if o is not h):
                others = [o for o in board.heroes_on_tile(s, h) if o is not h] or [None]
                out += [Action.make(seat, "power", text=f"{p.name}: you" + (f" and {o.name}" if o else "") + " heal 2",
                                    hero=h.id, power=pid, other=o.id if o else None) for o in others]
        elif pid == "lay_on_hands":
            out += [Action.make(seat, "power", text=f"{p.name}: {o.name} heals 2", hero=h.id, power=pid, other=o.id)
                    for o in s.heroes() if o is not h and o.on_board and o.hp < o.max_hp and board.adjacent(s, h, o)]
        elif pid == "virtues_touch":
            out += [Action.make(seat, "power", text=f"{p.name}: end {cond} on {o.name}", hero=h.id, power=pid,
                                other=o.id, condition=cond)
                    for o in s.heroes() if o is not h and o.on_board and board.adjacent(s, h, o) for cond in o.conditions]
        elif pid in ("mirror_image", "invisibility"):
            out.append(Action.make(seat, "power", text=f"{p.name}", hero=h.id, power=pid))
        elif pid == "command":
            for m in s.foes():
                if board.same_tile(h, m):
                    out += [Action.make(seat, "power", text=f"{p.name}: {m.name} to {board.tile_label(s, c)}",
                                        hero=h.id, power=pid, target=m.id, tile=list(c))
                            for c in _cells_within(s, h, 2) if c not in board.cells_of(m)]
        elif pid == "distant_diversion":
            for m in board.foes_near(s, h, 3):
                if m.side == "object":
                    continue
                out += [Action.make(seat, "power", text=f"{p.name}: {m.name} to {board.tile_label(s, c)}",
                                    hero=h.id, power=pid, target=m.id, tile=list(c))
                        for c in board.lay(s).tile_neighbours(board.cells_of(m)[0])]
    if slots_left:
        for pid in MOVE_SLOT:
            if ready(h, pid) and h.hp < h.max_hp:
                out.append(Action.make(seat, "power", text=f"{power(game, pid).name} (uses a move): heal 4",
                                       hero=h.id, power=pid))
    return out


def spend(game: Game, h: Figure, pid: str) -> None:
    p = power(game, pid)
    if p.type != "at_will":
        h.powers[pid] = False
        game.emit("power_used", hero=h.id, power=pid, text=f"{h.name}'s {p.name} card turns face down.")


def place_on_tile(game: Game, f: Figure, cell: Cell, how: str) -> bool:
    s: State = game.state
    sq = board.place_square(s, cell, but=f, size=f.flags.get("size", 1))
    if sq is None:
        return False
    f.pos = sq
    game.emit("place", figure=f.id, to=list(sq), text=f"{f.name} {how} {board.tile_label(s, cell)}.")
    return True


def use_free(game: Game, h: Figure, a: Action) -> Proc:
    s: State = game.state
    pid = a.get("power")
    p = power(game, pid)
    other = s.figures.get(a.get("other") or "")
    game.emit("power", hero=h.id, power=pid, text=f"{h.name} uses {p.name}.")
    if pid == "healing_hymn":
        combat.heal(game, h, 2, p.name)
        if other is not None:
            combat.heal(game, other, 2, p.name)
    elif pid == "lay_on_hands" and other is not None:
        combat.heal(game, other, 2, p.name)
    elif pid == "virtues_touch" and other is not None and a.get("condition") in other.conditions:
        other.conditions.remove(a.get("condition"))
        game.emit("condition_ends", hero=other.id, text=f"{other.name} is no longer {a.get('condition')}.")
    elif pid == "mirror_image":
        h.flags["mirror_images"] = 3
    elif pid == "invisibility":
        h.flags["invisible"] = True
    elif pid == "dwarven_resilience":
        combat.heal(game, h, 4, p.name)
    elif pid in ("command", "distant_diversion"):
        m = s.figures[a.get("target")]
        place_on_tile(game, m, tuple(a.get("tile")), "is sent to")
    elif pid == "hurled_breath":
        yield from attack_with(game, h, a)
        return
    spend(game, h, pid)
    yield from ()


def _second_target(game: Game, h: Figure, pid: str, first: Figure, why: str) -> Proc:
    s: State = game.state
    seat = s.seat_of[h.id]
    others = [m for m in attack_targets(game, h, pid) if isinstance(m, Figure) and m is not first and m.on_board]
    if not others:
        return None
    options = [Action.make(seat, "target", text=f"Also {m.name}", target=m.id) for m in others]
    options.append(Action.make(seat, "target", text="No second target", target=None))
    a = yield Decision(seat, f"{power(game, pid).name}: {why}", options, context={"figure": h.id})
    return s.figures.get(a.get("target") or "")


def _any_on_tile(game: Game, h: Figure, pid: str, k: int) -> Proc:
    s: State = game.state
    seat = s.seat_of[h.id]
    here = [m for m in s.targets() if board.same_tile(h, m)]
    if not here:
        return None
    if len(here) == 1:
        return here[0]
    options = [Action.make(seat, "target", text=f"Blow {k} at {m.name} ({m.hp} HP)", target=m.id) for m in here]
    a = yield Decision(seat, f"{power(game, pid).name}: blow {k} at which monster?", options, context={"figure": h.id})
    return s.figures[a.get("target")]


def attack_with(game: Game, h: Figure, a: Action) -> Proc:
    """Resolve an attack power: every roll, its damage, its after-effects, then the card."""
    s: State = game.state
    pid = a.get("power")
    p = power(game, pid)
    game.emit("power", hero=h.id, power=pid, text=f"{h.name} uses {p.name}.")
    first = s.figures.get(a.get("target") or "")
    hits: list[bool] = []
    spend(game, h, pid)
    if a.get("tile") is not None:
        for m in _foes_on(s, tuple(a.get("tile"))):
            hits.append((yield from one_attack(game, h, pid, m)))
    elif p.target == "monsters_on_tile":
        for k in range(1, p.attack.count + 1):
            m = yield from _any_on_tile(game, h, pid, k)
            if m is None:
                break
            hits.append((yield from one_attack(game, h, pid, m)))
    elif first is not None:
        hits.append((yield from one_attack(game, h, pid, first)))
        if p.attack.count > 1 and p.target == "adjacent" and pid == "reaping_strike":
            second = first if first.on_board else (yield from _second_target(game, h, pid, first, "the second swing"))
            if second is not None:
                hits.append((yield from one_attack(game, h, pid, second)))
        elif p.attack.count > 1:
            second = yield from _second_target(game, h, pid, first, "a second target?")
            if second is not None:
                hits.append((yield from one_attack(game, h, pid, second)))
    yield from after_effects(game, h, pid, first, any(hits), bool(hits))


def one_attack(game: Game, h: Figure, pid: str, m: Figure) -> Proc:
    s: State = game.state
    p = power(game, pid)
    if not m.on_board:
        return False
    ac, acmods = combat.foe_ac(game, m)
    mods = combat.hero_attack_mods(game, h, m)
    if pid == "valiant_strike":
        mods["valiant_strike"] = len(board.adjacent_foes(s, h))
    hit, face = yield from combat.attack_roll(game, "ash.combat.hero_attack", h.name, m.name, p.attack.bonus, ac,
                                              mods, {"power": pid, "ac_modifiers": acmods})
    if face == 20:
        h.flags["natural_20"] = True
    if hit:
        extra = combat.damage_bonus(game, h, m, face)
        if pid == "holy_strike" and m.id in h.flags.get("began_adjacent", []):
            extra["holy_strike"] = 1
        if pid == "lucky_strike" and face % 2 == 0:
            extra["lucky_strike"] = 1
        if ready(h, "furious_assault") and (yield from _ask(game, h, "furious_assault", f"+1 damage on {m.name}")):
            extra["furious_assault"] = 1
            spend(game, h, "furious_assault")
        total = p.attack.damage + sum(extra.values())
        yield from combat.damage_foe(game, m, total, h, p.name)
        if pid == "sacred_flame":
            yield from _heal_one(game, h, [h] + [o for o in board.heroes_on_tile(s, h) if o is not h], 1, p.name)
        if pid == "comeback_strike":
            combat.heal(game, h, 2, p.name)
    elif p.attack.miss_damage:
        yield from combat.damage_foe(game, m, p.attack.miss_damage, h, f"{p.name} (miss)")
    if not hit and pid == "comeback_strike":
        h.powers[pid] = True
        game.emit("power", hero=h.id, text=f"{p.name} missed: the card stays face up.")
    return hit


def _ask(game: Game, h: Figure, pid: str, what: str) -> Proc:
    """Offer a reaction power to its owner's seat: use it now or keep it."""
    s: State = game.state
    seat = s.seat_of[h.id]
    name = power(game, pid).name
    options = [Action.make(seat, "react", text=f"Use {name}: {what}", power=pid, use=True),
               Action.make(seat, "react", text=f"Keep {name}", power=pid, use=False)]
    a = yield Decision(seat, f"{h.name} may use {name}", options, context={"figure": h.id, "reaction": pid})
    return bool(a.get("use"))


def _heal_one(game: Game, h: Figure, cands: list[Figure], n: int, source: str) -> Proc:
    hurt = [o for o in cands if o.hp < o.max_hp and o.on_board]
    if not hurt:
        return
    s: State = game.state
    if len(hurt) > 1:
        seat = s.seat_of[h.id]
        options = [Action.make(seat, "target", text=f"{o.name} heals {n} ({o.hp}/{o.max_hp})", target=o.id) for o in hurt]
        a = yield Decision(seat, f"{source}: who heals?", options, context={"figure": h.id})
        hurt = [s.figures[a.get("target")]]
    combat.heal(game, hurt[0], n, source)


def after_effects(game: Game, h: Figure, pid: str, first: Figure | None, hit: bool, rolled: bool) -> Proc:
    s: State = game.state
    if not rolled:
        return
    if pid == "clerics_shield":
        for o in s.heroes():
            o.flags.pop("clerics_shield", None)
        cands = [h] + [o for o in board.heroes_on_tile(s, h) if o is not h]
        cands[0].flags["clerics_shield"] = True  # the cleric shields himself unless he picks another
        if len(cands) > 1:
            seat = s.seat_of[h.id]
            options = [Action.make(seat, "target", text=f"{o.name} gains +2 AC", target=o.id) for o in cands]
            a = yield Decision(seat, "Cleric's Shield: who gains +2 AC?", options, context={"figure": h.id})
            cands[0].flags.pop("clerics_shield", None)
            s.figures[a.get("target")].flags["clerics_shield"] = True
    elif pid == "righteous_smite":
        for o in board.heroes_on_tile(s, h):
            combat.heal(game, o, 1, "Righteous Smite")
    elif pid == "positioning_shot" and first is not None and first.on_board:
        cells = [c for c in _cells_within(s, h, 1)]
        seat = s.seat_of[h.id]
        options = [Action.make(seat, "tile", text=f"Put {first.name} on {board.tile_label(s, c)}", tile=list(c))
                   for c in cells]
        a = yield Decision(seat, "Positioning Shot: where does the monster go?", options, context={"figure": h.id})
        place_on_tile(game, first, tuple(a.get("tile")), "is driven onto")
    yield from ()


def villain_phase_start(game: Game) -> Proc:
    """V0: reactions offered as a villain phase begins (astral_refuge)."""
    yield from ()


def began_adjacent(game: Game, h: Figure) -> None:
    """Holy Strike remembers who stood next to the hero when his phase began."""
    h.flags["began_adjacent"] = [m.id for m in board.adjacent_foes(game.state, h)]


__all__ = ["attack_options", "free_options", "attack_with", "use_free", "began_adjacent", "squares_of", "cell_of"]
