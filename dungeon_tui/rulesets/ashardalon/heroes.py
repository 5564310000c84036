"""A hero phase (spec §4 H0-H4): poison and curses, surges, two action slots (move+attack,
attack+move or move+move; dazed: one), free powers and items, then the end-of-phase rolls."""
from __future__ import annotations

from collections.abc import Callable

from ...engine.dice import roll_event
from ...engine.game import Action, Game, LazyDecision, Procedure
from ...engine.offers import Offers, grouped_choice, kept
from ...engine.grid import Sq
from . import board, combat, doors, encounters, powers
from .adventures import check_end, exit_here, take_token
from .encounters import end_roll
from .geometry import cell_of
from .hazards import climb_out, disable, entered_square, in_pit, start_of_turn
from .items import card_options, offering
from .items import options as item_opts
from .items import use
from .levels import level_up_offer
from .movement import can_walk, ends, path_to
from .state import Figure, State
from ...engine.words import counted



def slots_open(hero: Figure, done: list[str]) -> tuple[bool, bool]:
    """(may move, may attack) given the slots used this phase."""
    if "dazed" in hero.conditions:
        return (not done, not done)
    if len(done) >= 2:
        return (False, False)
    if not done:
        return (True, True)
    return (True, done[0] == "move")


def start_of_phase(game: Game, h: Figure) -> Procedure:
    """H1-H2: poison, bloodlust, then a surge for a hero at 0 HP (none left: the party loses)."""
    s: State = game.state
    if "poisoned" in h.conditions:
        yield from combat.hurt(game, h, 1, "poison")
    if "bloodlust" in h.curses:
        yield from combat.hurt(game, h, 1, "Bloodlust")
    start_of_turn(game, h)  # volcanic vapors poison a hero who starts on their tile
    if h.hp <= 0:
        if s.surges <= 0:
            s.result = {"outcome": "defeat", "why": f"{h.name} fell with no healing surge left"}
            game.emit("lost", text=f"{h.name} lies at 0 HP and no healing surge is left: the party is defeated.")
            return
        s.surges -= 1
        h.hp = h.surge
        game.emit("surge", hero=h.id, hp=h.hp, surges=s.surges,
                  text=f"{h.name} spends a healing surge and stands with {h.hp} HP "
                       f"({counted(s.surges, 'surge')} left).")


def options(game: Game, h: Figure, done: list[str]) -> list[Action]:
    return phase_choice(game, h, done)[0].options


# Power offers make attacks or free powers; the other groups one kind each (see phase_choice).
_POWERS = frozenset(("attack", "power"))
_ITEM = frozenset(("item",))
_DISABLE, _UNLOCK, _OPEN_CAGE, _MOVE, _ESCAPE, _HAND_OVER, _END = (
    frozenset((kind,)) for kind in ("disable", "unlock", "open_cage", "move", "escape", "hand_over", "end"))


def _holding(arg: str, value: str) -> Callable[[Action], bool]:
    """A card's own group: its offers all name it (`power=` or `card=`)."""
    return lambda a: a.get(arg) == value


def _naming(powers_named: tuple[str, ...]) -> Callable[[Action], bool]:
    """A free power's own group (or the token moves'): its offers all name one of these."""
    return lambda a: a.get("power") in powers_named


def phase_choice(game: Game, h: Figure, done: list[str]) -> tuple[LazyDecision, Action | None]:
    """The hero's decision in his phase, its options made by kind when read (a replayed move
    makes that one move, not one for each square in reach; a replayed power or item only its
    own card's offers), and its only option when it has just one (the end of the phase)."""
    s: State = game.state
    seat = s.seat_of[h.id]
    may_move, may_attack = slots_open(h, done)
    reach = kept(lambda: ends(game, h))  # asked only when he may move

    def move_to(sq: Sq) -> Action:
        n = reach()[sq]
        return Action.make(seat, "move", text=f"Move to {sq[0]},{sq[1]} ({n} step{'s' * (n > 1)})", hero=h.id,
                           to=list(sq))

    def strikes(pid: str) -> Callable[[], list[Action]]:
        return lambda: powers.offer_of(pid)(game, h, seat, pid)

    def uses(card: str) -> Callable[[], list[Action]]:
        return lambda: card_options(game, h, seat, card, may_move, may_attack)
    # The groups in the order the options are listed, each with how early a count reads it.  The
    # end is always there, so a count asks only whether anything else is, cheapest first: the
    # cards (each its own group, in powers.attack_options' and items.options' order) last.  A
    # group that could hold nothing now (no attack slot, no move, no objective) is left out.
    groups: list[Offers] = []
    ranks: list[int] = []

    def group(rank: int, offers: Offers) -> None:
        groups.append(offers)
        ranks.append(rank)
    if may_attack:
        for pid in powers.action_powers(game, h):
            group(9, Offers(_POWERS, strikes(pid), holds=_holding("power", pid)))
        group(6, Offers(_DISABLE, lambda: trap_options(game, h, seat)))
        group(4, Offers(_UNLOCK, lambda: doors.unlock_options(game, h, seat)))
        group(5, Offers(_OPEN_CAGE, lambda: encounters.slot_options(game, h, seat)))
    for named, make in powers.free_groups(game, h, seat, may_move):
        group(8, Offers(_POWERS, make, holds=_naming(named)))
    for card in offering(h):
        group(7, Offers(_ITEM, uses(card), holds=_holding("card", card)))
    if may_move:
        group(2, Offers(_MOVE, keys=lambda: sorted(reach(), key=lambda q: (q[1], q[0])), build=move_to,
                        key_of=lambda a: a.get("to"), some=lambda: can_walk(game, h),
                        has_key=lambda sq: sq in reach()))  # a replayed move: no sorting of the squares
    group(1, Offers(_ESCAPE, lambda: [Action.make(seat, "escape", text=f"{h.name} climbs out of the dungeon",
                                                  hero=h.id)] if exit_here(game, h) else []))
    if h.flags.get("objective"):  # A9: the carrier may pass the prize to a hero beside him (free)
        group(3, Offers(_HAND_OVER, lambda: [
            Action.make(seat, "hand_over", text=f"Hand the objective to {o.name}", hero=h.id, other=o.id)
            for o in s.heroes() if o is not h and o.up and board.adjacent(s, h, o)]))
    group(0, Offers(_END, lambda: [Action.make(seat, "end", text="End the hero phase", hero=h.id)]))
    order = sorted(range(len(ranks)), key=ranks.__getitem__)  # stable: cards in their order
    return grouped_choice(seat, f"{h.name}'s hero phase", groups, {"figure": h.id, "done": list(done)}, order)


def trap_options(game: Game, hero: Figure, seat: str) -> list[Action]:
    s: State = game.state
    out = []
    for card, m in s.markers.items():
        if game.content.encounters[card].type == "trap" and cell_of(tuple(m["at"])) in board.cells_of(hero):
            out.append(Action.make(seat, "disable", text=f"Try to disable {game.content.encounters[card].name}",
                                   hero=hero.id, card=card))
    return out


def item_options(game: Game, hero: Figure, seat: str, may_move: bool = True, may_attack: bool = True) -> list[Action]:
    return item_opts(game, hero, seat, may_move, may_attack)


def hero_phase(game: Game, h: Figure) -> Procedure:
    s: State = game.state
    s.phase = "hero"
    yield from start_of_phase(game, h)
    if s.result is not None:
        return
    done: list[str] = []
    h.flags.pop("natural_20", None)  # a 20 rolled outside his own actions was offered then, or not at all
    if not h.on_board:
        # [H D9] a hero in the pit spends a move slot (even dazed) to climb out beside the marker
        if not in_pit(h):
            return
        if not (yield from climb_out(game, h)):
            yield from end_of_phase(game, h, done)  # still in the pit: poison save, curses, dazed
            return
        done = ["move"]
    h.flags.pop("invisible", None)
    h.flags.pop("no_move", None)
    h.flags["moved"] = False
    powers.began_adjacent(game, h)
    while s.result is None and h.up:
        yield from collect(game, h)  # tokens he stands on or beside, however he got there
        decision, only = phase_choice(game, h, done)
        if only is not None:  # only ending is left: no question (the log says why)
            game.emit("phase", hero=h.id, text=f"{h.name} has nothing left to do: the hero phase ends.")
            break
        a = yield decision
        if a.kind == "end":
            break
        if a.kind == "escape":
            yield from draw_found(game, h)
            h.escaped = True
            game.emit("escape", hero=h.id, text=f"{h.name} escapes the dungeon.")
            return
        if a.kind == "move":
            done.append("move")
            yield from walk(game, h, path_to(game, h, tuple(a.get("to"))))
        elif a.kind == "attack":
            done.append("attack")
            yield from powers.attack_with(game, h, a)
            yield from level_up_offer(game, h)
        elif a.kind == "power":
            if a.get("slot"):
                done.append(a.get("slot"))
            yield from powers.use_free(game, h, a)
            yield from level_up_offer(game, h)
        elif a.kind == "hand_over":
            other = s.figures[a.get("other")]
            h.flags.pop("objective", None)
            other.flags["objective"] = True
            game.emit("objective", hero=other.id, text=f"{h.name} hands the objective to {other.name}.")
        elif a.kind == "unlock":
            done.append("attack")
            yield from doors.unlock(game, h, a)
        elif a.kind == "open_cage":
            done.append("attack")
            yield from encounters.use_slot(game, h, a)
        elif a.kind == "disable":
            done.append("attack")
            yield from disable(game, h, a.get("card"))
            yield from level_up_offer(game, h)
        elif a.kind == "item":
            if a.get("slot"):
                done.append(a.get("slot"))
            yield from use_item(game, h, a)
            yield from level_up_offer(game, h)
        if check_end(game):
            return
    yield from end_of_phase(game, h, done)


def walk(game: Game, hero: Figure, path: list[Sq]) -> Procedure:
    """One move slot along a path; tokens on or next to the path are picked up (free)."""
    s: State = game.state
    start_cell = cell_of(hero.at)
    hero.flags["walking"] = True  # he may pass a friend's square (§5.2), and a reaction may come there
    for sq in path:
        before = cell_of(hero.at)
        hero.pos = sq
        if "dragon_fear" in hero.curses and cell_of(sq) != before:
            yield from combat.hurt(game, hero, 1, "Dragon Fear")
        if cell_of(sq) != before:
            entered_square(game, hero)  # volcanic vapors poison whoever moves onto their tile
        yield from collect(game, hero)
        yield from doors.reveal_along(game, hero)
    hero.flags.pop("walking", None)
    hero.flags["moved"] = True
    there = cell_of(hero.at)
    game.emit("move", figure=hero.id, to=list(hero.at), steps=len(path),
              text=f"{hero.name} moves {counted(len(path), 'square')}"
                   + (f" onto {board.tile_from(s, there, start_cell)}." if there != start_cell else "."))


def collect(game: Game, hero: Figure) -> Procedure:
    """Free pick-ups (§5.12): every token on or next to the hero; the objective's own rule."""
    if not hero.on_board:
        return
    pick_up(game, hero)
    for tok in hero.flags.pop("took", []):
        yield from take_token(game, hero, tok)


def draw_found(game: Game, hero: Figure) -> Procedure:
    """A treasure card for each item token picked up this phase."""
    for _ in range(hero.flags.pop("draw_treasure", 0)):
        yield from combat.draw_treasure(game, hero)


def pick_up(game: Game, hero: Figure) -> None:
    s: State = game.state
    g = board.lay(s).grid
    for tok in list(s.tokens):
        at = tuple(tok["at"])
        if tok["kind"] == "objective" and (at == hero.at or at in g.neighbours(hero.at)):
            s.tokens.remove(tok)
            hero.flags.setdefault("took", []).append(tok)  # walk() runs the adventure's rule for it
        elif tok["kind"] == "treasure" and (at == hero.at or at in g.neighbours(hero.at)):
            s.tokens.remove(tok)
            value = encounters.treasure_token_value(game, tok["value"])  # Dragon's Tribute may swap it
            if value == "item":
                hero.flags["draw_treasure"] = hero.flags.get("draw_treasure", 0) + 1
                game.emit("pickup", hero=hero.id, text=f"{hero.name} picks up a treasure token: an item!")
            else:
                hero.gold += int(value)
                hero.flags.setdefault("gold_tokens", []).append(value)  # a thief takes a real token
                game.emit("pickup", hero=hero.id, text=f"{hero.name} picks up {value} gold.")


def use_item(game: Game, hero: Figure, a: Action) -> Procedure:
    yield from use(game, hero, a)


def end_of_phase(game: Game, hero: Figure, done: list[str]) -> Procedure:
    """H4: environments that punish where the hero stands, the poison save, curse rolls."""
    s: State = game.state
    yield from powers.end_of_hero_phase(game, hero)
    yield from draw_found(game, hero)
    if hero.on_board and s.environment == "hidden_snipers" and not any(
            o is not hero and o.on_board and board.same_tile(hero, o) for o in s.heroes()):
        yield from combat.hurt(game, hero, 1, "Hidden Snipers")
    if hero.on_board and s.environment == "walls_of_magma" and board.lay(s).along_wall(hero.at):
        yield from combat.hurt(game, hero, 1, "Walls of Magma")
    if "poisoned" in hero.conditions:
        face = yield from combat.d20(game, "ash.condition.poison_save")
        ok = face >= 10
        roll_event(game, "ash.condition.poison_save", "1d20", (face,), target=10, outcome="pass" if ok else "fail",
                   text=f"{hero.name}'s poison save: d20 {face} vs 10: "
                        + ("the poison fades" if ok else "still poisoned"))
        if ok:
            hero.conditions.remove("poisoned")
    for curse in list(hero.curses):
        if game.content.encounters[curse].end_roll == "hero_phase_end":
            yield from end_roll(game, hero, curse)
    if "gap_in_the_armor" in hero.curses and not hero.flags.get("moved"):
        combat.end_curse(game, hero, "gap_in_the_armor")
    if "dazed" in hero.conditions:
        hero.conditions.remove("dazed")
        game.emit("condition_ends", hero=hero.id, text=f"{hero.name} is no longer dazed.")
