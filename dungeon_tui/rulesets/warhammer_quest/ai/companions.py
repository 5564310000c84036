"""A Warhammer Quest companion: plays any warrior seat sensibly, and says why.

Fight what is adjacent (weakest first), shoot when it can, heal when a friend is low,
keep everyone inside the lantern's light, and lead the party toward unexplored doorways
and the objective.
"""
from __future__ import annotations

from typing import Any

from ....engine.game import Action, Decision, Game
from ....engine.grid import Sq, chebyshev
from .. import board
from ..state import State

HEAL_SPELLS = ("heal_wounds", "healing_hands", "lifebringer")
BOLT_SPELLS = ("lightning_bolt", "fireball", "freeze")


class WarriorAI:
    def choose(self, game: Game, decision: Decision) -> tuple[Action, str]:
        opts = decision.options
        kinds = {a.kind for a in opts}
        s: State = game.state
        if "give" in kinds:
            return self._give(game, opts)
        if decision.context.get("aid"):
            use = next((a for a in opts if a.kind == "use"), None)
            return (use, "save a dying friend") if use else (opts[-1], "nothing to heal with")
        if "done" in kinds:  # end-of-turn trades: companions keep what they were given
            return next(a for a in opts if a.kind == "done"), "no trade needed"
        if "dig" in kinds:
            return next(a for a in opts if a.kind == "dig"), "no other way on: dig"
        if "explore" in kinds:
            if self._resting(game, s):
                return next(a for a in opts if a.kind == "pass"), "rest: the Wizard can heal the wounded first"
            return next(a for a in opts if a.kind == "explore"), "explore onward while the section is quiet"
        if "life" in kinds:
            most = min(opts, key=lambda a: (s.figures[a.get("to")].wounds - s.figures[a.get("to")].max_wounds,
                                            s.figures[a.get("to")].wounds))
            return most, "the most hurt friend"
        if "chalice" in kinds:
            again = decision.context.get("power") == 1
            return next(a for a in opts if bool(a.get("again")) == again), (
                "a 1 would bring an Unexpected Event" if again else "the roll is good enough")
        if "start" in kinds:
            return self._start(s, opts)
        if "place" in kinds:  # rotating placer: the placement script's own first choice
            return opts[0], str(decision.context.get("why") or "first legal square")
        if "lay" in kinds or "lantern" in kinds or "deathblow" in kinds:
            return opts[0], "first choice"
        if decision.context.get("window"):
            casts = [a for a in opts if a.kind in ("cast", "scroll")]
            picked = self._cast(game, s, s.figures["wizard"], casts)
            return picked or (next(a for a in opts if a.kind == "pass"), "keep the power for later")
        who = decision.context.get("figure")
        if who is None:
            return opts[0], "first choice"
        return self._turn(game, s, s.figures[who], opts)

    def _start(self, s: State, opts: list[Action]) -> tuple[Action, str]:
        """Stand as near the way on as possible: the leader picks first, so he leads."""
        doors = [q for d in s.doorways.values() if d.state == "unexplored" for q in d.squares]
        if not doors:
            return opts[0], "first free square"
        dist: dict[Sq, int] = {}
        for q in doors:
            for sq, n in s.grid.distances(q).items():
                dist[sq] = min(n, dist.get(sq, 999))
        best = min(opts, key=lambda a: (dist.get(tuple(a.get("at")), 999), a.get("at")))
        return best, "the free square nearest the way on"

    def _give(self, game: Game, opts: list[Action]) -> tuple[Action, str]:
        card = opts[0].get("card")
        wizard_only = card in ("finger_of_doom_scroll", "orb_of_might", "deathstone")
        bow = card in ("arrows_of_death",)
        for a in opts:
            if (wizard_only and a.get("to") == "wizard") or (bow and a.get("to") == "elf"):
                return a, "the card suits this warrior best"
        return opts[0], "first eligible warrior in turn order"

    def _turn(self, game: Game, s: State, warrior: Any, opts: list[Action]) -> tuple[Action, str]:
        by_kind: dict[str, list[Action]] = {}
        for a in opts:
            by_kind.setdefault(a.kind, []).append(a)
        if "rope" in by_kind:
            return by_kind["rope"][0], "a friend is stuck in a pit"
        deed = self._deed(warrior, by_kind.get("adventure", []))
        if deed:
            return deed
        for a in by_kind.get("use", []):
            tgt = s.figures.get(a.get("target")) if a.get("target") else None
            if tgt is not None and tgt.is_hero and (tgt.status == "unconscious" or tgt.wounds * 3 <= tgt.max_wounds):
                return a, f"the {tgt.name} needs healing now"
        cast = self._cast(game, s, warrior, by_kind.get("cast", []) + by_kind.get("scroll", []))
        if cast:
            return cast
        if "attack" in by_kind:
            best = min(by_kind["attack"], key=lambda a: (s.figures[a.get("target")].wounds, a.get("target")))
            return best, f"attack the weakest adjacent foe ({s.figures[best.get('target')].name})"
        if "shoot" in by_kind:
            best = min(by_kind["shoot"], key=lambda a: (s.figures[a.get("target")].wounds, a.get("target")))
            return best, f"shoot the weakest foe in sight ({s.figures[best.get('target')].name})"
        if "move" in by_kind:
            move = self._move(game, s, warrior, by_kind["move"])
            if move:
                return move
        return by_kind["end"][0], "nothing useful left to do"

    def _deed(self, warrior: Any, deeds: list[Action]) -> tuple[Action, str] | None:
        """Adventure actions worth taking: never gamble on drinks or waste a one-blow sword."""
        hurt = warrior.wounds * 3 <= warrior.max_wounds
        best = None
        for a in deeds:
            if a.get("target") or a.get("drink"):
                continue
            if a.get("act") == "drink" and not hurt:
                continue
            if a.get("dice") is not None and a.get("dice") != 4:
                continue  # four dice give the best odds of a 6 with no 1
            if best is None or (a.get("act") == "look"):
                best = a
        return (best, "do the adventure's deed") if best else None

    def _cast(self, game: Game, s: State, warrior: Any, casts: list[Action]) -> tuple[Action, str] | None:
        """Spend the turn's power (it is lost at the end of the turn); tokens only in need."""
        casts = [a for a in casts if not a.get("deathstone")]  # too much of a gamble for a companion
        if not casts:
            return None
        spells = game.content.spells

        def cost(a: Action) -> int:
            return spells[a.get("spell")].cost if a.kind == "cast" else 0

        def from_power(a: Action) -> bool:
            return cost(a) <= s.power
        hurt = sorted((x for x in s.heroes() if x.on_board and x.wounds < x.max_wounds),
                      key=lambda x: (x.wounds * 3 > x.max_wounds, x.wounds - x.max_wounds))
        dire = [x for x in hurt if x.wounds * 3 <= x.max_wounds]
        for a in casts:
            sid = a.get("spell")
            if sid not in HEAL_SPELLS or not hurt:
                continue
            tgt = a.get("target")
            if sid == "healing_hands" and len(hurt) >= 2 and (from_power(a) or dire):
                return a, "every hurt friend gains a Wound"
            if tgt == hurt[0].id and (from_power(a) or hurt[0] in dire):
                return a, f"the {hurt[0].name} is the most hurt"
            if sid == "lifebringer" and (from_power(a) or dire) and len(hurt) >= 2:
                return a, "several friends are hurt"
        foes = [m for m in s.monsters() if m.active]
        if not foes:
            return None
        for a in casts:
            if a.kind == "scroll" and s.figures[a.get("target")].wounds >= 6:
                return a, "a big foe deserves the Hand of Death"
        bolts = [a for a in casts if a.get("spell") in BOLT_SPELLS and (from_power(a) or dire)]
        if bolts:
            best = max(bolts, key=lambda a: (s.figures[a.get("target")].wounds if a.get("target") else 5, str(a)))
            return best, "blast the foe while power lasts"
        return None

    def _move(self, game: Game, s: State, warrior: Any, moves: list[Action]) -> tuple[Action, str] | None:
        others = [x for x in s.heroes() if x.on_board and x.id != warrior.id]
        is_leader = warrior.id == s.lantern

        def keeps_light(sq: Sq) -> bool:
            if is_leader:
                home = s.grid.region[sq]
                lit = [home, *board.joined(s, home)]
                return all(s.section_of(x.pos) in lit for x in others)
            return s.grid.region[sq] in board.lit_sections(s)

        safe = [a for a in moves if keeps_light(tuple(a.get("to")))]
        if is_leader and any(chebyshev(x.square, warrior.square) > 2 for x in others if x.active):
            # Wait for the party before stepping into a room nobody has seen yet.
            safe = [a for a in safe if not self._fresh_room(s, tuple(a.get("to")))]
        if not safe:
            return None
        foes = [m for m in s.monsters() if m.active and m.pos]
        if foes:
            def near(sq: Sq) -> int:
                return min(chebyshev(sq, m.square) for m in foes)
            if warrior.kind == "wizard":
                return None  # the Wizard fights with spells from behind the others
            best = min(safe, key=lambda a: (near(tuple(a.get("to"))), a.get("to")))
            here = near(warrior.square)
            if near(tuple(best.get("to"))) < here:
                return best, "close with the nearest foe"
            return None
        if is_leader and self._resting(game, s):
            return None
        goal = self._goal(s, warrior)
        if goal is None:
            return None
        dist = s.grid.distances(goal)
        here = dist.get(warrior.pos, 999)
        best = min(safe, key=lambda a: (dist.get(tuple(a.get("to")), 999), a.get("to")))
        if dist.get(tuple(best.get("to")), 999) < here:
            return best, "head for " + ("the objective" if goal in self._objective_squares(s) else "the next doorway")
        return None

    @staticmethod
    def _resting(game: Game, s: State) -> bool:
        """Worth a quiet turn or two: someone is below half Wounds and the Wizard holds a healing spell."""
        wiz = s.figures.get("wizard")
        if wiz is None or not wiz.active or s.monsters():
            return False
        heals = [sp for sp in s.spells if sp in ("healing_hands", "heal_wounds", "lifebringer")]
        return bool(heals) and any(x.active and x.wounds * 2 < x.max_wounds for x in s.heroes())

    @staticmethod
    def _fresh_room(s: State, sq: Sq) -> bool:
        sec = s.sections[s.grid.region[sq]]
        return not sec.entered and sec.kind in ("room", "objective")

    def _objective_squares(self, s: State) -> list[Sq]:
        if s.objective_section is None:
            return []
        return s.sections[s.objective_section].squares

    def _goal(self, s: State, warrior: Any) -> Sq | None:
        cave = s.adv.get("cave_in")
        if cave and s.section_of(warrior.pos) == cave["section"]:
            # Get out the way we came before the roof finishes falling.
            entry = s.doorways[s.sections[cave["section"]].doorways[0]]
            if entry.leads_to:
                out = s.sections[entry.leads_to].squares
                dist = s.grid.distances(warrior.pos)
                return min(out, key=lambda q: (dist.get(q, 999), q))
        leader = s.figures.get(s.lantern)
        if warrior.id != s.lantern and leader is not None and leader.pos is not None:
            if chebyshev(warrior.pos, leader.pos) <= 2:
                return None
            return leader.pos
        obj = self._objective_squares(s)
        if obj:
            sec = s.sections[s.objective]
            feats = [sq for name in sorted(sec.features) for sq in sec.features[name]]
            return (feats or obj)[0] if sec.entered else obj[0]
        taken = {f.pos for f in s.figures.values() if f.on_board and f.id != warrior.id}
        doors = [d for d in s.doorways.values() if d.state == "unexplored" and any(q not in taken for q in d.squares)]
        if not doors and cave and warrior.pos is not None:
            # Nowhere left to go: stand outside the cave-in's doorway and dig.
            entry = s.doorways[s.sections[cave["section"]].doorways[0]]
            outside = s.sections[entry.leads_to].squares if entry.leads_to else []
            near_door = [q for q in outside if q not in taken and any(chebyshev(q, e) <= 1 for e in entry.squares)]
            return near_door[0] if near_door else None
        if not doors or warrior.pos is None:
            return None
        # Distances around the others, so a friend in the way counts as the wall he is.
        dist = s.grid.distances(warrior.pos, lambda q: q not in taken)
        door = min(doors, key=lambda d: (min(dist.get(q, 999) for q in d.squares), d.id))
        return min((q for q in door.squares if q not in taken), key=lambda q: (dist.get(q, 999), q))
