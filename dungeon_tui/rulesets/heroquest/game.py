"""HeroQuest as one game object: its setup, new games, seats and views (hero seats see only
what has been revealed; Zargon sees all), its AI, screens, checks and words."""
from __future__ import annotations

from typing import Any, Literal

from ...engine.contract import CampaignCommands, Hero, Invariants, Ruleset, Setup, SetupError, choose_party, hero_seat
from ...engine.game import DUNGEON, Controller, Game, Procedure
from ...engine.lookahead import companion_of, companion_setting, with_lookahead
from ...engine.presenter import Presenter
from . import armory, board, invariants
from .ai.dungeon import DREAD_TESTS
from .ai.lookahead import HeroQuestHooks
from .ai.seat import ScriptedSeat, script_problems
from .combat import attack_dice, defend_dice
from .content import HERO_ORDER, ID, RULES_VERSION, Content, load_content
from .dread import DREAD
from .events import STEPS
from .magic import SPELLS
from .models import ACTIONS, QUESTS
from .presenter import PRESENTER
from .profiles import monster_profile
from .relics import RELICS
from .searching import TREASURE
from .state import HERO, MONSTER, Figure, State
from .turns import procedure


class HeroQuestSetup(Setup):
    """Other editions' rules to play by; a campaign's party sheets (§5.13)."""

    quest: str | None = None  # the older name of `adventure`
    companion: Literal["default", "lookahead"] = companion_setting()
    variants: list[str] | None = None
    sheets: Any = None  # checked by armory.parse_sheets, whose errors name the sheet


class HeroQuest(Ruleset[State, Content]):
    id = ID
    rules_version = RULES_VERSION
    title = "HeroQuest"
    setup_model = HeroQuestSetup
    load = staticmethod(load_content)
    campaign = CampaignCommands(f"{__package__}.campaign_commands")

    def content_problems(self, content: Content) -> list[str]:
        """Every spell, dread spell, treasure card, relic and quest event step with its effect, and
        every effect with its content; every tactics script in words the AI knows."""
        where = "content/heroquest"
        relics = [aid for aid, a in content.artifacts.items() if a.kind == "relic"]
        return (SPELLS.problems(content.spells, f"{where}/spells.yaml")
                + DREAD.problems(content.dread_spells, f"{where}/spells.yaml")
                + DREAD_TESTS.problems(content.dread_spells, f"{where}/spells.yaml")
                + TREASURE.problems(content.treasure, f"{where}/treasure.yaml")
                + RELICS.problems(relics, f"{where}/equipment.yaml")
                + STEPS.problems(ACTIONS, f"{where}/quests")
                + script_problems(content))

    def heroes(self) -> list[Hero]:
        c = self.content()
        return [Hero(h, c.heroes[h].name, hero_seat(h)) for h in HERO_ORDER]

    def adventures(self) -> list[tuple[str, str]]:
        return [(q.id, q.name) for q in sorted(self.content().quests.values(), key=lambda q: q.order)]

    def default_adventure(self) -> str:
        return QUESTS[0]

    def variants(self) -> list[tuple[str, str]]:
        """Rules of other editions a player may tick on (the new-game form, `--variant`)."""
        return [(vid, v.name) for vid, v in sorted(self.content().variants.items())]

    def settle(self, options: HeroQuestSetup, content: Content) -> dict[str, Any]:
        heroes = choose_party(options.heroes, HERO_ORDER, "hero")
        quest = options.adventure or options.quest or QUESTS[0]
        if quest not in content.quests:
            raise SetupError(f"unknown quest {quest!r}; see `dungeon-tui list`")
        out: dict[str, Any] = {"heroes": heroes, "adventure": quest}
        variants = options.variants or []
        if any(v not in content.variants for v in variants):
            raise SetupError(f"variants must be a list of: {', '.join(sorted(content.variants))}")
        if variants:
            out["variants"] = sorted(set(variants))
        out.update(companion_of(options))
        if options.sheets is None:
            return out
        # A campaign's party snapshot (§5.13): the record carries it, so replays need no campaign file.
        if not options.heroes:
            out["heroes"] = heroes = choose_party(list(options.sheets), HERO_ORDER, "hero")
        out["sheets"] = armory.parse_sheets(options.sheets, heroes, content)
        return out

    def new_state(self, setup: dict[str, Any], content: Content, seed: int) -> State:
        quest = content.quests[setup["adventure"]]
        s = State(quest=quest.id, party=list(setup["heroes"]), seat_of={h: hero_seat(h) for h in setup["heroes"]},
                  variants=list(setup.get("variants", [])))
        for h in setup["heroes"]:
            p = content.heroes[h]
            s.figures[h] = Figure(id=h, kind=h, side=HERO, name=p.name, pos=None, body=p.body, max_body=p.body,
                                  mind=p.mind, attack=p.attack, defend=p.defend, equipment=[p.weapon])
            if h in setup.get("sheets", {}):
                armory.apply_sheet(s.figures[h], setup["sheets"][h])
        counts: dict[str, int] = {}
        for m in quest.monsters:
            p = monster_profile(content, s.variants, m.kind) | m.overrides
            n = counts[m.kind] = counts.get(m.kind, 0) + 1
            s.figures[m.id] = Figure(id=m.id, kind=m.kind, side=MONSTER, name=m.name or f"{p['name']} {n}", number=n,
                                     pos=tuple(m.at), body=p["body"], max_body=p["body"], mind=p["mind"],
                                     attack=p["attack"], defend=p["defend"], move=p["move"], script=m.script,
                                     guard=tuple(m.guard) if m.guard else None, dread=list(m.spells))
        s.blocked = [tuple(b) for b in quest.blocked]
        s.doors = dict.fromkeys(board.door_edges(quest), "closed")
        s.traps = {t.id: {"kind": t.kind, "at": list(t.at), "state": "hidden"} for t in quest.traps}
        s.furniture_traps = {p.id: {"armed": True, "body_loss": p.trap.body_loss, "dice": p.trap.dice}
                             for p in quest.furniture if p.trap is not None}
        s.deck = {cid: card.copies for cid, card in sorted(content.treasure.items())}
        s.grid = board.starting_grid(s, content)
        return s

    def procedure(self, game: Game) -> Procedure:
        return procedure(game)

    def view(self, state: State, seat: str) -> dict[str, Any]:
        """Zargon sees all; hero seats see only what has been revealed (§6.4)."""
        c = self.content()
        quest = c.quests[state.quest]
        data = state.to_dict()
        data["areas"] = [[x, y, a, t] for (x, y), a in state.grid.region.items()
                         for t in [state.grid.terrain[(x, y)]]]
        # Every door and found secret door with its two squares; furniture with its squares.
        edges = board.doors_of(state, c, hidden=seat == DUNGEON)
        data["door_edges"] = {d: {"squares": [list(e[0]), list(e[1])], "state": state.doors.get(d, "closed"),
                                  "secret": d.startswith("s")} for d, e in edges.items()}
        data["furniture"] = {p.id: {"kind": p.kind, "room": p.room,
                                    "squares": [list(sq) for sq in board.furniture_squares(p, c)]}
                             for p in quest.furniture if p.room not in c.rock[state.quest]}
        data["stairway"] = [list(sq) for sq in board.stairway(quest)]
        for fid, f in data["figures"].items():  # dice as the rules count them now (weapon, armour, spells)
            fig = state.figures[fid]
            f["dice"] = {"attack": attack_dice(fig, c)[0], "defend": defend_dice(fig, c)[0]}
        if seat == DUNGEON:
            return data
        seen = {tuple(sq) for sq in state.revealed_corridor}
        rooms = set(state.revealed_rooms)
        data["areas"] = [a for a in data["areas"] if (a[0], a[1]) in seen or a[2] in rooms]
        shown = {(a[0], a[1]) for a in data["areas"]}
        data["door_edges"] = {d: e for d, e in data["door_edges"].items()
                              if any(tuple(sq) in shown for sq in e["squares"])}
        data["furniture"] = {k: p for k, p in data["furniture"].items() if p["room"] in rooms}
        data["figures"] = {k: f for k, f in data["figures"].items()
                           if f["side"] == HERO or (f["placed"] and f["status"] == "alive")}
        for f in data["figures"].values():
            if f["side"] == MONSTER:
                for secret in ("dread", "guard", "script"):
                    f.pop(secret, None)
        data["traps"] = {k: t for k, t in state.traps.items() if t["state"] != "hidden"}
        data["furniture_traps"] = {k: t for k, t in state.furniture_traps.items() if t.get("known")}
        data.pop("special_claimed", None)
        data["deck"] = sum(state.deck.values())
        return data

    def controllers(self) -> dict[str, Controller]:
        seat = ScriptedSeat()  # Zargon and the hero companions both play by tactics scripts
        return {DUNGEON: seat, "*": with_lookahead(
            seat, lambda: {DUNGEON: ScriptedSeat(), "*": ScriptedSeat()}, HeroQuestHooks())}

    def presenter(self) -> Presenter:
        return PRESENTER

    def invariants(self) -> Invariants:
        return Invariants(invariants.check, invariants.fuzz_adventures(), invariants.FUZZ_SHUN)

    def tally(self, game: Game) -> dict[str, int]:
        s: State = game.state
        return {"rounds": s.round,
                "heroes fallen": sum(1 for h in s.heroes() if h.status != "alive"),
                "gold carried out": sum(h.gold for h in s.heroes() if h.status == "alive")}

    def won(self, result: dict[str, Any]) -> bool:
        return result.get("outcome") == "success"

    def record_meta(self, game: Game) -> dict[str, Any]:
        s: State = game.state
        return {"adventure": s.quest, "party": list(s.party), "turn": s.round}


GAME = HeroQuest()
