"""Who touches whom among the models in play (distance.touching says which squares touch),
and combats as the groups contact links (§5.6)."""
from __future__ import annotations

from typing import Any

from .distance import contact_table, touching
from .state import GONE, STANDING, Model, State, placed


def enemies_touching(s: State, field: Any, model: Model) -> list[Model]:
    """The enemies on the table in contact with it, standing or down, in id order."""
    if model.pos is None or model.status in GONE:  # Model.on_table, read directly
        return []
    near, side = touching(field, model.pos), model.side
    # Asked for every model at every step of the movement phase, and most touch no enemy: the
    # squares it touches looked up among the enemies' first (in C), the models read only then.
    if near.isdisjoint(enemy_squares(s, side)):
        return []
    # The side first (a number compared, where a square is hashed to be looked up), then the
    # square, the rarest match.  (A square in `near` is a square: on the table unless out of
    # action or fled.)
    return [e for e in s.models.values() if e.side != side and e.pos in near and e.status not in GONE]


def enemy_squares(s: State, side: int, standing: bool = False) -> frozenset[tuple[int, int]]:
    """The squares of the models on the table that are not of `side` (`standing`: of those
    standing alone), kept while no model moves or changes (state.placed): whether an enemy
    touches a model is then its touching squares looked up here, not every model read again."""
    kept = placed(s)
    key = ("enemy_squares", side, standing)
    found = kept.get(key)
    if found is None:
        found = kept[key] = frozenset([
            e.pos for e in s.models.values()
            if e.side != side and e.pos is not None and (e.status == STANDING if standing else e.status not in GONE)])
    return found


def in_combat(s: State, field: Any, model: Model) -> bool:
    """Some enemy touches it: enemies_touching, stopping at the first.  Kept while no model
    moves or changes (state.placed): asked of every model at every step of a phase."""
    if model.pos is None or model.status in GONE:
        return False
    kept = placed(s)
    key = ("in_combat", model.id)
    found = kept.get(key)
    if found is None:
        found = kept[key] = _touched(s, field, model)
    return found


def _touched(s: State, field: Any, model: Model) -> bool:
    return not touching(field, model.at).isdisjoint(enemy_squares(s, model.side))


def combats(s: State, field: Any) -> list[list[Model]]:
    """Groups of models linked by contact with enemies, each in id order, ordered by their lowest id."""
    # Who stands where, once (one model a square: fuzz checks it), and each model's enemies
    # read off the squares it touches, rather than every model asked of every model.
    standing_at = {m.pos: m for m in s.models.values() if m.pos is not None and m.status not in GONE}
    near = contact_table(field)

    def foes(m: Model) -> list[Model]:
        if m.pos is None or m.status in GONE:
            return []
        side = m.side
        return [e for sq in near.get(m.pos, ()) if (e := standing_at.get(sq)) is not None and e.side != side]

    seen: set[str] = set()
    groups = []
    for m in s.models.values():
        if m.id in seen or not foes(m):
            continue
        group, todo = [], [m]
        seen.add(m.id)
        while todo:
            cur = todo.pop()
            group.append(cur)
            for e in foes(cur):
                if e.id not in seen:
                    seen.add(e.id)
                    todo.append(e)
        groups.append(sorted(group, key=lambda x: x.id))
    return sorted(groups, key=lambda g: g[0].id)
