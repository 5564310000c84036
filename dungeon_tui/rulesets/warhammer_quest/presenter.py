"""Warhammer Quest as the screens show it: the board as two-character cells, the warriors'
sheets, the Wizard's spells and every warrior's treasure as cards, and the help page.

Glyphs alone tell everything apart (NO_COLOR, 256 colours); roles pick the theme colours.
Warriors are capitals followed by a space (an underscore when unconscious); monsters are their
letter followed by the last digit of their number.
"""
from __future__ import annotations

from typing import Any

from ...engine.game import Action, Decision, Game
from ...engine.presenter import Board, Card, Cell, PresenterDefaults, Sq, Verb, bar, deciding_hero, listed, plays

TERRAIN: dict[str, Cell] = {
    ".": ("· ", "floor"),
    "p": (": ", "pit"),
    "c": ("≈≈", "chasm"),
    "b": ("==", "floor"),
    "s": ("= ", "floor"),
    "X": ("██", "wall"),  # statues, idols, tombs: solid
    "H": ("()", "pit"),
    "R": ("%%", "wall"),
}
DARK: Cell = ("░░", "fog")
CONDITIONS = ("webbed", "in_pit", "berserk", "tripped", "levitate", "blessed", "lost")

LEGEND = ("B D E W warriors (B_ unconscious)   o1 g2 M3 monsters   · floor   ░░ unlit   ██ statue   %% rubble   "
          "+ unexplored doorway   x sealed   : pit   ≈≈ chasm   * where you may go")

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


def _hero_dicts(view: dict[str, Any]) -> list[dict[str, Any]]:
    order = view.get("party", [])
    figs = view.get("figures", {})
    return [figs[h] for h in order if isinstance(figs.get(h), dict)]


class WarhammerQuestPresenter(PresenterDefaults):
    help = HELP
    legend = LEGEND
    verbs: tuple[Verb, ...] = ()  # every action has a square or a card, or sits in the list
    on_enter: tuple[str, ...] = ()
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
        view = game.view(seat)
        content = game.content
        glyphs = {k: w.glyph for k, w in content.warriors.items()} | {k: m.glyph for k, m in content.monsters.items()}
        cells: dict[Sq, Cell] = {}
        lit = set(view.get("lit", []))
        xs, ys = [0], [0]
        for x, y, t, sec in view.get("terrain", []):
            xs.append(x)
            ys.append(y)
            cells[(x, y)] = TERRAIN.get(t, TERRAIN["."]) if sec in lit else (DARK if t not in "XcR" else TERRAIN[t])
        for d in view.get("doorways", {}).values():
            if d["state"] == "unexplored":
                for x, y in d["squares"]:
                    cells[(x, y)] = ("+ ", "door")
            elif d["state"] in ("sealed", "dead_end"):
                for x, y in d["squares"]:
                    cells[(x, y)] = ("x ", "door")
        for fid, f in view.get("figures", {}).items():
            if not isinstance(f, dict) or f.get("pos") is None:
                continue
            pos = tuple(f["pos"])
            g = glyphs.get(f["kind"], "?")
            if f["side"] == "hero":
                cells[pos] = (g + ("_" if f["status"] == "unconscious" else " "), "hero")
            else:
                cells[pos] = (g + fid[-1], "monster")
        return Board(cells, (min(xs), min(ys), max(xs), max(ys)))

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
        """One line about what the cursor is on: a monster's profile, a warrior, or the ground."""
        view = game.view(seat)
        c = game.content
        for _fid, f in view.get("figures", {}).items():
            if isinstance(f, dict) and f.get("pos") is not None and tuple(f["pos"]) == square:
                if f["side"] == "hero":
                    return f"{f['name']}: {f['wounds']}/{f['max_wounds']} Wounds, {f['status']}"
                m = c.monsters[f["kind"]]
                goes = view["figures"].get(f.get("first_target") or "", {})
                aim = f", going for the {goes['name']}" if isinstance(goes, dict) and goes.get("name") else ""
                return (f"{f['name']}: Wounds {f['wounds']}/{f['max_wounds']}, M{m.move} WS{m.ws} S{m.strength} "
                        f"T{m.toughness} A{m.attacks}{aim}")
        for x, y, t, sec in view.get("terrain", []):
            if (x, y) == square:
                ground = {"p": "a pit", "c": "the chasm", "b": "a bridge", "s": "stairs", "X": "a statue, idol or tomb",
                          "H": "the Pit of Despair", "R": "rubble"}.get(t, "floor")
                return f"{square[0]},{square[1]}: {ground}" + ("" if sec in view.get("lit", []) else ", unlit")
        return f"{square[0]},{square[1]}"

    # -- the panels ---------------------------------------------------------------------------
    def status(self, game: Game, seat: str) -> str:
        s = game.state
        adv = game.content.adventures.get(s.adventure)
        name = adv.name if adv is not None else s.adventure
        phase = {"setup": "setting up", "power": "power", "warriors": "warriors", "monsters": "monsters",
                 "exploration": "exploration", "end": "end of turn"}.get(s.phase, s.phase)
        tokens = f"+{s.power_tokens}" if s.power_tokens else ""
        return f"[b]{name}[/b]\nturn {s.turn} · {phase} · power {s.power}{tokens}"

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
        pin = f"pinned unless {p.pin_escape}+" if p.pin_escape else "never pinned"
        lines = [f"[b]{f['name']}[/b]  {bar(f['wounds'], f['max_wounds'])} {f['wounds']}/{f['max_wounds']} Wounds"
                 + ("" if f["status"] == "active" else f"  [b]{f['status'].upper()}[/b]"),
                 f"M{p.move} WS{p.ws} BS{p.bs}+ S{p.strength} T{p.toughness}"
                 + (f"(+{p.armour} armour)" if p.armour else "") + f" I{p.initiative} A{p.attacks}",
                 f"{pin}; gold {f['gold']}"
                 + (f" (+{f['pending_gold']} when the fight ends)" if f["pending_gold"] else "")
                 + f"; kills {f['total_kills']}"]
        conditions = [k.replace("_", " ") for k in CONDITIONS if f["flags"].get(k)]
        lines += listed("Conditions", conditions)
        weapons = ", ".join(w.name for w in p.weapons)
        lines.append(f"Weapons: {weapons}")
        lines += listed("Carries", [e.replace("_", " ") for e in f["equipment"]])
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
                cards.append(Card(f"✦ {sp.name} · {sp.type}, power {sp.cost}", plays("cast", "spell", sid)))
            if view.get("adv", {}).get("hand_of_death"):
                cards.append(Card("▪ Hand of Death scroll · one use", lambda a: a.kind == "scroll"))
        for t in f["treasure"]:
            card = c.treasure.get(t["id"])
            if card is None:
                continue
            if t.get("spent"):
                left = "spent"
            elif card.use == "charges":
                left = f"{t.get('charges', 0)} left"
            else:
                left = {"once": "one use", "adventure": "once per adventure", "permanent": "always",
                        "gold": f"{card.value} gold"}[card.use]
            cards.append(Card(f"▪ {card.name} · {left}", plays("use", "item", t["id"])))
        if "healing_potion" in f["equipment"]:
            cards.append(Card("▪ Healing potion · one use", plays("use", "item", "healing_potion")))
        return cards

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
