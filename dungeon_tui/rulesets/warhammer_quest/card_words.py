"""What each Event card does, in the project's own words, for the card a player dismisses when
it is drawn (spec 2.4).  A monster card is said from its data (how many of what, treasure, what
follows); the seven E cards each have a sentence of their own.  Text only: no rule here."""
from __future__ import annotations

from .models import EventCard
from .words import a, plural

E_CARDS = {
    "cave_in": "Every doorway of this section but the one you came in by is sealed. Monsters here die "
               "(no gold). A warrior still here at the end of the next turn is buried.",
    "portcullis": "Once every warrior is in this section, an iron gate bars the way you came in.",
    "dead_body": "Each warrior here rolls a die; the lowest opens the bag. 1: gas, D6 Wounds to everyone "
                 "here. 2-3: a spear, 2D6 Wounds to him. 4-6: D6x100 gold for him.",
    "trap": "Each warrior here rolls a die; the lowest sets it off. 1: a blast, D6 Wounds to everyone here. "
            "2-5: a pit, 2D6 Wounds and he is stuck in it. 6: the party draws a Treasure card.",
    "encounter": "A dying prospector gives the party the key to the portcullis.",
    "scorpions": "A warrior picked at random kills D6 + his Strength of the twelve scorpions (5 gold each); "
                 "each one left stings him for 1 Wound.",
    "old_bones": "Roll a die. 1: a warrior picked at random takes D6 Wounds. 2-3: an illusion, draw "
                 "again. 4-5: D6x10 gold for each warrior here, draw again. 6: 2D6x10 gold each and a "
                 "Treasure card.",
}
FOLLOWS = {
    "always": "Another Event card follows at once.",
    "d6_1_3": "On a roll of 1-3 another Event card follows.",
    "before_fighting": "Another Event card is drawn before the fight; all its monsters fight together.",
}


def monsters_said(card: EventCard, names: dict[str, str]) -> str:
    """'D3 Minotaurs attack.', 'D6 Goblin Spearmen and D6 Night Goblin Archers attack.'"""
    one = len(card.monsters) == 1 and card.monsters[0].count in (1, "1")
    groups = [a(names.get(g.monster, g.monster)) if g.count in (1, "1")
              else f"{g.count} {plural(names.get(g.monster, g.monster))}" for g in card.monsters]
    said = " and ".join(groups) + (" attacks." if one else " attack.")
    return said[:1].upper() + said[1:]


def card_does(card_id: str, card: EventCard, names: dict[str, str]) -> str:
    """The lines under the card's flavour: what it does, what it earns, what follows."""
    lines = [monsters_said(card, names)] if card.monsters else []
    if card_id in E_CARDS:
        lines.append(E_CARDS[card_id])
    if card.treasure:
        alone = len(card.monsters) == 1 and card.monsters[0].count in (1, "1")
        lines.append(f"Beat {'it' if alone else 'them'} and the party draws a Treasure card.")
    if card.draw_another in FOLLOWS:
        lines.append(FOLLOWS[card.draw_another])
    return " ".join(lines)
