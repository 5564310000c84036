"""Wrath of Ashardalon as the screens show it: the placed tiles with their walls, doors and
triangles, the figures, encounter markers and tokens; the party's experience pile and
healing surges; the held monster cards; each hero's sheet, powers and items; the help page.

Everything is drawn from one seat's view (hero seats see deck sizes, not their order, door
tokens only as doors and treasure tokens face down).  Glyphs alone tell everything apart
(NO_COLOR, 256 colours): heroes are a capital, monsters a lowercase letter and a number,
villains a capital and "!", villagers "@" and an initial; roles only pick the theme colours.
"""
from __future__ import annotations

from typing import Any

from ...engine.game import Action, Decision, Event, Game
from ...engine.words import counted
from ...engine.presenter import (
    Board, Card, Cell, PresenterDefaults, Sq, Verb, aimed_at, bar, deciding_hero, listed, party_in, plays,
)
from . import powers
from .movement import walks
from .state import Figure, squares_of
from .marks import mark
from .tile_names import tile_name

TERRAIN: dict[str, Cell] = {
    ".": ("· ", "floor"),
    "X": ("x ", "floor"),  # a scorch mark: where monsters and tokens are placed first
    "S": ("≡≡", "furniture"),  # the start tile's stairs (exits stay drawn where a move may end)
    "L": ("╪╪", "furniture"),  # a ladder out: drawn even where a move may end, so the goal stays in sight
    "U": ("∩∩", "furniture"),  # a tunnel out
    "#": ("▓▓", "wall"),  # rock
}
EXIT_NAMES = {"S": "the stairs", "L": "a ladder", "U": "a tunnel", "X": "a scorch mark", ".": "floor", "#": "rock"}
TRIANGLE: dict[str, Cell] = {"black": ("▲▲", "furniture"), "white": ("△△", "furniture")}
# Edge glyphs: (across a row = 1 char, along a row = 2 chars).
WALL = ("│", "──")
DOOR = ("+", "++")
UNEXPLORED = ("░", "░░")  # an open side with no tile beyond it yet
MARKERS: dict[str, Cell] = {"trap": ("^ ", "trap"), "hazard": ("! ", "trap")}
LAVA: Cell = ("~~", "pit")
# Every token its own glyph, none a letter (a letter and a number are a monster: "b1" a Cave
# Bear), and each the same in the ASCII set.
TOKENS: dict[str, Cell] = {"treasure": ("$ ", "furniture"), "objective": ("$!", "furniture"),
                           "blade_barrier": ("%%", "trap"), "caltrops": (",,", "trap"),
                           "flaming_sphere": ("{}", "trap"), "wizard_eye": ("<>", "furniture"),
                           "flying_carpet": ("==", "furniture")}
PHASES = {"setup": "setting up", "hero": "hero phase", "exploration": "exploration phase",
          "villain": "villain phase", "over": "over"}

LEGEND = ("Q V K T H heroes   b1 g2 o3 … monsters (letter + number)   A! B! … villains   @a villagers   "
          "¤ object   · floor   x scorch mark   ≡≡ stairs   ╪╪ ladder   ∩∩ tunnel   ▓▓ rock   "
          "▲▲ △△ black / white triangle on the tile's entry side   │ ── walls   + door   "
          "░ unexplored edge   ^ trap   ! hazard   ~~ lava   $ treasure token   $! the objective   "
          "%% blade barrier   ,, caltrops   {} flaming sphere   <> wizard eye   == flying carpet   "
          "* where you may move")

HELP = """[b]Wrath of Ashardalon in brief[/b]
The heroes work together. Each player's turn has three phases: the [b]hero phase[/b] (you act),
the [b]exploration phase[/b] (standing on a square along an unexplored edge - drawn ░ - lays a
new tile there, with a monster on it) and the [b]villain phase[/b] (an encounter card if no tile
was laid or the new tile shows a black triangle ▲, then every monster card you hold acts).

[b]Your hero phase[/b]: two actions - move then attack, attack then move, or move twice. The
squares you can reach show as *; put the cursor on one (arrows, hjkl, or the mouse) and press
enter to move there. Put the cursor on a monster and press enter to attack it with the first
power that can; a (attack) asks which power and target, tab jumps between targets, and your
power cards under c play directly. At-will powers never run out; daily and utility powers
turn face down once used (shown dimmed, marked "used"). p uses a power that needs no square,
i an item, d tries to disable a trap on your tile, x climbs out at an exit, e ends the phase.

[b]Fighting[/b]: roll a d20, add the power's bonus; reaching the target's AC hits. Monsters
you defeat go to the party's experience pile: spend 5 XP on a natural 20 to reach level 2, or
XP to cancel an encounter card when it is drawn (z). A hero at 0 HP spends one of the party's
healing surges at the start of his turn; with none left, the party loses.

[b]The side panel[/b]: the adventure, round and phase, healing surges, the experience pile with
each card's value, the environment in play and the held cards (monsters act in the order you
received them; traps and hazards you drew sit in the same row). The hero sheet shows AC (with
its bonuses), HP, speed, surge value, level, conditions, curses, gold and items; the cards list
shows powers and items, ● marking what you can use now. o lists every choice.
"""

VERBS = (
    Verb("a", "attack", ("attack",), "attack with a power (asks which; enter on a monster works too)"),
    Verb("p", "power", ("power",), "use a power that needs no action (heal, mirror image, command ...)"),
    Verb("i", "item", ("item",), "use an item"),
    Verb("d", "disable", ("disable",), "try to disable a trap on your tile"),
    Verb("n", "unlock", ("unlock",), "try to unlock a door along your tile"),
    Verb("g", "cage", ("open_cage",), "try to open a cage"),
    Verb("v", "explore", ("explore",), "choose the unexplored edge to explore"),
    Verb("x", "escape", ("escape",), "climb out of the dungeon here"),
    Verb("y", "react", ("react",), "answer a reaction power's offer (use it or keep it)"),
    Verb("z", "cancel", ("cancel",), "spend experience to cancel an encounter card, or let it happen"),
)


def _figures(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {k: f for k, f in view.get("figures", {}).items() if isinstance(f, dict)}


def _on_board(f: dict[str, Any]) -> bool:
    return f.get("pos") is not None and not f.get("escaped") and not f.get("lifted")


def _squares(f: dict[str, Any]) -> list[Sq]:
    """A 2x2 figure's pos is its top-left square."""
    x, y = f["pos"]
    if f.get("flags", {}).get("size", 1) == 2:
        return [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
    return [(x, y)]


def _cell(sq: Sq) -> tuple[int, int]:
    return (sq[0] // 4, sq[1] // 4)


def _cell_squares(cell: tuple[int, int]) -> list[Sq]:
    return [(4 * cell[0] + dx, 4 * cell[1] + dy) for dy in range(4) for dx in range(4)]


def _side_squares(cell: tuple[int, int], side: str) -> list[Sq]:
    x0, y0 = 4 * cell[0], 4 * cell[1]
    return {"N": [(x0 + k, y0) for k in range(4)], "S": [(x0 + k, y0 + 3) for k in range(4)],
            "W": [(x0, y0 + k) for k in range(4)], "E": [(x0 + 3, y0 + k) for k in range(4)]}[side]


STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
SIDES = ("N", "E", "S", "W")


def _beyond(cell: tuple[int, int], side: str) -> tuple[int, int]:
    return (cell[0] + STEP[side][0], cell[1] + STEP[side][1])


def _entry_side(rot: int) -> str:
    """The side a tile joined by: S in its template, turned clockwise by rot."""
    return SIDES[(SIDES.index("S") + rot // 90) % 4]


def _edge(a: Sq, b: Sq) -> tuple[Sq, Sq]:
    return (a, b) if a <= b else (b, a)


def _tiles(view: dict[str, Any]) -> dict[tuple[int, int], dict[str, Any]]:
    """Each placed cell and the tile record filling it."""
    return {(c[0], c[1]): t for t in view.get("tiles", []) for c in t["cells"]}


def _tile_name(view: dict[str, Any], cell: tuple[int, int]) -> str:
    """A tile as the players name it, from the seat's view (the rules name it the same way)."""
    start = next(([(c[0], c[1]) for c in t["cells"]] for t in view.get("tiles", []) if t.get("tile") == "start"), [])
    active = view.get("active")
    heroes = sorted((f for f in party_in(view) if _on_board(f)), key=lambda f: f.get("id") != active)
    return tile_name(cell, start, [(f["name"], _cell(tuple(f["pos"]))) for f in heroes])


CARD_TABLES = ("monsters", "encounters", "villains", "powers", "items", "adventure_encounters")


def _card_name(game: Game, card: str) -> str:
    """Any card's name, whichever deck it comes from (a held row mixes monsters and traps)."""
    base = card.split("#")[0].split(":")[-1]
    table = next((tb for tb in CARD_TABLES if base in getattr(game.content, tb, {})), "monsters")
    return _name(game, table, card)


# Lasting effects a hero carries, read from his figure: (flag, how the sheet says it).
EFFECTS: tuple[tuple[str, Any], ...] = (
    ("mirror_images", lambda n: f"{n} mirror image{'s' * (n != 1)} (+{2 * n} AC)"),
    ("invisible", lambda v: "invisible (no monster picks him as closest)"),
    ("clerics_shield", lambda v: "Cleric's Shield (+2 AC)"),
    ("objective", lambda v: "carries the objective"),
    ("in_pit", lambda v: "in a pit"),
    ("no_move", lambda v: "may not move again this turn"),
)
TOKEN_NAMES = {"wizard_eye": "Wizard Eye", "flying_carpet": "Flying Carpet", "flaming_sphere": "Flaming Sphere",
               "blade_barrier": "Blade Barrier", "caltrops": "caltrops", "whirling_blades": "Whirling Blades"}
PREVIEW: Cell = ("▒▒", "reachable")  # where an explored tile will lie (its face is not known yet)


def _name(game: Game, table: str, key: str | None) -> str:
    if key is None:
        return ""
    base = key.split("#")[0].split(":")[-1]
    item = getattr(game.content, table, {}).get(base)
    return str(getattr(item, "name", None) or base.replace("_", " "))


class AshardalonPresenter(PresenterDefaults):
    table_kinds = {"tile": "note", "monster": "place", "place": "move", "move": "move", "defeat": "remove"}
    help = HELP
    legend = LEGEND
    verbs: tuple[Verb, ...] = VERBS
    dungeon_player: str | None = None  # the villain phase is always played by the rules
    compact_to_fit = False  # the dungeon grows: its tile walls and unexplored edges stay drawn, it scrolls
    aim_kinds: tuple[str, ...] = ("attack",)
    walk_kinds: tuple[str, ...] = ()  # a move is one choice of square, never a walk of steps
    end_kinds: tuple[str, ...] = ("end",)  # `e`: end the hero phase
    walk_stops = frozenset({"place", "roll", "damage", "door"})  # a tile or monster placed, dice, a hurt, a door

    # -- the board -----------------------------------------------------------------------------
    def glyph(self, f: dict[str, Any], figs: dict[str, dict[str, Any]] | None = None) -> Cell:
        """`figs`: the view's figures, to number a monster among those of its kind."""
        side = str(f.get("side", ""))
        kin = [k for k, g in (figs or {}).items() if g.get("kind") == f.get("kind") and g.get("side") == side]
        glyph = mark(side, str(f.get("kind", "")), str(f.get("id", "")), str(f.get("name") or ""), kin)
        return (glyph, "hero" if side in ("hero", "villager") else "monster")

    def board(self, game: Game, seat: str) -> Board:
        view = game.view(seat)
        terrain = {(x, y): ch for x, y, ch in view.get("terrain", [])}
        cells: dict[Sq, Cell] = {sq: TERRAIN.get(ch, TERRAIN["."]) for sq, ch in terrain.items()}
        for t in view.get("tiles", []):
            mark = TRIANGLE.get(t.get("triangle") or "")
            if mark is None:
                continue
            entry = (t["cells"][0][0], t["cells"][0][1])
            for sq in _side_squares(entry, _entry_side(int(t.get("rot", 0)))):
                if terrain.get(sq) == "#":  # the entry side's rock corners carry the triangle
                    cells[sq] = mark
        for card, m in view.get("markers", {}).items():
            for lava in m.get("lava", []):
                cells[tuple(lava["at"])] = LAVA
            cells[tuple(m["at"])] = MARKERS.get(self._encounter_type(game, card), MARKERS["trap"])
        for tok in view.get("tokens", []):
            cells[tuple(tok["at"])] = TOKENS.get(tok.get("kind", ""), ("? ", "furniture"))
        figs = _figures(view)
        for f in figs.values():
            if _on_board(f):
                for sq in _squares(f):
                    cells[sq] = self.glyph(f, figs)
        xs = [x for x, _ in terrain] or [0]
        ys = [y for _, y in terrain] or [0]
        bounds = (min(xs), min(ys), max(xs), max(ys))
        return Board(cells, bounds, self._edges(view))

    def _encounter_type(self, game: Game, card: str) -> str:
        e = game.content.encounters.get(card.split("#")[0])
        return str(getattr(e, "type", "trap"))

    def _edges(self, view: dict[str, Any]) -> dict[tuple[Sq, Sq], Cell]:
        """Walls on closed sides, doors on door tokens, ░ on open sides with nothing beyond."""
        tiles = _tiles(view)
        doors = set(view.get("doors", {}))
        out: dict[tuple[Sq, Sq], Cell] = {}
        for cell, t in tiles.items():
            open_sides = t.get("open", {}).get(f"{cell[0]},{cell[1]}", [])
            for side in SIDES:
                other = _beyond(cell, side)
                if tiles.get(other) is t:  # halves of one tile
                    continue
                opposite = SIDES[(SIDES.index(side) + 2) % 4]
                door = f"{cell[0]},{cell[1]},{side}" in doors or f"{other[0]},{other[1]},{opposite}" in doors
                if door:
                    glyph = (DOOR, "door")
                elif side not in open_sides:
                    glyph = (WALL, "wall")
                elif other not in tiles:
                    glyph = (UNEXPLORED, "fog")
                else:
                    continue  # an open join: the neighbour's own closed side draws its wall
                along = 1 if side in ("N", "S") else 0
                for sq in _side_squares(cell, side):
                    nxt = (sq[0] + STEP[side][0], sq[1] + STEP[side][1])
                    key = _edge(sq, nxt)
                    if out.get(key, ("", ""))[1] not in ("door", "wall"):
                        out[key] = (glyph[0][along], glyph[1])
        return out

    def squares_of(self, game: Game, seat: str, action: Action) -> list[Sq]:
        """Squares an action belongs to besides its target figure: a tile's floor for tile
        attacks and placements, an edge's squares for exploring, a trap's marker, a hero helped."""
        view = game.view(seat)
        floor = {(x, y) for x, y, ch in view.get("terrain", []) if ch != "#"}
        if action.kind == "tie":  # the question names each tied item's squares
            d = game.pending
            where = d.context.get("squares") if d is not None and action in d.options else None
            return [(q[0], q[1]) for q in where[action.get("pick")] if (q[0], q[1]) in floor] if where else []
        other = _figures(view).get(action.get("other"))
        if other is not None and _on_board(other):
            return _squares(other)
        if action.get("card") is not None and action.kind == "disable":
            m = view.get("markers", {}).get(action.get("card"))
            return [tuple(m["at"])] if m else []
        cell = action.get("tile") or action.get("cell")
        if cell is None or (action.kind == "attack" and action.get("target") is not None):
            return []
        cell = (cell[0], cell[1])
        if action.kind == "explore" and action.get("side") in STEP:
            return [q for q in _side_squares(cell, action.get("side")) if q in floor]
        return [q for q in _cell_squares(cell) if q in floor]

    def walks(self, game: Game, decision: Decision | None) -> dict[Sq, list[Sq]]:
        """Where the deciding hero's move slot can end, each with its path."""
        if decision is None or not any(a.kind == "move" for a in decision.options):
            return {}
        f = game.state.figures.get(decision.context.get("figure") or "")
        return walks(game, f) if f is not None and f.on_board else {}

    def focus(self, game: Game, decision: Decision | None) -> Sq | None:
        """The square to keep centred: the deciding hero or acting monster, else the active hero."""
        s = game.state
        who = decision.context.get("figure") if decision is not None else None
        f = s.figures.get(who) if who else None
        if f is None or not f.on_board:
            f = s.figures.get(s.active) if s.active else None
        if f is None or not f.on_board:
            f = next((h for h in s.heroes() if h.on_board), None)
        return tuple(f.pos) if f is not None else None

    def look(self, game: Game, seat: str, square: Sq) -> str:
        """One line about the square under the cursor, from the seat's view only."""
        view = game.view(seat)
        where = f"{square[0]},{square[1]}"
        terrain = {(x, y): ch for x, y, ch in view.get("terrain", [])}
        t = _tiles(view).get(_cell(square))
        if t is None or square not in terrain:
            return f"{where}: no tile here yet"
        tile = _tile_name(view, _cell(square)) + (f" ({t['triangle']} triangle)" if t.get("triangle") else "")
        parts = [f"{where} {tile}"] + ([EXIT_NAMES[terrain[square]]] if terrain[square] not in ".#" else [])
        for f in _figures(view).values():
            if _on_board(f) and square in _squares(f):
                parts.append(self._figure_line(game, view, f))
        for card, m in view.get("markers", {}).items():
            if tuple(m["at"]) == square:
                parts.append(f"{_name(game, 'encounters', card)} ({self._encounter_type(game, card)})")
            if any(tuple(lv["at"]) == square for lv in m.get("lava", [])):
                parts.append("lava")
        for tok in view.get("tokens", []):
            if tuple(tok["at"]) == square:
                value = tok.get("value")
                kind = str(tok.get("kind", ""))
                if kind in TOKEN_NAMES:  # a power's or an item's token: the owner's, no value
                    parts.append(f"{TOKEN_NAMES[kind]} token")
                else:
                    parts.append(f"{kind} token" + (f" ({value})" if value is not None else " (face down)"))
        return " · ".join(parts)

    def _figure_line(self, game: Game, view: dict[str, Any], f: dict[str, Any]) -> str:
        ac = f.get("ac_now", f.get("ac"))
        text = f"{self.glyph(f, _figures(view))[0].strip()} {f['name']} AC {ac} HP {f['hp']}/{f['max_hp']}"
        if f.get("side") in ("monster", "villain"):
            holder = next((h for h, row in view.get("rows", {}).items() if f.get("card") in row), None)
            if holder is not None:
                text += f" · {_figures(view).get(holder, {}).get('name', holder)}'s card"
            if f.get("enraged"):
                text += " · enraged"
        flags = list(f.get("conditions", [])) + [_name(game, "encounters", c) for c in f.get("curses", [])]
        return text + (" · " + ", ".join(flags) if flags else "")

    # -- the panels ---------------------------------------------------------------------------
    def objective(self, game: Game, seat: str) -> str:
        adv = game.content.adventures.get(game.view(seat).get("adventure"))
        return "" if adv is None else f"{adv.name}: {adv.text}"

    def status(self, game: Game, seat: str) -> str:
        view = game.view(seat)
        adv = _name(game, "adventures", view.get("adventure"))
        active = _figures(view).get(view.get("active") or "")
        phase = PHASES.get(view.get("phase", ""), str(view.get("phase", "")).replace("_", " "))
        who = f"{active['name']}'s {phase}" if active and phase.endswith("phase") else phase
        values = view.get("xp_values", {})
        pile = [f"{_name(game, 'monsters', c)} {values.get(c, '?')}" for c in view.get("xp", [])]
        lines = [f"[b]{adv}[/b]", f"round {view.get('round', 0)} · turn {view.get('turn', 0)} · {who}",
                 f"healing surges {view.get('surges', 0)} · XP {sum(values.values())}"
                 + (f": {', '.join(pile)}" if pile else "")]
        lines += self._goal(game, view)
        env = view.get("environment")
        if env:
            lines.append(f"environment: {_name(game, 'encounters', env)}")
        if view.get("drawn"):
            lines.append("drawn: " + ", ".join(_name(game, "encounters", c) for c in view["drawn"]))
        decks = view.get("decks", {})
        if isinstance(decks, dict) and decks:
            counts = {k: (v if isinstance(v, int) else len(v)) for k, v in decks.items()}
            names = {"dungeon": "tiles", "monster": "monsters", "encounter": "encounters"}
            lines.append("left: " + ", ".join(f"{names[k]} {counts[k]}" for k in names if k in counts))
        return "\n".join(lines)

    def _goal(self, game: Game, view: dict[str, Any]) -> list[str]:
        """How far the party is toward a counted goal (Monster Hunt's trophies), which the
        table shows nowhere else."""
        adventure = game.content.adventures.get(view.get("adventure") or "")
        out = []
        for goal in getattr(adventure, "victory", []):
            if goal.kind == "trophies":
                need = goal.per_hero * len(view.get("party", [])) + goal.plus
                out.append(f"trophies {view.get('trophies', 0)} of {need}")
        return out

    def _held(self, game: Game, view: dict[str, Any], hero: str) -> list[str]:
        """A player's row of held cards by name, in the order received: a monster card with the
        figures it brought (so two Legion Devil cards read apart), a trap or hazard with its kind."""
        figs = _figures(view)
        out = []
        for card in view.get("rows", {}).get(hero, []):
            name = _card_name(game, card)
            base = card.split("#")[0]
            if base in game.content.encounters:
                out.append(f"{name} ({self._encounter_type(game, card)})")
                continue
            on_board = [self.glyph(f, figs)[0] for f in figs.values() if f.get("card") == card and _on_board(f)]
            if on_board:
                out.append(f"{name} ({', '.join(on_board)})")
                continue
            # Its own figures are gone, but a card moves every figure of its name (§5.4).
            alike = [self.glyph(f, figs)[0] for f in figs.values()
                     if f.get("name") == name and f.get("side") in ("monster", "villain") and _on_board(f)]
            out.append(f"{name} (none of its own; it moves {', '.join(alike)})" if alike
                       else f"{name} (none on the board)")
        return out

    def _effects(self, game: Game, view: dict[str, Any], f: dict[str, Any]) -> list[str]:
        """What lasts on a hero besides conditions and curses: powers' marks and his tokens."""
        flags = f.get("flags", {})
        out = [say(flags[key]) for key, say in EFFECTS if flags.get(key)]
        laid: dict[tuple[str, str], int] = {}  # (token, tile) -> how many: five blade tokens are one line
        for tok in view.get("tokens", []):
            if tok.get("owner") == f.get("id") and tok.get("kind") in TOKEN_NAMES:
                where = (TOKEN_NAMES[tok["kind"]], _tile_name(view, _cell(tuple(tok["at"]))))
                laid[where] = laid.get(where, 0) + 1
        for (name, tile), n in laid.items():
            out.append(f"{counted(n, name + ' token')} on {tile}" if n > 1 else f"{name} on {tile}")
        return out

    def party(self, game: Game, seat: str) -> list[str]:
        view = game.view(seat)
        out = []
        for f in party_in(view):
            hid = f["id"]
            state = " ESCAPED" if f.get("escaped") else " DOWN" if f["hp"] <= 0 else ""
            out.append(f"{self.glyph(f)[0]}{f['name']:<8}{bar(f['hp'], f['max_hp'], 8)} {f['hp']:>2}/{f['max_hp']:<2} "
                       f"AC{f.get('ac_now', f['ac'])} L{f.get('level', 1)} {f.get('gold', 0):>4}g{state}")
            held = self._held(game, view, hid)
            if held:
                out.append("   holds " + ", ".join(held))
        return out

    def hero_of(self, game: Game, decision: Decision | None) -> str | None:
        """The hero whose sheet and cards the panel shows: the deciding hero, else the active one."""
        return deciding_hero(game, decision) or game.state.active

    def sheet(self, game: Game, seat: str, hero: str) -> str:
        view = game.view(seat)
        f = _figures(view).get(hero)
        if f is None:
            return ""
        if f.get("side") != "hero":
            return f"[b]{f['name']}[/b]\nAC {f['ac']} · HP {bar(f['hp'], f['max_hp'])} {f['hp']}/{f['max_hp']}"
        fate = "  [b]ESCAPED[/b]" if f.get("escaped") else "  [b]DOWN[/b]" if f["hp"] <= 0 else ""
        parts = f.get("ac_parts") or {}
        bonus = " (" + ", ".join(f"{k.replace('_', ' ')} {v:+d}" for k, v in parts.items()) + ")" if parts else ""
        lines = [f"[b]{f['name']}[/b]{fate} · level {f.get('level', 1)} · gold {f.get('gold', 0)}",
                 f"HP {bar(f['hp'], f['max_hp'])} {f['hp']:>2}/{f['max_hp']:<2} · surge +{f.get('surge', 0)}",
                 f"AC {f.get('ac_now', f['ac'])}{bonus} · speed {f.get('speed_now', f.get('speed', 0))}"]
        lines += listed("Conditions", list(f.get("conditions", [])))
        lines += listed("Curses", [_name(game, "encounters", c) for c in f.get("curses", [])])
        lines += listed("Effects", self._effects(game, view, f))
        lines += listed("Items", [_name(game, "items", c) + ("" if up else " (used)")
                                  for c, up in f.get("items", {}).items()])
        lines += listed("Holds", self._held(game, view, hero))
        return "\n".join(lines)

    def hand(self, game: Game, seat: str, hero: str) -> list[Card]:
        """The hero's power cards (used dailies and utilities face down) and treasure items."""
        view = game.view(seat)
        f = _figures(view).get(hero)
        if f is None or f.get("side") != "hero":
            return []
        cards: list[Card] = []
        for pid, up in f.get("powers", {}).items():
            p = game.content.powers.get(pid)
            kind = p.type.replace("_", "-") if p is not None else "power"
            label = f"✦ {p.name if p else pid} · {kind}" if up else f"✧ {p.name if p else pid} · {kind} · used"
            cards.append(Card(label, plays_power(pid), p.text if p is not None else ""))
        for card, up in f.get("items", {}).items():
            name = _name(game, "items", card)
            item = game.content.items.get(card.split("#")[0])
            cards.append(Card(f"▪ {name}" + ("" if up else " · used"), plays("item", "card", card),
                              str(getattr(item, "text", ""))))
        return cards

    def drawn_card(self, game: Game, event: Event) -> tuple[str, str] | None:
        """An encounter card as it is drawn, and a treasure as it is found: (title, what it does)."""
        card = event.data.get("card")
        if not isinstance(card, str):
            return None
        base = card.split("#")[0]
        if event.kind == "encounter":
            e = game.content.encounters.get(base) or game.content.adventure_encounters.get(base)
            if e is None:
                return None
            kind = str(getattr(e, "type", "adventure")).replace("_", "-")
            return (f"{e.name} ({kind})", str(e.text))
        if event.kind == "treasure" and event.data.get("found"):
            item = game.content.items.get(base)
            return (str(item.name), str(item.text)) if item is not None else None
        return None

    def preview(self, game: Game, seat: str, action: Action) -> dict[Sq, Cell]:
        """Exploring an edge: the squares the new tile will cover (its face stays hidden until drawn)."""
        side = action.get("side")
        cell = action.get("cell")
        if action.kind != "explore" or side not in STEP or cell is None:
            return {}
        return dict.fromkeys(_cell_squares(_beyond((cell[0], cell[1]), side)), PREVIEW)

    def sight(self, game: Game, seat: str, hero: str) -> tuple[set[Sq], set[Sq]]:
        """Ashardalon has no line of sight: a hero "sees" the tiles his ready powers reach (at
        least his own), and could aim at the monsters his ready attack powers may target now."""
        s = game.state
        f: Figure | None = s.figures.get(hero)
        if f is None or f.side != "hero" or not f.on_board:
            return set(), set()
        ready = [game.content.powers[pid] for pid, up in f.powers.items() if up and pid in game.content.powers]
        reach = max([p.tiles or 0 for p in ready if p.target in ("monster_within", "monsters_within", "tile_within")],
                    default=0)
        cells = set(powers.cells_within(s, f, reach))
        view = game.view(seat)
        seen = {(x, y) for x, y, ch in view.get("terrain", []) if ch != "#" and _cell((x, y)) in cells}
        d = game.pending
        if d is not None and d.chance is None and deciding_hero(game, d) == hero and d.context.get("figure") == hero:
            aims = {aimed_at(game, a) for a in d.options if a.kind in ("attack", "item", "power")}
            return seen, {sq for sq in aims if sq is not None}
        targets: set[Sq] = set()
        for p_id, up in f.powers.items():
            if not up or game.content.powers.get(p_id) is None or game.content.powers[p_id].timing != "action":
                continue
            for t in powers.attack_targets(game, f, p_id):
                foes = [t] if isinstance(t, Figure) else powers.foes_on(s, t)
                targets.update(q for m in foes for q in squares_of(m))
        return seen, targets

    def summary(self, game: Game) -> str:
        res = game.result or {}
        seat = next(iter(game.ruleset.seats(game.state)), "dungeon")
        view = game.view(seat)
        lines = [f"[b]{str(res.get('outcome', 'over')).upper()}[/b]: {res.get('why', '')}", "",
                 f"XP pile {sum(view.get('xp_values', {}).values())} · monsters defeated {view.get('trophies', 0)}"
                 f" · surges left {view.get('surges', 0)}", "",
                 f"{'hero':10} {'fate':8} {'HP':>5} {'level':>5} {'gold':>5}"]
        for f in party_in(view):
            fate = "escaped" if f.get("escaped") else "down" if f["hp"] <= 0 else "standing"
            lines.append(f"{f['name']:10} {fate:8} {f['hp']:>2}/{f['max_hp']:<2} {f.get('level', 1):>5} "
                         f"{f.get('gold', 0):>5}")
        return "\n".join(lines)


def plays_power(pid: str) -> Any:
    """A power card plays the attacks, free uses and reactions that name it."""
    def test(a: Action) -> bool:
        return a.kind in ("attack", "power", "react") and a.get("power") == pid and a.get("use", True) is not False
    return test


PRESENTER = AshardalonPresenter()
