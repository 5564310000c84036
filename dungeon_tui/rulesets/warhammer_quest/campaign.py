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
    adventures: list[dict[str, Any]] = Field(default_factory=list, max_length=10_000)


def load(path: Path) -> Campaign:
    return campaign_file.read(path, FORMAT, Campaign, "a Warhammer Quest campaign file")


def save(campaign: Campaign, path: Path) -> None:
    campaign_file.write(campaign, path)


def setup_for(campaign: Campaign, adventure: str) -> dict[str, Any]:
    """A game setup carrying the living warriors with their Wounds, gold and treasure."""
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
    out.warriors = [w for w in out.warriors if w.alive]
    out.recruits = []
    out.adventures.append({"adventure": s.adventure, "outcome": (s.result or {}).get("outcome", "?"),
                           "turns": s.turn, "seed": game.seed})
    return out
