"""The automated side (spec §6): tactics words, and one activation of a monster, villain,
villager, hazard or trap.

A script's conditions are read on the state; the firing line's actions record intents; the
dungeon seat then decides "this figure acts by line k" (its reason names the line and why),
and the intents are carried out step by step, each target chosen by the spec's rules (ties
go to the active hero's seat, or the fixed order)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine import tactics
from ...engine.game import DUNGEON, Action, Decision, Game, Procedure
from ...engine.grid import Sq
from . import board, combat
from .blows import attack_hero
from .choosing import SQUARES, closest, closest_said, fixed_order, holders_from, pick, tiles
from .exploration import sentry_explore
from .geometry import Cell, cell_of
from .placing import placed
from .reactions import before_monster_attack, monster_activates
from .state import FOES, HERO, MONSTER, VILLAGER, VILLAIN, Figure, State, squares_of
from ...engine.words import counted, listing

registry = tactics.Registry()


@dataclass
class Ctx:
    game: Game
    me: Figure
    attacks: dict[str, Any]
    villager: bool = False  # villagers count real heroes as heroes and monsters as their foes
    pool: list[Figure] = field(default_factory=list)  # the heroes the firing line's condition names
    intents: list[tuple[Any, ...]] = field(default_factory=list)
    stop: bool = False

    @property
    def s(self) -> State:
        return self.game.state

    def heroes(self) -> list[Figure]:
        """Who the script calls heroes: for monsters standing heroes and villagers (§6.5)."""
        return board.standing_heroes(self.s) if self.villager else board.monster_targets(self.s)

    def foes(self) -> list[Figure]:
        return self.s.foes()

    def holds(self, found: list[Figure]) -> bool:
        if found:
            self.pool = found
        return bool(found)

    def targets(self) -> list[Figure]:
        """Whom a line's "closest hero" is picked from: those its condition named, else all."""
        return self.pool or self.heroes()


# -- the words of the log: each primitive's label is written at its registration -------------------
def _found(where: str) -> Any:
    """A condition's label naming whom it found: "Quinn is adjacent", "Quinn and Vistra are ..."."""
    def said(ctx: Ctx, **_params: Any) -> str:
        names = [f.name for f in ctx.pool]
        return f"{listing(names)} {'is' if len(names) == 1 else 'are'} " + where.format(**_params)
    return said


def _closest(ctx: Ctx, target: str) -> str:
    """A line's target in words, with whom it comes to now: "the closest hero, Quinn"."""
    if target == "closest_monster":
        return closest_said(ctx.s, ctx.me, ctx.foes(), "closest monster")
    if target == "closest_hero":
        return closest_said(ctx.s, ctx.me, ctx.targets(), "closest hero")
    return {"closest_unexplored_edge_tile": "the closest tile with an unexplored edge",
            "closest_exit_tile": "the closest exit"}.get(target, "the " + tactics.plain(target))


def _attack_said(ctx: Ctx, target: str, attack: str) -> str:
    weapon = f"with its {tactics.plain(attack)}"
    if target == "that_hero":
        return "attacks " + weapon  # the hero the line just moved next to
    if target == "closest_adjacent_hero":
        near = [h for h in ctx.pool if board.adjacent(ctx.s, ctx.me, h)] or \
            [h for h in ctx.heroes() if board.adjacent(ctx.s, ctx.me, h)]
        return f"attacks {closest_said(ctx.s, ctx.me, near, 'closest adjacent hero')}, {weapon}"
    if target == "adjacent_monster":
        near = [m for m in ctx.foes() if board.adjacent(ctx.s, ctx.me, m)]
        return f"attacks {near[0].name if near else 'the monster beside it'} {weapon}"
    return f"attacks {_closest(ctx, target)}, {weapon}"


def _scope_said(ctx: Ctx, scope: str, tiles: int = 0) -> str:
    """Whom an attack or damage on all reaches."""
    if scope == "tile_of_closest_hero":
        return "every hero on the tile of " + _closest(ctx, "closest_hero")
    return {"on_tile": "every hero on its tile", "marker_tile": "every hero on its tile",
            "within_tiles": f"every hero within {counted(tiles, 'tile')}", "adjacent": "every hero beside it",
            "lava_tiles": "every hero on a lava tile"}.get(scope, "every hero " + tactics.plain(scope))


def _on_my_tiles(ctx: Ctx, figs: list[Figure]) -> list[Figure]:
    return [f for f in figs if board.same_tile(ctx.me, f)]


@registry.condition(says=_found("adjacent"))
def adjacent_to_hero(ctx: Ctx) -> bool:
    return ctx.holds([h for h in ctx.heroes() if board.adjacent(ctx.s, ctx.me, h)])


@registry.condition(says=_found("on its tile"))
def on_tile_with_hero(ctx: Ctx) -> bool:
    return ctx.holds(_on_my_tiles(ctx, ctx.heroes()))


@registry.condition(says=lambda ctx, n: _found(f"within {counted(n, 'tile')}")(ctx))
def hero_within_tiles(ctx: Ctx, n: int) -> bool:
    near = board.within_tiles(ctx.s, ctx.me, ctx.heroes(), n)
    return ctx.holds(near)


def _open_edges(ctx: Ctx) -> list[tuple[Cell, str]]:
    mine = set(board.cells_of(ctx.me))
    return [e for e in board.lay(ctx.s).unexplored_edges() if e[0] in mine]


@registry.condition(says="no hero is on its tile, which has an unexplored edge")
def tile_has_no_hero_and_unexplored_edge(ctx: Ctx) -> bool:
    return not _on_my_tiles(ctx, ctx.heroes()) and bool(ctx.s.decks.get("dungeon")) and bool(_open_edges(ctx))


@registry.condition(says="its tile has an unexplored edge")
def tile_has_unexplored_edge(ctx: Ctx) -> bool:
    return bool(ctx.s.decks.get("dungeon")) and bool(_open_edges(ctx))


@registry.condition(says=lambda ctx, n: _found(f"within {counted(n, 'tile')}")(ctx))
def monster_within_tiles(ctx: Ctx, n: int) -> bool:
    near = board.within_tiles(ctx.s, ctx.me, ctx.foes(), n)
    return ctx.holds(near)


@registry.condition(says=_found("adjacent"))
def adjacent_to_monster(ctx: Ctx) -> bool:
    return ctx.holds([m for m in ctx.foes() if board.adjacent(ctx.s, ctx.me, m)])


# The actions only record intents (carried out after the decision); their labels say them.
@registry.action(name="attack", says=_attack_said)
def _attack(ctx: Ctx, target: str, attack: str) -> None:
    ctx.intents.append(("attack", {"target": target, "attack": attack}))


@registry.action(name="attack_all", says=lambda ctx, scope, attack, tiles=0:
                 f"attacks {_scope_said(ctx, scope, tiles)} with its {tactics.plain(attack)}")
def _attack_all(ctx: Ctx, scope: str, attack: str, tiles: int = 0) -> None:
    ctx.intents.append(("attack_all", {"scope": scope, "attack": attack, "tiles": tiles}))


@registry.action(name="move_adjacent", says=lambda ctx, target: f"moves next to {_closest(ctx, target)}")
def _move_adjacent(ctx: Ctx, target: str) -> None:
    ctx.intents.append(("move_adjacent", {"target": target}))


@registry.action(name="move_tiles",
                 says=lambda ctx, target, n: f"moves {counted(n, 'tile')} toward {_closest(ctx, target)}")
def _move_tiles(ctx: Ctx, target: str, n: int) -> None:
    ctx.intents.append(("move_tiles", {"target": target, "n": n}))


@registry.action(name="explore_bottom_tile_and_place_monster",
                 says="explores its tile's unexplored edge with the dungeon stack's bottom tile, "
                      "and a monster appears there")
def _explore(ctx: Ctx) -> None:
    ctx.intents.append(("explore", {}))


@registry.action(name="pull_adjacent", says=lambda ctx, target: f"pulls {_closest(ctx, target)} next to it")
def _pull(ctx: Ctx, target: str) -> None:
    ctx.intents.append(("pull_adjacent", {"target": target}))


@registry.action(name="move_marker_tiles",
                 says=lambda ctx, target, n: f"moves {counted(n, 'tile')} toward {_closest(ctx, target)}")
def _move_marker(ctx: Ctx, target: str, n: int) -> None:
    ctx.intents.append(("move_marker", {"target": target, "n": n}))


@registry.action(name="add_lava_marker", says="spreads its lava to one more tile")
def _lava(ctx: Ctx) -> None:
    ctx.intents.append(("lava", {}))


@registry.action(name="damage_all", says=lambda ctx, scope, n: f"deals {n} damage to {_scope_said(ctx, scope)}")
def _damage_all(ctx: Ctx, scope: str, n: int) -> None:
    ctx.intents.append(("damage_all", {"scope": scope, "n": n}))


@registry.action(name="do_nothing", says="does nothing")
def _nothing(ctx: Ctx) -> None:
    ctx.intents.append(("nothing", {}))


# -- ties (§6.2) ----------------------------------------------------------------------------------


# -- carrying out -----------------------------------------------------------------------------------


def place(game: Game, figure: Figure, sq: Sq, how: str) -> None:
    figure.pos = sq
    game.emit("place", figure=figure.id, to=list(sq),
              text=f"  {figure.name} {how} {board.tile_label(game.state, cell_of(sq))}.")


def step_adjacent(game: Game, me: Figure, target: Figure) -> Procedure:
    """Place `me` on the free square next to `target` nearest to it; returns whether adjacent."""
    s: State = game.state
    if board.adjacent(s, me, target):
        return True
    if me.flags.get("size", 1) == 2:
        near = blocks_beside(s, me, target)
    else:
        near = board.free_adjacent(s, target, but=me)
    if not near:
        game.emit("tactics", figure=me.id, text=f"  {me.name} finds no free square beside {target.name}.")
        return False
    dist = board.square_distances(s, me)
    sq = yield from pick(game, near, lambda q: dist.get(q, board.FAR), f"where {me.name} stands", SQUARES)
    place(game, me, sq, "moves next to " + target.name + " on")
    yield from placed(game, me)  # blade or caltrop tokens bite
    return True


def blocks_beside(s: State, me: Figure, target: Figure) -> list[Sq]:
    """Top-left corners of the free 2x2 blocks with a square next to the target (§5.1: a 2x2
    figure is adjacent from any of its squares), reading order."""
    taken = s.occupied() - set(squares_of(me))
    grid = board.lay(s).grid
    touching = {q for p in squares_of(target) for q in grid.neighbours(p)} - set(squares_of(target))
    corners = {(q[0] - dx, q[1] - dy) for q in touching for dx in (0, 1) for dy in (0, 1)}
    out = []
    for c in corners:
        block = [(c[0] + dx, c[1] + dy) for dy in (0, 1) for dx in (0, 1)]
        if all(board.free(s, b, taken) for b in block) and set(block) & touching:
            out.append(c)
    return sorted(out, key=lambda q: (q[1], q[0]))


def targets_in_scope(game: Game, ctx: Ctx, scope: str, tiles: int) -> list[Figure]:
    s: State = game.state
    heroes = ctx.heroes()
    if scope == "on_tile" or scope == "marker_tile":
        found = _on_my_tiles(ctx, heroes)
    elif scope == "within_tiles":
        found = board.within_tiles(s, ctx.me, heroes, tiles)
    elif scope == "adjacent":
        found = [h for h in heroes if board.adjacent(s, ctx.me, h)]
    elif scope == "lava_tiles":
        lava = {cell_of(tuple(m["at"])) for m in s.markers.get(ctx.me.kind, {}).get("lava", [])}
        found = [h for h in heroes if set(board.cells_of(h)) & lava]
    else:  # tile_of_closest_hero: resolved by the caller
        found = []
    return fixed_order(s, found)


def strike(game: Game, ctx: Ctx, target: Figure, attack_name: str) -> Procedure:
    me = ctx.me
    attack = ctx.attacks[attack_name]
    if target.side in FOES:  # a villager's punch
        ac, mods = combat.foe_ac(game, target)
        hit, _ = yield from combat.attack_roll(game, "ash.combat.monster_attack", me.name, target.name,
                                               attack.bonus, ac, {}, {"ac_modifiers": mods})
        if hit:
            yield from combat.damage_foe(game, target, attack.damage, me, f"{me.name}'s {attack_name}")
        return
    rule = "ash.encounter.attack" if me.side == "marker" else "ash.combat.monster_attack"
    marker = me.side == "marker"  # a trap's or hazard's attack, which Practiced Evasion answers
    yield from attack_hero(game, rule, f"{me.name} ({attack_name.replace('_', ' ')})", target, attack,
                                  card=me.kind if marker else None, monster=None if marker else me)


def move_tiles(game: Game, ctx: Ctx, target: str, n: int) -> Procedure:
    """Go n tiles along a shortest tile path to the target's tile; land per §5.2."""
    s: State = game.state
    me = ctx.me
    lay = board.lay(s)
    mine = board.cells_of(me)
    goal_cells: list[Cell] = []
    goal_fig = None
    if target in ("closest_hero", "closest_monster"):
        pool = ctx.foes() if target == "closest_monster" else ctx.pool or ctx.heroes()
        goal_fig = yield from closest(game, me, pool, "closest " + target.split("_")[1])
        if goal_fig is None:
            return
        goal_cells = board.cells_of(goal_fig)
        if set(goal_cells) & set(mine):
            yield from step_adjacent(game, me, goal_fig)
            return
    else:
        dist = lay.tile_distances(mine)
        if target == "closest_unexplored_edge_tile":
            cells = sorted({c for c, _ in lay.unexplored_edges()}, key=lambda c: (c[1], c[0]))
        else:  # closest_exit_tile
            cells = [c for c in sorted(lay.cell_tile, key=lambda c: (c[1], c[0]))
                     if any(lay.terrain.get(q) in _exit_marks(game) for q in lay.floor_squares(c))]
        cells = [c for c in cells if c in dist]
        goal = yield from pick(game, cells, lambda c: dist[c], "the closest tile", tiles(s))
        if goal is None or goal in mine:
            return
        goal_cells = [goal]
    # Walk back from the goal along the tile graph to find the tile n hops from here.
    from_goal = lay.tile_distances(goal_cells)
    here = min(mine, key=lambda c: (from_goal.get(c, board.FAR), c[1], c[0]))
    if from_goal.get(here, board.FAR) >= board.FAR:
        game.emit("tactics", figure=me.id, text=f"  {me.name} has no way there and stays.")
        return
    cell = here
    for _ in range(n):
        if from_goal[cell] == 0:
            break
        nxt = [c for c in lay.tile_neighbours(cell) if from_goal.get(c, board.FAR) == from_goal[cell] - 1]
        cell = yield from pick(game, sorted(nxt, key=lambda c: (c[1], c[0])), lambda c: 0, "the tile to go by",
                               tiles(s))
    sq = board.place_square(s, cell, but=me, size=me.flags.get("size", 1))
    if sq is None:
        game.emit("tactics", figure=me.id, text=f"  No free square for {me.name}; it stays.")
        return
    place(game, me, sq, "moves to")
    yield from placed(game, me)  # blade or caltrop tokens bite


def _exit_marks(game: Game) -> tuple[str, ...]:
    adv = game.content.adventures[game.state.adventure]
    return tuple(adv.exits) or ("S",)


def carry_out(game: Game, ctx: Ctx) -> Procedure:
    s: State = game.state
    me = ctx.me
    that: Figure | None = None
    for kind, p in ctx.intents:
        if not me.on_board and me.side != "marker":
            return
        if kind == "move_adjacent":
            pool = ctx.foes() if p["target"] == "closest_monster" else (ctx.pool or ctx.heroes())
            that = yield from closest(game, me, pool, "closest " + p["target"].split("_")[1])
            if that is None or not (yield from step_adjacent(game, me, that)):
                return
        elif kind == "attack":
            t = p["target"]
            if t == "that_hero":
                target = that if that is not None and that.on_board and board.adjacent(s, me, that) else None
            elif t == "closest_adjacent_hero":
                target = yield from closest(game, me, [h for h in ctx.pool if board.adjacent(s, me, h)]
                                            or [h for h in ctx.heroes() if board.adjacent(s, me, h)],
                                            "closest adjacent hero")
            elif t == "adjacent_monster":
                near = [m for m in ctx.foes() if board.adjacent(s, me, m)]
                target = near[0] if near else None
            else:
                target = yield from closest(game, me, ctx.pool or ctx.heroes(), "closest hero")
            if target is None:
                game.emit("tactics", figure=me.id, text=f"  {me.name} has nobody to attack; the line ends.")
                return
            yield from strike(game, ctx, target, p["attack"])
        elif kind == "attack_all":
            if p["scope"] == "tile_of_closest_hero":
                c = yield from closest(game, me, ctx.pool or ctx.heroes(), "closest hero")
                victims = fixed_order(s, [h for h in ctx.heroes() if c is not None and board.same_tile(c, h)])
            else:
                victims = targets_in_scope(game, ctx, p["scope"], p["tiles"])
            if me.side != "marker":
                victims = yield from before_monster_attack(game, me, victims)  # Noble Shield
            if not victims:  # a hazard or trap whose tile the heroes have left: say why nothing happens
                game.emit("tactics", figure=me.id, text=f"  Nobody is there: {me.name} strikes no one.")
            for h in victims:
                yield from strike(game, ctx, h, p["attack"])
        elif kind == "move_tiles":
            yield from move_tiles(game, ctx, p["target"], p["n"])
        elif kind == "pull_adjacent":
            that = yield from closest(game, me, ctx.pool or ctx.heroes(), "closest hero")
            if that is None:
                return
            if not board.adjacent(s, me, that):
                beside = board.free_adjacent(s, me, but=that)
                if not beside:
                    return
                dist = board.square_distances(s, that)
                sq = yield from pick(game, beside, lambda q: dist.get(q, board.FAR),  # noqa: B023 (used at once)
                                     "where the hero lands", SQUARES)
                place(game, that, sq, f"is dragged next to {me.name} on")
        elif kind == "explore":
            yield from sentry_explore(game, me, _open_edges(ctx))
        elif kind in ("move_marker", "lava", "damage_all"):
            yield from marker_step(game, ctx, kind, p)
        # do_nothing: nothing


def activation(game: Game, me: Figure, key: str, attacks: dict[str, Any]) -> Procedure:
    """One figure (or marker) acts: the dungeon seat's decision names the firing line and why."""
    script = game.content.scripts[key]
    ctx = Ctx(game, me, attacks, villager=me.side == VILLAGER)
    ctx.pool = []
    chosen, index, label = tactics.choose(script, game.content.scripts, registry, ctx)
    plan = ", then ".join(tactics.perform(chosen.entries[index], registry, ctx))
    # "Grell, line 2: Quinn is within 1 tile, so it moves next to the closest hero, Quinn, then ..."
    because = f"{label}, so " if label else "no line above applies, so " if index else ""
    why = f"{me.name}, line {index + 1}: {because}it {plan or 'does nothing'}"
    # The reason (line, why, what) goes beside this in the log; the text only names who acts.
    option = Action.make(DUNGEON, "activate", text=f"{me.name} acts", figure=me.id, line=index + 1)
    yield Decision(DUNGEON, f"{me.name} acts by its tactics", [option],
                   context={"figure": me.id, "line": index + 1, "reason": why})
    # The decision above is the log's line for it (its reason shows beside it); this event
    # carries the same facts as data for whoever reads events (tests, replay tools), unprinted.
    game.emit("tactics", figure=me.id, line=index + 1, reason=why, text="")
    if not ctx.pool:
        ctx.pool = ctx.heroes()
    yield from carry_out(game, ctx)


def acting_figures(game: Game, kind: str, side: str) -> list[Figure]:
    """Every figure of a name that has not acted this villain phase: own first, then clockwise [H D6]."""
    s: State = game.state
    holders = board_holders(s)
    figs = [f for f in s.figures.values() if f.kind == kind and f.side == side and f.on_board
            and f.acted != s.villain_phase]
    return sorted(figs, key=lambda f: (holders.get(_holder_of(s, f), len(holders)), f.order))


def board_holders(s: State) -> dict[str, int]:
    order = holders_from(s, None) if s.active else list(s.party)
    return {h: k for k, h in enumerate(order)}


def _holder_of(s: State, figure: Figure) -> str:
    for h, row in s.rows.items():
        if figure.card in row:
            return h
    return ""


def activate_figure(game: Game, figure: Figure) -> Procedure:
    s: State = game.state
    c = game.content
    figure.acted = s.villain_phase
    if (yield from monster_activates(game, figure)):  # Bravery; a Scroll of Monster Control uses the turn
        return
    if figure.side == MONSTER:
        yield from activation(game, figure, f"monster:{figure.kind}", c.monsters[figure.kind].attacks)
    elif figure.side == VILLAIN:
        v = c.villains[figure.kind]
        if figure.enraged and v.enraged is not None:
            yield from activation(game, figure, f"villain:{figure.kind}:enraged", v.enraged.attacks)
        else:
            yield from activation(game, figure, f"villain:{figure.kind}", v.attacks)
    elif figure.side == VILLAGER:
        yield from activation(game, figure, f"villager:{figure.kind}", c.villagers[figure.kind].attacks)


__all__ = ["HERO", "acting_figures", "activate_figure", "activation", "registry"]


MAX_LAVA = 3


def marker_figure(game: Game, card: str) -> Figure:
    """A stand-in figure at the marker's square, so the tactics words can measure from it."""
    s: State = game.state
    e = game.content.encounters[card]
    at = tuple(s.markers[card]["at"])
    return Figure(id=card, kind=card, side="marker", name=e.name, pos=at, hp=1, max_hp=1, ac=0)


def activate_marker(game: Game, card: str) -> Procedure:
    s: State = game.state
    if card not in s.markers:
        return
    me = marker_figure(game, card)
    yield from activation(game, me, f"encounter:{card}", game.content.encounters[card].attacks)


def marker_step(game: Game, ctx: Any, kind: str, p: dict[str, Any]) -> Procedure:
    s: State = game.state
    card = ctx.me.kind
    m = s.markers.get(card)
    if m is None:
        return
    lay = board.lay(s)
    if kind == "move_marker":
        target = yield from closest(game, ctx.me, ctx.heroes(), "closest hero")
        if target is None:
            return
        here = cell_of(ctx.me.pos)
        goal = board.cells_of(target)
        if here in goal:
            return  # already on the hero's tile: it stays and strikes there [H D24]
        from_goal = lay.tile_distances(goal)
        nxt = [c for c in lay.tile_neighbours(here) if from_goal.get(c, board.FAR) < from_goal.get(here, board.FAR)]
        cell = yield from pick(game, sorted(nxt, key=lambda c: (c[1], c[0])), lambda c: 0,
                               f"where {ctx.me.name} goes", tiles(s))
        if cell is None:
            return
        sq = lay.scorch(cell) or lay.placement_order(cell)[0]
        m["at"] = list(sq)
        ctx.me.pos = sq
        game.emit("marker", card=card, at=list(sq), text=f"  {ctx.me.name} rolls to {board.tile_label(s, cell)}.")
    elif kind == "lava":
        lava = m.setdefault("lava", [])
        if len(lava) >= MAX_LAVA:
            return
        have = {cell_of(tuple(x["at"])) for x in lava}
        cands = sorted({n for c in have for n in lay.tile_neighbours(c) if n not in have}, key=lambda c: (c[1], c[0]))
        cell = yield from pick(game, cands, lambda c: 0, "where the lava spreads", tiles(s))
        if cell is None:
            return
        sq = lay.scorch(cell) or lay.placement_order(cell)[0]
        lava.append({"at": list(sq)})
        game.emit("marker", card=card, at=list(sq), text=f"  Lava spreads onto {board.tile_label(s, cell)}.")
    elif kind == "damage_all":
        if p["scope"] == "lava_tiles":
            cells = {cell_of(tuple(x["at"])) for x in m.get("lava", [])}
        else:
            cells = {cell_of(ctx.me.pos)}
        victims = [h for h in ctx.heroes() if set(board.cells_of(h)) & cells]
        for h in fixed_order(s, victims):
            yield from combat.hurt(game, h, p["n"], ctx.me.name)
