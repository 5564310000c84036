"""Every AI decision's reason reads as plain English (issue 16): over a few hundred decisions
per game, with the AI on every seat, no reason holds a snake_case word, a script's call syntax
(`attack(that_hero, sword)`), an arrow, a figure's internal id or a tactics script's name; the
dungeon's reasons name the figures they are about.  The same seed gives the same reasons."""
from __future__ import annotations

import re

import pytest

from dungeon_tui.rulesets import get

SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
CALL = re.compile(r"\w\(|->")
# An id as a card copy (legion_devil#2), a figure list (=l3), a deck tile (w07) or a figure
# numbered the engine's way (m11).
ID = re.compile(r"#\d|=[a-z]\d|\b[a-z]\d+\b")

# game: (setups as (options, seed), AI decisions per setup, at most: a game may end sooner)
GAMES = {
    "warhammer-quest": ([({"adventure": "fp6"}, 1), ({"adventure": "fp5"}, 2), ({"adventure": "fc4"}, 3)], 150),
    "heroquest": ([({"adventure": "the_trial"}, 1), ({"adventure": "rescue_of_sir_ragnar"}, 2),
                   ({"adventure": "warlocks_cellar"}, 3)], 400),
    # Wrath of Ashardalon's games are short: every adventure, for its monsters, villains,
    # villagers, traps and hazards.
    "ashardalon": ([({"adventure": a}, seed) for seed, a in enumerate(
        ["a_day_in_the_life", "monster_hunt", "the_mysterious_chamber", "the_closed_doors", "free_the_captives",
         "sneaky_endeavor", "the_wrath_of_ashardalon"], start=1)], 150),
}


def reasons(game_id: str) -> list[tuple[str, str, list[str]]]:
    """(seat, why, the figures' ids at the time) for every AI decision that is not a die or a card."""
    setups, decisions = GAMES[game_id]
    rs = get(game_id)
    out = []
    for options, seed in setups:
        game = rs.new_game(options, seed)
        ai = rs.ai_controllers()
        start = len(out)
        while game.pending is not None and len(out) - start < decisions:
            d = game.pending
            action, why = (ai.get(d.seat) or ai["*"]).choose(game, d)
            if d.chance is None:
                # The figures' ids, and the tactics scripts' names (as words too: "default melee").
                ids = [f.id for f in game.state.figures.values() if f.id != f.name]
                ids += [n for name in getattr(game.content, "scripts", None) or game.content.tactics
                        for n in (name, name.replace("_", " "))]
                out.append((d.seat, why, ids))
            game.play(action, why)
    return out


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_ai_reason_reads_as_words(game_id):
    said = reasons(game_id)
    dungeon = [why for seat, why, _ in said if seat == "dungeon"]
    assert len(said) > 300 and len(dungeon) > 50  # a real amount of play, the dungeon's turns among it
    bad = [why for _, why, _ in said if not why or SNAKE.search(why) or CALL.search(why) or ID.search(why)]
    bad += [why for _, why, ids in said for fid in ids if re.search(rf"\b{re.escape(fid)}\b", why)]
    assert bad == []
    # The dungeon's reasons name whom they are about: a hero, or a monster by its name.
    named = [why for why in dungeon if re.search(r"\b[A-Z][a-z]+", why)]
    assert len(named) > len(dungeon) // 2


def test_the_same_seed_gives_the_same_reasons():
    assert reasons("ashardalon")[:150] == reasons("ashardalon")[:150]
