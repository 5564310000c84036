"""The shooting phase (§5.5): who may shoot, at whom (the closest target rule and its
exceptions), the score needed with every modifier, 7+ shots, several shots, poison, wounds and
the panic that follows a wound."""
from __future__ import annotations

from dataclasses import dataclass, field as dfield

from ...engine.dice import roll
from ...engine.game import Action, Game, Procedure
from .battle import field_of
from .blows import poisoned_with
from .contact import in_combat
from .damage import Hits, wound
from .distance import distance
from .movement import edge_slip
from .phase_offers import model_choice
from .psychology import panic_after_hit
from .rolls import sk_roll
from .seeing import arrangement, cover_of, sees, sightlines
from .sight import KeptLines
from .state import Model, State, placings
from .tables import extra_need, shoot_need

COVER_PENALTY = {"none": 0, "soft": 1, "hard": 2}
MAX_NEED = 9
HEIGHT_FREE = 3  # a shooter on this floor or higher picks its target freely


@dataclass
class Shot:
    target: Model
    weapon: str
    need: int
    mods: dict[str, int] = dfield(default_factory=dict)
    shots: int = 1


def missile_weapons(game: Game, model: Model) -> list[str]:
    return [w for w in model.weapons if game.content.weapons[w].range is not None]


def may_shoot(game: Game, model: Model, fighting: dict[str, bool] | None = None) -> bool:
    """`fighting`: who is in combat, kept by the caller while no model moves (see valid_shots)."""
    # The flags first: contact is looked for only when nothing else rules the model out.
    if not model.standing or model.fleeing or model.ran or model.charged or model.failed_charge \
            or model.rallied or model.failed_fear or model.no_shoot or model.searched:
        return False
    return not _fights(game, model, fighting)


def _fights(game: Game, model: Model, fighting: dict[str, bool] | None) -> bool:
    """in_combat, looked up in `fighting` (model id -> in combat) when the caller keeps one."""
    if fighting is None:
        return in_combat(game.state, field_of(game), model)
    found = fighting.get(model.id)
    if found is None:
        found = fighting[model.id] = in_combat(game.state, field_of(game), model)
    return found


def need_for(game: Game, shooter: Model, target: Model, wid: str, shots: int = 1,
             charging: bool = False, lines: KeptLines | None = None) -> tuple[int, dict[str, int]]:
    """The score the shot needs and its modifiers.  `lines`: sightlines(s), when the caller
    has them (asked for every target of every shooter while nothing moves)."""
    s: State = game.state
    w = game.content.weapons[wid]
    mods: dict[str, int] = {}
    if shooter.moved and not w.thrown:
        mods["moved"] = 1
    if w.range is not None and distance(shooter.at, target.at) * 2 > w.range and not w.thrown:
        mods["long range"] = 1
    cov = cover_of(s, field_of(game), shooter, target, lines)
    if COVER_PENALTY[cov]:
        mods[f"{cov} cover"] = COVER_PENALTY[cov]
    if charging:
        mods["charging target"] = 1
    if shots > 1:
        mods["several shots"] = 1
    if target.has("large_target"):
        mods["large target"] = -1
    return max(2, shoot_need(shooter.bs) + sum(mods.values())), mods


def valid_shots(game: Game, shooter: Model, wid: str, charging: Model | None = None,
                fighting: dict[str, bool] | None = None) -> list[Shot]:
    """Seen enemies not in combat, in range, needing 9 or less (one target, a charger, when
    standing and shooting).  `fighting`: who is in combat (model id -> bool), kept by a caller
    that asks for every shooter while no model moves (each target is asked of by each)."""
    s: State = game.state
    fld = field_of(game)
    w = game.content.weapons[wid]
    assert w.range is not None
    pool = [charging] if charging is not None else s.on_table(3 - shooter.side)
    out = []
    lines, at = sightlines(s), shooter.at
    for t in pool:
        if charging is not None and not t.on_table:  # the pool of enemies is on the table
            continue
        far = distance(at, t.at)
        if far > w.range or not sees(s, fld, shooter, t, lines):
            continue
        if charging is None and _fights(game, t, fighting):
            continue
        counts = [1] + ([w.shots] if w.shots > 1 and far <= (w.shots_within or w.range) else [])
        for n in counts:
            need, mods = need_for(game, shooter, t, wid, n, charging is not None, lines)
            if need <= MAX_NEED:
                out.append(Shot(t, wid, need, mods, n))
    return out


def legal_shots(game: Game, shooter: Model, wid: str, fighting: dict[str, bool] | None = None) -> list[Shot]:
    """The closest target rule and its exceptions (§5.5).  `fighting`: as valid_shots."""
    fld = field_of(game)
    shots = valid_shots(game, shooter, wid, None, fighting)
    close = [x for x in shots if x.target.standing and not x.target.fleeing]
    if (fld.height_at(shooter.at) or 0) >= HEIGHT_FREE:
        home = fld.building_at(shooter.at)
        inside = [x for x in shots if home is not None and fld.building_at(x.target.at) == home]
        return inside or shots
    if not close:
        return shots
    nearest_d = min(distance(shooter.at, x.target.at) for x in close)
    best_need = min(x.need for x in close if distance(shooter.at, x.target.at) == nearest_d and x.shots == 1)
    # The shots are told apart by identity (no two are alike): a Shot's equality compares its
    # target's every field.
    near = {id(x) for x in close}
    return [x for x in shots if id(x) not in near or distance(shooter.at, x.target.at) == nearest_d
            or min(y.need for y in close if y.target is x.target) < best_need]


def shooting_phase(game: Game, side: int) -> Procedure:
    s: State = game.state
    seat = s.seat(side)
    done: list[str] = []
    # A model's shots depend on where the models stand and how (and its own moves, fixed by now):
    # after a shot that changed none of that (a miss, a wound), the others' shots are the same.
    shots: dict[tuple[str, str], list[Shot]] = {}
    fighting: dict[str, bool] = {}  # who is in combat: the shooters and their targets, asked of each
    arranged = None
    placed = -1  # state.placings() when the arrangement was last read
    end = Action.make(seat, "end_shooting", text="End the shooting phase")

    armed: dict[str, list[str]] = {}  # each model's missile weapons, asked at every shot of the phase

    def offers(m: Model, _kind: str | None) -> list[Action]:
        weapons = armed.get(m.id)
        if weapons is None:
            weapons = armed[m.id] = missile_weapons(game, m)
        if not weapons or not may_shoot(game, m, fighting):
            return []
        out = []
        for wid in weapons:
            if game.content.weapons[wid].move_or_fire and m.moved:
                continue
            found = shots.get((m.id, wid))
            if found is None:
                found = shots[(m.id, wid)] = legal_shots(game, m, wid, fighting)
            out += [shot_action(game, seat, m, x) for x in found]
        return out

    while True:
        if placings() != placed:  # some model moved or changed: read where they stand
            placed = placings()
            if (now := arrangement(s)) != arranged:
                shots, fighting, arranged = {}, {}, now
        decision = model_choice(seat, "Shooting: choose a shot", [m for m in s.side_models(side) if m.id not in done],
                                offers, end, {"phase": "shooting"})
        if decision is None:
            return
        choice = yield decision
        if choice.kind == "end_shooting":
            return
        shooter = s.models[choice.get("model")]
        done.append(shooter.id)
        shot = next(x for x in shots[(shooter.id, choice.get("weapon"))]
                    if x.target.id == choice.get("target") and x.shots == choice.get("shots"))
        yield from shoot(game, shooter, shot)
        if s.result is not None:
            return


def shot_action(game: Game, seat: str, m: Model, x: Shot) -> Action:
    w = game.content.weapons[x.weapon]
    many = f", {x.shots} shots" if x.shots > 1 else ""
    # Built as Action.make would build it (plain arguments, sorted by name).
    return Action.sorted_plain(seat, "shoot", f"{m.name} shoots {x.target.name} with the {w.name} ({x.need}+{many})",
                               (("model", m.id), ("need", x.need), ("shots", x.shots), ("target", x.target.id),
                                ("weapon", x.weapon)))


def shoot(game: Game, shooter: Model, x: Shot) -> Procedure:
    """Roll to hit (a 7+ needs a 6 and then a second die), then wound; P1 panic after."""
    w = game.content.weapons[x.weapon]
    target = x.target
    shooter.hidden = False
    faces = yield from roll(game, x.shots, 6, "sk.shoot.to_hit")
    hits = poisoned = 0
    for face in faces:
        hit = face != 1 and face >= min(x.need, 6)
        if hit and x.need > 6:
            # The shot's outcome is the second die's, so both events are told once it is rolled.
            (extra,) = yield from roll(game, 1, 6, "sk.shoot.to_hit_extra")
            hit = extra >= extra_need(x.need)
            sk_roll(game, "sk.shoot.to_hit", [face], target=x.need, inputs={"bs": shooter.bs}, modifiers=x.mods,
                    outcome="hit" if hit else "miss",
                    text=f"{shooter.name} shoots at {target.name}, needing {x.need}: a 6, so a second die decides.")
            sk_roll(game, "sk.shoot.to_hit_extra", [extra], target=extra_need(x.need), inputs={"need": x.need},
                    outcome="hit" if hit else "miss",
                    text=f"The second die for {shooter.name}'s shot rolls {extra} ({extra_need(x.need)}+ needed): "
                         + ("a hit." if hit else "a miss."))
            hits += hit
            continue
        poison = hit and face == 6 and x.need <= 6 and poisoned_with(shooter, x.weapon)
        hits += hit
        poisoned += poison
        sk_roll(game, "sk.shoot.to_hit", [face], target=x.need, inputs={"bs": shooter.bs}, modifiers=x.mods,
                outcome="hit" if hit else "miss",
                text=f"{shooter.name} shoots at {target.name}, needing {x.need}+: rolls {face}, "
                     + ("a hit." if hit else "a miss."))
    if not hits:
        return
    was_down = target.down
    harm = yield from wound(game, target, Hits("sk.shoot.to_wound", f"{shooter.name}'s {w.name}", hits,
                                               w.strength or shooter.s, source=shooter.id, poisoned=poisoned,
                                               armour_piercing=w.armour_piercing))
    if target.down and not was_down:
        yield from edge_slip(game, target)
    yield from panic_after_hit(game, target, harm.wounds, shooter)
