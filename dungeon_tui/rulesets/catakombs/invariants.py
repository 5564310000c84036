"""Catakombs invariants, checked after every decision by the fuzz runner and the tests: one
figure per square on floor, PV and AP within bounds, the fallen off the board, conditions only
on figures that may hold them, and nobody asked to act who may not."""
from __future__ import annotations

import math
from typing import Any

from .state import DOWNED, HERO, MASTER, RAT_PV, STANDING
from .terrain import Map

FUZZ_SHUN = ("end_heroes_turn", "end_master_turn", "stay_put", "leave")


def check_board(game: Any) -> list[str]:
    s = game.state
    out: list[str] = []
    if s.phase == "setup":
        return out
    m = Map(game)
    seen: dict[Any, str] = {}
    for f in s.figures.values():
        if not 0 <= f.pv <= f.max_pv:
            out.append(f"{f.name} has {f.pv} PV outside 0..{f.max_pv}")
        if f.ap < 0 or f.reserved < 0 or f.fate < 0:
            out.append(f"{f.name} has {f.ap} AP, {f.reserved} kept points, {f.fate} fate")
        if f.rats and f.status == STANDING and (f.rats > 4 or f.rats != math.ceil(f.pv / RAT_PV)):
            out.append(f"{f.name} has {f.rats} rats for {f.pv} PV")
        if f.status in (STANDING, DOWNED):
            if f.pos is None:
                if f.side == MASTER or f.id in s.party:
                    out.append(f"{f.name} is {f.status} but off the board")
                continue
            if not m.ground(f.pos):
                out.append(f"{f.name} stands on no floor at {f.pos}")
            if f.pos in seen:
                out.append(f"{f.name} and {seen[f.pos]} share {f.pos}")
            seen[f.pos] = f.name
        elif f.pos is not None:
            out.append(f"{f.name} is {f.status} but still on the board at {f.pos}")
        if f.status == DOWNED and (f.side != HERO or f.pv != 0 or f.ap or f.burning):
            out.append(f"{f.name} is downed with {f.pv} PV, {f.ap} AP, burning {f.burning}")
        if f.duel is not None and s.figures[f.duel].duel != f.id:
            out.append(f"{f.name} duels {f.duel}, who duels {s.figures[f.duel].duel}")
    d = game.pending
    fid = d.context.get("figure") if d is not None else None
    if fid in s.figures and "window" not in d.context and d.seat != "chance" and "fate" not in d.context \
            and "ask" not in d.context and s.phase in ("heroes", "master"):
        f = s.figures[fid]
        if not f.standing and any(a.kind not in ("end_activation", "end_heroes_turn", "deploy") for a in d.options):
            out.append(f"{f.name} is asked to act while {f.status}")
    return out


def check_pool(game: Any) -> list[str]:
    """The off-board pool holds only the Master's figures off the board (lost rats by their
    swarm), each once; kept points only on heroes; conditions only on figures on the board."""
    s = game.state
    out: list[str] = []
    ids = [str(e["id"]) for e in s.pool]
    if len(set(ids)) != len(ids):
        out.append(f"the pool holds a figure twice: {ids}")
    for fid in ids:
        f = s.figures.get(fid)
        if "." not in fid and (f is None or f.side != MASTER or f.on_board):
            out.append(f"the pool holds {fid}, which is not a Master figure off the board")
    for f in s.figures.values():
        if f.reserved and f.side != HERO:
            out.append(f"{f.name} keeps wait points")
        if not f.on_board and (f.burning or f.poisoned or f.webbed or f.duel):
            out.append(f"{f.name} is off the board but still under a condition or in a duel")
    return out


def check(game: Any) -> list[str]:
    return check_board(game) + check_pool(game)
