"""Catakombs as the screens show it: the quest map with walls, lava, doors (closed, open, locked,
broken), cells, entries, exits, barrels, chests, traps and the figures; the active figure's AP
and what each action costs; hero cards with characteristics, zone armour, fate, spells and
skills; the Master's off-board pool; the quest's objective and turn limit.

Glyphs alone tell everything apart (NO_COLOR): heroes are a capital, Master figures a
lowercase letter and a number; roles only pick the theme colours.  Nothing is hidden in this
game, so every seat's view is the whole table."""
from __future__ import annotations

from typing import Any

from ...engine.game import Action, Decision, Game
from ...engine.presenter import (
    Board, Card, Cell, PresenterDefaults, Sq, Verb, bar, deciding_hero, goes_to, listed, plays,
)
from ...engine.words import counted
from .acts import short
from .board import board_for
from .checks import STAT_NAMES
from .state import DOWNED, HERO, ZONES, Figure, State, key
from .terrain import Map

TERRAIN: dict[str, Cell] = {
    "#": ("▓▓", "wall"), "R": ("⇲⇲", "wall"), ".": ("· ", "floor"), "c": ("∙ ", "floor"), "~": ("~~", "pit"),
    "E": ("≡≡", "furniture"), "P": ("∙ ", "floor"), "b": ("· ", "floor"), "C": ("· ", "floor"),
    "K": ("· ", "floor"), "^": ("· ", "floor"),
}
# The prisoner of quest II is no figure, only the square he is held on: the quest's goal, so it
# gets a mark and a colour of its own.  The uncle of quest VI stands there as a figure instead.
PRISONER: Cell = ("P ", "objective")
DOORS: dict[str, Cell] = {"closed": ("[]", "door"), "locked": ("[L", "door"), "open": ("/ ", "door"),
                          "broken": ("x ", "floor")}
LETTERS = {"revenant": "r", "skell": "s", "vampire": "v", "tomb_king": "k", "rat": "m"}
STAT_ORDER = ("cc", "def", "tir", "mag", "str", "wil", "cha", "agi", "dex", "int")

LEGEND = ("T E I F heroes   u the uncle   k tomb king  r1 revenants  s skell  v vampire  mA rats (swarm)   "
          "▓▓ wall   ~~ lava   [] closed door   [L locked door   / open door   x broken door   "
          "≡≡ stairs   ⇲⇲ reinforcement entry   oo barrel   ▣ chest   ▤ locked chest   ^ trap   ∙ cell floor   "
          "P the prisoner")

HELP = """[b]Catakombs Dark Reign in brief[/b]
Each turn the heroes act, then the Catacomb Master. Every figure has [b]action points[/b] (AP) to
spend in any order: walk 1 square (1), run 2 squares (1), pass an ally (2), jump (1), attack (1),
power attack for double damage (2), shoot (1), precise shot (2), cast (1), open or close a door
(1), pick a lock (1), break a door (1), take or give an item (1), drink a barrel (1), wait (2).
The hero whose seat decides is the [b]current hero[/b]: switch to another (s), end his activation,
or end the heroes' turn (e). Unspent AP are lost.

[b]Tests[/b]: roll as many power dice as the characteristic (blank, I, I*). Each I and I* counts
1; with two or more I* the count is multiplied by their number. Reach the difficulty to pass.
A fate point rolls a failed test again, or cancels a result that would kill.

[b]Fighting[/b]: Melee dice against the target's Defence, 1 less for every other figure that
attacked it this turn. Shooting needs a third of the range (rounded up), 1 more per enemy next to
the shooter. A hit rolls the location die (head, torso, arms, legs): damage, doubled on the head,
less that zone's armour. A hero at 0 PV is downed: heal him by the end of the next turn or he
dies. Master figures struck down leave the board and may return as reinforcements (5-6 on a d6)
while the Tomb King stands.

[b]Moving away[/b] from enemies next to you needs an Agility test against their number; on a
failure take 1D6 wounds to go on, or stay. [b]Waiting[/b] keeps a point to act in the Master's
turn, after one of his figures acts."""

VERBS = (
    Verb("a", "attack", ("melee", "power_attack", "whirlwind"), "attack a figure next to you"),
    Verb("f", "shoot", ("shoot", "precise_shot"), "shoot at a figure in sight"),
    Verb("m", "magic", ("cast",), "cast a spell (the spells are also under c, the cards)"),
    Verb("d", "door", ("open_door", "close_door", "break_door", "pick_lock", "open_chest"),
         "open, close, break or pick a door or chest next to you"),
    Verb("i", "item", ("take_item", "give_item", "drink_barrel", "give_barrel_to_downed"), "take, give or drink"),
    Verb("j", "jump", ("jump",), "jump over lava or a gap"),
    Verb("w", "wait", ("wait",), "keep a point for the Master's turn"),
    Verb("s", "switch", ("switch_hero",), "hand over to another hero"),
    Verb("x", "quest", ("leave", "decipher", "speech", "challenge", "free_self"),
         "leave by an exit, decipher, talk, challenge, break free"),
    Verb("z", "fate", ("use_fate", "keep_fate"), "spend a fate point or keep it"),
)


def figure_of(view: dict[str, Any], fid: str) -> dict[str, Any]:
    return dict(view["figures"][fid])


EFFECT_WORDS = {"none": "fails", "heal": "heals {n}", "web": "webs, level {n}", "bless": "+{n} Defence",
                "damage": "{n} damage", "raise": "raises {n}"}
TARGET_WORDS = {"self_or_ally": "itself or an ally in sight", "self_or_adjacent_ally": "itself or an ally next to it",
                "enemy": "an enemy in sight", "none": "no target"}


def spell_text(spell: Any) -> str:
    """A spell card as a player reads it: cost, target, and what each score of the Magic dice does."""
    bands = " · ".join(f"{b.min}" + ("+" if b.max is None else "" if b.max == b.min else f"-{b.max}")
                       + ": " + EFFECT_WORDS[b.effect].format(n=b.n) for b in spell.bands)
    extra = "; a downed ally too" if spell.downed_ok else ""
    extra += "; cures poison" if spell.cures_poison else ""
    return f"{spell.name}: 1 AP, on {TARGET_WORDS.get(spell.target, spell.target)}{extra}. Magic score {bands}."


def off_board(s: State) -> str:
    """The Master's pool as a player says it: each figure by name, the rats counted."""
    names = [s.figures[e["id"]].name for e in s.pool if e["id"] in s.figures]
    rats = sum(1 for e in s.pool if e["id"] not in s.figures)
    return ", ".join(names + ([counted(rats, "rat")] if rats else []))


class CatakombsPresenter(PresenterDefaults):
    table_kinds = {"moved": "move", "returns": "place", "removed": "remove", "door": "note"}
    help = HELP
    legend = LEGEND
    verbs: tuple[Verb, ...] = VERBS
    dungeon_player: str | None = "Catacomb Master"
    dungeon_view_secret = False  # the Master's figures and the board are open to all (no fog)
    end_kinds: tuple[str, ...] = ("end_activation", "end_master_turn", "pass")
    walk_stops = frozenset({"trap", "roll", "hit", "downed", "held"})
    walk_kinds: tuple[str, ...] = ("walk",)
    aim_kinds: tuple[str, ...] = ("melee", "power_attack", "shoot", "precise_shot")

    def glyph(self, f: dict[str, Any]) -> Cell:
        if f["side"] == HERO:
            if f["id"] == "uncle":
                return ("u ", "hero")
            return (f["name"][0].upper() + ("_" if f["status"] == DOWNED else " "), "hero")
        letter = LETTERS.get(f["card"], f["card"][:1])
        tail = f["id"].rsplit("_", 1)[-1]
        return (letter + (tail[-1].upper() if f["rats"] else tail[-1] if tail[-1].isdigit() else " "), "monster")

    def board(self, game: Game, seat: str) -> Board:
        s: State = game.state
        b = board_for(game.content, s.quest)
        cells: dict[Sq, Cell] = {}
        for sq in b.squares():
            sym = b.symbol(sq)
            k = key(sq)
            if sym in "DL":
                cells[sq] = DOORS[s.doors.get(k, "closed")]
            elif sym == "S":
                cells[sq] = ("▓▓", "wall") if s.secret.get(k) == "closed" else ("/ ", "door")
            elif sym == "P" and "uncle" not in s.figures:
                cells[sq] = PRISONER
            else:
                cells[sq] = TERRAIN.get(sym, ("· ", "floor"))
            if k in s.barrels:
                cells[sq] = ("oo", "furniture")
            if k in s.chests:
                cells[sq] = {"closed": ("▣ ", "furniture"), "locked": ("▤ ", "furniture"),
                             "open": ("□ ", "furniture")}[s.chests[k]]
            if s.traps.get(k):
                cells[sq] = ("^ ", "trap")
        for d in s.dropped:
            cells[(d["at"][0], d["at"][1])] = ("* ", "furniture")
        view = game.view(seat)
        for f in view["figures"].values():
            if f["pos"] is not None and f["status"] in ("standing", "downed"):
                cells[(f["pos"][0], f["pos"][1])] = self.glyph(f)
        return Board(cells, (0, 0, b.width - 1, b.height - 1))

    def _figure_line(self, f: Figure, where_too: bool = True) -> str:
        where = "" if f.pos is None or not where_too else f" at {f.pos[0]},{f.pos[1]}"
        state = [] if f.status == "standing" else [f.status]
        state += [w for w, on in (("burning", f.burning), ("poisoned", f.poisoned), ("afraid", f.feared)) if on]
        state += [f"webbed {f.webbed}"] if f.webbed else []
        state += [f"blessed +{f.blessed}"] if f.blessed else []
        state += [f"{f.rats} rats"] if f.rats else []
        return f"{f.name}{where}: {f.pv}/{f.max_pv} PV, {f.ap} AP" + (f" ({', '.join(state)})" if state else "")

    def objective(self, game: Game, seat: str) -> str:
        quest = game.content.quests[game.state.quest]
        return f"{quest.title}: {quest.goal}"

    def status(self, game: Game, seat: str) -> str:
        s: State = game.state
        quest = game.content.quests[s.quest]
        limit = quest.turn_limit or s.options.get("turn_limit", 20)
        d = game.pending
        who = s.figures.get(d.context.get("figure") or "") if d is not None else None
        parts = [quest.title, f"turn {s.turn}" + (f" of {limit}" if limit else ""), s.phase]
        if who is not None and who.on_board:
            parts.append(f"{who.name}: {who.ap} AP" + (f", {who.reserved} kept" if who.reserved else ""))
        return " · ".join(parts)

    def party(self, game: Game, seat: str) -> list[str]:
        s: State = game.state
        quest = game.content.quests[s.quest]
        lines = [quest.title, quest.goal, ""]
        lines += [self._figure_line(f) for f in s.figures.values() if f.side == HERO and f.status != "dead"
                  and (f.id in s.party or s.flags.get("uncle_joined") or f.on_board)]
        lines += ["", "The Master"] + [self._figure_line(f) for f in s.master_figures()]
        if s.pool:
            lines += ["", "Off the board: " + off_board(s)]
        return lines

    def seat_label(self, game: Game, seat: str) -> str | None:
        """A hero seat by its heroes' names ('Irf', 'Torgils and Irf'), so the hand-over never
        shows an id; the Master's seat is the Catacomb Master."""
        s: State = game.state
        names = [short(s.figures[h]) for h in s.party if s.seat_of.get(h) == seat and h in s.figures]
        return " and ".join(names) or None

    def hero_of(self, game: Game, decision: Decision | None) -> str | None:
        return deciding_hero(game, decision)

    def sheet(self, game: Game, seat: str, hero: str) -> str:
        s: State = game.state
        f = s.figures[hero]
        c = game.content
        stats = "  ".join(f"{STAT_NAMES[k][:3]} {f.stat(k)}" for k in STAT_ORDER)
        lines = [f"[b]{f.name}[/b]  {bar(f.pv, f.max_pv)} {f.pv}/{f.max_pv} PV",
                 f"AP {f.ap}/{f.stats['ap']}  kept {f.reserved}  fate {f.fate}", stats,
                 "Armour: " + ", ".join(f"{z} {f.armour[z]}" for z in ZONES),
                 f"Damage: melee {f.melee_damage}" + (f", shooting {f.dmg_shoot}" if f.dmg_shoot else "")]
        lines += listed("Skills", [k.replace("_", " ") + (f" {v}" if v > 1 else "") for k, v in f.skills.items()])
        lines += listed("Spells", [c.spells[sp].name for sp in f.spells])
        lines += listed("Carries", [i.replace("_", " ") for i in f.items])
        lines.append(self._figure_line(f))
        return "\n".join(lines)

    def hand(self, game: Game, seat: str, hero: str) -> list[Card]:
        c = game.content
        f = game.state.figures[hero]
        return [Card(c.spells[sp].name, plays("cast", "spell", sp), text=spell_text(c.spells[sp]))
                for sp in f.spells]

    def focus(self, game: Game, decision: Decision | None) -> Sq | None:
        s: State = game.state
        fid = decision.context.get("figure") if decision is not None else None
        f = s.figures.get(fid or s.current or "")
        if f is not None and f.pos is None and decision is not None and decision.options:
            return None  # a figure still to be placed: the app puts the cursor on its first square
        if f is None or f.pos is None:
            f = next((h for h in s.heroes() if h.pos is not None), None)
        return f.pos if f is not None else None

    def look(self, game: Game, seat: str, square: Sq) -> str:
        s: State = game.state
        b = board_for(game.content, s.quest)
        if not b.inside(square):
            return ""
        where = f"{square[0]},{square[1]}"
        f = s.at(square)
        if f is not None:
            return f"{where}: {self._figure_line(f, where_too=False)}"
        zones = ", ".join(z.replace("_", " ") for z in b.zones_of(square))
        sym = b.symbol(square)
        what = {"#": "wall", "~": "lava", "E": "stairs", "R": "reinforcement entry", "c": "cell floor",
                "D": f"door ({s.doors.get(key(square))})", "L": f"cell door ({s.doors.get(key(square))})",
                "S": "secret door" if s.secret.get(key(square)) == "open" else "wall",
                "P": "cell floor" if "uncle" in s.figures else "the prisoner, held in his cell"}.get(sym, "floor")
        if key(square) in s.barrels:
            what = "a barrel"
        if key(square) in s.chests:
            what = f"a chest ({s.chests[key(square)]})"
        if s.traps.get(key(square)):
            what = "a trap"
        return f"{where}: {what}" + (f" ({zones})" if zones else "")

    def summary(self, game: Game) -> str:
        s: State = game.state
        res = game.result or {}
        lines = [f"[b]{str(res.get('outcome', 'over')).upper()}[/b]: {res.get('why', '')}",
                 f"after {counted(s.turn, 'turn')}", ""]
        lines += [f"{h.name}: {h.status}" for h in s.heroes()]
        return "\n".join(lines)

    def squares_of(self, game: Game, seat: str, action: Action) -> list[Sq]:
        sq = goes_to(action)
        if sq is not None:
            return [sq]
        # Choosing who acts next is done on the map too: the figure's square.
        who = game.state.figures.get(action.get("figure") if action.kind == "activate" else
                                     action.get("target") if action.kind == "switch_hero" else "")
        return [who.pos] if who is not None and who.pos is not None else []

    def sight(self, game: Game, seat: str, hero: str) -> tuple[set[Sq], set[Sq]]:
        """The squares the hero sees (terrain sight), and the enemies it could shoot or cast at
        (targeting sight, figures in the way by the size rules)."""
        s: State = game.state
        f = s.figures.get(hero)
        if f is None or f.pos is None:
            return set(), set()
        m = Map(game)
        seen = {sq for sq in m.board.squares() if not m.obstacle(sq) and m.sees(f.at, sq)}
        targets = {e.at for e in s.enemies_of(f) if e.at in seen and m.targets(f, e)}
        return seen, targets

    def walks(self, game: Game, decision: Decision | None) -> dict[Sq, list[Sq]]:
        """Single steps only: every walk is one square."""
        if decision is None:
            return {}
        return {a.get("to"): [a.get("to")] for a in decision.options if a.kind == "walk"}


PRESENTER = CatakombsPresenter()
