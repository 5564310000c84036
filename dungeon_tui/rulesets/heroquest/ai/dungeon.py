"""The words of HeroQuest tactics scripts (§6.1, §6.5) and the controllers that run them: the
dungeon seat for Zargon's monsters, and a companion for AI hero seats.  A primitive plans
(where to go, whom to strike); the controller then picks the offered action of that plan."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ....engine import tactics
from ....engine.game import Action, Decision, Game, thaw
from ....engine.grid import DIRS4, Sq, path_back
from .. import board, dread, ending, magic, searching
from .. import monsters as mon
from ..combat import defend_dice
from ..combat import item as combat_item
from ..heroes import adjacent, door_here, hero_path_test, may_stop
from ..profiles import dread_name
from ..state import HERO, Figure, State

registry = tactics.Registry()


@dataclass
class Plan:
    game: Game
    me: Figure
    decision: Decision
    intents: list[tuple[str, Any]] = field(default_factory=list)
    stop: bool = False
    _field: Any = None

    @property
    def s(self) -> State:
        return self.game.state

    @property
    def for_zargon(self) -> bool:
        """A monster, or a hero under Zargon's command."""
        return self.me.side != HERO or bool(self.decision.context.get("commanded"))

    def foes(self) -> list[Figure]:
        return [h for h in self.s.hero_side() if h is not self.me] if self.for_zargon else self.s.monsters()

    def field(self) -> tuple[dict[Sq, int], dict[Sq, Sq]]:
        if self._field is None:
            if not self.for_zargon:
                self._field = self.s.grid.bfs(self.me.pos, hero_path_test(self.s))
            else:
                self._field = mon.monster_field(self.s, self.me)
        return self._field

    def dist(self, f: Figure) -> int | None:
        return mon.dist_to(self.s, self.me, f, self.field()[0])

    def offered(self, *kinds: str) -> bool:
        """Whether the decision offers an action of these kinds (a plan needs one to be carried out)."""
        return any(a.kind in kinds for a in self.decision.options)

    def allowance(self) -> int:
        if self.me.side != HERO:
            return self.me.move
        return int(self.decision.context.get("points", 12))


def _weakest(p: Plan, fs: list[Figure]) -> Figure | None:
    c = p.game.content
    order = {fid: i for i, fid in enumerate(p.s.party)}
    return min(fs, key=lambda f: (f.body, defend_dice(f, c)[0], order.get(f.id, 99), f.id), default=None)


def _pick(p: Plan, fs: list[Figure], how: str) -> Figure | None:
    if not fs:
        return None
    if how == "nearest":
        best = min((d for f in fs if (d := p.dist(f)) is not None), default=None)
        near = [f for f in fs if p.dist(f) == best] if best is not None else fs
        return _weakest(p, near)
    if how == "least_defended":
        c = p.game.content
        return min(fs, key=lambda f: (defend_dice(f, c)[0], f.body, f.id))
    if how == "caster_first":
        for kind in ("wizard", "elf"):
            for f in fs:
                if f.kind == kind:
                    return f
    return _weakest(p, fs)


def _beside(p: Plan, t: Figure) -> list[Sq]:
    """Squares from which one could strike the figure: orthogonal, with no wall between."""
    out = []
    for dx, dy in DIRS4:
        sq = (t.pos[0] + dx, t.pos[1] + dy)
        if p.s.grid.floor(sq) and p.s.grid.edge_passable(sq, t.pos):
            out.append(sq)
    return out


def _attack_squares(p: Plan, target: Figure) -> list[Sq]:
    return [sq for sq in _beside(p, target) if mon.free_for(p.s, p.me, sq)]


def _reachable_attack_square(p: Plan, target: Figure) -> Sq | None:
    dist, _ = p.field()
    ok = [(dist[sq], sq[1], sq[0]) for sq in _attack_squares(p, target) if sq in dist and dist[sq] <= p.allowance()]
    return (min(ok)[2], min(ok)[1]) if ok else None


# -- conditions -----------------------------------------------------------------------------------
@registry.condition
def adjacent_hero(p: Plan) -> bool:
    return any(adjacent(p.s, p.me.pos, h.pos) for h in p.foes())


@registry.condition
def adjacent_monster(p: Plan) -> bool:
    return p.offered("attack") and any(adjacent(p.s, p.me.pos, m.pos) for m in p.s.monsters())


@registry.condition
def can_reach_hero(p: Plan) -> bool:
    return any(_reachable_attack_square(p, h) is not None for h in p.foes())


@registry.condition
def can_reach_monster(p: Plan) -> bool:
    return any(_reachable_attack_square(p, m) is not None for m in p.s.monsters())


@registry.condition
def sees_hero(p: Plan) -> bool:
    return any(board.targeting_sight(p.s, p.me.pos, h.pos) for h in p.foes())


@registry.condition
def hero_within(p: Plan, n: int) -> bool:
    return any((d := p.dist(h)) is not None and d <= n for h in p.foes())


@registry.condition
def flag(p: Plan, name: str) -> bool:
    return bool(p.s.flags.get(name))


@registry.condition
def body_at_most(p: Plan, n: int) -> bool:
    return p.me.body <= n


@registry.condition
def spell_useful(p: Plan, spell: str) -> bool:
    if p.me.side == HERO:
        return False
    return any(dread.useful(p.game, p.me, sp)[0] for sp in (p.me.dread if spell == "any" else [spell]))


@registry.condition
def guarding(p: Plan, r: int) -> bool:
    if p.me.guard is None or p.me.flags.get("attacked"):
        return False
    return all((d := p.dist(h)) is None or d > r for h in p.s.hero_side())


@registry.condition
def objective_met(p: Plan) -> bool:
    return ending.objective_met(p.game)


@registry.condition
def room_searchable(p: Plan, kind: str) -> bool:
    s = p.s
    room = board.area_of(s, p.me.pos)
    if room == board.CORRIDOR or any(board.area_of(s, m.pos) == room for m in s.monsters()):
        return False
    if not p.offered(f"search_{kind}", "search_both"):  # e.g. passing through a friend: no action here
        return False
    if kind == "traps":
        return not s.searched.get(f"traps:{room}")
    return searching.can_search_treasure(p.game, p.me)


def _quarry(p: Plan) -> Figure | None:
    """The monster the quest is about (a kill objective), once it is on the board for all to see."""
    obj = p.game.content.quests[p.s.quest].objective
    m = p.s.figures.get(obj.target or "") if obj.kind == "kill" else None
    return m if m is not None and m.placed and m.status == "alive" and m.pos is not None else None


@registry.condition
def quarry_known(p: Plan) -> bool:
    m = _quarry(p)
    return m is not None and p.dist(m) is not None


@registry.action
def hunt_quarry(p: Plan) -> str:
    m = _quarry(p)
    if m is None:
        return "nothing to hunt"
    sq = _reachable_attack_square(p, m)
    if sq is not None:
        if sq != p.me.pos:
            p.intents.append(("move", sq))
        p.intents.append(("attack", m.id))
        return f"goes for {m.name}, the quest's quarry"
    d = _advance_to(p, _beside(p, m))
    return f"closes on {m.name}, the quest's quarry, dist {d}"


def _leader(p: Plan) -> Figure | None:
    """The first hero in turn order still in the dungeon: the others keep close to him."""
    return next((h for h in p.s.heroes() if h.status == "alive" and h.pos is not None), None)


@registry.condition
def far_from_party(p: Plan, n: int) -> bool:
    lead = _leader(p)
    if lead is None or lead is p.me:
        return False
    dist = p.field()[0]
    near = [d for sq in [lead.pos] + _beside(p, lead) if (d := dist.get(sq)) is not None]
    return not near or min(near) > n


@registry.condition
def leads_party(p: Plan) -> bool:
    return _leader(p) is p.me


@registry.action
def follow(p: Plan) -> str:
    """Keep within a couple of squares of the leader; open a door one stands at on the way."""
    lead = _leader(p)
    if lead is None:
        return "nobody to follow"
    here = door_here(p.game, p.me)
    if here:
        p.intents.append(("open_door", here[0]))
        return "opens the door he stands at"
    if far_from_party(p, 2):
        _advance_to(p, [lead.pos] + _beside(p, lead))
        return f"keeps close to {lead.name}"
    return f"waits by {lead.name}"


@registry.condition
def is_escort(p: Plan) -> bool:
    return p.me.kind in p.game.content.escorts


@registry.condition
def wounded(p: Plan, n: int) -> bool:
    """Body at most n with a healing potion or spell to hand."""
    return p.me.body <= n and p.me.body < p.me.max_body and (
        any(x.startswith("healing") for x in p.me.potions) or any(sp in magic.HEALING for sp in p.me.spells))


ATTACK_SPELLS = ("ball_of_flame", "genie", "fire_of_wrath")


def _spell_plan(p: Plan, kind: str) -> tuple[str, str] | None:
    """(spell, target id) for a kind of spell worth casting now."""
    s = p.s
    if kind == "attack":
        for sp in ATTACK_SPELLS:
            if sp in p.me.spells:
                aims = [s.figures[t] for k, t in magic.spell_targets(p.game, p.me, sp) if k == "figure"]
                aims = [m for m in aims if m.side != HERO]
                if aims:
                    t = max(aims, key=lambda m: (m.attack, -m.body, m.id))
                    return sp, t.id
    if kind == "heal_friend":
        for sp in magic.HEALING:
            if sp in p.me.spells:
                hurt = [s.figures[t] for k, t in magic.spell_targets(p.game, p.me, sp)
                        if k == "figure" and s.figures[t].body * 2 <= s.figures[t].max_body]
                if hurt:
                    return sp, min(hurt, key=lambda h: (h.body, h.id)).id
    if kind == "courage" and "courage" in p.me.spells and not p.me.flags.get("courage") \
            and any(adjacent(s, p.me.pos, m.pos) for m in s.monsters()):
        return "courage", p.me.id
    return None


@registry.condition
def spell_ready(p: Plan, kind: str) -> bool:
    return p.offered("cast") and _spell_plan(p, kind) is not None


# -- actions --------------------------------------------------------------------------------------
@registry.action
def cast_spell(p: Plan, kind: str) -> str:
    plan = _spell_plan(p, kind)
    if plan is None:
        return "no spell"
    sp, tid = plan
    p.intents.append(("cast", {"spell": sp, "target": tid}))
    return f"cast {p.game.content.spells[sp].name} at {p.s.figures[tid].name}"


@registry.condition
def relic_ready(p: Plan, name: str) -> bool:
    return any(a.kind == "use" and a.get("item") == name for a in p.decision.options)


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
def attack(p: Plan, pick: str) -> str:
    foes = [f for f in p.foes() if adjacent(p.s, p.me.pos, f.pos)]
    t = _pick(p, foes, pick)
    if t is None:
        return "nobody adjacent"
    p.intents.append(("attack", t.id))
    return f"attack {pick}: {t.name}, Body {t.body}"


@registry.action
def approach_and_attack(p: Plan, pick: str) -> str:
    foes = [f for f in p.foes() if _reachable_attack_square(p, f) is not None]
    t = _pick(p, foes, pick)
    if t is None:
        return "nobody in reach"
    sq = _reachable_attack_square(p, t)
    if sq != p.me.pos:
        p.intents.append(("move", sq))
    p.intents.append(("attack", t.id))
    return f"approach_and_attack {pick}: {t.name}, Body {t.body}"


def _advance_to(p: Plan, goals: list[Sq]) -> int | None:
    """Walk the canonical path toward the nearest goal; stop on the last square within reach where
    one may stop.  Returns that goal's distance (None: no goal reachable)."""
    dist, parent = p.field()
    # Heroes may end on a friend's square on the stairway or in a sprung pit; monsters never share.
    can_end = (lambda sq: mon.free_for(p.s, p.me, sq)) if p.for_zargon else (lambda sq: may_stop(p.s, p.me, sq))
    # Monsters aim at the nearest goal even if taken (§6.1); heroes only at goals they may stand on.
    reach = [(dist[g], g[1], g[0]) for g in goals if g in dist and (p.for_zargon or can_end(g))]
    if not reach:
        return None
    d, y, x = min(reach)
    path = path_back(parent, p.me.pos, (x, y))
    steps = min(p.allowance(), len(path) - 1)
    for i in range(steps, 0, -1):
        if can_end(path[i]):
            p.intents.append(("move", path[i]))
            break
    return d


@registry.action
def advance(p: Plan, pick: str) -> str:
    t = _pick(p, [f for f in p.foes() if p.dist(f) is not None], pick)
    if t is None:
        return "no way to anyone"
    d = _advance_to(p, _beside(p, t))
    return f"advance {pick}: {t.name}, dist {d}"


@registry.action
def return_to_post(p: Plan) -> str:
    if p.me.guard is None or p.me.pos == p.me.guard:
        return "at the post"
    _advance_to(p, [p.me.guard])
    return "back to the post"


@registry.action
def cast_first_useful(p: Plan) -> str:
    return _cast(p, p.me.dread)


@registry.action
def cast_dread(p: Plan, spell: str) -> str:
    """That one spell, if its test passes (escape must not give way to the first useful spell)."""
    return _cast(p, [spell])


def _cast(p: Plan, spells: list[str]) -> str:
    for sp in spells:
        ok, aim = dread.useful(p.game, p.me, sp)
        if ok:
            p.intents.append(("monster_cast", {"spell": sp, **aim}))
            target = p.s.figures.get(aim.get("target", ""))
            name = dread_name(p.game.content, p.s.variants, sp)
            return f"cast {name}" + (f" at {target.name}" if target else "")
    return "no spell"


@registry.action
def hold(p: Plan) -> str:
    return "waits"


@registry.action
def go_to_stairway(p: Plan) -> str:
    quest = p.game.content.quests[p.s.quest]
    stairs = board.stairway(quest)
    if p.me.pos in stairs:
        p.intents.append(("end", None))
        return "on the stairway"
    _advance_to(p, stairs)
    return "back to the stairway"


@registry.condition
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
    _advance_to(p, stairs)
    return "retreats to the stairway"


@registry.action
def search(p: Plan, kind: str) -> str:
    p.intents.append((f"search_{kind}", None))
    return f"search for {kind}"


@registry.action
def explore(p: Plan) -> str:
    """Walk to the nearest known closed door and open it; else look for secret doors."""
    s = p.s
    closed = [(d, e) for d, e in board.doors_of(s, p.game.content).items() if s.doors.get(d, "closed") == "closed"
              and any(board.revealed(s, sq) for sq in e)]
    here = [d for d, e in closed if p.me.pos in e]
    if here:
        p.intents.append(("open_door", here[0]))
        return "opens a door"
    goals = [sq for _, e in closed for sq in e if board.revealed(s, sq) and s.grid.floor(sq)]
    if goals and _advance_to(p, goals) is not None:
        return "toward a closed door"
    # No closed door known: walk to the edge of what has been seen.
    frontier = [sq for sq in map(tuple, s.revealed_corridor) if s.grid.floor(sq) and sq != p.me.pos
                and any(s.grid.floor(nb) and not board.revealed(s, nb) and s.grid.edge_passable(sq, nb)
                        for nb in ((sq[0] + dx, sq[1] + dy) for dx, dy in DIRS4))]
    if frontier and _advance_to(p, frontier) is not None:
        return "toward the unexplored"
    known = [m for m in s.monsters() if p.dist(m) is not None]
    if known:  # nothing left to open: go after what is still out there
        t = _pick(p, known, "nearest")
        _advance_to(p, _beside(p, t))
        return f"hunts {t.name}"
    return _seek_secret_door(p)


def _seek_secret_door(p: Plan) -> str:
    """Search the nearest room nobody has searched for secret doors, else a corridor square
    beside a hidden room that no search has covered yet."""
    s = p.s
    rock = set(p.game.content.rock[s.quest])
    here = board.area_of(s, p.me.pos)
    unsearched = {r for r in s.revealed_rooms if not s.searched.get(f"secret:{r}")}
    covered = set(s.searched.get("secret:squares", []))
    beside_hidden = [sq for sq in map(tuple, s.revealed_corridor) if f"{sq[0]},{sq[1]}" not in covered and any(
        (a := s.grid.region.get(nb)) not in (None, board.CORRIDOR) and a not in rock and a not in s.revealed_rooms
        for nb in ((sq[0] + dx, sq[1] + dy) for dx, dy in DIRS4))]
    searchable_here = p.offered("search_secret_doors", "search_both")
    if searchable_here and (here in unsearched or (here == board.CORRIDOR and p.me.pos in beside_hidden)):
        p.intents.append(("search_secret_doors", None))
        return "searches for a hidden way here"
    goals = [sq for r in sorted(unsearched) for sq in s.grid.squares_of(r) if s.grid.floor(sq)] + beside_hidden
    if goals and _advance_to(p, goals) is not None:
        return "goes to look for a hidden way"
    p.intents.append(("search_secret_doors", None))
    return "looks for a hidden way"


# How a plan's intent finds its offered action: the action kinds that carry it out, and the
# argument a bare intent value must match.
INTENT_KINDS = {"attack": ("monster_attack", "attack"), "search_traps": ("search_traps", "search_both"),
                "search_secret_doors": ("search_secret_doors", "search_both")}
INTENT_KEYS = {"attack": "target", "open_door": "door", "use": "item", "drink": "potion"}


class ScriptedSeat:
    """Runs the acting figure's script and picks the offered action that carries out its plan.
    Decisions outside a figure's activation (the draft, a dying friend, a potion of defence,
    rust, remains) follow fixed preferences, each with its reason."""

    def __init__(self, hero_script: str = "hero_default") -> None:
        self.hero_script = hero_script

    def choose(self, game: Game, d: Decision) -> tuple[Action, str]:
        s: State = game.state
        if not d.options:
            raise ValueError("nothing to choose from")
        special = self._fixed(game, d)
        if special is not None:
            return special
        fid = d.context.get("monster") or d.context.get("figure")
        me = s.figures.get(fid) if fid else None
        if me is None or me.pos is None:
            return d.options[0], "the only sensible choice"
        if me.side != HERO:
            script_name = me.script
        elif d.context.get("commanded"):
            script_name = "zargon_default"
        elif me.kind in game.content.escorts:
            script_name = "escort_default"
        else:
            script_name = self.hero_script
        p = Plan(game, me, d)
        why = tactics.run(game.content.scripts[script_name], game.content.scripts, registry, p)
        return self._carry_out(game, d, me, p.intents, why)

    def _fixed(self, game: Game, d: Decision) -> tuple[Action, str] | None:
        c = game.content
        kinds = {a.kind for a in d.options}
        if "draft" in kinds:
            prefs = c.heroes[d.context["draft"]].draft
            best = min(d.options, key=lambda a: prefs.index(a.get("group")) if a.get("group") in prefs else 9)
            return best, f"prefers the {best.get('group')} spells"
        if "ring" in kinds:
            best = next((a for a in d.options if a.get("spell") in magic.HEALING), d.options[0])
            return best, "the ring keeps the spell most likely to save a life"
        if d.context.get("dying"):
            save = [a for a in d.options if a.kind in ("drink", "cast")]
            if save:
                return save[0], "anything to stay alive"
            return d.options[-1], "nothing can save him"
        if d.context.get("defending"):
            return next(a for a in d.options if a.kind == "drink"), "a blow is coming: drink the potion of defence"
        if "rust" in kinds:
            best = max(d.options, key=lambda a: (combat_item(c, a.get("item")).gold, a.get("item")))
            return best, "rust the priciest metal item"
        if kinds <= {"take_remains", "exit", "place"}:
            why = {"take_remains": "the first in turn order", "exit": "the first free square",
                   "place": "the first free square beside him, in reading order"}
            return d.options[0], why[d.options[0].kind]
        return None

    def _carry_out(self, game: Game, d: Decision, me: Figure, intents: list[tuple[str, Any]],
                   why: str) -> tuple[Action, str]:
        opts = d.options
        by_kind: dict[str, list[Action]] = {}
        for a in opts:
            by_kind.setdefault(a.kind, []).append(a)
        zargon = me.side != HERO or bool(d.context.get("commanded"))
        for kind, arg in intents:
            if kind == "move":
                if zargon:
                    for a in by_kind.get("monster_move", []):
                        if tuple(a.get("to")) == tuple(arg):
                            return a, why
                    continue
                step = self._step_toward(game, me, arg)
                if step is not None:
                    return step, why
                continue
            want = arg if isinstance(arg, dict) else ({INTENT_KEYS[kind]: arg} if kind in INTENT_KEYS else {})
            for k in INTENT_KINDS.get(kind, (kind,)):
                for a in by_kind.get(k, []):
                    if all(thaw(a.get(key)) == v for key, v in want.items()):
                        return a, why
        for fallback in ("monster_done", "end_turn", "pass", "die"):
            if fallback in by_kind:
                return by_kind[fallback][0], why
        if "step" in by_kind:  # mid-move on a friend's square: on to the nearest square he may stop on
            step = self._step_toward(game, me, lambda sq: may_stop(game.state, me, sq))
            if step is not None:
                return step, why + "; makes room"
        return opts[0], why

    def _step_toward(self, game: Game, me: Figure, goal: Any) -> Action | None:
        """A hero walks one step at a time: roll first, then step along the canonical path to
        `goal` (a square, or a test: the nearest square passing it, ties in reading order)."""
        d = game.pending
        if d is None:
            return None
        rolls = [a for a in d.options if a.kind == "roll_move"]
        if rolls:
            return rolls[0]
        s = game.state
        dist, parent = s.grid.bfs(me.pos, hero_path_test(s))
        if callable(goal):
            spots = sorted((n, sq[1], sq[0]) for sq, n in dist.items() if n > 0 and goal(sq))
            goal = (spots[0][2], spots[0][1]) if spots else None
        if goal is None or goal not in dist or goal == me.pos:
            return None
        nxt = path_back(parent, me.pos, goal)[1]
        for a in d.options:
            if a.kind == "step" and tuple(a.get("to")) == nxt:
                return a
        return None
