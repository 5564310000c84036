"""Warhammer Quest's content: the YAML files read and checked against each other, and what the
rest of the game reads from them."""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from ...engine import tactics
from ...engine.content import Bundle, load_bundle
from .models import MODELS

ID = "warhammer-quest"
RULES_VERSION = "4"
# 4: the Wizard is not asked to cast what would do nothing this turn (against monsters placed in
#    this M1, with no monster about before another warrior's turn, Life Force outside the fight);
# 3: no prompt without a real choice (spells that would do nothing, a boxed-in warrior, unchanged
#    trades, a lone lantern taker); 2: monster events are counted in the state, not read from the log
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


def cross_check(bundle: Bundle, registry: tactics.Registry) -> list[str]:
    """References between files: monsters named by cards, scripts named by monsters, templates."""
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
                problems.append(f"{where}/events.yaml: events.{eid}.monsters.{i}.monster: "
                                f"unknown monster {g.monster!r}")
    dungeon = bundle["dungeon.yaml"]
    for cid, card in dungeon.cards.items():
        if card.template not in dungeon.templates:
            problems.append(f"{where}/dungeon.yaml: cards.{cid}.template: unknown template {card.template!r}")
    advs = bundle["adventures.yaml"]
    for aid, adv in advs.adventures.items():
        if adv.room not in dungeon.cards or dungeon.cards[adv.room].kind != "objective":
            problems.append(f"{where}/adventures.yaml: adventures.{aid}.room: "
                            f"{adv.room!r} is not an objective room card")
        for i, g in enumerate(adv.fixed):
            if g.monster not in monsters:
                problems.append(f"{where}/adventures.yaml: adventures.{aid}.fixed.{i}.monster: "
                                f"unknown monster {g.monster!r}")
    for r, row in enumerate(advs.objective_table):
        for i, g in enumerate(row.monsters):
            if g.monster not in monsters:
                problems.append(f"{where}/adventures.yaml: objective_table.{r}.monsters.{i}.monster: "
                                f"unknown monster {g.monster!r}")
    return problems


def read_content(registry: tactics.Registry) -> Content:
    """The content, its tactics scripts compiled with `registry`, the words of the dungeon AI
    (given from above, so that content need not know the AI)."""
    bundle = load_bundle("warhammer_quest", MODELS, partial(cross_check, registry=registry))
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
