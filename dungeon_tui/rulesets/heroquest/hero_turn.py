"""A hero's turn (§4): conditions first, then a move roll and steps, open doors, one action
before or after moving, potions any time; traps, reveals, remains and the success check
after every step.  An escort takes the same turn with fewer choices.  What he may do at each
point of it, and the options of his decision, are heroes.py's."""
from __future__ import annotations

from typing import Any

from ...engine.dice import roll, roll_event
from ...engine.game import Action, Game, Procedure
from ...engine.grid import Sq
from ...engine.offers import Offers
from ...engine.words import counted
from . import board, magic, relics, searching, traps
from .asking import settled
from .combat import item, strike, weapon_of
from .doors import open_door
from .ending import check_end
from .heroes import hero_choice, may_stop, why_settled
from .potions import drink
from .remains import after_move
from .rescue import die, rescue
from .seeing import announce, reveal
from .state import ALIVE, LEFT, MONSTER, Figure, State
from .words import condition_word


def start_of_turn(game: Game, figure: Figure, turn: dict[str, Any]) -> Procedure:
    """Tempest, then each condition's break-free roll; True when he may play the turn."""
    if figure.flags.pop("tempest", None):
        game.emit("skip", figure=figure.id, text=f"{figure.name} is caught in a tempest and loses the turn.")
        return False
    for cond in ("asleep", "commanded", "feared"):
        if figure.flags.get(cond) and (yield from magic.mind_save(game, figure, cond, rule="hq.condition.break_free")):
            figure.flags.pop(cond)
            game.emit("condition_end", figure=figure.id, condition=cond,
                      text=f"{figure.name} is no longer {condition_word(cond)}.")
    if figure.flags.get("asleep") or figure.flags.get("commanded"):
        held = "asleep" if figure.flags.get("asleep") else "under Zargon’s command"
        game.emit("skip", figure=figure.id, text=f"{figure.name} is {held}.")
        return False
    if figure.flags.pop("pledged", None):
        turn["acted"] = True
        game.emit("pledged", figure=figure.id, text=f"{figure.name} spent this turn's action saving a friend.")
    return True


def move_dice(game: Game, figure: Figure) -> int:
    """Red dice for a move: two, one in plate mail, the escort's own number."""
    c = game.content
    if figure.kind in c.escorts:
        return int(c.escorts[figure.kind].move_dice)
    for e in figure.equipment:  # a loop, not any() over a generator: at each of his turns
        eq = c.equipment.get(e)
        if eq is not None and eq.move_dice:
            return 1
    return 2


def roll_move(game: Game, figure: Figure, turn: dict[str, Any]) -> Procedure:
    dice = move_dice(game, figure)
    mods = {}
    if figure.flags.pop("swift_wind", None):  # Swift Wind doubles the dice, not the total
        mods["swift wind (dice)"] = dice
        dice *= 2
    faces = yield from roll(game, dice, 6, "hq.move.roll")
    total = sum(faces)
    turn["rock"] = bool(figure.flags.pop("pass_rock", None))
    turn["veil"] = bool(figure.flags.pop("veil", None))
    if not game.unseen:  # the log's line, made only for someone to read (see Game.unseen)
        roll_event(game, "hq.move.roll", f"{dice}d6", list(faces), outcome=total, inputs={"dice": dice},
                   modifiers=mods, text=f"{figure.name} rolls {'+'.join(map(str, faces))} to move: "
                                        f"{counted(total, 'square')}.")
    turn["rolled"], turn["points"] = True, total


def end_move(game: Game, figure: Figure, turn: dict[str, Any]) -> Procedure:
    """The move is over: leftover points are lost; a Pass Through Rock walk that stops in solid
    rock loses the hero for good."""
    turn["points"] = 0
    if turn.get("rock") and figure.pos is not None and figure.status == ALIVE \
            and game.state.grid.terrain.get(figure.pos) == board.ROCK:
        game.emit("entombed", figure=figure.id, text=f"{figure.name} is sealed inside the rock.")
        yield from die(game, figure, remains=False)
    turn["rock"] = turn["veil"] = False


def step(game: Game, figure: Figure, to: Sq, turn: dict[str, Any]) -> Procedure:
    """One square; True when the turn ends (a trap)."""
    s: State = game.state
    if turn.get("rock") and not board.revealed(s, to):
        announce(game, board.reveal_area(s, game.content, to))
        if s.side_at(to, MONSTER):
            game.emit("refused", figure=figure.id,
                      text=f"Something stands at {to[0]},{to[1]}: {figure.name} cannot go there.")
            return False
    frm = figure.square
    figure.pos = to
    turn["points"] -= 1
    if figure.flags.get("in_pit") and figure.pos != frm:
        figure.flags.pop("in_pit", None)
    # Only Veil of Mist offers a step onto a monster's square (`step_squares`): without it, no
    # scan of the figures after every step.
    if turn.get("veil") and s.side_at(figure.pos, MONSTER):
        # House rule: a hero passing through a monster's square under Veil of Mist may not
        # stop there, so what would stop him there (a trap under the monster, a sprung pit it
        # stands in) waits for a hero who can; found by the mixed fuzz.
        return False
    trap = traps.met_at(s, to)
    if trap is None:
        return False
    if trap["state"] == "sprung":  # a pit sprung before: he climbs down into it
        figure.flags["in_pit"] = True
        turn["points"] = 0
        return False
    return (yield from traps.spring_trap(game, figure, trap, frm))


def kept_turn(game: Game, figure: Figure) -> tuple[dict[str, Any], dict[str, list[Offers]]]:
    """The hero's record of a new turn, and the groups of his decision (by seat) made in his
    turns before.  The groups read his turn's record when read, never when made (hero_groups),
    so while it is the one dict, set afresh as each turn starts, they serve all his turns: 13
    groups and their closures made once, not every turn.  Kept with the map for this game and
    hero (made again after a door opens, which forgets the map's answers)."""
    memo = game.state.grid.memo
    kept = memo.get(("hero_turn", figure.id))
    if kept is None or kept[0] is not game or kept[1] is not figure:
        kept = memo[("hero_turn", figure.id)] = (game, figure, {}, {})
    turn: dict[str, Any] = kept[2]
    turn.clear()
    turn.update(rolled=False, points=0, acted=False, start=True, bonus_attacks=None, bonus_cast=None,
                rock=False, veil=False, last_stop=figure.pos)
    return turn, kept[3]


def hero_turn(game: Game, figure: Figure) -> Procedure:
    s: State = game.state
    t, made = kept_turn(game, figure)
    if not (yield from start_of_turn(game, figure, t)):
        return
    while figure.status == ALIVE and figure.pos is not None:
        context = {"figure": figure.id, "rolled": t["rolled"], "acted": t["acted"],
                   "points": t["points"] if t["rolled"] else 12}
        decision, only = hero_choice(game, figure, t, context, made)
        # `ask` written out: the turn's every step, without a generator and a call made for each.
        pick = settled(game, only, why_settled(figure, only, t)) if only is not None else (yield decision)
        kind = pick.kind
        if kind != "equip":
            t["start"] = False
        ended = False
        if kind == "step" or kind == "jump":  # most of a turn's decisions: asked first
            if kind == "step":
                ended = yield from step(game, figure, tuple(pick.get("to")), t)
            else:
                t["points"] -= 2
                ended = yield from traps.jump(game, figure, tuple(pick.get("over")), tuple(pick.get("to")))
            if figure.pos is not None:
                reveal(game, figure.pos)
                after_move(game, figure)
                magic.check_courage(game)
                if may_stop(s, figure, figure.pos):
                    t["last_stop"] = figure.pos
        elif kind == "end_turn":
            if pick.get("to") is not None:
                figure.pos = tuple(pick.get("to"))
            break
        elif kind == "leave":
            yield from end_move(game, figure, t)
            figure.pos = None
            figure.status = LEFT
            game.emit("leave", figure=figure.id, text=f"{figure.name} leaves the dungeon by the stairway.")
            break
        elif kind == "pass":
            t["bonus_attacks"] = t["bonus_cast"] = None
            continue
        elif kind == "equip":
            figure.flags["main"] = pick.get("weapon")
            weapon = item(game.content, pick.get("weapon"))
            game.emit("equip", figure=figure.id, text=f"{figure.name} takes up the {weapon.name}.")
        elif kind == "roll_move":
            yield from roll_move(game, figure, t)
        elif kind == "open_door":
            open_door(game, figure, pick.get("door"))
        elif kind == "drink":
            yield from drink(game, figure, pick.get("potion"))
        elif kind == "attack" and t["bonus_attacks"]:
            t["bonus_attacks"] = None
            yield from strike(game, figure, s.figures[pick.get("target")])
            magic.check_courage(game)
        elif kind == "cast" and t["bonus_cast"]:
            t["bonus_cast"] = None
            yield from magic.cast(game, figure, pick)
            magic.check_courage(game)
        elif kind == "use":
            relics.use(game, figure, pick)
        else:  # the action; taken after moving it ends the move
            t["acted"] = True
            if t["rolled"]:
                yield from end_move(game, figure, t)
            if figure.status != ALIVE:
                break
            ended = yield from action(game, figure, pick, t)
        if figure.body == 0:
            yield from rescue(game, figure, t)
        if check_end(game):
            return
        if ended:
            break
    if figure.status == ALIVE:
        yield from end_move(game, figure, t)
    if figure.flags.get("in_pit") == "hazard" and figure.flags.get("pit_round", 0) < s.round:
        figure.flags.pop("in_pit", None)
    if "in_pit" not in figure.flags:
        figure.flags.pop("pit_round", None)


def action(game: Game, figure: Figure, pick: Action, turn: dict[str, Any]) -> Procedure:
    """The turn's one action; True when it ends the turn."""
    s: State = game.state
    kind = pick.kind
    if kind == "attack":
        m = s.figures[pick.get("target")]
        w = weapon_of(figure, game.content)
        orc_blows = w.orc_attacks if w is not None and "orc" in game.content.monsters[m.kind].tags else 1
        brew = figure.flags.pop("brew", None)
        yield from strike(game, figure, m)
        figure.flags.pop("strength", None)
        if brew:
            turn["bonus_attacks"] = "any"
        elif orc_blows > 1:
            turn["bonus_attacks"] = "orcs"
        magic.check_courage(game)
        return False
    if kind == "cast":
        yield from magic.cast(game, figure, pick)
        magic.check_courage(game)
        if relics.second_spell(figure, pick.get("spell")):
            turn["bonus_cast"] = pick.get("spell")
        return False
    if kind == "search_treasure":
        return (yield from searching.search_treasure(game, figure))
    if kind == "search_traps":
        searching.search_traps(game, figure)
        return False
    if kind == "search_both":  # the 2021 variant: one action for both
        searching.search_traps(game, figure)
    if kind in ("search_secret_doors", "search_both"):
        searching.search_secret_doors(game, figure)
        reveal(game, figure.square)
        return False
    if kind == "disarm":
        which = "furniture" if pick.get("furniture") else "trap"
        ended = yield from traps.disarm(game, figure, which, pick.get(which))
        if figure.pos is not None:
            reveal(game, figure.pos)
        return ended
    raise ValueError(f"unknown hero action {kind}")
