"""Catakombs Dark Reign as one game object: its setup (quest, Master mode, points, options),
party and roster building by points (§3), new games, seats and views, its AI, screens, checks
and words."""
from __future__ import annotations

from typing import Any

from ...engine.contract import Hero, Invariants, Ruleset, Setup, SetupError, choose_party, hero_seat, setting
from ...engine.game import Controller, Game, Procedure
from ...engine.presenter import Presenter
from . import invariants
from .ai.interpreter import script_problems
from .content import ID, Content, content_problems, load_content
from .seats import controllers
from .presenter import PRESENTER
from .muster import enlist, points_of, roster_problems, solo_roster
from .quests import UNCLE
from .spells import SPELLS
from .state import HERO, State, figure_from_card, key
from .turns import procedure

RULES_VERSION = "1"
OPTIONS = ("unexpected_events", "duels", "critical_hits", "turn_limit", "wait_prompt")  # §5.15


class CatakombsSetup(Setup):
    """§3.1: the Master's mode, the points per side, the optional rules."""

    quest: str | None = None  # another name for `adventure`
    mode: str = setting("solo", "Master's rules", [("solo rules (AI)", "solo"), ("hotseat (a player)", "hotseat")])
    points: int = setting(300, "Points per side", [("300", 300), ("200", 200), ("400", 400)])
    unexpected_events: bool = setting(False, "Unexpected events", [("off", False), ("on", True)])
    duels: bool = setting(False, "Duels", [("off", False), ("on", True)])
    critical_hits: bool = setting(False, "Critical hits", [("off", False), ("on", True)])
    turn_limit: int = setting(20, "Turn limit", [("20 turns", 20), ("30 turns", 30), ("none", 0)])
    wait_prompt: str = setting("smart", "Interrupt windows", [("when it matters", "smart"), ("always", "always")])
    roster: list[str] | None = None  # hotseat: the Master's cards, one per figure (rats one per rat)


def hero_cards(content: Content) -> list[str]:
    return [cid for cid, c in content.cards.items() if c.group == "hero"]


class Catakombs(Ruleset[State, Content]):
    id = ID
    rules_version = RULES_VERSION
    title = "Catakombs Dark Reign"
    aliases = ("cat",)
    setup_model = CatakombsSetup
    load = staticmethod(load_content)

    def content_problems(self, content: Content) -> list[str]:
        """The tactics scripts in words the AI knows; every spell with its effect, every effect
        with its spell."""
        return (content_problems(content) + script_problems(content)
                + SPELLS.problems(content.spells, "content/catakombs/spells.yaml"))

    def heroes(self) -> list[Hero]:
        c = self.content()
        return [Hero(h, c.cards[h].name, hero_seat(h)) for h in hero_cards(c)]

    def default_heroes(self) -> list[str]:
        return list(self.content().default_party)

    def adventures(self) -> list[tuple[str, str]]:
        return [(qid, q.title) for qid, q in self.content().quests.items()]

    def settle(self, options: CatakombsSetup, content: Content) -> dict[str, Any]:
        quest = options.adventure or options.quest or next(iter(content.quests))
        if quest not in content.quests:
            raise SetupError(f"unknown quest {quest!r}; see `dungeon-tui list`")
        if options.mode not in ("solo", "hotseat"):
            raise SetupError("mode is solo or hotseat")
        party = choose_party(options.heroes or list(content.default_party), tuple(hero_cards(content)), "hero")
        spent = points_of(content, party)
        if spent > options.points:
            raise SetupError(f"the party costs {spent} points; the quest allows {options.points}")
        if options.roster:
            cards = list(options.roster)
        else:  # §3.3: a hotseat Master picks the cards as play begins (muster.pick_roster)
            cards = [] if options.mode == "hotseat" else solo_roster(content, options.points)
        problems = roster_problems(content, cards, options.points) if cards else []
        if problems:
            raise SetupError(problems[0])
        if options.wait_prompt not in ("smart", "always"):
            raise SetupError("wait_prompt is smart or always")
        return {"adventure": quest, "heroes": party, "mode": options.mode, "points": options.points,
                "roster": cards, **{k: getattr(options, k) for k in OPTIONS}}

    def new_state(self, setup: dict[str, Any], content: Content, seed: int) -> State:
        quest = content.quests[setup["adventure"]]
        board = content.boards[quest_id := setup["adventure"]]
        s = State(quest=quest_id, party=list(setup["heroes"]), seat_of={h: hero_seat(h) for h in setup["heroes"]},
                  options={k: setup[k] for k in ("mode", *OPTIONS)})
        for h in s.party:
            s.figures[h] = figure_from_card(h, h, content.cards[h], content.cards[h].name, HERO)
        enlist(s, content, setup["roster"])  # none yet when a hotseat Master picks in play
        for sq in board.squares("DL"):
            s.doors[key(sq)] = "closed" if board.symbol(sq) == "D" else "locked"
            s.door_pv[key(sq)] = 8
        for sq in board.squares("S"):
            s.secret[key(sq)] = "closed"
        for sq in board.squares("CK"):
            s.chests[key(sq)] = "closed" if board.symbol(sq) == "C" else "locked"
        s.barrels = [key(sq) for sq in board.squares("b")]
        s.traps = {key(sq): True for sq in board.squares("^")}
        if quest.objective == "carry_gem_out" and quest.objective_at is not None:
            s.flags["chest_holds"] = {key(quest.objective_at): "treasure_gem"}
        if quest.objective == "uncle_out":
            card = content.cards["irf_uncle"]
            uncle = figure_from_card(UNCLE, "irf_uncle", card, card.name, HERO)
            uncle.pos = next(board.squares("P"))
            s.figures[UNCLE] = uncle
            s.flags["uncle_cell"] = [key(sq) for sq in board.squares("L")]
        return s

    def procedure(self, game: Game) -> Procedure:
        return procedure(game)

    def view(self, state: State, seat: str) -> dict[str, Any]:
        """Nothing is hidden in Catakombs (§6.4): every seat sees the whole table."""
        return state.to_dict()

    def controllers(self) -> dict[str, Controller]:
        return controllers()

    def presenter(self) -> Presenter:
        return PRESENTER

    def invariants(self) -> Invariants:
        return Invariants(invariants.check, tuple(self.content().quests), invariants.FUZZ_SHUN)

    def tally(self, game: Game) -> dict[str, int]:
        s: State = game.state
        return {"turns": s.turn,
                "heroes dead": sum(1 for h in s.heroes() if h.status == "dead"),
                "Master figures struck down": int(s.flags.get("struck_down", 0))}

    def won(self, result: dict[str, Any]) -> bool:
        return result.get("outcome") == "victory"

    def record_meta(self, game: Game) -> dict[str, Any]:
        s: State = game.state
        return {"adventure": s.quest, "party": list(s.party), "turn": s.turn}


GAME = Catakombs()
