"""When a quest is over (§5.12): the objective, success at the stairway, failure, rewards."""
from __future__ import annotations

from typing import Any

from ...engine.game import Game
from ...engine.grid import Sq
from . import board
from .state import ALIVE, DEAD, Figure, State


def carrier(s: State, item: str) -> Figure | None:
    # A plain loop: asked after every step of every quest with an item to carry out.
    figures = s.figures
    for h in s.party:
        hero = figures[h]
        if hero.status == ALIVE and item in hero.flags.get("items", ()):
            return hero
    return None


def objective_met(game: Game) -> bool:
    s: State = game.state
    obj = game.content.quests[s.quest].objective
    if obj.kind == "kill":
        return bool(s.flags.get(f"dead:{obj.target}"))
    if obj.kind == "escort":
        e = s.figures.get(obj.figure or "")
        return e is not None and e.status == ALIVE
    return carrier(s, obj.item or "") is not None


def required_figures(game: Game) -> list[Figure]:
    """Who must stand on the stairway once the objective is met: any hero, the escort, or the
    bearer of the quest's item."""
    s: State = game.state
    obj = game.content.quests[s.quest].objective
    if obj.kind == "escort":
        e = s.figures.get(obj.figure or "")
        return [e] if e is not None else []
    if obj.kind == "carry":
        bearer = carrier(s, obj.item or "")
        return [bearer] if bearer is not None else []
    return list(s.heroes())


def failed_objective(game: Game) -> str | None:
    s: State = game.state
    fail = game.content.quests[s.quest].fail_if or {}
    who = fail.get("dead")
    if who and s.flags.get(f"dead:{who}"):
        return f"{s.figures[who].name if who in s.figures else who} is dead"
    return None


def done_at_stairway(game: Game) -> bool:
    """The objective met and whoever must bring it home on the stairway (`objective_met`, then
    `required_figures`): for an item to carry, its one bearer found once (asked after every
    step)."""
    s: State = game.state
    quest = game.content.quests[s.quest]
    if quest.objective.kind == "carry":
        bearer = carrier(s, quest.objective.item or "")
        return bearer is not None and bearer.pos in board.stairway(quest)
    return objective_met(game) and any(f.status == ALIVE and f.pos in board.stairway(quest)
                                       for f in required_figures(game))


def check_end(game: Game) -> bool:
    """Sets the result and returns True when the quest is over (checked after every step,
    action and attack)."""
    s: State = game.state
    if s.result is not None:
        return True
    # Asked after every step: the stairway and the failed objective only when they can matter,
    # and the party's fate only when nobody is still in the dungeon (`State.in_dungeon`: a hero
    # alive and there stands neither dead nor gone, so neither `all` below could hold).
    quest = game.content.quests[s.quest]
    inside = s.in_dungeon()
    # Whoever must bring the quest home (`done_at_stairway`: an item's bearer, any hero) is a
    # hero of the party still in the dungeon, on the stairway; an escort is not of the party.
    # Most steps find no such hero there, and the objective is not asked at all.
    home = quest.objective.kind == "escort"
    if not home:
        stairway = _STAIRWAYS.get(quest.stairway) or _stairway(quest)
        for hero in inside:  # a plain loop, not any() over a generator: asked after every step
            if hero.pos in stairway:
                home = True
                break
    gone = not inside
    if home and done_at_stairway(game):
        s.result = {"outcome": "success", "why": "the quest is done and the heroes are back at the stairway"}
        pay_reward(game)
    elif gone and all(h.status == DEAD for h in s.heroes()):
        s.result = {"outcome": "failure", "why": "every hero has fallen"}
    elif gone:
        s.result = {"outcome": "failure", "why": "the heroes left the dungeon with the quest undone"}
    elif quest.fail_if and (lost := failed_objective(game)):
        s.result = {"outcome": "failure", "why": f"the quest can no longer be done: {lost}"}
    if s.result is None:
        return False
    why = s.result["why"]
    game.emit("game_over", outcome=s.result["outcome"],
              text=f"Quest over: {s.result['outcome']}. {why[:1].upper()}{why[1:]}.")
    return True


def _stairway(quest: Any) -> frozenset[Sq]:
    """The quest's stairway squares (`board.stairway`) as a set, kept by its corner."""
    if len(_STAIRWAYS) > 1_000:  # many quests' packs in one process: start afresh
        _STAIRWAYS.clear()
    found = _STAIRWAYS[quest.stairway] = frozenset(board.stairway(quest))
    return found


_STAIRWAYS: dict[Sq, frozenset[Sq]] = {}


def pay_reward(game: Game) -> dict[str, Any]:
    """gold_total is shared by the living heroes (floor; the remainder 1 each to the earliest in
    turn order, D19); gold_each goes to each living hero."""
    s: State = game.state
    reward = game.content.quests[s.quest].reward
    living = [h for h in s.heroes() if h.status != DEAD]
    paid: dict[str, int] = {}
    if living and reward.get("gold_total"):
        share, rest = divmod(reward["gold_total"], len(living))
        paid = {h.id: share + (1 if i < rest else 0) for i, h in enumerate(living)}
    elif reward.get("gold_each"):
        paid = {h.id: reward["gold_each"] for h in living}
    for hid, gold in paid.items():
        s.figures[hid].gold += gold
    if paid and s.result is not None:
        s.result["reward"] = paid
        shares = ", ".join(f"{s.figures[h].name} {g} gold" for h, g in paid.items())
        game.emit("reward", paid=paid, text=f"Reward: {shares}.")
    return paid
