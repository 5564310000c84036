"""Power cards (spec §2.2, §5.5): the options a hero's ready powers offer, and using them.

At-will powers stay ready; dailies and utilities turn face down when used.  Attack powers
roll `ash.combat.hero_attack` once per target; free powers need no action slot.  Tokens the
powers leave (blade barrier, flaming sphere, wizard eye) live in `State.tokens` with an
owner; mirror images, invisibility and the cleric's shield are hero flags."""
from __future__ import annotations

from typing import Any, Generator

from ...engine.game import Action, Decision, Game
from ...engine.grid import Sq
from . import board, combat
from .combat import ask
from .geometry import Cell, cell_of
from .levels import level_up_offer
from .movement import walks
from .placing import (
    BITING,
    _seat,
    choose_cell,
    choose_figure,
    choose_square,
    free_squares_on,
    move_offer,
    place_at,
    place_on_tile,
    placed,
    put,
    swap,
)
from .state import OBJECT, Figure, State, squares_of

Proc = Generator[Decision, Action, Any]
# Free powers offered in the owner's hero phase; reactions are offered where they trigger.
FREE = ("healing_hymn", "lay_on_hands", "virtues_touch", "mirror_image", "invisibility", "command",
        "hurled_breath", "distant_diversion", "wizard_eye")
MOVE_SLOT = ("dwarven_resilience",)


def power(game: Game, pid: str) -> Any:
    return game.content.powers[pid]


def ready(h: Figure, pid: str) -> bool:
    return h.powers.get(pid, False)


def _cells_within(s: State, h: Figure | list[Cell], n: int) -> list[Cell]:
    dist = board.lay(s).tile_distances(board.cells_of(h) if isinstance(h, Figure) else h)
    return sorted((c for c, d in dist.items() if d <= n), key=lambda c: (dist[c], c[1], c[0]))


def _foes_on(s: State, cell: Cell) -> list[Figure]:
    return [m for m in s.targets() if cell in board.cells_of(m)]


def _others_near(s: State, h: Figure, tiles: int) -> list[Figure]:
    return [o for o in board.standing_heroes(s) if o is not h and board.figure_tiles(s, h, o) <= tiles]


# -- what an attack slot may do ------------------------------------------------------------------

def attack_targets(game: Game, h: Figure, pid: str) -> list[Any]:
    """What an attack power may be aimed at: figures, or tiles (cells) for tile powers."""
    s: State = game.state
    p = power(game, pid)
    if pid in ("blade_barrier", "flaming_sphere"):
        return [c for c in _cells_within(s, h, p.tiles) if free_squares_on(s, [c])]
    if pid == "charge":
        ends = set(walks(game, h)) | {h.pos}
        grid = board.lay(s).grid
        return [m for m in s.targets() if any(q in ends for p_ in squares_of(m) for q in grid.neighbours(p_))]
    if p.target == "adjacent":
        return board.adjacent_foes(s, h)
    if p.target in ("monster_within", "monsters_within"):
        return board.foes_near(s, h, p.tiles)
    if p.target == "tile_within":
        return [c for c in _cells_within(s, h, p.tiles) if _foes_on(s, c)]
    if p.target == "monsters_on_tile":
        return [m for m in s.targets() if board.same_tile(h, m)][:1]
    return []


def _pairs(game: Game, h: Figure, pid: str) -> list[tuple[Figure, Figure]]:
    """(partner hero, monster) for the powers that move you with a hero first."""
    s: State = game.state
    grid = board.lay(s).grid
    out = []
    if pid == "benign_transposition":
        for o in _others_near(s, h, 2):
            out += [(o, m) for m in s.targets() if board.adjacent(s, o, m) and m is not h]
    elif pid == "kings_castle":
        for o in _others_near(s, h, 1):
            out += [(o, m) for m in board.foes_near(s, o, 2)]
    elif pid == "into_the_fray":
        for o in _others_near(s, h, 2):
            spots = board.free_adjacent(s, o, but=h)
            out += [(o, m) for m in s.targets()
                    if any(q in grid.neighbours(p_) for q in spots for p_ in squares_of(m))]
    return out


def attack_options(game: Game, h: Figure, seat: str) -> list[Action]:
    s: State = game.state
    out = []
    for pid, up in h.powers.items():
        p = power(game, pid)
        if not up or p.timing != "action":
            continue
        if pid in ("benign_transposition", "kings_castle", "into_the_fray"):
            out += [Action.make(seat, "attack", text=f"{p.name} ({p.type}) with {o.name} at {m.name}", hero=h.id,
                                power=pid, target=m.id, partner=o.id) for o, m in _pairs(game, h, pid)]
            continue
        if p.attack is None and pid not in ("blade_barrier", "cause_fear"):
            continue
        for t in attack_targets(game, h, pid):
            if isinstance(t, Figure):
                what = "the monsters on your tile" if p.target == "monsters_on_tile" else t.name
                out.append(Action.make(seat, "attack", text=f"{p.name} ({p.type.replace('_', '-')}) at {what}",
                                       hero=h.id, power=pid, target=t.id))
            else:
                out.append(Action.make(seat, "attack", text=f"{p.name} on {board.tile_label(s, t)}",
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
        elif pid == "wizard_eye":
            out += [Action.make(seat, "power", text=f"{p.name} on {board.tile_label(s, c)}", hero=h.id, power=pid,
                                tile=list(c)) for c in _cells_within(s, h, p.tiles)]
        elif pid == "command":
            for m in s.foes():
                if board.same_tile(h, m):
                    out += [Action.make(seat, "power", text=f"{p.name}: {m.name} to {board.tile_label(s, c)}",
                                        hero=h.id, power=pid, target=m.id, tile=list(c))
                            for c in _cells_within(s, h, 2) if c not in board.cells_of(m)]
        elif pid == "distant_diversion":
            for m in board.foes_near(s, h, 3):
                if m.side == OBJECT:
                    continue
                out += [Action.make(seat, "power", text=f"{p.name}: {m.name} to {board.tile_label(s, c)}",
                                    hero=h.id, power=pid, target=m.id, tile=list(c))
                        for c in board.lay(s).tile_neighbours(board.cells_of(m)[0])]
    if slots_left:
        for pid in MOVE_SLOT:
            if ready(h, pid) and h.hp < h.max_hp:
                out.append(Action.make(seat, "power", text=f"{power(game, pid).name} (uses a move): heal 4",
                                       hero=h.id, power=pid, slot="move"))
        for tok in s.tokens:
            if tok.get("owner") == h.id and tok["kind"] in ("flaming_sphere", "wizard_eye"):
                here = cell_of(tuple(tok["at"]))
                out += [Action.make(seat, "power", text=f"Move the {tok['kind'].replace('_', ' ')} to "
                                                        f"{board.tile_label(s, c)} (uses a move)",
                                    hero=h.id, power=f"move_{tok['kind']}", tile=list(c), slot="move")
                        for c in board.lay(s).tile_neighbours(here)]
    return out


def spend(game: Game, h: Figure, pid: str) -> None:
    p = power(game, pid)
    if p.type != "at_will":
        h.powers[pid] = False
        game.emit("power_used", hero=h.id, power=pid, text=f"{h.name}'s {p.name} card turns face down.")


def lay_token(game: Game, h: Figure, kind: str, sq: Sq, **extra: Any) -> None:
    game.state.tokens.append({"kind": kind, "at": list(sq), "owner": h.id, **extra})


def lay_tokens(game: Game, h: Figure, kind: str, cell: Cell, n: int) -> None:
    """Tokens on the first n free squares of a tile from its scorch outward, one per square."""
    s: State = game.state
    has = {tuple(t["at"]) for t in s.tokens if t["kind"] in BITING}
    spots = [q for q in board.lay(s).placement_order(cell) if board.free(s, q) and q not in has][:n]
    for q in spots:
        lay_token(game, h, kind, q)


def use_free(game: Game, h: Figure, a: Action) -> Proc:
    s: State = game.state
    pid = a.get("power")
    if pid in ("move_flaming_sphere", "move_wizard_eye"):
        kind = pid[5:]
        tok = next(t for t in s.tokens if t.get("owner") == h.id and t["kind"] == kind)
        tok["at"] = list(board.lay(s).placement_order(tuple(a.get("tile")))[0])
        game.emit("token", hero=h.id, text=f"{h.name} sends the {kind.replace('_', ' ')} to "
                                           f"{board.tile_label(s, tuple(a.get('tile')))}.")
        return
    p = power(game, pid)
    other = s.figures.get(a.get("other") or "")
    game.emit("power", hero=h.id, power=pid, text=f"{h.name} uses {p.name}.")
    if pid == "hurled_breath":
        yield from attack_with(game, h, a, announce=False)
        return
    spend(game, h, pid)
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
    elif pid == "wizard_eye":
        s.tokens[:] = [t for t in s.tokens if not (t["kind"] == "wizard_eye" and t.get("owner") == h.id)]
        lay_token(game, h, "wizard_eye", board.lay(s).placement_order(tuple(a.get("tile")))[0])
    elif pid in ("command", "distant_diversion"):
        yield from put(game, s.figures[a.get("target")], tuple(a.get("tile")), "is sent to", h)


def wizard_eye_cell(s: State, h: Figure) -> Cell | None:
    """The tile of the hero's wizard eye: exploration may use its unexplored edges (hook)."""
    tok = next((t for t in s.tokens if t["kind"] == "wizard_eye" and t.get("owner") == h.id), None)
    return cell_of(tuple(tok["at"])) if tok else None


# -- resolving attack powers ---------------------------------------------------------------------

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


def _pull_beside(game: Game, h: Figure, m: Figure, why: str) -> Proc:
    """Place a monster on the free square next to the hero nearest to it."""
    s: State = game.state
    if board.adjacent(s, h, m) or m.flags.get("size", 1) != 1 or m.side == OBJECT:
        return
    near = board.free_adjacent(s, h, but=m)
    if not near:
        return
    dist = board.square_distances(s, m)
    place_at(game, m, min(near, key=lambda q: (dist.get(q, board.FAR), q[1], q[0])), why)
    yield from placed(game, m, h)


def _before_roll(game: Game, h: Figure, pid: str, a: Action, first: Figure | None) -> Proc:
    """Moves and placements that come before the roll; returns the (new) first target or None."""
    s: State = game.state
    partner = s.figures.get(a.get("partner") or "")
    if pid == "charge" and first is not None and not board.adjacent(s, h, first):
        grid = board.lay(s).grid
        near = {q for p_ in squares_of(first) for q in grid.neighbours(p_)}
        yield from move_offer(game, h, None, f"Charge: where do you stop beside {first.name}?",
                              keep=lambda q: q in near)
    elif pid == "taunting_advance" and first is not None:
        yield from move_offer(game, h, None, "Taunting Advance: advance where?",
                              keep=lambda q: board.tile_distance(s, [cell_of(q)], board.cells_of(first)) <= 2)
        yield from _pull_beside(game, h, first, "is taunted onto")
    elif pid == "divine_challenge" and first is not None:
        yield from _pull_beside(game, h, first, "is challenged onto")
    elif pid in ("benign_transposition", "kings_castle") and partner is not None:
        swap(game, h, partner)
    elif pid == "into_the_fray" and partner is not None and first is not None:
        grid = board.lay(s).grid
        spots = [q for q in board.free_adjacent(s, partner, but=h)
                 if any(q in grid.neighbours(p_) for p_ in squares_of(first))]
        sq = yield from choose_square(game, h, spots, "Into the Fray: land where?")
        if sq is not None:
            place_at(game, h, sq, "leaps into the fray at")
    elif pid == "hypnotism" and first is not None:
        cell = yield from choose_cell(game, h, board.lay(s).tile_neighbours(board.cells_of(first)[0]),
                                      f"Hypnotism: walk {first.name} to which tile?", "Walk it to")
        if cell is not None:
            yield from put(game, first, cell, "is walked in a trance to", h)
        victims = [m for m in s.targets() if m is not first and first.on_board and board.adjacent(s, first, m)]
        return (yield from choose_figure(game, h, victims, f"Hypnotism: {first.name} attacks which monster?"))
    return first


def attack_with(game: Game, h: Figure, a: Action, announce: bool = True) -> Proc:
    """Resolve an attack power: moves first, every roll, its damage, its after-effects, the card."""
    s: State = game.state
    pid = a.get("power")
    p = power(game, pid)
    if announce:
        game.emit("power", hero=h.id, power=pid, text=f"{h.name} uses {p.name}.")
    first = s.figures.get(a.get("target") or "")
    tile = tuple(a.get("tile")) if a.get("tile") is not None else None
    spend(game, h, pid)
    if pid == "blade_barrier":
        lay_tokens(game, h, "blade_barrier", tile, 5)
        game.emit("token", hero=h.id, text=f"Whirling blades fill {board.tile_label(s, tile)}.")
        return
    if pid == "flaming_sphere":
        tok = next((t for t in s.tokens if t["kind"] == "flaming_sphere" and t.get("owner") == h.id), None)
        if tok is not None:
            s.tokens.remove(tok)
        lay_token(game, h, "flaming_sphere", board.lay(s).placement_order(tile)[0], n=3)
        game.emit("token", hero=h.id, text=f"A sphere of fire rolls onto {board.tile_label(s, tile)}.")
        return
    if pid == "cause_fear":
        yield from cause_fear(game, h, tile)
        return
    target = yield from _before_roll(game, h, pid, a, first)
    if p.target == "adjacent" and target is not None and target.on_board and not board.adjacent(s, h, target):
        game.emit("power", hero=h.id, text=f"{h.name} is not beside {target.name}: no attack.")
        return
    hits: list[bool] = []
    if tile is not None:
        for m in _foes_on(s, tile):
            hits.append((yield from one_attack(game, h, pid, m)))
    elif p.target == "monsters_on_tile":
        for k in range(1, p.attack.count + 1):
            m = yield from _any_on_tile(game, h, pid, k)
            if m is None:
                break
            hits.append((yield from one_attack(game, h, pid, m)))
    elif target is not None:
        hits.append((yield from one_attack(game, h, pid, target)))
        if pid == "reaping_strike":
            second = target if target.on_board else (yield from _second_target(game, h, pid, target, "the second swing"))
            if second is not None:
                hits.append((yield from one_attack(game, h, pid, second)))
        elif p.attack.count > 1:
            second = yield from _second_target(game, h, pid, target, "a second target?")
            if second is not None:
                hits.append((yield from one_attack(game, h, pid, second)))
    yield from after_effects(game, h, pid, target, any(hits), bool(hits))


def one_attack(game: Game, h: Figure, pid: str, m: Figure) -> Proc:
    s: State = game.state
    p = power(game, pid)
    if not m.on_board:
        return False
    ac, acmods = combat.foe_ac(game, m)
    mods = combat.hero_attack_mods(game, h, m)
    if pid == "valiant_strike":
        mods["valiant_strike"] = len(board.adjacent_foes(s, h))
    if h.flags.get("cause_fear"):
        mods["cause_fear"] = 2
    hit, face = yield from combat.attack_roll(game, "ash.combat.hero_attack", h.name, m.name, p.attack.bonus, ac,
                                              mods, {"power": pid, "ac_modifiers": acmods}, hero=h)
    if face == 20:
        h.flags["natural_20"] = True
    if hit:
        extra = combat.damage_bonus(game, h, m, face)
        if pid == "holy_strike" and m.id in h.flags.get("began_adjacent", []):
            extra["holy_strike"] = 1
        if pid == "lucky_strike" and face % 2 == 0:
            extra["lucky_strike"] = 1
        if ready(h, "furious_assault") and (yield from ask(game, h, "furious_assault", f"+1 damage on {m.name}")):
            extra["furious_assault"] = 1
            spend(game, h, "furious_assault")
        total = p.attack.damage + sum(extra.values())
        yield from combat.damage_foe(game, m, total, h, p.name)
        if pid == "sacred_flame":
            yield from _heal_one(game, h, [h] + [o for o in board.heroes_on_tile(s, h) if o is not h], 1, p.name)
        if pid == "comeback_strike":
            combat.heal(game, h, 2, p.name)
        if pid == "distracting_jab" and m.on_board and m.flags.get("size", 1) == 1 and m.side != OBJECT:
            sq = yield from choose_square(game, h, board.free_adjacent(s, m), f"Distracting Jab: shove {m.name} where?")
            if sq is not None:
                place_at(game, m, sq, "is shoved to")
                yield from placed(game, m, h)
    elif p.attack.miss_damage:
        yield from combat.damage_foe(game, m, p.attack.miss_damage, h, f"{p.name} (miss)")
    if not hit and pid == "comeback_strike":
        h.powers[pid] = True
        game.emit("power", hero=h.id, text=f"{p.name} missed: the card stays face up.")
    return hit


_ask = ask


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


def pass_card(game: Game, h: Figure, m: Figure) -> None:
    s: State = game.state
    to = s.right_of(h.id)
    if m.card is None:
        return
    for row in s.rows.values():
        if m.card in row:
            row.remove(m.card)
    s.rows[to].append(m.card)
    game.emit("pass", card=m.card, to=to, text=f"The {m.name}'s card thunders over to {s.figures[to].name}'s player.")


def after_effects(game: Game, h: Figure, pid: str, first: Figure | None, hit: bool, rolled: bool) -> Proc:
    s: State = game.state
    if not rolled:
        return
    if pid == "clerics_shield":
        for o in s.heroes():
            o.flags.pop("clerics_shield", None)
        cands = [h] + [o for o in board.heroes_on_tile(s, h) if o is not h]
        who = yield from choose_figure(game, h, cands, "Cleric's Shield: who gains +2 AC?")
        (who or h).flags["clerics_shield"] = True
    elif pid == "righteous_advance":
        cands = [h] + [o for o in board.heroes_on_tile(s, h) if o is not h]
        who = yield from choose_figure(game, h, cands, "Righteous Advance: who may step 2 squares?", none="Nobody")
        if who is not None:
            yield from move_offer(game, who, 2, f"Righteous Advance: where does {who.name} step?")
    elif pid == "righteous_smite":
        for o in board.heroes_on_tile(s, h):
            combat.heal(game, o, 1, "Righteous Smite")
    elif pid in ("positioning_shot", "spectral_ram") and first is not None and first.on_board:
        cells = _cells_within(s, h, 1) if pid == "positioning_shot" else _cells_within(s, board.cells_of(first), 2)
        cell = yield from choose_cell(game, h, cells, f"{power(game, pid).name}: where does {first.name} go?",
                                      f"Put {first.name} on")
        yield from put(game, first, cell, "is driven onto", h)
    elif pid == "distracting_jab":
        yield from move_offer(game, h, None, "Distracting Jab: slip away where?")
    elif pid == "wrathful_thunder":
        here = [m for m in s.foes() if board.same_tile(h, m) and m.card]
        m = yield from choose_figure(game, h, here, "Wrathful Thunder: whose card passes on?")
        if m is not None:
            pass_card(game, h, m)
    elif pid == "tornado_strike":
        sq = yield from choose_square(game, h, free_squares_on(s, board.cells_of(h), but=h),
                                      "Tornado Strike: land where on your tile?", stay=True)
        if sq is not None:
            place_at(game, h, sq, "lands at")
    elif pid == "acrobatic_onslaught":
        cell = yield from choose_cell(game, h, _cells_within(s, h, 2), "Acrobatic Onslaught: tumble to which tile?",
                                      "Tumble to")
        if cell is not None and cell not in board.cells_of(h):
            place_on_tile(game, h, cell, "tumbles onto")
        yield from extra_at_will(game, h, "Acrobatic Onslaught: one at-will attack")


def extra_at_will(game: Game, h: Figure, prompt: str) -> Proc:
    """One at-will attack outside the slots (acrobatic onslaught, cause fear)."""
    seat = _seat(game, h)
    opts = [a for a in attack_options(game, h, seat) if power(game, a.get("power")).type == "at_will"
            and a.get("power") not in ("charge", "taunting_advance")]
    if not opts:
        return
    opts.append(Action.make(seat, "attack", text="No attack", hero=h.id, power=None))
    a = yield Decision(seat, prompt, opts, context={"figure": h.id, "extra_attack": True})
    if a.get("power") is not None:
        yield from attack_with(game, h, a)


def cause_fear(game: Game, h: Figure, cell: Cell) -> Proc:
    s: State = game.state
    game.emit("power", hero=h.id, text=f"Terror grips {board.tile_label(s, cell)}.")
    for o in board.standing_heroes(s):
        if cell in board.cells_of(o) and board.adjacent_foes(s, o):
            o.flags["cause_fear"] = True
            yield from extra_at_will(game, o, f"Cause Fear: {o.name} may make one at-will attack at +2")
            o.flags.pop("cause_fear", None)
            yield from level_up_offer(game, o)  # a natural 20 on that attack counts now (§5.9)
    for m in [m for m in s.foes() if cell in board.cells_of(m)]:
        dest = yield from choose_cell(game, h, [c for c in _cells_within(s, h, 2) if c != cell],
                                      f"Cause Fear: where does {m.name} flee?", f"{m.name} flees to")
        if dest is not None:
            yield from put(game, m, dest, "flees to", h)


def end_of_hero_phase(game: Game, h: Figure) -> Proc:
    """H4: the hero's flaming sphere burns a token and 1 damage to each monster on its tile."""
    s: State = game.state
    for tok in [t for t in s.tokens if t["kind"] == "flaming_sphere" and t.get("owner") == h.id]:
        cell = cell_of(tuple(tok["at"]))
        tok["n"] -= 1
        if tok["n"] <= 0:
            s.tokens.remove(tok)
        game.emit("token", hero=h.id, text=f"The flaming sphere burns ({max(tok['n'], 0)} left).")
        for m in _foes_on(s, cell):
            yield from combat.damage_foe(game, m, 1, h, "Flaming Sphere")


def villain_phase_start(game: Game) -> Proc:
    """V0: each ready Astral Refuge may lift a hero up to 2 tiles away off the board; he comes
    back at H0 of his next turn (turns.come_back)."""
    s: State = game.state
    for h in board.standing_heroes(s):
        if not ready(h, "astral_refuge"):
            continue
        seat = _seat(game, h)
        cands = [h] + _others_near(s, h, 2)
        opts = [Action.make(seat, "refuge", text="Keep Astral Refuge", other=None)]
        opts += [Action.make(seat, "refuge", text=f"Lift {o.name} into the astral sea ({o.hp}/{o.max_hp} HP)",
                             other=o.id) for o in cands]
        a = yield Decision(seat, f"{h.name} may use Astral Refuge", opts, context={"figure": h.id,
                                                                                   "reaction": "astral_refuge"})
        o = s.figures.get(a.get("other") or "")
        if o is not None:
            spend(game, h, "astral_refuge")
            o.lifted = True
            game.emit("lifted", hero=o.id, text=f"{o.name} vanishes into the astral sea.")


def began_adjacent(game: Game, h: Figure) -> None:
    """Holy Strike remembers who stood next to the hero when his phase began."""
    h.flags["began_adjacent"] = [m.id for m in board.adjacent_foes(game.state, h)]


# -- setup (§3.5): chosen, recommended or random powers ----------------------------------------


__all__ = ["attack_options", "free_options", "attack_with", "use_free", "began_adjacent", "squares_of", "cell_of",
           "place_on_tile", "placed", "put", "villain_phase_start", "wizard_eye_cell"]


def ready_to_walk(game: Game, h: Figure) -> bool:
    return bool(walks(game, h))
