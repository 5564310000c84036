"""Treasure items (spec §2.6): what a hero's items offer in his hero phase (free, or in a move
or attack slot), and using them.  In-play bonuses are read by combat (one item attack bonus
and one item AC bonus per hero, the highest); reactions by combat and `reactions`.

Hook for exploration: `elven_cloak_holder(game, hero_id)` names the player who draws,
places and holds the hero's exploration monster."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.effects import never
from ...engine.game import Action, Game, Procedure
from . import board, combat, decks, placing, powers
from .arrivals import spawn
from .combat import ITEMS
from .geometry import cell_of
from .levels import become_level_2
from .reactions import monster_arrived
from .state import MONSTER, Figure, State



def kind(card: str) -> str:
    return decks.kind_of(card)


def _attack_targets(game: Game, hero: Figure, tiles: int) -> list[Figure]:
    return board.foes_near(game.state, hero, tiles)


def options(game: Game, hero: Figure, seat: str, may_move: bool, may_attack: bool) -> list[Action]:
    """What the hero's ready items offer now, each by its own offer in `ITEMS`."""
    out: list[Action] = []
    for card in offering(hero):
        out += card_options(game, hero, seat, card, may_move, may_attack)
    return out


def offering(hero: Figure) -> list[str]:
    """The hero's ready item cards with an offer, in the order `options` offers them (reactions
    are offered where they trigger)."""
    return [card for card, up in hero.items.items()
            if up and (effect := ITEMS.get(kind(card))) is not None and effect.offer not in (None, never)]


def card_options(game: Game, hero: Figure, seat: str, card: str, may_move: bool, may_attack: bool) -> list[Action]:
    """What one of `offering`'s cards offers now (each action names the card)."""
    offer = ITEMS[kind(card)].offer
    assert offer is not None
    return offer(game, hero, Offer(seat, card, combat.item_of(game, card), may_move, may_attack))


@dataclass(frozen=True)
class Offer:
    """One ready item card in the hero's phase: whose seat, which card, and the slots left."""

    seat: str
    card: str
    item: Any
    may_move: bool
    may_attack: bool

    def act(self, hero: Figure, text: str, **args: Any) -> Action:
        return Action.make(self.seat, "item", text=f"{self.item.name}: {text}", hero=hero.id, card=self.card, **args)


def _after(game: Game, hero: Figure, card: str) -> None:
    item = combat.item_of(game, card)
    if item.after_use == "discard":
        del hero.items[card]
        decks.discard(game.state, "treasure", card)
    elif item.after_use == "flip":
        hero.items[card] = False


def item_attack(game: Game, hero: Figure, card: str, monster: Figure) -> Procedure:
    item = combat.item_of(game, card)
    ac, acmods = combat.foe_ac(game, monster)
    mods = combat.hero_attack_mods(game, hero, monster)
    hit, face = yield from combat.attack_roll(game, "ash.combat.hero_attack", hero.name, monster.name,
                                              item.attack.bonus, ac,
                                              mods, {"item": kind(card), "ac_modifiers": acmods}, hero=hero)
    if face == 20:
        hero.flags["natural_20"] = True
    if hit:
        extra = combat.damage_bonus(game, hero, monster, face)
        yield from combat.damage_foe(game, monster, item.attack.damage + sum(extra.values()), hero, item.name)
    return hit


def use(game: Game, hero: Figure, a: Action) -> Procedure:
    """Use an item; its effect returns True when it has put the card away itself."""
    card = a.get("card")
    item = combat.item_of(game, card)
    game.emit("item", hero=hero.id, card=card, text=f"{hero.name} uses the {item.name}.")
    if not (yield from ITEMS[kind(card)].run(game, hero, a, card, item)):
        _after(game, hero, card)


def _other(game: Game, a: Action) -> Figure | None:
    s: State = game.state
    return s.figures.get(a.get("other") or "")


def _tile(a: Action) -> Any:
    return tuple(a.get("tile")) if a.get("tile") is not None else None


# -- the items a hero uses in his phase: offer(game, hero, Offer), use(game, hero, action, card, item) --

def _heal_offer(game: Game, hero: Figure, o: Offer) -> list[Action]:
    s: State = game.state
    return [o.act(hero, f"{x.name} heals {o.item.heal}", other=x.id, heal=o.item.heal)
            for x in [hero, *(x for x in s.heroes() if x is not hero and x.up and board.adjacent(s, hero, x))]
            if x.hp < x.max_hp]


@ITEMS("potion_of_healing", offer=_heal_offer)
def _heal(game: Game, hero: Figure, a: Action, card: str, item: Any) -> Procedure:
    other = _other(game, a)
    if other is not None:
        combat.heal(game, other, item.heal, item.name)
    yield from ()
    return False


def _recovery_offer(game: Game, hero: Figure, o: Offer) -> list[Action]:
    s: State = game.state
    return [o.act(hero, f"{x.name} is no longer {cond}", other=x.id, condition=cond)
            for x in [hero] + [x for x in s.heroes() if x is not hero and x.on_board and board.adjacent(s, hero, x)]
            for cond in x.conditions]


@ITEMS("potion_of_recovery", offer=_recovery_offer)
def _recovery(game: Game, hero: Figure, a: Action, card: str, item: Any) -> Procedure:
    other = _other(game, a)
    if other is not None and a.get("condition") in other.conditions:
        other.conditions.remove(a.get("condition"))
        game.emit("condition_ends", hero=other.id, text=f"{other.name} is no longer {a.get('condition')}.")
    yield from ()
    return False


def _spent_powers(game: Game, hero: Figure, o: Offer) -> list[Action]:
    return [o.act(hero, f"ready {game.content.powers[pid].name}", power=pid)
            for pid, up in hero.powers.items() if not up]


def _pearl_offer(game: Game, hero: Figure, o: Offer) -> list[Action]:
    return _spent_powers(game, hero, o) + [o.act(hero, f"ready {combat.item_of(game, other).name}", other_card=other)
                                        for other, up in hero.items.items() if not up and other != o.card]


@ITEMS("pearl_of_power", offer=_pearl_offer)
@ITEMS("potion_of_rejuvenation", offer=_spent_powers)
def _refresh(game: Game, hero: Figure, a: Action, card: str, item: Any) -> Procedure:
    """A spent power (or, for the pearl, another spent item) is ready again."""
    if a.get("power"):
        hero.powers[a.get("power")] = True
        game.emit("power", hero=hero.id, text=f"{game.content.powers[a.get('power')].name} is ready again.")
    elif a.get("other_card"):
        hero.items[a.get("other_card")] = True
        game.emit("item", hero=hero.id, text=f"The {combat.item_of(game, a.get('other_card')).name} is ready again.")
    yield from ()
    return False


def _speed_offer(game: Game, hero: Figure, o: Offer) -> list[Action]:
    return [o.act(hero, "an extra move")] if powers.ready_to_walk(game, hero) else []


@ITEMS("potion_of_speed", offer=_speed_offer)
def _speed(game: Game, hero: Figure, a: Action, card: str, item: Any) -> Procedure:
    yield from placing.move_offer(game, hero, None, "Potion of Speed: move where?")
    return False


def _caltrops_offer(game: Game, hero: Figure, o: Offer) -> list[Action]:
    s: State = game.state
    here = board.cells_of(hero)[0]
    return [o.act(hero, f"scatter caltrops on {board.tile_label(s, here)}", tile=list(here))]


@ITEMS("box_of_caltrops", offer=_caltrops_offer)
def _caltrops(game: Game, hero: Figure, a: Action, card: str, item: Any) -> Procedure:
    tile = _tile(a)
    if tile is not None:
        powers.lay_tokens(game, hero, "caltrops", tile, item.tokens)
        game.emit("token", hero=hero.id, text=f"Caltrops litter {board.tile_label(game.state, tile)}.")
    yield from ()
    return False


def _tome_offer(game: Game, hero: Figure, o: Offer) -> list[Action]:
    return [o.act(hero, "reach level 2")] if hero.level < 2 else []


@ITEMS("tome_of_experience", offer=_tome_offer)
def _tome(game: Game, hero: Figure, a: Action, card: str, item: Any) -> Procedure:
    """The card goes before the hero picks his second daily."""
    _after(game, hero, card)
    yield from become_level_2(game, hero)
    return True


def _carpet_of(s: State, hero: Figure) -> dict[str, Any] | None:
    return next((t for t in s.tokens if t["kind"] == "flying_carpet" and t.get("owner") == hero.id), None)


def _carpet_offer(game: Game, hero: Figure, o: Offer) -> list[Action]:
    s: State = game.state
    carpet = _carpet_of(s, hero)
    if carpet is None:
        marked = {cell_of(tuple(m["at"])) for m in s.markers.values() if "at" in m}
        return [o.act(hero, f"lay it on {board.tile_label(s, c)}", tile=list(c))
                for c in powers.cells_within(s, hero, 1) if c not in marked]
    if not o.may_move:
        return []
    here = cell_of(tuple(carpet["at"]))
    return [o.act(hero, f"fly to {board.tile_label(s, c)} (uses a move)", tile=list(c), slot="move")
            for c in board.lay(s).tile_neighbours(here)]


@ITEMS("flying_carpet", offer=_carpet_offer)
def _carpet(game: Game, hero: Figure, a: Action, card: str, item: Any) -> Procedure:
    s: State = game.state
    tile = _tile(a)
    if tile is not None:
        carpet = _carpet_of(s, hero)
        if carpet is None:
            powers.lay_token(game, hero, "flying_carpet", board.lay(s).placement_order(tile)[0])
            game.emit("token", hero=hero.id, text=f"The carpet unrolls on {board.tile_label(s, tile)}.")
        else:
            here = cell_of(tuple(carpet["at"]))
            riders = [o for o in board.standing_heroes(s) if here in board.cells_of(o)]
            carpet["at"] = list(board.lay(s).placement_order(tile)[0])
            for o in riders:
                placing.place_on_tile(game, o, tile, "rides the carpet to")
    yield from ()
    return False


def _shot_offer(game: Game, hero: Figure, o: Offer) -> list[Action]:
    if kind(o.card) == "throwing_shield" and hero.flags.get("shield_thrown") == game.state.turn:
        return []  # once a turn
    return [o.act(hero, f"attack {board.called(game.state, m)}", target=m.id)
            for m in _attack_targets(game, hero, o.item.attack.tiles)]


def _crossbow_offer(game: Game, hero: Figure, o: Offer) -> list[Action]:
    if not o.may_move:
        return []
    return [o.act(hero, f"shoot {board.called(game.state, m)} (uses a move)", target=m.id, slot="move")
            for m in _attack_targets(game, hero, o.item.attack.tiles)]


def _shoot(game: Game, hero: Figure, a: Action, card: str, item: Any) -> Procedure:
    """Ring of shooting stars, throwing shield (once a turn), crossbow of speed: one item attack."""
    target = game.state.figures.get(a.get("target") or "")
    if target is not None:
        if kind(card) == "throwing_shield":
            hero.flags["shield_thrown"] = game.state.turn
        yield from item_attack(game, hero, card, target)
    return False


ITEMS("ring_of_shooting_stars", "throwing_shield", offer=_shot_offer)(_shoot)
ITEMS("crossbow_of_speed", offer=_crossbow_offer)(_shoot)


def _fear_offer(game: Game, hero: Figure, o: Offer) -> list[Action]:
    s: State = game.state
    if not o.may_attack:
        return []
    return [o.act(hero, f"scare the monsters on {board.tile_label(s, c)} (uses an attack)", tile=list(c), slot="attack")
            for c in powers.cells_within(s, hero, o.item.tiles or 1) if any(c in board.cells_of(m) for m in s.foes())]


@ITEMS("wand_of_fear", offer=_fear_offer)
def _fear(game: Game, hero: Figure, a: Action, card: str, item: Any) -> Procedure:
    s: State = game.state
    tile = _tile(a)
    if tile is not None:
        for m in [m for m in s.foes() if tile in board.cells_of(m)]:
            dest = yield from placing.choose_cell(game, hero, [c for c in powers.cells_within(s, hero, 2) if c != tile],
                                                 f"Wand of Fear: where does the {m.name} flee?", f"{m.name} flees to")
            if dest is not None:
                yield from placing.put(game, m, dest, "flees in terror to", hero)
    return False


def _polymorph_offer(game: Game, hero: Figure, o: Offer) -> list[Action]:
    if not o.may_attack:
        return []
    return [o.act(hero, f"turn the {board.called(game.state, m)} into another monster (uses an attack)",
                  target=m.id, slot="attack")
            for m in board.foes_near(game.state, hero, o.item.tiles or 2) if m.side == MONSTER]


@ITEMS("wand_of_polymorph", offer=_polymorph_offer)
def _polymorph(game: Game, hero: Figure, a: Action, card: str, item: Any) -> Procedure:
    target = game.state.figures.get(a.get("target") or "")
    if target is not None:
        yield from polymorph(game, hero, target)
    return False


def polymorph(game: Game, hero: Figure, m: Figure) -> Procedure:
    """The monster turns into a freshly drawn one; the new card keeps the old card's row place [H D32]."""
    s: State = game.state
    new = yield from decks.draw(game, "monster")
    if new is None:
        game.emit("item", hero=hero.id, text="The monster deck is empty: the wand fizzles.")
        return
    sq, cell = m.pos, board.cells_of(m)[0]
    m.pos = None
    game.emit("polymorph", figure=m.id, text=f"The {m.name} twists into something else...")
    still = any(f.card == m.card and f.on_board for f in s.foes())
    for row in s.rows.values():
        if m.card in row:
            k = row.index(m.card)
            if still:
                row.insert(k + 1, new)
            else:
                row[k] = new
                decks.discard(s, "monster", m.card)
            break
    else:
        s.rows[s.active or hero.id].append(new)
    figs = spawn(game, new, cell, at=sq)
    for f in figs:
        yield from placing.placed(game, f, hero)
    yield from monster_arrived(game, figs)


@ITEMS("elven_cloak", offer=never)
def elven_cloak_holder(game: Game, hid: str) -> str:
    """The player who draws, places and holds this hero's exploration monster: the one on his
    left when the hero wears a ready Elven Cloak, else himself."""
    s: State = game.state
    h = s.figures[hid]
    if h.hp > 0 and any(up and kind(c) == "elven_cloak" for c, up in h.items.items()) and len(s.party) > 1:
        return s.left_of(hid)
    return hid
