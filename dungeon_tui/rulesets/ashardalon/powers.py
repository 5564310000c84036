"""Power cards (spec §2.2, §5.5): the registry of their effects, the options a hero's ready
powers offer, and the plain rules of using them.

Every power id in powers.yaml has its effect in `POWERS` (power_cards registers the cards,
reactions and blows the reactions they handle).  At-will powers stay ready; dailies and
utilities turn face down when used.  Attack powers roll `ash.combat.hero_attack` once per
target; a `Strike` says how one departs from a plain attack.  Free powers need no action
slot.  Tokens the powers leave (blade barrier, flaming sphere, wizard eye) live in
`State.tokens` with an owner; mirror images, invisibility and the cleric's shield are hero flags."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...engine.effects import Effects, never
from ...engine.game import Action, Decision, Game, Procedure
from ...engine.grid import Sq
from . import board, combat
from .combat import ask
from .geometry import Cell, cell_of
from .movement import can_walk
from .placing import BITING, _seat
from .state import Figure, State

# Free powers in the order the hero phase offers them; reactions are offered where they trigger.
FREE = ("healing_hymn", "lay_on_hands", "virtues_touch", "mirror_image", "invisibility", "command",
        "hurled_breath", "distant_diversion", "wizard_eye")
MOVE_SLOT = ("dwarven_resilience",)

# power id -> its effect.  An action power's effect is a `Strike`, offered by `strike_options`;
# a free power's is `use(game, hero, action)`, offered by `offer(game, hero, seat, card)`; a
# reaction's is the rule that offers it where it triggers (offer `never`).
POWERS: Effects[Callable[..., Any]] = Effects("power")


@dataclass(frozen=True)
class Strike:
    """How one attack power departs from a plain attack; a hook left None follows the plain rule."""

    targets: Callable[[Game, Figure, Any], list[Any]] | None = None  # what it may be aimed at
    pairs: Callable[[Game, Figure], list[tuple[Figure, Figure]]] | None = None  # (partner hero, monster)
    lay: Callable[[Game, Figure, Cell], Procedure] | None = None  # lays something on a tile instead of rolling
    before: Callable[[Game, Figure, Action, Figure | None], Procedure] | None = None  # moves first; the new target
    second: Callable[[Game, Figure, str, Figure], Procedure] | None = None  # its own second target
    roll: Callable[[Game, Figure, dict[str, int]], None] | None = None  # modifiers to each roll
    damage: Callable[[Game, Figure, Figure, int, dict[str, int]], None] | None = None  # damage bonuses on a hit
    hit: Callable[[Game, Figure, Figure], Procedure] | None = None  # after the damage of each hit
    miss: Callable[[Game, Figure, str], None] | None = None  # after each miss
    after: Callable[[Game, Figure, Figure | None], Procedure] | None = None  # after all its rolls
    moves_first: bool = False  # it moves the hero: never the extra at-will attack of another card

    def __call__(self, game: Game, hero: Figure, a: Action, announce: bool = True) -> Procedure:
        return attack_with(game, hero, a, announce)


PLAIN = Strike()


def strike_of(pid: str) -> Strike:
    effect = POWERS.get(pid)
    return effect.run if effect is not None and isinstance(effect.run, Strike) else PLAIN


def offer_of(pid: str) -> Callable[..., list[Action]]:
    """What a power offers the hero phase (free and action powers register an offer)."""
    offer = POWERS[pid].offer
    assert offer is not None, f"power {pid!r} has no offer"
    return offer


def power(game: Game, pid: str) -> Any:
    return game.content.powers[pid]


def ready(hero: Figure, pid: str) -> bool:
    return hero.powers.get(pid, False)


def cells_within(s: State, hero: Figure | list[Cell], n: int) -> list[Cell]:
    dist = board.lay(s).tile_distances(board.cells_of(hero) if isinstance(hero, Figure) else hero)
    return sorted((c for c, d in dist.items() if d <= n), key=lambda c: (dist[c], c[1], c[0]))



def foes_on(s: State, cell: Cell) -> list[Figure]:
    return [m for m in s.targets() if cell in board.cells_of(m)]


def others_near(s: State, hero: Figure, tiles: int) -> list[Figure]:
    return [o for o in board.standing_heroes(s) if o is not hero and board.figure_tiles(s, hero, o) <= tiles]


# -- what an attack slot may do ------------------------------------------------------------------

def attack_targets(game: Game, hero: Figure, pid: str) -> list[Any]:
    """What an attack power may be aimed at: figures, or tiles (cells) for tile powers."""
    s: State = game.state
    p = power(game, pid)
    strike = strike_of(pid)
    if strike.targets is not None:
        return strike.targets(game, hero, p)
    if p.target == "adjacent":
        return board.adjacent_foes(s, hero)
    if p.target in ("monster_within", "monsters_within"):
        return board.foes_near(s, hero, p.tiles)
    if p.target == "tile_within":
        return [c for c in cells_within(s, hero, p.tiles) if foes_on(s, c)]
    if p.target == "monsters_on_tile":
        return [m for m in s.targets() if board.same_tile(hero, m)][:1]
    return []


def strike_options(game: Game, hero: Figure, seat: str, pid: str) -> list[Action]:
    """The attack actions one ready action power offers."""
    s: State = game.state
    p = power(game, pid)
    strike = strike_of(pid)
    if strike.pairs is not None:
        return [Action.make(seat, "attack", text=f"{p.name} ({p.type}) with {o.name} at {board.called(s, m)}",
                            hero=hero.id, power=pid, target=m.id, partner=o.id) for o, m in strike.pairs(game, hero)]
    if p.attack is None and strike.lay is None:
        return []
    out = []
    for t in attack_targets(game, hero, pid):
        if isinstance(t, Figure):
            what = "the monsters on your tile" if p.target == "monsters_on_tile" else board.called(s, t)
            out.append(Action.make(seat, "attack", text=f"{p.name} ({p.type.replace('_', '-')}) at {what}",
                                   hero=hero.id, power=pid, target=t.id))
        else:
            out.append(Action.make(seat, "attack", text=f"{p.name} on {board.tile_label(s, t)}",
                                   hero=hero.id, power=pid, tile=list(t)))
    return out


def action_powers(game: Game, hero: Figure) -> list[str]:
    """The hero's ready action powers, in the order his attack slot offers them."""
    return [pid for pid, up in hero.powers.items() if up and power(game, pid).timing == "action"]


def attack_options(game: Game, hero: Figure, seat: str) -> list[Action]:
    out = []
    for pid in action_powers(game, hero):
        out += offer_of(pid)(game, hero, seat, pid)
    return out


def free_options(game: Game, hero: Figure, seat: str, slots_left: bool) -> list[Action]:
    return [a for _, make in free_groups(game, hero, seat, slots_left) for a in make()]


_FREE_ONLY_RANK = {pid: k for k, pid in enumerate(FREE)}
_FREE_RANK = {pid: k for k, pid in enumerate((*FREE, *MOVE_SLOT))}
TOKEN_MOVES = ("move_flaming_sphere", "move_wizard_eye")  # the `power` of a token's move


def free_groups(game: Game, hero: Figure, seat: str,
                slots_left: bool) -> list[tuple[tuple[str, ...], Callable[[], list[Action]]]]:
    """`free_options` in groups, in its order: each ready power's own offers, then the moves of
    the hero's tokens, as (the `power` its offers name, how to make them), each made only when
    read (a replayed power makes its own card's offers, not every other's)."""
    # His ready cards looked up in the free powers' order (he holds a few; there are ten).
    rank = _FREE_RANK if slots_left else _FREE_ONLY_RANK
    out: list[tuple[tuple[str, ...], Callable[[], list[Action]]]] = [
        ((pid,), _offers(game, hero, seat, pid))
        for pid in sorted((pid for pid, up in hero.powers.items() if up and pid in rank), key=rank.__getitem__)]
    if slots_left:
        out.append((TOKEN_MOVES, lambda: _token_moves(game, hero, seat)))
    return out


def _offers(game: Game, hero: Figure, seat: str, pid: str) -> Callable[[], list[Action]]:
    return lambda: offer_of(pid)(game, hero, seat, pid)


def _token_moves(game: Game, hero: Figure, seat: str) -> list[Action]:
    s: State = game.state
    out = []
    for tok in s.tokens:
        if tok.get("owner") == hero.id and tok["kind"] in ("flaming_sphere", "wizard_eye"):
            here = cell_of(tuple(tok["at"]))
            out += [Action.make(seat, "power", text=f"Move the {tok['kind'].replace('_', ' ')} to "
                                                    f"{board.tile_label(s, c)} (uses a move)",
                                hero=hero.id, power=f"move_{tok['kind']}", tile=list(c), slot="move")
                    for c in board.lay(s).tile_neighbours(here)]
    return out


def spend(game: Game, hero: Figure, pid: str) -> None:
    p = power(game, pid)
    if p.type != "at_will":
        hero.powers[pid] = False
        game.emit("power_used", hero=hero.id, power=pid, text=f"{hero.name}'s {p.name} card turns face down.")


def lay_token(game: Game, hero: Figure, kind: str, sq: Sq, **extra: Any) -> None:
    game.state.tokens.append({"kind": kind, "at": list(sq), "owner": hero.id, **extra})


def lay_tokens(game: Game, hero: Figure, kind: str, cell: Cell, n: int) -> None:
    """Tokens on the first n free squares of a tile from its scorch outward, one per square."""
    s: State = game.state
    has = {tuple(t["at"]) for t in s.tokens if t["kind"] in BITING}
    spots = [q for q in board.lay(s).placement_order(cell) if board.free(s, q) and q not in has][:n]
    for q in spots:
        lay_token(game, hero, kind, q)


def use_free(game: Game, hero: Figure, a: Action) -> Procedure:
    s: State = game.state
    pid = a.get("power")
    if pid in ("move_flaming_sphere", "move_wizard_eye"):
        kind = pid[5:]
        tok = next(t for t in s.tokens if t.get("owner") == hero.id and t["kind"] == kind)
        tok["at"] = list(board.lay(s).placement_order(tuple(a.get("tile")))[0])
        game.emit("token", hero=hero.id, text=f"{hero.name} sends the {kind.replace('_', ' ')} to "
                                           f"{board.tile_label(s, tuple(a.get('tile')))}.")
        return
    game.emit("power", hero=hero.id, power=pid, text=f"{hero.name} uses {power(game, pid).name}.")
    yield from POWERS[pid].run(game, hero, a)


def wizard_eye_cell(s: State, hero: Figure) -> Cell | None:
    """The tile of the hero's wizard eye: exploration may use its unexplored edges (hook)."""
    tok = next((t for t in s.tokens if t["kind"] == "wizard_eye" and t.get("owner") == hero.id), None)
    return cell_of(tuple(tok["at"])) if tok else None


# -- resolving attack powers ---------------------------------------------------------------------

def second_target(game: Game, hero: Figure, pid: str, first: Figure, why: str) -> Procedure:
    s: State = game.state
    seat = s.seat_of[hero.id]
    others = [m for m in attack_targets(game, hero, pid) if isinstance(m, Figure) and m is not first and m.on_board]
    if not others:
        return None
    options = [Action.make(seat, "target", text=f"Also {board.called(s, m)}", target=m.id) for m in others]
    options.append(Action.make(seat, "target", text="No second target", target=None))
    a = yield Decision(seat, f"{power(game, pid).name}: {why}", options, context={"figure": hero.id})
    return s.figures.get(a.get("target") or "")


def _any_on_tile(game: Game, hero: Figure, pid: str, k: int) -> Procedure:
    s: State = game.state
    seat = s.seat_of[hero.id]
    here = [m for m in s.targets() if board.same_tile(hero, m)]
    if not here:
        return None
    if len(here) == 1:
        return here[0]
    options = [Action.make(seat, "target", text=f"Blow {k} at {board.called(s, m, f'{m.hp} HP')}", target=m.id)
               for m in here]
    a = yield Decision(seat, f"{power(game, pid).name}: blow {k} at which monster?", options,
                       context={"figure": hero.id})
    return s.figures[a.get("target")]


def attack_with(game: Game, hero: Figure, a: Action, announce: bool = True) -> Procedure:
    """Resolve an attack power: moves first, every roll, its damage, its after-effects, the card."""
    s: State = game.state
    pid = a.get("power")
    p = power(game, pid)
    strike = strike_of(pid)
    if announce:
        game.emit("power", hero=hero.id, power=pid, text=f"{hero.name} uses {p.name}.")
    first = s.figures.get(a.get("target") or "")
    tile = tuple(a.get("tile")) if a.get("tile") is not None else None
    spend(game, hero, pid)
    if strike.lay is not None:
        assert tile is not None  # a power that lays something is aimed at a tile
        yield from strike.lay(game, hero, tile)
        return
    target = (yield from strike.before(game, hero, a, first)) if strike.before is not None else first
    if p.target == "adjacent" and target is not None and target.on_board and not board.adjacent(s, hero, target):
        game.emit("power", hero=hero.id, text=f"{hero.name} is not beside {target.name}: no attack.")
        return
    hits: list[bool] = []
    if tile is not None:
        for m in foes_on(s, tile):
            hits.append((yield from one_attack(game, hero, pid, m)))
    elif p.target == "monsters_on_tile":
        for k in range(1, p.attack.count + 1):
            m = yield from _any_on_tile(game, hero, pid, k)
            if m is None:
                break
            hits.append((yield from one_attack(game, hero, pid, m)))
    elif target is not None:
        hits.append((yield from one_attack(game, hero, pid, target)))
        second = None
        if strike.second is not None:
            second = yield from strike.second(game, hero, pid, target)
        elif p.attack.count > 1:
            second = yield from second_target(game, hero, pid, target, "a second target?")
        if second is not None:
            hits.append((yield from one_attack(game, hero, pid, second)))
    if hits and strike.after is not None:
        yield from strike.after(game, hero, target)


@POWERS("furious_assault", offer=never)
def one_attack(game: Game, hero: Figure, pid: str, monster: Figure) -> Procedure:
    """One roll of an attack power at one monster; Furious Assault may add 1 damage to a hit."""
    p = power(game, pid)
    strike = strike_of(pid)
    if not monster.on_board:
        return False
    ac, acmods = combat.foe_ac(game, monster)
    mods = combat.hero_attack_mods(game, hero, monster)
    if strike.roll is not None:
        strike.roll(game, hero, mods)
    if hero.flags.get("cause_fear"):
        mods["cause_fear"] = 2
    hit, face = yield from combat.attack_roll(game, "ash.combat.hero_attack", hero.name, monster.name,
                                              p.attack.bonus, ac,
                                              mods, {"power": pid, "ac_modifiers": acmods}, hero=hero)
    if face == 20:
        hero.flags["natural_20"] = True
    if hit:
        extra = combat.damage_bonus(game, hero, monster, face)
        if strike.damage is not None:
            strike.damage(game, hero, monster, face, extra)
        if ready(hero, "furious_assault") \
                and (yield from ask(game, hero, "furious_assault", f"+1 damage on {monster.name}")):
            extra["furious_assault"] = 1
            spend(game, hero, "furious_assault")
        total = p.attack.damage + sum(extra.values())
        yield from combat.damage_foe(game, monster, total, hero, p.name)
        if strike.hit is not None:
            yield from strike.hit(game, hero, monster)
    elif p.attack.miss_damage:
        yield from combat.damage_foe(game, monster, p.attack.miss_damage, hero, f"{p.name} (miss)")
    if not hit and strike.miss is not None:
        strike.miss(game, hero, pid)
    return hit


def extra_at_will(game: Game, hero: Figure, prompt: str) -> Procedure:
    """One at-will attack outside the slots (acrobatic onslaught, cause fear)."""
    seat = _seat(game, hero)
    opts = [a for a in attack_options(game, hero, seat) if power(game, a.get("power")).type == "at_will"
            and not strike_of(a.get("power")).moves_first]
    if not opts:
        return
    opts.append(Action.make(seat, "attack", text="No attack", hero=hero.id, power=None))
    a = yield Decision(seat, prompt, opts, context={"figure": hero.id, "extra_attack": True})
    if a.get("power") is not None:
        yield from attack_with(game, hero, a)


def end_of_hero_phase(game: Game, hero: Figure) -> Procedure:
    """H4: the hero's flaming sphere burns a token and 1 damage to each monster on its tile."""
    s: State = game.state
    for tok in [t for t in s.tokens if t["kind"] == "flaming_sphere" and t.get("owner") == hero.id]:
        cell = cell_of(tuple(tok["at"]))
        tok["n"] -= 1
        if tok["n"] <= 0:
            s.tokens.remove(tok)
        game.emit("token", hero=hero.id, text=f"The flaming sphere burns ({max(tok['n'], 0)} left).")
        for m in foes_on(s, cell):
            yield from combat.damage_foe(game, m, 1, hero, "Flaming Sphere")


@POWERS("astral_refuge", offer=never)
def villain_phase_start(game: Game) -> Procedure:
    """V0: each ready Astral Refuge may lift a hero up to 2 tiles away off the board; he comes
    back at H0 of his next turn (turns.come_back)."""
    s: State = game.state
    for h in board.standing_heroes(s):
        if not ready(h, "astral_refuge"):
            continue
        seat = _seat(game, h)
        cands = [h, *others_near(s, h, 2)]
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


def began_adjacent(game: Game, hero: Figure) -> None:
    """Holy Strike remembers who stood next to the hero when his phase began."""
    hero.flags["began_adjacent"] = [m.id for m in board.adjacent_foes(game.state, hero)]


def ready_to_walk(game: Game, hero: Figure) -> bool:
    return can_walk(game, hero)
