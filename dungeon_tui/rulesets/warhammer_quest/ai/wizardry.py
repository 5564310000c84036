"""The Wizard's choices: which spell, on whom, and when power is worth a token.

Power rolled this turn is lost at its end, so it is spent; tokens are kept for a life.  Attack
spells go where they likely kill something that hurts; defence spells wait for the moment
before the monsters strike, on the warrior most likely to fall; healing raises the fallen first."""
from __future__ import annotations

from ....engine.game import Action, Decision, Game
from ....engine.grid import Sq
from ....engine.words import counted
from ..spells import area, figures_standing
from .. import magic
from ..state import DEAD, UNCONSCIOUS, Figure, State
from .danger import danger_now, is_archer
from .odds import chance_at_least, menace

Choice = tuple[Action, str]
# Harm taken off the board (a foe's menace times the share of its life a spell takes) that an
# attack spell must promise (200 fp6 games: 0.6 and 2.0 did no better).
BLAST_AT = 1.2


def cost(game: Game, action: Action) -> int:
    return int(game.content.spells[action.get("spell")].cost) if action.kind == "cast" else 0


def from_power(game: Game, action: Action) -> bool:
    s: State = game.state
    return cost(game, action) <= s.power


def pick(game: Game, casts: list[Action], phase: str) -> Choice | None:
    """The Wizard's best cast now, or None to hold his power.  `phase`: "W" (another warrior's
    turn), "own" (his own turn), "M" (before the monsters strike), "T" (the turn's end)."""
    s: State = game.state
    # Too much of a gamble for a companion.  (`a.get("deathstone")` as a look among the
    # arguments, without a call per cast: the rules mark a Deathstone's cast True or not at all.)
    casts = [a for a in casts if ("deathstone", True) not in a.args]
    if not casts:
        return None
    found = _raise(game, s, casts) or _save_the_fallen(game, s, casts)
    if found or phase == "T":
        return found or _mend(game, s, casts)
    if phase in ("W", "own"):
        # Healing and wards wait for the moment before the monsters strike, unless nothing is here.
        return _blast(game, s, casts) or (_mend(game, s, casts) if not s.any_monster() else None)
    return _ward(game, s, casts) or _mend(game, s, casts)


def pick_offered(game: Game, decision: Decision, phase: str) -> Choice | None:
    """`pick` over the casts and scrolls this decision offers, reading only those it could
    choose where it can tell which (a window's casts are made spell by spell, when read)."""
    s: State = game.state
    if phase in ("W", "own") and _nobody_down(s):
        # `pick` then weighs the blasts, and the mending of the hurt while no monster is about.
        if not s.any_monster():
            if not any(x.on_board and x.wounds < x.max_wounds for x in s.heroes()):
                return None  # no foe to blast (every blast needs one), nobody to mend
        else:
            casts = magic.casts_offered(decision)
            if casts is not None:
                # `pick` comes down to `_blast` (nothing to raise, nobody fallen, a foe about),
                # over what it may choose: the attack spells it knows, paid from this turn's
                # power, and the Hand of Death, each in the order the decision offers them.
                power = s.power
                weighed = [a for sid, sp, _ in casts.castable if sid in _BLASTS and sp.cost <= power
                           for a in casts.of(sid)]
                return _blast(game, s, weighed + casts.scrolls())
    return pick(game, decision.offers_of("cast", "scroll"), phase)


def _nobody_down(s: State) -> bool:
    """Nobody is dead (no Resurrection on offer) or lying unconscious on the board (no heal for
    the fallen): `pick` goes on to the blasts."""
    for x in s.heroes():  # noqa: SIM110 - a loop, not all() over a generator: asked every Wizard's choice
        if x.status == DEAD or (x.status == UNCONSCIOUS and x.pos is not None):
            return False
    return True


def _raise(game: Game, s: State, casts: list[Action]) -> Choice | None:
    for a in casts:
        if ("spell", "resurrection") in a.args:  # `a.get("spell") == "resurrection"`, without a call per cast
            dead = s.figures[a.get("target")]
            return a, f"raise the {dead.name} at full Wounds: worth every token"
    return None


def _save_the_fallen(game: Game, s: State, casts: list[Action]) -> Choice | None:
    """An unconscious friend dies at the end of the turn: any healing that reaches him, tokens or not."""
    fallen = [x for x in s.heroes() if x.status == UNCONSCIOUS and x.pos is not None]
    if not fallen:
        return None
    for a in casts:
        sid = a.get("spell")
        if sid in ("heal_wounds", "healing_hands") and (a.get("target") in (None, *[x.id for x in fallen])):
            who = s.figures[a.get("target")] if a.get("target") else fallen[0]
            return a, f"the {who.name} lies dying: {game.content.spells[sid].name} brings him round"
        if sid == "lifebringer":
            return a, f"the {fallen[0].name} lies dying: Lifebringer may bring him round"
    return None


def _blast(game: Game, s: State, casts: list[Action]) -> Choice | None:
    """Attack spells and the Hand of Death where they take the most harm off the board: the
    share of a foe's life they take, times the harm it does each turn."""
    c = game.content
    # The words are made for the chosen cast alone (`_blast_why`): the target and who else is
    # caught or in reach, kept with its worth.
    best: tuple[float, Action, Figure | None, list[Figure]] | None = None
    # Fireball and Freeze catch the same foes whatever their target: worked out once.
    caught: tuple[list[Figure], float] | None = None
    standing: dict[Sq, list[tuple[int, Figure]]] | None = None
    for a in casts:
        sid = a.get("spell")
        if sid not in _BLASTS and a.kind == "cast":
            continue  # a heal or a ward: never a blast (most of a window's casts)
        target = a.get("target")
        tgt = s.figures.get(target) if target else None
        group: list[Figure] = []
        if a.kind == "scroll" and tgt is not None:
            # One use only: kept for a big foe, where its 3D6 count most.
            share = min(1.0, 10.5 / max(1, tgt.wounds))
            worth = share * menace(c, tgt) * (1.0 if tgt.wounds >= 6 else 0.5)
        elif a.kind == "cast" and int(c.spells[sid].cost) > s.power:  # `from_power`, its spell read once
            continue  # attack spells spend this turn's power only; tokens are kept for lives
        elif sid == "lightning_bolt" and tgt is not None:
            worth = min(1.0, 7 / max(1, tgt.wounds)) * menace(c, tgt) * (1.5 if is_archer(c, tgt) else 1.0)
        elif sid == "pit_of_despair" and tgt is not None and tgt.pos is not None:
            # Those on the hole's four squares in the figures' order, from the figures on the
            # board by square (found once for every pit weighed: the slain pile up among them).
            if standing is None:
                standing = figures_standing(s)
            hits = [hit for sq in area(tgt.pos) for hit in standing.get(sq, ())]
            hits.sort()
            group = [f for _, f in hits]
            if any(f.is_hero for f in group):
                continue  # a friend in the hole could fall with them
            worth = sum(menace(c, m) for m in group) / 3
        elif sid in ("fireball", "freeze"):
            if caught is None:
                foes = sorted(s.monsters(), key=lambda m: -menace(c, m))
                caught = foes, sum(min(1.0, 3.5 / max(1, m.wounds)) * menace(c, m) for m in foes[:3]) * 0.6
            group, worth = caught
        else:
            continue
        if worth >= BLAST_AT and (best is None or worth > best[0]):
            best = (worth, a, tgt, group)
    if best is None:
        return None
    _, a, tgt, group = best
    return a, _blast_why(game, a, tgt, group)


# The attack spells `_blast` weighs (the Hand of Death besides, a scroll, not a cast).
_BLASTS = frozenset(("lightning_bolt", "pit_of_despair", "fireball", "freeze"))


def _blast_why(game: Game, a: Action, tgt: Figure | None, group: list[Figure]) -> str:
    """Why `_blast` chose this cast: `group` holds those a pit catches, or the foes in reach."""
    c = game.content
    sid = a.get("spell")
    if a.kind == "scroll" and tgt is not None:
        return f"the Hand of Death on {tgt.name}: {chance_at_least(3, 0, tgt.wounds):.0%} to fell it outright"
    if sid == "lightning_bolt" and tgt is not None:
        return (f"Lightning Bolt on {tgt.name}: {chance_at_least(2, 0, tgt.wounds):.0%} to kill it"
                + (", an archer" if is_archer(c, tgt) else ""))
    if sid == "pit_of_despair":
        return f"Pit of Despair under {', '.join(m.name for m in group)}: each falls on a 1 or 2"
    return f"{c.spells[sid].name}: {len(group)} foes in reach"


# What share of the harm coming at a warrior each defence spell takes away, roughly.
WARD_SHARE = {"shield": 0.75, "levitate": 0.9, "iron_skin": 0.5, "rebound": 0.15, "confuse": 0.0}


def _ward(game: Game, s: State, casts: list[Action]) -> Choice | None:
    """Before the monsters strike: the spell that spares the most Wounds, a ward on whoever is
    likeliest to fall or a heal; tokens only go to keep a warrior standing."""
    c = game.content
    danger = danger_now(game)
    best: tuple[float, Action, str] | None = None
    for a in casts:
        sid = a.get("spell")
        tgt = s.figures.get(a.get("target")) if a.get("target") else None
        spared, why = 0.0, ""
        if sid in WARD_SHARE and tgt is not None and tgt.is_hero and tgt.active:
            harm = danger.get(tgt.id, 0.0)
            if sid == "levitate" and not s.any_monster():
                continue
            spared = WARD_SHARE[sid] * min(harm, tgt.wounds + 2) * (1.5 if harm >= tgt.wounds else 1.0)
            why = (f"{c.spells[sid].name} on the {tgt.name}: about {harm:.0f} Wounds coming at him, "
                   f"{tgt.wounds} left")
        elif sid == "confuse" and tgt is not None:
            victims = [x for x in s.heroes() if x.active and x.pos and tgt.pos and s.grid.adjacent(x.pos, tgt.pos)]
            if not victims:
                continue
            x = min(victims, key=lambda v: (v.wounds, v.id))
            per = menace(c, tgt) / max(1, c.monsters[tgt.kind].attacks)
            spared = per * (1.5 if danger.get(x.id, 0) >= x.wounds else 1.0)
            why = f"Confuse {tgt.name}: one blow less on the {x.name} ({counted(x.wounds, 'Wound')} left)"
        elif sid == "heal_wounds" and tgt is not None and tgt.on_board:
            missing = tgt.max_wounds - tgt.wounds
            spared = min(3.5, missing) * (1.2 if danger.get(tgt.id, 0) >= tgt.wounds else 0.8)
            why = f"heal the {tgt.name} before the blows land ({tgt.wounds} of {tgt.max_wounds} Wounds)"
        elif sid in ("healing_hands", "lifebringer"):
            hurt = [x for x in s.heroes() if x.on_board and x.wounds < x.max_wounds]
            spared = (1.0 if sid == "healing_hands" else 2.5) * len(hurt)
            why = f"{c.spells[sid].name}: {counted(len(hurt), 'friend')} hurt"
        if spared <= 0:
            continue
        needs_tokens = not from_power(game, a)
        if needs_tokens and (sid in ("rebound", "confuse", "healing_hands") or spared < 4):
            continue  # a token is kept for a life at stake
        score = spared - (1.5 if needs_tokens else 0.0)
        if best is None or score > best[0]:
            best = (score, a, why)
    return (best[1], best[2]) if best and best[0] >= 1.0 else None


def _mend(game: Game, s: State, casts: list[Action]) -> Choice | None:
    """This turn's power would be lost anyway: heal the most hurt with it."""
    hurt = sorted((x for x in s.heroes() if x.on_board and x.wounds < x.max_wounds),
                  key=lambda x: (x.wounds - x.max_wounds, x.wounds, x.id))
    if not hurt:
        return None
    for a in casts:
        sid = a.get("spell")
        if not from_power(game, a):
            continue
        if sid in ("healing_hands", "lifebringer") and (len(hurt) >= 2 or not s.any_monster()):
            return a, (f"{len(hurt)} friends are hurt" if len(hurt) >= 2 else f"the {hurt[0].name} is hurt") + (
                "; this turn's power would be lost unspent")
        if sid == "heal_wounds" and a.get("target") == hurt[0].id and hurt[0].max_wounds - hurt[0].wounds >= 3:
            return a, f"the {hurt[0].name} is the most hurt ({hurt[0].wounds} of {hurt[0].max_wounds} Wounds)"
        if sid == "life_force" and a.get("target") in ("barbarian", "dwarf") and s.monsters():
            fighter = s.figures[a.get("target")]
            if fighter.active:
                return a, f"the {fighter.name}'s blows will heal his hurt friends"
        if sid == "ogre_strength" and a.get("target") in ("barbarian", "dwarf") and s.monsters():
            fighter = s.figures[a.get("target")]
            if fighter.active and not fighter.flags.get("attacking"):
                return a, f"the {fighter.name} hits harder with Ogre Strength"
    return None


