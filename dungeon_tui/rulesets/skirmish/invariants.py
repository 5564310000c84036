"""What must hold after every decision of a battle (fuzz checks it): wounds in range, models on
the table on squares they may stand on, one model a square, states that agree with positions,
one relic at most."""
from __future__ import annotations

from ...engine.game import Game
from .battle import field_of
from .state import GONE, KNOCKED_DOWN, STANDING, STUNNED, State

FUZZ_SHUN = ("end_movement", "end_shooting", "let_pass", "stay")


def check(game: Game) -> list[str]:
    s: State = game.state
    fld = field_of(game)
    problems = []
    squares: dict[tuple[int, int], str] = {}
    for m in s.models.values():
        if not 0 <= m.wounds <= m.w:
            problems.append(f"{m.name} has {m.wounds} of {m.w} wounds")
        if m.status in GONE:
            if m.pos is not None:
                problems.append(f"{m.name} is {m.status} yet stands at {m.pos}")
            if m.carrying:
                problems.append(f"{m.name} is off the table yet carries the relic")
            continue
        if m.status not in (STANDING, KNOCKED_DOWN, STUNNED):
            problems.append(f"{m.name} has the unknown state {m.status!r}")
        if m.pos is None:
            if s.phase != "setup" and s.game_turn > 0:
                problems.append(f"{m.name} is {m.status} but not on the table")
            continue
        if not fld.standable(m.pos):
            problems.append(f"{m.name} stands on {m.pos}, where no model may stand")
        if m.pos in squares:
            problems.append(f"{m.name} and {squares[m.pos]} share {m.pos}")
        squares[m.pos] = m.name
        if m.hidden and m.status == STUNNED:
            problems.append(f"{m.name} is stunned yet hidden")
    carriers = [m.name for m in s.models.values() if m.carrying]
    if len(carriers) > 1 or (carriers and s.objectives.get("relic_at")):
        problems.append(f"the relic is in two places: {carriers}, {s.objectives.get('relic_at')}")
    return problems
