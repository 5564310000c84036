"""The Warhammer Quest ruleset object: content, new games, views, the state hash."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...engine import tactics
from ...engine.content import Bundle, load_bundle
from ...engine.game import DUNGEON, Game
from ..common import RulesetBase, choose_party, hero_seat
from . import board
from .models import MODELS
from .state import HERO, Figure, State
from .turns import procedure

ID = "warhammer-quest"
RULES_VERSION = "2"  # 2: monster events are counted in the state, not read from the log
WARRIOR_ORDER = ("barbarian", "dwarf", "elf", "wizard")
DEFAULT_ADVENTURE = "fp6"  # the spec's suggested first adventure


@dataclass(frozen=True)
class Content:
    bundle: Bundle
    warriors: dict[str, Any]
    combat_table: list[list[int]]
    monsters: dict[str, Any]
    events: dict[str, Any]
    spells: dict[str, Any]
    treasure: dict[str, Any]
    templates: dict[str, Any]
    cards: dict[str, Any]
    objective_table: list[Any]
    adventures: dict[str, Any]
    scripts: dict[str, tactics.Script]

    @property
    def digest(self) -> str:
        return self.bundle.digest


def cross_check(bundle: Bundle) -> list[str]:
    """References between files: monsters named by cards, scripts named by monsters, templates."""
    from .dungeon_ai import registry
    problems = []
    monsters = bundle["monsters.yaml"].monsters
    where = "content/warhammer_quest"
    try:
        scripts = tactics.compile_scripts(bundle["tactics.yaml"].scripts, registry, "scripts")
    except tactics.TacticsError as err:
        return [f"{where}/tactics.yaml: {err}"]
    for mid, m in monsters.items():
        if m.script not in scripts:
            problems.append(f"{where}/monsters.yaml: monsters.{mid}.script: unknown script {m.script!r}")
    for eid, e in bundle["events.yaml"].events.items():
        for i, g in enumerate(e.monsters):
            if g.monster not in monsters:
                problems.append(f"{where}/events.yaml: events.{eid}.monsters.{i}.monster: unknown monster {g.monster!r}")
    dungeon = bundle["dungeon.yaml"]
    for cid, card in dungeon.cards.items():
        if card.template not in dungeon.templates:
            problems.append(f"{where}/dungeon.yaml: cards.{cid}.template: unknown template {card.template!r}")
    advs = bundle["adventures.yaml"]
    for aid, adv in advs.adventures.items():
        if adv.room not in dungeon.cards or dungeon.cards[adv.room].kind != "objective":
            problems.append(f"{where}/adventures.yaml: adventures.{aid}.room: {adv.room!r} is not an objective room card")
        for i, g in enumerate(adv.fixed):
            if g.monster not in monsters:
                problems.append(f"{where}/adventures.yaml: adventures.{aid}.fixed.{i}.monster: unknown monster {g.monster!r}")
    for r, row in enumerate(advs.objective_table):
        for i, g in enumerate(row.monsters):
            if g.monster not in monsters:
                problems.append(f"{where}/adventures.yaml: objective_table.{r}.monsters.{i}.monster: unknown monster {g.monster!r}")
    return problems


@lru_cache(maxsize=1)
def load_content() -> Content:
    bundle = load_bundle("warhammer_quest", MODELS, cross_check)
    from .dungeon_ai import registry
    w = bundle["warriors.yaml"]
    d = bundle["dungeon.yaml"]
    a = bundle["adventures.yaml"]
    return Content(
        bundle=bundle, warriors=w.warriors, combat_table=w.combat_table,
        monsters=bundle["monsters.yaml"].monsters, events=bundle["events.yaml"].events,
        spells=bundle["spells.yaml"].spells, treasure=bundle["treasure.yaml"].treasure,
        templates=d.templates, cards=d.cards, objective_table=a.objective_table, adventures=a.adventures,
        scripts=tactics.compile_scripts(bundle["tactics.yaml"].scripts, registry, "scripts"),
    )


class WarhammerQuest(RulesetBase):
    id = ID
    rules_version = RULES_VERSION
    title = "Warhammer Quest"
    load = staticmethod(load_content)

    def choices(self) -> dict[str, Any]:
        """What a new-game form offers: heroes (id, name, seat), adventures (id, label), defaults."""
        c = self.content()
        advs = [("random", "drawn at random, as the rulebook has it")]
        advs += [(aid, a.name + (f" (needs the {c.warriors[a.needs].name})" if a.needs else ""))
                 for aid, a in c.adventures.items()]
        return {"heroes": [(h, c.warriors[h].name, hero_seat(h)) for h in WARRIOR_ORDER],
                "adventures": advs, "adventure": DEFAULT_ADVENTURE}

    def normalise_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        """Fill defaults and check a setup; raises ValueError with a readable reason."""
        c = self.content()
        heroes = choose_party(setup.get("heroes"), WARRIOR_ORDER, "warrior")
        adventure = setup.get("adventure") or DEFAULT_ADVENTURE
        if adventure != "random":  # random: drawn at setup, as the rulebook has it
            if adventure not in c.adventures:
                raise ValueError(f"unknown adventure {adventure!r}; see `dungeon-tui list`")
            need = c.adventures[adventure].needs
            if need and need not in heroes:
                raise ValueError(f"adventure {adventure} needs the {need}")
        out: dict[str, Any] = {"heroes": heroes, "adventure": adventure}
        if setup.get("wounds"):
            out["wounds"] = {k: int(v) for k, v in setup["wounds"].items() if k in heroes}
        if setup.get("placer") not in (None, "dungeon_ai", "rotating_player"):
            raise ValueError("placer is dungeon_ai or rotating_player")
        if setup.get("placer") == "rotating_player":
            out["placer"] = "rotating_player"
        if setup.get("carry"):
            out["carry"] = {k: v for k, v in setup["carry"].items() if k in heroes}
        return out

    def new_state(self, setup: dict[str, Any], content: Content, seed: int) -> State:
        s = State(adventure=setup["adventure"], party=list(setup["heroes"]),
                  seat_of={h: hero_seat(h) for h in setup["heroes"]})
        s.grid = board.new_grid()
        for h in setup["heroes"]:
            prof = content.warriors[h]
            s.figures[h] = Figure(id=h, kind=h, side=HERO, name=prof.name, pos=None, wounds=0, max_wounds=0)
        return s

    def procedure(self, game: Game) -> Any:
        return procedure(game)

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


RULESET = WarhammerQuest()
