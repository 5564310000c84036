"""Adventures of the Fighting Pit and the Fire Chasm (spec 7).

Each class names its adventure; numbers and tables come from the spec.  The shared shape
(table monsters, "after clear", an action next to a feature) is in adventures.Hooks.
"""
from __future__ import annotations


from ...engine.dice import roll, roll_event
from ...engine.game import Action, Decision, Game, Procedure
from ...engine.grid import chebyshev
from ...engine.words import counted
from . import events
from .adventures import Hooks, TreasureClear, feature, living, next_to, rules
from .combat import damage_modified, damage_monster, kill_monster
from .placement import place_monsters, spawn
from .rolls import dice_value
from .sight import adjacent_monsters
from .state import DEAD, ESCAPED, LOST, Figure, State



@rules("fp1")
class TheBeast(TreasureClear):
    """fp1: no weapons or armour until two monster fights are won; the pit raises minotaurs."""

    def start_of_turn(self, game: Game) -> Procedure:
        s: State = game.state
        if s.turn == 1:
            for w in s.heroes():
                w.flags["unarmed"] = w.flags["unarmoured"] = True
            game.emit("info", text="The warriors start without weapons or armour.")
        yield from ()

    def after_action(self, game: Game) -> None:
        s: State = game.state
        fights = s.adv.get("monster_events", 0)
        if fights and not s.monsters():
            won = s.adv.setdefault("fights_won", 0)
            if fights > won:
                s.adv["fights_won"] = fights
                for w in s.heroes():
                    if fights >= 1:
                        w.flags.pop("unarmed", None)
                    if fights >= 2:
                        w.flags.pop("unarmoured", None)
        for mid in s.adv.get("beasts", []):
            if s.figures[mid].status == DEAD:
                for other in s.adv["beasts"]:
                    if s.figures[other].active:
                        kill_monster(game, s.figures[other], None, gold=False)
                s.adv["beast_slain"] = True

    def after_move(self, game: Game, warrior: Figure) -> Procedure:
        s: State = game.state
        spawned = s.adv.setdefault("beasts", [])
        if warrior.pos in feature(s, "pit") and len(spawned) < 3 \
                and warrior.id not in s.adv.setdefault("beast_for", []):
            free = [q for q in feature(s, "pit")
                    if chebyshev(q, warrior.square) == 1 and s.at(q) is None and s.grid.floor(q)]
            if free:
                m = spawn(game, "minotaur", free[0], "objective", "P3", warrior.id)
                spawned.append(m.id)
                s.adv["beast_for"].append(warrior.id)
        yield from ()

    def after_monsters(self, game: Game) -> Procedure:
        self.after_action(game)
        if game.state.adv.get("beast_slain"):
            yield from self.win(game, "The Beast is dead.")

    def start_of_warriors(self, game: Game) -> Procedure:
        yield from self.after_monsters(game)


@rules("fp2")
class SwordOfPower(Hooks):
    """fp2: a W20 minotaur guards the pit; only the Barbarian may fight it."""

    def objective_entered(self, game: Game, order: list[Figure]) -> Procedure:
        s: State = game.state
        gate = feature(s, "gate")
        spots = sorted(feature(s, "pit"), key=lambda q: (-min(chebyshev(q, g) for g in gate), q[1], q[0]))
        m = spawn(game, "minotaur", spots[0], "objective", "M1", "barbarian")
        m.wounds = m.max_wounds = 20
        m.flags["script"] = "pit_guardian"
        s.adv["only_barbarian_targets"] = [m.id]
        s.adv["guardian"] = m.id
        yield from ()

    def after_monsters(self, game: Game) -> Procedure:
        g = game.state.adv.get("guardian")
        if g and game.state.figures[g].status == DEAD:
            yield from self.win(game, "The Barbarian has slain the guardian and taken back his father's sword.")

    def start_of_warriors(self, game: Game) -> Procedure:
        yield from self.after_monsters(game)

    def reward(self, game: Game) -> Procedure:
        barb = game.state.figures.get("barbarian")
        if barb is not None and barb.active:
            barb.treasure.append({"id": "fathers_sword"})
        yield from ()


@rules("fp3")
class HellsGate(TreasureClear):
    """fp3: the Wizard seals the gate with a 6 and no 1 among the dice he chooses to roll."""

    def objective_entered(self, game: Game, order: list[Figure]) -> Procedure:
        s: State = game.state
        s.adv["free_climb"] = True
        groups = yield from self.objective_groups(game)
        gate = feature(s, "gate")
        spots = sorted(feature(s, "pit"), key=lambda q: (-min(chebyshev(q, g) for g in gate), q[1], q[0]))
        for kind, n in groups:
            for _ in range(n):
                free = [q for q in spots if s.at(q) is None]
                if not free:
                    break
                near = min(living(s), key=lambda w: chebyshev(w.square, free[0]))
                spawn(game, kind, free[0], "objective", "M1", near.id)

    def extra_options(self, game: Game, warrior: Figure) -> list[Action]:
        s: State = game.state
        if warrior.id != "wizard" or not self.room_clear(game) or s.adv.get("sealed_try") == s.turn \
                or warrior.flags.get("moved"):
            return []
        seat = s.seat_of[warrior.id]
        return [Action.make(seat, "adventure", text=f"Wizard rolls {counted(n, 'die', 'dice')} to seal the gate",
                            who=warrior.id, dice=n) for n in range(1, 7)]

    def play_extra(self, game: Game, warrior: Figure, action: Action) -> Procedure:
        s: State = game.state
        s.adv["sealed_try"] = s.turn
        n = action.get("dice")
        faces = yield from roll(game, n, 6, "whq.adv.fp3.seal")
        ok = 6 in faces and 1 not in faces
        roll_event(game, "whq.adv.fp3.seal", f"{n}d6", faces, outcome="sealed" if ok else "open",
                   text="A 6 and no 1: the gate closes!" if ok else "The gate stays open.")
        if ok:
            yield from self.win(game, "The Wizard seals Hell's Gate.")

    def before_monsters(self, game: Game) -> Procedure:
        s: State = game.state
        if self.room_clear(game) and not s.monsters():
            game.emit("info", text="Something crawls out of the open gate.")
            yield from events.unexpected(game, list(living(s)))


@rules("fp4")
class BloodDebt(Hooks):
    """fp4: two pit guardians; or pay 2000 gold; the first P3 monster Event may bring more."""

    def objective_entered(self, game: Game, order: list[Figure]) -> Procedure:
        yield from super().objective_entered(game, order)
        for m in game.state.monsters():
            if m.card == "objective":
                m.flags["script"] = "pit_guardian"

    def extra_event_groups(self, game: Game, context: str) -> Procedure:
        s: State = game.state
        if context != "P3" or s.adv.get("fp4_extra_done"):
            return []
        s.adv["fp4_extra_done"] = True
        (face,) = yield from roll(game, 1, 6, "whq.adv.fp4.extra")
        roll_event(game, "whq.adv.fp4.extra", "1d6", [face], target=2, outcome="more" if face <= 2 else "no",
                   text="The debt-collectors bring friends!" if face <= 2 else "No more come.")
        if face > 2:
            return []
        return (yield from self.objective_groups(game))

    def after_monsters(self, game: Game) -> Procedure:
        s: State = game.state
        guards = [m for m in s.figures.values() if m.card == "objective"]
        if guards and all(m.status == DEAD for m in guards):
            yield from self.win(game, "Both minotaurs are dead: the debt is paid in blood.")

    def end_of_turn(self, game: Game) -> Procedure:
        s: State = game.state
        treasure = game.content.treasure
        wealth = sum(w.gold + sum(treasure[c["id"]].value for c in w.treasure if c["id"] in treasure)
                     for w in living(s))
        if wealth > 2000 and s.leader in s.seat_of:
            seat = s.seat_of[s.leader]
            pick = yield Decision(seat, "Pay off the debt with 2000 gold?", [
                Action.make(seat, "pay", text="pay 2000 gold and end the feud", pay=True),
                Action.make(seat, "pay", text="keep the gold", pay=False)])
            if pick.get("pay"):
                share = 2000
                for w in sorted(living(s), key=lambda x: -x.gold):
                    part = min(w.gold, -(-share // max(1, len(living(s)))))
                    w.gold -= part
                    share -= part
                yield from self.win(game, "The debt is paid in gold.")


@rules("fc1")
class WarpstoneIcon(Hooks):
    """fc1: throw the icon into the chasm, then get out by the far corners in time."""

    feature = "chasm"
    action_name = "throw the warpstone icon into the chasm"

    def after_move(self, game: Game, warrior: Figure) -> Procedure:
        s: State = game.state
        if "icon" not in s.adv and s.adv.get("first_room"):
            s.adv["icon"] = warrior.id
        if s.adv.get("thrown") and warrior.pos in feature(s, "escape"):
            warrior.status, warrior.pos = ESCAPED, None
            s.adv.setdefault("got_out", []).append(warrior.id)
            game.emit("escape", target=warrior.id, text=f"The {warrior.name} escapes through the far side.")
            if not living(s):
                yield from self.win(game, "Everyone who could has escaped the crumbling chamber.")
        yield from ()

    def can_act(self, game: Game, warrior: Figure) -> bool:
        s: State = game.state
        holder = s.adv.get("icon") or s.leader
        return super().can_act(game, warrior) and warrior.id == holder and not s.adv.get("thrown")

    def adventure_action(self, game: Game, warrior: Figure) -> Procedure:
        game.state.adv["thrown"] = game.state.turn
        game.emit("info", text="The icon falls into the flames; the chamber begins to shake!")
        yield from ()

    def end_of_turn(self, game: Game) -> Procedure:
        s: State = game.state
        thrown = s.adv.get("thrown")
        if thrown and s.turn >= thrown + 2:
            for w in living(s):
                w.status, w.pos = DEAD, None
                game.emit("death", target=w.id, side="hero", text=f"The {w.name} is buried as the chamber falls.")
            if s.adv.get("got_out"):
                yield from self.win(game, "The icon is destroyed.")
            self.fail(game, "Nobody escaped the collapse.")

    def reward(self, game: Game) -> Procedure:
        s: State = game.state
        for wid in s.adv.get("got_out", []):
            s.figures[wid].gold += (yield from dice_value(game, "D6x100", "whq.adv.reward", "the escape reward"))


@rules("fc2")
class BanishDaemon(Hooks):
    """fc2: each warrior's daemon sword gives one sure blow, at a monster or at the statue."""

    def extra_options(self, game: Game, warrior: Figure) -> list[Action]:
        s: State = game.state
        if warrior.id in s.adv.get("swords_used", []) or warrior.flags.get("acted") or warrior.flags.get("attacking"):
            return []
        seat = s.seat_of[warrior.id]
        out = [Action.make(seat, "adventure", text=f"{warrior.name} strikes {m.name} with the daemon sword",
                           who=warrior.id,
                           target=m.id)
               for m in adjacent_monsters(s, warrior)]
        if next_to(s, warrior, "statue"):
            out.append(Action.make(seat, "adventure", text=f"{warrior.name} strikes the statue with the daemon sword",
                                   who=warrior.id))
        return out

    def play_extra(self, game: Game, warrior: Figure, action: Action) -> Procedure:
        s: State = game.state
        warrior.flags["acted"] = True
        s.adv.setdefault("swords_used", []).append(warrior.id)
        target = action.get("target")
        if target:
            from .combat import melee_damage
            m = s.figures[target]
            dmg = yield from melee_damage(game, warrior, m)
            damage_monster(game, m, max(0, dmg), warrior, "daemon sword")
        else:
            (face,) = yield from roll(game, 1, 6, "whq.adv.fc2.statue")
            ok = face >= 5
            roll_event(game, "whq.adv.fc2.statue", "1d6", [face], target=5, outcome="pass" if ok else "fail",
                       text="The daemon is banished!" if ok else "The statue shrugs off the blow.")
            if ok:
                yield from self.win(game, "The daemon is banished.")
        if all(x.id in s.adv["swords_used"] for x in s.heroes() if x.status not in (DEAD, LOST)):
            for x in living(s):
                dmg = yield from dice_value(game, "4D6", "whq.adv.fc2.backlash", f"the daemon's fury on the {x.name}")
                damage_modified(game, x, dmg, "the daemon's fury")
            self.fail(game, "Every daemon sword is spent and the daemon remains.")

    reward_each = "D6x100"


@rules("fc3")
class ExtinguishFlames(TreasureClear):
    """fc3: the Dwarf searches the statue for the ring, then throws it into the chasm."""

    feature = "chasm"
    action_name = "throw the ring into the chasm"

    def start_of_turn(self, game: Game) -> Procedure:
        s: State = game.state
        dwarf = s.figures.get("dwarf")
        if not self.room_clear(game) or s.adv.get("ring") or dwarf is None or not dwarf.active \
                or not next_to(s, dwarf, "statue"):
            return
        (face,) = yield from roll(game, 1, 6, "whq.adv.fc3.search")
        roll_event(game, "whq.adv.fc3.search", "1d6", [face], outcome=face,
                   text="The Dwarf finds the ring!" if face >= 5
                   else ("The search disturbs something!" if face <= 2 else "Nothing yet."))
        if face >= 5:
            s.adv["ring"] = True
        elif face <= 2:
            yield from events.unexpected(game, living(s))

    def can_act(self, game: Game, warrior: Figure) -> bool:
        return warrior.kind == "dwarf" and bool(game.state.adv.get("ring")) and super().can_act(game, warrior)

    def adventure_action(self, game: Game, warrior: Figure) -> Procedure:
        s: State = game.state
        for x in living(s):
            if next_to(s, x, "chasm"):
                dmg = yield from dice_value(game, "2D6", "whq.adv.fc3.flare", f"the flare on the {x.name}")
                damage_modified(game, x, dmg, "the flare")
        yield from self.win(game, "The ring falls and the flames die.")


@rules("fc4")
class DestroyBridge(Hooks):
    """fc4: while the bridge stands more foes come each turn; break it from its far end.
    Minotaurs may leap the chasm (x2 to x5 of the card) for 2 movement."""

    def objective_entered(self, game: Game, order: list[Figure]) -> Procedure:
        s: State = game.state
        s.adv["leaps"] = [list(map(list, p)) for p in zip(feature(s, "leap_from"), feature(s, "leap_to"), strict=False)]
        yield from super().objective_entered(game, order)

    def start_of_turn(self, game: Game) -> Procedure:
        s: State = game.state
        sid = s.objective_section
        if sid is None or not s.sections[sid].entered or s.sections[sid].entered_turn >= s.turn \
                or s.adv.get("bridge_down"):
            return
        game.emit("info", text="More foes come streaming over the bridge.")
        targets = [w for w in living(s) if s.section_of(w.pos) == sid]
        yield from events.resolve(game, sid, targets, "P1", living(s))
        near = feature(s, "near_side")
        for m in s.monsters():
            if m.placed_turn == s.turn and m.placed_phase == "P1" and m.pos not in near:
                free = [q for q in near if s.at(q) is None]
                if free:
                    m.pos = free[0]

    def extra_options(self, game: Game, warrior: Figure) -> list[Action]:
        s: State = game.state
        flags = warrior.flags
        if warrior.pos in feature(s, "bridge_end") and not flags.get("acted") and not flags.get("attacking"):
            return [Action.make(s.seat_of[warrior.id], "adventure", text=f"{warrior.name} heaves at the bridge",
                                who=warrior.id)]
        return []

    def adventure_action(self, game: Game, warrior: Figure) -> Procedure:
        from .stats import strength
        s: State = game.state
        s_val = strength(game.content, warrior)
        (face,) = yield from roll(game, 1, 6, "whq.adv.fc4.bridge")
        ok = face + s_val >= 8
        roll_event(game, "whq.adv.fc4.bridge", "1d6", [face], target=8, inputs={"strength": s_val},
                   modifiers={"strength": s_val}, outcome="pass" if ok else "fail",
                   text=f"{face}+{s_val}: " + ("the bridge falls!" if ok else "the bridge holds."))
        if ok:
            s.adv["bridge_down"] = True
            for x in living(s):
                if x.pos in feature(s, "near_side"):
                    x.status, x.pos = LOST, None
                    game.emit("lost", target=x.id, text=f"The {x.name} is cut off on the far side and Lost.")
            yield from self.win(game, "The bridge is destroyed.")

    reward_each = "D6x50"


@rules("fc6")
class PreserveFires(Hooks):
    """fc6: kill the skaven and their engineer before their time runs out."""

    def objective_entered(self, game: Game, order: list[Figure]) -> Procedure:
        s: State = game.state
        adv = game.content.adventures[self.id]
        n = yield from dice_value(game, adv.fixed[0].count, "whq.event.count", "the skaven")
        statue = feature(s, "statue")
        sid = s.objective
        sec = s.sections[sid]
        # The engineer stands on the first free square beside the statue on the far side
        # (x >= 5 in the card's own frame).
        spots = [q for q in sorted(sec.squares, key=lambda q: (q[1], q[0]))
                 if q in feature(s, "far_side") and any(chebyshev(q, t) == 1 for t in statue) and s.at(q) is None]
        if spots:
            eng = spawn(game, "skaven_engineer", spots[0], "objective", "M1", None)
            eng.flags["script"] = "post_holder"
        inside = [w for w in order if w.active and s.section_of(w.pos) == sid]
        yield from place_monsters(game, [("skaven", n)], sid, inside, "objective", "M1", order)
        t = yield from dice_value(game, "2D6", "whq.adv.fc6.timer", "the turns before the fire dies")
        s.adv["deadline"] = s.turn + t - 1

    def after_monsters(self, game: Game) -> Procedure:
        s: State = game.state
        if "deadline" in s.adv and self.room_clear(game):
            yield from self.win(game, "The skaven are dead and the fires burn on.")

    def start_of_warriors(self, game: Game) -> Procedure:
        yield from self.after_monsters(game)

    def end_of_turn(self, game: Game) -> Procedure:
        s: State = game.state
        if "deadline" not in s.adv or s.turn < s.adv["deadline"]:
            return
        (face,) = yield from roll(game, 1, 6, "whq.adv.fc6.fate")
        roll_event(game, "whq.adv.fc6.fate", "1d6", [face], outcome=face, text=f"The fires gutter: {face}.")
        if face <= 2:
            for w in living(s):
                w.status, w.pos = DEAD, None
            self.fail(game, "The fires go out and the chamber fills with poison.")
        if face <= 5:
            self.fail(game, "The fires go out.")
        s.adv["deadline"] = s.turn + (yield from dice_value(game, "D6", "whq.adv.fc6.timer", "more turns"))

    reward_each = "D6x50"
