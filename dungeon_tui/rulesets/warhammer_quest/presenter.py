"""Warhammer Quest as the screens show it: the board as two-character cells, the warriors'
sheets, the Wizard's spells and every warrior's treasure as cards, and the help page.

Glyphs alone tell everything apart (NO_COLOR, 256 colours); roles pick the theme colours.
Warriors are capitals followed by a space (an underscore when unconscious); monsters are their
letter followed by the last digit of their number.
"""
from __future__ import annotations

from typing import Any

from ...engine.game import Action, Decision, Event, Game
from . import board, sight, spells, stats
from .card_words import card_does
from ...engine.presenter import Board, Card, Cell, PresenterDefaults, Sq, Verb, bar, deciding_hero, listed, plays

TERRAIN: dict[str, Cell] = {
    ".": ("· ", "floor"),
    "p": (": ", "pit"),
    "c": ("≈≈", "chasm"),
    "b": ("==", "floor"),
    "s": ("= ", "floor"),
    "X": ("[]", "furniture"),  # statues, idols, tombs: solid
    "H": ("()", "pit"),
    "R": ("%%", "wall"),
}
GROUND = {".": "floor", "p": "a pit", "c": "the chasm", "b": "a bridge", "s": "stairs", "X": "a statue, idol or tomb",
          "H": "the Pit of Despair", "R": "rubble"}
AREA_SPELLS = ("area", "floor_area")  # spells whose target is a 2x2 of squares, previewed on the map
DARK: Cell = ("░░", "fog")
WALL: Cell = ("██", "wall")
# What lies beyond a doorway, drawn in the wall just outside it (so a figure on the doorway
# never hides it): the way on, the way out, a way shut.
BEYOND: dict[str, Cell] = {"unexplored": ("++", "door"), "entrance": ("<<", "door"),
                           "dead_end": ("--", "door"), "sealed": ("--", "door")}
BARS: Cell = ("##", "door")
BEYOND_SAID = {"unexplored": "an unexplored doorway", "entrance": "the way out", "dead_end": "a dead end",
               "sealed": "a sealed doorway"}
SIDE_STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
NEAR = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
SUBSCRIPT = "₀₁₂₃₄₅₆₇₈₉"
CONDITIONS = ("webbed", "in_pit", "berserk", "tripped", "levitate", "blessed", "lost")
# Lasting effects a warrior may hold this turn, as the sheet names them.
EFFECTS = {"t_mod": "Toughness {:+d}", "s_mod": "Strength {:+d}", "a_mod": "Attacks {:+d}",
           "a_perm": "Attacks {:+d}", "ws_mod": "Weapon Skill {:+d}", "m_mod": "Move {:+d}",
           "shielded": "Shield spell", "rebound": "Rebound spell",
           "life_force": "Life Force spell", "ogre_strength": "Ogre Strength spell", "invisible": "invisible",
           "auto_hit": "next blow cannot miss", "deathking": "Deathking Sword's fury", "unarmed": "unarmed",
           "unarmoured": "without armour"}

LEGEND = ("B D E W warriors (B_ unconscious)   monsters, a letter and their number: o₁ = Orc Warrior, a = Orc Archer, "
          "g = Goblin Spearman, n = Night Goblin Archer, s = Snotling, r = Skaven, M = Minotaur, x = Giant Spider, "
          "q = Giant Rat, v = Giant Bat, h = Goblin Shaman, e = Skaven Engineer, Z = Daemon Minotaur   · floor   "
          "░░ unlit   ██ wall   "
          "++ unexplored doorway   << the way out   -- dead end or sealed   ## portcullis   [] statue, idol or tomb   "
          "%% rubble   : pit   () Pit of Despair   ≈≈ chasm   == bridge   = stairs   * where you may go")

HELP = """[b]Warhammer Quest in brief[/b]
Each turn has phases. [b]Power[/b]: the Wizard rolls a die for the turn's magic; a 1 brings an
unexpected event. [b]Warriors[/b]: each warrior in turn may move and then fight, shoot or act;
a warrior next to a monster is pinned unless he escapes. [b]Monsters[/b]: every monster on the
board moves and strikes, each following its tactics (the log says which line fired and why).
[b]Exploration[/b]: with no monster about, the lantern bearer may stand at an unexplored doorway
and open it; the next dungeon card is laid there.

[b]Fighting[/b]: compare your Weapon Skill with the target's on the combat table for the score
to hit; damage is your dice plus Strength, less the target's Toughness and armour. A blow that
kills a monster at full Wounds lets you strike the next one beside you (the deathblow).
Shooting uses Ballistic Skill and needs a line of sight.

[b]The light[/b]: only sections near the lantern are lit. A warrior out of the light is Lost.
[b]Falling[/b]: a warrior at 0 Wounds is unconscious, and dies at the end of the turn unless a
friend heals him (potions, healing spells and some treasure can).
[b]Gold and treasure[/b]: monsters pay gold when the fight is over; Treasure cards are shared
fairly, and what is left unspent counts at the end. The richest survivor is the winner.
"""


def beyond(view: dict[str, Any], floor: set[Sq]) -> dict[Sq, tuple[str, str]]:
    """The squares just outside each doorway that no section covers, with the doorway's state
    ("portcullis" when barred) and its section."""
    out: dict[Sq, tuple[str, str]] = {}
    for d in view.get("doorways", {}).values():
        state = "portcullis" if d.get("portcullis") else d["state"]
        if state not in BEYOND and state != "portcullis":
            continue
        dx, dy = SIDE_STEP[d["side"]]
        for x, y in d["squares"]:
            sq = (x + dx, y + dy)
            if sq not in floor:
                out[sq] = (state, d["section"])
    return out


def doorway_marks(view: dict[str, Any], floor: set[Sq]) -> dict[Sq, Cell]:
    return {sq: BARS if state == "portcullis" else BEYOND[state] for sq, (state, _sid) in beyond(view, floor).items()}


def figure_glyph(glyph: str, f: dict[str, Any]) -> str:
    """Two characters that never run into a neighbour's: a warrior's capital and a space (an
    underscore when he is down), a monster's letter and its number as a small digit, the same
    number its name carries ("Orc Warrior 3" is o₃)."""
    if f["side"] == "hero":
        return glyph + ("_" if f["status"] == "unconscious" else " ")
    number = f["name"].rpartition(" ")[2]
    return glyph + (SUBSCRIPT[int(number[-1])] if number.isdigit() else " ")


def figure_cells(game: Game, view: dict[str, Any]) -> dict[Sq, Cell]:
    content = game.content
    glyphs = {k: w.glyph for k, w in content.warriors.items()} | {k: m.glyph for k, m in content.monsters.items()}
    out: dict[Sq, Cell] = {}
    for f in view.get("figures", {}).values():
        if isinstance(f, dict) and f.get("pos") is not None:
            out[(f["pos"][0], f["pos"][1])] = (figure_glyph(glyphs.get(f["kind"], "?"), f),
                                               "hero" if f["side"] == "hero" else "monster")
    return out


def section_name(game: Game, view: dict[str, Any], sid: str) -> str:
    sec = view.get("sections", {}).get(sid)
    if not isinstance(sec, dict):
        return "dungeon"
    name = game.content.cards[sec["card"]].name
    return name + (" (the objective)" if sid == view.get("objective_section") else "")


def place_of(game: Game, view: dict[str, Any], square: Sq) -> str:
    """The ground under the cursor and the section it belongs to, or the wall or doorway there."""
    at = f"{square[0]},{square[1]}"
    terrain = {(x, y): (t, sec) for x, y, t, sec in view.get("terrain", [])}
    if square in terrain:
        t, sid = terrain[square]
        dark = "" if sid in view.get("lit", []) else ", unlit"
        return f"{at}: {GROUND.get(t, 'floor')} in the {section_name(game, view, sid)}{dark}"
    marks = beyond(view, set(terrain))
    if square in marks:
        state, sid = marks[square]
        said = "a portcullis" if state == "portcullis" else BEYOND_SAID[state]
        return f"{at}: {said}, from the {section_name(game, view, sid)}"
    for dx, dy in NEAR:
        near = terrain.get((square[0] + dx, square[1] + dy))
        if near is not None:
            return f"{at}: the wall of the {section_name(game, view, near[1])}"
    return at


DURATION = {"instant": "at once", "turn": "lasts this turn", "full_turn": "lasts a whole turn",
            "permanent": "lasts for good"}
# The warriors' own equipment: its name and what it does.
EQUIPMENT = {"lantern": ("the lantern", "Lights its bearer's section and those joined to it; its bearer leads."),
             "rope": ("Rope", "Hauls a friend out of a pit."),
             "healing_potion": ("Healing Potion", "Heals one warrior back to full Wounds, once."),
             "hand_of_death_scroll": ("Hand of Death scroll",
                                      "Read once at a monster in sight: 3D6 Wounds, no Toughness against it.")}
# Things an adventure gives a warrior to carry (its key in the adventure's counters).
ADVENTURE_ITEMS = {"cask": "the cask", "kingship_sword": "the Kingship Sword", "container": "the container",
                   "deathking_sword": "the Deathking Sword"}


def uses_left(card: Any, held: dict[str, Any]) -> str:
    if held.get("spent"):
        return "spent"
    if card.use == "charges":
        return f"{held.get('charges', 0)} left"
    return {"once": "one use", "adventure": "once per adventure", "permanent": "always",
            "gold": f"{card.value} gold"}[card.use]


def lasting(flags: dict[str, Any]) -> list[str]:
    """The spells, potions and gifts working on a warrior now."""
    out = []
    for key, said in EFFECTS.items():
        value = flags.get(key)
        if value:
            out.append(said.format(value) if "{" in said else said)
    return out


def holdings(game: Game, view: dict[str, Any], hero: str) -> list[str]:
    """Everything the warrior holds: the lantern, his equipment, his treasure, adventure items."""
    f = view["figures"][hero]
    out = ["the lantern"] if view.get("lantern") == hero else []
    for e in f["equipment"]:
        if e == "lantern" or (e == "hand_of_death_scroll" and not view.get("adv", {}).get("hand_of_death")):
            continue
        out.append(EQUIPMENT.get(e, (e.replace("_", " "), ""))[0])
    for t in f["treasure"]:
        card = game.content.treasure.get(t["id"])
        if card is not None:
            out.append(f"{card.name} ({uses_left(card, t)})")
    adv = view.get("adv", {})
    out += [name for key, name in ADVENTURE_ITEMS.items() if adv.get(key) == hero]
    return out


def _hero_dicts(view: dict[str, Any]) -> list[dict[str, Any]]:
    order = view.get("party", [])
    figs = view.get("figures", {})
    return [figs[h] for h in order if isinstance(figs.get(h), dict)]


class WarhammerQuestPresenter(PresenterDefaults):
    table_kinds = {"move": "move", "place": "place", "death": "remove", "explore": "note"}
    hero_article = "the "
    help = HELP
    legend = LEGEND
    verbs: tuple[Verb, ...] = ()  # every action has a square or a card, or sits in the list
    dungeon_player: str | None = None  # the monsters follow their tactics; nobody plays them
    aim_kinds: tuple[str, ...] = ("attack",)
    walk_kinds: tuple[str, ...] = ()  # a move is one choice of square
    end_kinds: tuple[str, ...] = ("end", "pass", "done")  # `e`: end the warrior's turn, pass, done placing
    # A walk stops when monsters arrive, dice are rolled or someone is hurt.
    walk_stops: frozenset[str] = frozenset({"place", "roll", "damage"})

    def squares_of(self, game: Game, seat: str, action: Action) -> list[Sq]:
        return []

    # -- the board -----------------------------------------------------------------------------
    def board(self, game: Game, seat: str) -> Board:
        """Every section laid so far, lit or not: its floor, the wall round it, what lies beyond
        each doorway, then the figures on top."""
        view = game.view(seat)
        cells: dict[Sq, Cell] = {}
        lit = set(view.get("lit", []))
        for x, y, t, sec in view.get("terrain", []):
            cells[(x, y)] = TERRAIN.get(t, TERRAIN["."]) if sec in lit or t in "XcR" else DARK
        floor = set(cells)
        for sq, cell in doorway_marks(view, floor).items():
            cells.setdefault(sq, cell)  # beyond a doorway unless another section lies there
        for x, y in floor:
            for dx, dy in NEAR:
                cells.setdefault((x + dx, y + dy), WALL)
        cells.update(figure_cells(game, view))
        if not cells:
            return Board({}, (0, 0, 0, 0))
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        return Board(cells, (min(xs), min(ys), max(xs), max(ys)))

    def preview(self, game: Game, seat: str, action: Action) -> dict[Sq, Cell]:
        """A section before it is laid (each way it may go), the doorway an exploration opens, or
        the 2x2 an area spell would strike."""
        d = game.pending
        if action.kind == "lay" and d is not None:
            lay = d.context.get("lays", {}).get(action.get("option"))
            if not lay:
                return {}
            out: dict[Sq, Cell] = {(x, y): ("▒▒", "reachable") for x, y, _t in lay["squares"]}
            for x, y in lay["exits"]:
                out[(x, y)] = ("++", "door")
            return out
        if action.kind == "cast" and game.content.spells[action.get("spell")].target in AREA_SPELLS:
            # Fireball's or the Pit's 2x2: who stands there keeps his letter, the rest is marked.
            view = game.view(seat)
            target = view.get("figures", {}).get(action.get("target"))
            if not isinstance(target, dict) or target.get("pos") is None:
                return {}
            figures = figure_cells(game, view)
            return {sq: (figures[sq][0], "target") if sq in figures else ("▒▒", "target")
                    for sq in spells.area((target["pos"][0], target["pos"][1]))}
        if action.kind == "explore":
            view = game.view(seat)
            door = view.get("doorways", {}).get(action.get("door"))
            if not isinstance(door, dict):
                return {}
            figures = figure_cells(game, view)  # the leader standing in the doorway stays in sight
            return {(x, y): (figures[(x, y)][0], "target") if (x, y) in figures else ("++", "target")
                    for x, y in door["squares"]}
        return {}

    def sight(self, game: Game, seat: str, hero: str) -> tuple[set[Sq], set[Sq]]:
        """What the warrior sees (D12: his section and those joined to it, with a clear line),
        and the monsters he could fight or shoot now."""
        s = game.state
        w = s.figures.get(hero)
        if w is None or not w.active:
            return set(), set()
        home = s.section_at(w.pos)
        near = [home, *board.joined(s, home)]
        seen = {sq for sid in near for sq in s.sections[sid].squares if sight.sees(s, w.pos, sq)}
        foes = {m.square for m in sight.adjacent_monsters(s, w)}
        if not foes and stats.bow(game.content, w) is not None:
            foes = {m.square for m in s.monsters() if m.active and m.pos in seen}
        return seen, foes

    def focus(self, game: Game, decision: Decision | None) -> Sq | None:
        """The square to keep centred: the deciding warrior, the acting monster, else the lantern."""
        s = game.state
        who = None
        if decision is not None:
            who = decision.context.get("figure") or decision.context.get("monster") or decision.context.get("aid")
        f = s.figures.get(who) if who else None
        if f is not None and f.pos is None:
            return None  # a warrior still to be placed: the screen shows where he may go
        if f is None:
            f = s.figures.get(s.lantern)
        return f.pos if f is not None and f.pos is not None else None

    def look(self, game: Game, seat: str, square: Sq) -> str:
        """One line about what the cursor is on: a figure, then the ground and its section."""
        view = game.view(seat)
        c = game.content
        where = place_of(game, view, square)
        for _fid, f in view.get("figures", {}).items():
            if isinstance(f, dict) and f.get("pos") is not None and tuple(f["pos"]) == square:
                if f["side"] == "hero":
                    return f"{f['name']}: {f['wounds']}/{f['max_wounds']} Wounds, {f['status']} · {where}"
                m = c.monsters[f["kind"]]
                goes = view["figures"].get(f.get("first_target") or "", {})
                # Its First Attack target, while he is still there to be gone for.
                aim = f", going for the {goes['name']}" if isinstance(goes, dict) and goes.get("name") \
                    and goes.get("status") == "active" and goes.get("pos") is not None else ""
                return (f"{f['name']}: Wounds {f['wounds']}/{f['max_wounds']}, M{m.move} WS{m.ws} S{m.strength} "
                        f"T{m.toughness} A{m.attacks}{aim} · {where}")
        return where

    # -- the panels ---------------------------------------------------------------------------
    def status(self, game: Game, seat: str) -> str:
        s = game.state
        adv = game.content.adventures.get(s.adventure)
        name = adv.name if adv is not None else s.adventure
        phase = {"setup": "setting up", "power": "power", "warriors": "warriors", "monsters": "monsters",
                 "exploration": "exploration", "end": "end of turn"}.get(s.phase, s.phase)
        tokens = f"+{s.power_tokens}" if s.power_tokens else ""
        return f"[b]{name}[/b]\nturn {s.turn} · {phase} · power {s.power}{tokens}"

    def objective(self, game: Game, seat: str) -> str:
        adv = game.content.adventures.get(game.state.adventure)
        return "" if adv is None else f"{adv.name}: {adv.goal}\nReward: {adv.reward}"

    def party(self, game: Game, seat: str) -> list[str]:
        view = game.view(seat)
        c = game.content
        out = []
        for f in _hero_dicts(view):
            state = "" if f["status"] == "active" else f" {f['status'].upper()}"
            lamp = "☼" if f["id"] == view.get("lantern") else " "
            out.append(f"{c.warriors[f['kind']].glyph}{lamp}{f['name']:<10}{bar(f['wounds'], f['max_wounds'], 8)} "
                       f"{f['wounds']:>2}/{f['max_wounds']:<2} {f['gold']:>4}g{state}")
        return out

    def hero_of(self, game: Game, decision: Decision | None) -> str | None:
        return deciding_hero(game, decision)

    def sheet(self, game: Game, seat: str, hero: str) -> str:
        view = game.view(seat)
        f = view["figures"].get(hero)
        c = game.content
        if not isinstance(f, dict):
            return ""
        p = c.warriors[f["kind"]]
        flags = f["flags"]
        pin = f"pinned unless {p.pin_escape}+" if p.pin_escape else "never pinned"
        if flags.get("pinned") and not flags.get("escaped_pin"):
            pin = (f"[b]PINNED[/b] by a monster beside him: he breaks away on {p.pin_escape}+ or stays to fight"
                   if not flags.get("pin_tried") else "[b]PINNED[/b]: he failed to break away and must fight")
        lines = [f"[b]{f['name']}[/b]  {bar(f['wounds'], f['max_wounds'])} {f['wounds']}/{f['max_wounds']} Wounds"
                 + ("" if f["status"] == "active" else f"  [b]{f['status'].upper()}[/b]"),
                 f"M{p.move} WS{p.ws} BS{p.bs}+ S{p.strength} T{p.toughness}"
                 + (f"(+{p.armour} armour)" if p.armour and not flags.get("unarmoured") else "")
                 + f" I{p.initiative} A{p.attacks}",
                 f"{pin}; gold {f['gold']}"
                 + (f" (+{f['pending_gold']} when the fight ends)" if f["pending_gold"] else "")
                 + f"; kills {f['total_kills']}"]
        lines += listed("Conditions", [k.replace("_", " ") for k in CONDITIONS if flags.get(k)])
        lines += listed("This turn", lasting(flags))
        weapons = ", ".join(w.name for w in p.weapons)
        # An adventure that takes the warriors' arms (fp1) leaves them with their fists.
        lines.append(f"Weapons: none ({weapons} taken)" if flags.get("unarmed") else f"Weapons: {weapons}")
        lines += listed("Carries", holdings(game, view, hero))
        return "\n".join(lines)

    def hand(self, game: Game, seat: str, hero: str) -> list[Card]:
        view = game.view(seat)
        c = game.content
        f = view["figures"].get(hero)
        if not isinstance(f, dict):
            return []
        cards: list[Card] = []
        if hero == "wizard":
            for sid in view.get("spells", []):
                sp = c.spells[sid]
                cards.append(Card(f"✦ {sp.name} · {sp.type}, power {sp.cost}", plays("cast", "spell", sid),
                                  text=f"{sp.text} ({DURATION[sp.duration]})"))
            if view.get("adv", {}).get("hand_of_death"):
                cards.append(Card("▪ Hand of Death scroll · one use", lambda a: a.kind == "scroll",
                                  text=EQUIPMENT["hand_of_death_scroll"][1]))
        for t in f["treasure"]:
            card = c.treasure.get(t["id"])
            if card is None:
                continue
            cards.append(Card(f"▪ {card.name} · {uses_left(card, t)}", plays("use", "item", t["id"]), text=card.text))
        if "healing_potion" in f["equipment"]:
            cards.append(Card("▪ Healing Potion · one use", plays("use", "item", "healing_potion"),
                              text=EQUIPMENT["healing_potion"][1]))
        # A Treasure card just found: who takes it is chosen knowing what it does.
        d = game.pending
        found = d.context.get("card") if d is not None and d.seat == seat else None
        if d is not None and found in c.treasure and any(a.kind == "give" for a in d.options):
            cards.append(Card(f"▪ {c.treasure[found].name} · found, to give", plays("give", "card", found),
                              text=c.treasure[found].text))
        return cards

    def drawn_card(self, game: Game, event: Event) -> tuple[str, str] | None:
        """An Event card as it is drawn, and a Treasure card as it is found."""
        c = game.content
        if event.kind == "event" and event.data.get("card") in c.events:
            card = c.events[event.data["card"]]
            names = {mid: m.name for mid, m in c.monsters.items()}
            return f"Event: {card.name}", f"{card.text}\n\n{card_does(event.data['card'], card, names)}"
        if event.kind == "treasure" and event.data.get("card") in c.treasure:
            t = c.treasure[event.data["card"]]
            who = game.state.figures.get(event.data.get("to"))
            return f"Treasure: {t.name}", t.text + (f"\n\nThe {who.name} takes it." if who is not None else "")
        return None

    def walks(self, game: Game, decision: Decision | None) -> dict[Sq, list[Sq]]:
        return {}  # a warrior's move is one choice of a destination already

    def summary(self, game: Game) -> str:
        s = game.state
        res = game.result or {}
        lines = [f"[b]{str(res.get('outcome', 'over')).upper()}[/b]: {res.get('why', '')}", "",
                 f"{'warrior':10} {'fate':11} {'kills':>5} {'gold':>6} {'dealt':>5} {'taken':>5}  treasure"]
        for w in s.heroes():
            treasure = game.content.treasure
            cards = ", ".join(treasure[t["id"]].name for t in w.treasure if t["id"] in treasure)
            lines.append(f"{w.name:10} {w.status:11} {w.total_kills:>5} {w.gold:>6} {w.damage_dealt:>5} "
                         f"{w.damage_taken:>5}  {cards or '-'}")
        return "\n".join(lines)


PRESENTER = WarhammerQuestPresenter()
