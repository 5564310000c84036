"""The heroes' companions (§6.5): the words of the hero and escort scripts, for hero seats
played by the AI."""
from __future__ import annotations

from collections.abc import Callable

from ....engine import tactics
from ....engine.grid import Sq
from .. import board, magic, searching
from ..doors import door_here
from ..combat import attack_dice
from ..heroes import adjacent
from ..state import HERO, Figure
from ....engine.words import counted
from . import caution
from .walking import within
from .primitives import Plan, advance_to, beside, head_for, reachable_attack_square, registry


# -- his script ----------------------------------------------------------------------------------
def may_hold(call: tactics.Call, kind: str, spells: frozenset[str], relics: frozenset[str]) -> bool:
    """Whether the condition can hold for a hero with these `spells` left and these `relics`,
    in a quest whose objective is of this `kind` (False only where it says no whatever else is
    so): a kind of spell ready only for a hero with a spell of that kind (`_spell_plan` looks
    no further), a relic ready only in his pack, a quarry only in a kill quest, the quest's
    item lost or lying only in a carry quest."""
    name = call.name
    if name == "spell_ready":
        return not spells.isdisjoint(SPELLS_OF_KIND.get(call.kwargs["kind"], ()))
    if name == "relic_ready":
        return call.kwargs["name"] in relics
    if name == "quarry_known":
        return kind == "kill"
    if name in ("quest_out_of_reach", "quest_item_lying"):
        return kind == "carry"
    return True


# Each script's relics asked for and its entries for a hero by what `may_hold` reads, kept by
# the script (beside it: a script is a dict's value, not a key): a few scripts a process, a few
# kinds of quest and packs each.
Variants = dict[tuple[str, frozenset[str], frozenset[str]], tactics.Script]
_HIS: dict[int, tuple[tactics.Script, frozenset[str], Variants]] = {}


def his_script(script: tactics.Script, p: Plan) -> tactics.Script:
    """The script less the entries that cannot fire for him in this decision: one of their
    conditions (not negated) cannot hold now (`may_hold`, read from him and the quest as they
    are).  The script's loop asks each of its conditions at every whole decision, and a hero
    without spells asked three spell conditions (a spellcaster those of the kinds he has no
    spell of), the Crypt's heroes a quarry's, every time.  The entries left are the same
    objects in the same order, so the same one fires."""
    kept = _HIS.get(id(script))
    if kept is None or kept[0] is not script:
        if len(_HIS) >= 64:
            _HIS.clear()
        kept = _HIS[id(script)] = (script, frozenset(
            c.kwargs["name"] for e in script.entries for c, neg in e.tests if c.name == "relic_ready" and not neg), {})
    me = p.me
    key = (p.game.content.quests[p.s.quest].objective.kind, frozenset(me.spells), kept[1].intersection(me.equipment))
    found = kept[2].get(key)
    if found is None:
        if len(kept[2]) >= 256:  # bounded: the spells left vary as they are cast
            kept[2].clear()
        found = kept[2][key] = tactics.Script(script.name, [
            e for e in script.entries if all(neg or may_hold(c, *key) for c, neg in e.tests)], script.params)
    return found


@registry.condition(says="next to a monster")
def adjacent_monster(p: Plan) -> bool:
    # The board first: whether an attack is offered makes the turn's actions (spells and all).
    here = p.me.square
    for m in p.monsters():  # a loop, not any() over a generator: at every whole decision
        if adjacent(p.s, here, m.square):
            return p.offered("attack")
    return False


@registry.condition(says="a monster within reach")
def can_reach_monster(p: Plan) -> bool:
    for m in p.monsters():  # noqa: SIM110  (a loop, not any() over a generator: at every whole decision)
        if reachable_attack_square(p, m) is not None:
            return True
    return False


@registry.condition(says="the quest's goal is met", says_not="the quest's goal not yet met")
def objective_met(p: Plan) -> bool:
    return p.objective_met()


@registry.condition(says=lambda p, kind: f"a room still to search for {kind.replace('_', ' ')}")
def room_searchable(p: Plan, kind: str) -> bool:
    s = p.s
    # His room with no monster in it, once a decision: the script asks for each kind of search.
    room = p.memo.get("room_clear", "")
    if room == "":
        room = board.area_of(s, p.me.square)
        if room == board.CORRIDOR or any(board.area_of(s, m.square) == room for m in p.monsters()):
            room = None
        p.memo["room_clear"] = room
    if room is None:
        return False
    # Whether the search is offered is asked last (e.g. passing through a friend: no action
    # here): it makes the turn's actions.
    if kind in ("traps", "secret_doors"):
        return not s.searched.get(f"{kind.split('_')[0]}:{room}") and p.offered(f"search_{kind}", "search_both")
    # A found trap keeps its piece shut (D8): searching there again is a wasted action.  A hurt
    # hero leaves the deck alone (one card in four is a wandering monster) unless the quest's
    # own item lies in the room.
    if p.me.body <= 3 and not _quest_item_in(p, room):
        return False
    return searching.can_search_treasure(p.game, p.me) and (
        not s.searched.get(f"traps:{room}") or searching.shut_piece(p.game, room) is None) \
        and p.offered(f"search_{kind}", "search_both")


def _quest_item_in(p: Plan, room: str) -> bool:
    quest = p.game.content.quests[p.s.quest]
    item = quest.objective.item if quest.objective.kind == "carry" else None
    return item is not None and any(t.room == room and any(i.item == item for i in t.items) for t in quest.treasure)


def _quarry(p: Plan) -> Figure | None:
    """The monster the quest is about (a kill objective), once it is on the board for all to see."""
    obj = p.game.content.quests[p.s.quest].objective
    m = p.s.figures.get(obj.target or "") if obj.kind == "kill" else None
    return m if m is not None and m.placed and m.status == "alive" and m.pos is not None else None


@registry.condition(says="the quest's quarry is on the board")
def quarry_known(p: Plan) -> bool:
    m = _quarry(p)
    return m is not None and p.dist(m) is not None


@registry.action
def hunt_quarry(p: Plan) -> str:
    m = _quarry(p)
    if m is None:
        return "nothing to hunt"
    sq = reachable_attack_square(p, m)
    if sq is not None:
        if sq != p.me.pos:
            p.intents.append(("move", sq))
        p.intents.append(("attack", m.id))
        return f"goes for {m.name}, the quest's quarry"
    d = advance_to(p, beside(p, m))
    return f"closes on {m.name}, the quest's quarry" + (f", {counted(d, 'square')} away" if d is not None else "")


def _leader(p: Plan) -> Figure | None:
    """The first hero in turn order still in the dungeon and fit to fight, one who strikes with
    more than one die where there is such a hero (else the first one fit, else the first one
    there): the others keep close to him.  A one-die hero in the lead keeps out of the fight
    (`frail`) while his friends wait by him: in the Warlock's Cellar four parties in 100 stood
    so until the game's last round."""
    if "leader" in p.memo:  # asked by several words of one decision (nobody moves between)
        kept: Figure | None = p.memo["leader"]
        return kept
    # One loop, not two lists made by comprehensions and a search of them: once a decision, at
    # every one.  The first fit hero who strikes with more than one die, else the first fit, else
    # the first there.
    found = first_fit = None
    for h in p.s.in_dungeon():
        if h.status != "alive" or h.pos is None:
            continue
        if found is None:
            found = h
        if not caution.hurt(h, 2):
            if first_fit is None:
                first_fit = h
            if p.dice(h) > 1:
                found = h
                break
    else:
        if first_fit is not None:
            found = first_fit
    p.memo["leader"] = found
    return found


@registry.condition(says="more than {n} squares from the party's leader")
def far_from_party(p: Plan, n: int) -> bool:
    lead = _leader(p)
    if lead is None or lead is p.me:
        return False
    dist = p.field()[0]  # a walk grows no further than n
    if within(dist, lead.square, n) is not None:
        return False
    for sq in beside(p, lead):  # noqa: SIM110  (a loop, not all() over a generator: every follower asks)
        if within(dist, sq, n) is not None:
            return False
    return True


@registry.condition(says="leads the party")
def leads_party(p: Plan) -> bool:
    return _leader(p) is p.me


# How near (in steps) a follower keeps to his leader's side.
KEEP_CLOSE = 2


@registry.action
def follow(p: Plan) -> str:
    """Keep within a couple of squares of the leader; open a door one stands at on the way."""
    lead = _leader(p)
    if lead is None:
        return "nobody to follow"
    # A door he stands at is opened only onto what has been seen, or where the leader can be
    # reached no other way: an unseen room wakes its monsters against whoever stands there,
    # and which room to open is the leader's choice (issue 19: The Trial's parties opened a
    # side room full of Chaos Warriors on the way to Verag).
    here = door_here(p.game, p.me)
    if here:
        unseen = {d for d, _, size in known_doors(p) if size}
        here = [d for d in here if d not in unseen or p.dist(lead) is None]
    if here:
        p.intents.append(("open_door", here[0]))
        return "opens the door he stands at"
    if far_from_party(p, KEEP_CLOSE):
        head_for(p, [lead.square, *beside(p, lead)])
        p.memo["wait_within"] = KEEP_CLOSE  # a walk kept over the turn asks again this near (keeping.py)
        return f"keeps close to {lead.name}"
    return waits_by(lead)


def waits_by(lead: Figure) -> str:
    """What `follow` says of a follower already near his leader (a kept walk says it too)."""
    return f"waits by {lead.name}"


@registry.condition(says="an escort")
def is_escort(p: Plan) -> bool:
    return p.me.kind in p.game.content.escorts


@registry.condition(says=lambda p, n: f"down to {counted(n, 'Body Point')}" + (" or fewer" if n > 1 else "")
                    + " with healing to hand")
def wounded(p: Plan, n: int) -> bool:
    """Body at most n with a healing potion or spell to hand."""
    return p.me.body <= n and p.me.body < p.me.max_body and (
        any(x.startswith("healing") for x in p.me.potions) or any(sp in magic.HEALING for sp in p.me.spells))


# Spells that take a monster out of the fight: wounds, or a lost turn (Sleep, Tempest) for the
# one that strikes hardest.
ATTACK_SPELLS = ("ball_of_flame", "genie", "fire_of_wrath", "sleep", "tempest")
# The spells each kind of spell plan looks for (`_spell_plan`): a hero with none of them has
# no such plan.
SPELLS_OF_KIND = {"attack": ATTACK_SPELLS, "heal_friend": magic.HEALING, "courage": ("courage", "rock_skin")}


def _sight(p: Plan) -> Callable[[Figure], bool]:
    """Whom he sees to aim a spell at, for all the spells a decision weighs."""
    found = p.memo.get("sight")
    if found is None:
        found = p.memo["sight"] = magic.sight_of(p.s, p.me)
    return found


def _spell_plan(p: Plan, kind: str) -> tuple[str, str] | None:
    """(spell, target id) for a kind of spell worth casting now."""
    s = p.s
    # What no target in sight could change is looked at before anyone's sight: a monster on the
    # board, a friend at half Body or less (the healing spells aim at the heroes' side only), a
    # hero with a monster beside him.
    if kind == "attack" and not p.monsters():
        return None
    if kind == "heal_friend" and not any(f.body * 2 <= f.max_body for f in s.hero_side()):
        return None
    if kind == "courage" and not any(adjacent(s, h.square, m.square) for m in p.monsters() for h in s.hero_side()):
        return None
    if kind == "attack":
        for sp in ATTACK_SPELLS:
            if sp in p.me.spells:
                aims = [s.figures[t] for k, t in magic.spell_targets(p.game, p.me, sp, _sight(p)) if k == "figure"]
                aims = [m for m in aims if m.side != HERO]
                if aims:  # the quest's quarry first (spells ignore its shields), then a caster (his
                    # dread spells strike the whole party), then the hardest hitter
                    quarry = _quarry(p)
                    t = max(aims, key=lambda m: (m is quarry, bool(m.dread), m.attack, -m.body, m.id))
                    return sp, t.id
    if kind == "heal_friend":
        for sp in magic.HEALING:
            if sp in p.me.spells:
                hurt = [s.figures[t] for k, t in magic.spell_targets(p.game, p.me, sp, _sight(p))
                        if k == "figure" and s.figures[t].body * 2 <= s.figures[t].max_body]
                if hurt:
                    return sp, min(hurt, key=lambda h: (h.body, h.id)).id
    if kind == "courage":  # two more attack dice for the friend in the thick of it who strikes hardest
        for sp in SPELLS_OF_KIND["courage"]:
            if sp not in p.me.spells:
                continue
            aims = [s.figures[t] for k, t in magic.spell_targets(p.game, p.me, sp, _sight(p)) if k == "figure"]
            pressed = [(sum(adjacent(s, h.square, m.square) for m in p.monsters()), h) for h in aims]
            pressed = [(n, h) for n, h in pressed if n > 0]
            if pressed:  # Courage: the hardest hitter; Rock Skin: the one most beset
                dice = {h.id: attack_dice(h, p.game.content)[0] if sp == "courage" else n for n, h in pressed}
                return sp, max(pressed, key=lambda nh: (dice[nh[1].id], nh[0], nh[1].id))[1].id
    return None


# What each kind of spell a hero script asks for is, in words.
SPELL_KIND_WORDS = {"attack": "an attack spell ready", "heal_friend": "a healing spell ready for a hurt friend",
                    "courage": "Courage or Rock Skin ready for a friend with a monster beside him"}


@registry.condition(says=lambda p, kind: SPELL_KIND_WORDS.get(kind, f"a {kind.replace('_', ' ')} spell ready"))
def spell_ready(p: Plan, kind: str) -> bool:
    # The plan first: whether a spell is offered makes the turn's every action (all his
    # spells' targets, doors and all), while a plan most often finds nothing worth casting.
    return bool(p.me.spells) and _spell_plan(p, kind) is not None and p.offered("cast")


# -- actions --------------------------------------------------------------------------------------
@registry.action
def cast_spell(p: Plan, kind: str) -> str:
    plan = _spell_plan(p, kind)
    if plan is None:
        return "no spell"
    sp, tid = plan
    p.intents.append(("cast", {"spell": sp, "target": tid}))
    spell = p.game.content.spells[sp].name
    t = p.s.figures[tid]
    who = "himself" if tid == p.me.id else t.name
    if kind == "attack":
        dice = counted(t.attack, "attack die", "attack dice")
        weighed = "the quest's quarry" if t is _quarry(p) else "a spellcaster" if t.dread \
            else f"the hardest hitter in sight ({dice})"
        return f"casts {spell} at {who}: {weighed}"
    if kind == "heal_friend":
        return f"casts {spell} on {who}: down to {t.body} of {counted(t.max_body, 'Body Point')}"
    beset = sum(adjacent(p.s, t.square, m.square) for m in p.monsters())
    return f"casts {spell} on {who}: {counted(beset, 'monster')} beside him"


@registry.condition(says=lambda p, name: f"the {p.game.content.artifacts[name].name} to hand")
def relic_ready(p: Plan, name: str) -> bool:
    # Only a relic he carries is offered (relics.options): the pack first, the offers after.
    return name in p.me.equipment and any(a.get("item") == name for a in p.decision.offers_of("use"))


@registry.action
def use_relic(p: Plan, name: str) -> str:
    p.intents.append(("use", name))
    return f"uses the {p.game.content.artifacts[name].name}"


@registry.action
def heal_self(p: Plan) -> str:
    for i, x in enumerate(p.me.potions):
        if x.startswith("healing"):
            p.intents.append(("drink", i))
            return "drinks a healing potion"
    for sp in magic.HEALING:
        if sp in p.me.spells:
            p.intents.append(("cast", {"spell": sp, "target": p.me.id}))
            return f"casts {p.game.content.spells[sp].name} on himself"
    return "nothing to heal with"


@registry.action
def go_to_stairway(p: Plan) -> str:
    quest = p.game.content.quests[p.s.quest]
    stairs = board.stairway(quest)
    if p.me.pos in stairs:
        p.intents.append(("end", None))
        return "ends his turn on the stairway"
    head_for(p, stairs)
    return "heads back to the stairway"


@registry.condition(says="a way out to the stairway")
def way_out(p: Plan) -> bool:
    """The stairway can be reached (monsters and known traps bar the way)."""
    dist = p.field()[0]
    return any(sq in dist for sq in board.stairway(p.game.content.quests[p.s.quest]))


@registry.action
def flee(p: Plan) -> str:
    """Too hurt to go on: back to the stairway and out of the dungeon."""
    stairs = board.stairway(p.game.content.quests[p.s.quest])
    if p.me.pos in stairs:
        p.intents.append(("leave", None))
        return "leaves the dungeon to live another day"
    head_for(p, stairs)
    return "retreats to the stairway"


@registry.action
def search(p: Plan, kind: str) -> str:
    p.intents.append((f"search_{kind}", None))
    return f"searches for {kind.replace('_', ' ')}"


def known_doors(p: Plan) -> list[tuple[str, tuple[Sq, Sq], int]]:
    """The closed doors the party has seen, each with the size of the unseen room behind it (0
    where both sides are seen).  The board's rooms are printed for all to see; a quest's quarry
    or treasure most often waits in its largest rooms, so the leader opens those first and leaves
    a small side room (and the monsters it would wake) shut."""
    s = p.s
    # The same while nothing more is seen and no door opens or is found (kept with the map, which
    # forgets it when a door opens): every step of the leader's walk asks.
    key = (len(s.revealed_corridor), len(s.revealed_rooms), len(s.secret_found), tuple(s.doors.items()))
    kept = s.grid.memo.get("known_doors")
    if kept is not None and kept[0] == key:
        return list(kept[1])
    seen = board.revealed_test(s)
    out = []
    for d, e in board.doors_of(s, p.game.content).items():
        if s.doors.get(d, "closed") != "closed" or not any(seen(sq) for sq in e):
            continue
        rooms = {a for sq in e if (a := board.area_of(s, sq)) != board.CORRIDOR and a not in s.revealed_rooms}
        out.append((d, e, sum(len(s.grid.squares_of(r)) for r in rooms)))
    s.grid.memo["known_doors"] = (key, out)
    return list(out)
