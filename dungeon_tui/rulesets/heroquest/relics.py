"""Artifacts used from the hand (§2.7): the Elixir of Life and the Ring of Return, once each
per quest and free on the bearer's turn; the Spell Ring's named spell works twice; the Wand of
Magic lets one action cast two different spells."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.effects import Effects, never
from ...engine.game import Action, Decision, Game, Procedure
from . import board
from .asking import ask
from .remains import gather
from .searching import nearest_free
from .state import ALIVE, DEAD, Figure, State


def spent(figure: Figure, relic: str) -> bool:
    return bool(figure.flags.get(f"used:{relic}"))


# A relic used from the hand: its offer (game, bearer, seat) -> the uses open to him now, and its
# effect (game, bearer, the use chosen).  The Spell Ring and the Wand of Magic are never chosen by
# themselves: casting asks them (`keeps_card`, `second_spell`).
RELICS: Effects[Callable[..., Any]] = Effects("relic")


def options(game: Game, figure: Figure, seat: str) -> list[Action]:
    out: list[Action] = []
    for relic in RELICS.ids():
        offer = RELICS[relic].offer
        if relic in figure.equipment and not spent(figure, relic) and offer is not None:
            out += offer(game, figure, seat) or []  # `never` offers nothing
    return out


def use(game: Game, figure: Figure, pick: Action) -> None:
    relic = pick.get("item")
    figure.flags[f"used:{relic}"] = True
    RELICS[relic].run(game, figure, pick)


def elixir_offer(game: Game, figure: Figure, seat: str) -> list[Action]:
    name = game.content.artifacts["elixir_of_life"].name
    return [Action.make(seat, "use", text=f"{figure.name} pours the {name} for {h.name}", who=figure.id,
                        item="elixir_of_life",
                        target=h.id) for h in game.state.heroes() if h.status == DEAD and h is not figure]


@RELICS("elixir_of_life", offer=elixir_offer)
def elixir_of_life(game: Game, figure: Figure, pick: Action) -> None:
    revive(game, figure, game.state.figures[pick.get("target")])


def revive(game: Game, figure: Figure, hero: Figure) -> None:
    """He stands again beside the bearer at full Body, with what of his was left lying."""
    s: State = game.state
    sq = nearest_free(s, figure.square)
    if sq is None:
        return
    hero.status, hero.pos, hero.body = ALIVE, sq, hero.max_body
    hero.flags = {k: v for k, v in hero.flags.items() if k in ("main", "items")}
    s.flags.pop(f"dead:{hero.id}", None)
    for pile in [p for p in s.remains if p["hero"] == hero.id]:
        gather(s, hero, pile)
    game.emit("revive", figure=hero.id, at=list(sq), text=f"{hero.name} rises again at {sq[0]},{sq[1]}, whole.")


def ring_offer(game: Game, figure: Figure, seat: str) -> list[Action]:
    return [Action.make(seat, "use", text=f"{figure.name} turns the {game.content.artifacts['ring_of_return'].name}",
                        who=figure.id, item="ring_of_return")]


@RELICS("ring_of_return", offer=ring_offer)
def ring_of_return(game: Game, figure: Figure, pick: Action) -> None:
    """The bearer and every hero he sees go back to the stairway (monsters keep its squares)."""
    s: State = game.state
    stairs = [sq for sq in board.stairway(game.content.quests[s.quest]) if not s.side_at(sq, "monster")]
    if not stairs:
        return
    going = [figure] + [h for h in s.hero_side() if h is not figure and board.targeting_sight(s, figure.square,
                                                                                              h.square)]
    for i, h in enumerate(going):
        h.pos = stairs[i % len(stairs)]
        h.flags.pop("in_pit", None)
        board.reveal_from(s, game.content, h.pos)
    game.emit("teleport", figures=[h.id for h in going],
              text=", ".join(h.name for h in going) + " vanish and reappear at the stairway.")


def name_ring_spell(game: Game) -> Procedure:
    """The Spell Ring's bearer names the spell it holds for this quest (§3 step 3)."""
    s: State = game.state
    c = game.content
    for h in s.heroes():
        if "spell_ring" in h.equipment and h.spells:
            seat = s.seat_of[h.id]
            opts = [Action.make(seat, "ring", text=f"The ring holds {c.spells[sp].name}", who=h.id, spell=sp)
                    for sp in h.spells]
            pick = yield from ask(game, Decision(seat, f"{h.name}: which spell does the Spell Ring hold?", opts,
                                                 context={"figure": h.id, "ring": h.id}),
                                  f"{h.name} has one spell, so the Spell Ring holds it.")
            h.flags["spell_ring"] = pick.get("spell")
            game.emit("ring", figure=h.id, spell=pick.get("spell"),
                      text=f"{h.name}'s ring will hold {c.spells[pick.get('spell')].name} for a second casting.")


@RELICS("spell_ring", offer=never)
def keeps_card(figure: Figure, spell: str) -> bool:
    """The first casting of the ring's spell leaves the card in hand."""
    if figure.flags.get("spell_ring") == spell and not figure.flags.get("used:spell_ring"):
        figure.flags["used:spell_ring"] = True
        return True
    return False


@RELICS("wand_of_magic", offer=never)
def second_spell(figure: Figure, spell: str) -> bool:
    """Whether the bearer may cast a second, different spell in the action he cast `spell` in."""
    return "wand_of_magic" in figure.equipment and any(other != spell for other in figure.spells)
