"""The battle as one procedure (§3, §4): the roll-off and deployment, then game turns of two
side turns, each of rout test, rally, movement (charges, compulsory moves, other moves), magic,
shooting and close combat, with the checks that follow each phase; the scenario decides the end."""
from __future__ import annotations

from collections.abc import Iterable

from ...engine.dice import roll
from ...engine.game import Action, Decision, Game, Procedure
from .battle import field_of
from .charges import charge_phase
from .combat import close_combat_phase
from .deployment import deploy_squares, deployment_order, scout_squares
from .distance import distance
from .fleeing import flee_to_edge
from .magic import magic_phase
from .moves import Route
from .movement import can_hide, may_move, reach, reveal_seen, routes_to, run_snapshot, walk
from .objectives import (after_move, band_name, band_turn, carried_off, carrier, check_wipeout, end_of_game_turn,
                         end_of_side_turn, finish, role, scenario, search, search_actions, side_of_role)
from .phase_offers import model_choice
from .psychology import all_alone, panic_at_rally, panic_end_of_phase
from .rolls import ld_test, sk_roll
from .rout import rout_test
from .seeing import blockers
from .shooting import shooting_phase
from .square_offers import deploy_choice, move_choice
from .state import GONE, KNOCKED_DOWN, STUNNED, Model, Sq, State

def procedure(game: Game) -> Procedure:
    s: State = game.state
    if not game.resuming:
        yield from setup(game)
    while s.result is None:
        s.game_turn += 1
        game.emit("game_turn", turn=s.game_turn, text=f"Game turn {s.game_turn}.")
        for side in (s.first_side, 3 - s.first_side):
            yield from side_turn(game, side)
            if s.result is not None:
                break
        if s.result is None:
            end_of_game_turn(game)
        if s.result is None:
            game.checkpoint(s.game_turn)
    game.checkpoint(s.game_turn, resumable=False)
    return s.result


# -- setup ------------------------------------------------------------------------------------

def setup(game: Game) -> Procedure:
    s: State = game.state
    sc = scenario(game)
    if sc.first_turn:
        s.first_side = side_of_role(s, sc.first_turn)
    else:
        s.first_side = yield from roll_off(game)
    first = side_of_role(s, sc.deploy_first) if sc.deploy_first else 3 - s.first_side
    for scouts in (False, True):
        ids = {side: [m.id for m in s.side_models(side) if m.has("scout") == scouts] for side in (1, 2)}
        order = deployment_order(ids[first], ids[3 - first], all_first=bool(sc.deploy_first))
        yield from deploy(game, order)
    s.starting = {str(side): len(s.side_models(side)) for side in (1, 2)}
    yield from reveal_seen(game)


def roll_off(game: Game) -> Procedure:
    """sk.setup.roll_off: a D6 a side, ties rolled again; the winner's seat picks who goes first."""
    s: State = game.state
    while True:
        faces = yield from roll(game, 2, 6, "sk.setup.roll_off")
        winner = 1 if faces[0] > faces[1] else 2 if faces[1] > faces[0] else None
        # The warbands by name, as the players call them (not "side 1").
        sk_roll(game, "sk.setup.roll_off", list(faces), outcome=winner or "tie",
                text=f"Roll-off: {band_name(game, 1)} roll {faces[0]}, {band_name(game, 2)} roll {faces[1]}"
                     + (f"; {band_name(game, winner)} choose." if winner else "; again."))
        if winner is not None:
            break
    seat = s.seat(winner)
    choice = yield Decision(seat, "You won the roll-off: take the first turn or the second?", [
        Action.make(seat, "go_first", text="Take the first turn"),
        Action.make(seat, "go_second", text="Take the second turn")])
    return winner if choice.kind == "go_first" else 3 - winner


def deploy(game: Game, order: list[str]) -> Procedure:
    """Each model in turn on a square its seat picks (§3 steps 3-4)."""
    s: State = game.state
    for mid in order:
        model = s.models[mid]
        choice = yield deploy_choice(s.seat(model.side), model, deploy_squares_of(game, model))
        x, y = choice.get("at")
        model.pos = (x, y)
        game.emit("deploy", model=model.id, at=[x, y], text=f"{model.name} takes the field at {x},{y}.")


def deploy_squares_of(game: Game, model: Model) -> list[Sq]:
    s: State = game.state
    fld = field_of(game)
    taken = [m.pos for m in s.models.values() if m.pos is not None and m.status not in GONE]
    own = role(s, model.side)
    if not model.has("scout"):
        return deploy_squares(fld, own, taken)
    enemies = [e.at for e in s.on_table(3 - model.side)]
    return scout_squares(fld, own, taken, enemies, blockers(s))


# -- a side's turn ------------------------------------------------------------------------------

def phase(game: Game, name: str) -> None:
    s: State = game.state
    s.phase = name
    s.phase_no += 1
    s.fallen = []


def side_turn(game: Game, side: int) -> Procedure:
    s: State = game.state
    s.active = side
    s.side_turns += 1
    for m in s.models.values():
        m.new_turn()
    game.emit("side_turn", side=side, text=f"{band_turn(game, side)}.")
    phase(game, "rout")
    if not (yield from rout_test(game, side)):
        finish(game, 3 - side, f"{band_name(game, side)} rout")
        return
    phase(game, "rally")
    yield from rally_phase(game, side)
    phase(game, "charges")
    yield from charge_phase(game, side)
    if (holder := carrier(s)) is not None:  # a charge or an interception may end on its own edge
        carried_off(game, holder)
    if s.result is not None:
        return
    run_snapshot(s, side)
    phase(game, "compulsory")
    for m in s.side_models(side):
        if m.on_table and m.fleeing and not m.rallied:
            yield from flee_to_edge(game, m)
    check_wipeout(game)
    if s.result is not None:
        return
    phase(game, "movement")
    yield from movement_phase(game, side)
    if s.magic:
        phase(game, "magic")
        yield from magic_phase(game, side)
        yield from panic_end_of_phase(game)
    phase(game, "shooting")
    yield from shooting_and_searching(game, side)
    yield from panic_end_of_phase(game)
    if s.result is not None:
        return
    phase(game, "close_combat")
    yield from close_combat_phase(game)
    yield from all_alone(game, side)
    yield from panic_end_of_phase(game)
    end_of_side_turn(game, side)
    check_wipeout(game)


def rally_phase(game: Game, side: int) -> Procedure:
    """Fleeing models test to rally (none when an enemy is strictly nearest); stunned models
    become knocked down; models knocked down before may stand up or stay down."""
    s: State = game.state
    for m in s.side_models(side):
        if not (m.fleeing and m.on_table):  # fleeing first: the rarer, and a plain field
            continue
        if enemy_nearest(s, m):
            game.emit("note", model=m.id, text=f"{m.name} cannot rally with an enemy nearest.")
            continue
        if (yield from ld_test(game, "sk.rally.test", m, "to rally")):
            m.fleeing, m.rallied = False, True
            game.emit("rally", model=m.id, text=f"{m.name} rallies.")
    was_stunned = [m for m in s.side_models(side) if m.on_table and m.status == STUNNED]
    for m in was_stunned:
        m.status = KNOCKED_DOWN
        game.emit("recover", model=m.id, text=f"{m.name} comes round, still on the ground.")
    seat = s.seat(side)
    for m in s.side_models(side):
        if m.on_table and m.status == KNOCKED_DOWN and m not in was_stunned:
            choice = yield Decision(seat, f"{m.name} is on the ground", [
                Action.make(seat, "stand_up", text=f"{m.name} stands up", model=m.id),
                Action.make(seat, "stay_down", text=f"{m.name} stays down", model=m.id)], context={"figure": m.id})
            if choice.kind == "stand_up":
                m.status, m.stood_up = "standing", True
                game.emit("stand_up", model=m.id, text=f"{m.name} gets back on its feet.")
                yield from reveal_seen(game)
    yield from panic_at_rally(game, side)


def enemy_nearest(s: State, m: Model) -> bool:
    """§5.8: the nearest model (ignoring fleeing, down and hidden ones) is an enemy and no friend is as near."""
    others = [o for o in s.models.values() if o is not m and o.standing and not o.fleeing and not o.hidden]
    if not others:
        return False
    best = min(distance(o.at, m.at) for o in others)
    near = [o for o in others if distance(o.at, m.at) == best]
    return all(o.side != m.side for o in near)


def movement_phase(game: Game, side: int) -> Procedure:
    """Other moves: the side picks a model, then where it goes (walk, run, climb or crawl), and
    whether it hides; until it ends the phase."""
    s: State = game.state
    seat = s.seat(side)
    done: list[str] = []
    end = Action.make(seat, "end_movement", text="End the movement phase")

    def offers(m: Model, kind: str | None) -> list[Action]:
        # Built as Action.make would build them (one plain argument): asked at every step.
        out = []
        if kind in (None, "move_model") and may_move(game, m):
            out.append(Action.sorted_plain(seat, "move_model", f"Move {m.name}", (("model", m.id),)))
        if kind in (None, "hide") and not m.moved and can_hide(game, m):
            out.append(Action.sorted_plain(seat, "hide", f"{m.name} hides where it stands", (("model", m.id),)))
        return out

    while s.result is None:
        models = [m for m in s.models.values()
                  if m.side == side and m.pos is not None and m.status not in GONE and m.id not in done]
        decision = model_choice(seat, "Movement: choose a model to move", models, offers, end,
                                {"phase": "movement"}, ("move_model", "hide"))
        if decision is None:
            return
        choice = yield decision
        if choice.kind == "end_movement":
            return
        m = s.models[choice.get("model")]
        done.append(m.id)
        if choice.kind == "hide":
            hide(game, m)
            continue
        yield from move_one(game, m)


def move_one(game: Game, m: Model) -> Procedure:
    s: State = game.state
    seat = s.seat(m.side)
    found = reach(game, m)
    made: dict[Sq, Route] = {}  # the routes the offers were read from: the one taken is walked

    def routes(squares: Iterable[Sq] | None) -> dict[Sq, Route]:
        got = routes_to(game, m, found, squares)
        made.update(got)
        return got
    choice = yield move_choice(seat, m, found, routes)
    if choice.kind == "stay":
        return
    to = tuple(choice.get("to"))
    route = made.get(to) or routes_to(game, m, found, [to])[to]
    yield from walk(game, m, route, "crawls" if m.down else "moves")
    after_move(game, m)
    if s.result is None and m.on_table and can_hide(game, m):
        again = yield Decision(seat, f"Does {m.name} hide here?", [
            Action.make(seat, "hide", text=f"{m.name} hides", model=m.id),
            Action.make(seat, "stay_seen", text=f"{m.name} does not hide", model=m.id)], context={"figure": m.id})
        if again.kind == "hide":
            hide(game, m)


def hide(game: Game, m: Model) -> None:
    m.hidden = True
    game.emit("hide", model=m.id, text=f"{m.name} hides.")


def shooting_and_searching(game: Game, side: int) -> Procedure:
    """The shooting phase; in the barrow, a model may search a sarcophagus instead of shooting."""
    s: State = game.state
    seat = s.seat(side)
    while s.result is None:
        searches = search_actions(game, side, seat)
        if not searches:
            break
        stop = Action.make(seat, "end_searching", text="No more searching")
        choice = yield Decision(seat, "Search a sarcophagus?", [*searches, stop], context={"phase": "shooting"})
        if choice.kind == "end_searching":
            break
        yield from search(game, s.models[choice.get("model")], choice.get("objective"))
    yield from shooting_phase(game, side)
