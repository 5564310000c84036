"""Reaction powers and items (spec §2.2, §2.6, §5.5), offered to their owner's seat at the
trigger.  Combat calls the roll reactions itself; the hooks below are for the modules that
run monster activations, exploration and encounters:

- `monster_activates(game, monster)` before a figure acts (bravery; the active player's
  scroll of monster control, which may replace the activation: returns True then);
- `before_monster_attack(game, monster, targets)` before an attack aimed at several heroes
  (noble shield: returns the heroes actually attacked);
- `monster_arrived(game, figures)` after a monster is newly placed (to arms!);
- `encounter_cost_discount(game)` when an encounter is drawn (perseverance: XP off the cost);
- `active_hero_swap(game, card)` after the cancel offer (one for the team [H D31])."""
from __future__ import annotations


from ...engine.effects import never
from ...engine.game import Action, Decision, Game, Procedure
from . import board, combat, decks, placing, powers
from .combat import INSPIRING, ITEMS, LUCKY
from .powers import POWERS
from .spending import can_spend
from .state import MONSTER, VILLAIN, Figure, State



def able(hero: Figure) -> bool:
    """A hero at 0 HP or off the board uses nothing (§5.5, §5.11)."""
    return hero.up


def charm_of(hero: Figure) -> str | None:
    return next((c for c, up in hero.items.items() if up and decks.kind_of(c) == "lucky_charm"), None)


@POWERS("inspiring_advice", offer=never)
@ITEMS("lucky_charm", offer=never)
def reroll_offers(game: Game, hero: Figure | None, victim: Figure | None, hit: bool, used: set[str]) -> Procedure:
    """After a d20 attack: a hero who missed a monster may be inspired or use his charm; a hero
    a monster hit may use his charm.  Returns (rule id, owner) of the reroll taken, or None."""
    s: State = game.state
    offers: list[tuple[str, Figure, str]] = []
    if hero is not None and not hit and able(hero):
        for o in s.heroes():
            if able(o) and powers.ready(o, "inspiring_advice") and INSPIRING not in used \
                    and o.flags.get("inspired_turn") != s.turn:  # FAQ: not again the turn it failed
                offers.append((INSPIRING, o, f"Inspiring Advice ({o.name}): {hero.name} rolls again"))
        if charm_of(hero) and LUCKY not in used:
            offers.append((LUCKY, hero, f"Lucky Charm: {hero.name} rolls again"))
    if victim is not None and hit and able(victim) and charm_of(victim) and LUCKY not in used:
        offers.append((LUCKY, victim, f"Lucky Charm: {victim.name} makes the attacker roll again"))
    for rule, owner, text in offers:
        seat = s.seat_of[owner.id]
        opts = [Action.make(seat, "react", text="Let the roll stand", power=rule, use=False),
                Action.make(seat, "react", text=text, power=rule, use=True)]
        a = yield Decision(seat, f"{owner.name} may call for a reroll", opts,
                           context={"figure": owner.id, "reaction": rule})
        if a.get("use"):
            if rule == INSPIRING:
                powers.spend(game, owner, "inspiring_advice")
            else:
                card = charm_of(owner)
                assert card is not None  # the charm is offered only to its holder
                del owner.items[card]
                decks.discard(s, "treasure", card)
                game.emit("item", hero=owner.id, text=f"{owner.name} rubs a Lucky Charm; it crumbles.")
            return rule, owner
    return None


@ITEMS("scroll_of_monster_control", offer=never)
def monster_activates(game: Game, monster: Figure) -> Procedure:
    """Before a monster or villain acts: Bravery for paladins up to 1 tile away, and the
    active player's Scroll of Monster Control.  Returns True when the scroll used up the
    activation (the figure does not act)."""
    s: State = game.state
    if not monster.on_board or monster.side not in (MONSTER, VILLAIN):
        return False
    yield from monster_activates_bravery(game, monster)
    if monster.side != MONSTER or s.active is None or s.phase != "villain":
        return False
    h = s.figures[s.active]
    scroll = next((c for c, up in h.items.items() if up and decks.kind_of(c) == "scroll_of_monster_control"), None)
    if scroll is None or h.hp <= 0:
        return False
    item = combat.item_of(game, scroll)
    seat = s.seat_of[h.id]
    cells = powers.cells_within(s, board.cells_of(monster), item.tiles or 1)
    opts = [Action.make(seat, "scroll", text=f"Let the {monster.name} act", tile=None)]
    opts += [Action.make(seat, "scroll", text=f"Scroll: put the {monster.name} on {board.tile_label(s, c)}",
                         tile=list(c))
             for c in cells if board.place_square(s, c, but=monster, size=monster.flags.get("size", 1)) is not None]
    a = yield Decision(seat, f"{h.name} may read the Scroll of Monster Control", opts,
                       context={"figure": h.id, "reaction": "scroll_of_monster_control",
                                "monster": monster.id})
    if a.get("tile") is None:
        return False
    del h.items[scroll]
    decks.discard(s, "treasure", scroll)
    yield from placing.put(game, monster, tuple(a.get("tile")), "is compelled onto", h)
    prey = [o for o in s.targets() if o is not monster and monster.on_board and board.adjacent(s, monster, o)]
    if prey:
        o = prey[0]
        ac, mods = combat.foe_ac(game, o)
        hit, _ = yield from combat.attack_roll(game, "ash.combat.monster_attack", monster.name, o.name,
                                               item.attack.bonus,
                                               ac, {}, {"ac_modifiers": mods, "item": "scroll_of_monster_control"})
        if hit:
            yield from combat.damage_foe(game, o, item.attack.damage, h, f"the compelled {monster.name}")
    return True


@POWERS("bravery", offer=never)
def monster_activates_bravery(game: Game, monster: Figure) -> Procedure:
    """Bravery, once per figure and villain phase: a paladin up to 1 tile from an acting monster
    may step in beside it and regain 1 HP."""
    s: State = game.state
    if monster.flags.get("bravery_phase") == s.villain_phase or not monster.on_board:
        return
    monster.flags["bravery_phase"] = s.villain_phase
    for h in board.standing_heroes(s):
        if not powers.ready(h, "bravery") or board.figure_tiles(s, h, monster) > 1:
            continue
        spots = [] if board.adjacent(s, h, monster) else board.free_adjacent(s, monster, but=h)
        if not board.adjacent(s, h, monster) and not spots:
            continue
        if not (yield from combat.ask(game, h, "bravery", f"stand beside the {monster.name} and regain 1 HP")):
            continue
        powers.spend(game, h, "bravery")
        if spots:
            sq = yield from placing.choose_square(game, h, spots, f"Bravery: where beside the {monster.name}?")
            placing.place_at(game, h, sq, "strides bravely to")
        combat.heal(game, h, 1, "Bravery")


@POWERS("noble_shield", offer=never)
def before_monster_attack(game: Game, monster: Figure | None, targets: list[Figure]) -> Procedure:
    """An attack about to strike several heroes: a paladin among them with Noble Shield may take
    it alone, as a natural 20 nobody may reroll.  Returns the heroes to attack."""
    heroes = [t for t in targets if t.side == "hero"]
    if len(targets) < 2:
        return targets
    for h in heroes:
        if able(h) and powers.ready(h, "noble_shield") and (
                yield from combat.ask(game, h, "noble_shield", "take the whole attack alone")):
            powers.spend(game, h, "noble_shield")
            h.flags["noble_shield"] = True
            game.emit("power", hero=h.id, text=f"{h.name} raises a noble shield before the others.")
            return [h]
    return targets


@POWERS("to_arms", offer=never)
def monster_arrived(game: Game, figures: list[Figure]) -> Procedure:
    """A monster newly placed: each hero with To Arms! may move up to his speed, and one hero
    on his tile too."""
    s: State = game.state
    if not figures:
        return
    for h in board.standing_heroes(s):
        if not powers.ready(h, "to_arms") or not (yield from combat.ask(game, h, "to_arms", "move to meet it",
                                                                      kind="arms")):
            continue
        powers.spend(game, h, "to_arms")
        mates = [o for o in board.heroes_on_tile(s, h) if o is not h]
        yield from placing.move_offer(game, h, None, "To Arms!: where do you move?")
        mate = yield from placing.choose_figure(game, h, mates, "To Arms!: who moves with you?", none="Nobody")
        if mate is not None:
            yield from placing.move_offer(game, mate, None, f"To Arms!: where does {mate.name} move?")


@POWERS("perseverance", offer=never)
def encounter_cost_discount(game: Game) -> Procedure:
    """When an encounter is drawn: a ready Perseverance may take 1 XP off the cancel cost per
    hero on its owner's tile (owner included).  Returns the discount (0 when unused)."""
    s: State = game.state
    for h in board.standing_heroes(s):
        if not powers.ready(h, "perseverance"):
            continue
        n = len(board.heroes_on_tile(s, h))
        if not can_spend(game, max(0, 5 - n)):
            continue
        if not (yield from combat.ask(game, h, "perseverance", f"cancelling costs {n} XP less")):
            continue
        powers.spend(game, h, "perseverance")
        return n
    return 0


@POWERS("one_for_the_team", offer=never)
def active_hero_swap(game: Game, card: str) -> Procedure:
    """After the cancel decision [H D31]: a hero with One for the Team may become the
    encounter's active hero.  Returns the hero who faces it."""
    s: State = game.state
    active = s.figures[s.active_id]
    for h in board.standing_heroes(s):
        if h is active or not powers.ready(h, "one_for_the_team"):
            continue
        name = game.content.encounters[card].name if card in game.content.encounters else card
        if (yield from combat.ask(game, h, "one_for_the_team", f"face {name} instead of {active.name}", kind="team")):
            powers.spend(game, h, "one_for_the_team")
            return h
    return active
