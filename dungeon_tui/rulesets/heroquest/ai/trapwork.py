"""A companion and the traps the heroes know of (§5.8, issue 19): the disarmer opens a trapped
piece that keeps a room's treasure shut, and a known trap across the only way on is disarmed
or jumped rather than left to stop the party."""
from __future__ import annotations

from typing import Any

from ....engine.game import Action, Game
from ....engine.grid import Sq
from .. import board, searching, traps
from ..state import ALIVE, Figure, State
from .primitives import Plan, head_for, registry


def known_shut(p: Plan, room: str) -> Any | None:
    """The found trapped piece keeping a room's treasure shut, with no monster in that room."""
    if room == board.CORRIDOR or any(board.area_of(p.s, m.square) == room for m in p.monsters()):
        return None
    piece = searching.shut_piece(p.game, room)
    return piece if piece is not None and p.s.furniture_traps[piece.id].get("known") else None


def quest_item_room(p: Plan) -> str | None:
    """Where the quest's item lies (the briefing says which piece holds it), if it is a carry quest."""
    obj = p.game.content.quests[p.s.quest].objective
    spot = next((t for t in p.game.content.quests[p.s.quest].treasure
                 if obj.kind == "carry" and any(i.item == obj.item for i in t.items)), None)
    return spot.room if spot is not None else None


def shut_here(p: Plan) -> Any | None:
    """The trapped piece he should open: in his own room, else the one holding the quest's item."""
    if not traps.can_disarm(p.game, p.me):
        return None
    rooms = [board.area_of(p.s, p.me.square), quest_item_room(p)]
    return next((piece for r in rooms if r is not None and (piece := known_shut(p, r)) is not None), None)


def piece_words(p: Plan) -> str:
    piece = shut_here(p)
    if piece is None:
        return "a trapped piece to open"
    return f"the trapped {p.game.content.furniture[piece.kind].name} to open"


@registry.condition(says=piece_words)
def trapped_piece_here(p: Plan) -> bool:
    return shut_here(p) is not None


@registry.action
def disarm_piece(p: Plan) -> str:
    piece = shut_here(p)
    if piece is None:
        return "nothing to disarm"
    name = p.game.content.furniture[piece.kind].name
    if any(a.get("furniture") == piece.id for a in p.decision.offers_of("disarm")):
        p.intents.append(("disarm", {"furniture": piece.id}))
        how = "his own hands" if p.game.content.heroes[p.me.kind].disarms else "his tool kit"
        return f"disarms the {name} with {how}: its trap keeps the room's treasure shut"
    squares = board.furniture_squares(piece, p.game.content)
    goals = [(sq[0] + dx, sq[1] + dy) for sq in squares for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    head_for(p, [g for g in goals if g not in squares and p.s.grid.floor(g)])
    return f"goes to the {name} to disarm it"


@registry.condition(says="no one left who can disarm a trap", says_not="someone in the party can disarm a trap")
def no_disarmer(p: Plan) -> bool:
    return not any(traps.can_disarm(p.game, h) for h in p.s.heroes() if h.status == ALIVE and h.pos is not None)


# -- a known trap across the way ---------------------------------------------------------------------
def trap_step(game: Game, me: Figure, nxt: Sq) -> tuple[Action, str] | None:
    """He is about to cross a known trap at `nxt`: disarm it if he can (the Dwarf fails only on a
    black shield), else jump it (a skull in two springs it), else None (he walks in)."""
    d = game.pending
    if d is None:
        return None
    s: State = game.state
    tid = next((k for k, v in sorted(s.traps.items()) if tuple(v["at"]) == nxt and v["state"] in ("known", "sprung")),
               None)
    if tid is None:
        return None
    kind = "sprung pit" if s.traps[tid]["state"] == "sprung" else s.traps[tid]["kind"].replace("_", " ")
    for a in d.offers_of("disarm"):
        if a.get("trap") == tid:
            return a, f"disarms the {kind} across his way"
    for a in d.offers_of("jump"):
        if tuple(a.get("over")) == nxt:
            return a, f"jumps the {kind}: the only way on crosses it"
    return None
