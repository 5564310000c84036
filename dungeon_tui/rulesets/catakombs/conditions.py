"""Conditions at the start of a side's turn (§4 B1/C2, §5.12): blessings run out, regeneration,
fire, poison, action points less stun, the fear test; and breaking free of a web."""
from __future__ import annotations

from ...engine.dice import roll_event
from ...engine.game import Action, Game
from .acts import Steps, act, option
from .checks import test
from .damage import heal, lose_pv
from .dice import d6
from .state import DOWNED, HERO, MASTER, STANDING, Figure, State
from .terrain import Map, visible


def side_figures(s: State, side: str) -> list[Figure]:
    """A side's figures on the board in their order: the party (the uncle last), or the roster."""
    if side == HERO:
        return [f for f in s.figures.values() if f.side == HERO and f.on_board]
    return s.master_figures()


def burn(game: Game, fig: Figure, damage: bool = True) -> Steps:
    """Fire: 1D6 PV (unless event 2 already burned it this turn), then 4-6 keeps it burning."""
    if damage:
        (pip,) = yield from d6(game, 1, "cat.fire.burn")
        roll_event(game, "cat.fire.burn", "1d6", [pip], outcome=pip, text=f"{fig.name} burns for {pip} PV.")
        yield from lose_pv(game, fig, pip, "fire")
    if not fig.standing:
        return
    (pip,) = yield from d6(game, 1, "cat.fire.continue")
    fig.burning = pip >= 4
    roll_event(game, "cat.fire.continue", "1d6", [pip], target=4, outcome="success" if fig.burning else "fail",
               text=f"{pip}: the flames on {fig.name} " + ("burn on." if fig.burning else "go out."))


def fearsome(s: State, side: str) -> list[Figure]:
    """The standing enemies of a side that cause fear and can be seen, in the state's order:
    the same for each of its figures through its upkeep (which changes none of them)."""
    other = MASTER if side == HERO else HERO
    return [e for e in s.figures.values() if e.side == other and e.has("fear") and e.standing and visible(e)]


def fear_test(game: Game, fig: Figure, fearsome: list[Figure], m: Map) -> Steps:
    """Tested once against the highest fear among the `fearsome` enemies it sees (terrain
    LOS, on `m`, a map of the upkeep: its sight reads only the ground, which no upkeep changes)."""
    if not fearsome:
        return
    levels = [e.level("fear") for e in fearsome if m.sees(fig.at, e.at)]
    if not levels:
        return
    dice = 0 if fig.has("fearful") else None
    result = yield from test(game, fig, "wil", max(levels), "cat.fear.test", dice=dice, what="facing fear")
    if not result.success:
        fig.feared = True
        fig.ap = max(0, fig.ap - 1)
        game.emit("afraid", figure=fig.id, text=f"{fig.name} is afraid: 1 AP less this turn.")


def upkeep(game: Game, side: str) -> Steps:
    s: State = game.state
    feared = fearsome(s, side)
    # One map for every fear test of the upkeep, made only when an enemy causes fear (most
    # quests' upkeeps meet none): the tests read the sight of the ground alone.
    m = Map(game) if feared else None
    for fig in side_figures(s, side):
        if fig.joining:  # the rats that walked in last turn count from now (§5.13)
            fig.rats, fig.pv, fig.joining = fig.rats + fig.joining, fig.pv + 3 * fig.joining, 0
        fig.attackers = []
        fig.feared = False
        if side == HERO:
            fig.blessed = 0
        if fig.status == DOWNED or (fig.side == HERO and fig.id not in s.party and not s.flags.get("uncle_joined")):
            fig.ap = 0  # the downed, and the uncle until he is talked into joining (quest VI)
            continue
        if fig.has("regeneration") and fig.pv < fig.max_pv:
            n = fig.level("regeneration")
            pips = yield from d6(game, n, "cat.regen")
            roll_event(game, "cat.regen", f"{n}d6", list(pips), outcome=sum(pips),
                       text=f"{fig.name} regenerates {sum(pips)} PV.")
            heal(game, fig, sum(pips), "Regeneration")
        if fig.burning:
            yield from burn(game, fig, damage=not fig.fire_rolled)
        fig.fire_rolled = False
        if fig.poisoned and fig.on_board:
            (pip,) = yield from d6(game, 1, "cat.poison.damage")
            roll_event(game, "cat.poison.damage", "1d6", [pip], outcome=pip, text=f"Poison: {fig.name} loses {pip} PV.")
            yield from lose_pv(game, fig, pip, "poison")
        if fig.pos is None or fig.status != STANDING:  # `standing` written out: every figure, every upkeep
            continue
        fig.ap = max(0, fig.stats["ap"] - fig.stun)
        fig.stun = 0
        if m is not None:
            yield from fear_test(game, fig, feared, m)


def free_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if not fig.standing or not fig.webbed:
        return []
    return [option(seat, fig, "free_self", f"break free of the web (Strength against {fig.webbed})")]


@act("free_self", 1, free_offers)
def free_self(game: Game, fig: Figure, action: Action) -> Steps:
    result = yield from test(game, fig, "str", fig.webbed, "cat.web.break", what="breaking the web")
    if result.success:
        fig.webbed = 0
        game.emit("freed", figure=fig.id, text=f"{fig.name} breaks free.")
