"""Characteristic tests (§5.1) and fate points (§5.14).

A test rolls as many power dice as the characteristic and succeeds when the score reaches the
difficulty; a characteristic of 0 fails without a roll, and no difficulty falls below 1 (D3).
A failed test may be rolled again for a fate point, as often as the figure has points; a result
that would kill a figure may be cancelled for one (never one that only downs a hero)."""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from ...engine.dice import roll_event
from ...engine.game import Action, Decision, Game
from ...engine.words import counted
from .dice import power_dice, score, worked
from .state import Figure

STAT_NAMES = {"cc": "Melee", "def": "Defence", "tir": "Shooting", "mag": "Magic", "str": "Strength",
              "wil": "Will", "cha": "Charisma", "agi": "Agility", "dex": "Dexterity", "int": "Intelligence"}


@dataclass(frozen=True, slots=True)
class Result:
    success: bool
    score: int
    target: int
    faces: tuple[str, ...]

    @property
    def margin(self) -> int:
        return self.score - self.target


def difficulty(base: int, modifiers: dict[str, int]) -> int:
    return max(1, base + sum(modifiers.values()))


def test(game: Game, fig: Figure, stat: str, base: int, rule: str, *, modifiers: dict[str, int] | None = None,
         dice: int | None = None, what: str = "", critical: bool = False
         ) -> Generator[Decision, Action, Result]:
    """Roll `fig`'s `stat` (or `dice` power dice) against `base` plus the named modifiers; on a
    failure its seat may spend fate points to roll again (`reroll` in the roll's fields).
    `critical` marks a hit roll whose margin of 4 or more is a critical hit (§5.15)."""
    mods = {k: v for k, v in (modifiers or {}).items() if v}
    target = difficulty(base, mods)
    count = fig.stat(stat) if dice is None else dice
    doing = what or f"a {STAT_NAMES.get(stat, stat)} test"
    again = False
    while True:
        faces = (yield from power_dice(game, count, rule)) if count > 0 else []
        points = score(faces)
        ok = count > 0 and points >= target
        if not game.unseen:  # the roll's line, made only for someone to read (see Game.unseen)
            more = {"reroll": True} if again else {}
            if critical:
                more["critical"] = ok and points - target >= 4
            shown = ", ".join(faces) if faces else "no dice"
            text = (f"{fig.name} rolls {counted(count, 'power die', 'power dice')} for {doing}: {shown} = "
                    f"{worked(faces)} against {target}: {'success' if ok else 'failure'}"
                    + (" (fate reroll)" if again else ""))
            roll_event(game, rule, f"{count}pd", faces, target=target, inputs={"stat": count, "score": points},
                       modifiers=mods, outcome="success" if ok else "fail", text=text, **more)
        result = Result(ok, points, target, tuple(faces))
        if ok or count <= 0 or fig.fate <= 0:
            return result
        if not (yield from ask_fate(game, fig, f"roll {doing} again", REROLL, rule)):
            return result
        again = True


REROLL, CANCEL = "reroll", "cancel"  # the two uses of a fate point (§5.14), as a decision's context says


def ask_fate(game: Game, fig: Figure, doing: str, purpose: str, rule: str | None = None
             ) -> Generator[Decision, Action, bool]:
    """The figure's seat chooses whether to spend a fate point to `doing`; spent if so.  The
    context's `use` (the `purpose`) says which of the two uses it is, and `rule` which test a
    reroll is for, so no seat has to read the words."""
    if fig.fate <= 0:
        return False
    seat = game.state.seat(fig)
    use = Action.make(seat, "use_fate", text=f"Spend a fate point to {doing}", figure=fig.id)
    keep = Action.make(seat, "keep_fate", text="Keep the fate point", figure=fig.id)
    choice = yield Decision(seat, f"{fig.name} has {counted(fig.fate, 'fate point')}: {doing}?", [use, keep],
                            context={"figure": fig.id, "fate": doing, "use": purpose, "rule": rule})
    if choice.kind != "use_fate":
        return False
    fig.fate -= 1
    game.emit("fate", figure=fig.id, text=f"{fig.name} spends a fate point to {doing}.")
    return True


def cancel_death(game: Game, fig: Figure, what: str) -> Generator[Decision, Action, bool]:
    """A result that would kill `fig` (`what` says it) may be cancelled for a fate point (§5.14)."""
    return (yield from ask_fate(game, fig, f"cancel {what}", CANCEL))
