"""The close combat phase (§5.6): both sides fight.  Combats are fought one by one in order of
their lowest model id; in each, models strike by tier and Initiative, each choosing its weapon
in the first round and splitting its attacks among the enemies it may hit."""
from __future__ import annotations

from itertools import combinations_with_replacement

from ...engine.dice import roll
from ...engine.game import Action, Decision, Game, Procedure
from ...engine.words import counted
from .battle import field_of
from .blows import attacks_of, melee_weapons, strike, strikes_last
from .contact import combats, enemies_touching
from .movement import edge_slip
from .rolls import sk_roll
from .state import Model, State

TIER_WORDS = {1: "chargers", 2: "by Initiative", 3: "striking last", 4: "just stood up"}


def tier(game: Game, m: Model) -> int:
    if m.stood_up:
        return 4
    if strikes_last(game, m):
        return 3
    return 1 if m.charged else 2


def close_combat_phase(game: Game) -> Procedure:
    s: State = game.state
    field = field_of(game)
    for group in combats(s, field):
        yield from fight(game, [m.id for m in group])


def fight(game: Game, ids: list[str]) -> Procedure:
    """One combat: weapons, then each model at its step in the strike order."""
    s: State = game.state
    group = [s.models[i] for i in ids]
    names = ", ".join(m.name for m in group)
    game.emit("combat", models=ids, text=f"Combat: {names}.")
    for m in group:
        yield from choose_weapon(game, m)
    order = yield from strike_order(game, group)
    for m in order:
        if not m.standing or m.fleeing:
            continue  # downed or removed before its step
        foes = enemies_touching(s, field_of(game), m)
        standing = [e for e in foes if e.standing]
        eligible = standing or foes
        if not eligible:
            continue
        split = yield from allocate(game, m, eligible)
        for target_id, n in split:
            target = s.models[target_id]
            if target.on_table:
                was_down = target.down
                yield from strike(game, m, target, n)
                if target.down and not was_down:
                    yield from edge_slip(game, target)


def choose_weapon(game: Game, m: Model) -> Procedure:
    """First round: a model with several melee options picks one, kept for this combat."""
    s: State = game.state
    options = melee_weapons(game, m)
    if not m.first_round or len(options) < 2 or not m.standing:
        return
    seat = s.seat(m.side)
    w = game.content.weapons
    picks = [Action.make(seat, "choose_weapon", text=f"{m.name} fights with the {w[o].name}", model=m.id, weapon=o)
             for o in options]
    choice = yield Decision(seat, f"{m.name}: choose a weapon for this combat", picks, context={"figure": m.id})
    m.weapon_choice = choice.get("weapon")


def strike_order(game: Game, group: list[Model]) -> Procedure:
    """Tier, then Initiative high first; equal tier and I across sides: one roll-off per
    (tier, I), the winning side first; within a side, lowest id first."""
    keys = {m.id: (tier(game, m), -m.i) for m in group if m.standing}
    first_side: dict[tuple[int, int], int] = {}
    for key in sorted(set(keys.values())):
        sides = {m.side for m in group if keys.get(m.id) == key}
        if len(sides) == 2:
            first_side[key] = yield from strike_tie(game, key)
    ordered = sorted((m for m in group if m.id in keys),
                     key=lambda m: (keys[m.id], m.side != first_side.get(keys[m.id], m.side), m.id))
    return ordered


def strike_tie(game: Game, key: tuple[int, int]) -> Procedure:
    """sk.cc.strike_tie: a D6 per side, re-rolled while equal; the higher side strikes first."""
    while True:
        faces = yield from roll(game, 2, 6, "sk.cc.strike_tie")
        if faces[0] != faces[1]:
            break
        sk_roll(game, "sk.cc.strike_tie", list(faces), outcome="tie", text=f"Strike order tie: {faces[0]} each, again.")
    winner = 1 if faces[0] > faces[1] else 2
    sk_roll(game, "sk.cc.strike_tie", list(faces), outcome=winner, inputs={"tier": key[0], "i": -key[1]},
            text=f"Equal Initiative {-key[1]} ({TIER_WORDS[key[0]]}): side 1 rolls {faces[0]}, side 2 rolls "
                 f"{faces[1]}; side {winner} strikes first.")
    return winner


def allocate(game: Game, m: Model, eligible: list[Model]) -> Procedure:
    """The model's own seat splits its attacks among the eligible enemies before rolling."""
    s: State = game.state
    n = attacks_of(game, m)
    if len(eligible) == 1:
        return [(eligible[0].id, n)]
    seat = s.seat(m.side)
    options = []
    for combo in combinations_with_replacement(range(len(eligible)), n):
        split = [(eligible[k].id, combo.count(k)) for k in range(len(eligible)) if combo.count(k)]
        words = ", ".join(f"{counted(c, 'attack')} on {s.models[t].name}" for t, c in split)
        options.append(Action.make(seat, "allocate_attacks", text=f"{m.name}: {words}", model=m.id,
                                   split=[[t, c] for t, c in split]))
    choice = yield Decision(seat, f"{m.name}: allocate {counted(n, 'attack')}", options, context={"figure": m.id})
    return [(str(t), int(c)) for t, c in choice.get("split")]
