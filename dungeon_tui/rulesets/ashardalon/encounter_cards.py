"""What each encounter card does (spec §2.5, §5.7, §5.8), registered by id in
`encounters.ENCOUNTERS`: curses and environments stay in play (the rules read them where they
bite), hazards and traps become markers that act in the villain phase, event-attacks strike
the heroes they name, and each event does its own thing.  Every effect returns whether
another card is drawn.  None is chosen by a player: the draw brings it, so each offer is `never`."""
from __future__ import annotations

from collections.abc import Callable

from ...engine.effects import never
from ...engine.game import Game, Procedure
from . import board, combat, decks
from .arrivals import drop_treasure_token
from .choosing import closest_edge_cell, fixed_order, reading
from .dungeon import Ctx, move_tiles
from .encounters import (
    ENCOUNTERS,
    blast_away,
    bottom_tile_near,
    choose,
    event_attack,
    new_monster_on,
    pass_cards,
    place_marker,
    sentries_advance,
    sift_monsters,
    thief,
)
from .geometry import cell_of
from .state import Figure, State



Effect = Callable[[Game, str, Figure], Procedure]


def card_effect(*cards: str) -> Callable[[Effect], Effect]:
    return ENCOUNTERS(*cards, offer=never)


def _done(game: Game, card: str) -> bool:
    """An event or event-attack goes to the discards once resolved."""
    decks.discard(game.state, "encounter", card)
    return bool(game.content.encounters[card].draw_another)


# -- curses and environments -------------------------------------------------------------------------

def _lay_curse(game: Game, card: str, h: Figure) -> bool:
    """The curse goes on the active hero; returns False when it cannot (he has it, or is away)."""
    s: State = game.state
    if card in h.curses or not h.on_board:  # an off-board hero is not affected (FAQ)
        decks.discard(s, "encounter", card)
        return False
    h.curses.append(card)
    game.emit("curse", hero=h.id, card=card, text=f"{h.name} is cursed: {game.content.encounters[card].name}.")
    return True


@card_effect("gap_in_the_armor", "bad_luck", "bloodlust", "cage", "dragon_fear", "terrifying_roar",
             "wrath_of_the_enemy")
def _curse(game: Game, card: str, hero: Figure) -> Procedure:
    _lay_curse(game, card, hero)
    yield from ()
    return False


@card_effect("time_leap")
def _time_leap(game: Game, card: str, hero: Figure) -> Procedure:
    """The cursed hero leaves the board until his next turn; a monster may take his square."""
    if _lay_curse(game, card, hero):
        hero.flags["leap_square"] = list(hero.at)
        hero.lifted = True
        game.emit("lifted", hero=hero.id, text=f"{hero.name} vanishes from the board until his next turn.")
    yield from ()
    return False


@card_effect("dragons_tribute", "hidden_snipers", "high_alert", "kobold_trappers", "surrounded", "walls_of_magma")
def _environment(game: Game, card: str, hero: Figure) -> Procedure:
    s: State = game.state
    if s.environment is not None:
        decks.discard(s, "encounter", s.environment)
    s.environment = card
    name = game.content.encounters[card].name
    stop = "" if name.endswith(("!", "?", ".")) else "."  # "Surrounded!" ends its own sentence
    game.emit("environment", card=card, text=f"The environment is now {name}{stop}")
    yield from ()
    return False


# -- hazards and traps -----------------------------------------------------------------------------

@card_effect("cave_in", "pit", "volcanic_vapors", "poisoned_dart_trap", "rolling_boulder", "whirling_blades")
def _marker(game: Game, card: str, hero: Figure) -> Procedure:
    yield from ()
    return place_marker(game, card, hero)


@card_effect("lava_flow")
def _lava_flow(game: Game, card: str, hero: Figure) -> Procedure:
    """Its marker is the first lava marker too; each activation adds one (dungeon)."""
    again = place_marker(game, card, hero)
    marker = game.state.markers.get(card)
    if marker is not None:
        marker["lava"] = [{"at": list(marker["at"])}]
    yield from ()
    return again


# -- event-attacks --------------------------------------------------------------------------------

@card_effect("bulls_eye", "deep_tremor", "earthquake", "fungal_bloom", "phalagars_lair", "poisoned_arrow",
             "steam_vent", "sulphurous_cloud", "volcanic_burst", "waking_dream")
def _attack(game: Game, card: str, hero: Figure) -> Procedure:
    yield from event_attack(game, card, hero)
    return _done(game, card)


@card_effect("lurkers_strike")
def _lurkers_strike(game: Game, card: str, hero: Figure) -> Procedure:
    yield from event_attack(game, card, hero)
    yield from new_monster_on(game, cell_of(hero.at) if hero.on_board else None)
    return _done(game, card)


@card_effect("trip_wire")
def _trip_wire(game: Game, card: str, hero: Figure) -> Procedure:
    yield from event_attack(game, card, hero)
    cell = yield from closest_edge_cell(game, hero)
    yield from new_monster_on(game, cell)
    return _done(game, card)


@card_effect("concussive_blast")
def _concussive_blast(game: Game, card: str, hero: Figure) -> Procedure:
    victims = yield from event_attack(game, card, hero)
    yield from blast_away(game, [v for v in victims if v.on_board])
    return _done(game, card)


@card_effect("blinding_bomb")
def _blinding_bomb(game: Game, card: str, hero: Figure) -> Procedure:
    yield from event_attack(game, card, hero)
    yield from sentries_advance(game)
    return _done(game, card)


# -- events ---------------------------------------------------------------------------------------

@card_effect("unbearable_heat")
def _unbearable_heat(game: Game, card: str, hero: Figure) -> Procedure:
    e = game.content.encounters[card]
    for o in board.standing_heroes(game.state):
        yield from combat.hurt(game, o, e.damage, e.name)
    return _done(game, card)


@card_effect("deadly_poison")
def _deadly_poison(game: Game, card: str, hero: Figure) -> Procedure:
    e = game.content.encounters[card]
    for o in board.standing_heroes(game.state):
        if "poisoned" in o.conditions:
            yield from combat.hurt(game, o, e.damage, e.name)
    return _done(game, card)


@card_effect("duergar_outpost", "hall_of_the_orcs", "kobold_warren", "unnatural_corruption")
def _sift(game: Game, card: str, hero: Figure) -> Procedure:
    """Monsters of the card's keyword go back on top of the monster deck."""
    e = game.content.encounters[card]
    yield from sift_monsters(game, e.monster_keyword, e.name)
    return _done(game, card)


@card_effect("spotted")
def _spotted(game: Game, card: str, hero: Figure) -> Procedure:
    e = game.content.encounters[card]
    yield from sift_monsters(game, e.monster_keyword, e.name)
    if hero.on_board:
        yield from bottom_tile_near(game, hero)
    return _done(game, card)


@card_effect("frenzied_leap")
def _frenzied_leap(game: Game, card: str, hero: Figure) -> Procedure:
    e = game.content.encounters[card]
    if not hero.on_board:
        yield from new_monster_on(game, None)
    elif any(board.same_tile(hero, m) for m in game.state.foes()):
        yield from combat.hurt(game, hero, e.damage, e.name)
    else:
        cell = yield from closest_edge_cell(game, hero)
        yield from new_monster_on(game, cell)
    return _done(game, card)


@card_effect("wandering_monster")
def _wandering_monster(game: Game, card: str, hero: Figure) -> Procedure:
    s: State = game.state
    lay = board.lay(s)
    cells = reading({cl for cl, _ in lay.unexplored_edges()})
    if not cells and hero.on_board:
        cells = [cell_of(hero.at)]
    cell = yield from choose(game, "wander", "Wandering Monster: on which tile does it appear?", cells,
                             lambda cl: f"On {board.tile_label(s, cl)}")
    yield from new_monster_on(game, cell)
    return _done(game, card)


@card_effect("hidden_treasure")
def _hidden_treasure(game: Game, card: str, hero: Figure) -> Procedure:
    s: State = game.state
    empty = [cl for cl in reading(board.lay(s).cell_tile)
             if not any(o.on_board and cl in board.cells_of(o) for o in s.heroes())]
    cell = yield from choose(game, "hide", "Hidden Treasure: on which tile does the token go?", empty,
                             lambda cl: f"On {board.tile_label(s, cl)}")
    if cell is not None:
        drop_treasure_token(game, cell)
    return _done(game, card)


@card_effect("lost")
def _lost(game: Game, card: str, hero: Figure) -> Procedure:
    s: State = game.state
    if s.decks.get("dungeon"):
        s.decks["dungeon"].insert(0, s.decks["dungeon"].pop())
        game.emit("lost", text="The bottom dungeon tile moves to the top of the stack.")
    yield from ()
    return _done(game, card)


@card_effect("occupied_lair")
def _occupied_lair(game: Game, card: str, hero: Figure) -> Procedure:
    if hero.on_board:
        _, cell = yield from bottom_tile_near(game, hero)
        if cell is not None:
            drop_treasure_token(game, cell)
    return _done(game, card)


@card_effect("scream_of_the_sentry")
def _scream_of_the_sentry(game: Game, card: str, hero: Figure) -> Procedure:
    s: State = game.state
    foes = s.foes()  # a villain is a monster too (FAQ)
    m = yield from choose(game, "scream", "Scream of the Sentry: near which monster?", foes,
                          lambda m: f"{board.called(s, m)} on {board.tile_label(s, cell_of(m.pos))}")
    if m is not None:
        yield from bottom_tile_near(game, m)
    return _done(game, card)


@card_effect("quick_advance")
def _quick_advance(game: Game, card: str, hero: Figure) -> Procedure:
    s: State = game.state
    far = [m for m in s.foes() if not any(o.on_board and board.same_tile(m, o) for o in s.heroes())]
    if far and hero.on_board:
        m = yield from choose(game, "advance", "Quick Advance: which monster closes in?", far,
                              lambda m: f"{board.called(s, m)} on {board.tile_label(s, cell_of(m.pos))}")
        yield from move_tiles(game, Ctx(game, m, {}, pool=[hero]), "closest_hero", 1)
    return _done(game, card)


@card_effect("revel_in_destruction")
def _revel_in_destruction(game: Game, card: str, hero: Figure) -> Procedure:
    s: State = game.state
    hurt = [m for m in s.foes() if m.hp < m.max_hp]
    m = yield from choose(game, "revel", "Revel in Destruction: which monster heals?", hurt,
                          lambda m: board.called(s, m, f"{m.hp}/{m.max_hp} HP"))
    if m is not None:
        m.hp += 1
        game.emit("heal", figure=m.id, text=f"{m.name} regains 1 HP ({m.hp}/{m.max_hp}).")
    return _done(game, card)


@card_effect("thief_in_the_dark")
def _thief_in_the_dark(game: Game, card: str, h: Figure) -> Procedure:
    if h.on_board:  # an absent hero is not affected (FAQ)
        yield from thief(game, h)
    return _done(game, card)


@card_effect("warp_in_time")
def _warp_in_time(game: Game, card: str, hero: Figure) -> Procedure:
    yield from pass_cards(game, list(game.state.party))
    return _done(game, card)


@card_effect("ancient_spirits_blessing")
def _ancient_spirits_blessing(game: Game, card: str, hero: Figure) -> Procedure:
    s: State = game.state
    c = game.content
    spent = [(o, p) for o in fixed_order(s, s.heroes()) for p, up in o.powers.items()
             if not up and c.powers[p].type == "daily"]
    got = yield from choose(game, "bless", "Ancient Spirit's Blessing: which daily power is ready again?", spent,
                            lambda op: f"{op[0].name}: {c.powers[op[1]].name}")
    if got is not None:
        o, p = got
        o.powers[p] = True
        game.emit("power", hero=o.id, text=f"{o.name}'s {c.powers[p].name} is ready again.")
    return _done(game, card)
