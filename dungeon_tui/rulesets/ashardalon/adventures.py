"""Adventures (spec §7, §5.13): the stack they build, boons, their special rules and cards,
exits, winning and losing (all win or all lose)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.dice import shuffled
from ...engine.effects import Effects, never
from ...engine.game import Action, Decision, Game, Procedure
from . import board, decks, hooks
from .arrivals import place_tile, spawn
from .blows import attack_hero
from .choosing import closest_edge_cell, fixed_order
from .geometry import EXIT_MARKS, Cell, cell_of
from .state import MONSTER, VILLAGER, Figure, State
from .tile_names import edge_name
from .villains import in_play, spawn_villain

# Exits a chamber's goal adds: its tunnel, or the start stairs to carry the hoard out.
GOAL_EXITS = {"escape_by_tunnel": ("U",), "escape_with_gold": ("S",)}


def build_stack(game: Game, shuffled_tiles: list[str]) -> list[str]:
    """Set-aside tiles go in at their positions (k-th from the top; + heroes if so written)."""
    s: State = game.state
    adv = game.content.adventures[s.adventure]
    stack = list(shuffled_tiles)
    for p in sorted(adv.placements, key=lambda p: p.position):
        k = p.position + (len(s.party) if p.plus_heroes else 0)
        stack.insert(min(k - 1, len(stack)), p.tile)
    return stack


def chamber_card(game: Game) -> Any:
    s: State = game.state
    return game.content.chambers[s.chamber["card"]] if s.chamber else None


def exits(game: Game) -> tuple[str, ...]:
    s: State = game.state
    adv = game.content.adventures[s.adventure]
    ch = chamber_card(game)
    extra = GOAL_EXITS.get(ch.goal, ()) if ch is not None and adv.chamber_goal_counts else ()
    return tuple(adv.exits) + tuple(x for x in extra if x not in adv.exits)


def exit_here(game: Game, hero: Figure) -> bool:
    """Whether a hero stands on one of the adventure's exit squares."""
    s: State = game.state
    if not hero.on_board:
        return False
    mark = board.lay(s).terrain.get(hero.at)
    # Only a square marked as a way out can be one (asked at every choice of every hero phase).
    return mark in EXIT_MARKS and mark in exits(game)


def escape_helps(game: Game, hero: Figure) -> bool:
    """Whether leaving now serves the adventure (for the companion AI): everyone must get out
    (A1), he carries the objective (A9), or the chamber's escape goal is within reach."""
    s: State = game.state
    adv = game.content.adventures[s.adventure]
    kinds = {g.kind for g in adv.victory}
    if "all_heroes_escaped" in kinds or ("carrier_escaped" in kinds and hero.flags.get("objective")):
        return True
    if "carrier_escaped" in kinds:
        return any(o.escaped and o.flags.get("objective") for o in s.heroes())
    ch = chamber_card(game) if "chamber_goal" in kinds else None
    if ch is not None and ch.goal == "escape_by_tunnel":
        return _gone(s, s.chamber.get("villain"))
    if ch is not None and ch.goal == "escape_with_gold":
        return sum(o.gold for o in s.heroes()) >= (ch.goal_gold or 0)
    return False


# -- boons (§2.7) ---------------------------------------------------------------------------------

def start_boons(game: Game) -> Procedure:
    """bypassed_guards / short_cut: before the first turn the first player adds the top dungeon
    tile at any unexplored edge, without monster or encounter."""
    s: State = game.state
    for boon in [b for b in s.boons if b in ("bypassed_guards", "short_cut")]:
        s.boons.remove(boon)
        edges = board.lay(s).unexplored_edges()
        if not edges or not s.decks.get("dungeon"):
            continue
        seat = s.seat_of[s.party[0]]
        options = [Action.make(seat, "explore", text=f"Add a tile at {edge_name(sd, board.tile_label(s, cl))}",
                               cell=list(cl), side=sd) for cl, sd in edges]
        a = yield Decision(seat, f"{boon.replace('_', ' ').title()}: where does the extra tile go?", options,
                           context={"boon": boon})
        tile = yield from decks.draw(game, "dungeon")
        place_tile(game, tile, tuple(a.get("cell")), a.get("side"))


# -- special rules ---------------------------------------------------------------------------------

def top_4(game: Game, card: str) -> Procedure:
    """Shuffle a card with the top 3 of the encounter deck and put the four back on top."""
    s: State = game.state
    deck = s.decks.setdefault("encounter", [])
    for pile in (deck, s.discards.get("encounter", [])):
        if card in pile:
            pile.remove(card)
    deck.insert(0, card)  # the four stay face down on the deck while the chance seat shuffles them
    four = yield from shuffled(game, deck[:4], "ash.deck.shuffle.encounter")
    deck[:len(four)] = four
    game.emit("top_4", card=card, text=f"{game.content.adventure_encounters[card].name} is shuffled into the "
                                       "top of the encounter deck.")


def villain_placed(game: Game, figure: Figure) -> Procedure:
    """An adventure rule that fires when a villain comes (A12: the dragon's breath near the top)."""
    s: State = game.state
    for rule in game.content.adventures[s.adventure].rules:
        if rule.kind == "on_villain_placed" and rule.villain == figure.kind and rule.encounter_top_4:
            yield from top_4(game, rule.encounter_top_4)


def chamber_rules(game: Game, cells: list[Cell], entrance: Any) -> Procedure:
    """A9: the objective item and three random gold tokens, face down, on the chamber scorches
    (the entrance last)."""
    s: State = game.state
    for rule in game.content.adventures[s.adventure].rules:
        if rule.kind != "objective_tokens":
            continue
        bag = [v for v in s.decks.get("treasure_tokens", []) if v != "item"]
        tokens = ["objective", *bag[:rule.gold_tokens]]
        for v in bag[:rule.gold_tokens]:
            s.decks["treasure_tokens"].remove(v)
        tokens = yield from shuffled(game, tokens, "ash.deck.shuffle.objective")
        spots = list(cells) + list(entrance.cells)
        for tok, cell in zip(tokens, spots, strict=False):
            sq = board.lay(s).placement_order(cell)[0]
            s.tokens.append({"kind": "objective" if tok == "objective" else "treasure", "value": tok,
                             "at": list(sq), "face_down": True})
        game.emit("tokens", text=f"{len(tokens)} face-down tokens lie on the chamber's scorch marks.")


def take_token(game: Game, hero: Figure, tok: dict[str, Any]) -> Procedure:
    """Picking up the objective (A9): the dragon wakes by the start stairs."""
    s: State = game.state
    if tok["kind"] != "objective":
        return
    hero.flags["objective"] = True
    game.emit("objective", hero=hero.id, text=f"{hero.name} takes the objective!")
    for rule in game.content.adventures[s.adventure].rules:
        if rule.kind == "on_item_taken" and rule.villain:
            if in_play(s, rule.villain) is None:
                start = next(t for t in s.tiles if t.tile == (rule.on_tile or "start"))
                stairs = sorted((q for q, ch in board.lay(s).terrain.items() if ch == "S"), key=lambda q: (q[1], q[0]))
                v = spawn_villain(game, rule.villain, start.cells[-1] if not stairs else cell_of(stairs[0]))
                if v is not None:
                    yield from villain_placed(game, v)
            if rule.encounter_top_4:
                yield from top_4(game, rule.encounter_top_4)


# -- adventure encounter cards (§2.5) -------------------------------------------------------------

def adventure_encounter(game: Game, card: str, hero: Figure) -> Procedure:
    """Adventure cards cannot be cancelled; each says where it goes afterwards."""
    s: State = game.state
    e = game.content.adventure_encounters[card]
    game.emit("encounter", card=card, type="adventure", text=f"Encounter: {e.name}. {e.text}")
    gate = next((f for f in s.figures.values() if f.kind == "vast_gate" and f.on_board), None)
    dragon = in_play(s, "ashardalon")
    active = {"ashardalon": dragon is not None, "vast_gate": gate is not None, "none": True}[e.needs]
    again = e.draw_another
    if not active:
        decks.discard(s, "encounter", card)
        return
    s.drawn.append(card)
    yield from ADVENTURE_CARDS[card].run(game, hero, e, gate, dragon)
    s.drawn.remove(card)
    if again and s.result is None and not check_end(game):
        yield from hooks.encounter(game)
    if e.after == "top":
        decks.put_on_top(s, "encounter", [card])
    elif e.after == "top_4":
        yield from top_4(game, card)
    else:
        decks.discard(s, "encounter", card)


# adventure encounter id -> its effect(game, active hero, card, vast gate, Ashardalon), run when
# the figure it needs is in play (adventure_encounter); never chosen by a player.
ADVENTURE_CARDS: Effects[Callable[..., Procedure]] = Effects("adventure encounter")


@ADVENTURE_CARDS("ashardalon_arrives", offer=never)
def _ashardalon_arrives(game: Game, hero: Figure, e: Any, gate: Figure | None, dragon: Figure | None) -> Procedure:
    if dragon is None:
        cell = yield from closest_edge_cell(game, hero)
        v = spawn_villain(game, "ashardalon", cell or (0, 0))
        if v is not None:
            yield from villain_placed(game, v)


@ADVENTURE_CARDS("ceremony_progresses", offer=never)
def _ceremony_progresses(game: Game, hero: Figure, e: Any, gate: Figure | None, dragon: Figure | None) -> Procedure:
    s: State = game.state
    s.time_tokens = max(0, s.time_tokens - 1)
    game.emit("time", left=s.time_tokens, text=f"A time token leaves the gate: {s.time_tokens} left.")
    yield from ()


@ADVENTURE_CARDS("vast_gate_flares", offer=never)
def _vast_gate_flares(game: Game, hero: Figure, e: Any, gate: Figure | None, dragon: Figure | None) -> Procedure:
    """Monster cards are drawn until an Aberrant one, which comes through the gate."""
    s: State = game.state
    assert gate is not None  # the card needs the gate in play
    while True:
        drawn = yield from decks.draw(game, "monster")
        if drawn is None:
            break
        if "Aberrant" in game.content.monsters[decks.kind_of(drawn)].keywords:
            near = board.free_adjacent(s, gate)
            s.rows[s.active_id].append(drawn)
            spawn(game, drawn, cell_of(gate.at), at=near[0] if near else None)
            break
        decks.discard(s, "monster", drawn)


@ADVENTURE_CARDS("ashardalon_breathes", offer=never)
def _ashardalon_breathes(game: Game, h: Figure, e: Any, gate: Figure | None, dragon: Figure | None) -> Procedure:
    s: State = game.state
    assert dragon is not None  # the card needs Ashardalon in play
    for hero in fixed_order(s, [o for o in board.standing_heroes(s) if board.figure_tiles(s, dragon, o) <= e.tiles]):
        yield from attack_hero(game, "ash.encounter.attack", f"{e.name}", hero, e.attack)


# -- the end (§5.13) ---------------------------------------------------------------------------------

def _gone(s: State, fid: str | None) -> bool:
    return bool(fid) and not s.figures[fid or ""].on_board


def _chamber_beaten(s: State) -> bool:
    ids = list(s.chamber.get("monsters", [])) + ([s.chamber["villain"]] if s.chamber.get("villain") else [])
    return bool(s.chamber) and all(not s.figures[f].on_board for f in ids)


def _villain_beaten(s: State, kind: str | None) -> bool:
    figs = [f for f in s.figures.values() if f.kind == kind]
    return bool(figs) and not any(f.on_board for f in figs)


def _chamber_goal(game: Game) -> bool:
    s: State = game.state
    ch = chamber_card(game)
    if ch is None:
        return False
    if ch.goal == "defeat_villain":
        return _gone(s, s.chamber.get("villain"))
    if ch.goal == "defeat_chamber_monsters":
        return _chamber_beaten(s)
    if ch.goal == "destroy_object":
        return _gone(s, s.chamber.get("object"))
    if ch.goal == "escape_by_tunnel":
        return _gone(s, s.chamber.get("villain")) and all(h.escaped for h in s.heroes())
    return all(h.escaped for h in s.heroes()) and sum(h.gold for h in s.heroes()) >= (ch.goal_gold or 0)


def _holds(game: Game, goal: Any) -> bool:
    s: State = game.state
    k = goal.kind
    if k == "all_heroes_escaped":
        return all(h.escaped for h in s.heroes())
    if k == "trophies":
        return bool(s.trophies >= goal.per_hero * len(s.party) + goal.plus)
    if k == "chamber_goal":
        return _chamber_goal(game)
    if k == "villain_defeated":
        return _villain_beaten(s, goal.villain)
    if k == "chamber_monsters_defeated":
        return _chamber_beaten(s)
    if k == "villagers_rescued":
        living = [f for f in s.figures.values() if f.side == VILLAGER and f.hp > 0]
        return bool(living) and all(f.id in s.rescued for f in living)
    if k == "carrier_escaped":
        return any(h.escaped and h.flags.get("objective") for h in s.heroes())
    if k == "all_villagers_dead":
        villagers = [f for f in s.figures.values() if f.side == VILLAGER]
        return bool(villagers) and all(f.hp <= 0 for f in villagers)
    if k == "time_runs_out":
        return bool(s.chamber) and s.chamber["card"] == "gate_ceremony" and s.time_tokens <= 0
    if k == "chamber_failed":
        ch = chamber_card(game)
        if ch is None or ch.lose_if is None:
            return False
        return _holds(game, type(goal)(kind=ch.lose_if))
    return False


def rescue(game: Game) -> None:
    """A villager who reaches the start tile is rescued and leaves the board (A8)."""
    s: State = game.state
    start = next(t for t in s.tiles if t.tile == "start")
    for f in s.villagers():
        if set(board.cells_of(f)) & set(start.cells) and f.id not in s.rescued and _chamber_beaten(s):
            s.rescued.append(f.id)
            f.pos = None
            game.emit("rescued", figure=f.id, text=f"{f.name} reaches the stairs and is safe.")


def check_end(game: Game) -> bool:
    """Set the result once the adventure is won or lost; all win or all lose."""
    s: State = game.state
    if s.result is not None:
        return True
    adv = game.content.adventures[s.adventure]
    for f in s.figures.values():  # written out: asked after every action of every phase
        if f.side == VILLAGER:
            rescue(game)
            break
    if adv.victory and all(_holds(game, g) for g in adv.victory):
        s.result = {"outcome": "victory", "why": "; ".join(why(game, g) for g in adv.victory)}
    elif any(_holds(game, g) for g in adv.defeat):
        s.result = {"outcome": "defeat", "why": "; ".join(why(game, g) for g in adv.defeat if _holds(game, g))}
    elif all(h.escaped for h in s.heroes()):
        s.result = {"outcome": "defeat", "why": "every hero left the dungeon with the task undone"}
    if s.result is not None:
        game.emit("end", outcome=s.result["outcome"],
                  text=f"The adventure ends in {s.result['outcome']}: {s.result['why']}.")
        return True
    return False


def why(game: Game, goal: Any) -> str:
    s: State = game.state
    reasons: dict[str, str] = {"all_heroes_escaped": "every hero escaped", "trophies": f"{s.trophies} trophies taken",
            "chamber_goal": f"the {s.chamber.get('card', 'chamber').replace('_', ' ')} task is done",
            "villain_defeated": f"{(goal.villain or 'the villain').replace('_', ' ').title()} is defeated",
            "chamber_monsters_defeated": "every chamber monster is defeated",
            "villagers_rescued": "every living villager is safe", "carrier_escaped": "the objective is carried out",
            "all_villagers_dead": "every villager is dead", "time_runs_out": "the ceremony is complete",
            "chamber_failed": "the chamber's task failed"}
    return reasons.get(goal.kind, str(goal.kind))


__all__ = ["MONSTER", "adventure_encounter", "build_stack", "check_end", "exit_here"]
