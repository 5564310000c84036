"""HeroQuest as the screens show it: the board with its walls on the edges between squares,
the heroes' sheets, spells and potions as cards, the footer verbs and the help page.

Everything is drawn from one seat's view: a hero seat sees only revealed squares, found doors
and known traps; the dungeon seat (Zargon) sees the whole quest.  Glyphs alone tell everything
apart (NO_COLOR, 256 colours): heroes are capitals, monsters a lowercase letter and the last
digit of their number, furniture its two-letter mark; roles only pick the theme colours.
"""
from __future__ import annotations

from typing import Any

from ...engine.game import Action, Decision, Event, Game
from ...engine.presenter import (
    Board, Card, Cell, PresenterDefaults, Sq, Verb, bar, deciding_hero, listed, party_in, plays,
)
from .heroes import routes
from .sight import in_sight, targets_of
from ...engine.words import a, counted
from .words import potion_card, potion_name

DUNGEON = "dungeon"
TERRAIN: dict[str, Cell] = {
    ".": ("· ", "floor"),
    "S": ("≡≡", "floor"),  # the stairway: walkable, the way out
    "F": ("▪▪", "furniture"),  # furniture whose piece the view does not name
    "#": ("██", "wall"),  # a blocked square
    "R": ("▓▓", "wall"),  # solid rock (only Zargon's view has it)
}
FOG: Cell = ("░░", "fog")
FOG_EDGE = (" ", "  ")  # unseen squares stand apart, like tiles still face down
KNOWN_TRAP: Cell = ("^ ", "trap")
SPRUNG_PIT: Cell = ("()", "pit")
# Edge glyphs: (across a row = 1 char, along a row = 2 chars).
WALL = ("│", "──")
CLOSED_DOOR = ("+", "++")
OPEN_DOOR = ("/", "//")
HIDDEN_DOOR = ("?", "??")  # a secret door nobody has found: Zargon's view only

LEGEND = ("B D E W heroes, R Sir Ragnar   g1 o2 s3 monsters   Tb Ch … furniture   · floor   ≡≡ stairway   "
          "██ blocked   ░░ not yet seen   │ ─ walls (compact board: a line under a square)   "
          "+ closed door (compact: on the square above it)   / open door (compact: a gap)   ^ known trap   "
          "() sprung pit   * where you may step")

HELP = """[b]HeroQuest in brief[/b]
The heroes take their turns one after another; then Zargon, who plays the dungeon, moves and
strikes with every monster the heroes have found. A quest ends when its task is done and the
heroes are back on the stairway, or when nobody is left to go on.

[b]Your turn[/b]: roll the red dice (m) to learn how far you may walk; every square within reach
lights up, and enter walks there a step at a time, stopping if something comes into view.
Before or after walking you may take one action: attack a monster beside you (a), cast a spell
(z, or from your cards with c), search the room or corridor you stand in (s), or disarm a trap
you know of (t; the Dwarf needs no tools). Opening a door (d), drinking a potion (p) and using
an artifact (i) are free. A known trap can also be jumped: its far side lights up. e ends the turn.

[b]Fighting[/b]: the attacker rolls combat dice and counts skulls; a defending hero counts white
shields, a defending monster black shields; each skull not stopped costs one Body point. A hero
at no Body falls unless a potion or a friend's healing spell saves him; a friend who casts it
outside his own turn gives up his next action. What the fallen carried can be picked up.

[b]Magic[/b]: each spell card works once a quest. Zargon's named monsters may hold dread spells
instead of attacking: fire, lightning, sleep, fear, command, summons. A hero's Mind rolls can
throw off sleep, fear or command at the start of his turn (a 6 on any die).

[b]What you see[/b]: rooms and corridors are drawn once a hero has seen into them; monsters
appear when their room is revealed and stay in view. Walls stand between squares, doors sit in
them. Searching shows traps and secret doors; treasure searches may bring gold, potions, a
wandering monster or a hidden hazard.
"""

CONDITIONS = {"asleep": "asleep", "in_pit": "in a pit", "courage": "courage", "strength": "potion of strength",
              "brew": "heroic brew", "defense_potion": "potion of defence", "swift_wind": "swift wind",
              "tempest": "caught in a tempest", "rock_skin": "rock skin", "veil": "veil of mist",
              "pass_rock": "passing through rock", "commanded": "commanded by Zargon", "feared": "afraid",
              "pledged": "next action pledged"}

VERBS = (
    Verb("m", "roll", ("roll_move",), "roll the red dice to move"),
    Verb("s", "search", ("search_treasure", "search_traps", "search_secret_doors", "search_both"),
         "search for treasure, traps or secret doors (asks which)"),
    Verb("d", "door", ("open_door",), "open a door beside you (or enter on your square)"),
    Verb("a", "attack", ("attack", "monster_attack"), "attack (asks which target; tab and enter work too)"),
    Verb("t", "disarm", ("disarm",), "disarm a known trap"),
    Verb("z", "cast", ("cast", "monster_cast"), "cast a spell (or pick it in your cards with c)"),
    Verb("p", "potion", ("drink",), "drink a potion"),
    Verb("g", "take", ("take_remains",), "take what a fallen friend carried"),
    Verb("i", "artifact", ("use",), "use an artifact (the Elixir of Life, the Ring of Return)"),
    Verb("w", "equip", ("equip",), "change weapon"),
    Verb("f", "spells", ("draft",), "choose your spell groups"),
    Verb("x", "leave", ("leave", "exit"), "leave the dungeon by the stairway"),
)


def _figures(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {k: f for k, f in view.get("figures", {}).items() if isinstance(f, dict)}


def _on_board(figure: dict[str, Any]) -> bool:
    return figure.get("pos") is not None and figure.get("status") == "alive"


def _edge(a: Sq, b: Sq) -> tuple[Sq, Sq]:
    return (a, b) if a <= b else (b, a)


class HeroQuestPresenter(PresenterDefaults):
    table_kinds = {"move": "move", "death": "remove", "door": "note", "reveal": "place"}
    hero_article = "the "
    help = HELP
    legend = LEGEND
    verbs: tuple[Verb, ...] = VERBS
    dungeon_player: str | None = "Zargon"
    aim_kinds: tuple[str, ...] = ("attack", "monster_attack")
    walk_kinds: tuple[str, ...] = ("step",)  # a walk is played one square at a time
    end_kinds: tuple[str, ...] = ("pass", "end_turn", "monster_done")  # `e`: pass, end the hero's turn, end a monster's
    # A walk stops when a room or a monster comes into view (not a corridor opening up step by
    # step: "corridor_seen"), a trap springs, a monster is placed,
    # dice are rolled, someone is hurt, the escort or an alarm acts, a door opens, remains are found.
    walk_stops: frozenset[str] = frozenset({"reveal", "trap", "place", "roll", "damage", "escort", "alarm", "door",
                                            "remains"})

    # -- the board -----------------------------------------------------------------------------
    def glyph(self, game: Game, figure: dict[str, Any]) -> Cell:
        c = game.content
        kind = figure.get("kind", "")
        if figure.get("side") == "hero":
            p = c.heroes.get(kind) or c.escorts.get(kind)
            return ((p.glyph if p is not None else "H")[0].upper() + " ", "hero")
        m = c.monsters.get(kind)
        letter = (m.glyph if m is not None else "m")[0]  # case matters: G gargoyle, g goblin
        number = figure.get("number") or 0
        last_digit = next((ch for ch in reversed(str(figure.get("id", ""))) if ch.isdigit()), "?")
        digit = str(number % 10) if number else last_digit
        return (letter + digit, "monster")

    def board(self, game: Game, seat: str) -> Board:
        view = game.view(seat)
        c = game.content
        layout: dict[Sq, str] = c.areas  # the board's shape is public; what is on it is not
        shown = {(a[0], a[1]): a[3] for a in view.get("areas", [])}
        cells: dict[Sq, Cell] = {sq: (TERRAIN.get(shown[sq], TERRAIN["."]) if sq in shown else FOG) for sq in layout}
        for piece in view.get("furniture", {}).values():
            f = c.furniture.get(piece["kind"])
            for x, y in piece["squares"]:
                if (x, y) in shown:
                    cells[(x, y)] = (f.glyph[:2].ljust(2) if f is not None else "▪▪", "furniture")
        for t in view.get("traps", {}).values():
            at = tuple(t.get("at") or ())
            if at in shown and t.get("state") in ("known", "hidden"):
                cells[at] = KNOWN_TRAP
            elif at in shown and t.get("state") == "sprung" and t.get("kind") == "pit":
                cells[at] = SPRUNG_PIT
        for f in _figures(view).values():
            if _on_board(f):
                cells[tuple(f["pos"])] = self.glyph(game, f)
        xs = [x for x, _ in layout] or [0]
        ys = [y for _, y in layout] or [0]
        bounds = (min(xs), min(ys), max(xs), max(ys))
        return Board(cells, bounds, self._edges(view, layout, set(shown), bounds))

    def _edges(self, view: dict[str, Any], layout: dict[Sq, str], shown: set[Sq],
               bounds: tuple[int, int, int, int]) -> dict[tuple[Sq, Sq], Cell]:
        """Walls between areas, doors where the view has them, fog between unseen squares."""
        found = set(view.get("secret_found", []))
        doors: dict[tuple[Sq, Sq], tuple[str, ...]] = {}
        for did, d in view.get("door_edges", {}).items():
            a, b = (tuple(q) for q in d["squares"])
            hidden = d.get("secret") and did not in found
            doors[_edge(a, b)] = HIDDEN_DOOR if hidden else CLOSED_DOOR if d.get("state") == "closed" else OPEN_DOOR
        x0, y0, x1, y1 = bounds
        out: dict[tuple[Sq, Sq], Cell] = {}
        for y in range(y0 - 1, y1 + 1):
            for x in range(x0 - 1, x1 + 1):
                for b, along in (((x + 1, y), 0), ((x, y + 1), 1)):
                    a = (x, y)
                    if a not in layout and b not in layout:
                        continue
                    seen_a, seen_b = a in shown, b in shown
                    door = doors.get((a, b))
                    if not seen_a and not seen_b:
                        out[(a, b)] = (FOG_EDGE[along], "fog")
                    elif door is not None:
                        out[(a, b)] = (door[along], "door")
                    elif layout.get(a) != layout.get(b):
                        out[(a, b)] = (WALL[along], "wall")
                    elif not (seen_a and seen_b):
                        out[(a, b)] = (FOG_EDGE[along], "fog")
        return out

    def squares_of(self, game: Game, seat: str, action: Action) -> list[Sq]:
        """Squares an action without a target square belongs to: a door's two squares, a trap's."""
        door = action.get("door")
        if door is None and action.get("trap") is None:
            return []
        view = game.view(seat)
        if door is not None:
            d = view.get("door_edges", {}).get(door)
            return [tuple(q) for q in d["squares"]] if d else []
        trap = action.get("trap")
        if trap is not None:
            t = view.get("traps", {}).get(trap)
            return [tuple(t["at"])] if t and t.get("at") else []
        return []

    def walks(self, game: Game, decision: Decision | None) -> dict[Sq, list[Sq]]:
        """Squares a hero who has rolled can walk to with the moves left, each with its steps."""
        if decision is None or not decision.context.get("rolled") \
                or not any(a.kind == "step" for a in decision.options):
            return {}
        hero = game.state.figures.get(decision.context.get("figure"))
        if hero is None or hero.pos is None:
            return {}
        return routes(game, hero, int(decision.context.get("points", 0)))

    def focus(self, game: Game, decision: Decision | None) -> Sq | None:
        """The square to keep centred: the deciding hero or acting monster, else the first hero."""
        s = game.state
        who = None
        if decision is not None:
            who = decision.context.get("figure") or decision.context.get("monster")
        f = s.figures.get(who) if who else None
        if f is None or f.pos is None:
            f = next((h for h in s.heroes() if h.pos is not None), None)
        return f.pos if f is not None else None

    def look(self, game: Game, seat: str, square: Sq) -> str:
        """One line about the square under the cursor, from the seat's view only."""
        view = game.view(seat)
        c = game.content
        where = f"{square[0]},{square[1]}"
        for f in _figures(view).values():
            if _on_board(f) and tuple(f["pos"]) == square:
                dice = f.get("dice", {})
                text = f"{f['name']}: Body {f['body']}/{f['max_body']} · {dice.get('attack', '?')} att · " \
                    f"{dice.get('defend', '?')} def"
                m = c.monsters.get(f["kind"])
                if f["side"] != "hero" and m is not None:
                    text += f" · move {m.move}"
                flags = self._conditions(f)
                return text + (" · " + ", ".join(flags) if flags else "")
        shown = {(a[0], a[1]): (a[2], a[3]) for a in view.get("areas", [])}
        if square not in shown:
            return f"{where}: not yet seen" if square in c.areas else where
        area, terrain = shown[square]
        place = "corridor" if area == "corridor" else "a room"  # the board shows no room letters
        for piece in view.get("furniture", {}).values():
            if [square[0], square[1]] in [list(q) for q in piece["squares"]]:
                fur = c.furniture.get(piece["kind"])
                return f"{where}: {a(fur.name) if fur else 'furniture'} in {place}"
        for t in view.get("traps", {}).values():
            if tuple(t.get("at") or ()) == square and t.get("state") != "gone":
                return f"{where}: {a(t['kind'].replace('_', ' '))} trap ({t['state']}) in {place}"
        ground = {"S": "the stairway", "#": "a blocked square", "R": "solid rock"}.get(terrain, "floor")
        return f"{where}: {ground}, {place}"

    # -- the panels ---------------------------------------------------------------------------
    def objective(self, game: Game, seat: str) -> str:
        q = game.content.quests.get(game.view(seat).get("quest"))
        return "" if q is None else f"{q.name}: {q.briefing}"

    def status(self, game: Game, seat: str) -> str:
        view = game.view(seat)
        q = game.content.quests.get(view.get("quest"))
        name = q.name if q is not None else view.get("quest", "")
        phase = {"setup": "setting up", "heroes": "heroes", "zargon": "Zargon"}.get(
            view.get("phase", ""), view.get("phase", ""))
        deck = view.get("deck")
        left = f" · deck {deck}" if isinstance(deck, int) else ""
        eye = " · [b]ZARGON'S VIEW[/b]" if seat == DUNGEON else ""
        d = game.pending
        turn = ""
        if d is not None and d.context.get("figure") in view.get("figures", {}) and "rolled" in d.context:
            moves = f"{counted(d.context['points'], 'move')} left" if d.context["rolled"] else "not yet rolled"
            turn = f"\n{moves} · " + ("action taken" if d.context.get("acted") else "action ready")
        return f"[b]{name}[/b]\nround {view.get('round', 0)} · {phase}{left}{eye}{turn}"

    def party(self, game: Game, seat: str) -> list[str]:
        out = []
        for f in party_in(game.view(seat)):
            state = "" if f["status"] == "alive" else f" {f['status'].upper()}"
            out.append(f"{self.glyph(game, f)[0]}{f['name']:<10}{bar(f['body'], f['max_body'], 8)} "
                       f"{f['body']:>2}/{f['max_body']:<2} M{f['mind']} {f.get('gold', 0):>4}g{state}")
        return out

    def hero_of(self, game: Game, decision: Decision | None) -> str | None:
        """The figure whose sheet and cards the side panel shows: the deciding hero, or for
        Zargon the monster acting."""
        if decision is not None and decision.seat == DUNGEON:
            return decision.context.get("monster")
        return deciding_hero(game, decision)

    def _item_name(self, game: Game, item: str) -> str:
        c = game.content
        e = c.equipment.get(item) or c.artifacts.get(item)
        return e.name if e is not None else item.replace("_", " ")

    def sheet(self, game: Game, seat: str, hero: str) -> str:
        view = game.view(seat)
        f = _figures(view).get(hero)
        if f is None:
            return ""
        dice = f.get("dice", {})
        if f.get("side") != "hero":
            m = game.content.monsters.get(f["kind"])
            head = (f"[b]{f['name']}[/b]\nBody {bar(f['body'], f['max_body'])} {f['body']}/{f['max_body']} · "
                    f"Mind {f['mind']}\nattack {_dice(dice.get('attack'))} · defend {_dice(dice.get('defend'))}"
                    + (f" · move {m.move}" if m is not None else ""))
            return "\n".join([head, *listed("Conditions", self._conditions(f))])
        p = game.content.heroes.get(f["kind"])
        most_mind = p.mind if p is not None else max(1, f["mind"])
        fate = "" if f["status"] == "alive" else f"  [b]{f['status'].upper()}[/b]"
        lines = [f"[b]{f['name']}[/b]{fate} · gold {f.get('gold', 0)} · kills {f.get('kills', 0)}",
                 f"Body {bar(f['body'], f['max_body'])} {f['body']:>2}/{f['max_body']:<2} "
                 f"attack {_dice(dice.get('attack', f.get('attack')))}",
                 f"Mind {bar(f['mind'], most_mind)} {f['mind']:>2}/{most_mind:<2} "
                 f"defend {_dice(dice.get('defend', f.get('defend')))}"]
        lines += listed("Conditions", self._conditions(f))
        lines += listed("Carries", self.belongings(game, f))
        lines += listed("Spells", [sp.name if (sp := game.content.spells.get(x)) else x for x in f.get("spells", [])])
        return "\n".join(lines)

    def _conditions(self, f: dict[str, Any]) -> list[str]:
        # Only conditions: the other flags are the rules' bookkeeping (weapon in hand, relics used ...).
        return [CONDITIONS[k] for k, v in sorted(f.get("flags", {}).items()) if v and k in CONDITIONS]

    def belongings(self, game: Game, f: dict[str, Any]) -> list[str]:
        """Everything a hero holds, by name: weapon and armour (the weapon in hand marked),
        artifacts (those spent this quest marked), quest items, potions."""
        flags = f.get("flags", {})
        out = []
        in_hand = flags.get("main")
        for e in f.get("equipment", []):
            name = self._item_name(game, e)
            if in_hand == e:
                name += " (in hand)"
                in_hand = None  # a second one of the kind (a fallen friend's) is carried, not held
            elif flags.get(f"used:{e}"):
                name += " (used)"
            elif e == "spell_ring" and flags.get("spell_ring") in game.content.spells:
                name += f" (holds {game.content.spells[flags['spell_ring']].name})"
            out.append(name)
        out += [i.replace("_", " ") for i in flags.get("items", [])]
        out += [self._potion(game, p) for p in f.get("potions", [])]
        return out

    def _potion(self, game: Game, potion: str) -> str:
        """A potion by its card's name; a quest's own potion of healing says how much it heals."""
        _, _, amount = potion.partition(":")
        heals = f" ({counted(int(amount), 'Body Point')})" if amount not in ("", "0") else ""
        return potion_name(game.content, potion) + heals

    def hand(self, game: Game, seat: str, hero: str) -> list[Card]:
        view = game.view(seat)
        c = game.content
        f = _figures(view).get(hero)
        if f is None:
            return []
        cards: list[Card] = []
        for sid in f.get("dread", []):  # a monster's spells: only Zargon's view has them
            ds = c.dread_spells.get(sid)
            cards.append(Card(f"✦ {ds.name if ds else sid} · dread", plays("monster_cast", "spell", sid),
                              ds.text if ds else ""))
        for sid in f.get("spells", []):
            sp = c.spells.get(sid)
            label = f"✦ {sp.name} · {sp.group}" if sp is not None else f"✦ {sid}"
            cards.append(Card(label, plays("cast", "spell", sid), sp.text if sp else ""))
        for i, potion in enumerate(f.get("potions", [])):
            card = potion_card(c, str(potion))
            _, _, amount = str(potion).partition(":")
            text = f"Drink it on your turn, or as you fall, to regain {counted(int(amount), 'Body Point')}." \
                if amount not in ("", "0") else card.text if card is not None else ""
            cards.append(Card(f"▪ {self._potion(game, str(potion))}", plays("drink", "potion", i), text))
        for e in f.get("equipment", []):  # artifacts used from the hand
            art = c.artifacts.get(e)
            if art is not None and art.kind == "relic" and not f.get("flags", {}).get(f"used:{e}"):
                cards.append(Card(f"◆ {art.name}", plays("use", "item", e), art.text))
        return cards

    # -- what the app shows beside the map ------------------------------------------------------
    def drawn_card(self, game: Game, event: Event) -> tuple[str, str] | None:
        """A treasure card a search draws, shown until the player dismisses it."""
        if event.kind != "treasure_card":
            return None
        card = game.content.treasure.get(event.data.get("card"))
        return (card.name, card.text) if card is not None else None

    def sight(self, game: Game, seat: str, hero: str) -> tuple[set[Sq], set[Sq]]:
        """The squares the figure sees (of those the seat's view shows), and the squares of the
        figures it could strike or cast at now."""
        figure = game.state.figures.get(hero)
        if figure is None or not figure.on_board:
            return set(), set()
        shown = {(q[0], q[1]) for q in game.view(seat).get("areas", [])}
        return in_sight(game.state, figure, shown), targets_of(game, figure, secrets=seat == DUNGEON)

    def summary(self, game: Game) -> str:
        res = game.result or {}
        seat = next(iter(game.ruleset.seats(game.state)), DUNGEON)
        view = game.view(seat)
        fates = {"alive": "survived", "dead": "fell", "left": "got out"}
        lines = [f"[b]{str(res.get('outcome', 'over')).upper()}[/b]: {res.get('why', '')}", "",
                 f"{'hero':10} {'fate':9} {'kills':>5} {'gold':>6} {'dealt':>5} {'taken':>5}"]
        for f in party_in(view):
            lines.append(f"{f['name']:10} {fates.get(f['status'], f['status']):9} {f.get('kills', 0):>5} "
                         f"{f.get('gold', 0):>6} {f.get('damage_dealt', 0):>5} {f.get('damage_taken', 0):>5}")
        return "\n".join(lines)


def _dice(n: Any) -> str:
    return counted(n, "die", "dice") if isinstance(n, int) else f"{n} dice"


PRESENTER = HeroQuestPresenter()
