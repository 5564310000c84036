"""Hazards and traps (spec §5.8, §6.6): traps can be disabled, a marker leaves the board, the
vapors poison whoever enters their tile, and the pit holds whoever falls in.  Their markers act
like monsters in the holder's villain phase (`dungeon.activate_marker`)."""
from __future__ import annotations

from typing import Any

from ...engine.dice import roll_event
from ...engine.game import Action, Decision, Game, Procedure
from . import board, combat, decks
from .geometry import cell_of
from .state import HERO, Figure, State



def disable(game: Game, hero: Figure, card: str) -> Procedure:
    """An attack slot on the trap's tile: d20 + thieves' tools - kobold trappers >= 10."""
    s: State = game.state
    e = game.content.encounters[card]
    mods: dict[str, int] = {}
    said: dict[str, str] = {}  # each modifier as the roll's line names it: the card that gives it
    bonus, tools = max(((i.disable_bonus, i.name) for _, i in combat.ready_items(game, hero)), default=(0, ""))
    if bonus:
        mods["thieves_tools"], said["thieves_tools"] = bonus, tools
    if s.environment and game.content.encounters[s.environment].disable_mod:
        mods[s.environment] = game.content.encounters[s.environment].disable_mod
        said[s.environment] = game.content.encounters[s.environment].name
    face = yield from combat.d20(game, "ash.trap.disable")
    total = face + sum(mods.values())
    ok = total >= (e.disable or 10)
    shown = "".join(f" {v:+d} {said[k]}" for k, v in mods.items())
    roll_event(game, "ash.trap.disable", "1d20", (face,), target=e.disable or 10, modifiers=mods,
               outcome="pass" if ok else "fail",
               text=f"{hero.name} works at {e.name}: d20 {face}{shown} = {total} vs {e.disable}: "
                    + ("disabled" if ok else "it still works"))
    if face == 20:
        hero.flags["natural_20"] = True
    if ok:
        remove_marker(game, card)


def remove_marker(game: Game, card: str) -> None:
    s: State = game.state
    s.markers.pop(card, None)
    for row in s.rows.values():
        if card in row:
            row.remove(card)
    decks.discard(s, "encounter", card)
    game.emit("marker_gone", card=card, text=f"{game.content.encounters[card].name} is gone.")


def entered_square(game: Game, hero: Figure) -> None:
    """Volcanic vapors poison a hero who moves onto or starts his turn on their tile: heroes
    call this after a move slot and at H1 (start of the hero phase)."""
    s: State = game.state
    m = s.markers.get("volcanic_vapors")
    if m is not None and hero.on_board and cell_of(tuple(m["at"])) in board.cells_of(hero):
        if "poisoned" not in hero.conditions:
            game.emit("vapors", hero=hero.id, text=f"{hero.name} breathes the volcanic vapors.")
        combat.add_condition(game, hero, "poisoned")


start_of_turn = entered_square  # H1: a hero starting his turn on the vapors' tile


# -- the pit [H D9] --------------------------------------------------------------------------------

def fall_in(game: Game, hero: Figure) -> None:
    """The pit: a hero it hits falls in, off the board (pos None, hero.flags["in_pit"]) until a
    move slot climbs out beside the pit marker [H D9]; his square is kept in flags["pit_from"]."""
    if hero.side != HERO or not hero.on_board:
        return
    hero.flags["in_pit"] = True
    hero.flags["pit_from"] = list(hero.at)
    hero.pos = None
    game.emit("pit", hero=hero.id, text=f"{hero.name} falls into the pit.")


def in_pit(hero: Figure) -> bool:
    return bool(hero.flags.get("in_pit"))


def pit_square(game: Game, hero: Figure) -> Any:
    s: State = game.state
    m = s.markers.get("pit")
    return tuple(m["at"]) if m is not None else tuple(hero.flags.get("pit_from") or ())


def climb_options(game: Game, hero: Figure, seat: str) -> list[Action]:
    """One move slot (also when dazed) puts a hero in the pit on a free square adjacent to the
    pit marker, reading order."""
    s: State = game.state
    if not in_pit(hero) or hero.escaped:
        return []
    at = pit_square(game, hero)
    if not at:
        return []
    near = sorted((q for q in board.lay(s).grid.neighbours(at) if board.free(s, q)), key=lambda q: (q[1], q[0]))
    return [Action.make(seat, "climb", text=f"Climb out of the pit to {q[0]},{q[1]}", hero=hero.id, to=list(q))
            for q in near]


def climb(game: Game, hero: Figure, a: Action) -> Procedure:
    """Climbing out: the hero stands on the chosen square (a move: vapors may poison him)."""
    s: State = game.state
    sq = tuple(a.get("to"))
    hero.flags.pop("in_pit", None)
    hero.flags.pop("pit_from", None)
    hero.pos = sq
    hero.flags["moved"] = True
    game.emit("place", figure=hero.id, to=list(sq), text=f"{hero.name} climbs out of the pit onto "
                                                      f"{board.tile_label(s, cell_of(sq))}.")
    entered_square(game, hero)
    yield from ()


def climb_out(game: Game, h: Figure) -> Procedure:
    """The whole choice for heroes.hero_phase: climb out (one move slot) or stay in; returns
    whether he climbed.  The decision's context has no "done", as the hero is off the board."""
    s: State = game.state
    seat = s.seat_of[h.id]
    options = climb_options(game, h, seat)
    if not options:
        return False
    options.append(Action.make(seat, "climb", text="Stay in the pit", hero=h.id, to=None))
    a = yield Decision(seat, f"{h.name} is in the pit: climb out?", options, context={"figure": h.id, "pit": True})
    if a.get("to") is None:
        return False
    yield from climb(game, h, a)
    return True
