"""Out of reach: which monsters could come at a warrior on each square he might step to.

A monster beside a warrior who stays in the fight is held there for the Monsters' Phase; the
others walk their Move through free squares to whoever they choose (One-on-One picks the one
with the fewest attackers, so a warrior alone in the open draws them).  A square that no free
monster can get beside, with friends and walls between, is where a warrior who broke away, or
who leaves a caving section, is safest."""
from __future__ import annotations

from ....engine.game import Game
from ....engine.grid import Sq
from .. import stats
from ..monster_strikes import valid_target
from ..sight import sees
from ..state import Figure, State
from .danger import is_archer
from .odds import monster_blow


def _stays_pinned(s: State, m: Figure, mover: Figure) -> bool:
    """The monster stands beside a warrior other than the mover who can still be struck."""
    assert m.pos is not None
    return any(x.id != mover.id and x.pos is not None and valid_target(s, x) and s.grid.adjacent(m.pos, x.pos)
               for x in s.heroes())


def foes_reaching(game: Game, s: State, mover: Figure, squares: list[Sq]) -> dict[Sq, float]:
    """For each square the mover might stand on: the Wounds the monsters could bring to him
    there this Monsters' Phase (blows of those that can stand beside him, shots of archers
    that see him), read off the board as it stands."""
    c = game.content
    taken = {f.pos for f in s.in_play() if f.pos is not None and f.id != mover.id}
    out = dict.fromkeys(squares, 0.0)
    for m in s.monsters():
        if not m.active or m.pos is None:
            continue
        blow = monster_blow(c, m, mover)
        if _stays_pinned(s, m, mover):
            for sq in squares:
                if s.grid.adjacent(m.pos, sq):
                    out[sq] += blow
            continue
        if is_archer(c, m):
            for sq in squares:
                if s.grid.adjacent(m.pos, sq) or sees(s, m.pos, sq):
                    out[sq] += blow / 2  # its shots are shared among all it sees
            continue
        walk = s.grid.reachable(m.pos, stats.move(c, m), lambda q: q not in taken)
        for sq in squares:
            if any(q in walk and q != sq for q in s.grid.neighbours(sq)):
                out[sq] += blow
    return out
