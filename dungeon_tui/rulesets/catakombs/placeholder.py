"""A plain stand-in for the AI until the solo Master's script and the companions (ai/) land:
the Master's figures walk to the nearest hero and attack; heroes fight what is next to them
and otherwise walk to the quest's objective.  Every answer says why, in plain words."""
from __future__ import annotations

from ...engine.game import Action, Decision, Game
from ...engine.grid import spread
from .quests import UNCLE
from .sight import diagonal_ok
from .state import HERO, Figure, Square, State, square
from .terrain import Map, chebyshev

ATTACKS = ("power_attack", "melee", "precise_shot", "shoot")
QUEST_MOVES = ("leave", "decipher", "speech", "open_chest", "pick_lock", "give_barrel_to_downed")


def goals_for(game: Game, fig: Figure) -> list[Square]:
    """Where a figure heads: heroes to the objective, the Master's figures to the heroes."""
    s: State = game.state
    m = Map(game)
    if fig.side != HERO:
        return [h.at for h in s.hero_side() if h.standing]
    quest = game.content.quests[s.quest]
    carrying = any("treasure_gem" in h.items for h in s.heroes())
    uncle = s.figures.get(UNCLE)
    out: list[Square]
    if quest.objective == "remove_leader":
        out = [f.at for f in s.master_figures() if f.has("leader")]
    elif (quest.objective == "carry_gem_out" and carrying) or (quest.objective == "uncle_out"
                                                                 and s.flags.get("uncle_joined")):
        out = list(m.board.exit_squares)
    elif quest.objective == "uncle_out" and uncle is not None and uncle.on_board:
        out = [uncle.at]
    elif quest.objective == "all_escape" and s.secret and all(v == "open" for v in s.secret.values()):
        out = list(m.board.exit_squares)
    elif quest.objective_at is not None:
        out = [tuple(quest.objective_at)]
    else:
        out = []
    return out or [e.at for e in s.enemies_of(fig) if e.standing]


def toward(game: Game, fig: Figure, options: list[Action]) -> tuple[Action, str] | None:
    """The walk or door that brings the figure nearest to its goal."""
    m = Map(game)
    goals = goals_for(game, fig)
    if not goals:
        return None

    doors = {square(k) for k, v in m.s.doors.items() if v == "closed"}

    def passable(sq: Square) -> bool:
        return m.ground(sq) or sq in doors
    # Doors count as open for the way ahead; the goals need not be floor (a chest, a figure).
    dist = spread(goals, lambda sq: (n for n in m.board.neighbours(sq)
                                     if passable(n) and diagonal_ok(sq, n, lambda q: m.obstacle(q) and q not in doors)))
    here = dist.get(fig.at, 1 << 20)
    best: tuple[int, Action] | None = None
    for a in options:
        to = a.get("to") if a.kind in ("walk", "run") else a.get("at") if a.kind == "open_door" else None
        if to is None:
            continue
        d = dist.get(tuple(to), 1 << 20) + (1 if a.kind == "open_door" else 0)
        if d < here and (best is None or d < best[0]):
            best = (d, a)
    if best is None:
        return None
    return best[1], f"{best[1].text.split(': ', 1)[-1]}, {best[0]} steps from the goal"


class PlaceholderSeat:
    """The dungeon seat and the hero companions until the real AI is merged in."""

    def choose(self, game: Game, d: Decision) -> tuple[Action, str]:
        kinds = {a.kind: a for a in reversed(d.options)}
        if "use_fate" in kinds:
            cancel = str(d.context.get("fate", "")).startswith("cancel")
            return (kinds["use_fate"], "fate cancels death") if cancel else (kinds["keep_fate"], "keeps fate")
        for kind, why in (("break_away", "moves on"), ("hold", "holds the line"), ("pass_turn", "saves the point"),
                          ("pass", "lets it go")):
            if kind in kinds and len(kinds) <= 2:
                return kinds[kind], why
        if d.context.get("ask") == "entry":
            heroes = [h.at for h in game.state.hero_side() if h.standing]
            best = min(d.options, key=lambda a: min((chebyshev(tuple(a.get("at")), h) for h in heroes), default=0))
            return best, "the entry nearest the heroes"
        if "deploy" in kinds:
            return d.options[0], "the first square offered"
        if "window" in d.context:
            for a in d.options:
                if a.kind in ATTACKS:
                    return a, "strikes from the shadows"
            return (kinds.get("pass_turn") or kinds["pass"]), "nothing worth the point"
        return self.act(game, d)

    def act(self, game: Game, d: Decision) -> tuple[Action, str]:
        s: State = game.state
        if any(a.kind == "activate" for a in d.options):
            return d.options[0], f"{s.figures[d.options[0].get('figure')].name} is next in the roster"
        figs = [s.figures[d.context["figure"]]]
        for fig in figs:
            mine = [a for a in d.options if a.get("figure") == fig.id]
            for kind in (*QUEST_MOVES, "free_self"):
                for a in mine:
                    if a.kind == kind and (kind != "pick_lock" or fig.side == HERO):
                        return a, a.text
            for kind in ATTACKS:
                for a in mine:
                    if a.kind == kind and (kind not in ("power_attack", "precise_shot") or fig.ap >= 2):
                        target = s.figures[a.get("target")]
                        return a, f"attacks {target.name}, the nearest enemy"
            heal = [a for a in mine if a.kind == "cast" and a.get("target")
                    and s.figures[a.get("target")].pv < s.figures[a.get("target")].max_pv // 2
                    and s.figures[a.get("target")].side == fig.side]
            if heal:
                return heal[0], "heals a wounded ally"
            moved = toward(game, fig, mine)
            if moved is not None:
                return moved
            ending = next((a for a in mine if a.kind == "end_activation"), None)
            if ending is not None:
                return ending, f"{fig.name} has nothing better to do"
        for kind in ("end_master_turn", "end_heroes_turn"):
            for a in d.options:
                if a.kind == kind:
                    return a, "nothing left to do"
        return d.options[0], "the first choice"
