"""The campaign file: warriors carry gold and treasure from one adventure to the next (spec 7).

Between adventures: unsold cards and gold are kept, Wounds are full again, equipment is
issued anew, once-per-adventure items recharge; the dead and the Lost are struck off.
The whole carried party goes into the game's setup, so a record replays on its own.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...engine.record import MAX_BYTES, write_atomic

FORMAT = "dungeon-tui-whq-campaign"


class CampaignError(Exception):
    pass


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
    recruits: list[str] = Field(default_factory=list, max_length=4)  # join at the next adventure (fresh Wounds roll, 0 gold)
    adventures: list[dict[str, Any]] = Field(default_factory=list, max_length=10_000)


def load(path: Path) -> Campaign:
    path = Path(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise CampaignError(f"{path} is too large to be a campaign file")
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as err:
        raise CampaignError(f"cannot read {path}: {err}") from None
    except (ValueError, RecursionError):
        raise CampaignError(f"{path} is not valid JSON") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CampaignError(f"{path} is not a Warhammer Quest campaign file")
    try:
        return Campaign.model_validate(data)
    except ValidationError as err:
        e = err.errors()[0]
        raise CampaignError(f"{path}: {'.'.join(map(str, e['loc']))}: {e['msg']}") from None


def save(campaign: Campaign, path: Path) -> None:
    write_atomic(Path(path), json.dumps(campaign.model_dump(), indent=1))


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
