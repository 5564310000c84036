"""Adventures of the Tomb Chamber and the Idol Chamber (spec 7)."""
from __future__ import annotations


from ...engine.dice import draw, roll, roll_event
from ...engine.game import Action, Game, Procedure
from ...engine.grid import chebyshev
from . import events
from .adventures import FeatureWin, Hooks, TreasureClear, each_gold, feature, living, next_to, rules
from .adventures_fountain import Carried
from .combat import damage_modified
from .placement import place_monsters, spawn
from .rolls import dice_value
from .state import DEAD, LOST, Figure, State
from .words import counted, plural



def event_if_quiet(game: Game) -> Procedure:
    """An Event at the party's section when no monster is on the board."""
    s: State = game.state
    if not s.monsters():
        yield from events.unexpected(game, living(s))


@rules("tc1")
class Exorcism(Hooks):
    """tc1: lay the symbols by the tomb; then every later P1 a roll of no 1 drives the spirit out."""

    feature = "tomb"
    action_name = "lay the holy symbols"

    def can_act(self, game: Game, warrior: Figure) -> bool:
        return not game.state.adv.get("laid") and super().can_act(game, warrior)

    def adventure_action(self, game: Game, warrior: Figure) -> Procedure:
        game.state.adv["laid"] = game.state.turn
        game.emit("info", text="The symbols are laid around the tomb.")
        yield from ()

    def start_of_turn(self, game: Game) -> Procedure:
        s: State = game.state
        laid = s.adv.get("laid")
        if not laid or s.turn <= laid:
            return
        party = living(s)
        faces = yield from roll(game, len(party), 6, "whq.adv.tc1.spirit")
        bad = 1 in faces
        roll_event(game, "whq.adv.tc1.spirit", f"{len(party)}d6", faces, outcome="resists" if bad else "departs",
                   text="A 1: the spirit lashes out!" if bad else "No 1: the spirit departs.")
        if not bad:
            yield from self.win(game, "The spirit is exorcised.")
        yield from events.unexpected(game, party)

    def reward(self, game: Game) -> Procedure:
        yield from each_gold(game, "D6x50", "reward")  # two rewards of D6x50 each
        yield from each_gold(game, "D6x50", "reward")


@rules("tc2")
class Deathking(Carried):
    """tc2: the cursed sword (+D6 damage, a natural 1 strikes a friend) goes back to its king."""

    item = "deathking_sword"

    def on_carry(self, game: Game, warrior: Figure) -> None:
        warrior.flags["deathking"] = True

    def after_monsters(self, game: Game) -> Procedure:
        s: State = game.state
        if not self.room_clear(game):
            return
        party = living(s)
        faces = yield from roll(game, len(party), 6, "whq.adv.tc2.lay")
        ok = sum(faces) >= 13
        roll_event(game, "whq.adv.tc2.lay", f"{len(party)}d6", faces, target=13, outcome="pass" if ok else "fail",
                   text=f"Total {sum(faces)}: "
                   + ("the Deathking sleeps again." if ok else "the Deathking takes them all."))
        if ok:
            yield from self.win(game, "The sword is returned to its tomb.")
        for w in party:
            w.status, w.pos = LOST, None
        self.fail(game, "The Deathking's curse takes the party.")

    def reward(self, game: Game) -> Procedure:
        s: State = game.state
        party = living(s)
        total = yield from dice_value(game, "D6x100", "whq.adv.reward", "the shared reward")
        for w in party:
            w.gold += total // max(1, len(party))


@rules("tc3")
class ReturnCrown(TreasureClear):
    """tc3: the chest waits in the first room; the leader takes the key once the tomb is clear."""

    def after_action(self, game: Game) -> None:
        s: State = game.state
        if "chest" not in s.adv and s.adv.get("first_room"):
            s.adv["chest"] = s.adv["first_room"]
        if self.room_clear(game) and "key" not in s.adv:
            s.adv["key"] = s.leader
            s.adv.setdefault("chest", s.objective_section)
        holder = s.figures.get(s.adv.get("key", ""))
        if holder is not None and holder.active and s.section_of(holder.pos) == s.adv.get("chest") \
                and not any(s.section_of(m.pos) == s.adv["chest"] for m in s.monsters()):
            s.adv["crown_home"] = True

    def after_monsters(self, game: Game) -> Procedure:
        self.after_action(game)
        yield from ()

    def start_of_warriors(self, game: Game) -> Procedure:
        self.after_action(game)
        yield from ()

    def before_monsters(self, game: Game) -> Procedure:
        self.after_action(game)
        if game.state.adv.get("crown_home"):
            yield from self.win(game, "The crown is back in its chest.")


@rules("tc4")
class HeroAwakens(Hooks):
    """tc4: the Wizard pours D6 + shard + power + tokens into the sleeper: 12 or more wakes him."""

    def start_of_turn(self, game: Game) -> Procedure:
        s: State = game.state
        if "shard" not in s.adv:
            s.adv["shard"] = yield from dice_value(game, "D6+2", "whq.adv.tc4.shard", "the shard's power")
        yield from ()

    def start_of_warriors(self, game: Game) -> Procedure:
        s: State = game.state
        wiz = s.figures.get("wizard")
        if not self.room_clear(game) or wiz is None or not wiz.active:
            return
        (face,) = yield from roll(game, 1, 6, "whq.adv.tc4.awaken")
        total = face + s.adv["shard"] + s.power + s.power_tokens
        ok = total >= 12
        roll_event(game, "whq.adv.tc4.awaken", "1d6", [face], target=12,
                   inputs={"shard": s.adv["shard"], "power": s.power, "tokens": s.power_tokens},
                   modifiers={"shard": s.adv["shard"], "power": s.power, "tokens": s.power_tokens},
                   outcome="pass" if ok else "fail", text=f"{total}: " + ("the hero wakes!" if ok else "he sleeps on."))
        if ok:
            yield from self.win(game, "The hero awakens.")
        self.fail(game, "The sleeper could not be woken.")

    reward_each = "D6x50"


@rules("tc5")
class DestroyTomb(TreasureClear):
    """tc5: the Dwarf hacks at the tomb (12 Wounds, axe damage - 3); quiet turns bring Events."""

    feature = "tomb"
    action_name = "hack at the tomb"

    def can_act(self, game: Game, warrior: Figure) -> bool:
        return warrior.kind == "dwarf" and super().can_act(game, warrior)

    def adventure_action(self, game: Game, warrior: Figure) -> Procedure:
        s: State = game.state
        from .stats import strength
        faces = yield from roll(game, 2, 6, "whq.adv.tc5.hack")
        a, b = faces
        base = a + b if a == b else max(a, b)
        dmg = max(0, base + strength(game.content, warrior) - 3)
        left = max(0, s.adv.get("tomb_wounds", 12) - dmg)
        s.adv["tomb_wounds"] = left
        roll_event(game, "whq.adv.tc5.hack", "2d6", faces, outcome=dmg, modifiers={"tomb": -3},
                   text=f"The axe bites for {dmg}; the tomb has {counted(left, 'Wound')} left.")
        if left == 0:
            yield from self.win(game, "The tomb is smashed.")

    def start_of_turn(self, game: Game) -> Procedure:
        if self.room_clear(game) and game.state.adv.get("tomb_wounds", 12) > 0:
            yield from event_if_quiet(game)


@rules("ic1")
class Sacrifice(Hooks):
    """ic1: clear the chamber before the dice roll a triple and the prisoner dies."""

    def start_of_turn(self, game: Game) -> Procedure:
        s: State = game.state
        if "kinsman" not in s.adv:
            party = living(s)
            s.adv["kinsman"] = party[(yield from draw(game, len(party), "whq.place.counter"))].id
        if self.room_clear(game) or s.adv.get("prisoner_dead"):
            return
        faces = yield from roll(game, 3, 6, "whq.adv.ic1.sacrifice")
        triple = faces[0] == faces[1] == faces[2]
        roll_event(game, "whq.adv.ic1.sacrifice", "3d6", faces, outcome="dies" if triple else "lives",
                   text="A triple: the prisoner is sacrificed!" if triple else "The prisoner still lives.")
        s.adv["prisoner_dead"] = triple

    def objective_entered(self, game: Game, order: list[Figure]) -> Procedure:
        s: State = game.state
        kin = s.figures.get(s.adv.get("kinsman", ""))
        if kin is not None and kin.active:
            kin.flags["ws_mod"] = kin.flags.get("ws_mod", 0) - 1
            kin.flags["a_perm"] = kin.flags.get("a_perm", 0) + 1
        yield from super().objective_entered(game, order)

    def after_monsters(self, game: Game) -> Procedure:
        if self.room_clear(game):
            if game.state.adv.get("prisoner_dead"):
                self.fail(game, "The prisoner was sacrificed.")
            yield from self.win(game, "The prisoner is saved.")

    reward_each = "2D6x50"


@rules("ic2")
class Desecration(Hooks):
    """ic2: the idol drains power (-2); together, unmoving, the party heaves it down (24+)."""

    def objective_entered(self, game: Game, order: list[Figure]) -> Procedure:
        game.state.adv["power_mod"] = -2
        yield from super().objective_entered(game, order)

    def extra_options(self, game: Game, warrior: Figure) -> list[Action]:
        s: State = game.state
        party = living(s)
        if not self.room_clear(game) or s.adv.get("heave_turn") == s.turn:
            return []
        if all(next_to(s, x, "idol") and not x.flags.get("moved") and not x.flags.get("attacking") for x in party):
            return [Action.make(s.seat_of[warrior.id], "adventure", text="all heave at the idol together",
                                who=warrior.id)]
        return []

    def play_extra(self, game: Game, warrior: Figure, action: Action) -> Procedure:
        from .stats import strength
        s: State = game.state
        s.adv["heave_turn"] = s.turn
        party = living(s)
        faces = yield from roll(game, len(party), 6, "whq.adv.ic2.heave")
        total = sum(faces) + sum(strength(game.content, x) for x in party)
        ok = total >= 24
        roll_event(game, "whq.adv.ic2.heave", f"{len(party)}d6", faces, target=24,
                   modifiers={"strength": sum(strength(game.content, x) for x in party)},
                   outcome="pass" if ok else "fail",
                   text=f"{total}: " + ("the idol topples!" if ok else "it will not budge."))
        if ok:
            s.adv["power_mod"] = 0
            yield from self.win(game, "The idol is cast down.")


@rules("ic3")
class KillShaman(Hooks):
    """ic3: the shaman's Hand of Mork strikes at the start of each Monsters' Phase."""

    def objective_entered(self, game: Game, order: list[Figure]) -> Procedure:
        s: State = game.state
        idol = feature(s, "idol")
        spots = [q for q in sorted(s.sections[s.objective].squares, key=lambda q: (q[1], q[0]))
                 if any(chebyshev(q, t) == 1 for t in idol) and s.at(q) is None and s.grid.floor(q)]
        if spots:
            s.adv["shaman"] = spawn(game, "goblin_shaman", spots[0], "objective", "M1", None).id
        adv = game.content.adventures[self.id]
        inside = [w for w in order if w.active and s.section_of(w.pos) == s.objective_section]
        groups = [(g.monster, int(g.count)) for g in adv.fixed if g.monster != "goblin_shaman"]
        yield from place_monsters(game, groups, s.objective, inside, "objective", "M1", order)

    def before_monsters(self, game: Game) -> Procedure:
        s: State = game.state
        shaman = s.figures.get(s.adv.get("shaman", ""))
        if shaman is None or not shaman.active:
            return
        (face,) = yield from roll(game, 1, 6, "whq.adv.ic3.hand_of_mork")
        ok = face >= 4
        roll_event(game, "whq.adv.ic3.hand_of_mork", "1d6", [face], target=4, outcome="strikes" if ok else "fails",
                   text="The Hand of Mork reaches down!" if ok else "The shaman's prayer goes unheard.")
        if ok:
            party = living(s)
            w = party[(yield from draw(game, len(party), "whq.place.counter"))]
            dmg = 2 * (yield from dice_value(game, "D6", "whq.adv.ic3.hand_of_mork", f"the hand on the {w.name}"))
            damage_modified(game, w, dmg, "the Hand of Mork")

    def after_monsters(self, game: Game) -> Procedure:
        if "shaman" in game.state.adv and self.room_clear(game):
            yield from self.win(game, "The shaman and his goblins are dead.")

    def start_of_warriors(self, game: Game) -> Procedure:
        yield from self.after_monsters(game)

    reward_each = "D6x50"


@rules("ic4")
class DaemonSummoning(Hooks):
    """ic4: kill the chanting skaven in time, or face the daemon they call."""

    def objective_entered(self, game: Game, order: list[Figure]) -> Procedure:
        s: State = game.state
        idol = feature(s, "idol")
        plinth = [q for q in feature(s, "plinth") if any(chebyshev(q, t) == 1 for t in idol) and s.at(q) is None]
        if plinth:
            holder = spawn(game, "skaven", plinth[0], "objective", "M1", None)
            holder.flags["script"] = "post_holder"
        inside = [w for w in order if w.active and s.section_of(w.pos) == s.objective_section]
        yield from place_monsters(game, [("skaven", 11)], s.objective, inside, "objective", "M1", order)
        t = yield from dice_value(game, "D6", "whq.adv.ic4.timer", "the turns until the daemon comes")
        s.adv["deadline"] = s.turn + t - 1

    def after_monsters(self, game: Game) -> Procedure:
        s: State = game.state
        if "deadline" in s.adv and self.room_clear(game):
            if s.adv.get("daemon"):
                yield from self.win(game, "The daemon is slain.")
            yield from self.win(game, "The summoning is stopped and the scroll read.")

    def start_of_warriors(self, game: Game) -> Procedure:
        yield from self.after_monsters(game)

    def before_monsters(self, game: Game) -> Procedure:
        s: State = game.state
        if "deadline" not in s.adv or s.turn != s.adv["deadline"] or s.adv.get("daemon"):
            return
        idol = feature(s, "idol")
        near = [m for m in s.monsters() if m.kind == "skaven" and s.section_of(m.pos) == s.objective_section]
        if near:
            m = min(near, key=lambda f: (min(chebyshev(f.square, t) for t in idol), f.order))
            prof = game.content.monsters["daemon_minotaur"]
            m.kind, m.name = "daemon_minotaur", prof.name
            m.wounds = m.max_wounds = prof.wounds
            m.flags.pop("script", None)
            s.adv["daemon"] = m.id
            game.emit("info", text=f"The {prof.name} bursts into the world!")
        yield from ()

    reward_each = "D6x150"


class ReturnStaff(FeatureWin):
    """ic5: the table's monsters and those of the next monster Event card defend the idol."""

    def objective_groups(self, game: Game) -> Procedure:
        s: State = game.state
        groups = yield from super().objective_groups(game)
        for _ in range(40):
            card_id = yield from events.draw_event(game)
            card = game.content.events[card_id]
            if card.kind == "M":
                game.emit("event", card=card_id, name=card.name, section=s.objective_section,
                          text=f"Event: {card.name}.")
                events.count_monster_event(s)
                for g in card.monsters:
                    what = f"the number of {plural(game.content.monsters[g.monster].name)}"
                    groups.append((g.monster, (yield from dice_value(game, g.count, "whq.event.count", what))))
                break
        return groups


__all__ = [
    "DEAD",
    "DaemonSummoning",
    "Deathking",
    "Desecration",
    "DestroyTomb",
    "Exorcism",
    "HeroAwakens",
    "KillShaman",
    "ReturnCrown",
    "ReturnStaff",
    "Sacrifice",
]


@rules("ic5")
def return_the_staff(adv_id: str) -> Hooks:
    return ReturnStaff(adv_id, "idol", "return the staff", None, "treasure")
