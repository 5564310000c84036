"""Build small Warhammer Quest positions and run one rule with forced dice."""
from __future__ import annotations

from typing import Any
from collections.abc import Callable

from dungeon_tui.batch import game_seed
from dungeon_tui.engine.dice import ForcedChance
from dungeon_tui.engine.game import CHANCE, Game
from dungeon_tui.engine.scenario import ScenarioRules
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.warhammer_quest import board
from dungeon_tui.rulesets.warhammer_quest.ai.companions import WarriorAI
from dungeon_tui.rulesets.warhammer_quest.game import load_content
from dungeon_tui.rulesets.warhammer_quest.game import GAME
from dungeon_tui.rulesets.warhammer_quest.state import HERO, MONSTER, Figure, Section, State



def room(width: int = 6, height: int = 6) -> State:
    """A party-sized room, one section s1, no doorways."""
    s = State(adventure="fp5", party=[], seat_of={})
    s.grid = board.new_grid()
    squares = [(x, y) for y in range(height) for x in range(width)]
    for sq in squares:
        s.grid.add_square(sq, ".", "s1")
    s.sections["s1"] = Section("s1", "guard_room", "room", squares, entered=True)
    s.lantern = s.leader = ""
    return s


def warrior(s: State, kind: str, pos: tuple[int, int], wounds: int = 10) -> Figure:
    c = load_content()
    f = Figure(id=kind, kind=kind, side=HERO, name=c.warriors[kind].name, pos=pos, wounds=wounds, max_wounds=wounds)
    s.figures[kind] = f
    s.party.append(kind)
    s.seat_of[kind] = f"hero:{kind}"
    if not s.lantern:
        s.lantern = s.leader = kind
    return f


def monster(s: State, kind: str, pos: tuple[int, int], fid: str | None = None, wounds: int | None = None) -> Figure:
    c = load_content()
    prof = c.monsters[kind]
    n = s.next_monster
    s.next_monster += 1
    f = Figure(id=fid or f"m{n}", kind=kind, side=MONSTER, name=f"{prof.name} {fid or n}", pos=pos,
               wounds=prof.wounds if wounds is None else wounds, max_wounds=prof.wounds, order=n)
    s.figures[f.id] = f
    return f


def run(state: State, proc: Callable[[Game], Any], dice: list[Any], choose: Callable[[Any], Any] | None = None) -> Game:
    """Play `proc` to its end: chance answers from `dice` (all must be used); other seats
    take `choose(decision)` or the first option."""
    c = load_content()
    game = Game(ScenarioRules(state, proc), {}, 0, c, c.digest)
    forced = ForcedChance(dice)
    while not game.over:
        d = game.pending
        if d.seat == CHANCE:
            action, why = forced.choose(game, d)
        else:
            action, why = (choose(d) if choose else d.options[0]), "test"
        game.play(action, why)
    assert not forced.outcomes, f"unused forced dice: {forced.outcomes}"
    return game


def rolls(game: Game, rule: str | None = None) -> list[dict]:
    return [e.to_json() for e in game.events if e.kind == "roll" and (rule is None or e.data["rule"] == rule)]


__all__ = ["GAME", "monster", "rolls", "room", "run", "warrior"]


def play_checking(check: Callable[[Game, Any], None], seed: int, games: int,
                  adventures: tuple[str, ...] = ("fp6", "random")) -> list[Game]:
    """Whole games with the companions on every seat, `check(game, decision)` called at every
    decision before the seat chooses: `games` of each adventure, seeds `game_seed(seed, i)`."""
    rs = get("warhammer-quest")

    class Checked(WarriorAI):
        def choose(self, game: Game, decision: Any) -> Any:
            check(game, decision)
            return super().choose(game, decision)
    controllers = rs.ai_controllers()
    controllers["*"] = Checked()
    played = []
    for adventure in adventures:
        for i in range(games):
            game = rs.new_game(rs.normalise_setup({"adventure": adventure}), game_seed(seed, i))
            game.run(controllers)
            played.append(game)
    return played
