"""The six quests' own actions and ends (§5.16, §7): leaving by an exit, deciphering the secret
door, talking the uncle out; who has won, checked after every action."""
from __future__ import annotations

from ...engine.game import Action, Game
from .acts import Steps, act, option
from .checks import test
from .items import beside, deed_beside
from .state import DEAD, ESCAPED, HERO, STANDING, Figure, State, key
from .terrain import Map

UNCLE = "uncle"
WORDS = 4  # the difficulty of deciphering the writing and of talking the uncle round (§7.4, §7.6)


def exit_open(m: Map, sq: object) -> bool:
    return m.board.symbol(sq) != "S" or m.s.secret.get(key(sq)) == "open"  # type: ignore[arg-type]


# The quests' deeds: what the heroes do to get on with the quest besides moving and fighting.
DEEDS = ("open_chest", "pick_lock", "decipher", "speech")


def deed_at_hand(m: Map, fig: Figure, gem: bool, leaving: bool) -> bool:
    """False when the figure can be offered none of the DEEDS now, nor, when `gem` is asked
    (the gem lies loose), to take an item, nor, when `leaving` is asked, to leave; True when one
    may be (its offers then say which).  Cheaper than making those offers, and read from
    the same tests they make: a figure down or in a web is offered none, a deed is done beside
    one of `deed_places` (their offers test that first), talking is `may_talk`."""
    # `standing` written out: asked at every companion's decision.  turns.offers: a webbed
    # figure may only free itself.
    if fig.pos is None or fig.status != STANDING or fig.webbed:
        return False
    return (gem or (leaving and fig.at in m.board.exit_squares) or may_talk(m, fig)
            or deed_beside(m, fig))


def leave_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if fig.side != HERO or not fig.standing or fig.webbed or fig.duel:
        return []
    if fig.at in m.board.exit_squares and exit_open(m, fig.at):
        return [option(seat, fig, "leave", "leave the catacombs for good")]
    return []


def decipher_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if fig.side != HERO or not fig.standing or fig.webbed or not deed_beside(m, fig):
        return []
    return [option(seat, fig, "decipher", "decipher the secret door (Intelligence against 4)", at=sq)
            for sq in beside(m, fig) if m.s.secret.get(key(sq)) == "closed"]


def may_talk(m: Map, fig: Figure) -> bool:
    """Whether the figure may try to talk the uncle into leaving (quest VI): a hero of the party
    standing free in a zone of his while he is on the board and has not yet joined."""
    s = m.s
    uncle = s.figures.get(UNCLE)
    if uncle is None or s.flags.get("uncle_joined") or not uncle.on_board or fig.id not in s.party:
        return False
    # `standing` written out: asked at every companion's decision while the uncle waits.
    return (fig.pos is not None and fig.status == STANDING and not fig.webbed
            and bool(set(m.board.zones_of(fig.at)) & set(m.board.zones_of(uncle.at))))


def speech_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if not may_talk(m, fig):
        return []
    uncle = m.s.figures[UNCLE]
    return [option(seat, fig, "speech", f"talk {uncle.name} into leaving (Charisma against 4)", target=UNCLE)]


@act("leave", 1, leave_offers)
def leave(game: Game, fig: Figure, action: Action) -> Steps:
    fig.status, fig.pos, fig.ap, fig.reserved = ESCAPED, None, 0, 0
    game.emit("escaped", figure=fig.id, text=f"{fig.name} leaves the catacombs.")
    yield from ()


@act("decipher", 2, decipher_offers)
def decipher(game: Game, fig: Figure, action: Action) -> Steps:
    result = yield from test(game, fig, "int", WORDS, "cat.quest.decipher", what="deciphering the secret door")
    if result.success:
        game.state.secret[key(action.get("at"))] = "open"
        game.emit("door", at=list(action.get("at")), state="open", text="The secret door swings open.")


@act("speech", 2, speech_offers)
def speech(game: Game, fig: Figure, action: Action) -> Steps:
    s: State = game.state
    uncle = s.figures[UNCLE]
    result = yield from test(game, fig, "cha", WORDS, "cat.quest.speech", what=f"persuading {uncle.name}")
    if not result.success:
        return
    s.flags["uncle_joined"] = True
    s.seat_of[UNCLE] = s.seat(fig)
    for k, state in s.doors.items():
        if state in ("closed", "locked") and k in s.flags.get("uncle_cell", []):
            s.doors[k] = "open"
    game.emit("uncle_joins", figure=UNCLE, text=f"{uncle.name} opens his cell and follows {fig.name}.")


def a_hero_stands(s: State) -> bool:
    """Whether a hero of the party stands (asked after every action)."""
    figures = s.figures  # `heroes` and `standing` read inline: a loop that stops at the first
    for hid in s.party:
        f = figures[hid]
        if f.status == STANDING and f.pos is not None:
            return True
    return False


def _escaped_with(s: State, item: str) -> bool:
    """Whether a hero of the party has escaped carrying the item (asked after every action)."""
    figures = s.figures
    for hid in s.party:
        f = figures[hid]
        if f.status == ESCAPED and item in f.items:
            return True
    return False


def objective_met(game: Game) -> str | None:
    """The words of the quest's objective when it has just been met."""
    s: State = game.state
    quest = game.content.quests[s.quest]
    kind, where = quest.objective, quest.objective_at
    if kind == "open_chest" and where is not None and s.chests.get(key(where)) == "open":
        return "the chest is open"
    if kind == "open_cell" and where is not None and s.doors.get(key(where)) in ("open", "broken"):
        return "the prisoner is free"
    if kind == "remove_leader" and any(f.has("leader") and not f.on_board for f in s.figures.values()
                                       if f.side != HERO):
        return "the Tomb King is destroyed"
    if kind == "all_escape" and all(f.status in (ESCAPED, DEAD) for f in s.heroes()) \
            and any(f.status == ESCAPED for f in s.heroes()):
        return "every living hero has escaped"
    if kind == "carry_gem_out" and _escaped_with(s, "treasure_gem"):
        return "the gem is carried out"
    if kind == "uncle_out" and UNCLE in s.figures and s.figures[UNCLE].status == ESCAPED:
        return "the uncle is out of the catacombs"
    return None


def check_end(game: Game) -> bool:
    """After every action (§5.16): the heroes' objective first, then the Master's wins."""
    s: State = game.state
    if s.result is not None:
        return True
    won = objective_met(game)
    if won:
        s.result = {"outcome": "victory", "why": won}
    elif UNCLE in s.figures and s.figures[UNCLE].status == DEAD:
        s.result = {"outcome": "defeat", "why": "the uncle is dead"}
    elif not a_hero_stands(s):
        s.result = {"outcome": "defeat", "why": "no hero is left standing in the catacombs"}
    return s.result is not None


def turn_limit(game: Game) -> int:
    quest = game.content.quests[game.state.quest]
    return int(quest.turn_limit or game.state.options.get("turn_limit", 20) or 0)
