"""The dungeon deck and the Exploration Phase: drawing sections and laying them (2.7, 5.7)."""
from __future__ import annotations

from typing import Any

from ...engine.dice import natural_test, roll, roll_event, shuffled
from ...engine.game import Action, Decision, Game, Procedure
from ...engine.grid import chebyshev
from . import board
from .events import unexpected
from .sight import order
from .state import Doorway, State

SIDES = {"N": "north", "E": "east", "S": "south", "W": "west"}  # a doorway as the player names it



def build_deck(game: Game, objective: str) -> Procedure:
    """Setup 5: 18 others shuffled; 6 dealt and the objective shuffled in; 6 more on top."""
    s: State = game.state
    c = game.content
    others: list[str] = []
    for cid in sorted(c.cards):
        card = c.cards[cid]
        if card.kind != "objective":
            others.extend([cid] * card.copies)
    order = yield from shuffled(game, others, "whq.setup.dungeon")
    top, bottom, rest = order[:6], order[6:12], order[12:]
    bottom = yield from shuffled(game, [*bottom, objective], "whq.setup.dungeon")
    s.piles["main"] = top + bottom
    s.set_aside = rest


def split_pile(pile: list[str]) -> tuple[list[str], list[str]]:
    """Deal from the bottom, alternately right then left, each pile keeping its order."""
    n = len(pile)
    right = [pile[i] for i in range(n) if (n - 1 - i) % 2 == 0]
    left = [pile[i] for i in range(n) if (n - 1 - i) % 2 == 1]
    return left, right


def new_pile(state: State, cards: list[str]) -> str:
    pid = f"p{len(state.piles)}"
    state.piles[pid] = cards
    return pid


def laid(tpl: Any, option: str | None, layout: board.Layout) -> dict[str, Any]:
    """The squares a way of laying a template covers (with their terrain) and its exit squares."""
    exits = [sq for spec in (tpl.exits.get(option, []) if option else []) for sq in layout.door(spec)[0]]
    return {"squares": [[x, y, t] for (x, y), t in layout.squares()], "exits": [list(sq) for sq in exits]}


def lay_card(game: Game, card_id: str, came_from: Doorway | None, pile: str | None, seat: str | None) -> Procedure:
    """Lay a drawn card at a doorway (or at the origin for the entrance); returns the section."""
    s: State = game.state
    c = game.content
    card = c.cards[card_id]
    tpl = c.templates[card.template]
    rest = s.piles.get(pile, []) if pile else []
    if card.junction:
        left, right = split_pile(rest)
        if pile:
            s.piles[pile] = []
        piles: dict[str, str | None] = {"0": new_pile(s, left), "1": new_pile(s, right)}
    else:
        piles = {"0": pile}
    names = sorted(tpl.exits) or [None]
    layouts: list[tuple[str | None, board.Layout]] = []
    for name in names:
        mirrored = name in tpl.mirror_options
        if came_from is None:
            lay = board.Layout(tpl, "E", mirrored, (0, -min(y for _, y in tpl.entry.squares)))
        else:
            lay = board.fit(tpl, came_from.squares, came_from.side, mirrored)
        if came_from is None or not board.overlaps(lay, s.grid):
            layouts.append((name, lay))
    if not layouts:
        name = names[0]
        lay = board.portal_layout(tpl, s.grid)
        game.emit("info", text=f"The {card.name} does not fit; it is laid apart, its doorway linked by a portal.")
        layouts = [(name, lay)]
    choice = layouts[0]
    if len(layouts) > 1 and seat is not None:
        opts = [Action.make(seat, "lay", text=f"lay the {card.name}: {name}", option=name) for name, _ in layouts]
        # What each way would lay, so the screen can show it before the choice is made (made
        # only for someone to see: see Game.unseen).
        lays = {} if game.unseen else {name: laid(tpl, name, lay) for name, lay in layouts}
        pick = yield Decision(seat, f"How is the {card.name} laid?", opts, context={"card": card_id, "lays": lays})
        choice = next(lay for lay in layouts if lay[0] == pick.get("option"))
    section = board.lay_section(s, card_id, card, tpl, choice[0], choice[1], came_from, piles)
    if card.kind == "objective":
        s.objective_section = section.id
    game.emit("explore", section=section.id, card=card_id, text=f"The {card.name} is revealed.")
    return section


def explorable(state: State) -> list[Doorway]:
    """Unexplored doorways of the lantern bearer's section that he stands in."""
    leader = state.figures.get(state.lantern)
    if leader is None or not leader.active:
        return []
    sid = state.section_of(leader.pos)
    if sid is None or any(state.section_of(m.pos) == sid for m in state.monsters()):
        return []
    out = []
    for did in state.sections[sid].doorways:
        d = state.doorways[did]
        if d.state == "unexplored" and leader.pos in d.squares:
            out.append(d)
    return out


def no_exploration(state: State, content: Any) -> str | None:
    """Why the lantern bearer cannot open a doorway now, for the log (None: nothing to say, as
    when the lantern has no bearer on the board)."""
    leader = state.figures.get(state.lantern)
    if leader is None or not leader.active:
        return None
    sid = state.section_at(leader.pos)
    here = content.cards[state.sections[sid].card].name
    if any(state.section_of(m.pos) == sid for m in state.monsters()):
        return None  # a fight: nobody expects a door to be opened
    ways = [state.doorways[did] for did in state.sections[sid].doorways]
    if not any(d.state == "unexplored" for d in ways):
        if any(d.state == "unexplored" for d in state.doorways.values()):
            return f"the {here} has no unexplored doorway; the {leader.name} must carry the lantern to one"
        return None
    return f"the {leader.name}, with the lantern, is not standing on an unexplored doorway of the {here}"


def can_dig(state: State) -> bool:
    """D19: with no way on left and the objective still in the deck, the leader may dig out a
    cave-in from outside, beside its doorway, when no monster is on the board."""
    cave = state.adv.get("cave_in")
    leader = state.figures.get(state.lantern)
    if not cave or leader is None or not leader.active or state.objective_section or state.monsters():
        return False
    sec = state.sections[cave["section"]]
    if state.section_of(leader.pos) == sec.id:
        return False
    near = state.grid.distances(leader.square)
    if any(q in near for d in state.doorways.values() if d.state == "unexplored" for q in d.squares):
        return False
    entry = state.doorways[sec.doorways[0]]
    return any(chebyshev(leader.square, q) <= 1 for q in entry.squares)


def dig(game: Game) -> Procedure:
    s: State = game.state
    (face,) = yield from roll(game, 1, 6, "whq.event.cave_in_dig")
    ok = natural_test(face, face, 4)
    roll_event(game, "whq.event.cave_in_dig", "1d6", [face], target=4, outcome="pass" if ok else "fail",
               text="The rubble gives way: the passage is open again." if ok else "The digging disturbs something!")
    if not ok:
        yield from unexpected(game, order(s, game.content))
        return
    sec = s.sections[s.adv.pop("cave_in")["section"]]
    sec.caved_in, sec.kind, sec.event_done = False, "corridor", True
    for did in sec.doorways:
        if s.doorways[did].state == "sealed":
            s.doorways[did].state = "unexplored"


def exploration_phase(game: Game) -> Procedure:
    s: State = game.state
    doors = explorable(s)
    if can_dig(s):
        seat = s.seat_of[s.lantern]
        pick = yield Decision(seat, "Dig through the cave-in?", [
            Action.make(seat, "dig", text="dig through the rubble"), Action.make(seat, "pass", text="leave it")])
        if pick.kind == "dig":
            yield from dig(game)
            return
    if not doors:
        why = no_exploration(s, game.content)
        if why and s.news("exploration", why):
            game.emit("info", text=f"No exploration this turn: {why}.")
        return
    seat = s.seat_of[s.lantern]
    opts = [Action.make(seat, "explore", text=f"explore the {SIDES[d.side]} doorway of the "
                                              f"{game.content.cards[s.sections[d.section].card].name}", door=d.id)
            for d in doors]
    opts.append(Action.make(seat, "pass", text="do not explore this turn"))
    pick = yield Decision(seat, "Exploration: open a new doorway?", opts)
    if pick.kind != "explore":
        return
    door = s.doorways[pick.get("door")]
    pile = s.piles.get(door.pile or "", [])
    if not pile:
        door.state = "dead_end"
        game.emit("info", text="The passage ends in bare rock: a dead end.")
        return
    card_id = pile.pop(0)
    yield from lay_card(game, card_id, door, door.pile, seat)
