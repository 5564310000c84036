"""The campaign file: warriors carry gold and treasure from one adventure to the next (spec 7).

Between adventures: unsold cards and gold are kept, Wounds are full again, equipment is
issued anew, once-per-adventure items recharge; the dead and the Lost are struck off.
The whole carried party goes into the game's setup, so a record replays on its own.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ...engine import campaign_file
from ...engine.campaign_file import CampaignError

FORMAT = "dungeon-tui-whq-campaign"
NOBODY = "nobody"  # `--recruit nobody`: the party goes on without a new warrior
__all__ = ["Campaign", "CampaignError", "load", "record_result", "save", "setup_for"]


class CampaignWarrior(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: str
    name: str
    starting_wounds: int = Field(ge=1, le=30)
    gold: int = Field(0, ge=0, le=10_000_000)
    treasure: list[dict[str, Any]] = Field(default_factory=list, max_length=100)
    alive: bool = True


class Campaign(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: str = FORMAT
    version: int = 1
    warriors: list[CampaignWarrior] = Field(default_factory=list, max_length=4)
    recruits: list[str] = Field(default_factory=list,
                                max_length=4)  # join at the next adventure (fresh Wounds roll, 0 gold)
    # Warriors who died or were lost in the last adventure, until the players say who (if
    # anyone) takes their place: a party never goes on one short without being asked.
    fallen: list[str] = Field(default_factory=list, max_length=4)
    adventures: list[dict[str, Any]] = Field(default_factory=list, max_length=10_000)


def load(path: Path) -> Campaign:
    return campaign_file.read(path, FORMAT, Campaign, "a Warhammer Quest campaign file")


def save(campaign: Campaign, path: Path) -> None:
    campaign_file.write(campaign, path)


def setup_for(campaign: Campaign, adventure: str) -> dict[str, Any]:
    """A game setup carrying the living warriors with their Wounds, gold and treasure."""
    if campaign.fallen:
        who = campaign.fallen[0]
        raise CampaignError(f"the {who} fell in the last adventure: recruit a warrior in their place "
                            f"(--recruit TYPE), or go on without (--recruit {NOBODY})")
    living = [w for w in campaign.warriors if w.alive]
    recruits = [r for r in campaign.recruits if r not in [w.type for w in living]]
    if not living and not recruits:
        raise CampaignError("the campaign has no living warriors; recruit new ones")
    return {
        "heroes": [w.type for w in living] + recruits,
        "adventure": adventure,
        "wounds": {w.type: w.starting_wounds for w in living},
        "carry": {w.type: {"gold": w.gold, "treasure": [{k: v for k, v in card.items() if k != "spent"}
                                                          for card in w.treasure]} for w in living},
    }


def recruit(campaign: Campaign, types: list[str]) -> Campaign:
    """New warriors to join at the next adventure (`nobody`: none); the fallen are settled."""
    out = campaign.model_copy(deep=True)
    joining = [t for t in types if t != NOBODY]
    out.recruits = sorted(set(out.recruits) | set(joining))
    out.fallen = []
    return out


def record_result(campaign: Campaign, game: Any) -> Campaign:
    """Fold a finished adventure back into the campaign."""
    s = game.state
    out = campaign.model_copy(deep=True)
    by_type = {w.type: w for w in out.warriors}
    for fig in s.heroes():
        entry = by_type.get(fig.kind)
        if entry is None:
            entry = CampaignWarrior(type=fig.kind, name=fig.name, starting_wounds=fig.max_wounds)
            out.warriors.append(entry)
            by_type[fig.kind] = entry
        entry.starting_wounds = fig.max_wounds
        entry.gold = fig.gold
        entry.treasure = [dict(card) for card in fig.treasure]
        entry.alive = fig.status not in ("dead", "lost")
    out.fallen = [w.type for w in out.warriors if not w.alive]
    out.warriors = [w for w in out.warriors if w.alive]
    out.recruits = []
    out.adventures.append({"adventure": s.adventure, "outcome": (s.result or {}).get("outcome", "?"),
                           "turns": s.turn, "seed": game.seed})
    return out


def describe(campaign: Campaign, content: Any) -> list[str]:
    """The party, who joins next, the fallen and the adventures played, as lines of text."""
    lines = []
    for w in campaign.warriors:
        cards = [content.treasure[t["id"]].name if t.get("id") in content.treasure else str(t.get("id"))
                 for t in w.treasure]
        lines.append(f"  {w.name}: {w.starting_wounds} Wounds, {w.gold} gold; treasure: {', '.join(cards) or 'none'}")
    if campaign.recruits:
        lines.append("joining at the next adventure: "
                     + ", ".join(content.warriors[r].name for r in campaign.recruits if r in content.warriors))
    if campaign.fallen:
        lines.append("fallen in the last adventure: "
                     + ", ".join(content.warriors[t].name for t in campaign.fallen if t in content.warriors))
    lines.append("adventures played:" if campaign.adventures else "adventures played: none yet")
    lines += [f"  {adventure_word(content, a.get('adventure'))}: {a.get('outcome')} in {a.get('turns')} turns"
              for a in campaign.adventures]
    return lines


def adventure_word(content: Any, adventure: object) -> str:
    found = content.adventures.get(str(adventure))
    return str(found.name) if found is not None else str(adventure)
