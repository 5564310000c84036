"""The Ashardalon procedure (spec §3, §4): setup, then player-turns in seat order, each a hero
phase, an exploration phase and that player's own villain phase."""
from __future__ import annotations

from typing import Any

from ...engine.dice import roll_event
from ...engine.game import Action, Decision, Game, Procedure
from . import (
    board,
    combat,
    decks,
    encounter_cards,  # noqa: F401  (importing it registers every encounter card's effect)
    hooks,
    power_cards,  # noqa: F401  (importing it registers every power card's effect)
)
from .adventures import build_stack, check_end, start_boons
from .dungeon import acting_figures, activate_figure, activate_marker
from .encounters import after_exploration, encounter, end_roll, pass_cards
from .exploration import explore
from .geometry import lay_out
from .hazards import entered_square
from .heroes import hero_phase, walk
from .powers import villain_phase_start
from .reactions import reroll_offers
from .state import MONSTER, VILLAGER, VILLAIN, State

hooks.install(rerolls=reroll_offers, walk=walk, encounter=encounter)  # the calls the mechanics make upward
MAX_TURNS = 600  # player-turns; a game this long is called a defeat so every game ends


def setup(game: Game) -> Procedure:
    s: State = game.state
    c = game.content
    yield from decks.shuffle(game, "monster", [x for k, m in sorted(c.monsters.items())
                                               for x in decks.copies(k, m.cards)])
    yield from decks.shuffle(game, "encounter", sorted(c.encounters))
    yield from decks.shuffle(game, "treasure", [x for k, i in sorted(c.items.items())
                                                for x in decks.copies(k, i.copies)])
    standard = [t for t, tile in sorted(c.tiles.tiles.items()) if tile.stack == "standard"]
    yield from decks.shuffle(game, "dungeon", standard)
    s.decks["dungeon"] = build_stack(game, s.decks["dungeon"])
    if c.adventures[s.adventure].doors:
        yield from decks.shuffle(game, "door", [k for k, n in sorted(c.doors.items()) for _ in range(n)])
    yield from decks.shuffle(game, "treasure_tokens", [k for k, n in sorted(c.treasure.items()) for _ in range(n)])
    for h in s.heroes():
        yield from first_item(game, h)
    yield from first_player(game)
    s.boons = list(c.adventures[s.adventure].boons)
    yield from start_boons(game)
    game.emit("briefing", text=f"{c.adventures[s.adventure].name}: {c.adventures[s.adventure].text} "
                               f"{s.surges} healing surges for the party.")


def lay_start(s: State, c: Any) -> None:
    """The start tile, and each hero on a free square next to the stairs in seat order (§3.4, 3.6);
    done when the state is made, so every view has a board."""
    start, _ = lay_out(c.tiles, "start", (0, 1), 0)
    s.tiles.append(start)
    board.relayout(s, c)
    stairs = sorted((q for q, ch in board.lay(s).terrain.items() if ch == "S"), key=lambda q: (q[1], q[0]))
    for h in s.heroes():
        near = sorted({n for q in stairs for n in board.lay(s).grid.neighbours(q)
                       if n not in stairs and board.free(s, n)}, key=lambda q: (q[1], q[0]))
        h.pos = near[0]


def first_player(game: Game) -> Procedure:
    """§3.9: the chosen hero plays first, or each rolls a d20 and the highest does (ties roll
    again); turns then go on in seat order from him."""
    s: State = game.state
    first = s.options.get("first")
    if first == "roll":
        rolling = list(s.party)
        while len(rolling) > 1:
            faces = {}
            for hid in rolling:
                faces[hid] = yield from combat.d20(game, "ash.setup.first_player")
                roll_event(game, "ash.setup.first_player", "1d20", (faces[hid],), outcome=faces[hid],
                           text=f"{s.figures[hid].name} rolls {faces[hid]} to play first.")
            best = max(faces.values())
            rolling = [hid for hid in rolling if faces[hid] == best]
        first = rolling[0]
    if first in s.party:
        k = s.party.index(first)
        s.party = s.party[k:] + s.party[:k]
        game.emit("first", hero=first, text=f"{s.figures[first].name} plays first.")


def first_item(game: Game, h: Any) -> Procedure:
    """Each player draws treasure until an item (every card is one) and gives it to his hero."""
    yield from combat.draw_treasure(game, h)


def procedure(game: Game) -> Procedure:
    s: State = game.state
    if not game.resuming:  # a game rebuilt at a keyframe goes straight on with the next player-turn
        yield from setup(game)
    while s.turn < MAX_TURNS:
        # Player-turns go round the table in seat order; s.turn alone says whose is next.
        if s.turn % len(s.party) == 0:
            s.round += 1
        hid = s.party[s.turn % len(s.party)]
        s.turn += 1
        s.active = hid
        s.placed_this_turn = []
        h = s.figures[hid]
        game.emit("turn", hero=hid, turn=s.turn, text=f"{h.name}'s turn ({s.turn}).")
        if not h.escaped:
            if h.lifted:
                yield from come_back(game, h)
            yield from hero_phase(game, h)
            if check_end(game):
                return finish(game)
            s.phase = "exploration"
            if h.on_board:
                yield from explore(game, h)
            yield from after_exploration(game, h)  # E3: wrath_of_the_enemy, surrounded
        yield from villain_phase(game)
        if check_end(game):
            return finish(game)
        game.checkpoint(s.turn)
    s.result = {"outcome": "defeat", "why": f"the adventure ran past {MAX_TURNS} turns"}
    return finish(game)


def come_back(game: Game, h: Any) -> Procedure:
    """H0: a hero lifted off the board comes back on any tile (time_leap ends)."""
    s: State = game.state
    seat = s.seat_of[h.id]
    cells = [c for c in sorted(board.lay(s).cell_tile, key=lambda c: (c[1], c[0]))
             if board.place_square(s, c) is not None]
    options = [Action.make(seat, "return", text=f"Return on {board.tile_label(s, c)}", cell=list(c)) for c in cells]
    a = yield Decision(seat, f"Where does {h.name} come back?", options, context={"figure": h.id})
    h.lifted = False
    h.pos = board.place_square(s, tuple(a.get("cell")))
    game.emit("place", figure=h.id, to=list(h.pos), text=f"{h.name} returns to the board.")
    if "time_leap" in h.curses:
        combat.end_curse(game, h, "time_leap")
    entered_square(game, h)


def villain_phase(game: Game) -> Procedure:
    s: State = game.state
    s.phase = "villain"
    s.villain_phase += 1
    h = s.figures[s.active_id]
    yield from villain_phase_start(game)  # V0: astral_refuge
    if "bad_luck" in h.curses:
        yield from encounter(game)
    count = sum(1 for t in s.placed_this_turn if t == "black") if s.placed_this_turn else 1
    for _ in range(count):
        yield from encounter(game)
        if check_end(game):
            return
    if not board.monster_targets(s):
        game.emit("villain", text="No hero stands on the board: the villains wait.")
    else:
        for v in sorted((f for f in s.figures.values() if f.side == VILLAIN and f.on_board), key=lambda f: f.order):
            if v.acted != s.villain_phase:
                yield from activate_figure(game, v)
        for v in sorted((f for f in s.figures.values() if f.side == VILLAGER and f.on_board), key=lambda f: f.order):
            if v.acted != s.villain_phase:
                yield from activate_figure(game, v)
        row = s.rows[s.active_id]
        handled: set[str] = set()
        # In the order received; cards that arrive now act when reached, and a card that
        # leaves the row mid-phase (its monster slain on blades) does not make the next one skip.
        while s.result is None:
            card = next((c for c in row if c not in handled), None)
            if card is None:
                break
            handled.add(card)
            if card in game.content.encounters:
                yield from activate_marker(game, card)
                continue
            for f in acting_figures(game, decks.kind_of(card), MONSTER):
                if board.monster_targets(s):
                    yield from activate_figure(game, f)
            if check_end(game):
                return
    if s.environment == "high_alert":
        yield from pass_cards(game, [s.active_id])
    if "bad_luck" in h.curses:
        yield from end_roll(game, h, "bad_luck")


def finish(game: Game) -> dict[str, Any]:
    s: State = game.state
    result = dict(s.result or {})
    result["turn"] = s.turn
    result["trophies"] = s.trophies
    result["xp"] = combat.xp_total(game)
    s.result = result
    s.phase = "over"
    game.checkpoint(s.turn, resumable=False)
    return result
