"""What each power card does (spec §2.2, §5.5), registered by id in `powers.POWERS` with its
offer beside it: the free powers, then the attack powers, each a `Strike` of the plain attack.
The reactions are registered where they trigger (reactions, blows, powers)."""
from __future__ import annotations

from typing import Any

from ...engine.game import Action, Decision, Game, Procedure
from . import board, combat
from .geometry import Cell, cell_of
from .levels import level_up_offer
from .movement import walks
from .placing import (
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
from .powers import (
    POWERS,
    Strike,
    attack_with,
    cells_within,
    extra_at_will,
    foes_on,
    lay_token,
    lay_tokens,
    others_near,
    power,
    second_target,
    spend,
    strike_options,
)
from .state import OBJECT, Figure, State, squares_of



def _other(game: Game, a: Action) -> Figure | None:
    s: State = game.state
    return s.figures.get(a.get("other") or "")


# -- free powers: offer(game, hero, seat, power id) -> actions; use(game, hero, action) -------------

def _hymn_offer(game: Game, hero: Figure, seat: str, pid: str) -> list[Action]:
    s: State = game.state
    p = power(game, pid)
    if not (hero.hp < hero.max_hp or any(o.hp < o.max_hp for o in board.heroes_on_tile(s, hero) if o is not hero)):
        return []
    others: list[Figure | None] = [o for o in board.heroes_on_tile(s, hero) if o is not hero] or [None]
    return [Action.make(seat, "power", text=f"{p.name}: you" + (f" and {o.name}" if o else "") + " heal 2",
                        hero=hero.id, power=pid, other=o.id if o else None) for o in others]


@POWERS("healing_hymn", offer=_hymn_offer)
def _healing_hymn(game: Game, hero: Figure, a: Action) -> Procedure:
    p = power(game, "healing_hymn")
    other = _other(game, a)
    spend(game, hero, "healing_hymn")
    combat.heal(game, hero, 2, p.name)
    if other is not None:
        combat.heal(game, other, 2, p.name)
    yield from ()


def _lay_on_hands_offer(game: Game, hero: Figure, seat: str, pid: str) -> list[Action]:
    s: State = game.state
    return [Action.make(seat, "power", text=f"{power(game, pid).name}: {o.name} heals 2", hero=hero.id, power=pid,
                        other=o.id)
            for o in s.heroes() if o is not hero and o.on_board and o.hp < o.max_hp and board.adjacent(s, hero, o)]


@POWERS("lay_on_hands", offer=_lay_on_hands_offer)
def _lay_on_hands(game: Game, hero: Figure, a: Action) -> Procedure:
    other = _other(game, a)
    spend(game, hero, "lay_on_hands")
    if other is not None:
        combat.heal(game, other, 2, power(game, "lay_on_hands").name)
    yield from ()


def _virtues_touch_offer(game: Game, hero: Figure, seat: str, pid: str) -> list[Action]:
    s: State = game.state
    return [Action.make(seat, "power", text=f"{power(game, pid).name}: end {cond} on {o.name}", hero=hero.id, power=pid,
                        other=o.id, condition=cond)
            for o in s.heroes() if o is not hero and o.on_board and board.adjacent(s, hero, o) for cond in o.conditions]


@POWERS("virtues_touch", offer=_virtues_touch_offer)
def _virtues_touch(game: Game, hero: Figure, a: Action) -> Procedure:
    other = _other(game, a)
    spend(game, hero, "virtues_touch")
    if other is not None and a.get("condition") in other.conditions:
        other.conditions.remove(a.get("condition"))
        game.emit("condition_ends", hero=other.id, text=f"{other.name} is no longer {a.get('condition')}.")
    yield from ()


def _self_offer(game: Game, hero: Figure, seat: str, pid: str) -> list[Action]:
    return [Action.make(seat, "power", text=f"{power(game, pid).name}", hero=hero.id, power=pid)]


def _images_offer(game: Game, hero: Figure, seat: str, pid: str) -> list[Action]:
    """Not while all three images still stand: a second casting would add nothing."""
    return [] if hero.flags.get("mirror_images", 0) >= 3 else _self_offer(game, hero, seat, pid)


def _unseen_offer(game: Game, hero: Figure, seat: str, pid: str) -> list[Action]:
    """Not on a hero already invisible: it would change nothing."""
    return [] if hero.flags.get("invisible") else _self_offer(game, hero, seat, pid)


@POWERS("mirror_image", offer=_images_offer)
def _mirror_image(game: Game, hero: Figure, a: Action) -> Procedure:
    """Three images: each monster miss pops one (blows.attack_hero)."""
    spend(game, hero, "mirror_image")
    hero.flags["mirror_images"] = 3
    yield from ()


@POWERS("invisibility", offer=_unseen_offer)
def _invisibility(game: Game, hero: Figure, a: Action) -> Procedure:
    """No monster picks him as its closest target (choosing.closest)."""
    spend(game, hero, "invisibility")
    hero.flags["invisible"] = True
    yield from ()


def _resilience_offer(game: Game, hero: Figure, seat: str, pid: str) -> list[Action]:
    if hero.hp >= hero.max_hp:
        return []
    return [Action.make(seat, "power", text=f"{power(game, pid).name} (uses a move): heal 4",
                        hero=hero.id, power=pid, slot="move")]


@POWERS("dwarven_resilience", offer=_resilience_offer)
def _dwarven_resilience(game: Game, hero: Figure, a: Action) -> Procedure:
    spend(game, hero, "dwarven_resilience")
    combat.heal(game, hero, 4, power(game, "dwarven_resilience").name)
    yield from ()


def _wizard_eye_offer(game: Game, hero: Figure, seat: str, pid: str) -> list[Action]:
    s: State = game.state
    p = power(game, pid)
    return [Action.make(seat, "power", text=f"{p.name} on {board.tile_label(s, c)}", hero=hero.id, power=pid,
                        tile=list(c)) for c in cells_within(s, hero, p.tiles)]


@POWERS("wizard_eye", offer=_wizard_eye_offer)
def _wizard_eye(game: Game, hero: Figure, a: Action) -> Procedure:
    s: State = game.state
    spend(game, hero, "wizard_eye")
    s.tokens[:] = [t for t in s.tokens if not (t["kind"] == "wizard_eye" and t.get("owner") == hero.id)]
    lay_token(game, hero, "wizard_eye", board.lay(s).placement_order(tuple(a.get("tile")))[0])
    yield from ()


def _command_offer(game: Game, hero: Figure, seat: str, pid: str) -> list[Action]:
    s: State = game.state
    out = []
    for m in s.foes():
        if board.same_tile(hero, m):
            out += [Action.make(seat, "power",
                                text=f"{power(game, pid).name}: {board.called(s, m)} to {board.tile_label(s, c)}",
                                hero=hero.id, power=pid, target=m.id, tile=list(c))
                    for c in cells_within(s, hero, 2) if c not in board.cells_of(m)]
    return out


def _diversion_offer(game: Game, hero: Figure, seat: str, pid: str) -> list[Action]:
    s: State = game.state
    out = []
    for m in board.foes_near(s, hero, 3):
        if m.side == OBJECT:
            continue
        out += [Action.make(seat, "power",
                            text=f"{power(game, pid).name}: {board.called(s, m)} to {board.tile_label(s, c)}",
                            hero=hero.id, power=pid, target=m.id, tile=list(c))
                for c in board.lay(s).tile_neighbours(board.cells_of(m)[0])]
    return out


def _send_monster(game: Game, hero: Figure, a: Action) -> Procedure:
    """Command, Distant Diversion: the chosen monster is put on the chosen tile."""
    spend(game, hero, a.get("power"))
    yield from put(game, game.state.figures[a.get("target")], tuple(a.get("tile")), "is sent to", hero)


POWERS("command", offer=_command_offer)(_send_monster)
POWERS("distant_diversion", offer=_diversion_offer)(_send_monster)


def _breath_offer(game: Game, hero: Figure, seat: str, pid: str) -> list[Action]:
    s: State = game.state
    p = power(game, pid)
    return [Action.make(seat, "power", text=f"{p.name} (free) at {board.tile_label(s, c)}", hero=hero.id,
                        power=pid, tile=list(c)) for c in cells_within(s, hero, p.tiles) if foes_on(s, c)]


@POWERS("hurled_breath", offer=_breath_offer)
def _hurled_breath(game: Game, hero: Figure, a: Action) -> Procedure:
    """A free attack at every monster on a tile (the card turns face down as it resolves)."""
    yield from attack_with(game, hero, a, announce=False)


# -- attack powers: a Strike each, offered by powers.strike_options ------------------------------------

def register(*pids: str, strike: Strike) -> None:
    POWERS(*pids, offer=strike_options)(strike)


register("sure_strike", "arcing_strike", "arc_lightning", "ray_of_frost", "shock_sphere", strike=Strike())


def _free_tiles(game: Game, hero: Figure, p: Any) -> list[Any]:
    s: State = game.state
    return [c for c in cells_within(s, hero, p.tiles) if free_squares_on(s, [c])]


def _blades(game: Game, hero: Figure, tile: Cell) -> Procedure:
    lay_tokens(game, hero, "blade_barrier", tile, 5)
    game.emit("token", hero=hero.id, text=f"Whirling blades fill {board.tile_label(game.state, tile)}.")
    yield from ()


def _sphere(game: Game, hero: Figure, tile: Cell) -> Procedure:
    s: State = game.state
    tok = next((t for t in s.tokens if t["kind"] == "flaming_sphere" and t.get("owner") == hero.id), None)
    if tok is not None:
        s.tokens.remove(tok)
    lay_token(game, hero, "flaming_sphere", board.lay(s).placement_order(tile)[0], n=3)
    game.emit("token", hero=hero.id, text=f"A sphere of fire rolls onto {board.tile_label(s, tile)}.")
    yield from ()


def _cause_fear(game: Game, hero: Figure, cell: Cell) -> Procedure:
    s: State = game.state
    game.emit("power", hero=hero.id, text=f"Terror grips {board.tile_label(s, cell)}.")
    for o in board.standing_heroes(s):
        if cell in board.cells_of(o) and board.adjacent_foes(s, o):
            o.flags["cause_fear"] = True
            yield from extra_at_will(game, o, f"Cause Fear: {o.name} may make one at-will attack at +2")
            o.flags.pop("cause_fear", None)
            yield from level_up_offer(game, o)  # a natural 20 on that attack counts now (§5.9)
    for m in [m for m in s.foes() if cell in board.cells_of(m)]:
        dest = yield from choose_cell(game, hero, [c for c in cells_within(s, hero, 2) if c != cell],
                                      f"Cause Fear: where does {m.name} flee?", f"{m.name} flees to")
        if dest is not None:
            yield from put(game, m, dest, "flees to", hero)


register("blade_barrier", strike=Strike(targets=_free_tiles, lay=_blades))
register("flaming_sphere", strike=Strike(targets=_free_tiles, lay=_sphere))
register("cause_fear", strike=Strike(lay=_cause_fear))


# -- moves before the roll --

def _pull_beside(game: Game, hero: Figure, monster: Figure, why: str) -> Procedure:
    """Place a monster on the free square next to the hero nearest to it."""
    s: State = game.state
    if board.adjacent(s, hero, monster) or monster.flags.get("size", 1) != 1 or monster.side == OBJECT:
        return
    near = board.free_adjacent(s, hero, but=monster)
    if not near:
        return
    dist = board.square_distances(s, monster)
    place_at(game, monster, min(near, key=lambda q: (dist.get(q, board.FAR), q[1], q[0])), why)
    yield from placed(game, monster, hero)


def _charge_targets(game: Game, hero: Figure, p: Any) -> list[Any]:
    s: State = game.state
    ends = set(walks(game, hero)) | {hero.pos}
    grid = board.lay(s).grid
    return [m for m in s.targets() if any(q in ends for p_ in squares_of(m) for q in grid.neighbours(p_))]


def _charge(game: Game, hero: Figure, a: Action, first: Figure | None) -> Procedure:
    s: State = game.state
    if first is not None and not board.adjacent(s, hero, first):
        grid = board.lay(s).grid
        near = {q for p_ in squares_of(first) for q in grid.neighbours(p_)}
        yield from move_offer(game, hero, None, f"Charge: where do you stop beside {first.name}?",
                              keep=lambda q: q in near)
    return first


def _taunting_advance(game: Game, hero: Figure, a: Action, first: Figure | None) -> Procedure:
    s: State = game.state
    if first is not None:
        yield from move_offer(game, hero, None, "Taunting Advance: advance where?",
                              keep=lambda q: board.tile_distance(s, [cell_of(q)], board.cells_of(first)) <= 2)
        yield from _pull_beside(game, hero, first, "is taunted onto")
    return first


def _divine_challenge(game: Game, hero: Figure, a: Action, first: Figure | None) -> Procedure:
    if first is not None:
        yield from _pull_beside(game, hero, first, "is challenged onto")
    return first


def _hypnotism(game: Game, hero: Figure, a: Action, first: Figure | None) -> Procedure:
    s: State = game.state
    if first is None:
        return first
    cell = yield from choose_cell(game, hero, board.lay(s).tile_neighbours(board.cells_of(first)[0]),
                                  f"Hypnotism: walk {first.name} to which tile?", "Walk it to")
    if cell is not None:
        yield from put(game, first, cell, "is walked in a trance to", hero)
    victims = [m for m in s.targets() if m is not first and first.on_board and board.adjacent(s, first, m)]
    return (yield from choose_figure(game, hero, victims, f"Hypnotism: {first.name} attacks which monster?"))


register("charge", strike=Strike(targets=_charge_targets, before=_charge, moves_first=True))
register("taunting_advance", strike=Strike(before=_taunting_advance, moves_first=True))
register("divine_challenge", strike=Strike(before=_divine_challenge))
register("hypnotism", strike=Strike(before=_hypnotism))


# -- with a partner hero: (partner, monster) pairs --

def _transposition_pairs(game: Game, hero: Figure) -> list[tuple[Figure, Figure]]:
    s: State = game.state
    out = []
    for o in others_near(s, hero, 2):
        out += [(o, m) for m in s.targets() if board.adjacent(s, o, m) and m is not hero]
    return out


def _castle_pairs(game: Game, hero: Figure) -> list[tuple[Figure, Figure]]:
    s: State = game.state
    out = []
    for o in others_near(s, hero, 1):
        out += [(o, m) for m in board.foes_near(s, o, 2)]
    return out


def _fray_pairs(game: Game, hero: Figure) -> list[tuple[Figure, Figure]]:
    s: State = game.state
    grid = board.lay(s).grid
    out = []
    for o in others_near(s, hero, 2):
        spots = board.free_adjacent(s, o, but=hero)
        out += [(o, m) for m in s.targets() if any(q in grid.neighbours(p_) for q in spots for p_ in squares_of(m))]
    return out


def _swap_with_partner(game: Game, hero: Figure, a: Action, first: Figure | None) -> Procedure:
    partner = game.state.figures.get(a.get("partner") or "")
    if partner is not None:
        swap(game, hero, partner)
    yield from ()
    return first


def _into_the_fray(game: Game, hero: Figure, a: Action, first: Figure | None) -> Procedure:
    s: State = game.state
    partner = s.figures.get(a.get("partner") or "")
    if partner is not None and first is not None:
        grid = board.lay(s).grid
        spots = [q for q in board.free_adjacent(s, partner, but=hero)
                 if any(q in grid.neighbours(p_) for p_ in squares_of(first))]
        sq = yield from choose_square(game, hero, spots, "Into the Fray: land where?")
        if sq is not None:
            place_at(game, hero, sq, "leaps into the fray at")
    return first


register("benign_transposition", strike=Strike(pairs=_transposition_pairs, before=_swap_with_partner))
register("kings_castle", strike=Strike(pairs=_castle_pairs, before=_swap_with_partner))
register("into_the_fray", strike=Strike(pairs=_fray_pairs, before=_into_the_fray))


# -- the rolls and their hits --

def _reaping_second(game: Game, hero: Figure, pid: str, target: Figure) -> Procedure:
    """The second swing goes at the same monster while it stands, else at another."""
    if target.on_board:
        return target
    return (yield from second_target(game, hero, pid, target, "the second swing"))


def _valiant(game: Game, hero: Figure, mods: dict[str, int]) -> None:
    mods["valiant_strike"] = len(board.adjacent_foes(game.state, hero))


def _holy(game: Game, hero: Figure, monster: Figure, face: int, extra: dict[str, int]) -> None:
    if monster.id in hero.flags.get("began_adjacent", []):
        extra["holy_strike"] = 1


def _lucky(game: Game, hero: Figure, monster: Figure, face: int, extra: dict[str, int]) -> None:
    if face % 2 == 0:
        extra["lucky_strike"] = 1


def _heal_one(game: Game, hero: Figure, cands: list[Figure], n: int, source: str) -> Procedure:
    hurt = [o for o in cands if o.hp < o.max_hp and o.on_board]
    if not hurt:
        return
    s: State = game.state
    if len(hurt) > 1:
        seat = s.seat_of[hero.id]
        options = [Action.make(seat, "target", text=f"{o.name} heals {n} ({o.hp}/{o.max_hp})", target=o.id)
                   for o in hurt]
        a = yield Decision(seat, f"{source}: who heals?", options, context={"figure": hero.id})
        hurt = [s.figures[a.get("target")]]
    combat.heal(game, hurt[0], n, source)


def _sacred_flame(game: Game, hero: Figure, monster: Figure) -> Procedure:
    name = power(game, "sacred_flame").name
    near = [o for o in board.heroes_on_tile(game.state, hero) if o is not hero]
    yield from _heal_one(game, hero, [hero, *near], 1, name)


def _comeback_hit(game: Game, hero: Figure, monster: Figure) -> Procedure:
    combat.heal(game, hero, 2, power(game, "comeback_strike").name)
    yield from ()


def _comeback_miss(game: Game, hero: Figure, pid: str) -> None:
    hero.powers[pid] = True
    game.emit("power", hero=hero.id, text=f"{power(game, pid).name} missed: the card stays face up.")


def _jab_shove(game: Game, hero: Figure, monster: Figure) -> Procedure:
    s: State = game.state
    if monster.on_board and monster.flags.get("size", 1) == 1 and monster.side != OBJECT:
        sq = yield from choose_square(game, hero, board.free_adjacent(s, monster),
                                      f"Distracting Jab: shove {monster.name} where?")
        if sq is not None:
            place_at(game, monster, sq, "is shoved to")
            yield from placed(game, monster, hero)


def _jab_slip(game: Game, hero: Figure, target: Figure | None) -> Procedure:
    yield from move_offer(game, hero, None, "Distracting Jab: slip away where?")


register("reaping_strike", strike=Strike(second=_reaping_second))
register("valiant_strike", strike=Strike(roll=_valiant))
register("holy_strike", strike=Strike(damage=_holy))
register("lucky_strike", strike=Strike(damage=_lucky))
register("sacred_flame", strike=Strike(hit=_sacred_flame))
register("comeback_strike", strike=Strike(hit=_comeback_hit, miss=_comeback_miss))
register("distracting_jab", strike=Strike(hit=_jab_shove, after=_jab_slip))


# -- after all the rolls, hit or miss --

def _clerics_shield(game: Game, hero: Figure, target: Figure | None) -> Procedure:
    s: State = game.state
    for o in s.heroes():
        o.flags.pop("clerics_shield", None)
    cands = [hero] + [o for o in board.heroes_on_tile(s, hero) if o is not hero]
    who = yield from choose_figure(game, hero, cands, "Cleric's Shield: who gains +2 AC?")
    (who or hero).flags["clerics_shield"] = True


def _righteous_advance(game: Game, hero: Figure, target: Figure | None) -> Procedure:
    s: State = game.state
    cands = [hero] + [o for o in board.heroes_on_tile(s, hero) if o is not hero]
    who = yield from choose_figure(game, hero, cands, "Righteous Advance: who may step 2 squares?", none="Nobody")
    if who is not None:
        yield from move_offer(game, who, 2, f"Righteous Advance: where does {who.name} step?")


def _righteous_smite(game: Game, hero: Figure, target: Figure | None) -> Procedure:
    for o in board.heroes_on_tile(game.state, hero):
        combat.heal(game, o, 1, "Righteous Smite")
    yield from ()


def _drive(pid: str, cells: Any) -> Any:
    """Positioning Shot, Spectral Ram: the monster struck goes onto a tile the hero picks."""
    def after(game: Game, hero: Figure, first: Figure | None) -> Procedure:
        if first is None or not first.on_board:
            return
        cell = yield from choose_cell(game, hero, cells(game.state, hero, first),
                                      f"{power(game, pid).name}: where does {first.name} go?", f"Put {first.name} on")
        yield from put(game, first, cell, "is driven onto", hero)
    return after


def _pass_card(game: Game, hero: Figure, monster: Figure) -> None:
    s: State = game.state
    to = s.right_of(hero.id)
    if monster.card is None:
        return
    for row in s.rows.values():
        if monster.card in row:
            row.remove(monster.card)
    s.rows[to].append(monster.card)
    game.emit("pass", card=monster.card, to=to,
              text=f"The {monster.name}'s card thunders over to {s.figures[to].name}'s player.")


def _wrathful_thunder(game: Game, hero: Figure, target: Figure | None) -> Procedure:
    s: State = game.state
    here = [m for m in s.foes() if board.same_tile(hero, m) and m.card]
    m = yield from choose_figure(game, hero, here, "Wrathful Thunder: whose card passes on?")
    if m is not None:
        _pass_card(game, hero, m)


def _tornado_strike(game: Game, hero: Figure, target: Figure | None) -> Procedure:
    sq = yield from choose_square(game, hero, free_squares_on(game.state, board.cells_of(hero), but=hero),
                                  "Tornado Strike: land where on your tile?", stay=True)
    if sq is not None:
        place_at(game, hero, sq, "lands at")


def _acrobatic_onslaught(game: Game, hero: Figure, target: Figure | None) -> Procedure:
    cell = yield from choose_cell(game, hero, cells_within(game.state, hero, 2),
                                  "Acrobatic Onslaught: tumble to which tile?",
                                  "Tumble to")
    if cell is not None and cell not in board.cells_of(hero):
        place_on_tile(game, hero, cell, "tumbles onto")
    yield from extra_at_will(game, hero, "Acrobatic Onslaught: one at-will attack")


register("clerics_shield", strike=Strike(after=_clerics_shield))
register("righteous_advance", strike=Strike(after=_righteous_advance))
register("righteous_smite", strike=Strike(after=_righteous_smite))
register("positioning_shot", strike=Strike(after=_drive("positioning_shot", lambda s, h, m: cells_within(s, h, 1))))
register("spectral_ram", strike=Strike(after=_drive("spectral_ram",
                                                    lambda s, h, m: cells_within(s, board.cells_of(m), 2))))
register("wrathful_thunder", strike=Strike(after=_wrathful_thunder))
register("tornado_strike", strike=Strike(after=_tornado_strike))
register("acrobatic_onslaught", strike=Strike(after=_acrobatic_onslaught))
