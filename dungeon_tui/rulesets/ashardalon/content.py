"""Load content/ashardalon/*.yaml and check the names that cross between files.

Every problem is one line: `content/ashardalon/<file>.yaml: <yaml path>: <problem>`.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from dungeon_tui.engine import tactics
from dungeon_tui.engine.content import Bundle, load_bundle

from .dungeon import registry
from .models import ATTACK, COUNTS, MODELS, NEEDS, TACTICS_WORDS, Param

WHERE = "content/ashardalon"


def _no_op(ctx: Any, **_: Any) -> None:  # the rules side registers the real functions
    return None


def words_registry() -> tactics.Registry:
    """A registry holding TACTICS_WORDS, so the engine's compiler checks names and types."""
    reg = tactics.Registry()
    for kind, table in (("conditions", reg.conditions), ("actions", reg.actions)):
        for name, params in TACTICS_WORDS[kind].items():
            table[name] = tactics.Primitive(
                name, _no_op, {p: (int if spec.kind is int else str) for p, spec in params.items()},
                tuple(p for p, spec in params.items() if spec.required))
    return reg


def _value_problem(call: tactics.Call, spec: Param, key: str, value: Any, attacks: set[str]) -> str | None:
    if spec.kind is ATTACK and value not in attacks:
        known = ", ".join(sorted(attacks)) or "none"
        return f"{call.name}.{key}: {value!r} is not one of this figure's attacks ({known})"
    if isinstance(spec.kind, tuple) and value not in spec.kind:
        return f"{call.name}.{key}: {value!r} is not one of {', '.join(spec.kind)}"
    return None


def check_script(body: Any, where: str, attacks: set[str], reg: tactics.Registry) -> list[str]:
    """Compile one script against the words; then check word values and attack names."""
    try:
        script = tactics.compile_scripts({"tactics": body}, reg, where)["tactics"]
    except tactics.TacticsError as err:
        return [str(err)]
    problems = []
    for i, entry in enumerate(script.entries):
        where_i = f"{where}.tactics[{i}]"
        tests = [(c, "when") for c, _ in ((entry.condition, False), *entry.also) if c is not None]
        for call, part in tests + [(c, "default" if entry.condition is None else "do") for c in entry.calls]:
            kind = "conditions" if part == "when" else "actions"
            given = dict(call.params)
            for key, value in call.params:
                said = _value_problem(call, TACTICS_WORDS[kind][call.name][key], key, value, attacks)
                if said:
                    problems.append(f"{where_i}.{part}: {said}")
                need = NEEDS.get((call.name, key, value))
                if need and need not in given:
                    problems.append(f"{where_i}.{part}: {call.name} with {key} {value} needs {need}")
    return problems


def _scripts(b: Bundle) -> Iterator[tuple[str, str, Any, set[str]]]:
    """(file, yaml path of the owner, script, attack names) for every tactics script."""
    for mid, m in b["monsters.yaml"].monsters.items():
        yield "monsters.yaml", f"monsters.{mid}", m.tactics, set(m.attacks)
    for vid, v in b["villains.yaml"].villains.items():
        yield "villains.yaml", f"villains.{vid}", v.tactics, set(v.attacks)
        if v.enraged:
            yield "villains.yaml", f"villains.{vid}.enraged", v.enraged.tactics, set(v.enraged.attacks)
    for vid, v in b["villagers.yaml"].villagers.items():
        yield "villagers.yaml", f"villagers.{vid}", v.tactics, set(v.attacks)
    for eid, e in b["encounters.yaml"].encounters.items():
        if e.tactics is not None:
            yield "encounters.yaml", f"encounters.{eid}", e.tactics, set(e.attacks)


def _check_heroes(b: Bundle) -> Iterator[str]:
    powers = b["powers.yaml"].powers
    for hid, h in b["heroes.yaml"].heroes.items():
        picks = [("fixed_power", h.fixed_power, None)] + [
            (f"loadout.{slot}" + (f".{i}" if slot == "at_will" else ""), pid, slot)
            for slot, pids in (("utility", [h.loadout.utility]), ("at_will", h.loadout.at_will),
                               ("daily", [h.loadout.daily])) for i, pid in enumerate(pids)]
        for path, pid, slot in picks:
            at = f"heroes.yaml: heroes.{hid}.{path}"
            p = powers.get(pid)
            if p is None:
                yield f"{at}: unknown power {pid!r}"
            elif p.hero_class != h.hero_class:
                yield f"{at}: {pid} is a {p.hero_class} power, not {h.hero_class}"
            elif slot is None and not p.fixed:
                yield f"{at}: {pid} is not a fixed power"
            elif slot is not None and (p.fixed or p.type != slot):
                yield f"{at}: {pid} is {'a fixed ' if p.fixed else ''}{p.type}, not {slot}"


def _check_places(b: Bundle) -> Iterator[str]:
    villains, tiles = b["villains.yaml"].villains, b["tiles.yaml"]
    adv_enc = b["encounters.yaml"].adventure_encounters
    chambers, boons = b["chambers.yaml"].chambers, b["chambers.yaml"].boons
    for tid, tpl in tiles.templates.items():
        for r, row in enumerate(tpl.rows):
            if bad := sorted(set(row) - set(tiles.legend)):
                yield f"tiles.yaml: templates.{tid}.rows.{r}: {', '.join(map(repr, bad))} not in the legend"
    for tid, t in tiles.tiles.items():
        at = f"tiles.yaml: tiles.{tid}"
        if t.template in tiles.templates and len(tiles.templates[t.template].rows) != 4 * t.cells:
            yield f"{at}.cells: {t.cells} cell(s) need {4 * t.cells} rows, template {t.template} has " \
                  f"{len(tiles.templates[t.template].rows)}"
        if t.template not in tiles.templates:
            yield f"{at}.template: unknown template {t.template!r}"
        if t.shape not in tiles.shapes:
            yield f"{at}.shape: unknown shape {t.shape!r}"
        elif bad := [s for s in t.doors if s not in tiles.shapes[t.shape]]:
            yield f"{at}.doors: side {bad[0]} is not open in shape {t.shape}"
    for cid, c in chambers.items():
        at = f"chambers.yaml: chambers.{cid}"
        if c.villain is not None and c.villain not in villains:
            yield f"{at}.villain: unknown villain {c.villain!r}"
        for key in ("encounter_on_top", "encounter_top_4"):
            if (e := getattr(c, key)) is not None and e not in adv_enc:
                yield f"{at}.{key}: unknown adventure encounter {e!r}"
    for aid, a in b["adventures.yaml"].adventures.items():
        at = f"adventures.yaml: adventures.{aid}"
        if a.chamber is not None and a.chamber not in chambers:
            yield f"{at}.chamber: unknown chamber card {a.chamber!r}"
        yield from (f"{at}.boons.{i}: unknown boon {x!r}" for i, x in enumerate(a.boons) if x not in boons)
        for i, p in enumerate(a.placements):
            if p.tile not in tiles.tiles:
                yield f"{at}.placements.{i}.tile: unknown tile {p.tile!r}"
            elif p.door is not None and p.door not in tiles.shapes[tiles.tiles[p.tile].shape]:
                yield f"{at}.placements.{i}.door: side {p.door} of {p.tile} is not open"
        named = [(f"victory.{i}", g.villain) for i, g in enumerate(a.victory)] + \
                [(f"defeat.{i}", g.villain) for i, g in enumerate(a.defeat)] + \
                [(f"rules.{i}", r.villain) for i, r in enumerate(a.rules)]
        yield from (f"{at}.{path}.villain: unknown villain {v!r}" for path, v in named if v and v not in villains)
        for i, r in enumerate(a.rules):
            if r.encounter_top_4 and r.encounter_top_4 not in adv_enc:
                yield f"{at}.rules.{i}.encounter_top_4: unknown adventure encounter {r.encounter_top_4!r}"
            if r.on_tile and r.on_tile not in tiles.tiles:
                yield f"{at}.rules.{i}.on_tile: unknown tile {r.on_tile!r}"


def _check_counts(b: Bundle) -> Iterator[str]:
    powers = b["powers.yaml"].powers
    monsters = b["monsters.yaml"].monsters
    standard = [t for t in b["tiles.yaml"].tiles.values() if t.stack == "standard"]
    found = [
        ("heroes.yaml", "heroes", "heroes", len(b["heroes.yaml"].heroes)),
        ("powers.yaml", "powers", "powers", len(powers)),
        ("monsters.yaml", "monsters", "monsters", len(monsters)),
        ("monsters.yaml", "monsters", "monster_cards", sum(m.cards for m in monsters.values())),
        ("villains.yaml", "villains", "villains", len(b["villains.yaml"].villains)),
        ("villagers.yaml", "villagers", "villagers", len(b["villagers.yaml"].villagers)),
        ("encounters.yaml", "encounters", "encounters", len(b["encounters.yaml"].encounters)),
        ("encounters.yaml", "adventure_encounters", "adventure_encounters",
         len(b["encounters.yaml"].adventure_encounters)),
        ("treasure.yaml", "items", "items", len(b["treasure.yaml"].items)),
        ("treasure.yaml", "items", "treasure_cards", sum(i.copies for i in b["treasure.yaml"].items.values())),
        ("chambers.yaml", "chambers", "chambers", len(b["chambers.yaml"].chambers)),
        ("tiles.yaml", "tiles", "standard_tiles", sum(t.copies for t in standard)),
        ("adventures.yaml", "adventures", "adventures", len(b["adventures.yaml"].adventures)),
    ]
    for file, path, what, n in found:
        if n != COUNTS[what]:
            yield f"{file}: {path}: {n} {what.replace('_', ' ')}, the spec has {COUNTS[what]}"
    per_class = Counter(p.hero_class for p in powers.values())
    for cls, n in sorted(per_class.items()):
        if n != 10:
            yield f"powers.yaml: powers: {n} {cls} powers, each class has 10"


def cross_check(b: Bundle) -> list[str]:
    reg = words_registry()
    problems = [f"{file}: {line}" for file, where, body, attacks in _scripts(b)
                for line in check_script(body, where, attacks, reg)]
    problems += list(_check_heroes(b)) + list(_check_places(b))
    if not b.packs:  # the box's counts; a player's pack adds to them
        problems += list(_check_counts(b))
    return [f"{WHERE}/{p}" for p in problems]


@dataclass(frozen=True)
class Content:
    """The validated files plus what the rules look up often: compiled tactics per owner
    ("monster:grell", "villain:rage_drake:enraged", "encounter:pit", "villager:alek")."""

    bundle: Bundle
    scripts: dict[str, tactics.Script]

    def __getitem__(self, name: str) -> Any:
        return self.bundle[name]

    @property
    def digest(self) -> str:
        return self.bundle.digest

    def __getattr__(self, name: str) -> Any:
        # heroes, powers, monsters, ... : the table of that name in whichever file holds it,
        # kept on the instance once found (the rules ask tens of thousands of times a game;
        # the content never changes)
        for file, table in TABLES.items():
            if name in table:
                found = getattr(self.bundle[file], name)
                object.__setattr__(self, name, found)
                return found
        if name == "tiles_file":
            return self.bundle["tiles.yaml"]
        raise AttributeError(name)

    @property
    def tiles(self) -> Any:
        """The tiles file (templates, shapes and tiles) the geometry reads."""
        return self.bundle["tiles.yaml"]


TABLES = {"heroes.yaml": ("heroes", "level_2"), "powers.yaml": ("powers",), "monsters.yaml": ("monsters",),
          "villains.yaml": ("villains",), "villagers.yaml": ("villagers",),
          "encounters.yaml": ("encounters", "adventure_encounters"), "treasure.yaml": ("items",),
          "tokens.yaml": ("counts", "doors", "treasure"), "chambers.yaml": ("chambers", "boons"),
          "adventures.yaml": ("adventures",)}


def script_key(file: str, where: str) -> str:
    """monsters.yaml + monsters.grell -> monster:grell; villains.rage_drake.enraged -> villain:rage_drake:enraged."""
    parts = where.split(".")
    return ":".join([parts[0].rstrip("s"), *parts[1:]])


@lru_cache(maxsize=1)
def load_content() -> Content:
    bundle = load_bundle("ashardalon", MODELS, cross_check)
    scripts = {script_key(file, where): tactics.compile_scripts({where: body}, registry, where)[where]
               for file, where, body, _ in _scripts(bundle)}
    return Content(bundle, scripts)
