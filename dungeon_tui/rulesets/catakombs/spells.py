"""Spells (§2.6, §5.8): 1 AP, Magic dice against the lowest band that does something; the
score (SP) picks the band.  One effect per spell id in the `SPELLS` registry, with the
targets it may be cast on beside what it does."""
from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from ...engine.effects import Effects
from ...engine.game import DUNGEON, Action, Decision, Game
from .acts import Steps, act, aimed
from .checks import test
from .damage import Blow, heal, land
from .reinforcements import choose_entry, arrive
from .state import DOWNED, HERO, MASTER, Figure, State
from .terrain import Map, chebyshev

# A spell's targets (m, caster, spell) and its effect (game, caster, target, band).
Targets = Callable[[Map, Figure, Any], list[Figure | None]]
SPELLS: Effects[Callable[..., Generator[Decision, Action, None]]] = Effects("spell")


def in_sight(m: Map, caster: Figure, target: Figure) -> bool:
    return target is caster or m.targets(caster, target)


def untouchable(caster: Figure, target: Figure) -> bool:
    """No spell may touch a duellist (§5.8), save one in a duel casting on himself."""
    return target.duel is not None and target is not caster


def allies(m: Map, caster: Figure, spell: Any) -> list[Figure | None]:
    """Self or an ally in sight (a downed one when the spell allows)."""
    side = caster.side  # read first, inline: most figures are of the other side
    return [f for f in m.s.figures.values() if f.side == side and may_aid(m, caster, spell, f)]


def may_aid(m: Map, caster: Figure, spell: Any, f: Figure | None) -> bool:
    """Whether `allies` holds the figure."""
    if f is None or f.side != caster.side or not f.on_board or untouchable(caster, f):
        return False
    if f.status == DOWNED and not spell.downed_ok:
        return False
    if spell.target == "self_or_adjacent_ally" and f is not caster and chebyshev(f.at, caster.at) != 1:
        return False
    return in_sight(m, caster, f)


def enemies(m: Map, caster: Figure, spell: Any) -> list[Figure | None]:
    return [f for f in m.s.enemies_of(caster) if harmable(m, caster, spell, f)]


def harmable(m: Map, caster: Figure, spell: Any, f: Figure) -> bool:
    """Whether an enemy on the board is one of the spell's `enemies`."""
    return (not untouchable(caster, f) and m.targets(caster, f)
            and not (spell.not_immaterial and f.has("immaterial")))


def may_harm(m: Map, caster: Figure, spell: Any, f: Figure | None) -> bool:
    """Whether `enemies` holds the figure (`State.enemies_of`: of the other side, on the board)."""
    return (f is not None and f.side == (MASTER if caster.side == HERO else HERO) and f.on_board
            and harmable(m, caster, spell, f))


def nobody(m: Map, caster: Figure, spell: Any) -> list[Figure | None]:
    return [None] if off_board_troops(m.s) else []


def may_call(m: Map, caster: Figure, spell: Any, f: Figure | None) -> bool:
    """Whether `nobody` holds the target: none, when troops wait off the board."""
    return f is None and bool(off_board_troops(m.s))


def off_board_troops(s: State) -> list[dict[str, Any]]:
    """The pool but the leader, who never returns."""
    return [e for e in s.pool if e["id"] not in s.figures or not s.figures[e["id"]].has("leader")]


TARGETS: dict[str, Targets] = {"self_or_ally": allies, "self_or_adjacent_ally": allies, "enemy": enemies,
                               "none": nobody}
# Whether a spell's targets (TARGETS) hold a figure (or None), asked of that one alone.
TARGETED: dict[str, Callable[[Map, Figure, Any, Figure | None], bool]] = {
    "self_or_ally": may_aid, "self_or_adjacent_ally": may_aid, "enemy": may_harm, "none": may_call}


@SPELLS("freya_healing", "lay_on_hands")
def healing(game: Game, caster: Figure, target: Figure, band: Any) -> Steps:
    heal(game, target, band.n, caster.name)
    yield from ()


@SPELLS("entangling_roots")
def roots(game: Game, caster: Figure, target: Figure, band: Any) -> Steps:
    target.webbed = max(target.webbed, band.n)
    game.emit("webbed", figure=target.id, level=target.webbed,
              text=f"Roots bind {target.name} (level {target.webbed}).")
    yield from ()


@SPELLS("freya_blessing")
def blessing(game: Game, caster: Figure, target: Figure, band: Any) -> Steps:
    target.blessed = max(target.blessed, band.n)
    game.emit("blessed", figure=target.id, text=f"{target.name} is blessed: +{target.blessed} Defence.")
    yield from ()


@SPELLS("soul_bolt")
def soul_bolt(game: Game, caster: Figure, target: Figure, band: Any) -> Steps:
    yield from land(game, target, Blow(caster, band.n, "spell", magic=True))


@SPELLS("raise_dead")
def raise_dead(game: Game, caster: Figure, target: Figure | None, band: Any) -> Steps:
    """Up to n troops from the pool (a troop: one figure, or up to 4 rats as a swarm), placed
    as reinforcements with 0 AP this turn.  A human Master picks them; the solo Master takes
    the most valuable first, rats last (§6.4)."""
    s: State = game.state
    pool = off_board_troops(s)
    rank = {fid: i for i, fid in enumerate(s.roster)}
    figures = sorted((e for e in pool if "." not in str(e["id"])),
                     key=lambda e: (-s.figures[e["id"]].value, rank.get(e["id"], 0)))
    rats = [e for e in pool if "." in str(e["id"])]
    troops = [[e] for e in figures] + [rats[i:i + 4] for i in range(0, len(rats), 4)]
    picked: list[dict[str, Any]] = []
    for _ in range(band.n):
        if len(troops) > 1 and s.options.get("mode") == "hotseat":
            options = [Action.make(DUNGEON, "raise", text=f"Raise {troop_name(s, troop)}", index=i)
                       for i, troop in enumerate(troops)]
            choice = yield Decision(DUNGEON, "Which of the dead rise?", options, context={"ask": "raise"})
            picked += troops.pop(int(choice.get("index")))
        elif troops:
            picked += troops.pop(0)
    if not picked:
        return
    inside = yield from choose_entry(game, "the raised dead")
    before = {fid for fid, f in s.figures.items() if f.on_board}
    arrive(game, picked, inside)
    for fid, f in s.figures.items():
        if f.on_board and fid not in before:
            f.ap = 0


def troop_name(s: State, troop: list[dict[str, Any]]) -> str:
    if "." in str(troop[0]["id"]):
        return f"{len(troop)} rat{'s' if len(troop) > 1 else ''}"
    return s.figures[troop[0]["id"]].name


def caster(fig: Figure) -> bool:
    """Whether the figure may cast now: standing, free of webs, with magic to cast with."""
    return fig.standing and not fig.webbed and fig.stat("mag") > 0


def cast_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if not caster(fig):
        return []
    out = []
    for sid in fig.spells:
        out += spell_offers(m, fig, seat, sid)
    return out


def spell_offers(m: Map, fig: Figure, seat: str, sid: str) -> list[Action]:
    """The casts of one of the figure's spells, on each target it may have."""
    spell = m.game.content.spells[sid]
    if duel_bars(fig, spell):
        return []
    return [_cast(fig, seat, sid, spell, target) for target in TARGETS[spell.target](m, fig, spell)]


def duel_bars(fig: Figure, spell: Any) -> bool:
    """A duellist casts no harmful spell on a target (§5.8)."""
    return fig.duel is not None and spell.target != "none" and spell.tag == "harmful"


def _cast(fig: Figure, seat: str, sid: str, spell: Any, target: Figure | None) -> Action:
    """The offer to cast the spell on the target (None: a spell on no one)."""
    whom = "" if target is None else " on yourself" if target is fig else f" on {target.name}"
    aim = None if target is None else target.id
    return aimed(seat, fig, "cast", (sid, spell.name, whom, aim), _cast_words, spell=sid, target=aim)


def _cast_words(aim: tuple[Any, ...]) -> str:
    return f"cast {aim[1]}{aim[2]}"  # the spell's name, and on whom


def cast_offer(m: Map, fig: Figure, seat: str, action: Action) -> Action | None:
    """The one of `cast_offers` equal to `action`, or None: the spell it names on the target
    it names alone (each spell's targets read a sight line to every ally or enemy; an AI's
    cast names its target)."""
    sid, aim = action.get("spell"), action.get("target")
    if not caster(fig) or sid not in fig.spells:
        return None
    spell = m.game.content.spells[sid]
    target = m.s.figures.get(aim) if isinstance(aim, str) else None
    if aim is not None and target is None:
        return None  # no figure of that name: no offer names it
    if duel_bars(fig, spell) or not TARGETED[spell.target](m, fig, spell, target):
        return None
    found = _cast(fig, seat, sid, spell, target)
    return found if found == action else None


def lowest_band(spell: Any) -> int:
    return min(b.min for b in spell.bands if b.effect != "none")


@act("cast", 1, cast_offers, find=cast_offer)
def cast(game: Game, fig: Figure, action: Action) -> Steps:
    s: State = game.state
    sid = action.get("spell")
    spell = game.content.spells[sid]
    target = s.figures.get(action.get("target") or "")
    s.cast_this_turn.setdefault(fig.id, []).append(sid)
    result = yield from test(game, fig, "mag", lowest_band(spell), "cat.spell.cast",
                             what=f"casting {spell.name}")
    band = spell.band(result.score)
    if not result.success or band is None or band.effect == "none":
        game.emit("spell_fails", figure=fig.id, text=f"{spell.name} fails.")
        return
    if target is not None and not target.on_board:
        return
    yield from SPELLS[sid].run(game, fig, target, band)

