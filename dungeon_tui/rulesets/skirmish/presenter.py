"""Warhammer Skirmish as the screens show it: the battlefield with a level digit on every square
above the ground (heights read without colour), models by side and state, the phase and whose
turn it is, model sheets and the warband rosters with their rout count."""
from __future__ import annotations

from ...engine.game import CHANCE, Action, Decision, Game
from ...engine.presenter import Board, Card, Cell, PresenterDefaults, Sq, Verb, goes_to, listed
from .battle import field_of
from .contact import combats
from .distance import distance
from .movement import destinations
from .objectives import band_name, band_turn
from .seeing import cover_of, sees
from .sight import can_see
from .state import GONE, KNOCKED_DOWN, STUNNED, Model, State
from .square_offers import running

HELP = """[b]Warhammer Skirmish[/b]
Two warbands of a dozen models fight over a battlefield of hills, walls, woods and buildings.
Each side's turn runs: rout test (after losing a quarter of its models), rally, movement
(charges first, then fleeing models, then every other move), magic (when the option is on),
shooting, and close combat, in which both sides strike in order of Initiative, chargers first.
A model brought to no wounds rolls on the injury table: knocked down, stunned or out of action.
The scenario says how the battle is won; a warband that fails its rout test loses at once."""

LEGEND = ("capitals your models, small letters the enemy's (a letter per kind: see its sheet); then "
          "_ knocked down, * stunned, ! fleeing, "
          "? hidden, a digit its level   ·  ground   ▒2 raised floor and its level   ██ wall   "
          "= low wall   % hedge   ♣ wood   ≈ stream   ╪╪ ladder   + doorway   ▪A objective A   ¤ the relic   "
          "lit for a move: * a square the model walks to, : one it may only run to")

TERRAIN: dict[str, tuple[str, str]] = {
    ".": ("·", "floor"), "#": ("█", "wall"), "X": ("▓", "wall"), "=": ("=", "furniture"), "%": ("%", "furniture"),
    "T": ("♣", "fog"), "~": ("≈", "pit"), "H": ("╪", "door"), "+": ("+", "door"),
}
STATE_MARK = {KNOCKED_DOWN: "_", STUNNED: "*"}
STATE_WORDS = {"standing": "standing", KNOCKED_DOWN: "knocked down", STUNNED: "stunned",
               "out_of_action": "out of action", "fled": "fled the field"}


def letter_of(game: Game, m: Model, viewer: int) -> str:
    """Its profile's letter, a capital on the viewer's side."""
    letter: str = game.content.profiles[m.profile].glyph
    return letter if m.side == viewer else letter.lower()


def glyph(game: Game, m: Model, level: int, viewer: int) -> Cell:
    """Its letter (see letter_of); then its state, or its level."""
    letter = letter_of(game, m, viewer)
    mark = "!" if m.fleeing else "?" if m.hidden else STATE_MARK.get(m.status) or (str(level) if level else " ")
    return letter + mark, "hero" if m.side == viewer else "monster"


def roster_line(game: Game, m: Model, viewer: int) -> str:
    """One model in its warband's roster, short enough for the side panel (38 columns when the
    terminal is narrow): its map letter, name, wounds and whatever is not plain standing."""
    letter = letter_of(game, m, viewer)
    if not m.on_table:
        return f"{letter} {m.name:21} {STATE_WORDS[m.status] if m.status in GONE else 'to deploy'}"
    state = "fleeing" if m.fleeing else "hidden" if m.hidden else STATE_WORDS[m.status] if m.down else ""
    return f"{letter} {m.name:21} {m.wounds}/{m.w} {state}".rstrip()


# A side's answers in the other side's turn (§5.3 charge reactions and interceptions, the
# dispel of §5.4), and the choices of a close combat in which both sides fight (§5.6).
REACTIONS = frozenset({"hold", "stand_and_shoot", "flee", "intercept", "dispel", "let_pass"})
FIGHTING = frozenset({"choose_weapon", "allocate_attacks"})


class SkirmishPresenter(PresenterDefaults):
    table_kinds = {"deploy": "place", "move": "move", "out_of_action": "remove", "downed": "note"}
    help = HELP
    legend = LEGEND
    verbs: tuple[Verb, ...] = ()
    dungeon_player: str | None = "The opposing warband"
    end_kinds: tuple[str, ...] = ("end_movement", "end_shooting", "end_charges", "stay", "pass", "end_searching")
    walk_stops: frozenset[str] = frozenset()
    walk_kinds: tuple[str, ...] = ()
    aim_kinds: tuple[str, ...] = ("declare_charge", "shoot", "cast")
    dungeon_view_secret = False  # hidden models' markers are public (§5.2): both sides see one table
    has_cards = False  # no cards and no hand of spells: the `c` key would do nothing

    def seat_label(self, game: Game, seat: str) -> str | None:
        side = game.state.side_of_seat(seat)
        return band_name(game, side) if side else None

    def board(self, game: Game, seat: str) -> Board:
        s: State = game.state
        fld = field_of(game)
        cells: dict[Sq, Cell] = {}
        for sq in fld.squares():
            kind = fld.kind(sq)
            level = fld.height_at(sq) or 0
            objective = fld.objective_at(sq)
            if objective:  # marked apart from the models' letters; its level is in `look`
                cells[sq] = ("▪" + objective, "door")
            elif kind == "H":  # a ladder, drawn whole so that no model's letter reads as one
                cells[sq] = ("╪╪", "door")
            elif kind in TERRAIN:
                ch, role = TERRAIN[kind]
                cells[sq] = (ch * 2 if role == "wall" else ch + (str(level) if level else " "), role)
            else:  # a raised floor, its level shown
                cells[sq] = ("▒" + str(level), "floor")
        viewer = s.side_of_seat(seat) or 1
        for m in s.models.values():
            if m.on_table:
                cells[m.at] = glyph(game, m, fld.height_at(m.at) or 0, viewer)
        relic = s.objectives.get("relic_at")
        if relic and s.at((relic[0], relic[1])) is None:  # under a model, its look says so
            level = fld.height_at((relic[0], relic[1])) or 0
            cells[(relic[0], relic[1])] = ("¤" + (str(level) if level else " "), "trap")
        return Board(cells, (0, 0, fld.width - 1, fld.height - 1))

    def objective(self, game: Game, seat: str) -> str:
        scenario = game.content.scenarios[game.state.scenario]
        return f"{scenario.title}: {scenario.text}"

    def status(self, game: Game, seat: str) -> str:
        s: State = game.state
        if s.game_turn == 0:
            return f"{game.content.scenarios[s.scenario].title}  ·  deployment"
        phase = s.phase.replace("_", " ")
        return (f"{game.content.scenarios[s.scenario].title}  ·  game turn {s.game_turn}  ·  "
                f"{band_turn(game, s.active)}  ·  {phase}"
                + (f"  ·  points {s.points.get('1', 0)}-{s.points.get('2', 0)}" if s.points else ""))

    def party(self, game: Game, seat: str) -> list[str]:
        s: State = game.state
        out = []
        viewer = s.side_of_seat(seat) or 1
        for side in (1, 2):
            start = s.starting.get(str(side), 0)
            lost = s.lost(side)
            rout_at = -(-start // 4)
            out.append(f"{band_name(game, side)}: {start - lost}/{start} left")
            out.append("  tests for rout every turn" if lost >= rout_at else f"  tests for rout from {rout_at} lost")
            for m in s.side_models(side):
                out.append(roster_line(game, m, viewer))
        groups = combats(s, field_of(game))
        if groups:
            out.append("Combats:")
            out += [f"  {' · '.join(m.name for m in group)}" for group in groups]
        return out

    def hero_of(self, game: Game, decision: Decision | None) -> str | None:
        if decision is None:
            return None
        who = decision.context.get("figure")
        return str(who) if who in game.state.models else None

    def figures(self, game: Game, seat: str) -> dict[str, tuple[str, Sq | None]]:
        # Both warbands stand on one open table (hidden models' markers are public).
        return {mid: (m.name, m.pos) for mid, m in game.state.models.items()}

    def sheet(self, game: Game, seat: str, hero: str) -> str:
        s: State = game.state
        m = s.models.get(hero)
        if m is None:
            return ""
        c = game.content
        roles = m.role + (", leader" if m.leader and m.role != "leader" else "")  # a leader's role is often "leader"
        lines = [f"{m.name} ({roles}), {c.profiles[m.profile].glyph} on the map",
                 f"M{m.m} WS{m.ws} BS{m.bs} S{m.s} T{m.t} W{m.w} I{m.i} A{m.a} Ld{m.ld}",
                 f"Wounds {m.wounds}/{m.w}, {STATE_WORDS.get(m.status, m.status)}"
                 + (", fleeing" if m.fleeing else "") + (", hidden" if m.hidden else "")]
        lines += listed("Weapons", [c.weapons[w].name for w in m.weapons])
        lines += listed("Armour", [c.armour[a].name for a in m.armour])
        lines += listed("Rules", [c.rules[r].name for r in m.rules if r in c.rules])
        lines += listed("Spells", [c.spells[sp].name for sp in m.spells] if s.magic else [])
        if m.carrying:
            lines.append("Carries the relic")
        return "\n".join(lines)

    def hand(self, game: Game, seat: str, hero: str) -> list[Card]:
        return []

    def focus(self, game: Game, decision: Decision | None) -> Sq | None:
        """The model deciding; else, for a choice among models (which to move, which charges), the
        first one offered: the warbands start a table apart and the map shows only part of it."""
        if decision is None:
            return None
        who = decision.context.get("figure") or next((a.get("model") for a in decision.options if a.get("model")),
                                                     None)
        m = game.state.models.get(who) if who else None
        return m.pos if m is not None else None

    def look(self, game: Game, seat: str, square: Sq) -> str:
        s: State = game.state
        fld = field_of(game)
        if not fld.inside(square):
            return ""
        level = fld.height_at(square)
        where = f"{fld.terrain(square).name} at {square[0]},{square[1]}" + (f", level {level}" if level else "")
        building = fld.building_at(square)
        if building:
            where += f", in the {building.replace('_', ' ')}"
        relic = s.objectives.get("relic_at")
        if relic and tuple(relic) == square:
            where += "; the relic lies here"
        m = s.at(square)
        if m is None:
            return where
        state = "fleeing" if m.fleeing else STATE_WORDS.get(m.status, m.status)
        return f"{m.name} of {band_name(game, m.side)}, {m.wounds}/{m.w} wounds, {state}; {where}"

    def summary(self, game: Game) -> str:
        result = game.result or {}
        winner = result.get("winner")
        head = f"{band_name(game, int(winner))} win" if winner else "A draw"
        return f"{head}: {result.get('why', '')}."

    def squares_of(self, game: Game, seat: str, action: Action) -> list[Sq]:
        sq = goes_to(action)
        if sq is not None:
            return [sq]
        s: State = game.state
        for key in ("target", "model"):
            m = s.models.get(action.get(key)) if action.get(key) else None
            if m is not None and m.pos is not None:
                return [m.pos]
        return []

    def walks(self, game: Game, decision: Decision | None) -> dict[Sq, list[Sq]]:
        return {}

    def sight(self, game: Game, seat: str, hero: str) -> tuple[set[Sq], set[Sq]]:
        """The squares the model sees, and the enemies it sees (with their cover in `look`)."""
        s: State = game.state
        m = s.models.get(hero)
        if m is None or not m.on_table:
            return set(), set()
        fld = field_of(game)
        seen = {sq for sq in fld.squares() if fld.walkable(sq) and distance(m.at, sq) <= 24
                and can_see(fld, m.at, sq, {})}
        foes = {e.at for e in s.on_table(3 - m.side) if sees(s, fld, m, e)}
        return seen, foes

    def far_reach(self, game: Game, seat: str, decision: Decision | None) -> set[Sq]:
        """Where the model on the move may only run to (lit `:`), apart from where it walks (`*`)."""
        if decision is None or not any(a.kind == "move" for a in decision.options):
            return set()
        m = game.state.models.get(decision.context.get("figure"))
        if m is None or not m.on_table:
            return set()
        return {sq for sq, route in destinations(game, m).items() if running(m, route)}

    def quiet_hand_over(self, game: Game, decision: Decision) -> bool:
        """Nothing on the table is hidden from either side (§5.2: hidden models' markers are
        public), so the hand-over screen shows only where a player takes the keyboard for a
        turn of their own, with the recap of the other's.  Deployment alternates model by model
        (D27): the screen shows before the first placement only.  In the middle of a side's turn
        the other side answers (a charged model's reaction, an interceptor, a dispel, its
        models' blows in the close combat both sides fight) and the keyboard comes back: each
        of these passes with a notice and the choices box naming the warband that decides."""
        last = next((a for a, _why in reversed(game.decisions) if a.seat != CHANCE), None)
        if last is None:
            return False
        kinds = {a.kind for a in decision.options}
        if last.kind == "deploy" and "deploy" in kinds:
            return True
        s: State = game.state
        if not s.side_turns:
            return False  # the roll-off and the deployment's first placement: a screen each
        if decision.seat != s.seat(s.active):
            return True  # the other side answers in this side's turn
        return last.kind in REACTIONS or (last.kind in FIGHTING and bool(kinds & FIGHTING))

    def cover(self, game: Game, viewer: str, target: str) -> str:
        s: State = game.state
        return cover_of(s, field_of(game), s.models[viewer], s.models[target])


PRESENTER = SkirmishPresenter()
