"""The Wrath of Ashardalon ruleset object: setup options, new games, seats, and views that
keep deck order and face-down tokens from the hero seats (spec §6.2)."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from ...engine.game import DUNGEON, Game
from ...engine.grid import Sq
from ..common import RulesetBase, choose_party, hero_seat
from . import board, combat
from .content import Content, load_content
from .heroes import speed, walks
from .state import HERO, Figure, State
from .turns import lay_start, procedure

ID = "ashardalon"
RULES_VERSION = "1"
HERO_ORDER = ("quinn", "vistra", "keyleth", "tarak", "heskan")
TIE_MODES = ("active_player", "auto")
SETUP_KEYS = {"heroes", "adventure", "ties", "surges", "powers", "first"}


class Ashardalon(RulesetBase):
    id = ID
    rules_version = RULES_VERSION
    title = "Wrath of Ashardalon"
    load = staticmethod(load_content)

    def choices(self) -> dict[str, Any]:
        c = self.content()
        return {"heroes": [(h, c.heroes[h].name, hero_seat(h)) for h in HERO_ORDER],
                "adventures": [(a, adv.name) for a, adv in sorted(c.adventures.items(), key=lambda kv: kv[1].number)],
                "adventure": "a_day_in_the_life", "variants": [],
                # (key, label, [(shown, value)], default): the new-game form offers each
                "settings": [("surges", "Healing surges", [("2", 2), ("3 (easier)", 3), ("1 (harder)", 1)], 2),
                             ("powers", "Powers", [("recommended", "recommended"), ("random", "random")],
                              "recommended"),
                             ("first", "First player", [("seat order", "seat"), ("roll a d20 each", "roll")], "seat"),
                             ("ties", "Monster ties", [("the active player picks", "active_player"),
                                                       ("fixed order", "auto")], "active_player")]}

    def normalise_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        c = self.content()
        unknown = sorted(set(setup) - SETUP_KEYS)
        if unknown:
            raise ValueError(f"unknown setup option {unknown[0]!r}; Ashardalon knows {', '.join(sorted(SETUP_KEYS))}")
        heroes = choose_party(setup.get("heroes") or ["quinn", "vistra"], HERO_ORDER, "hero", most=5)
        adventure = setup.get("adventure") or "a_day_in_the_life"
        if adventure not in c.adventures:
            raise ValueError(f"unknown adventure {adventure!r}; see `dungeon-tui list --game ashardalon`")
        ties = setup.get("ties", "active_player")
        if ties not in TIE_MODES:
            raise ValueError(f"ties must be one of {', '.join(TIE_MODES)}")
        surges = setup.get("surges", c.adventures[adventure].surges)
        if surges not in (1, 2, 3) or isinstance(surges, bool):
            raise ValueError("surges must be 1, 2 or 3")
        out = {"heroes": heroes, "adventure": adventure, "ties": ties, "surges": surges,
               "powers": normalise_powers(c, heroes, setup.get("powers", "recommended"))}
        first = setup.get("first")
        if first not in (None, "seat"):  # who plays first (§3.9): a hero, or "roll" for ash.setup.first_player
            if first != "roll" and first not in heroes:
                raise ValueError(f"first must be one of the party ({', '.join(heroes)}) or roll")
            out["first"] = first
        return out

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
                                    powers={pid: True for pid in (p.fixed_power, *chosen)})
            if mode == "random":
                s.figures[hid].flags["deal_powers"] = True  # the chance seat deals them during setup
            s.rows[hid] = []
        lay_start(s, content)
        return s

    def procedure(self, game: Game) -> Any:
        return procedure(game)

    def walks(self, game: Game, hero: str, points: int = 0) -> dict[Sq, list[Sq]]:
        f = game.state.figures.get(hero)
        return walks(game, f) if f is not None and f.on_board else {}

    def view(self, state: State, seat: str) -> dict[str, Any]:
        """The dungeon seat sees all; hero seats see deck sizes, not their order, and door tokens
        only as doors."""
        data = state.to_dict()
        lay = board.lay(state)
        data["terrain"] = [[x, y, ch] for (x, y), ch in sorted(lay.terrain.items(), key=lambda kv: (kv[0][1], kv[0][0]))]
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


def normalise_powers(c: Content, heroes: list[str], mode: Any) -> Any:
    """`recommended` (§2.1 loadouts), `random` (chance draws per type at setup) or a mapping
    hero -> {utility, at_will: [a, b], daily} of that hero's class cards (others: recommended)."""
    if mode in ("recommended", "random"):
        return mode
    if not isinstance(mode, dict):
        raise ValueError("powers must be recommended, random or a mapping hero -> {utility, at_will, daily}")
    out: dict[str, Any] = {}
    for hid, pick in sorted(mode.items()):
        if hid not in heroes:
            raise ValueError(f"powers names {hid!r}, who is not in the party")
        if not isinstance(pick, dict) or set(pick) != {"utility", "at_will", "daily"}:
            raise ValueError(f"powers for {hid} need exactly utility, at_will and daily")
        at_will = pick["at_will"]
        if not isinstance(at_will, (list, tuple)) or len(at_will) != 2 or at_will[0] == at_will[1]:
            raise ValueError(f"powers for {hid}: at_will must be two different cards")
        cls = c.heroes[hid].hero_class
        for kind, pid in (("utility", pick["utility"]), ("at_will", at_will[0]), ("at_will", at_will[1]),
                          ("daily", pick["daily"])):
            p = c.powers.get(pid) if isinstance(pid, str) else None
            if p is None or p.hero_class != cls or p.type != kind or p.fixed:
                raise ValueError(f"powers for {hid}: {pid!r} is not a {cls} {kind.replace('_', '-')} card")
        out[hid] = {"utility": pick["utility"], "at_will": list(at_will), "daily": pick["daily"]}
    return out


RULESET = Ashardalon()
