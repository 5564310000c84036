"""Adventures of the Fountain of Light (spec 7)."""
from __future__ import annotations


from ...engine.dice import roll, roll_event
from ...engine.game import Action, Decision, Game, Procedure
from . import board
from .adventures import Hooks, choose_warrior, each_gold, living, next_to, rules
from .combat import damage_modified, damage_warrior, heal
from .rolls import dice_value
from .state import DEAD, Doorway, Figure, State



class Carried(Hooks):
    """An adventure item carried from the start by a warrior the leader names."""

    item = "cask"

    def start_of_turn(self, game: Game) -> Procedure:
        s: State = game.state
        if s.turn == 1 and self.item not in s.adv:
            said = self.item.replace("_", " ")
            w = yield from choose_warrior(game, f"Who carries the {said}?", "carrier")
            s.adv[self.item] = w.id
            game.emit("item", target=w.id, text=f"The {w.name} carries the {said}.")
            self.on_carry(game, w)

    def on_carry(self, game: Game, warrior: Figure) -> None:
        pass

    def carrier(self, game: Game) -> Figure | None:
        wid = game.state.adv.get(self.item)
        return game.state.figures.get(wid) if wid else None


@rules("fl1")
class Clearwater(Carried):
    """fl1: carry the cask (-1 Move) to the fountain; drinking from it is a gamble."""

    item = "cask"
    feature = "fountain"
    action_name = "pour the cask into the fountain"

    def on_carry(self, game: Game, warrior: Figure) -> None:
        warrior.flags["m_mod"] = warrior.flags.get("m_mod", 0) - 1

    def can_act(self, game: Game, warrior: Figure) -> bool:
        return self.carrier(game) is warrior and super().can_act(game, warrior)

    def extra_options(self, game: Game, warrior: Figure) -> list[Action]:
        s: State = game.state
        out = super().extra_options(game, warrior)
        c = self.carrier(game)
        if c is not None and c.active and s.section_of(c.pos) == s.section_of(warrior.pos) \
                and not warrior.flags.get("acted") and not warrior.flags.get("attacking") \
                and s.adv.get("drinks", {}).get(warrior.id, 0) < 2:
            out.append(Action.make(s.seat_of[warrior.id], "adventure", text=f"{warrior.name} drinks from the cask",
                                   who=warrior.id, drink=True))
        return out

    def play_extra(self, game: Game, warrior: Figure, action: Action) -> Procedure:
        if not action.get("drink"):
            yield from super().play_extra(game, warrior, action)
            return
        s: State = game.state
        warrior.flags["acted"] = True
        drinks = s.adv.setdefault("drinks", {})
        drinks[warrior.id] = drinks.get(warrior.id, 0) + 1
        (face,) = yield from roll(game, 1, 6, "whq.adv.fl1.drink")
        roll_event(game, "whq.adv.fl1.drink", "1d6", [face], outcome=face, text=f"The {warrior.name} drinks: {face}.")
        if face <= 2:
            warrior.flags["webbed"] = True  # out for the turn
        elif face == 3:
            warrior.flags.update(ws_mod=warrior.flags.get("ws_mod", 0) - 1, m_mod=warrior.flags.get("m_mod", 0) - 1,
                           a_perm=warrior.flags.get("a_perm", 0) + 1)
        elif face == 4:
            warrior.flags.update(ws_mod=warrior.flags.get("ws_mod", 0) - 1, a_perm=warrior.flags.get("a_perm", 0) + 1)
        else:
            amount = warrior.max_wounds if face == 6 else (
                yield from dice_value(game, "D6+1", "whq.adv.fl1.drink", "healing"))
            heal(game, warrior, amount, "clear water")
        if all(drinks.get(x.id, 0) >= 2 for x in living(s)):
            self.fail(game, "The cask is empty.")

    def adventure_action(self, game: Game, warrior: Figure) -> Procedure:
        yield from self.win(game, "Clear water flows into the fountain.")

    reward_each = "D6x20"


@rules("fl2")
class SkavenCurse(Hooks):
    """fl2: after the skaven die, each warrior draws one load of water at the fountain.
    House reading: the 2D6 of a load is the curse's bite, in Wounds that armour does not stop."""

    feature = "fountain"
    action_name = "draw a load of water"

    def can_act(self, game: Game, warrior: Figure) -> bool:
        return warrior.id not in game.state.adv.get("loads", []) and super().can_act(game, warrior)

    def adventure_action(self, game: Game, warrior: Figure) -> Procedure:
        s: State = game.state
        s.adv.setdefault("loads", []).append(warrior.id)
        dmg = yield from dice_value(game, "2D6", "whq.adv.fl2.load", f"the curse on the {warrior.name}")
        damage_warrior(game, warrior, dmg, "the skaven curse")
        if all(x.id in s.adv["loads"] for x in living(s)) and living(s):
            yield from self.win(game, "Every warrior carries the cure.")

    reward_each = "D6x50"


@rules("fl3")
class WatersOfFate(Hooks):
    """fl3: look into the waters; when all have looked a new way opens east with its own cards."""

    feature = "fountain"

    def extra_options(self, game: Game, warrior: Figure) -> list[Action]:
        s: State = game.state
        if not self.can_act_base(game, warrior):
            return []
        seat = s.seat_of[warrior.id]
        out = []
        if warrior.id not in s.adv.get("looked", []):
            out.append(Action.make(seat, "adventure", text=f"{warrior.name} looks into the waters", who=warrior.id,
                                   act="look"))
        if warrior.id not in s.adv.get("drank", []):
            out.append(Action.make(seat, "adventure", text=f"{warrior.name} drinks from the fountain", who=warrior.id,
                                   act="drink"))
        return out

    def can_act_base(self, game: Game, warrior: Figure) -> bool:
        return self.room_clear(game) and not warrior.flags.get("acted") and not warrior.flags.get("attacking") \
            and next_to(game.state, warrior, "fountain")

    def play_extra(self, game: Game, warrior: Figure, action: Action) -> Procedure:
        s: State = game.state
        warrior.flags["acted"] = True
        rule = f"whq.adv.fl3.{action.get('act')}"
        (face,) = yield from roll(game, 1, 6, rule)
        if action.get("act") == "drink":
            s.adv.setdefault("drank", []).append(warrior.id)
            roll_event(game, rule, "1d6", [face], outcome="dies" if face == 1 else "healed",
                       text="The waters are death to him." if face == 1 else "The waters restore him.")
            if face == 1:
                warrior.status, warrior.pos = DEAD, None
            else:
                heal(game, warrior, warrior.max_wounds, "the waters of fate")
                if warrior.id == "wizard":
                    s.power_tokens = max(s.power_tokens, s.adv.get("start_tokens", s.power_tokens))
        else:
            s.adv.setdefault("looked", []).append(warrior.id)
            seen = face >= 4
            roll_event(game, rule, "1d6", [face], target=4, outcome="reveals" if seen else "nothing",
                       text="The waters show the way!" if seen else "Only ripples.")
            if seen:
                s.adv["revealed"] = True
        if all(x.id in s.adv.get("looked", []) for x in living(s)) and "far_pile" not in s.adv:
            yield from self.open_way(game)

    def open_way(self, game: Game) -> Procedure:
        s: State = game.state
        n = yield from dice_value(game, "D6+2", "whq.adv.fl3.pile", "the cards of the new way")
        cards = s.set_aside[:n]
        del s.set_aside[:n]
        s.adv["far_pile"] = cards[-1] if cards else None
        sec = s.sections[s.objective]
        squares = sorted(sec.features.get("east_door", []))
        side = board.world_side("E", sec.facing, sec.mirrored)
        pid = f"p{len(s.piles)}"
        s.piles[pid] = cards
        d = Doorway(f"{sec.id}.fate", sec.id, squares, side, pid, state="unexplored" if cards else "dead_end")
        s.doorways[d.id] = d
        sec.doorways.append(d.id)
        game.emit("info", text="A hidden way opens in the east wall.")
        if not cards:
            self.fail(game, "The way leads nowhere.")

    def after_move(self, game: Game, warrior: Figure) -> Procedure:
        s: State = game.state
        last = s.adv.get("far_pile")
        here = s.section_at(warrior.pos) if last else None
        if here is not None and s.sections[here].card == last and here != s.objective_section:
            yield from self.win(game, "The party follows the waters' vision to its end.")

    def reward(self, game: Game) -> Procedure:
        if game.state.adv.get("revealed"):
            yield from each_gold(game, "2D6x100", "reward")


@rules("fl4")
class TrueKingship(Carried):
    """fl4: each hero seat backs an heir in secret; the fountain names the king."""

    item = "kingship_sword"
    feature = "fountain"
    action_name = "plunge the sword into the fountain"
    HEIRS = ("bardin", "rudin", "gredin")

    def start_of_turn(self, game: Game) -> Procedure:
        s: State = game.state
        if s.turn == 1 and "picks" not in s.adv:
            picks = s.adv["picks"] = {}
            for w in living(s):
                seat = s.seat_of[w.id]
                opts = [Action.make(seat, "heir", text=f"back {h.title()}", heir=h) for h in self.HEIRS]
                pick = yield Decision(seat, "Which heir do you back? (secret)", opts, context={"secret": True})
                picks[w.id] = pick.get("heir")
        yield from super().start_of_turn(game)

    def on_carry(self, game: Game, warrior: Figure) -> None:
        warrior.flags["weapon_bonus"] = warrior.flags.get("weapon_bonus", 0) + 1

    def can_act(self, game: Game, warrior: Figure) -> bool:
        return self.carrier(game) is warrior and super().can_act(game, warrior)

    def adventure_action(self, game: Game, warrior: Figure) -> Procedure:
        s: State = game.state
        (face,) = yield from roll(game, 1, 6, "whq.adv.fl4.heir")
        heir = self.HEIRS[(face - 1) // 2]
        s.adv["king"] = heir
        roll_event(game, "whq.adv.fl4.heir", "1d6", [face], outcome=heir, text=f"The waters name {heir.title()} king.")
        for x in living(s):
            init = game.content.warriors[x.kind].initiative
            (f2,) = yield from roll(game, 1, 6, "whq.adv.fl4.blast")
            safe = f2 + init >= 7
            roll_event(game, "whq.adv.fl4.blast", "1d6", [f2], target=7, inputs={"initiative": init},
                       modifiers={"initiative": init}, outcome="pass" if safe else "fail",
                       text=f"The {x.name} {'dives clear' if safe else 'is caught by the blast'}.")
            if not safe:
                dmg = yield from dice_value(game, "3D6", "whq.adv.fl4.blast", f"the blast on the {x.name}")
                damage_modified(game, x, dmg, "the fountain's blast")
        yield from self.win(game, f"{heir.title()} is the true king.")

    def reward(self, game: Game) -> Procedure:
        s: State = game.state
        for w in living(s):
            if s.adv.get("picks", {}).get(w.id) == s.adv.get("king"):
                w.gold += 500
            else:
                w.gold += (yield from dice_value(game, "D6x30", "whq.adv.reward", f"the {w.name}'s reward"))


@rules("fl5")
class NurglesRot(Carried):
    """fl5: the container's bearer empties it into the fountain; a 1 kills him."""

    item = "container"
    feature = "fountain"
    action_name = "empty the container into the fountain"

    def can_act(self, game: Game, warrior: Figure) -> bool:
        c = self.carrier(game)
        # If the bearer has fallen, another may take the container up and try.
        return (c is warrior or (c is not None and not c.active)) and super().can_act(game, warrior)

    def adventure_action(self, game: Game, warrior: Figure) -> Procedure:
        game.state.adv[self.item] = warrior.id
        (face,) = yield from roll(game, 1, 6, "whq.adv.fl5.pour")
        roll_event(game, "whq.adv.fl5.pour", "1d6", [face], outcome="dies" if face == 1 else "pass",
                   text="The rot takes the bearer!" if face == 1 else "The rot is washed away.")
        if face == 1:
            warrior.status, warrior.pos = DEAD, None
            return
        yield from self.win(game, "Nurgle's Rot is cleansed.")

    def reward(self, game: Game) -> Procedure:
        s: State = game.state
        for w in living(s):
            w.gold += 500 if s.adv.get(self.item) == w.id else 100
        yield from ()
