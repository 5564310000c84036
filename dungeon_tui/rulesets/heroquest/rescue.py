"""Body 0 (§5.11): the rescue window, death, and the remains a fallen hero leaves behind."""
from __future__ import annotations

from typing import Any

from ...engine.game import Action, Decision, Game, Procedure
from . import magic
from .asking import ask
from .potions import drink
from .remains import destroy_remains, near, take_remains
from .state import ALIVE, DEAD, HERO, Figure, State


def rescue(game: Game, figure: Figure, turn: dict[str, Any] | None = None) -> Procedure:
    """A hero-side figure at Body 0.  `turn` is his own turn's record when it happens in his
    turn (his action may still be free), None otherwise."""
    s: State = game.state
    if figure.side != HERO or figure.body > 0 or figure.status != ALIVE:
        return
    seat = s.seat_of.get(figure.id)
    while figure.body == 0 and seat is not None and figure.kind in game.content.heroes:
        opts = [Action.make(seat, "drink", text=f"{figure.name} drinks a potion of healing", who=figure.id, potion=i)
                for i, p in enumerate(figure.potions) if p.startswith("healing")]
        action_free = (turn is not None and not turn["acted"]) or (turn is None and not figure.flags.get("pledged"))
        if action_free:
            opts += [Action.make(seat, "cast", text=f"{figure.name} casts {game.content.spells[sp].name} on himself",
                                 who=figure.id, spell=sp, target=figure.id)
                     for sp in figure.spells if sp in magic.HEALING]
        if not opts:
            break
        opts.append(Action.make(seat, "die", text=f"{figure.name} lets go", who=figure.id))
        pick = yield Decision(seat, f"{figure.name} is dying: drink or cast to live?", opts,
                              context={"figure": figure.id, "dying": figure.id})
        if pick.kind == "die":
            break
        if pick.kind == "drink":
            yield from drink(game, figure, pick.get("potion"))
        else:
            if turn is not None:
                turn["acted"] = True
            else:
                figure.flags["pledged"] = True
            yield from magic.cast(game, figure, pick)
    # Outside his own turn, a friend who sees him may pledge his next action to heal him.
    if figure.body == 0 and turn is None:
        for h, sp in magic.healers(game, figure):
            hs = s.seat_of[h.id]
            opts = [Action.make(hs, "cast", text=f"{h.name} pledges his next action: {game.content.spells[sp].name} "
                                f"on {figure.name}", who=h.id, spell=sp, target=figure.id),
                    Action.make(hs, "pass", text=f"{h.name} does nothing", who=h.id)]
            pick = yield Decision(hs, f"{figure.name} is dying: will {h.name} heal him?", opts,
                                  context={"figure": h.id, "dying": figure.id})
            if pick.kind == "cast":
                h.flags["pledged"] = True
                yield from magic.cast(game, h, pick)
                break
    if figure.body == 0:
        yield from die(game, figure)


def die(game: Game, figure: Figure, remains: bool = True) -> Procedure:
    s: State = game.state
    where = figure.pos
    figure.status = DEAD
    figure.pos = None
    s.flags[f"dead:{figure.id}"] = True
    game.emit("death", figure=figure.id, text=f"{figure.name} has fallen.")
    if s.escort_controller == figure.id:
        hand_escort_on(game)
    if not remains or where is None:
        return
    pile = {"hero": figure.id, "name": figure.name, "at": list(where), "gold": figure.gold,
            "equipment": list(figure.equipment),
            "potions": list(figure.potions), "items": list(figure.flags.get("items", []))}
    figure.gold, figure.equipment, figure.potions = 0, [], []
    figure.flags.pop("items", None)
    if not (pile["gold"] or pile["equipment"] or pile["potions"] or pile["items"]):
        return
    s.remains.append(pile)
    takers = [h for h in s.heroes() if h.status == ALIVE and h.pos is not None and near(s, h.pos, where)]
    if takers:
        seat = s.seat_of[takers[0].id]
        opts = [Action.make(seat, "take_remains", text=f"{h.name} takes {figure.name}'s belongings", who=h.id)
                for h in takers]
        pick = yield from ask(game, Decision(seat, f"Who takes {figure.name}'s belongings?", opts,
                                             context={"figure": takers[0].id}),
                              f"Only {takers[0].name} is near enough to take {figure.name}'s belongings.")
        take_remains(game, s.figures[pick.get("who")], pile)
    elif any(near(s, m.pos, where) for m in s.monsters()):
        destroy_remains(game, pile)


def hand_escort_on(game: Game) -> None:
    """The escort follows the next living hero when his controller falls (D28)."""
    s: State = game.state
    nxt = next((h.id for h in s.heroes() if h.status == ALIVE and h.pos is not None), None)
    s.escort_controller = nxt
    if s.escort and nxt:
        e = s.figures[s.escort]
        s.seat_of[e.id] = s.seat_of[nxt]
