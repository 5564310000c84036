"""The magic phase (§5.4, the house option): a level-1 wizard casts one of its two spells on
2D6 against the casting value (double 1 a miscast, double 6 irresistible); the other side's
wizard may try to dispel; the spells' effects."""
from __future__ import annotations

from ...engine.dice import roll
from ...engine.game import Action, Decision, Game, Procedure
from .battle import field_of
from .contact import in_combat
from .damage import Hits, wound
from .distance import distance
from .fleeing import flee_away
from .psychology import panic_after_hit
from .rolls import ld_test, roll_d3, sk_roll
from .seeing import sees
from .state import Model, State

GROUP_STEP = 2  # enemies this close to one another form a group for the Shard Storm
MISCAST_S = 3


def wizard_able(game: Game, m: Model) -> bool:
    s: State = game.state
    return (m.has("wizard_1") and m.standing and not m.fleeing and not in_combat(s, field_of(game), m)
            and not m.failed_fear)


def targets(game: Game, wizard: Model, spell_id: str) -> list[Model]:
    s: State = game.state
    fld = field_of(game)
    sp = game.content.spells[spell_id]
    if sp.target == "friend":
        pool = [f for f in s.on_table(wizard.side) if f.standing or f.down]
        return [f for f in pool if f is wizard or (distance(wizard.at, f.at) <= sp.range and sees(s, fld, wizard, f))]
    return [e for e in s.on_table(3 - wizard.side) if distance(wizard.at, e.at) <= sp.range
            and not in_combat(s, fld, e) and sees(s, fld, wizard, e)]


def magic_phase(game: Game, side: int) -> Procedure:
    s: State = game.state
    seat = s.seat(side)
    for wizard in [m for m in s.side_models(side) if wizard_able(game, m)]:
        options = [Action.make(seat, "cast", text=f"{wizard.name} casts {game.content.spells[sp].name} on {t.name}",
                               model=wizard.id, spell=sp, target=t.id)
                   for sp in wizard.spells for t in targets(game, wizard, sp)]
        if not options:
            continue
        options.append(Action.make(seat, "pass", text=f"{wizard.name} casts nothing", model=wizard.id))
        choice = yield Decision(seat, f"{wizard.name}: cast a spell?", options, context={"figure": wizard.id})
        if choice.kind == "cast":
            yield from cast(game, wizard, choice.get("spell"), s.models[choice.get("target")])


def cast(game: Game, wizard: Model, spell_id: str, target: Model) -> Procedure:
    sp = game.content.spells[spell_id]
    wizard.hidden = False
    faces = yield from roll(game, 2, 6, "sk.magic.cast")
    total = sum(faces)
    miscast, irresistible = faces == (1, 1), faces == (6, 6)
    ok = not miscast and (irresistible or total >= sp.casting_value)
    sk_roll(game, "sk.magic.cast", list(faces), target=sp.casting_value, outcome="cast" if ok else "fail",
            miscast=miscast, irresistible=irresistible,
            text=f"{wizard.name} casts {sp.name} ({sp.casting_value}+): {faces[0]} + {faces[1]} = {total}"
                 + (", a miscast!" if miscast else ", irresistible!" if irresistible
                    else ", cast." if ok else ", fails."))
    if miscast:
        yield from wound(game, wizard, Hits("sk.magic.to_wound", "the miscast", 1, MISCAST_S, critical=False,
                                            armour=False))
        return
    if not ok:
        return
    if not irresistible and (yield from dispelled(game, wizard, total)):
        return
    yield from effect(game, wizard, spell_id, target)


def dispelled(game: Game, wizard: Model, total: int) -> Procedure:
    """The reacting side's standing, unfleeing wizard may roll 2D6 once: the casting total or more cancels it."""
    s: State = game.state
    other = [m for m in s.side_models(3 - wizard.side) if m.has("wizard_1") and m.standing and not m.fleeing]
    if not other:
        return False
    dispeller = other[0]
    seat = s.seat(dispeller.side)
    choice = yield Decision(seat, f"Dispel {wizard.name}'s spell?", [
        Action.make(seat, "dispel", text=f"{dispeller.name} tries to dispel", model=dispeller.id),
        Action.make(seat, "let_pass", text="Let the spell pass")], context={"figure": dispeller.id})
    if choice.kind != "dispel":
        return False
    faces = yield from roll(game, 2, 6, "sk.magic.dispel")
    ok = sum(faces) >= total
    sk_roll(game, "sk.magic.dispel", list(faces), target=total, outcome="dispelled" if ok else "fail",
            text=f"{dispeller.name} dispels on {faces[0]} + {faces[1]} = {sum(faces)} against {total}: "
                 + ("the spell is undone." if ok else "not enough."))
    return ok


def group_of(game: Game, target: Model) -> list[Model]:
    """The target and every enemy chained to it by steps of 2 or less, leaving out models in combat."""
    s: State = game.state
    fld = field_of(game)
    pool = [m for m in s.on_table(target.side) if not in_combat(s, fld, m)]
    group, todo = [target], [target]
    while todo:
        cur = todo.pop()
        for m in pool:
            if m not in group and distance(m.at, cur.at) <= GROUP_STEP:
                group.append(m)
                todo.append(m)
    return sorted(group, key=lambda m: m.id)


def effect(game: Game, wizard: Model, spell_id: str, target: Model) -> Procedure:
    s: State = game.state
    sp = game.content.spells[spell_id]
    if sp.ward_save is not None:
        target.ward_side_turn = s.side_turns + 2  # until the caster's side's next turn starts
        game.emit("ward", model=target.id, text=f"{target.name} is shielded by {sp.name}.")
    elif sp.hits == "d3":
        n = yield from roll_d3(game, "sk.magic.hits", f"the hits of {sp.name}")
        harm = yield from wound(game, target, Hits("sk.magic.to_wound", sp.name, n, sp.strength or 4, critical=False))
        yield from panic_after_hit(game, target, harm.wounds, wizard)
    elif sp.hits == "each_in_group":
        for m in group_of(game, target):
            harm = yield from wound(game, m, Hits("sk.magic.to_wound", sp.name, 1, sp.strength or 3, critical=False))
            yield from panic_after_hit(game, m, harm.wounds, wizard)
    else:  # dread
        if not (yield from ld_test(game, "sk.magic.dread", target, f"the {sp.name}")):
            yield from flee_away(game, target, [wizard], "flees in terror")
