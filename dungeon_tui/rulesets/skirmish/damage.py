"""The damage chain (§5.5-§5.7): hits become wounds on the S/T table, criticals and killing
blows, armour and ward saves, then the injury table.  One call takes every hit one source lands
on one model at one step, so the dice of a batch are rolled together and the highest injury
die of the batch applies."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.dice import roll
from ...engine.game import Game, Procedure
from ...engine.words import counted
from . import relic
from .muster import dismount
from .rolls import sk_roll
from .state import KNOCKED_DOWN, OUT_OF_ACTION, SEVERITY, STANDING, STUNNED, Model, State
from .tables import injury, save_need, wound_need

WARD_NEED = 5
STATE_WORDS = {KNOCKED_DOWN: "knocked down", STUNNED: "stunned", OUT_OF_ACTION: "out of action", STANDING: "standing"}


@dataclass(frozen=True)
class Hits:
    """Hits one source lands on one model, and what they may do."""

    rule: str  # the to-wound rule id: sk.cc.to_wound, sk.shoot.to_wound, sk.magic.to_wound, sk.move.fall_wound
    what: str  # the words for the source: "the Captain's blows", "the fall"
    count: int
    strength: int  # the weapon's S before named modifiers
    s_mods: dict[str, int] = field(default_factory=dict)  # named changes to S (a diving charge's +1)
    source: str | None = None  # the model striking or shooting, for its one critical a phase
    poisoned: int = 0  # of `count`, the natural 6s of poisoned attacks: they wound whatever the die
    critical: bool = True  # may a to-wound 6 be a critical hit
    killing_blow: bool = False
    armour: bool = True  # may the target take an armour save
    armour_piercing: bool = False
    parry: bool = False
    shield_counts: bool = True
    close_combat: bool = False  # a knocked-down model wounded in close combat is out of action

    @property
    def total_s(self) -> int:
        return self.strength + sum(self.s_mods.values())


@dataclass
class Harm:
    """What a batch of hits did: wounds lost, the model's state afterwards."""

    wounds: int = 0
    status: str = STANDING
    killed: bool = False


def wound(game: Game, target: Model, hits: Hits) -> Procedure:
    """Roll to wound, save and injure; returns a Harm."""
    s: State = game.state
    harm = Harm(status=target.status)
    if hits.count <= 0 or not target.on_table:
        return harm
    source = s.models.get(hits.source) if hits.source else None
    need = wound_need(hits.total_s, target.t)
    rolled = hits.count if need is not None else hits.poisoned
    blows: list[int] = []  # wounds of each blow that got through armour: 1, or 2 for a critical
    saveable: list[int] = []  # indices into blows that the armour may still stop
    if rolled:
        faces = yield from roll(game, rolled, 6, hits.rule)
        for n, face in enumerate(faces):
            auto = n < hits.poisoned
            crit_ok = (hits.critical and need is not None and need < 6 and source is not None
                       and source.crit_phase != s.phase_no)
            killing = hits.killing_blow and face == 6
            critical = not killing and crit_ok and face == 6
            wounded = auto or killing or critical or (need is not None and face != 1 and face >= need)
            shown = need if need is not None else 7
            sk_roll(game, hits.rule, [face], target=shown, inputs={"s": hits.strength, "t": target.t},
                    modifiers=hits.s_mods, outcome="wound" if wounded else "no", critical=critical,
                    killing_blow=killing, poisoned=auto,
                    text=_wound_text(hits, target, face, need, auto, critical, killing))
            if killing:
                yield from remove(game, target, f"a killing blow from {hits.what}")
                harm.status, harm.killed = OUT_OF_ACTION, True
                harm.wounds += target.wounds
                return harm
            if critical and source is not None:
                source.crit_phase = s.phase_no
            if wounded:
                blows.append(2 if critical else 1)
                if not critical:
                    saveable.append(len(blows) - 1)
    if not blows:
        return harm
    blows = yield from _armour(game, target, hits, blows, saveable)
    blows = yield from _ward(game, target, blows)
    if blows and target.has("mounted"):
        blows = _mount_falls(game, target, blows)
    if not blows:
        return harm
    harm.wounds = sum(blows)
    if hits.close_combat and target.status == KNOCKED_DOWN:
        yield from remove(game, target, f"{hits.what} while it lay on the ground")
        harm.status, harm.killed = OUT_OF_ACTION, True
        return harm
    dice = 0  # injury dice: one for each wound that takes the last W or lands at 0 W
    for _ in range(harm.wounds):
        dice += target.wounds <= 1
        target.wounds = max(0, target.wounds - 1)
    game.emit("wounded", model=target.id, wounds=harm.wounds, left=target.wounds,
              text=f"{target.name} loses {counted(harm.wounds, 'wound')} to {hits.what}"
                   + (f" ({target.wounds} left)." if target.wounds else "."))
    if target.has("swarm"):  # wounds only, no injury roll; scattered at 0 (§5.7)
        if not target.wounds:
            yield from remove(game, target, "the swarm is scattered")
            harm.status, harm.killed = OUT_OF_ACTION, True
    elif dice:
        harm.status = yield from injure(game, target, dice)
        harm.killed = harm.status == OUT_OF_ACTION
    return harm


def _mount_falls(game: Game, target: Model, blows: list[int]) -> list[int]:
    """The first unsaved wound on a mounted model kills its mount, with no injury roll; a
    critical spends both its wounds on the mount (the seed: it "does not affect the rider").
    What is left of the batch falls on the rider, now on foot.  The rider has lost no wound, so
    the mount's death is no wound for panic either."""
    name = target.name
    dismount(game.content, target)
    game.emit("dismounted", model=target.id, text=f"{name}'s mount is killed: it fights on foot.")
    return blows[1:]


def _wound_text(hits: Hits, target: Model, face: int, need: int | None, auto: bool, critical: bool,
                killing: bool) -> str:
    head = f"{hits.what[:1].upper()}{hits.what[1:]} on {target.name}: rolls {face}"  # names keep their capitals
    if killing:
        return head + ", a killing blow."
    if critical:
        return head + ", a critical hit: 2 wounds and no armour save."
    if auto:
        return head + ", the poison wounds anyway."
    if need is None:
        return head + f", but S{hits.total_s} cannot wound T{target.t}."
    return head + (f", wounds (needs {need}+)." if face != 1 and face >= need else f", no wound (needs {need}+).")


def _armour(game: Game, target: Model, hits: Hits, blows: list[int], saveable: list[int]) -> Procedure:
    shield = target.shield if hits.shield_counts else 0
    need = save_need(target.save_base, shield, strength=hits.total_s, armour_piercing=hits.armour_piercing,
                     parry=hits.parry) if hits.armour else None
    if need is None or not saveable:
        return blows
    need = max(2, need)  # a natural 1 always fails
    faces = yield from roll(game, len(saveable), 6, "sk.save.armour")
    saved = set()
    for idx, face in zip(saveable, faces, strict=True):
        ok = face >= need
        sk_roll(game, "sk.save.armour", [face], target=need, inputs={"armour": list(target.armour)},
                outcome="saved" if ok else "fail",
                text=f"{target.name}'s armour save, {need}+: rolls {face}, " + ("saved." if ok else "fails."))
        if ok:
            saved.add(idx)
    return [b for n, b in enumerate(blows) if n not in saved]


def _ward(game: Game, target: Model, blows: list[int]) -> Procedure:
    s: State = game.state
    if target.ward_side_turn <= s.side_turns or not blows:
        return blows
    faces = yield from roll(game, len(blows), 6, "sk.save.ward")
    kept = []
    for blow, face in zip(blows, faces, strict=True):
        ok = face >= WARD_NEED
        sk_roll(game, "sk.save.ward", [face], target=WARD_NEED, outcome="saved" if ok else "fail",
                text=f"{target.name}'s Aegis ward, {WARD_NEED}+: rolls {face}, " + ("saved." if ok else "fails."))
        if not ok:
            kept.append(blow)
    return kept


def injure(game: Game, target: Model, dice: int) -> Procedure:
    """Roll the injury dice (§5.7); the highest applies, and a model already down keeps the worse."""
    faces = yield from roll(game, dice, 6, "sk.injury.roll")
    result = injury(max(faces))
    sk_roll(game, "sk.injury.roll", list(faces), outcome=result,
            text=f"Injury for {target.name}: {', '.join(map(str, faces))}, the highest gives {STATE_WORDS[result]}.")
    if result == OUT_OF_ACTION:
        yield from remove(game, target, "its injuries")
        return OUT_OF_ACTION
    if SEVERITY[result] > SEVERITY[target.status]:
        target.status = result
        target.hidden = False
        relic.drop(game, target, STATE_WORDS[result])
        game.emit("downed", model=target.id, status=result, text=f"{target.name} is {STATE_WORDS[result]}.")
    return target.status


def remove(game: Game, target: Model, why: str) -> Procedure:
    """Out of action: removed from the table (a carried relic stays on its square)."""
    s: State = game.state
    where = target.at
    target.status, target.wounds, target.hidden, target.fleeing = OUT_OF_ACTION, 0, False, False
    relic.drop(game, target, "out of action")
    target.pos = None
    s.fallen.append({"model": target.id, "at": list(where), "how": "out_of_action"})
    game.emit("out_of_action", model=target.id, side=target.side, at=list(where),
              text=f"{target.name} is out of action ({why}).")
    return
    yield  # a generator, so callers treat every step of the chain alike
