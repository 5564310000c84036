"""Warhammer Quest as one game object: its setup, new games, seats and views (hero seats
never see the piles or the order of a deck), its AI, screens, checks and words."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from ...engine.contract import (CampaignCommands, Hero, Invariants, Ruleset, Setup, SetupError, choose_party,
                                hero_seat, setting)
from ...engine.game import DUNGEON, Controller, Game, Procedure
from ...engine.lookahead import companion_of, companion_setting, with_lookahead
from ...engine.presenter import Presenter
from . import board, invariants
from .adventures import RULES
from .ai.companions import WarriorAI
from .ai.dungeon import DungeonAI, registry
from .ai.lookahead import WarhammerQuestHooks
from .content import DEFAULT_ADVENTURE, ID, RULES_VERSION, WARRIOR_ORDER, Content, read_content
from .event_cards import EVENTS
from .items import ITEMS
from .monster_strikes import SHIELDS
from .presenter import PRESENTER
from .spells import SPELLS
from .state import HERO, Figure, State
from .turns import procedure


@lru_cache(maxsize=1)
def load_content() -> Content:
    """The content, read once, with the monsters' tactics compiled with the dungeon AI's words."""
    return read_content(registry)


class WarhammerQuestSetup(Setup):
    """Who places the monsters (D26); a campaign's carried wounds and treasure."""

    placer: Literal["dungeon_ai", "rotating_player"] | None = setting(
        None, "Monsters placed by", [("the dungeon AI", "dungeon_ai"), ("the warriors, in turn", "rotating_player")])
    wounds: dict[str, int] | None = None
    carry: dict[str, Any] | None = None
    companion: Literal["default", "lookahead"] = companion_setting()


class WarhammerQuest(Ruleset[State, Content]):
    id = ID
    rules_version = RULES_VERSION
    title = "Warhammer Quest"
    setup_model = WarhammerQuestSetup
    load = staticmethod(load_content)
    campaign = CampaignCommands(f"{__package__}.campaign_commands")

    def content_problems(self, content: Content) -> list[str]:
        """Every E card, spell, treasure card, shield and adventure's rules id has its effect, and
        every effect its content."""
        where = "content/warhammer_quest"
        # Equipment of the warriors' profiles is usable like a card (the healing potion).
        things = [*content.treasure, *(e for w in content.warriors.values() for e in w.equipment)]
        return (EVENTS.problems([eid for eid, card in content.events.items() if card.kind == "E"],
                                f"{where}/events.yaml")
                + SPELLS.problems(content.spells, f"{where}/spells.yaml")
                + ITEMS.problems(things, f"{where}/treasure.yaml")
                + SHIELDS.problems([tid for tid, card in content.treasure.items() if card.kind == "shield"],
                                   f"{where}/treasure.yaml")
                + RULES.problems([adv.rules for adv in content.adventures.values()], f"{where}/adventures.yaml"))

    def heroes(self) -> list[Hero]:
        c = self.content()
        return [Hero(h, c.warriors[h].name, hero_seat(h)) for h in WARRIOR_ORDER]

    def adventures(self) -> list[tuple[str, str]]:
        c = self.content()
        return [("random", "drawn at random, as the rulebook has it")] + [
            (aid, a.name + (f" (needs the {c.warriors[a.needs].name})" if a.needs else ""))
            for aid, a in c.adventures.items()]

    def default_adventure(self) -> str:
        return DEFAULT_ADVENTURE

    def settle(self, options: WarhammerQuestSetup, content: Content) -> dict[str, Any]:
        heroes = choose_party(options.heroes, WARRIOR_ORDER, "warrior")
        adventure = options.adventure or DEFAULT_ADVENTURE
        if adventure != "random":  # random: drawn at setup, as the rulebook has it
            if adventure not in content.adventures:
                raise SetupError(f"unknown adventure {adventure!r}; see `dungeon-tui list`")
            need = content.adventures[adventure].needs
            if need and need not in heroes:
                raise SetupError(f"adventure {adventure} needs the {need}")
        out: dict[str, Any] = {"heroes": heroes, "adventure": adventure}
        if options.wounds:
            out["wounds"] = {k: v for k, v in options.wounds.items() if k in heroes}
        if options.placer == "rotating_player":
            out["placer"] = "rotating_player"
        if options.carry:
            out["carry"] = {k: v for k, v in options.carry.items() if k in heroes}
        return {**out, **companion_of(options)}

    def new_state(self, setup: dict[str, Any], content: Content, seed: int) -> State:
        s = State(adventure=setup["adventure"], party=list(setup["heroes"]),
                  seat_of={h: hero_seat(h) for h in setup["heroes"]})
        s.grid = board.new_grid()
        for h in setup["heroes"]:
            prof = content.warriors[h]
            s.figures[h] = Figure(id=h, kind=h, side=HERO, name=prof.name, pos=None, wounds=0, max_wounds=0)
        return s

    def procedure(self, game: Game) -> Procedure:
        return procedure(game)

    def state_dict(self, state: State) -> dict[str, Any]:
        return state.to_dict()

    def view(self, state: State, seat: str) -> dict[str, Any]:
        """What a seat may know: hero seats never see piles or deck order."""
        data = state.to_dict()
        # What a board painter needs: every square with its terrain and section, and the light.
        data["terrain"] = [[x, y, t, state.grid.region[(x, y)]] for (x, y), t in state.grid.terrain.items()]
        data["lit"] = board.lit_sections(state)
        if seat != DUNGEON:
            data["piles"] = {k: len(v) for k, v in state.piles.items()}
            data["set_aside"] = len(state.set_aside)
            data["event_deck"] = len(state.event_deck)
            data["treasure_deck"] = len(state.treasure_deck)
            picks = state.adv.get("picks")
            if picks:  # fl4: each hero seat sees only its own secret pick
                data["adv"] = {**state.adv, "picks": {k: v for k, v in picks.items() if state.seat_of.get(k) == seat}}
        return data

    def controllers(self) -> dict[str, Controller]:
        return {DUNGEON: DungeonAI(), "*": with_lookahead(
            WarriorAI(), lambda: {DUNGEON: DungeonAI(), "*": WarriorAI()}, WarhammerQuestHooks())}

    def presenter(self) -> Presenter:
        return PRESENTER

    def invariants(self) -> Invariants:
        return Invariants(invariants.check, invariants.fuzz_adventures())

    def tally(self, game: Game) -> dict[str, int]:
        s: State = game.state
        return {"turns": s.turn,
                "warriors died or lost": sum(1 for w in s.heroes() if w.status in ("dead", "lost")),
                "gold carried out": sum(w.gold for w in s.heroes() if w.status not in ("dead", "lost"))}

    def won(self, result: dict[str, Any]) -> bool:
        return result.get("outcome") == "win"


GAME = WarhammerQuest()
