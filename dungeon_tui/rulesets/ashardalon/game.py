"""Wrath of Ashardalon as one game object: setup options, new games, seats, and views that
keep deck order and face-down tokens from the hero seats (spec §6.2); its AI, screens,
checks and words."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Literal

from ...engine.contract import Hero, Invariants, Ruleset, Setup, SetupError, choose_party, hero_seat, setting
from ...engine.game import DUNGEON, Controller, Game, Procedure
from ...engine.grid import Sq
from ...engine.lookahead import companion_of, companion_setting, with_lookahead
from ...engine.presenter import Presenter
from . import board, combat, invariants
from .adventures import ADVENTURE_CARDS
from .ai.companions import HeroAI
from .ai.dungeon import DungeonSeat
from .ai.lookahead import AshardalonHooks
from .combat import ITEMS
from .content import WHERE, Content, load_content
from .encounters import ENCOUNTERS
from .movement import speed, walks
from .powers import POWERS
from .presenter import PRESENTER
from .state import HERO, Figure, State
from .turns import lay_start, procedure

ID = "ashardalon"
RULES_VERSION = "2"  # 2: ties auto by default, a hero phase with nothing left ends itself
HERO_ORDER = ("quinn", "vistra", "keyleth", "tarak", "heskan")


class AshardalonSetup(Setup):
    """The options of §3.9: healing surges, how powers are chosen, who plays first, who
    settles a monster's tie."""

    surges: Literal[1, 2, 3] | None = setting(
        None, "Healing surges", [("2", 2), ("3 (easier)", 3), ("1 (harder)", 1)],
        "the party's healing surges (default: the adventure's)")
    powers: Literal["recommended", "random"] | dict[str, Any] = setting(
        "recommended", "Powers", [("recommended", "recommended"), ("random", "random")],
        "recommended loadouts, random draws, or a mapping hero -> {utility, at_will, daily}")
    first: str | None = setting(None, "First player", [("seat order", "seat"), ("roll a d20 each", "roll")],
                                "a hero of the party, roll (a d20 each) or seat (seat order)")
    # Ties settle themselves by default (§6.2's fixed order, said in the log): a question per
    # tie slowed every villain phase for a choice few players care about.
    ties: Literal["active_player", "auto"] = setting(
        "auto", "Monster ties",
        [("fixed order, said in the log", "auto"), ("the active player picks", "active_player")],
        "who settles a tie between a monster's targets")
    companion: Literal["default", "lookahead"] = companion_setting()
    # Set by the Decks setting `mine` (not offered on its own): each Monster, Encounter and
    # Treasure card is drawn by the chance seat from the cards left, so a player names it.
    own_decks: bool = False


class Ashardalon(Ruleset[State, Content]):
    id = ID
    rules_version = RULES_VERSION
    decks_at_table = "own_decks"
    title = "Wrath of Ashardalon"
    setup_model = AshardalonSetup
    load = staticmethod(load_content)

    def content_problems(self, content: Content) -> list[str]:
        """A power, item or encounter id with no effect in the code, or an effect for an id the content lacks.
        In-play items with no attack are plain numbers combat reads: they need no effect."""
        active_items = [k for k, item in content.items.items() if item.use != "in_play" or item.attack is not None]
        return (POWERS.problems(content.powers, f"{WHERE}/powers.yaml")
                + ITEMS.problems(active_items, f"{WHERE}/treasure.yaml")
                + ENCOUNTERS.problems(content.encounters, f"{WHERE}/encounters.yaml")
                + ADVENTURE_CARDS.problems(content.adventure_encounters, f"{WHERE}/encounters.yaml"))

    def heroes(self) -> list[Hero]:
        c = self.content()
        return [Hero(h, c.heroes[h].name, hero_seat(h)) for h in HERO_ORDER]

    def adventures(self) -> list[tuple[str, str]]:
        c = self.content()
        return [(a, adv.name) for a, adv in sorted(c.adventures.items(), key=lambda kv: kv[1].number)]

    def default_adventure(self) -> str:
        return "a_day_in_the_life"

    def default_heroes(self) -> list[str]:
        return ["quinn", "vistra"]  # up to five may go, but one player usually takes two heroes

    def settle(self, options: AshardalonSetup, content: Content) -> dict[str, Any]:
        heroes = choose_party(options.heroes or self.default_heroes(), HERO_ORDER, "hero", most=5)
        adventure = options.adventure or self.default_adventure()
        if adventure not in content.adventures:
            raise SetupError(f"unknown adventure {adventure!r}; see `dungeon-tui list --game ashardalon`")
        surges = options.surges if options.surges is not None else content.adventures[adventure].surges
        out = {"heroes": heroes, "adventure": adventure, "ties": options.ties, "surges": surges,
               "powers": normalise_powers(content, heroes, options.powers)}
        first = options.first
        if first not in (None, "seat"):  # who plays first (§3.9): a hero, or "roll" for ash.setup.first_player
            if first != "roll" and first not in heroes:
                raise SetupError(f"first must be one of the party ({', '.join(heroes)}) or roll")
            out["first"] = first
        if options.own_decks:  # kept only when chosen, so the app's records stay as they were
            out["own_decks"] = True
        return {**out, **companion_of(options)}

    def new_state(self, setup: dict[str, Any], content: Content, seed: int) -> State:
        s = State(adventure=setup["adventure"], party=list(setup["heroes"]),
                  seat_of={h: hero_seat(h) for h in setup["heroes"]},
                  options={"ties": setup["ties"], "first": setup.get("first")}, surges=setup["surges"])
        mode = setup.get("powers", "recommended")
        s.options["powers"] = mode if isinstance(mode, str) else "chosen"
        for hid in s.party:
            p = content.heroes[hid]
            pick = mode.get(hid) if isinstance(mode, dict) else None
            if mode == "random":
                chosen: tuple[str, ...] = ()
            elif pick:
                chosen = (pick["utility"], *pick["at_will"], pick["daily"])
            else:
                chosen = (p.loadout.utility, *p.loadout.at_will, p.loadout.daily)
            s.figures[hid] = Figure(id=hid, kind=hid, side=HERO, name=p.name, pos=None, hp=p.hp, max_hp=p.hp,
                                    ac=p.ac, speed=p.speed, surge=p.surge,
                                    powers=dict.fromkeys((p.fixed_power, *chosen), True))
            if mode == "random":
                s.figures[hid].flags["deal_powers"] = True  # the chance seat deals them during setup
            s.rows[hid] = []
        lay_start(s, content)
        return s

    def procedure(self, game: Game) -> Procedure:
        return procedure(game)

    def walks(self, game: Game, hero: str, points: int = 0) -> dict[Sq, list[Sq]]:
        f = game.state.figures.get(hero)
        return walks(game, f) if f is not None and f.on_board else {}

    def view(self, state: State, seat: str) -> dict[str, Any]:
        """The dungeon seat sees all; hero seats see deck sizes, not their order, and door tokens
        only as doors."""
        data = state.to_dict()
        lay = board.lay(state)
        data["terrain"] = [[x, y, ch] for (x, y), ch in sorted(lay.terrain.items(),
                                                                key=lambda kv: (kv[0][1], kv[0][0]))]
        # What the table shows but would otherwise have to work out by the rules: each hero's
        # effective AC and speed, and each experience card's value.
        table = SimpleNamespace(state=state, content=self.content())
        for hid in state.party:
            h, f = state.figures[hid], data["figures"][hid]
            f["ac_now"], f["ac_parts"] = combat.hero_ac(table, h)  # type: ignore[arg-type]
            f["speed_now"] = speed(table, h)  # type: ignore[arg-type]
        data["xp_values"] = {card: combat.xp_value(table, card) for card in state.xp}  # type: ignore[arg-type]
        if seat == DUNGEON:
            return data
        data["decks"] = {k: len(v) for k, v in state.decks.items()}
        # A door token shows its kind once revealed (a locked door stays, face up).
        data["doors"] = {k: (v if k in state.revealed_doors else "door") for k, v in state.doors.items()}
        # Treasure tokens lie face down until a hero picks one up; A9's objective hides among
        # face-down tokens, so those show as plain treasure.
        data["tokens"] = [{k: ("treasure" if k == "kind" and tok.get("face_down") else v)
                           for k, v in tok.items() if k != "value"} for tok in state.tokens]
        return data

    def controllers(self) -> dict[str, Controller]:
        return {DUNGEON: DungeonSeat(), "*": with_lookahead(
            HeroAI(), lambda: {DUNGEON: DungeonSeat(), "*": HeroAI()}, AshardalonHooks())}

    def presenter(self) -> Presenter:
        return PRESENTER

    def invariants(self) -> Invariants:
        return Invariants(invariants.check, invariants.fuzz_adventures(), invariants.FUZZ_SHUN)

    def tally(self, game: Game) -> dict[str, int]:
        s: State = game.state
        return {"turns": s.turn, "heroes at 0 HP at the end": sum(1 for h in s.heroes() if h.hp <= 0),
                "experience": sum(combat.xp_value(game, card) for card in s.xp),
                "healing surges left": s.surges}

    def won(self, result: dict[str, Any]) -> bool:
        return result.get("outcome") == "victory"

    def record_meta(self, game: Game) -> dict[str, Any]:
        """The saves list names the adventure and heroes as the players do ("Monster Hunt",
        "Quinn, Vistra"), not by their ids in the content."""
        s: State = game.state
        adventure = game.content.adventures.get(s.adventure)
        return {"adventure": adventure.name if adventure else s.adventure,
                "party": [s.figures[h].name if h in s.figures else h for h in s.party], "turn": s.turn}


def normalise_powers(c: Content, heroes: list[str], mode: Any) -> Any:
    """`recommended` (§2.1 loadouts), `random` (chance draws per type at setup) or a mapping
    hero -> {utility, at_will: [a, b], daily} of that hero's class cards (others: recommended)."""
    if mode in ("recommended", "random"):
        return mode
    if not isinstance(mode, dict):
        raise SetupError("powers must be recommended, random or a mapping hero -> {utility, at_will, daily}")
    out: dict[str, Any] = {}
    for hid, pick in sorted(mode.items()):
        if hid not in heroes:
            raise SetupError(f"powers names {hid!r}, who is not in the party")
        if not isinstance(pick, dict) or set(pick) != {"utility", "at_will", "daily"}:
            raise SetupError(f"powers for {hid} need exactly utility, at_will and daily")
        at_will = pick["at_will"]
        if not isinstance(at_will, (list, tuple)) or len(at_will) != 2 or at_will[0] == at_will[1]:
            raise SetupError(f"powers for {hid}: at_will must be two different cards")
        cls = c.heroes[hid].hero_class
        for kind, pid in (("utility", pick["utility"]), ("at_will", at_will[0]), ("at_will", at_will[1]),
                          ("daily", pick["daily"])):
            p = c.powers.get(pid) if isinstance(pid, str) else None
            if p is None or p.hero_class != cls or p.type != kind or p.fixed:
                raise SetupError(f"powers for {hid}: {pid!r} is not a {cls} {kind.replace('_', '-')} card")
        out[hid] = {"utility": pick["utility"], "at_will": list(at_will), "daily": pick["daily"]}
    return out



GAME = Ashardalon()
