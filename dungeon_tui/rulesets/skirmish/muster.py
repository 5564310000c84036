"""A warband's models as the battle starts: profiles copied in, ids by the warband list
(w1_01, ...), names as a player says them ("Orc Boy 2" when there are several)."""
from __future__ import annotations

from typing import Any

from .state import Model


def muster(content: Any, side: int, warband: str, magic: bool) -> list[Model]:
    band = content.warbands[warband]
    roster: list[str] = band.roster(magic)
    leader_profile = next(e.profile for e in band.models if e.leader)
    totals = {pid: roster.count(pid) for pid in roster}
    seen: dict[str, int] = {}
    out = []
    for n, pid in enumerate(roster, 1):
        p = content.profiles[pid]
        seen[pid] = seen.get(pid, 0) + 1
        name = p.name if totals[pid] == 1 else f"{p.name} {seen[pid]}"
        armour = [content.armour[a] for a in p.armour]
        saves = [a.save for a in armour if a.save is not None]
        out.append(Model(
            id=f"w{side}_{n:02}", side=side, profile=pid, name=name, role=p.role,
            leader=pid == leader_profile and seen[pid] == 1, m=p.m, ws=p.ws, bs=p.bs, s=p.s, t=p.t, w=p.w,
            i=p.i, a=p.a, ld=p.ld, weapons=list(p.weapons), armour=list(p.armour),
            save_base=min(saves) if saves else None, shield=sum(a.improves for a in armour),
            rules=list(p.rules), spells=list(p.spells), poison_weapons=list(p.poison_weapons), wounds=p.w))
    return out
