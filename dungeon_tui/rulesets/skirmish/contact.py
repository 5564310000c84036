"""Who touches whom (§5.1): base contact between neighbours whose floors differ by at most one
level, or across one obstacle square in a straight line (fighting over a low wall); combats as
the groups contact links."""
from __future__ import annotations

from typing import Any

from .state import Model, Sq, State


def touching(field: Any, a: Sq, b: Sq) -> bool:
    dx, dy = b[0] - a[0], b[1] - a[1]
    if max(abs(dx), abs(dy)) == 1:
        return _floors_close(field, a, b)
    if max(abs(dx), abs(dy)) == 2 and dx in (-2, 0, 2) and dy in (-2, 0, 2):
        mid = (a[0] + dx // 2, a[1] + dy // 2)
        return field.obstacle(mid) and _floors_close(field, a, b)
    return False


def _floors_close(field: Any, a: Sq, b: Sq) -> bool:
    fa, fb = field.height_at(a), field.height_at(b)
    return fa is not None and fb is not None and abs(fa - fb) <= 1


def enemies_touching(s: State, field: Any, model: Model) -> list[Model]:
    """The enemies on the table in contact with it, standing or down, in id order."""
    if not model.on_table:
        return []
    return [e for e in s.models.values() if e.side != model.side and e.on_table and touching(field, model.at, e.at)]


def in_combat(s: State, field: Any, model: Model) -> bool:
    return bool(enemies_touching(s, field, model))


def square_in_contact(s: State, field: Any, sq: Sq, side: int) -> bool:
    """Would a model of `side` on `sq` touch an enemy?"""
    return any(e.side != side and e.on_table and touching(field, sq, e.at) for e in s.models.values())


def contact_zone(s: State, field: Any, side: int) -> frozenset[Sq]:
    """Every square on which a model of `side` would touch an enemy (for paths: one look-up a step)."""
    out = []
    for e in s.models.values():
        if e.side == side or not e.on_table:
            continue
        x, y = e.at
        for dx in range(-2, 3):
            for dy in range(-2, 3):
                sq = (x + dx, y + dy)
                if (dx or dy) and field.inside(sq) and touching(field, sq, e.at):
                    out.append(sq)
    return frozenset(out)


def combats(s: State, field: Any) -> list[list[Model]]:
    """Groups of models linked by contact with enemies, each in id order, ordered by their lowest id."""
    seen: set[str] = set()
    groups = []
    for m in s.models.values():
        if m.id in seen or not enemies_touching(s, field, m):
            continue
        group, todo = [], [m]
        seen.add(m.id)
        while todo:
            cur = todo.pop()
            group.append(cur)
            for e in enemies_touching(s, field, cur):
                if e.id not in seen:
                    seen.add(e.id)
                    todo.append(e)
        groups.append(sorted(group, key=lambda x: x.id))
    return sorted(groups, key=lambda g: g[0].id)
