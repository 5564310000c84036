"""The scenarios' objectives, limits and victory (§5.9, §7): casualties, looting the village,
the barrow relic, holding the ruin; and the end of a battle."""
from __future__ import annotations

from typing import Any

from ...engine.dice import roll
from ...engine.game import Action, Game, Procedure
from . import relic
from .battle import field_of
from .contact import in_combat
from .damage import Hits, wound
from .distance import in_contact
from .rolls import sk_roll
from .state import Model, State

SIDE_WORDS = {1: "Side 1", 2: "Side 2"}


def scenario(game: Game) -> Any:
    s: State = game.state
    return game.content.scenarios[s.scenario]


def role(s: State, side: int) -> str:
    return s.roles[str(side)]


def side_of_role(s: State, name: str) -> int:
    return 1 if s.roles["1"] == name else 2


def band_name(game: Game, side: int) -> str:
    s: State = game.state
    return str(game.content.warbands[s.warbands[side - 1]].name)


def band_turn(game: Game, side: int) -> str:
    """"Ironjaw Raiders' turn": a plural name takes the apostrophe alone."""
    name = band_name(game, side)
    return f"{name}' turn" if name.endswith("s") else f"{name}'s turn"


def finish(game: Game, winner: int | None, why: str) -> None:
    s: State = game.state
    if s.result is not None:
        return
    if winner is None:
        s.result = {"outcome": "draw", "winner": None, "why": why}
        game.emit("end", outcome="draw", text=f"The battle is a draw: {why}.")
        return
    s.result = {"outcome": f"side_{winner}", "winner": winner, "why": why}
    game.emit("end", outcome=f"side_{winner}", winner=winner,
              text=f"{band_name(game, winner)} win the battle: {why}.")


def check_wipeout(game: Game) -> None:
    """A side with no model on the table loses."""
    s: State = game.state
    for side in (1, 2):
        if not s.on_table(side) and s.result is None:
            other = 3 - side
            if s.on_table(other):
                finish(game, other, f"no model of {band_name(game, side)} is left on the table")
            else:
                finish(game, None, "no model of either warband is left on the table")


# -- the relic (barrow_tomb) ------------------------------------------------------------------

def carrier(s: State) -> Model | None:
    return next((m for m in s.models.values() if m.carrying and m.on_table), None)


def after_move(game: Game, model: Model) -> None:
    """A standing model picks up a free relic by ending its move on or next to it; a carrier
    ending its move on its own edge wins."""
    relic.take_up(game, model)
    carried_off(game, model)


def carried_off(game: Game, model: Model) -> None:
    s: State = game.state
    if model.carrying and model.standing and model.at in field_of(game).own_edge(role(s, model.side)):
        finish(game, model.side, f"{model.name} carries the relic off by its own edge")


def unsearched_near(game: Game, model: Model) -> list[str]:
    s: State = game.state
    sc = scenario(game)
    if sc.victory != "relic" or s.objectives.get("found"):
        return []
    fld = field_of(game)
    searched = s.objectives.get("searched", [])
    return [k for k, o in sorted(sc.objectives.items())
            if k not in searched and in_contact(fld, model.at, (o.at[0], o.at[1]))]


def may_search(game: Game, model: Model) -> bool:
    s: State = game.state
    return (model.standing and not model.fleeing and not model.ran and not model.searched
            and not in_combat(s, field_of(game), model) and bool(unsearched_near(game, model)))


def search_actions(game: Game, side: int, seat: str) -> list[Action]:
    s: State = game.state
    out = []
    for m in s.side_models(side):
        if may_search(game, m):
            for letter in unsearched_near(game, m):
                out.append(Action.make(seat, "search", text=f"{m.name} searches sarcophagus {letter}",
                                       model=m.id, objective=letter))
    return out


def search(game: Game, model: Model, letter: str) -> Procedure:
    """sk.scn.search: the relic on 5+ in the first sarcophagus searched, 4+ in the second, always
    in the third; a 1 also deals the searcher a hit."""
    s: State = game.state
    sc = scenario(game)
    searched = s.objectives.setdefault("searched", [])
    need = sc.search_needs[min(len(searched), len(sc.search_needs) - 1)]
    searched.append(letter)
    model.searched = True
    (face,) = yield from roll(game, 1, 6, "sk.scn.search")
    found = face >= need
    sk_roll(game, "sk.scn.search", [face], target=need, outcome="relic" if found else "nothing",
            text=f"{model.name} searches sarcophagus {letter} ({need}+): rolls {face}, "
                 + ("the relic!" if found else "nothing."))
    if found:
        s.objectives["found"] = True
        model.carrying = True
        game.emit("relic", model=model.id, text=f"{model.name} takes up the relic.")
    if face == 1 and sc.curse_strength:
        yield from wound(game, model, Hits("sk.magic.to_wound", "the tomb's curse", 1, sc.curse_strength,
                                           critical=False))


# -- the end of turns --------------------------------------------------------------------------

def end_of_side_turn(game: Game, side: int) -> None:
    """Looting (defend_the_village): a standing attacker on a loot square, not in combat."""
    s: State = game.state
    sc = scenario(game)
    if sc.victory != "loot" or role(s, side) != "attacker":
        return
    looted = s.objectives.setdefault("looted", [])
    fld = field_of(game)
    for letter, o in sorted(sc.objectives.items()):
        m = s.at((o.at[0], o.at[1]))
        if (letter not in looted and m is not None and m.side == side and m.standing and not m.fleeing
                and not in_combat(s, fld, m)):
            looted.append(letter)
            game.emit("looted", model=m.id, objective=letter, text=f"{m.name} loots {o.building or letter}.")
    if sc.loot_to_win and len(looted) >= sc.loot_to_win:
        finish(game, side, f"{len(looted)} houses looted")


def end_of_game_turn(game: Game) -> None:
    s: State = game.state
    sc = scenario(game)
    if sc.victory == "hold" and sc.hold and s.game_turn >= (sc.score_from_turn or 1):
        inside = set(field_of(game).building_squares(sc.hold))
        counts = {side: sum(1 for m in s.on_table(side) if m.standing and not m.fleeing and m.at in inside)
                  for side in (1, 2)}
        if counts[1] != counts[2]:
            side = 1 if counts[1] > counts[2] else 2
            s.points[str(side)] = s.points.get(str(side), 0) + 1
            game.emit("score", side=side, text=f"{band_name(game, side)} hold the {sc.hold} ({counts[side]} "
                                               f"against {counts[3 - side]}): 1 point.")
    if s.game_turn >= sc.turn_limit:
        at_limit(game)


def at_limit(game: Game) -> None:
    s: State = game.state
    sc = scenario(game)
    why = f"the {sc.turn_limit} turns are over"
    if sc.victory == "casualties":
        a, b = s.lost(2), s.lost(1)
        finish(game, 1 if a > b else 2 if b > a else None, f"{why}; {a} against {b} put out of action")
    elif sc.victory == "loot":
        finish(game, side_of_role(s, "defender"), f"{why} and the village holds")
    elif sc.victory == "relic":
        holder = carrier(s)
        finish(game, holder.side if holder else None, why + (f"; {holder.name} holds the relic" if holder else ""))
    else:
        p1, p2 = s.points.get("1", 0), s.points.get("2", 0)
        finish(game, 1 if p1 > p2 else 2 if p2 > p1 else None, f"{why}; {p1} points against {p2}")
