"""Warhammer Skirmish as one game object: its setup (scenario, the two warbands, the magic
option, who takes which scenario role), new battles, seats (one per warband, and chance), views,
AI, screens, checks and words."""
from __future__ import annotations

from typing import Any

from ...engine.contract import Hero, Invariants, Ruleset, Setting, Setup, SetupError, hero_seat, setting
from ...engine.game import DUNGEON, Controller, Game, Procedure
from ...engine.presenter import Presenter
from . import invariants
from .content import ID, Content, load_content
from .muster import muster
from .presenter import PRESENTER
from .ai import controllers, script_problems
from .state import State
from .turns import procedure

RULES_VERSION = "1"
SIDE_1 = hero_seat("warband_1")  # the player's warband in a solo game
SIDE_2 = DUNGEON  # the opposing warband: the AI in a solo game, a second player in hotseat
DEFAULT_BANDS = ("empire_patrol", "orc_raiders")


class SkirmishSetup(Setup):
    """The warbands (ids of content/skirmish/warbands.yaml), the magic option, and whether side 1
    takes the scenario's second role (the defender or attacker of the village)."""

    warband_1: str | None = None
    warband_2: str | None = None
    magic: bool = setting(False, "Magic", [("off", False), ("on: each warband's wizard joins it", True)])
    swap_roles: bool = setting(False, "Your side", [("side 1 (the defenders in Defend the Village)", False),
                                                    ("side 2 (the attackers in Defend the Village)", True)])


class Skirmish(Ruleset[State, Content]):
    id = ID
    title = "Warhammer Skirmish"
    rules_version = RULES_VERSION
    aliases = ("sk",)
    setup_model = SkirmishSetup
    load = staticmethod(load_content)

    def content_problems(self, content: Content) -> list[str]:
        """Every tactics script in words the AI knows."""
        return script_problems(content)

    def heroes(self) -> list[Hero]:
        return [Hero("warband_1", "Your warband", SIDE_1)]

    def adventures(self) -> list[tuple[str, str]]:
        return [(sid, sc.title) for sid, sc in self.content().scenarios.items()]

    def settings(self) -> list[Setting]:
        """Both warbands first, read from the content (a pack may bring more), then magic and sides."""
        bands = tuple((band.name, wid) for wid, band in self.content().warbands.items())
        return [Setting("warband_1", "Warband (you)", bands, DEFAULT_BANDS[0]),
                Setting("warband_2", "Warband (opponent)", bands, DEFAULT_BANDS[1]), *super().settings()]

    def settle(self, options: SkirmishSetup, content: Content) -> dict[str, Any]:
        scenario = options.adventure or self.default_adventure()
        if scenario not in content.scenarios:
            raise SetupError(f"unknown scenario {scenario!r}; see `dungeon-tui list`")
        bands = [options.warband_1 or DEFAULT_BANDS[0], options.warband_2 or DEFAULT_BANDS[1]]
        for band in bands:
            if band not in content.warbands:
                raise SetupError(f"unknown warband {band!r}; choose from {', '.join(content.warbands)}")
        return {"adventure": scenario, "heroes": ["warband_1"], "warband_1": bands[0], "warband_2": bands[1],
                "magic": bool(options.magic), "swap_roles": bool(options.swap_roles)}

    def new_state(self, setup: dict[str, Any], content: Content, seed: int) -> State:
        sc = content.scenarios[setup["adventure"]]
        roles = list(sc.roles)
        if setup.get("swap_roles"):
            roles.reverse()
        bands = [setup["warband_1"], setup["warband_2"]]
        s = State(scenario=sc.id, warbands=bands, seat_of={"1": SIDE_1, "2": SIDE_2},
                  magic=bool(setup.get("magic")), roles={"1": roles[0], "2": roles[1]})
        for side, band in ((1, bands[0]), (2, bands[1])):
            for m in muster(content, side, band, s.magic):
                s.models[m.id] = m
        s.starting = {str(side): len(s.side_models(side)) for side in (1, 2)}
        if sc.victory == "relic":
            s.objectives = {"searched": [], "found": False, "relic_at": None}
        return s

    def procedure(self, game: Game) -> Procedure:
        return procedure(game)

    def seats(self, state: State) -> list[str]:
        return [SIDE_1, SIDE_2]

    def view(self, state: State, seat: str) -> dict[str, Any]:
        """Nothing is hidden from either side: hidden models' markers are public (§5.2)."""
        return state.to_dict()

    def controllers(self) -> dict[str, Controller]:
        return controllers()

    def presenter(self) -> Presenter:
        return PRESENTER

    def invariants(self) -> Invariants:
        return Invariants(invariants.check, tuple(self.content().scenarios), invariants.FUZZ_SHUN)

    def tally(self, game: Game) -> dict[str, int]:
        s: State = game.state
        return {"game turns": s.game_turn, "side 1 lost": s.lost(1), "side 2 lost": s.lost(2)}

    def won(self, result: dict[str, Any]) -> bool:
        return result.get("winner") == 1

    def shown_names(self) -> dict[str, str]:
        # A battle's "party" is the two warbands: the list names them as the battle does.
        return {**super().shown_names(), **{wid: band.name for wid, band in self.content().warbands.items()}}

    def record_meta(self, game: Game) -> dict[str, Any]:
        s: State = game.state
        return {"adventure": s.scenario, "party": list(s.warbands), "turn": s.game_turn}


GAME = Skirmish()
