"""Companion AI for Wrath of Ashardalon hero seats (spec §6.2, issue 19); the dungeon seat is in
`ai.dungeon`.

Heroes cancel event-attacks, traps, hazards and the worst curses when the pile allows; always
level up; keep their once-a-game healing for a friend who has fallen or is about to (a hero
lifted from 0 HP before his turn saves a healing surge) and walk beside him to give it; clear
poison at once; disable a trap on their tile; strike with at-will powers, the hard hitters and
the sure kills first, and keep the daily ones for the chamber, its villain and a friend in
danger (`striking`); open a tile every turn until the chamber is open, then go for its foes;
fetch a face-down prize, run for the exit past the villain, lead freed captives to the stairs,
stay near the party, and mind Dragon Fear, Walls of Magma and Hidden Snipers where they walk
and end (`moving`).  They read only what the table shows."""
from __future__ import annotations

from typing import Any

from ....engine.game import Action, Decision, Game
from .. import board, combat
from ..adventures import escape_helps, exit_here, exits
from . import card_choices
from .moving import best_move
from .reading import HEALS, heal_amount, in_danger
from .striking import best_attack, damaging, target_pick

CANCEL_ALWAYS = ("event_attack", "trap", "hazard")
CANCEL_CURSES = ("cage", "time_leap", "bad_luck", "dragon_fear")


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
            return a, "use the reaction while it can help"
        if "target" in kinds and d.options[-1].get("target") is None:
            return d.options[0], "a second target when there is one"
        if "target" in kinds:
            return target_pick(game, d.options)
        asked = card_choices.choose(game, d)
        if asked is not None:
            return asked
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
        done = d.context.get("done", [])
        if "escape" in by_kind and escape_helps(game, h):
            return by_kind["escape"][0], "on the exit, and leaving serves the adventure"
        heal = self.best_heal(game, by_kind.get("power", []) + by_kind.get("item", []))
        if heal is not None:
            return heal
        cure = self.cure(game, h, by_kind.get("power", []) + by_kind.get("item", []), done)
        if cure is not None:
            return cure
        items = by_kind.get("item", [])
        for a in by_kind.get("power", []):
            if a.get("power") == "mirror_image" and board.adjacent_foes(s, h):
                return a, "monsters close: conjure mirror images"
        for a in items:
            pid = a.get("power")
            if pid and game.content.powers[pid].type == "daily":
                return a, f"ready the spent {game.content.powers[pid].name}"
        for a in items:
            if a.get("target") and not a.get("slot"):
                return a, "a free attack with an item"
        for a in items:
            if str(a.get("card")).startswith("tome_of_experience"):
                return a, "read the tome: level 2"
        if by_kind.get("disable") and not board.adjacent_foes(s, h):
            return by_kind["disable"][0], "disable the trap: it strikes again every villain phase"
        attacks = [a for a in by_kind.get("attack", []) if damaging(game, a)]
        running = escape_helps(game, h) and by_kind.get("move") and any(
            ch in exits(game) for ch in board.lay(s).terrain.values())
        if running:  # both actions go into the run for the exit
            move, why = best_move(game, h, by_kind["move"], False, None)
            if move is not None:
                return move, "moves " + why
        if attacks:
            return best_attack(game, h, attacks)
        for a in by_kind.get("power", []):
            if a.get("power") == "hurled_breath" and any(
                    tuple(a.get("tile")) in board.cells_of(m) for m in s.foes()):
                return a, "breathe on the monsters"
        if by_kind.get("disable"):
            return by_kind["disable"][0], "disable the trap: it strikes again every villain phase"
        if by_kind.get("open_cage"):
            return by_kind["open_cage"][0], "force the cage open"
        if by_kind.get("unlock"):
            return by_kind["unlock"][0], "force the locked door"
        if by_kind.get("move"):
            attack_after = not done and "dazed" not in h.conditions
            move, why = best_move(game, h, by_kind["move"], attack_after, self.friend_to_heal(game, h))
            if move is not None:
                return move, "moves " + why
        return by_kind["end"][0], "nothing better to do: " + self.why_stay(game, h)

    def why_stay(self, game: Game, h: Any) -> str:
        s = game.state
        if board.adjacent_foes(s, h):
            return "already beside the foes"
        return "no move betters where he stands"

    def best_heal(self, game: Game, options: list[Action]) -> tuple[Action, str] | None:
        """A healing power or item is kept for a hero who has fallen (lifting him saves a
        surge) or is about to; a heal that would be wasted on a scratch waits."""
        s = game.state
        best: tuple[float, Action, str] | None = None
        for a in options:
            pid = a.get("power")
            if not (pid in HEALS or a.get("heal")):
                continue
            n = heal_amount(game, pid, a.get("heal"))
            whom = [s.figures[x] for x in (a.get("other"), a.get("hero")) if x and x in s.figures]
            if pid == "lay_on_hands" or a.get("heal"):
                whom = whom[:1]
            if pid == "dwarven_resilience":
                whom = [s.figures[a.get("hero")]]
            for who in whom:
                missing = who.max_hp - who.hp
                if who.hp <= 0:
                    worth, why = 100.0 + n, f"{who.name} has fallen: lifting him saves a healing surge"
                elif in_danger(who):
                    worth, why = 50.0 + min(n, missing), f"{who.name} is down to {who.hp} HP"
                else:
                    continue
                if best is None or worth > best[0]:
                    best = (worth, a, why)
        if best is None:
            return None
        return best[1], f"{best[1].text}: {best[2]}"

    def cure(self, game: Game, h: Any, options: list[Action], done: list[str]) -> tuple[Action, str] | None:
        """Poison bites every turn until a save: clear it at once; clear his own daze before he
        has acted, so he gets both his actions."""
        s = game.state
        for a in options:
            who = s.figures.get(a.get("other"))
            if a.get("condition") == "poisoned" and who is not None:
                return a, f"{a.text}: poison costs {who.name} 1 HP every turn until he shakes it off"
        for a in options:
            if a.get("condition") == "dazed" and a.get("other") == h.id and not done:
                return a, f"{a.text}: dazed, he could only take one action"
        return None

    def friend_to_heal(self, game: Game, h: Any) -> Any:
        """A fallen or failing friend this hero could heal if he stood beside him."""
        s = game.state
        can = any(up and pid in ("lay_on_hands",) for pid, up in h.powers.items()) or any(
            up and combat.item_of(game, c).heal for c, up in h.items.items())
        if not can:
            return None
        hurt = [o for o in s.heroes() if o is not h and o.on_board and (o.hp <= 0 or in_danger(o))]
        return min(hurt, key=lambda o: (o.hp, o.id), default=None)

    def refuge(self, game: Game, d: Decision) -> tuple[Action, str]:
        """Lift the most hurt hero out of harm's way when he is down to 2 HP or less."""
        s = game.state
        lifts = [a for a in d.options if a.get("other")]
        worst = min(lifts, key=lambda a: s.figures[a.get("other")].hp, default=None)
        if worst is not None and s.figures[worst.get("other")].hp <= 2:
            return worst, f"save {s.figures[worst.get('other')].name} from the villains"
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


__all__ = ["HeroAI", "exit_here"]
