"""The Wizard: spells in hand, power tokens, the power roll and casting (2.5, 5.12)."""
from __future__ import annotations

from typing import Any, Generator

from ...engine.dice import draw, roll, roll_event
from ...engine.game import Action, Decision, Game
from . import board
from .combat import damage_monster, heal, kill_monster
from .rolls import dice_value
from .sight import sees
from .treasure import settle
from .state import ACTIVE, DEAD, Figure, State

Proc = Generator[Decision, Action, Any]

SPELL_TYPES = ("attack", "defence", "healing")


def setup_wizard(game: Game) -> Proc:
    s: State = game.state
    c = game.content
    for kind in SPELL_TYPES:
        pool = sorted(sid for sid, sp in c.spells.items() if sp.type == kind)
        s.spells.append(pool[(yield from draw(game, len(pool), "whq.setup.spells"))])
    (face,) = yield from roll(game, 1, 6, "whq.setup.power_tokens")
    faces = [face]
    if face == 1:
        (face,) = yield from roll(game, 1, 6, "whq.setup.power_tokens")
        faces.append(face)
    s.power_tokens = face
    roll_event(game, "whq.setup.power_tokens", "1d6", faces, outcome=face,
               text=f"The Wizard starts with {face} power tokens and the spells "
               + ", ".join(c.spells[x].name for x in s.spells) + ".")
    s.adv["hand_of_death"] = True


def power_phase(game: Game) -> Proc:
    """P2: the Wizard's power roll (the leader rolls, for events only, if he is gone)."""
    s: State = game.state
    wiz = s.figures.get("wizard")
    (face,) = yield from roll(game, 1, 6, "whq.power.roll")
    face = yield from chalice(game, face)
    has_power = wiz is not None and wiz.status == ACTIVE
    mod = s.adv.get("power_mod", 0)  # ic2: the idol drains the winds of magic
    result = max(0, face + mod)
    s.power = result if has_power else 0
    unexpected = face == 1 or (mod and result <= 1)
    roll_event(game, "whq.power.roll", "1d6", [face], modifiers={"idol": mod} if mod else {}, outcome=result,
               text=(f"Power roll: {face}" + (f"{mod:+d} = {result}" if mod else "")
                     + (" — the Wizard has that much power this turn" if has_power else "")
                     + (". Something unexpected happens!" if unexpected else ".")))
    return 1 if unexpected else result


def chalice(game: Game, face: int) -> Proc:
    """The Chalice of Fate: once per adventure its bearer may have the power die rolled again."""
    s: State = game.state
    for w in s.heroes():
        card = next((c for c in w.treasure if c["id"] == "chalice_of_fate" and not c.get("spent")), None)
        if card is None or not w.active:
            continue
        seat = s.seat_of[w.id]
        pick = yield Decision(seat, f"The power die shows {face}. Drink from the Chalice of Fate to roll again?", [
            Action.make(seat, "chalice", text="roll the power die again", again=True),
            Action.make(seat, "chalice", text=f"keep the {face}", again=False)], context={"power": face})
        if pick.get("again"):
            card["spent"] = True
            roll_event(game, "whq.power.roll", "1d6", [face], outcome=face, text=f"Power roll {face}, set aside for the Chalice.")
            (face,) = yield from roll(game, 1, 6, "whq.power.roll")
        break
    return face


def wizard(state: State) -> Figure | None:
    w = state.figures.get("wizard")
    return w if w is not None and w.status == ACTIVE and not w.flags.get("webbed") else None


def orb(state: State) -> dict | None:
    """The Orb of Might's stored power, spent like tokens (2.6)."""
    wiz = state.figures.get("wizard")
    for card in wiz.treasure if wiz else []:
        if card["id"] == "orb_of_might" and card.get("charges", 0) > 0:
            return card
    return None


def affordable(state: State, cost: int) -> bool:
    stored = orb(state)
    return state.power + state.power_tokens + (stored["charges"] if stored else 0) >= cost


def pay(game: Game, cost: int) -> None:
    """Power first (it is lost at the end of the turn anyway), then the orb, then tokens."""
    s: State = game.state
    from_power = min(cost, s.power)
    s.power -= from_power
    cost -= from_power
    stored = orb(s)
    if stored and cost:
        used = min(cost, stored["charges"])
        stored["charges"] -= used
        cost -= used
    s.power_tokens -= cost


def cast_options(game: Game, w: Figure, types: tuple[str, ...] = SPELL_TYPES) -> list[Action]:
    """Spells of the given types the Wizard may cast now, each with its target (5.12)."""
    s: State = game.state
    c = game.content
    if w.id != "wizard" or wizard(s) is None:
        return []
    seat = s.seat_of[w.id]
    out = []
    monsters_seen = [m for m in s.monsters() if m.active and sees(s, w.pos, m.pos)]
    living = [x for x in s.heroes() if x.on_board]
    for sid in s.spells:
        sp = c.spells[sid]
        if sp.type not in types or not affordable(s, sp.cost):
            continue
        name = sp.name
        if sp.target in ("monster", "area") and sid in ("lightning_bolt", "fireball"):
            for m in monsters_seen:
                out.append(Action.make(seat, "cast", text=f"cast {name} at {m.name}", spell=sid, target=m.id))
        elif sid == "freeze":
            if any(s.section_of(m.pos) == s.section_of(w.pos) for m in s.monsters() if m.active):
                out.append(Action.make(seat, "cast", text=f"cast {name}", spell=sid))
        elif sid == "confuse":
            for m in s.monsters():
                if m.active and s.section_of(m.pos) == s.section_of(w.pos):
                    out.append(Action.make(seat, "cast", text=f"cast {name} on {m.name}", spell=sid, target=m.id))
        elif sp.target == "warrior":
            for x in living:
                if (x.status == ACTIVE or sp.type == "healing") and not (sid == "life_force" and x.flags.get("attacking")):
                    out.append(Action.make(seat, "cast", text=f"cast {name} on the {x.name}", spell=sid, target=x.id))
        elif sid in ("healing_hands", "lifebringer"):
            out.append(Action.make(seat, "cast", text=f"cast {name}", spell=sid))
        elif sid == "pit_of_despair" and s.adv.get("pits", 0) < 3:
            for m in monsters_seen:
                if all(s.grid.floor((m.pos[0] + dx, m.pos[1] + dy)) for dx in (0, 1) for dy in (0, 1)):
                    out.append(Action.make(seat, "cast", text=f"cast {name} under {m.name}", spell=sid, target=m.id))
        elif sid == "resurrection":
            for x in s.heroes():
                if x.status == DEAD:
                    out.append(Action.make(seat, "cast", text=f"cast {name} on the {x.name}", spell=sid, target=x.id))
    if any(c["id"] == "deathstone" for c in w.treasure):
        out += [Action(a.seat, a.kind, tuple(sorted(a.args + (("deathstone", True),))), a.text + " (with the Deathstone)")
                for a in out if a.kind == "cast"]
    if s.adv.get("hand_of_death") and "attack" in types:
        for m in monsters_seen:
            out.append(Action.make(seat, "scroll", text=f"read the Hand of Death at {m.name}", target=m.id))
    return out


def window(game: Game, phase: str) -> Proc:
    """A moment when the Wizard may cast outside his own turn (5.12): attack spells during any
    warrior's turn, the others before the monsters act.  The Wizard's seat casts or passes."""
    s: State = game.state
    wiz = wizard(s)
    if wiz is None:
        return
    types = SPELL_TYPES if phase == "W" else ("defence", "healing")
    seat = s.seat_of[wiz.id]
    while wizard(s) is not None:
        opts = cast_options(game, wiz, types)
        if not opts:
            return
        opts.append(Action.make(seat, "pass", text="the Wizard holds his power"))
        pick = yield Decision(seat, "Cast a spell now?", opts, context={"figure": wiz.id, "window": phase})
        if pick.kind == "pass":
            return
        yield from cast(game, wiz, pick)
        yield from settle(game)


def cast(game: Game, w: Figure, action: Action) -> Proc:
    s: State = game.state
    c = game.content
    if action.kind == "scroll":
        s.adv["hand_of_death"] = False
        m = s.figures[action.get("target")]
        dmg = yield from dice_value(game, "3D6", "whq.item.hand_of_death_scroll", f"the Hand of Death on {m.name}")
        damage_monster(game, m, dmg, w, "Hand of Death")
        return
    sid = action.get("spell")
    sp = c.spells[sid]
    if action.get("deathstone"):
        w.treasure = [t for t in w.treasure if t["id"] != "deathstone"]
        s.treasure_discard.append("deathstone")
        (face,) = yield from roll(game, 1, 6, "whq.item.deathstone")
        free = face >= 3
        roll_event(game, "whq.item.deathstone", "1d6", [face], target=3, outcome="free" if free else "fails",
                   text="The Deathstone pays for the spell." if free else "The Deathstone drinks the power; the spell fails.")
        if not free:
            s.power = 0
            return
    else:
        pay(game, sp.cost)
    game.emit("spell", spell=sid, text=f"The Wizard casts {sp.name} (cost {sp.cost}).")
    rule = f"whq.spell.{sid}"
    target = s.figures.get(action.get("target")) if action.get("target") else None
    if sid == "lightning_bolt" and target:
        dmg = yield from dice_value(game, "2D6", rule, f"the bolt on {target.name}")
        target.flags["provoked"] = True
        damage_monster(game, target, dmg, w, sp.name)
    elif sid == "fireball" and target:
        x0, y0 = target.pos
        for m in [f for f in s.monsters() if f.active and f.pos and x0 <= f.pos[0] <= x0 + 1 and y0 <= f.pos[1] <= y0 + 1]:
            dmg = yield from dice_value(game, "D6", rule, f"the fireball on {m.name}")
            m.flags["provoked"] = True
            damage_monster(game, m, dmg, w, sp.name)
    elif sid == "freeze":
        n = yield from dice_value(game, "D6", rule, "how many monsters freeze")
        here = [m for m in s.monsters() if m.active and s.section_of(m.pos) == s.section_of(w.pos)]
        here.sort(key=lambda m: (-m.wounds, m.order))
        for m in here[:n]:
            damage_monster(game, m, n, w, sp.name)
    elif sid == "confuse" and target:
        target.flags["a_mod"] = target.flags.get("a_mod", 0) - 1
    elif sid == "ogre_strength" and target:
        if not target.flags.get("ogre_strength"):
            target.flags["ogre_strength"] = True
            target.flags["s_mod"] = target.flags.get("s_mod", 0) + 2
    elif sid == "iron_skin" and target:
        target.flags["t_mod"] = target.flags.get("t_mod", 0) + 2
    elif sid == "shield" and target:
        target.flags["shielded"] = True
    elif sid == "rebound" and target:
        target.flags["rebound"] = True
    elif sid == "levitate" and target:
        target.flags["levitate"] = s.turn + 1
        target.flags.pop("in_pit", None)
    elif sid == "life_force" and target:
        target.flags["life_force"] = True
    elif sid == "healing_hands":
        for x in s.heroes():
            if x.on_board:
                heal(game, x, 1, sp.name)
    elif sid == "heal_wounds" and target:
        amount = yield from dice_value(game, "D6", rule, f"healing the {target.name}")
        heal(game, target, amount, sp.name)
    elif sid == "lifebringer":
        hurt = [x for x in s.heroes() if x.on_board and x.wounds < x.max_wounds]
        if hurt:
            faces = yield from roll(game, len(hurt), 6, rule)
            clash = len(set(faces)) < len(faces)
            roll_event(game, rule, f"{len(hurt)}d6", faces, outcome="fizzle" if clash else "heal",
                       text="Two dice match: the spell fizzles." if clash else "Lifebringer heals the party.")
            if not clash:
                for x, f in zip(hurt, faces):
                    heal(game, x, f, sp.name)
    elif sid == "resurrection" and target:
        free = [sq for sq in s.sections[s.section_of(w.pos)].squares if s.at(sq) is None and s.grid.floor(sq)]
        if free:
            target.status, target.pos, target.wounds = ACTIVE, free[0], target.max_wounds
            target.gold, target.treasure, target.pending_gold = 0, [], 0
            game.emit("revive", target=target.id, text=f"The {target.name} rises again!")
    elif sid == "pit_of_despair" and target:
        yield from pit_of_despair(game, w, target.pos, rule)


def pit_of_despair(game: Game, w: Figure, corner: tuple[int, int], rule: str) -> Proc:
    """A 2x2 hole: each model there falls to its death on 1-2, else scrambles to a free square."""
    s: State = game.state
    s.adv["pits"] = s.adv.get("pits", 0) + 1
    area = [(corner[0] + dx, corner[1] + dy) for dy in (0, 1) for dx in (0, 1)]
    for f in [f for f in s.figures.values() if f.pos in area and f.on_board]:
        (face,) = yield from roll(game, 1, 6, rule)
        falls = face <= 2
        roll_event(game, rule, "1d6", [face], target=3, outcome="falls" if falls else "clings",
                   text=f"The {f.name} {'falls into the pit' if falls else 'scrambles clear'}.")
        home = s.section_of(f.pos)
        spots = [q for sid in [home] + board.joined(s, home)
                 for q in sorted(s.sections[sid].squares, key=lambda q: (q[1], q[0]))
                 if q not in area and s.at(q) is None and s.grid.floor(q)]
        if falls or not spots:
            if f.is_hero:
                f.status, f.pos = DEAD, None
                game.emit("death", target=f.id, side="hero", text=f"The {f.name} is lost in the pit.")
            else:
                kill_monster(game, f, w)
        else:
            f.pos = spots[0]
    for sq in area:
        s.grid.terrain[sq] = "H"
    s.grid.changed()
