"""Ordered hidden decks (spec §3, §9): the chance seat shuffles, drawing takes the top card,
an empty deck takes its discards back shuffled.  Players who draw from their own decks (the
setup's `own_decks`) draw the Monster, Encounter and Treasure cards at the table: the chance
seat then picks the card from those left, by name, instead of taking the app's top card."""
from __future__ import annotations

from functools import lru_cache

from ...engine.dice import draw as draw_one, shuffled
from ...engine.game import Game, Procedure
from .state import State

RESHUFFLED = ("monster", "encounter", "treasure")  # the dungeon stack and chamber stacks never refill
# The decks of named cards a player draws from at the table, and the content table naming them
# (the dungeon tiles are templates without names: the app keeps drawing those).
AT_TABLE = {"monster": "monsters", "encounter": "encounters", "treasure": "items"}
# How the log names each pile, and what it holds.
SHOWN = {"dungeon": ("dungeon tile stack", "tiles"), "treasure_tokens": ("bag of treasure tokens", "tokens"),
         "door": ("pile of door tokens", "tokens"), "chamber_tiles": ("chamber's tile stack", "tiles"),
         "chamber_cards": ("chamber card deck", "cards"), "villagers": ("villager deck", "cards"),
         "villain_tokens": ("pile of villain tokens", "tokens")}


def shuffle(game: Game, deck: str, cards: list[str]) -> Procedure:
    s: State = game.state
    s.decks[deck] = (yield from shuffled(game, sorted(cards), f"ash.deck.shuffle.{deck}"))
    name, unit = SHOWN.get(deck, (f"{deck} deck", "cards"))
    game.emit("shuffle", deck=deck, count=len(cards), text=f"The {name} is shuffled ({len(cards)} {unit}).")


def draw(game: Game, deck: str, bottom: bool = False) -> Procedure:
    """The top (or bottom) card, or None when the deck and its discards are empty."""
    s: State = game.state
    cards = s.decks.setdefault(deck, [])
    if not cards and deck in RESHUFFLED and s.discards.get(deck):
        # The discards stay where they are until the shuffle is done (a save mid-shuffle keeps them).
        yield from shuffle(game, deck, list(s.discards[deck]))
        s.discards[deck] = []
        cards = s.decks[deck]
    if not cards:
        return None
    if deck in AT_TABLE and game.setup.get("own_decks"):
        table = getattr(game.content, AT_TABLE[deck])
        names = tuple(str(table[kind_of(card)].name) for card in cards)
        return cards.pop((yield from draw_one(game, len(cards), f"ash.deck.draw.{deck}", names)))
    return cards.pop(-1 if bottom else 0)


def discard(s: State, deck: str, card: str) -> None:
    s.discards.setdefault(deck, []).append(card)


def put_on_top(s: State, deck: str, cards: list[str]) -> None:
    s.decks[deck] = list(cards) + s.decks.setdefault(deck, [])


@lru_cache(maxsize=4096)  # asked of the same few dozen cards all game
def kind_of(card: str) -> str:
    """A card instance id is its kind and copy number: grell#2 -> grell."""
    return card.split("#")[0]


def copies(kind: str, n: int) -> list[str]:
    return [f"{kind}#{k}" for k in range(1, n + 1)]
