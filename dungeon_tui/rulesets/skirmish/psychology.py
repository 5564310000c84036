"""Psychology (§5.8): fear, panic (the seed's points P1-P4), all alone, and fleeing a combat.
A failed test sends the model fleeing (fleeing.py)."""
from __future__ import annotations

from ...engine.game import Game, Procedure
from .battle import field_of
from .blows import fighting_weapon, weapon_strength
from .contact import enemies_touching
from .damage import Hits, wound
from .distance import distance
from .fleeing import flee_away
from .rolls import ld_test
from .seeing import nearest
from .state import Model, State

PANIC_NEAR = 6  # P2, P4: a friend that fell or fled a combat this near
FLEEING_NEAR = 4  # P3: a friend fleeing this near at the start of the turn
ALONE_NEAR = 6


def fear_test(game: Game, model: Model, feared: Model) -> Procedure:
    """sk.psy.fear; True when passed (a model that causes fear is itself immune)."""
    if model.causes_fear or model.immune:
        return True
    return (yield from ld_test(game, "sk.psy.fear", model, f"fear of {feared.name}"))


def unit_strength(model: Model) -> int:
    """WFB's unit strength, read for one model: a large creature's or a swarm's is its Wounds,
    a rider's 2, anyone else's 1.  Fear compares it (§5.3 step 4)."""
    if model.has("large_target") or model.has("swarm"):
        return model.w
    return 2 if model.has("mounted") else 1


def may_panic(s: State, model: Model) -> bool:
    return model.standing and not model.fleeing and not model.immune and model.panic_phase != s.phase_no


def stirs_panic(model: Model, friend: Model) -> bool:
    """Friends never panic because of an expendable model, nor an igp model because of a goblin."""
    if friend.has("expendable"):
        return False
    return not (friend.has("goblin") and model.has("ignores_goblin_panic"))


def panic(game: Game, model: Model, why: str, sources: list[Model]) -> Procedure:
    """One panic test (at most one a phase); failure: flee from `sources` (a model in combat first
    takes the blows of fleeing a combat)."""
    s: State = game.state
    if not may_panic(s, model):
        return True
    model.panic_phase = s.phase_no
    ok = yield from ld_test(game, "sk.psy.panic", model, why)
    if not ok:
        if enemies_touching(s, field_of(game), model):
            yield from flee_combat(game, model)
        else:
            yield from flee_away(game, model, sources, "panics")
    return ok


def panic_after_hit(game: Game, model: Model, wounds: int, shooter: Model) -> Procedure:
    """P1: it lost a wound to shooting or magic and still stands."""
    if wounds > 0 and model.standing:
        yield from panic(game, model, f"panic after being hit by {shooter.name}", [shooter])


def panic_end_of_phase(game: Game) -> Procedure:
    """P2 and P4, in id order: a friend within 6 went out of action, or fled a combat, this phase."""
    s: State = game.state
    if not s.fallen:  # most phases: no one to panic for, so no model is asked
        return
    for model in list(s.models.values()):
        if not may_panic(s, model):
            continue
        for fall in s.fallen:
            friend = s.models[fall["model"]]
            at = (fall["at"][0], fall["at"][1])
            if friend.side != model.side or friend is model or not stirs_panic(model, friend):
                continue
            if distance(model.at, at) <= PANIC_NEAR:
                word = "falls" if fall["how"] == "out_of_action" else "flees a combat"
                foe = nearest(s.on_table(3 - model.side), at)
                yield from panic(game, model, f"panic as {friend.name} {word}", [foe] if foe else [])
                break
    s.fallen = []


def panic_at_rally(game: Game, side: int) -> Procedure:
    """P3: a friend within 4 is fleeing at the start of its side's turn (after rallies)."""
    s: State = game.state
    for model in s.side_models(side):
        if not may_panic(s, model):
            continue
        # Fleeing asked first: the rarest, and a plain field (each model asks of every friend).
        friend = next((f for f in s.side_models(side) if f.fleeing and f is not model and f.on_table
                       and stirs_panic(model, f) and distance(f.at, model.at) <= FLEEING_NEAR), None)
        if friend is not None:
            foe = nearest(s.on_table(3 - side), friend.at)
            yield from panic(game, model, f"panic at the sight of {friend.name} fleeing", [foe] if foe else [])


def all_alone(game: Game, side: int) -> Procedure:
    """At the end of its own side's close combat phase: a model touching two or more standing
    enemies with no friend within 6 that is neither down nor fleeing tests; failure: it flees."""
    s: State = game.state
    field = field_of(game)
    for model in s.side_models(side):
        if not model.standing or model.fleeing:
            continue
        if sum(e.standing for e in enemies_touching(s, field, model)) < 2:
            continue  # the friends near are looked for only when it is outnumbered
        if any(f is not model and f.standing and not f.fleeing and distance(f.at, model.at) <= ALONE_NEAR
               for f in s.side_models(side)):
            continue
        ok = yield from ld_test(game, "sk.psy.all_alone", model, "being all alone")
        if not ok:
            yield from flee_combat(game, model)


def flee_combat(game: Game, model: Model) -> Procedure:
    """Fleeing a combat: each enemy in contact gets one automatic hit (no parry, criticals
    possible); if still standing it flees away from them."""
    s: State = game.state
    foes = enemies_touching(s, field_of(game), model)
    game.emit("note", model=model.id, text=f"{model.name} turns to flee the combat.")
    at = model.at
    for foe in foes:
        if not model.standing or not foe.standing:
            continue
        wid = fighting_weapon(game, foe)
        hit = Hits("sk.cc.to_wound", f"{foe.name}'s free hit", 1, weapon_strength(game, foe, wid), source=foe.id,
                   close_combat=True)
        yield from wound(game, model, hit)
    if model.standing:
        s.fallen.append({"model": model.id, "at": list(at), "how": "fled_combat"})
        yield from flee_away(game, model, foes, "flees the combat")
