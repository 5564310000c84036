"""Warhammer Skirmish's content: the YAML files read and checked against each other, and what the
rest of the game reads from them."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...engine.content import Bundle, load_bundle
from .models import MODELS, SCENARIOS, Armour, Profile, Rule, Scenario, Spell, TerrainKind, Warband, Weapon

ID = "skirmish"
WHERE = "content/skirmish"


@dataclass(frozen=True)
class Content:
    bundle: Bundle
    profiles: dict[str, Profile]
    warbands: dict[str, Warband]
    weapons: dict[str, Weapon]
    armour: dict[str, Armour]
    rules: dict[str, Rule]
    spells: dict[str, Spell]
    terrain: dict[str, TerrainKind]
    scenarios: dict[str, Scenario]
    tactics: dict[str, Any]  # the scripts as written; the AI compiles them with its words
    tactic_roles: dict[str, dict[str, str]]  # role -> phase -> script
    any_role: dict[str, str]  # decision -> script
    scenario_movement: dict[str, str]  # kind of victory -> the movement script read before the role's

    @property
    def digest(self) -> str:
        return self.bundle.digest


def _profile_problems(bundle: Bundle) -> list[str]:
    where = f"{WHERE}/profiles.yaml: profiles"
    weapons, armour = bundle["weapons.yaml"].weapons, bundle["armour.yaml"].armour
    rules, spells = bundle["rules.yaml"].rules, bundle["spells.yaml"].spells
    problems = []
    for pid, p in bundle["profiles.yaml"].profiles.items():
        for key, known in (("weapons", weapons), ("armour", armour), ("rules", rules), ("spells", spells),
                           ("poison_weapons", weapons)):
            problems += [f"{where}.{pid}.{key}.{i}: unknown {key.rstrip('s').replace('_', ' ')} {v!r}"
                         for i, v in enumerate(getattr(p, key)) if v not in known]
        problems += [f"{where}.{pid}.poison_weapons.{i}: {v!r} is not among its weapons"
                     for i, v in enumerate(p.poison_weapons) if v not in p.weapons]
        foot = bundle["profiles.yaml"].profiles.get(p.on_foot or "")
        if p.on_foot is not None and (foot is None or foot.has("mounted")):
            problems.append(f"{where}.{pid}.on_foot: {p.on_foot!r} is not a profile on foot")
        if not any(weapons[w].melee for w in p.weapons if w in weapons):
            problems.append(f"{where}.{pid}.weapons: no close combat weapon")
    return problems


def _warband_problems(bundle: Bundle) -> list[str]:
    where = f"{WHERE}/warbands.yaml: warbands"
    profiles = bundle["profiles.yaml"].profiles
    problems = []
    for wid, band in bundle["warbands.yaml"].warbands.items():
        for i, e in enumerate(band.models):
            if e.profile not in profiles:
                problems.append(f"{where}.{wid}.models.{i}.profile: unknown profile {e.profile!r}")
            elif e.leader and profiles[e.profile].role not in ("leader", "wizard"):
                problems.append(f"{where}.{wid}.models.{i}: the leader must be a character (role leader or wizard)")
        if band.wizard is not None and (band.wizard not in profiles or profiles[band.wizard].role != "wizard"):
            problems.append(f"{where}.{wid}.wizard: {band.wizard!r} is not a wizard profile")
        roster = band.roster()
        kinds = sorted({p for p in band.roster(magic=True) if p in profiles})
        kinds = sorted({*kinds, *(f for p in kinds if (f := profiles[p].on_foot) in profiles)})  # riders unhorsed
        letters = [profiles[p].glyph for p in kinds]
        if len(set(letters)) != len(letters):
            problems.append(f"{where}.{wid}: two of its profiles share a map letter ({', '.join(letters)})")
        if all(p in profiles for p in roster):
            total = sum(profiles[p].points for p in roster)
            if total != band.points:
                problems.append(f"{where}.{wid}.points: the models cost {total}, not {band.points}")
            if not (100 <= total <= 250 and len(roster) <= 15):
                problems.append(f"{where}.{wid}: a warband is 100-250 points and at most 15 models")
    return problems


def _scenario_problems(name: str, sc: Scenario, legend: dict[str, TerrainKind]) -> list[str]:
    where = f"{WHERE}/{name}: "
    problems = []
    if name != f"scenarios/{sc.id}.yaml":
        problems.append(f"{where}id: {sc.id!r} does not match the file name")
    for y, row in enumerate(sc.map):
        for x, ch in enumerate(row):
            if ch not in legend:
                problems.append(f"{where}map.{y}: column {x}: {ch!r} is not in the terrain legend")
            elif legend[ch].move == "objective" and ch not in sc.objectives:
                problems.append(f"{where}map.{y}: column {x}: objective {ch!r} is not listed in objectives")
    for letter, obj in sc.objectives.items():
        x, y = obj.at
        if not (0 <= x < len(sc.map) and 0 <= y < len(sc.map)) or sc.map[y][x] != letter:
            problems.append(f"{where}objectives.{letter}.at: the map has no {letter!r} at {x},{y}")
        under = legend.get(obj.terrain)
        if under is None or under.floor is None:
            problems.append(f"{where}objectives.{letter}.terrain: {obj.terrain!r} is not a walkable terrain")
        if obj.building is not None and obj.building not in [b.name for b in sc.buildings]:
            problems.append(f"{where}objectives.{letter}.building: unknown building {obj.building!r}")
    for i, b in enumerate(sc.buildings):
        for key in ("ladders", "doorways"):
            for j, (x, y) in enumerate(getattr(b, key)):
                ch = sc.map[y][x] if 0 <= x < len(sc.map) and 0 <= y < len(sc.map) else ""
                ok = ch == "H" if key == "ladders" else ch in legend and legend[ch].move != "impassable"
                if not ok:
                    problems.append(f"{where}buildings.{i}.{key}.{j}: {x},{y} is {ch!r} on the map")
    for role, zone in sc.zones.items():
        if not any(legend.get(sc.map[y][x]) and legend[sc.map[y][x]].move == "open" for x, y in zone.squares()):
            problems.append(f"{where}zones.{role}: no open square to deploy on")
    if sc.hold is not None and sc.hold not in [b.name for b in sc.buildings]:
        problems.append(f"{where}hold: unknown building {sc.hold!r}")
    needs = {"loot": "loot_to_win", "relic": "search_needs", "hold": "hold"}
    if sc.victory in needs and not getattr(sc, needs[sc.victory]):
        problems.append(f"{where}{needs[sc.victory]}: a {sc.victory} scenario needs it")
    return problems


def _tactics_problems(bundle: Bundle) -> list[str]:
    tactics = bundle["tactics.yaml"]
    where = f"{WHERE}/tactics.yaml: "
    problems = [f"{where}roles.{role}.{phase}: unknown script {s!r}"
                for role, phases in tactics.roles.items() for phase, s in phases.items() if s not in tactics.scripts]
    for key in ("any_role", "scenario_movement"):
        problems += [f"{where}{key}.{k}: unknown script {s!r}" for k, s in getattr(tactics, key).items()
                     if s not in tactics.scripts]
    used = {p.role for p in bundle["profiles.yaml"].profiles.values()}
    problems += [f"{where}roles: no scripts for role {r!r}" for r in sorted(used) if r not in tactics.roles]
    return problems


def cross_check(bundle: Bundle) -> list[str]:
    """Names between files, warband points, and each scenario's map against the legend.  The
    tactics scripts' words are checked against the AI's registry by `content check`."""
    legend = bundle["terrain.yaml"].legend
    problems = _profile_problems(bundle) + _warband_problems(bundle)
    for name, model in sorted(bundle.files.items()):
        if isinstance(model, Scenario):
            problems += _scenario_problems(name, model, legend)
    return problems + _tactics_problems(bundle)


@lru_cache(maxsize=1)
def load_content() -> Content:
    bundle = load_bundle("skirmish", MODELS, cross_check)
    boxed = [f"scenarios/{s}.yaml" for s in SCENARIOS]  # the box's order first, then a pack's own
    named = boxed + sorted(n for n, m in bundle.files.items() if isinstance(m, Scenario) and n not in boxed)
    scenarios = {m.id: m for m in (bundle[n] for n in named)}
    tactics = bundle["tactics.yaml"]
    return Content(
        bundle=bundle, profiles=bundle["profiles.yaml"].profiles, warbands=bundle["warbands.yaml"].warbands,
        weapons=bundle["weapons.yaml"].weapons, armour=bundle["armour.yaml"].armour,
        rules=bundle["rules.yaml"].rules, spells=bundle["spells.yaml"].spells,
        terrain=bundle["terrain.yaml"].legend, scenarios=scenarios, tactics=tactics.scripts,
        tactic_roles={r: dict(p) for r, p in tactics.roles.items()}, any_role=dict(tactics.any_role),
        scenario_movement=dict(tactics.scenario_movement),
    )
