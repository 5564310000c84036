"""Companion AI for Wrath of Ashardalon hero seats (spec §6.2); the dungeon seat is in `ai.dungeon`.

Heroes: cancel event-attacks, traps, hazards and the worst curses when the pile allows; always
level up; spend the cheapest experience; heal the most hurt; use rerolls and damage-saving
reactions when offered; keep a find unless another hero lacks its kind of bonus; attack the
monster with fewest HP left with the best expected damage (free item attacks first); otherwise
head for the exit when one is known, explore when an edge is within this move (an encounter
card awaits a hero who does not), else close in on a monster."""
from __future__ import annotations

from typing import Any

from ....engine.game import Action, Decision, Game
from ....engine.grid import Sq, spread
from .. import board, combat
from ..adventures import escape_helps, exit_here, exits
from ..exploration import edges_along
from ..geometry import side_squares
from ..movement import walks

CANCEL_ALWAYS = ("event_attack", "trap", "hazard")
CANCEL_CURSES = ("cage", "time_leap", "bad_luck")


class HeroAI:
    def choose(self, game: Game, d: Decision) -> tuple[Action, str]:
        kinds = {a.kind for a in d.options}
        if "cancel" in kinds:
            return self.cancel(game, d)
        if "end" in kinds:
            return self.hero_phase(game, d)
        if "give" in kinds:
            return self.give(game, d)
        if "refuge" in kinds:
            return self.refuge(game, d)
        if "react" in kinds:
            a = next(a for a in d.options if a.get("use"))
            return a, "use the reaction"
        if "target" in kinds and d.options[-1].get("target") is None:
            return d.options[0], "a second target when there is one"
        if "target" in kinds:
            s = game.state
            best = min(d.options, key=lambda a: (s.figures[a.get("target")].hp - s.figures[a.get("target")].max_hp
                                                 if s.figures[a.get("target")].side == "hero"
                                                 else s.figures[a.get("target")].hp))
            return best, "the most hurt hero, or the weakest monster"
        return d.options[0], "the first offered choice, in the fixed order"

    def cancel(self, game: Game, d: Decision) -> tuple[Action, str]:
        card = d.context.get("encounter")
        kind = d.context.get("type")
        pay = [a for a in d.options if a.get("values") is not None]
        if pay and (kind in CANCEL_ALWAYS or card in CANCEL_CURSES):
            return pay[0], f"cancel the {str(kind).replace('_', '-')}: cheapest experience set"
        return d.options[-1], "keep the experience for something worse"

    def hero_phase(self, game: Game, d: Decision) -> tuple[Action, str]:
        s = game.state
        by_kind: dict[str, list[Action]] = {}
        for a in d.options:
            by_kind.setdefault(a.kind, []).append(a)
        h = s.figures[d.context["figure"]]
        if "escape" in by_kind and escape_helps(game, h):
            return by_kind["escape"][0], "on the exit, and leaving serves the adventure"
        heal = self.best_heal(game, by_kind.get("power", []) + by_kind.get("item", []))
        if heal is not None:
            return heal, "heal the most hurt hero"
        items = by_kind.get("item", [])
        for a in by_kind.get("power", []):
            if a.get("power") == "mirror_image" and board.adjacent_foes(s, h):
                return a, "monsters close: conjure mirror images"
        for a in items:
            pid = a.get("power")
            if pid and game.content.powers[pid].type == "daily":
                return a, "ready a spent daily power"
        for a in items:
            if a.get("target") and not a.get("slot"):
                return a, "a free attack with an item"
        for a in items:
            if str(a.get("card")).startswith("tome_of_experience"):
                return a, "read the tome: level 2"
        attacks = [a for a in by_kind.get("attack", []) if self.damaging(game, a)]
        if attacks:
            return self.best_attack(game, h, attacks), "attack the weakest monster with the best odds"
        if by_kind.get("power"):
            for a in by_kind["power"]:
                if a.get("power") == "hurled_breath":
                    return a, "breathe on the monsters"
        if by_kind.get("disable"):
            return by_kind["disable"][0], "disable the trap"
        if by_kind.get("open_cage"):
            return by_kind["open_cage"][0], "force the cage open"
        if by_kind.get("unlock"):
            return by_kind["unlock"][0], "force the locked door"
        if by_kind.get("move") and not (board.adjacent_foes(s, h) and "attack" in d.context.get("done", [])
                                        and self.goal_kind(game, h) == "monster"):
            move = self.best_move(game, h, by_kind["move"])
            if move is not None:
                goal = self.goal_kind(game, h)
                return move, "move toward " + ("a monster" if goal == "monster" else goal)
        return by_kind["end"][0], "nothing better to do"

    def best_heal(self, game: Game, options: list[Action]) -> Action | None:
        s = game.state
        best, worst = None, 2
        for a in options:
            who = s.figures.get(a.get("other") or a.get("hero"))
            if a.get("power") in ("healing_hymn", "lay_on_hands", "dwarven_resilience") or a.get("heal"):
                missing = who.max_hp - who.hp if who is not None else 0
                if missing >= worst:
                    best, worst = a, missing
        return best

    def refuge(self, game: Game, d: Decision) -> tuple[Action, str]:
        """Lift the most hurt hero out of harm's way when he is down to 2 HP or less."""
        s = game.state
        lifts = [a for a in d.options if a.get("other")]
        worst = min(lifts, key=lambda a: s.figures[a.get("other")].hp, default=None)
        if worst is not None and s.figures[worst.get("other")].hp <= 2:
            return worst, "save the most hurt hero from the villains"
        return d.options[0], "nobody is in great danger"

    def give(self, game: Game, d: Decision) -> tuple[Action, str]:
        """Keep a find unless the finder already has that kind of bonus and another hero lacks it."""
        s = game.state
        item = combat.item_of(game, d.context["card"])
        me = s.figures[d.context["figure"]]

        def has(h: Any) -> bool:
            got = [combat.item_of(game, c) for c in h.items]
            return ((item.ac_bonus and any(i.ac_bonus for i in got))
                    or (item.attack_bonus and any(i.attack_bonus for i in got))
                    or (item.damage_bonus and any(i.damage_bonus for i in got)))
        keep = next(a for a in d.options if a.get("hero") == me.id)
        if (item.ac_bonus or item.attack_bonus or item.damage_bonus) and has(me):
            for a in d.options:
                if a.get("hero") != me.id and not has(s.figures[a.get("hero")]):
                    return a, f"{s.figures[a.get('hero')].name} lacks that bonus"
        return keep, "keep the find"

    def damaging(self, game: Game, a: Action) -> bool:
        p = game.content.powers[a.get("power")]
        if p.attack is None:
            return False
        if p.attack.bonus is None:  # the flaming sphere: worth it with monsters on the tile
            return bool(a.get("tile")) and any(tuple(a.get("tile")) in board.cells_of(m) for m in game.state.foes())
        return True

    def best_attack(self, game: Game, h: Any, options: list[Action]) -> Action:
        s = game.state

        def score(a: Action) -> tuple[float, ...]:
            p = game.content.powers[a.get("power")]
            targets = [s.figures[a.get("target")]] if a.get("target") else \
                [m for m in s.targets() if tuple(a.get("tile")) in board.cells_of(m)]
            exp = 0.0
            bonus = p.attack.bonus if p.attack.bonus is not None else 99
            for m in targets:
                ac, _ = combat.foe_ac(game, m)
                chance = min(1.0, max(0.05, (21 - (ac - bonus)) / 20))
                exp += min(m.hp, chance * p.attack.damage * p.attack.count + (1 - chance) * p.attack.miss_damage)
            thrift = 0.75 if p.type != "at_will" else 1.0
            weakest = min((m.hp for m in targets), default=99)
            return (-exp * thrift, weakest, bonus)
        return min(options, key=score)

    def goal_kind(self, game: Game, h: Any) -> str:
        s = game.state
        lay = board.lay(s)
        if escape_helps(game, h) and any(ch in exits(game) for ch in lay.terrain.values()):
            return "the exit"
        if not s.foes():
            return "an unexplored edge"
        if any(v.kind == "trophies" for v in game.content.adventures[s.adventure].victory):
            return "monster"  # the hunt: the monsters are the goal
        # A hero who ends his phase without exploring draws an encounter card, which hurts more
        # than a monster left for later: he heads for an edge within this move (after his
        # attack, if one is beside him), and stays on one he stands along to fight there.
        if edges_along(s, h):
            return "monster" if board.adjacent_foes(s, h) else "an unexplored edge"
        edge_squares = {q for c, side in lay.unexplored_edges() for q in side_squares(c, side)}
        return "an unexplored edge" if edge_squares & set(walks(game, h)) else "monster"

    def best_move(self, game: Game, h: Any, options: list[Action]) -> Action | None:
        s = game.state
        lay = board.lay(s)
        goal = self.goal_kind(game, h)
        if goal == "the exit":
            targets = {q for q, ch in lay.terrain.items() if ch in exits(game)}
        elif goal == "monster":
            targets = {q for m in s.foes() for q in board.free_adjacent(s, m, but=h)}
            targets |= {q for m in s.foes() for q in lay.grid.neighbours(m.pos)}
        else:
            targets = set()
        if not targets or (edges_along(s, h) == [] and goal == "an unexplored edge"):
            targets |= {q for c, side in lay.unexplored_edges() for q in side_squares(c, side) if lay.grid.floor(q)}
        if not targets:
            return None
        dist = distances_to(lay.grid, targets)
        here = dist.get(h.pos, 1 << 20)
        if goal == "an unexplored edge" and edges_along(s, h):
            return None  # already along one: exploring happens after the hero phase
        best = min(options, key=lambda a: (dist.get(tuple(a.get("to")), 1 << 20), a.get("to")[1], a.get("to")[0]))
        if dist.get(tuple(best.get("to")), 1 << 20) >= here:
            return None
        return best


def distances_to(grid: Any, goals: set[Sq]) -> dict[Sq, int]:
    """Steps from every square to the nearest goal, ignoring figures (multi-source search)."""
    return spread([g for g in sorted(goals, key=lambda q: (q[1], q[0])) if grid.floor(g)], grid.neighbours)


__all__ = ["HeroAI", "exit_here"]
