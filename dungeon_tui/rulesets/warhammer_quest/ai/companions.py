"""A Warhammer Quest companion: plays any warrior seat as a careful player would, and says why.

It reads only what the table shows (the board, the warriors' sheets and packs, the monsters in
play), never a pile, a deck or the dice to come.  Each choice weighs the expected harm on every
warrior (`danger`), the odds of a blow or a spell (`odds`), and then: lift the fallen, ward or
heal the one likeliest to fall (`wizardry`, `tending`), get out from under a cave-in, break from
a pin that would fell him to where the fewest monsters can follow (`shelter`),
strike the foe whose death spares the most Wounds (archers first), and walk into a new room
only all together (`footwork`)."""
from __future__ import annotations

from typing import Any

from ....engine.game import Action, Decision, Game
from ....engine.grid import Sq
from ..combat import ring_next
from ..state import State
from ..warriors import move_squares
from . import footwork, tending, wizardry
from .danger import friend_in_peril_beside, is_archer
from .odds import kill_chance, menace, shot_kills

Choice = tuple[Action, str]

# The kinds that tell a decision other than a warrior's own turn (none of them is among his).
_SET_KINDS = ("give", "done", "dig", "explore", "life", "chalice", "start", "place", "deathblow", "lantern", "lay")


class WarriorAI:
    def choose(self, game: Game, decision: Decision) -> Choice:
        # Only the kinds the checks below name are asked for: a warrior's own turn holds none
        # of them, so his options are read kind by kind in `_turn`, each group made when asked.
        s: State = game.state
        if decision.context.get("own_turn"):  # holds none of the kinds below: read kind by kind
            return self._turn(game, s, s.figures[decision.context["figure"]], decision)
        if decision.context.get("window"):  # casts and a pass: none of the kinds below either
            return self._window(game, s, decision)
        kinds = {a.kind for a in decision.offers_of(*_SET_KINDS)}
        if "give" in kinds:
            return self._give(game, decision.options)
        if decision.context.get("aid"):
            return tending.aid(game, decision.options)
        if "done" in kinds:  # end-of-turn trades: companions keep what they were given
            return decision.offers_of("done")[0], "no trade needed"
        if "dig" in kinds:
            return decision.offers_of("dig")[0], "no other way on: dig"
        if "explore" in kinds:
            if footwork.resting(s):
                return decision.offers_of("pass")[0], "rest: the Wizard can heal the wounded first"
            return decision.offers_of("explore")[0], "explore onward while the section is quiet"
        opts = decision.options if kinds else []
        if "life" in kinds:
            most = min(opts, key=lambda a: (s.figures[a.get("to")].wounds - s.figures[a.get("to")].max_wounds,
                                            s.figures[a.get("to")].wounds))
            return most, f"the {s.figures[most.get('to')].name} is the most hurt"
        if "chalice" in kinds:
            again = decision.context.get("power") == 1
            return next(a for a in opts if bool(a.get("again")) == again), (
                "a 1 would bring an Unexpected Event" if again else "the roll is good enough")
        if "start" in kinds:
            return footwork.start(s, opts)
        if "place" in kinds:  # rotating placer: the placement script's own first choice
            return opts[0], str(decision.context.get("why") or "first legal square")
        if "deathblow" in kinds:
            return self._deathblow(game, s, decision)
        if "lantern" in kinds:
            # The bearer leads and opens each new room: the warrior with the most Wounds left.
            bearer = max(opts, key=lambda a: (s.figures[a.get("to")].wounds, a.get("to")))
            name = s.figures[bearer.get("to")].name
            return bearer, f"the {name} has the most Wounds left to lead with"
        if "lay" in kinds:
            return opts[0], "the card's first way round: nothing hidden tells one from the other"
        who = decision.context.get("figure")
        if who is None:
            return decision.options[0], "first choice"
        return self._turn(game, s, s.figures[who], decision)

    def _window(self, game: Game, s: State, decision: Decision) -> Choice:
        """A casting window: the Wizard's best cast now, or he holds his power."""
        phase = str(decision.context["window"])
        picked = wizardry.pick_offered(game, decision, phase)
        return picked or (decision.offers_of("pass")[0], self._hold_why(s, phase))

    @staticmethod
    def _hold_why(s: State, phase: str) -> str:
        if phase == "W":
            return "hold the power: no blast worth it now; it may ward a friend before the monsters strike"
        return "hold the power: nobody is in danger enough to spend it"

    def _give(self, game: Game, opts: list[Action]) -> Choice:
        card = opts[0].get("card")
        wizard_only = card in ("finger_of_doom_scroll", "orb_of_might", "deathstone")
        bow = card in ("arrows_of_death",)
        for a in opts:
            if (wizard_only and a.get("to") == "wizard") or (bow and a.get("to") == "elf"):
                return a, "the card suits this warrior best"
        return opts[0], "first eligible warrior in turn order"

    def _deathblow(self, game: Game, s: State, decision: Decision) -> Choice:
        """Swing the way that holds more foes in a row, the most dangerous counting most."""
        c = game.content
        warrior = s.figures[decision.context["attacker"]]
        x, y = decision.context["from"]
        start: Sq = (x, y)

        def chain(clockwise: bool) -> tuple[float, list[str]]:
            worth, names, at, fade = 0.0, [], start, 1.0
            for _ in range(7):
                nxt = ring_next(s, warrior, at, clockwise)
                if nxt is None or nxt.pos is None:
                    break
                worth += fade * kill_chance(c, warrior, nxt, 1) * menace(c, nxt)
                names.append(nxt.name)
                if nxt.wounds < nxt.max_wounds:
                    break  # a wounded foe cannot carry the sweep on
                at, fade = nxt.pos, fade * 0.5
            return worth, names
        scored = [(chain(bool(a.get("clockwise"))), a) for a in decision.options]
        (worth, names), best = max(scored, key=lambda t: (t[0][0], bool(t[1].get("clockwise"))))
        return best, f"swing on toward {', '.join(names)}: the likeliest kills, the worst foes first"

    def _turn(self, game: Game, s: State, warrior: Any, decision: Decision) -> Choice:
        """His own turn: each kind of option is read only when the choice comes to it (the
        same choice as reading them all first: each kind's offers are in the options' order)."""
        of = decision.offers_of
        # What every turn reads before it may strike or move, asked in one go (cheap groups);
        # the strikes, shots and moves below only when the choice comes to them.
        by_kind: dict[str, list[Action]] = {}
        for a in of("rope", "escape", "adventure", "use"):
            by_kind.setdefault(a.kind, []).append(a)
        if "rope" in by_kind:
            return by_kind["rope"][0], "a friend is stuck in a pit: haul him out"
        escape = by_kind.get("escape")
        if escape and footwork.in_cave_in(s, warrior):
            return escape[0], "break away: the roof of this section is coming down"
        # His moves as the squares they go to, found once, when first needed (a local, not a
        # closure: every decision of his turn comes here): only the option he picks is then made.
        moves: list[Sq] | None = None
        if footwork.in_cave_in(s, warrior):
            moves = move_squares(s, game.content, warrior, decision)
            out = footwork.leave_cave_in(game, s, warrior, moves)
            if out:
                return self._moving(decision, warrior, out)
        deed = self._deed(warrior, by_kind.get("adventure", []))
        if deed:
            return deed
        item = tending.use_now(game, warrior, by_kind.get("use", []))
        if item:
            return item
        # Only the Wizard is offered casts (the Hand of Death is his too): the others' turns
        # need not ask for them.
        cast = wizardry.pick_offered(game, decision, "own") if warrior.id == "wizard" else None
        if cast:
            return cast
        if escape:
            why = footwork.wants_to_break_away(game, s, warrior, decision)
            if why:
                return escape[0], why
        if warrior.flags.get("escaped_pin"):
            if moves is None:
                moves = move_squares(s, game.content, warrior, decision)
            move = footwork.move(game, s, warrior, moves) if moves else None
            if move:
                return self._moving(decision, warrior, move)
        attacks = of("attack")
        if attacks:
            return self._strike(game, s, warrior, attacks)
        shots = of("shoot")
        if shots:
            return self._shoot(game, s, warrior, shots)
        if moves is None:
            moves = move_squares(s, game.content, warrior, decision)
        if moves:
            move = footwork.move(game, s, warrior, moves)
            if move:
                return self._moving(decision, warrior, move)
        return of("end")[0], self._why_end(game, s, warrior)

    @staticmethod
    def _moving(decision: Decision, warrior: Any, step: footwork.Step) -> Choice:
        """The option of the move he picked, asked of the decision (made alone, in its words)."""
        to, why = step
        found = decision.offer_for(Action.sorted_plain(decision.seat, "move", "", (("to", to), ("who", warrior.id))))
        assert found is not None, f"the {warrior.name} picked a square his moves do not go to: {to}"
        return found, why

    def _strike(self, game: Game, s: State, warrior: Any, attacks: list[Action]) -> Choice:
        """The adjacent foe whose death spares the party most: odds to kill times its harm."""
        c = game.content
        blows = max(1, warrior.flags.get("attacks_left", 0)) if warrior.flags.get("attacking") else None

        odds: dict[str, tuple[float, float]] = {}  # per foe: the chance to kill it, its harm

        def worth(a: Action) -> tuple[float, str]:
            m = s.figures[a.get("target")]
            guard = friend_in_peril_beside(game, m, but=warrior.id)
            p, harm = odds[m.id] = kill_chance(c, warrior, m, blows), menace(c, m)
            return p * harm * (1.5 if is_archer(c, m) else 1.0) * (1 + guard) + 0.01 * harm, m.id
        best = max(attacks, key=worth)
        m = s.figures[best.get("target")]
        p, harm = odds[m.id]
        return best, f"attack {m.name}: {p:.0%} to kill it" + (", an archer" if is_archer(c, m) else "") + (
            f", it hits for about {harm:.0f}" if harm >= 2 else "")

    def _shoot(self, game: Game, s: State, warrior: Any, shots: list[Action]) -> Choice:
        c = game.content

        def worth(a: Action) -> tuple[float, float, str]:
            m = s.figures[a.get("target")]
            return (2.0 if is_archer(c, m) else 1.0), shot_kills(c, warrior, m) * menace(c, m), m.id
        best = max(shots, key=worth)
        m = s.figures[best.get("target")]
        if is_archer(c, m):
            return best, f"shoot {m.name} first: an archer no sword can reach yet"
        return best, f"shoot {m.name}: {shot_kills(c, warrior, m):.0%} to kill it"

    @staticmethod
    def _why_end(game: Game, s: State, warrior: Any) -> str:
        if warrior.flags.get("attacking") or warrior.flags.get("acted"):
            return "has struck his blows"
        if warrior.id != s.lantern and footwork.holding_back(s):
            return "holds back: the objective room's monsters come round whoever stands inside or near it"
        if s.any_monster():
            if warrior.kind == "wizard":
                return "stays behind the fighters"
            return "holds his ground: no foe within reach"
        return "waits for the party"

    def _deed(self, warrior: Any, deeds: list[Action]) -> Choice | None:
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
