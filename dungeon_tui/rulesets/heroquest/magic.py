"""Hero spells (§2.9, §5.6): the draft of element groups, casting as the hero's action, and
the rolls spells share with Zargon's (Mind saves, fire saves, healing)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...engine.dice import roll, roll_event
from ...engine.effects import Effects
from ...engine.game import Action, Decision, Game, Procedure
from ...engine.grid import Sq
from . import board
from .combat import instantly, lose_body, strike
from .doors import door_words, open_door
from .relics import keeps_card
from .state import ALIVE, HERO, Figure, State
from ...engine.words import counted

if TYPE_CHECKING:
    from .content import Content

GROUPS = ("air", "earth", "fire", "water")
HEALING = ("heal_body", "water_of_healing")
# Spells that act on the target's next move roll, and the flag each leaves for it.
NEXT_MOVE = {"swift_wind": "swift_wind", "pass_through_rock": "pass_rock", "veil_of_mist": "veil"}
# A spell's effect on the figure it is cast at: (game, caster, target, spell id) -> procedure.
SPELLS: Effects[Callable[[Game, Figure, Figure, str], Procedure]] = Effects("spell")


# -- the draft (§2.9, D24) -----------------------------------------------------------------------
def draft(game: Game) -> Procedure:
    """The wizard picks a group, the elf one of the other three, the wizard takes the rest
    (alone he takes three; an elf alone takes one).  Each pick is the hero seat's decision."""
    s: State = game.state
    casters = [h for h in ("wizard", "elf") if h in s.party]
    if not casters:
        return
    c = game.content
    picks = {"wizard": 1, "elf": 1} if len(casters) == 2 else {casters[0]: c.heroes[casters[0]].groups}
    left = list(GROUPS)
    for hid in casters:
        for _ in range(picks[hid]):
            seat = s.seat_of[hid]
            # Each choice names the group's spells: a new player does not know what "air" holds.
            opts = [Action.make(seat, "draft", text=f"{c.heroes[hid].name} takes the {g} spells: {group_spells(c, g)}",
                                who=hid, group=g) for g in left]
            pick = yield Decision(seat, f"{c.heroes[hid].name}: choose a group of spells", opts,
                                  context={"figure": hid, "draft": hid})
            take(game, hid, pick.get("group"))
            left.remove(pick.get("group"))
    if len(casters) == 2:
        for g in list(left):  # the wizard takes the last two
            take(game, "wizard", g)


def group_spells(c: Content, group: str) -> str:
    return ", ".join(sp.name for sp in c.spells.values() if sp.group == group)


def take(game: Game, hid: str, group: str) -> None:
    s: State = game.state
    f = s.figures[hid]
    s.groups.setdefault(hid, []).append(group)
    spells = [sid for sid, sp in game.content.spells.items() if sp.group == group]
    f.spells.extend(spells)
    game.emit("draft", figure=hid, group=group, spells=spells,
              text=f"{f.name} takes the {group} spells: {group_spells(game.content, group)}.")


# -- targets ---------------------------------------------------------------------------------------
def sees(state: State, a: Figure, b: Figure, standing: set[Sq] | None = None) -> bool:
    return a is b or board.targeting_sight(state, a.square, b.square, standing)


def sight_of(s: State, figure: Figure) -> Callable[[Figure], bool]:
    """Whether `figure` sees another to aim a spell at it, each answer worked out once: a hero's
    spells ask it of the same figures, spell after spell, with nobody moving between."""
    standing = board.standing_squares(s)
    found: dict[str, bool] = {}

    def test(t: Figure) -> bool:
        seen = found.get(t.id)
        if seen is None:
            seen = found[t.id] = sees(s, figure, t, standing)
        return seen
    return test


def spell_targets(game: Game, figure: Figure, spell: str,
                  sight: Callable[[Figure], bool] | None = None) -> list[tuple[str, str]]:
    """(kind, id) pairs a spell may aim at now: ("figure", id) or ("door", id).  `sight` (from
    `sight_of`) when asking for several spells with nobody moving between."""
    s: State = game.state
    c = game.content
    kind = c.spells[spell].target
    out: list[tuple[str, str]] = []
    if sight is None:
        sight = sight_of(s, figure)
    if kind == "hero":
        out = [("figure", h.id) for h in s.hero_side() if sight(h) and would_work(s, spell, h)]
    elif kind in ("monster", "non_undead_monster", "door_or_monster"):
        for m in s.monsters():
            if kind == "non_undead_monster" and "undead" in c.monsters[m.kind].tags:
                continue
            if sight(m) and would_work(s, spell, m):
                out.append(("figure", m.id))
    if kind == "door_or_monster":
        seen = board.revealed_test(s)
        for d, e in board.doors_of(s, c).items():
            if s.doors.get(d, "closed") == "closed" and any(seen(q) for q in e) \
                    and any(q == figure.square or board.targeting_sight(s, figure.square,
                                                                        q) for q in e if s.grid.floor(q)):
                out.append(("door", d))
    return out


def would_work(s: State, spell: str, target: Figure) -> bool:
    """Whether the spell would change anything for this figure; if not, it is not offered, as
    the card would be spent for nothing: healing for a hero who has lost nothing, a spell whose
    mark the figure already bears (a second Rock Skin, Swift Wind, Tempest, Sleep), Courage for
    a hero who sees no monster (it would fade at once, D23)."""
    if spell in HEALING:
        return target.body < target.max_body
    mark = CONDITIONS.get(spell) or NEXT_MOVE.get(spell) or ("asleep" if spell == "sleep" else None)
    if mark is not None and target.flags.get(mark):
        return False
    if spell == "courage":
        return any(board.targeting_sight(s, target.square, m.square) for m in s.monsters())
    return True


def cast_options(game: Game, figure: Figure, seat: str) -> list[Action]:
    c = game.content
    out = []
    sight = sight_of(game.state, figure)
    for sp in figure.spells:
        for kind, tid in spell_targets(game, figure, sp, sight):
            if kind == "door":
                out.append(Action.make(seat, "cast", text=f"{figure.name} casts {c.spells[sp].name} on a door",
                                       who=figure.id, spell=sp, door=tid))
            else:
                t = game.state.figures[tid]
                out.append(Action.make(seat, "cast", text=f"{figure.name} casts {c.spells[sp].name} on {t.name}",
                                       who=figure.id, spell=sp, target=tid))
    return out


# -- effects ---------------------------------------------------------------------------------------
def cast(game: Game, figure: Figure, pick: Action) -> Procedure:
    """Spend the card and apply it."""
    s: State = game.state
    c = game.content
    spell = pick.get("spell")
    if not keeps_card(figure, spell):
        figure.spells.remove(spell)
    name = c.spells[spell].name
    if pick.get("door"):
        # a genie opens it as if by hand, and the caster sees in
        game.emit("cast", figure=figure.id, spell=spell, door=pick.get("door"),
                  text=f"{figure.name} casts {name}: a genie opens {door_words(game, pick.get('door'))}.")
        open_door(game, figure, pick.get("door"), by_spell=True)
        return
    t = s.figures[pick.get("target")]
    game.emit("cast", figure=figure.id, spell=spell, target=t.id, text=f"{figure.name} casts {name} on {t.name}.")
    yield from SPELLS[spell].run(game, figure, t, spell)


@SPELLS("genie")
def genie(game: Game, caster: Figure, target: Figure, spell: str) -> Procedure:
    """At a monster: a spirit strikes with 5 combat dice (at a door, `cast` opens it)."""
    yield from strike(game, caster, target, dice=5, mods={}, rule="hq.spell.genie")


# A condition the target keeps until it is spent: a lost turn, a defence die, two attack dice.
CONDITIONS = {"tempest": "tempest", "rock_skin": "rock_skin", "courage": "courage"}


@SPELLS(*CONDITIONS, *NEXT_MOVE)
@instantly
def condition_spell(game: Game, caster: Figure, target: Figure, spell: str) -> None:
    target.flags[CONDITIONS.get(spell) or NEXT_MOVE[spell]] = True


@SPELLS(*HEALING)
@instantly
def healing(game: Game, caster: Figure, target: Figure, spell: str) -> None:
    heal(game, target, 4)


@SPELLS("ball_of_flame")
def ball_of_flame(game: Game, caster: Figure, target: Figure, spell: str) -> Procedure:
    yield from fire(game, target, 2, 2, "hq.spell.flame_save", game.content.spells[spell].name)


@SPELLS("fire_of_wrath")
def fire_of_wrath(game: Game, caster: Figure, target: Figure, spell: str) -> Procedure:
    yield from fire(game, target, 1, 1, "hq.spell.flame_save", game.content.spells[spell].name)


@SPELLS("sleep")
def sleep(game: Game, caster: Figure, target: Figure, spell: str) -> Procedure:
    if not (yield from mind_save(game, target, game.content.spells[spell].name)):
        target.flags["asleep"] = True
        game.emit("condition", figure=target.id, condition="asleep", text=f"{target.name} falls asleep.")


def heal(game: Game, figure: Figure, amount: int) -> None:
    before = figure.body
    figure.body = min(figure.max_body, figure.body + amount)
    gained = figure.body - before
    text = f"{figure.name} regains {counted(gained, 'Body Point')}: {figure.body} of {figure.max_body}." if gained \
        else f"{figure.name} is already at full Body ({figure.body}): nothing to heal."
    game.emit("heal", figure=figure.id, amount=gained, text=text)


def fire(game: Game, target: Figure, body: int, dice: int, rule: str, what: str) -> Procedure:
    """Fire that the target may partly shrug off: each 5 or 6 on the red dice cancels 1 Body."""
    faces = yield from roll(game, dice, 6, rule)
    saved = sum(1 for x in faces if x >= 5)
    loss = max(0, body - saved)
    roll_event(game, rule, f"{dice}d6", faces, target=5, inputs={"figure": target.name, "body": body}, outcome=saved,
               text=f"{target.name} rolls {'+'.join(map(str, faces))} against the {what}: {saved} saved, "
                    f"{counted(loss, 'Body Point')} lost.")
    lose_body(game, target, loss, what)


def mind_save(game: Game, figure: Figure, what: str, rule: str = "hq.spell.mind_save") -> Procedure:
    """Red dice equal to Mind; any 6 resists (Mind 0 never saves).  True when resisted."""
    n = figure.mind
    faces: tuple[int, ...] = (yield from roll(game, n, 6, rule)) if n > 0 else ()
    ok = 6 in faces
    roll_event(game, rule, f"{n}d6", faces, target=6, inputs={"figure": figure.name, "mind": n}, outcome=ok,
               text=f"{figure.name} resists the {what} with Mind {n}: {'+'.join(map(str, faces)) or 'no dice'}"
                    f" — {'resisted' if ok else 'no 6'}.")
    return ok


def check_courage(game: Game) -> None:
    """Courage lasts until its holder sees no monster (D23)."""
    s: State = game.state
    # Asked after every step: the few with Courage found among the heroes on the board as they
    # are listed, no list made (the Courage lost below puts nobody on or off the board).
    for h in s.hero_side():
        if not (h.flags and h.flags.get("courage")):
            continue
        if not any(board.targeting_sight(s, h.square, m.square) for m in s.monsters()):
            h.flags.pop("courage")
            game.emit("condition_end", figure=h.id, condition="courage", text=f"{h.name}'s courage fades.")


def healers(game: Game, dying: Figure) -> list[tuple[Figure, str]]:
    """Other heroes who could cast a healing spell on a dying figure by pledging their next
    action (§5.11 (3)): alive, not pledged already, seeing him."""
    s: State = game.state
    out = []
    for h in s.heroes():
        if h is dying or h.status != ALIVE or h.pos is None or h.flags.get("pledged") or h.side != HERO:
            continue
        for sp in h.spells:
            if sp in HEALING and sees(s, h, dying):
                out.append((h, sp))
                break
    return out
