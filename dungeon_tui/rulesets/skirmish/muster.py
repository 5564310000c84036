"""A warband's models as the battle starts: profiles copied in, ids by the warband list
(w1_01, ...), names as a player says them ("Orc Boy 2" when there are several)."""
from __future__ import annotations

from typing import Any

from .state import Model


def _kit(content: Any, pid: str) -> dict[str, Any]:
    """What a model takes from its profile: characteristics, kit and rules."""
    p = content.profiles[pid]
    armour = [content.armour[a] for a in p.armour]
    saves = [a.save for a in armour if a.save is not None]
    return {"profile": pid, "role": p.role, "m": p.m, "ws": p.ws, "bs": p.bs, "s": p.s, "t": p.t, "w": p.w,
            "i": p.i, "a": p.a, "ld": p.ld, "weapons": list(p.weapons), "armour": list(p.armour),
            "save_base": min(saves) if saves else None, "shield": sum(a.improves for a in armour),
            "rules": list(p.rules), "spells": list(p.spells), "poison_weapons": list(p.poison_weapons)}


def model_of(content: Any, pid: str, mid: str, name: str | None = None, leader: bool = False) -> Model:
    """One model of a profile, unhurt, off the table (made without a __setattr__ call per field)."""
    kit = _kit(content, pid)
    return Model.made(id=mid, side=int(mid[1]), name=name or content.profiles[pid].name, leader=leader,
                 wounds=kit["w"], **kit)


def dismount(content: Any, model: Model) -> None:
    """A mounted model whose mount is killed fights on as its profile on foot (§5.7): the seed
    swaps the figure for the matching one on foot, and the rider keeps the wounds it has left."""
    for key, value in _kit(content, content.profiles[model.profile].on_foot).items():
        setattr(model, key, value)
    model.wounds = min(model.wounds, model.w)


def muster(content: Any, side: int, warband: str, magic: bool) -> list[Model]:
    band = content.warbands[warband]
    roster: list[str] = band.roster(magic)
    leader_at = next(n for n, e in enumerate(band.models) if e.leader)
    leader_index = sum(e.count for e in band.models[:leader_at])
    totals = {pid: roster.count(pid) for pid in roster}
    seen: dict[str, int] = {}
    out = []
    for n, pid in enumerate(roster):
        seen[pid] = seen.get(pid, 0) + 1
        name = content.profiles[pid].name + (f" {seen[pid]}" if totals[pid] > 1 else "")
        out.append(model_of(content, pid, f"w{side}_{n + 1:02}", name, leader=n == leader_index))
    return out
