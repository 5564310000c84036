"""The HeroQuest ruleset object: content, new games, views that hide Zargon's secrets."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...engine import tactics
from ...engine.content import Bundle, load_bundle
from ...engine.game import DUNGEON, Game
from ...engine.grid import Sq
from ..common import RulesetBase, choose_party, hero_seat
from . import armory, board
from .combat import attack_dice, defend_dice
from .models import MODELS, QUESTS
from .quest_check import Names, check_quest
from .state import HERO, MONSTER, Figure, State
from .heroes import routes
from .profiles import monster_profile
from .turns import procedure

ID = "heroquest"
RULES_VERSION = "2"  # 2: monsters are named and drawn by their number among their kind
HERO_ORDER = ("barbarian", "dwarf", "elf", "wizard")


@dataclass(frozen=True)
class Content:
    bundle: Bundle
    heroes: dict[str, Any]
    escorts: dict[str, Any]
    monsters: dict[str, Any]
    furniture: dict[str, Any]
    equipment: dict[str, Any]
    artifacts: dict[str, Any]
    treasure: dict[str, Any]
    spells: dict[str, Any]
    dread_spells: dict[str, Any]
    variants: dict[str, Any]
    quests: dict[str, Any]
    scripts: dict[str, tactics.Script]
    areas: dict[Sq, str]
    room_squares: dict[str, list[Sq]]
    corridor_squares: list[Sq]
    rock: dict[str, list[str]]

    @property
    def digest(self) -> str:
        return self.bundle.digest


def cross_check(bundle: Bundle) -> list[str]:
    """Quest positions against the board (§2.11 loader checks) and names between files."""
    from .zargon import registry
    problems: list[str] = []
    where = "content/heroquest"
    try:
        tactics.compile_scripts(bundle["tactics.yaml"].scripts, registry, "scripts")
    except tactics.TacticsError as err:
        problems.append(f"{where}/tactics.yaml: {err}")
    names = Names(monsters=set(bundle["monsters.yaml"].monsters), furniture=bundle["furniture.yaml"].furniture,
                  dread_spells=set(bundle["spells.yaml"].dread_spells),
                  artifacts=set(bundle["equipment.yaml"].artifacts),
                  scripts=set(bundle["tactics.yaml"].scripts), escorts=set(bundle["heroes.yaml"].escorts))
    for name, quest in sorted(bundle.files.items()):
        if name.startswith("quests/"):
            problems.extend(check_quest(quest, f"{where}/{name}", bundle["board.yaml"], names))
    for vid, v in bundle["variants.yaml"].variants.items():
        problems += [f"{where}/variants.yaml: variants.{vid}.monsters.{k}: unknown monster {k!r}"
                     for k in v.monsters if k not in names.monsters]
        problems += [f"{where}/variants.yaml: variants.{vid}.dread_names.{k}: unknown dread spell {k!r}"
                     for k in v.dread_names if k not in names.dread_spells]
    return problems


@lru_cache(maxsize=1)
def load_content() -> Content:
    from .zargon import registry
    bundle = load_bundle("heroquest", MODELS, cross_check)
    b = bundle["board.yaml"]
    areas = board.area_letters(b)
    rooms: dict[str, list[Sq]] = {}
    for sq in sorted(areas, key=lambda q: (q[1], q[0])):
        if areas[sq] != board.CORRIDOR:
            rooms.setdefault(areas[sq], []).append(sq)
    quests = {m.id: m for n, m in bundle.files.items() if n.startswith("quests/")}
    eq = bundle["equipment.yaml"]
    sp = bundle["spells.yaml"]
    he = bundle["heroes.yaml"]
    return Content(
        bundle=bundle, heroes=he.heroes, escorts=he.escorts, monsters=bundle["monsters.yaml"].monsters,
        furniture=bundle["furniture.yaml"].furniture, equipment=eq.equipment, artifacts=eq.artifacts,
        treasure=bundle["treasure.yaml"].treasure, spells=sp.spells, dread_spells=sp.dread_spells,
        variants=bundle["variants.yaml"].variants, quests=quests,
        scripts=tactics.compile_scripts(bundle["tactics.yaml"].scripts, registry, "scripts"),
        areas=areas, room_squares={k: rooms[k] for k in sorted(rooms)},
        corridor_squares=sorted((sq for sq, a in areas.items() if a == board.CORRIDOR), key=lambda q: (q[1], q[0])),
        rock={qid: board.rock_rooms(b, q) for qid, q in quests.items()},
    )


class HeroQuest(RulesetBase):
    id = ID
    rules_version = RULES_VERSION
    title = "HeroQuest"
    load = staticmethod(load_content)

    def choices(self) -> dict[str, Any]:
        c = self.content()
        return {"heroes": [(h, c.heroes[h].name, hero_seat(h)) for h in HERO_ORDER],
                "adventures": [(q.id, q.name) for q in sorted(c.quests.values(), key=lambda q: q.order)],
                "adventure": QUESTS[0],
                "variants": [(vid, v.name) for vid, v in sorted(c.variants.items())]}

    def normalise_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        c = self.content()
        heroes = choose_party(setup.get("heroes"), HERO_ORDER, "hero")
        quest = setup.get("adventure") or setup.get("quest") or QUESTS[0]
        if quest not in c.quests:
            raise ValueError(f"unknown quest {quest!r}; see `dungeon-tui list`")
        out: dict[str, Any] = {"heroes": heroes, "adventure": quest}
        variants = setup.get("variants") or []
        if not isinstance(variants, list) or any(v not in c.variants for v in variants):
            raise ValueError(f"variants must be a list of: {', '.join(sorted(c.variants))}")
        if variants:
            out["variants"] = sorted(set(variants))
        if setup.get("sheets") is None:
            return out
        # A campaign's party snapshot (§5.13): the record carries it, so replays need no campaign file.
        if not setup.get("heroes") and isinstance(setup["sheets"], dict):
            out["heroes"] = heroes = choose_party(list(setup["sheets"]), HERO_ORDER, "hero")
        out["sheets"] = armory.parse_sheets(setup["sheets"], heroes, c)
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
        s.doors = {d: "closed" for d in board.door_edges(quest)}
        s.traps = {t.id: {"kind": t.kind, "at": list(t.at), "state": "hidden"} for t in quest.traps}
        s.furniture_traps = {p.id: {"armed": True, "body_loss": p.trap.body_loss, "dice": p.trap.dice}
                             for p in quest.furniture if p.trap is not None}
        s.deck = {cid: card.copies for cid, card in sorted(content.treasure.items())}
        s.grid = board.build_grid(s, content)
        return s

    def procedure(self, game: Game) -> Any:
        return procedure(game)

    def walks(self, game: Game, hero: str, points: int) -> dict[Sq, list[Sq]]:
        """Where a hero can walk with `points` steps, each with its path (the app walks it step by step)."""
        f = game.state.figures.get(hero)
        return routes(game, f, points) if f is not None and f.pos is not None else {}

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


RULESET = HeroQuest()
