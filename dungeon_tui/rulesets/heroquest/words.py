"""How HeroQuest's texts count and name things for the player: "1 Body Point", "2 Goblins",
"an Orc", "east"; never an id."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ...engine.words import a, counted, listing

STEP_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
# What a condition flag means, as a sentence ends: "Elf is ...", "Elf is no longer ...".
CONDITION_WORDS = {"asleep": "asleep", "feared": "afraid", "commanded": "under Zargon's command"}


def tally(names: Iterable[str]) -> str:
    """Names counted in first-seen order: '3 Skeletons and 2 Zombies', 'a Mummy'."""
    counts = Counter(names)
    return listing([a(n) if k == 1 else counted(k, n) for n, k in counts.items()])


def condition_word(flag: str) -> str:
    return CONDITION_WORDS.get(flag, flag.replace("_", " "))


def potion_card(content: Any, potion: str) -> Any:
    """The treasure card a potion a hero carries came from ('healing:4', a quest's own potion of
    healing, is one too); None for a potion no card names."""
    kind = potion.partition(":")[0]
    return next((t for t in content.treasure.values() if t.kind == "potion" and t.potion == kind), None)


def potion_name(content: Any, potion: str) -> str:
    card = potion_card(content, potion)
    return card.name if card is not None else "potion of " + potion.partition(":")[0].replace("_", " ")
