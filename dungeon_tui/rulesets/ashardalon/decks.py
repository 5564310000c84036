"""Ordered hidden decks (spec §3, §9): the chance seat shuffles, drawing takes the top card,
an empty deck takes its discards back shuffled."""
from __future__ import annotations


from ...engine.dice import shuffled
from ...engine.game import Game, Procedure
from .state import State

RESHUFFLED = ("monster", "encounter", "treasure")  # the dungeon stack and chamber stacks never refill
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
    return cards.pop(-1 if bottom else 0)


def discard(s: State, deck: str, card: str) -> None:
    s.discards.setdefault(deck, []).append(card)


def put_on_top(s: State, deck: str, cards: list[str]) -> None:
    s.decks[deck] = list(cards) + s.decks.setdefault(deck, [])


def kind_of(card: str) -> str:
    """A card instance id is its kind and copy number: grell#2 -> grell."""
    return card.split("#")[0]


def copies(kind: str, n: int) -> list[str]:
    return [f"{kind}#{k}" for k in range(1, n + 1)]
