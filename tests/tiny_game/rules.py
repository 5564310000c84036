"""Goblin Cellar's rules as one generator: each round every hero acts twice (step, attack or
end), then each goblin acts once; a die decides every attack.  The round ends with a
checkpoint, where a keyframe may be kept; the procedure goes on from any of them, since a
new round needs nothing but the state."""
from __future__ import annotations

from dungeon_tui.engine.dice import roll, roll_event
from dungeon_tui.engine.game import DUNGEON, Action, Decision, Game, Procedure

from .state import GOBLIN, HERO, Figure, State

MAX_ROUNDS = 30
ACTIONS = 2  # a hero's actions in a turn


def procedure(game: Game) -> Procedure:
    s: State = game.state
    while s.result is None:
        s.round += 1
        game.emit("round", round=s.round, text=f"Round {s.round}.")
        for hid in s.party:
            if s.figures[hid].alive and s.result is None:
                yield from hero_turn(game, s.figures[hid])
        for goblin in s.living(GOBLIN):
            if goblin.alive and s.result is None:
                yield from goblin_turn(game, goblin)
        if s.result is None and s.round >= MAX_ROUNDS:
            finish(game, "defeat", f"the goblins still hold the cellar after {MAX_ROUNDS} rounds")
        if s.result is None:
            game.checkpoint(s.round)
    game.checkpoint(s.round, resumable=False)
    return s.result


def hero_turn(game: Game, hero: Figure) -> Procedure:
    s: State = game.state
    s.active = hero.id
    seat = s.seat_of[hero.id]
    for left in range(ACTIONS, 0, -1):
        options = [Action.make(seat, "attack", text=f"{hero.name} attacks {g.name}", target=g.id)
                   for g in beside(s, hero, GOBLIN)]
        options += [Action.make(seat, "step", text=f"{hero.name} steps to {q[0]},{q[1]}", to=list(q))
                    for q in s.free_steps(hero)]
        options.append(Action.make(seat, "end", text=f"{hero.name} ends the turn"))
        choice = yield Decision(seat, f"{hero.name}: {left} action{'s' if left > 1 else ''} left", options,
                                context={"figure": hero.id})
        if choice.kind == "end":
            return
        yield from act(game, hero, choice)
        if s.result is not None:
            return


def goblin_turn(game: Game, goblin: Figure) -> Procedure:
    s: State = game.state
    s.active = goblin.id
    options = [Action.make(DUNGEON, "attack", text=f"{goblin.name} attacks the {h.name}", target=h.id)
               for h in beside(s, goblin, HERO)]
    options += [Action.make(DUNGEON, "step", text=f"{goblin.name} steps to {q[0]},{q[1]}", to=list(q))
                for q in s.free_steps(goblin)]
    options.append(Action.make(DUNGEON, "end", text=f"{goblin.name} waits"))
    choice = yield Decision(DUNGEON, f"{goblin.name}'s move", options, context={"figure": goblin.id})
    if choice.kind != "end":
        yield from act(game, goblin, choice)


def act(game: Game, figure: Figure, choice: Action) -> Procedure:
    s: State = game.state
    if choice.kind == "step":
        x, y = choice.get("to")
        figure.pos = (x, y)
        game.emit("step", figure=figure.id, to=[x, y], text=f"{figure.name} steps to {x},{y}.")
        return
    target = s.figures[choice.get("target")]
    (face,) = yield from roll(game, 1, 6, "goblin_cellar.attack")
    hit = face >= target.defence
    roll_event(game, "goblin_cellar.attack", "1d6", [face], target=target.defence,
               inputs={"attacker": figure.id, "defender": target.id}, outcome="hit" if hit else "miss",
               text=f"{figure.name} rolls {face} against {target.name}'s defence {target.defence}: "
                    + ("a hit." if hit else "a miss."))
    if hit:
        target.hp -= 1
        game.emit("damage", figure=target.id, hp=target.hp,
                  text=f"{target.name} is wounded ({target.hp} HP left)." if target.alive
                  else f"{target.name} falls.")
    if not s.living(GOBLIN):
        finish(game, "victory", "every goblin is slain")
    elif not s.living(HERO):
        finish(game, "defeat", "every hero has fallen")


def beside(s: State, figure: Figure, side: str) -> list[Figure]:
    return [f for f in s.living(side) if abs(f.pos[0] - figure.pos[0]) + abs(f.pos[1] - figure.pos[1]) == 1]


def finish(game: Game, outcome: str, why: str) -> None:
    s: State = game.state
    s.result = {"outcome": outcome, "why": why}
    game.emit("end", outcome=outcome, text=f"The game ends in {outcome}: {why}.")
