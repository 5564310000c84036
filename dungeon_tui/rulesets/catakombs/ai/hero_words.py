"""The hero companions' own script words (spec §6.5): raise a downed ally, the quest's deed,
Irf on the lookout, and heading for the objective."""
from __future__ import annotations

import math
from collections.abc import Callable

from ....engine.game import Action, Decision
from ....engine.words import counted
from ..acts import action_of
from ..board import Board
from ..items import DOOR_ARMOUR, DOOR_PV, LOCK, lying_loose
from ..quests import DEEDS as QUEST_DEEDS
from ..quests import UNCLE, WORDS, deed_at_hand
from ..sight import chebyshev
from ..state import STANDING, Figure, Square, key
from ..terrain import Map
from .fate import test_odds
from .plan import Plan, name
from .words import registry

WORD_TESTS = {"decipher": ("int", "cat.quest.decipher"), "speech": ("cha", "cat.quest.speech")}
GEM = "treasure_gem"


def _offered(p: Plan, *kinds: str) -> list[Action]:
    d = p.decision
    if d is None:
        return []
    return [a for a in d.offers_of(*kinds) if a.get("figure", p.me.id) == p.me.id]


def _downed_allies(p: Plan) -> list[Figure]:
    return [f for f in p.s.hero_side() if f is not p.me and f.status == "downed"]


# The healing spells of a hero's spells (for the downed or not), by the content's spells
# (held, so an id is never taken for another's): asked at every try of every companion.
_HEALS: dict[tuple[object, ...], tuple[object, tuple[str, ...]]] = {}
_HEALS_KEPT = 256


def _healing_spells(p: Plan, downed: bool) -> tuple[str, ...]:
    """The healing spells this hero can cast (on a downed ally when `downed`)."""
    if p.me.stat("mag") <= 0:
        return ()
    spells = p.game.content.spells
    found_key = (id(spells), downed, *p.me.spells)
    found = _HEALS.get(found_key)
    if found is None or found[0] is not spells:
        if len(_HEALS) >= _HEALS_KEPT:
            _HEALS.clear()
        found = _HEALS[found_key] = (spells, tuple(
            s for s in p.me.spells if any(b.effect == "heal" for b in spells[s].bands)
            and (spells[s].downed_ok or not downed)))
    return found[1]


def can_revive(p: Plan) -> bool:
    """Only a hero with a healing spell for the downed, or a barrel, can stand a fallen ally up;
    the others fight on rather than walk to a body they cannot help."""
    return bool(_healing_spells(p, downed=True)) or "barrel" in p.me.items


@registry.condition(says=lambda p: f"{name(_downed_allies(p)[0])} is down" if _downed_allies(p) else "")
def ally_downed(p: Plan) -> bool:
    return can_revive(p) and bool(_downed_allies(p))  # the hero's own first: most cannot revive


def _kept(p: Plan, word: str, work: Callable[[Plan], list[Figure]]) -> list[Figure]:
    """`work`'s answer for the figure, kept on the map of the decision it plans for: a word the
    script asks, then its label and its action ask again while nothing has moved.  Callers must
    not change the list."""
    if p.decision is None:  # a plan for no decision is offered nothing: not kept on a shared map
        return work(p)
    found = p.m.found.get((word, p.me.id))
    if found is None:
        found = p.m.found[word, p.me.id] = work(p)
    return found  # type: ignore[return-value]  # no call to typing.cast: asked at every try


def _badly_hurt(p: Plan) -> list[Figure]:
    return _kept(p, "badly hurt", _badly_hurt_now)


def _badly_hurt_now(p: Plan) -> list[Figure]:
    """Standing heroes (itself too) at half their PV or less that one of its heals reaches now."""
    heals, d = _healing_spells(p, downed=False), p.decision  # its own first: most have none
    if not heals or d is None:  # the heals are asked of the rules only if one may heal
        return []
    hurt = [f for f in p.s.hero_side() if f.status == STANDING and 2 * f.pv <= f.max_pv]  # on the board: `standing`
    return [f for f in hurt if _heal_offered(d, p.me, heals, f)]


def _heal_offered(d: Decision, me: Figure, heals: tuple[str, ...], ally: Figure) -> bool:
    """Whether one of the heals is offered on the ally: each asked for alone (acts.Act.find works
    out that spell's targets), not the casts' every offer, which would hold every other spell's
    sight to every enemy (old_fool: 1% of its instructions)."""
    return any(d.offer_for(action_of(d.seat, "cast", "", {"figure": me.id, "spell": sid, "target": ally.id}))
               is not None for sid in heals)


@registry.condition(says=lambda p: f"{name(_badly_hurt(p)[0])} is badly hurt" if _badly_hurt(p) else "")
def ally_badly_hurt(p: Plan) -> bool:
    return bool(_badly_hurt(p))


@registry.action
def heal_hurt(p: Plan) -> str:
    hurt = min(_badly_hurt(p), key=lambda f: (f.pv - f.max_pv // 2, p.s.party.index(f.id) if f.id in p.s.party else 9))
    for sid in _healing_spells(p, downed=False):
        p.want("cast", spell=sid, target=hurt.id)
    return f"heals {name(hurt)}"


def _shots(p: Plan) -> list[Figure]:
    return _kept(p, "shots", _shots_now)


def _shots_now(p: Plan) -> list[Figure]:
    """The enemies this hero may shoot now (the rules' own offers): the leader first (while he
    stands the dead come back), then the weakest, then the nearest."""
    seen = {a.get("target") for a in _offered(p, "shoot")}
    foes = [f for f in p.adversaries() if f.id in seen]
    return sorted(foes, key=lambda f: (not f.has("leader"), f.pv, chebyshev(p.me.at, f.at), foes.index(f)))


@registry.condition(says=lambda p: f"{name(_shots(p)[0])} in its sights" if _shots(p) else "")
def shot_offered(p: Plan) -> bool:
    return bool(_shots(p))


@registry.action
def shoot_weakest(p: Plan) -> str:
    """Any enemy in sight is worth a shot, not only the nearest by walking."""
    foe = _shots(p)[0]
    p.want("shoot", target=foe.id)
    return f"shoots at {name(foe)}"


@registry.condition(says=lambda p, n: f"{name(p.target)} {counted(p.target_and_steps()[1], 'step')} away"
                    if p.target else "")
def enemy_close(p: Plan, n: int) -> bool:
    """An enemy it can reach within n steps: the party fights it together rather than running
    past it for the objective, one hero at a time.  The uncle (no hero, 12 PV, the quest lost
    with him) never goes looking for a fight: he makes for the stairs."""
    return p.me.id in p.s.party and p.foe_within(n)


@registry.condition(says="no point kept yet")
def holds_no_point(p: Plan) -> bool:
    return p.me.reserved == 0


@registry.action
def heal_downed(p: Plan) -> str:
    downed = {f.id for f in _downed_allies(p)}
    heals = _heals_on_downed(p, downed)
    heals += [a for a in _offered(p, "give_barrel_to_downed") if a.get("target") in downed]
    for a in heals:
        p.want(a.kind, **dict(a.args))
    if heals:
        return f"tends {name(p.s.figures[heals[0].get('target')])}"
    # None in reach yet: go to the first downed ally.
    fallen = p.s.figures[sorted(downed, key=lambda f: p.s.party.index(f) if f in p.s.party else 99)[0]]
    goals = [n for n in p.m.neighbours(fallen.at) if p.m.free(n)]
    words = p.move_along(goals, lambda sq: sq in goals)
    return f"hurries to {name(fallen)}" if words else ""


def _heals_on_downed(p: Plan, downed: set[str]) -> list[Action]:
    """The casts offered of its heals for the downed on a downed ally, in the casts' order (spell
    by spell, each on the allies in the state's order, as spells.allies lists them).  Each is
    asked for alone (acts.Act.find works out that spell's targets): the casts' every offer would
    hold every other spell's sight to every enemy."""
    d = p.decision
    spells = p.game.content.spells
    heals = [sid for sid in p.me.spells if spells[sid].band(1) is not None and spells[sid].downed_ok]
    if d is None or not heals:
        return []
    fallen = [fid for fid in p.s.figures if fid in downed]
    found = (d.offer_for(action_of(d.seat, "cast", "", {"figure": p.me.id, "spell": sid, "target": fid}))
             for sid in heals for fid in fallen)
    return [a for a in found if a is not None]


def _leaving_helps(p: Plan) -> bool:
    quest = p.game.content.quests[p.s.quest]
    return (quest.objective == "all_escape" or (quest.objective == "carry_gem_out" and GEM in p.me.items)
            or (quest.objective == "uncle_out" and p.me.card == "irf_uncle"))


# The offers quest_action_ready reads, asked in one go (asked at every try of every companion;
# the offers by kind are the whole list's of those kinds, so each kind's are as asked alone):
# the deeds, the items that may be taken when one of them may be the gem, leaving when it helps.
DEED_READY = {(gem, leave): (*QUEST_DEEDS, *("take_item",) * gem, *("leave",) * leave)
              for gem in (False, True) for leave in (False, True)}


@registry.condition(says="the quest's deed is at hand")
def quest_action_ready(p: Plan) -> bool:
    gem, leaving = lying_loose(p.s, GEM), _leaving_helps(p)
    if not deed_at_hand(p.m, p.me, gem, leaving):  # the rules' word that none can be offered
        return False
    offered = _offered(p, *DEED_READY[gem, leaving])
    if not offered:
        return False
    if any(a.kind in QUEST_DEEDS for a in offered):
        return True
    if any(a.kind == "take_item" and a.get("item") == GEM for a in offered):
        return True
    return any(a.kind == "leave" for a in offered)  # asked for only when leaving helps


@registry.action
def quest_action(p: Plan) -> str:
    for a in _offered(p, *QUEST_DEEDS):
        if a.kind == "pick_lock":
            _open_a_lock(p, a)
        elif a.kind not in WORD_TESTS or test_odds(p.me, WORD_TESTS[a.kind][0], WORDS, WORD_TESTS[a.kind][1]) > 0:
            p.want(a.kind, **dict(a.args))  # never 2 AP on writing or talk it cannot win
    for a in _offered(p, "take_item"):
        if a.get("item") == GEM:
            p.want(a.kind, **dict(a.args))
    if _leaving_helps(p):
        p.want("leave")
    return "does what the quest asks"


def _open_a_lock(p: Plan, pick: Action) -> None:
    """A locked door gives way to a lock pick (Dexterity against 4) or to blows (8 PV, 2 armour):
    the hero takes whichever it expects to open it with in fewer AP, and never a pick it cannot
    win (a locked chest is never broken, §5.9)."""
    odds = test_odds(p.me, "dex", LOCK, "cat.lock.pick")
    picks = 1 / odds if odds > 0 else math.inf
    sq = pick.get("at")
    blow = p.me.melee_damage - DOOR_ARMOUR
    blows = -(-p.s.door_pv.get(key(sq), DOOR_PV) // blow) if blow > 0 else math.inf
    breaking = [a for a in _offered(p, "break_door") if a.get("at") == sq]
    if breaking and blows <= picks:
        p.want("break_door", at=sq)
    elif odds > 0:
        p.want("pick_lock", at=sq)


@registry.condition(says="on the lookout")
def lookout(p: Plan) -> bool:
    return p.me.has("on_the_lookout")


@registry.condition(says=lambda p, n: f"an enemy within {counted(n, 'square')}")
def enemy_within(p: Plan, n: int) -> bool:
    return any(chebyshev(p.me.at, f.at) <= n for f in p.adversaries())


@registry.action(says="waits for the Master's move")
def wait(p: Plan) -> None:
    p.want("wait")


def objective_goals(p: Plan) -> list[Square]:
    """Where the quest wants this hero next (§7); [] when it is a fight (quest III)."""
    s, m = p.s, p.m
    quest = p.game.content.quests[s.quest]
    at = m.board.objective_at
    stairs = _stairs(m.board)
    if quest.objective == "uncle_out" and s.flags.get("uncle_joined"):
        uncle = s.figures.get(UNCLE)
        if p.me.id == UNCLE or uncle is None or not uncle.on_board:
            return stairs
        # The heroes escort him: beside him, and never on the stairs he must reach.
        return [n for n in m.neighbours(uncle.at) if m.free(n) and n not in stairs]
    if quest.objective == "carry_gem_out" and (GEM in p.me.items or s.chests.get(key(at or (0, 0))) == "open"):
        return stairs if GEM in p.me.items else _gem_squares(p)
    if quest.objective == "all_escape" and at is not None and s.secret.get(key(at)) == "open":
        return [at]
    if quest.objective == "uncle_out" and quest.objective_zone:
        figures = m.figures  # `free` read inline: a zone is tens of squares
        return [sq for sq in _zone_floor(m, quest.objective_zone) if sq not in figures]
    if at is None:
        return []
    return [n for n in m.board.neighbours(at) if m.free(n)]


# A zone's squares on the ground's floor (`Map.floor`), by the ground's number (never given
# twice) and the zone: the squares the uncle is led to, asked at every step of the escort.
_ZONE_FLOOR: dict[tuple[int, str], tuple[Square, ...]] = {}
_ZONE_FLOOR_KEPT = 64


def _zone_floor(m: Map, zone: str) -> tuple[Square, ...]:
    """The zone's squares, in its order, that are floor on this map's ground (figures aside)."""
    found = _ZONE_FLOOR.get((m.ground_number, zone))
    if found is None:
        if len(_ZONE_FLOOR) >= _ZONE_FLOOR_KEPT:
            _ZONE_FLOOR.clear()
        floor = m.floor
        found = _ZONE_FLOOR[m.ground_number, zone] = tuple(sq for sq in m.board.zone_squares(zone) if sq in floor)
    return found


_STAIRS: dict[int, tuple[Board, list[Square]]] = {}


def _stairs(board: Board) -> list[Square]:
    """Where the heroes leave the board (the stairs unless the quest names other exits), found
    once per board: asked at every step a companion takes."""
    found = _STAIRS.get(id(board))
    if found is None or found[0] is not board:
        found = _STAIRS[id(board)] = (board, list(board.exit_squares) or list(board.squares("E")))
    return list(found[1])


def _gem_squares(p: Plan) -> list[Square]:
    holders = [f.at for f in p.s.hero_side() if GEM in f.items and f is not p.me]
    dropped = [tuple(d["at"]) for d in p.s.dropped if d.get("item") == GEM]
    return [n for sq in holders + dropped for n in p.m.board.neighbours(sq)]


@registry.action
def advance_objective(p: Plan) -> str:
    wanted = objective_goals(p)
    if wanted and p.me.at not in wanted:  # then every goal is another square than its own
        words = p.move_along(wanted, lambda sq: sq in wanted)
        if words:
            return f"heads for the objective ({words})"
    t = p.target
    if t is None:
        return ""
    words = p.move_along(p.spot_bits(t), p.spots(t).__contains__)
    return f"closes on {name(t)} ({words})" if words else ""
