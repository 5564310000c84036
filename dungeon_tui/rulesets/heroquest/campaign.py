"""The HeroQuest campaign file (§5.13): a party that carries gold, gear, potions and artifacts
from quest to quest, the armory between quests, and new heroes for the fallen.

Between quests the living are whole again (full Body and Mind) and keep what they carry;
spells, conditions and pledges belong to one quest and are not kept.  A success unlocks the
next quest by order; a failure keeps the loot, pays nothing and leaves the quest to replay
(D18).  The only clock reading is the date in the history, never in a game.
"""
from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ...engine import campaign_file
from ...engine.campaign_file import CampaignError
from ...engine.contract import choose_party, hero_seat
from . import armory, combat
from .armory import HeroSheet
from .content import HERO_ORDER, RULES_VERSION, load_content
from .state import DEAD

FORMAT: Final = "dungeon-tui/heroquest-campaign"
VERSION: Final = 1
MAX_BYTES = 4 * 1024 * 1024
ALIVE: Final = "alive"
RETIRED: Final = "retired"  # plus DEAD: fallen and not yet replaced
__all__ = [
    "Campaign",
    "CampaignError",
    "buy",
    "give",
    "load",
    "new",
    "next_quest",
    "record_result",
    "replace",
    "save",
    "set_main",
    "setup_for",
]

LogValue = str | int | None | list[str] | dict[str, int]


class PartyHero(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: str = Field(max_length=40)
    hero_type: str = Field(max_length=40)
    name: str = Field(min_length=1, max_length=40)
    gold: int = Field(0, ge=0, le=1_000_000)
    body_max: int = Field(ge=1, le=20)
    mind_max: int = Field(ge=0, le=20)
    main_weapon: str | None = None
    equipment: list[str] = Field(default_factory=list, max_length=30)
    items: list[str] = Field(default_factory=list, max_length=30)  # potions
    artifacts: list[str] = Field(default_factory=list, max_length=20)
    quests_completed: int = Field(0, ge=0, le=100_000)
    status: Literal["alive", "dead", "retired"] = ALIVE

    def sheet(self) -> HeroSheet:
        return HeroSheet(name=self.name, gold=self.gold, body_max=self.body_max, mind_max=self.mind_max,
                         main_weapon=self.main_weapon, equipment=list(self.equipment), potions=list(self.items),
                         artifacts=list(self.artifacts))


class QuestPlayed(BaseModel):
    model_config = ConfigDict(extra="forbid")
    quest: str = Field(max_length=80)
    result: str = Field(max_length=40)
    record_path: str | None = Field(None, max_length=4096)
    date: str = Field(max_length=40)


class Campaign(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["dungeon-tui/heroquest-campaign"] = FORMAT
    version: Literal[1] = VERSION
    name: str = Field(min_length=1, max_length=80)
    rules_version: str = Field(RULES_VERSION, max_length=20)
    content_digest: str = Field("", max_length=128)
    party: list[PartyHero] = Field(max_length=40)
    quests: list[QuestPlayed] = Field(default_factory=list, max_length=10_000)
    unlocked: list[str] = Field(default_factory=list, max_length=100)
    log: list[dict[str, LogValue]] = Field(default_factory=list, max_length=100_000)

    @field_validator("log")
    @classmethod
    def _kinds(cls, log: list[dict[str, LogValue]]) -> list[dict[str, LogValue]]:
        for entry in log:
            if entry.get("kind") not in ("buy", "give", "reward", "replace", "main"):
                raise ValueError(f"log entry of unknown kind {entry.get('kind')!r}")
        return log

    def living(self) -> list[PartyHero]:
        return [h for h in self.party if h.status == ALIVE]

    def fallen(self) -> list[PartyHero]:
        """Heroes who fell in a quest and whose place is not yet settled."""
        return [h for h in self.party if h.status == DEAD]

    def hero(self, hero_type: str) -> PartyHero:
        """The living hero of that type; CampaignError names the party otherwise."""
        for h in self.party:
            if h.hero_type == hero_type and h.status == ALIVE:
                return h
        names = ", ".join(h.hero_type for h in self.living()) or "nobody"
        raise CampaignError(f"no living {hero_type} in the party (living: {names})")


# -- the file ----------------------------------------------------------------------------------

def new(name: str, heroes: list[str] | None = None) -> Campaign:
    """A fresh party with the hero table's values and starting kit, 0 gold; the first quest open."""
    c = load_content()
    try:
        party = choose_party(heroes, HERO_ORDER, "hero")
    except ValueError as err:
        raise CampaignError(str(err)) from None
    return Campaign(name=name, content_digest=c.digest, party=[fresh_hero(h) for h in party],
                    unlocked=quests_in_order()[:1])


def fresh_hero(hero_type: str) -> PartyHero:
    p = load_content().heroes[hero_type]
    return PartyHero(seat=hero_seat(hero_type), hero_type=hero_type, name=p.name, body_max=p.body,
                     mind_max=p.mind, main_weapon=p.weapon, equipment=[p.weapon])


def quests_in_order() -> list[str]:
    return [q.id for q in sorted(load_content().quests.values(), key=lambda q: (q.order, q.id))]


def load(path: Path) -> Campaign:
    campaign = campaign_file.read(path, FORMAT, Campaign, "a HeroQuest campaign file", VERSION, MAX_BYTES)
    problem = content_problem(campaign)
    if problem:
        raise CampaignError(f"{path}: {problem}")
    return campaign


def content_problem(campaign: Campaign) -> str | None:
    """Ids the current content no longer (or never) knew: hero types, items, quests."""
    c = load_content()
    for i, h in enumerate(campaign.party):
        if h.hero_type not in c.heroes:
            return f"party.{i}.hero_type: unknown hero {h.hero_type!r}"
        problem = armory.sheet_problem(h.sheet(), c)
        if problem:
            return f"party.{i}.{problem.replace('potions.', 'items.', 1)}"
    types = [h.hero_type for h in campaign.living()]
    if len(set(types)) != len(types) or len(types) > 4:
        return "party: at most four living heroes, each of a different type"
    for q in campaign.unlocked:
        if q not in c.quests:
            return f"unlocked: unknown quest {q!r}"
    return None


def save(campaign: Campaign, path: Path) -> None:
    campaign.content_digest = load_content().digest
    campaign_file.write(campaign, path)


# -- before and after a quest ------------------------------------------------------------------

def next_quest(campaign: Campaign) -> str:
    """The first unlocked quest (by order) the party has not yet won."""
    won = {q.quest for q in campaign.quests if q.result == "success"}
    for q in quests_in_order():
        if q in campaign.unlocked and q not in won:
            return q
    raise CampaignError("the party has won every unlocked quest; name one with --quest to play it again")


def setup_for(campaign: Campaign, quest: str | None = None) -> dict[str, Any]:
    """A game setup with the living heroes' sheets, for an unlocked quest."""
    quest = quest or next_quest(campaign)
    if quest not in load_content().quests:
        raise CampaignError(f"unknown quest {quest!r}; see `dungeon-tui list`")
    if quest not in campaign.unlocked:
        raise CampaignError(f"{quest} is not unlocked yet; open: {', '.join(campaign.unlocked) or 'none'}")
    fallen = campaign.fallen()
    if fallen:
        # A fallen hero's place is the players' choice (§5.13): a new hero, or none.  Asked,
        # never assumed, so a party does not go on one short without anyone deciding it.
        who = fallen[0].hero_type
        raise CampaignError(f"the {hero_word(who)} has fallen: replace them first (campaign replace --hero {who} "
                            f"--with TYPE), or go on without them (--with nobody)")
    living = sorted(campaign.living(), key=lambda h: HERO_ORDER.index(h.hero_type))  # turn order (§3)
    if not living:
        raise CampaignError("the party has no living heroes; replace the fallen first (campaign replace)")
    return {"heroes": [h.hero_type for h in living], "adventure": quest,
            "sheets": {h.hero_type: h.sheet().model_dump() for h in living}}


def record_result(campaign: Campaign, game: Any, record_path: str | None = None,
                  date: str | None = None) -> Campaign:
    """Fold a finished quest into a copy of the campaign (§5.13)."""
    s = game.state
    if not game.over or s.result is None:
        raise CampaignError("the quest is not over yet")
    out = campaign.model_copy(deep=True)
    living = {h.hero_type: h for h in out.living()}
    if sorted(living) != sorted(s.party):
        raise CampaignError(f"this game's party ({', '.join(s.party)}) is not the campaign's "
                            f"({', '.join(sorted(living)) or 'nobody'})")
    c = game.content
    outcome = s.result.get("outcome", "?")
    gained: dict[str, int] = {}
    for fig in s.heroes():
        h = living[fig.kind]
        gained[fig.kind] = fig.gold - h.gold
        h.gold = fig.gold
        h.equipment = [e for e in fig.equipment if e in c.equipment]
        h.artifacts = [e for e in fig.equipment if e in c.artifacts]
        h.items = list(fig.potions)
        hero = c.heroes[fig.kind]
        h.main_weapon = armory.best_weapon(hero, h.equipment + h.artifacts, c, fig.flags.get("main", h.main_weapon))
        # Body and Mind need no copying: the next quest starts every hero at his sheet's maximum.
        if fig.status == DEAD:
            h.status = DEAD
        elif outcome == "success":
            h.quests_completed += 1
    out.quests.append(QuestPlayed(quest=s.quest, result=outcome, record_path=record_path,
                                  date=date or datetime.date.today().isoformat()))
    out.log.append({"kind": "reward", "quest": s.quest, "result": outcome, "gold": gained})
    if outcome == "success":
        order = quests_in_order()
        later = order[order.index(s.quest) + 1:]
        if later and later[0] not in out.unlocked:
            out.unlocked.append(later[0])
    return out


# -- between quests ----------------------------------------------------------------------------

def buy(campaign: Campaign, hero_type: str, key: str) -> Campaign:
    """The hero pays for one armory item with his own gold; no selling (D20)."""
    out = campaign.model_copy(deep=True)
    h = out.hero(hero_type)
    c = load_content()
    table = c.heroes[h.hero_type]
    problem = armory.buy_problem(table, h.equipment + h.artifacts, key, h.gold, c)
    if problem:
        raise CampaignError(problem)
    price = c.equipment[key].gold
    h.gold -= price
    h.equipment.append(key)
    entry: dict[str, LogValue] = {"kind": "buy", "hero": h.hero_type, "item": key, "gold": price}
    # A newly bought weapon with more dice than the one in hand becomes the main weapon.
    eq = c.equipment[key]
    held = combat.item(c, h.main_weapon) if h.main_weapon else None
    if eq.kind == "weapon" and (held is None or eq.dice > held.dice):
        h.main_weapon = key
        entry["main"] = key
    out.log.append(entry)
    return out


def set_main(campaign: Campaign, hero_type: str, weapon: str) -> Campaign:
    """The weapon the hero starts the next quest with in hand."""
    out = campaign.model_copy(deep=True)
    h = out.hero(hero_type)
    c = load_content()
    eq = combat.item(c, weapon)
    if eq is None or eq.kind != "weapon" or weapon not in h.equipment + h.artifacts:
        carried = [k for k in h.equipment + h.artifacts if (e := combat.item(c, k)) is not None and e.kind == "weapon"]
        raise CampaignError(f"the {h.name} carries no {weapon!r}; weapons: {', '.join(carried) or 'none'}")
    if not armory.may_use(c.heroes[h.hero_type], eq):
        raise CampaignError(f"the {h.name} may not use a {eq.name}")
    h.main_weapon = weapon
    out.log.append({"kind": "main", "hero": h.hero_type, "item": weapon})
    return out


def give(campaign: Campaign, giver: str, taker: str, gold: int) -> Campaign:
    """Gold from one living hero to another; only between quests (D20)."""
    out = campaign.model_copy(deep=True)
    a, b = out.hero(giver), out.hero(taker)
    if a is b:
        raise CampaignError("a hero cannot give gold to himself")
    if gold <= 0:
        raise CampaignError("give a positive amount of gold")
    if gold > a.gold:
        raise CampaignError(f"the {a.name} has only {a.gold} gold")
    a.gold -= gold
    b.gold += gold
    out.log.append({"kind": "give", "from": a.hero_type, "to": b.hero_type, "gold": gold})
    return out


NOBODY: Final = "nobody"  # `replace ... --with nobody`: the party goes on without a new hero


def replace(campaign: Campaign, dead_type: str, new_type: str) -> Campaign:
    """A fallen hero retires; a new hero of a type not in the party takes the place (table
    values, starting kit, no gold), or nobody does."""
    out = campaign.model_copy(deep=True)
    dead = next((h for h in out.party if h.hero_type == dead_type and h.status == DEAD), None)
    if dead is None:
        fallen = ", ".join(h.hero_type for h in out.party if h.status == DEAD) or "nobody"
        raise CampaignError(f"no fallen {dead_type} to replace (fallen: {fallen})")
    if new_type == NOBODY:
        dead.status = RETIRED
        out.log.append({"kind": "replace", "hero": dead_type, "with": None})
        return out
    if new_type not in HERO_ORDER:
        raise CampaignError(f"unknown hero {new_type!r}; choose from {', '.join(HERO_ORDER)} or {NOBODY}")
    if new_type in [h.hero_type for h in out.living()]:
        raise CampaignError(f"the party already has a living {new_type}; choose a type not in the party")
    dead.status = RETIRED
    out.party.append(fresh_hero(new_type))
    out.log.append({"kind": "replace", "hero": dead_type, "with": new_type})
    return out


# -- for the player ----------------------------------------------------------------------------

def hero_line(hero: PartyHero) -> str:
    c = load_content()

    def names(keys: list[str]) -> str:
        return ", ".join(combat.item(c, k).name for k in keys) or "none"

    state = {ALIVE: "", DEAD: " (fallen)", RETIRED: " (retired)"}[hero.status]
    held = combat.item(c, hero.main_weapon).name if hero.main_weapon else "bare hands"
    potions = ", ".join(potion_name(p) for p in hero.items) or "none"
    kind = c.heroes[hero.hero_type].name
    who = hero.name if hero.name == kind else f"{hero.name} the {kind}"
    return (f"{who}{state}: Body {hero.body_max}, Mind {hero.mind_max}, "
            f"{hero.gold} gold; wields {held}; gear: {names(hero.equipment)}; potions: {potions}; "
            f"artifacts: {names(hero.artifacts)}; quests won {hero.quests_completed}")


def potion_name(potion: str) -> str:
    """'healing' -> Potion of Healing; a quest's fixed potion 'healing:4' says how much it heals."""
    kind, _, amount = potion.partition(":")
    names = {card.potion: card.name for card in load_content().treasure.values() if card.potion}
    return str(names.get(kind, kind)) + (f" (heals {amount})" if amount not in ("", "0") else "")


def hero_word(kind: object) -> str:
    """A hero type as the player says it ('dwarf' -> Dwarf); the file keeps the id."""
    hero = load_content().heroes.get(str(kind))
    return hero.name if hero is not None else str(kind)


def item_word(key: object) -> str:
    found = combat.item(load_content(), str(key))
    return str(found.name) if found is not None else str(key)


def quest_word(quest: object) -> str:
    q = load_content().quests.get(str(quest))
    return q.name if q is not None else str(quest)


def log_line(entry: dict[str, LogValue]) -> str:
    kind = entry["kind"]
    if kind == "buy":
        return f"the {hero_word(entry['hero'])} bought {item_word(entry['item'])} for {entry['gold']} gold"
    if kind == "give":
        return f"the {hero_word(entry['from'])} gave the {hero_word(entry['to'])} {entry['gold']} gold"
    if kind == "replace" and entry.get("with") is None:
        return f"the party went on without the fallen {hero_word(entry['hero'])}"
    if kind == "replace":
        return f"a new {hero_word(entry['with'])} took the fallen {hero_word(entry['hero'])}'s place"
    if kind == "main":
        return f"the {hero_word(entry['hero'])} took {item_word(entry['item'])} in hand"
    gold = entry.get("gold") or {}
    gains = ", ".join(f"{hero_word(h)} {g:+d}" for h, g in gold.items()) if isinstance(gold, dict) else ""
    return f"{quest_word(entry.get('quest'))}: {entry.get('result')}; gold {gains or 'unchanged'}"


def describe(campaign: Campaign, recent: int = 6) -> list[str]:
    """The party, the open quests and the history, as lines of text."""
    c = load_content()
    lines = [f"HeroQuest campaign {campaign.name!r}"]
    lines += ["  " + hero_line(h) for h in campaign.party if h.status != RETIRED]
    retired = [h.name for h in campaign.party if h.status == RETIRED]
    if retired:
        lines.append("  retired: " + ", ".join(retired))
    try:
        upcoming = next_quest(campaign)
    except CampaignError:
        upcoming = None
    open_quests = [f"{q} ({c.quests[q].name}){' <- next' if q == upcoming else ''}"
                   for q in quests_in_order() if q in campaign.unlocked]
    lines.append("open quests: " + ("; ".join(open_quests) or "none"))
    lines.append("history:" if campaign.quests else "history: no quest played yet")
    lines += [f"  {q.date} {quest_word(q.quest)}: {q.result}" + (f" (record {q.record_path})" if q.record_path else "")
              for q in campaign.quests]
    if campaign.log:
        lines.append("recent changes:")
        lines += ["  " + log_line(e) for e in campaign.log[-recent:]]
    return lines
