"""Adventures: objective room set-up, adventure actions, goals and rewards (spec 7).

Each adventure is a `Hooks` object; the turn procedure calls its methods at fixed points.
The common shape (roll on the Objective Room Monster Table, clear the room, then an action
next to a feature) lives in the base class; adventures override only what differs.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ...engine.dice import roll, roll_event
from ...engine.effects import Effects
from ...engine.game import Action, Decision, Game, Procedure
from ...engine.grid import chebyshev
from . import treasure
from .combat import damage_modified
from .placement import place_monsters
from .rolls import dice_value
from .state import DEAD, Figure, State



# Each adventure's special rules, by the `rules` id of adventures.yaml: a Hooks class (or a
# function making one) that the turn procedure calls at fixed points.  The adventures of one
# objective room live in their own module, which registers them on import.
RULES: Effects[Callable[[str], Hooks]] = Effects("adventure rules")
Made = TypeVar("Made", bound=Callable[[str], "Hooks"])


def rules(*ids: str) -> Callable[[Made], Made]:
    """Register a Hooks class (or maker) as the special rules of the adventures `ids`."""
    def register(make: Made) -> Made:
        RULES(*ids)(make)
        return make
    return register


class GameOver(Exception):
    def __init__(self, result: dict[str, Any]) -> None:
        super().__init__(result.get("outcome"))
        self.result = result


def _nothing() -> Procedure:
    return
    yield  # pragma: no cover


class Hooks:
    """The default adventure: the objective room's monsters come from the table."""

    feature: str | None = None  # the feature an adventure action is done next to
    action_name: str | None = None

    def __init__(self, adv_id: str) -> None:
        self.id = adv_id

    # -- objective room ----------------------------------------------------------------------
    def objective_groups(self, game: Game) -> Procedure:
        s: State = game.state
        adv = game.content.adventures[self.id]
        if adv.monsters == "none":
            return []
        if adv.monsters == "fixed":
            out = []
            for g in adv.fixed:
                n = yield from dice_value(game, g.count, "whq.event.count",
                                          f"the {game.content.monsters[g.monster].name}s")
                out.append((g.monster, n))
            return out
        (face,) = yield from roll(game, 1, 6, "whq.objective.table")
        row = max(1, min(6, face + adv.table_modifier))
        mods = {"adventure": adv.table_modifier} if adv.table_modifier else {}
        roll_event(game, "whq.objective.table", "1d6", [face], modifiers=mods, outcome=row,
                   text=f"Objective Room Monster Table: row {row}.")
        s.adv["table_row"] = row
        out = []
        for g in game.content.objective_table[row - 1].monsters:
            kind = g.monster
            if adv.goblins_as_skaven and kind.startswith(("goblin", "night_goblin")):
                kind = "skaven"
            n = yield from dice_value(game, g.count, "whq.event.count", f"the {game.content.monsters[kind].name}s")
            out.append((kind, n))
        return out

    def objective_entered(self, game: Game, order: list[Figure]) -> Procedure:
        s: State = game.state
        sid = s.objective
        groups = yield from self.objective_groups(game)
        inside = [w for w in order if w.active and s.section_of(w.pos) == sid]
        game.emit("info", text=f"The party enters the objective room of {game.content.adventures[self.id].name}!")
        if groups:
            yield from place_monsters(game, groups, sid, inside, "objective", "M1", order)

    # -- clearing and actions -------------------------------------------------------------------
    def room_clear(self, game: Game) -> bool:
        s: State = game.state
        sid = s.objective_section
        if sid is None or not s.sections[sid].entered:
            return False
        return not any(s.section_of(m.pos) == sid for m in s.monsters())

    def next_to_feature(self, game: Game, warrior: Figure) -> bool:
        s: State = game.state
        if not self.feature or s.objective_section is None or warrior.pos is None:
            return False
        squares = s.sections[s.objective_section].features.get(self.feature, [])
        return any(max(abs(warrior.pos[0] - x), abs(warrior.pos[1] - y)) <= 1 for x, y in squares)

    def can_act(self, game: Game, warrior: Figure) -> bool:
        return (self.action_name is not None and self.room_clear(game) and not warrior.flags.get("acted")
                and not warrior.flags.get("attacking") and self.next_to_feature(game, warrior))

    def extra_options(self, game: Game, warrior: Figure) -> list[Action]:
        if self.can_act(game, warrior):
            seat = game.state.seat_of[warrior.id]
            return [Action.make(seat, "adventure", text=f"{warrior.name}: {self.action_name}", who=warrior.id)]
        return []

    def play_extra(self, game: Game, warrior: Figure, action: Action) -> Procedure:
        warrior.flags["acted"] = True
        yield from self.adventure_action(game, warrior)

    def adventure_action(self, game: Game, warrior: Figure) -> Procedure:
        yield from _nothing()

    def after_action(self, game: Game) -> None:
        pass

    def before_warrior_choice(self, game: Game) -> None:
        """Bookkeeping done as a warrior is asked what he does (`warriors.warrior_choice`):
        here, in the rules, never in a query such as `can_act`, which runs only when someone
        reads the options (the AI does, a replay does not)."""

    def after_move(self, game: Game, warrior: Figure) -> Procedure:
        yield from _nothing()

    def start_of_turn(self, game: Game) -> Procedure:
        yield from _nothing()

    def start_of_warriors(self, game: Game) -> Procedure:
        yield from _nothing()

    def before_monsters(self, game: Game) -> Procedure:
        yield from _nothing()

    def extra_event_groups(self, game: Game, context: str) -> Procedure:
        """Monsters an adventure adds to an Event's monsters (fp4)."""
        yield from _nothing()
        return []

    def check_end(self, game: Game) -> None:
        """Called whenever the game may have ended; adventures with their own endings override."""

    def after_monsters(self, game: Game) -> Procedure:
        """End of the Monsters' Phase: adventures whose goal is the cleared room check here."""
        yield from _nothing()

    def end_of_turn(self, game: Game) -> Procedure:
        yield from _nothing()

    # -- endings ------------------------------------------------------------------------------------
    reward_each: str | None = None  # gold rolled for each survivor on a win, e.g. "D6x50"

    def reward(self, game: Game) -> Procedure:
        if self.reward_each:
            yield from each_gold(game, self.reward_each, "reward")

    def win(self, game: Game, why: str) -> Procedure:
        game.emit("info", text=why)
        yield from self.reward(game)
        raise GameOver({"outcome": "win", "why": why})

    def fail(self, game: Game, why: str) -> None:
        raise GameOver({"outcome": "failure", "why": why})

    def required_died(self, game: Game) -> None:
        need = game.content.adventures[self.id].needs
        if need:
            for w in game.state.heroes():
                if w.kind == need and w.status == DEAD:
                    self.fail(game, f"The {w.name} is dead, and this adventure needed him.")


def each_gold(game: Game, expr: str, why: str) -> Procedure:
    for w in game.state.heroes():
        if w.active:
            gold = yield from dice_value(game, expr, "whq.adv.reward", f"the {w.name}'s {why}")
            w.gold += gold


def living(s: State) -> list[Figure]:
    return [w for w in s.heroes() if w.active]


def feature(s: State, name: str) -> list[tuple[int, int]]:
    if s.objective_section is None:
        return []
    return s.sections[s.objective_section].features.get(name, [])


def next_to(s: State, warrior: Figure, name: str) -> bool:
    return warrior.pos is not None and any(chebyshev(warrior.pos, q) <= 1 for q in feature(s, name))


def treasure_each(game: Game) -> Procedure:
    yield from treasure.give_cards(game, len(living(game.state)))


def choose_warrior(game: Game, prompt: str, kind: str) -> Procedure:
    """The leader's seat names a warrior (a carrier, a bearer)."""
    s: State = game.state
    pool = living(s)
    seat = s.seat_of[s.leader] if s.leader in s.seat_of else s.seat_of[pool[0].id]
    opts = [Action.make(seat, kind, text=f"the {w.name}", who=w.id) for w in pool]
    pick = yield Decision(seat, prompt, opts)
    return s.figures[pick.get("who")]


class TreasureClear(Hooks):
    """Reward of one Treasure card each."""

    def reward(self, game: Game) -> Procedure:
        yield from treasure_each(game)


class ClearWin(Hooks):
    """Clear the room and win; no reward of its own."""

    def after_monsters(self, game: Game) -> Procedure:
        if self.room_clear(game):
            yield from self.win(game, "The objective room is cleared.")

    def after_action(self, game: Game) -> None:
        pass

    def reward(self, game: Game) -> Procedure:
        yield from _nothing()


@rules("fp5")
class ManEater(ClearWin):
    """fp5 Man Eater: clear the room and win; 10 gold each if a minotaur was there."""

    def reward(self, game: Game) -> Procedure:
        row = game.state.adv.get("table_row")
        if row is not None and any(g.monster == "minotaur" for g in game.content.objective_table[row - 1].monsters):
            for warrior in game.state.heroes():
                if warrior.active:
                    warrior.gold += 10
        yield from _nothing()


@rules("fp6")
class FreePrisoners(ClearWin):
    """fp6: each warrior frees D6 prisoners, each paying D6x20 gold."""

    def reward(self, game: Game) -> Procedure:
        for w in game.state.heroes():
            if not w.active:
                continue
            n = yield from dice_value(game, "D6", "whq.adv.fp6.prisoners", f"prisoners freed by the {w.name}")
            for _ in range(n):
                w.gold += (yield from dice_value(game, "D6x20", "whq.adv.fp6.gold", "a prisoner's thanks"))


class FeatureWin(Hooks):
    """After clear, one warrior's action next to a feature wins (fc5, ic5, ic6, tc6)."""

    kept_part = 1  # each warrior keeps 1/kept_part of the gold he is rolled

    def __init__(self, adv_id: str, feature: str, action: str, who: str | None, reward_expr: str | None) -> None:
        super().__init__(adv_id)
        self.feature, self.action_name, self.who, self.reward_expr = feature, action, who, reward_expr

    def can_act(self, game: Game, warrior: Figure) -> bool:
        return super().can_act(game, warrior) and (self.who is None or warrior.kind == self.who)

    def adventure_action(self, game: Game, warrior: Figure) -> Procedure:
        yield from self.win(game, f"The {warrior.name} completes the quest: {self.action_name}.")

    def reward(self, game: Game) -> Procedure:
        s: State = game.state
        if self.reward_expr == "treasure":
            yield from treasure.give_cards(game, sum(1 for w in s.heroes() if w.active))
        elif self.reward_expr:
            for w in s.heroes():
                if w.active:
                    gold = yield from dice_value(game, self.reward_expr, "whq.adv.reward", f"the {w.name}'s reward")
                    w.gold += gold // self.kept_part


class SwordOfElectors(FeatureWin):
    """ic6: D6+S 7+ pulls the sword; a failure costs 3D6 and waits until all have tried."""

    def before_warrior_choice(self, game: Game) -> None:
        # Once every living warrior has tried, all may try again.  Done as each warrior is asked,
        # as the options were once all made then: the states (and hashes) are those of before.
        tried = game.state.adv.setdefault("tried", [])
        living = [x.id for x in game.state.heroes() if x.active]
        if all(x in tried for x in living):
            tried.clear()

    def can_act(self, game: Game, warrior: Figure) -> bool:
        return super().can_act(game, warrior) and warrior.id not in game.state.adv.get("tried", ())

    def adventure_action(self, game: Game, warrior: Figure) -> Procedure:
        from .stats import strength
        s_val = strength(game.content, warrior)
        (face,) = yield from roll(game, 1, 6, "whq.adv.ic6.wrench")
        ok = face != 1 and (face == 6 or face + s_val >= 7)
        roll_event(game, "whq.adv.ic6.wrench", "1d6", [face], target=7, inputs={"strength": s_val},
                   modifiers={"strength": s_val}, outcome="pass" if ok else "fail",
                   text=f"The {warrior.name} heaves at the sword: {face}+{s_val}, "
                        f"{'it comes free' if ok else 'it will not move'}.")
        if ok:
            yield from self.win(game, f"The {warrior.name} draws the Sword of the Electors.")
        game.state.adv.setdefault("tried", []).append(warrior.id)
        dmg = yield from dice_value(game, "3D6", "whq.adv.ic6.backlash", "the sword's backlash")
        damage_modified(game, warrior, dmg, "the sword's backlash")


@rules("fl6")
class FountainOfSouls(ClearWin):
    """fl6: after clear each warrior rolls D6+T; 5 or less dies. Win if any survive."""

    def after_monsters(self, game: Game) -> Procedure:
        if not self.room_clear(game):
            return
        from .stats import toughness
        for w in game.state.heroes():
            if not w.active:
                continue
            t_val = toughness(game.content, w)
            (face,) = yield from roll(game, 1, 6, "whq.adv.fl6.souls")
            ok = face + t_val > 5
            roll_event(game, "whq.adv.fl6.souls", "1d6", [face], target=6, inputs={"toughness": t_val},
                       modifiers={"toughness": t_val}, outcome="pass" if ok else "fail",
                       text=f"The {w.name} faces the lost souls: {face}+{t_val}, "
                            f"{'he endures' if ok else 'they take him'}.")
            if not ok:
                w.status, w.pos = DEAD, None
        if any(w.active for w in game.state.heroes()):
            yield from self.win(game, "The fountain's souls are laid to rest.")

    reward_each = "2D6x50"


@rules("fc5")
class DragonsEye(FeatureWin):
    """fc5: the Dwarf sets the gem back; each keeps half the gold."""

    kept_part = 2

    def __init__(self, adv_id: str) -> None:
        super().__init__(adv_id, "head", "set the Dragon's Eye", "dwarf", "3D6x100")


@rules("tc6")
class OpenTheTomb(FeatureWin):
    """tc6: whose tomb it is decides whether there is any reward."""

    def __init__(self, adv_id: str) -> None:
        super().__init__(adv_id, "tomb", "open the tomb", None, "D6x100")

    def adventure_action(self, game: Game, warrior: Figure) -> Procedure:
        (face,) = yield from roll(game, 1, 6, "whq.adv.tc6.identify")
        who = "Luckstein" if face <= 3 else "Bravia"
        roll_event(game, "whq.adv.tc6.identify", "1d6", [face], outcome=who.lower(),
                   text=f"{face}: the tomb is {who}'s.")
        game.state.adv["tomb"] = who
        yield from super().adventure_action(game, warrior)

    def reward(self, game: Game) -> Procedure:
        if game.state.adv.get("tomb") != "Luckstein":
            return
        yield from super().reward(game)


@rules("ic6")
def sword_in_the_idol(adv_id: str) -> Hooks:
    return SwordOfElectors(adv_id, "idol", "try to draw the sword", None, "D6x50")


PLAYABLE = ("fp1", "fp2", "fp3", "fp4", "fp5", "fp6", "fc1", "fc2", "fc3", "fc4", "fc5", "fc6",
            "fl1", "fl2", "fl3", "fl4", "fl5", "fl6", "tc1", "tc2", "tc3", "tc4", "tc5", "tc6",
            "ic1", "ic2", "ic3", "ic4", "ic5", "ic6")

_cache: dict[str, Hooks] = {}


def hooks_for(game: Game) -> Hooks:
    """The adventure's special rules, found by the `rules` id its content names."""
    adv = game.state.adventure
    hooks = _cache.get(adv)
    if hooks is None:
        hooks = _cache[adv] = RULES[game.content.adventures[adv].rules].run(adv)
    return hooks
