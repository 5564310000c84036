"""HeroQuest as the player meets it on the screen: where enter walks, what a hero sees and can
strike, the names and words of every text, what a sheet lists, what the cards say."""
from __future__ import annotations

from hq_scenario import trial

from dungeon_tui.rulesets.heroquest import board
from dungeon_tui.rulesets.heroquest.content import load_content
from dungeon_tui.rulesets.heroquest.heroes import routes


class Table:
    """A game as far as the presenter's rule helpers read one: a state and its content."""

    def __init__(self, state):
        self.state, self.content = state, load_content()


def test_a_walk_reaches_a_corridor_square_seen_through_an_open_door():
    # The Warlock's Cellar: the Barbarian stands in room T's doorway (d4), the door open.  He
    # sees 12,12 along the corridor past the orc at 12,13; the way there runs through 13,12,
    # which he cannot see from where he stands.
    s = trial({"barbarian": (14, 14)}, open_doors=["d4"], quest="warlocks_cellar")
    assert board.revealed(s, (12, 12)) and not board.revealed(s, (13, 12))
    assert s.at((12, 13)) is not None and s.at((12, 13)).kind == "orc"
    walks = routes(Table(s), s.figures["barbarian"], 6)
    assert walks[(12, 12)] == [(13, 14), (13, 13), (13, 12), (12, 12)]
    assert walks[(11, 12)][-2:] == [(12, 12), (11, 12)]
    assert (13, 12) not in walks  # a walk ends only where he has seen
    assert (12, 13) not in walks  # nor on the orc
    assert len(routes(Table(s), s.figures["barbarian"], 3)) < len(walks) and (12, 12) not in \
        routes(Table(s), s.figures["barbarian"], 3)


# -- names and words ------------------------------------------------------------------------------
import re  # noqa: E402

from dungeon_tui.ai.controllers import mixed_controllers  # noqa: E402
from dungeon_tui.engine.game import CHANCE, DUNGEON  # noqa: E402
from dungeon_tui.rulesets.heroquest.game import GAME  # noqa: E402
from dungeon_tui.rulesets.heroquest.presenter import PRESENTER  # noqa: E402
from dungeon_tui.engine.words import a, counted  # noqa: E402
from dungeon_tui.rulesets.heroquest.words import tally  # noqa: E402

# What an id looks like: snake_case words, figure/door/trap ids (m23, x5, d8, s1, t1), a hero or
# monster kind in lower case, a rule id.
ID = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[mxdst]\d+\b|\b(barbarian|dwarf|elf|wizard|orc|goblin|fimir|skeleton|zombie|"
                r"mummy|gargoyle)\b|\bhq\.[a-z]")


def texts_of_a_game(quest: str, seed: int, most: int) -> list[str]:
    """Every option text, prompt, event text and panel line a player could read in one game
    (the chance seat's own prompts are the engine's: not the game's words)."""
    game = GAME.new_game({"adventure": quest}, seed)
    players = mixed_controllers(GAME, seed)
    out: list[str] = []
    while not game.over and len(game.decisions) < most:
        d = game.pending
        if d.seat != CHANCE:
            out.append(d.prompt)
            out += [o.text for o in d.options]
            hero = PRESENTER.hero_of(game, d)
            for seat in (d.seat, DUNGEON):
                out += [PRESENTER.status(game, seat), *PRESENTER.party(game, seat)]
                if hero:
                    out.append(PRESENTER.sheet(game, seat, hero))
                    out += [c.label + " " + c.text for c in PRESENTER.hand(game, seat, hero)]
                    figure = game.state.figures[hero]
                    if figure.pos is not None:
                        out.append(PRESENTER.look(game, seat, figure.pos))
        seen = len(game.events)
        game.play(*(players.get(d.seat) or players["*"]).choose(game, d))
        for e in game.events[seen:]:
            out.append(e.data.get("text", ""))
            if e.kind == "roll":
                out += [f"{k} {v}" for k, v in e.data.get("inputs", {}).items()] + [str(f) for f in e.data["faces"]]
    return out


def test_no_text_a_player_reads_names_anything_by_its_id():
    # The Trial, and the Warlock's Cellar with its many orcs and goblins.
    texts = texts_of_a_game("the_trial", 3, 400) + texts_of_a_game("warlocks_cellar", 5, 400)
    assert len(texts) > 2000
    bad = sorted({t for t in texts if ID.search(t)})
    assert bad == [], bad[:10]
    # Monsters of one kind are told apart by their number.
    assert any(re.search(r"\bOrc \d+ attacks\b", t) for t in texts)


def test_counts_and_articles_read_as_english():
    assert counted(1, "Body Point") == "1 Body Point" and counted(2, "Body Point") == "2 Body Points"
    assert counted(1, "square") == "1 square" and counted(1, "die", "dice") == "1 die"
    assert a("Orc") == "an Orc" and a("Goblin") == "a Goblin"
    assert tally(["Skeleton"] * 3 + ["Zombie"] * 2) == "3 Skeletons and 2 Zombies"
    assert tally(["Mummy"]) == "a Mummy"


def test_a_lost_body_point_and_a_one_die_attack_are_singular():
    from hq_scenario import Picks, run
    from test_hq_worked_examples import new_monster_at

    from dungeon_tui.rulesets.heroquest.hero_turn import hero_turn
    s = trial({"wizard": (5, 9)})
    orc = new_monster_at(s, "orc", (4, 9))
    orc.body = orc.max_body = 2
    game = run(s, lambda g: hero_turn(g, s.figures["wizard"]), [[1], [4, 4]],
               heroes=Picks(("attack", {"target": orc.id})))
    texts = [e.data.get("text") for e in game.events]
    assert f"Wizard attacks {orc.name}: skull = 1 hit." in texts
    assert f"{orc.name} loses 1 Body Point (Wizard's attack); 1 left." in texts
    assert next(e.data["dice"] for e in game.events if e.kind == "roll") == "1 combat die"


# -- what the panels list -------------------------------------------------------------------------
class Shown:
    """A game with one state, as the presenter reads it (its view through the ruleset)."""

    def __init__(self, state):
        self.state, self.content = state, load_content()
        self.pending = None

    def view(self, seat):
        return GAME.view(self.state, seat)


def test_the_sheet_lists_everything_a_hero_holds_and_every_lasting_effect():
    s = trial({"wizard": (5, 9)})
    wiz = s.figures["wizard"]
    wiz.equipment += ["wizards_cloak", "spell_ring", "elixir_of_life"]
    wiz.flags.update(items=["bone_lantern"], spell_ring="genie", rock_skin=True, courage=True, in_pit=True)
    wiz.spells = ["genie", "sleep"]
    wiz.potions = ["healing", "healing:4", "heroic_brew", "defense", "strength"]
    sheet = PRESENTER.sheet(Shown(s), "hero:wizard", "wizard")
    for held in ("Dagger", "Wizard's Cloak", "Spell Ring (holds Genie)", "Elixir of Life", "bone lantern",
                 "Potion of Healing", "Potion of Healing (4 Body Points)", "Heroic Brew", "Potion of Defence",
                 "Potion of Strength", "Genie", "Sleep", "rock skin", "courage", "in a pit"):
        assert held in sheet, held
    assert "attack 2 dice" in sheet  # a dagger, courage 2 more, in a pit 1 fewer


def test_every_card_in_the_hand_says_what_it_does():
    s = trial({"wizard": (5, 9)})
    wiz = s.figures["wizard"]
    wiz.equipment += ["elixir_of_life", "ring_of_return"]
    wiz.spells = ["genie", "heal_body", "sleep", "ball_of_flame"]
    wiz.potions = ["healing", "healing:4", "heroic_brew"]
    cards = PRESENTER.hand(Shown(s), "hero:wizard", "wizard")
    assert len(cards) == 9 and all(c.text for c in cards)
    assert {c.label for c in cards} >= {"◆ Elixir of Life", "◆ Ring of Return", "▪ Potion of Healing (4 Body Points)"}
    assert next(c for c in cards if "(4 Body" in c.label).text.endswith("regain 4 Body Points.")


def test_a_treasure_card_drawn_by_a_search_is_shown_as_a_card():
    from hq_scenario import Picks, run

    from dungeon_tui.rulesets.heroquest.hero_turn import hero_turn
    s = trial({"dwarf": (3, 15)})
    game = run(s, lambda g: hero_turn(g, s.figures["dwarf"]), [0], heroes=Picks(("search_treasure", {})))
    drawn = [PRESENTER.drawn_card(game, e) for e in game.events]
    cards = [d for d in drawn if d is not None]
    first = game.content.treasure[next(e.data["card"] for e in game.events if e.kind == "treasure_card")]
    assert cards == [(first.name, first.text)] and first.text


# -- sight ----------------------------------------------------------------------------------------
def test_sight_is_what_the_hero_sees_and_the_monsters_he_could_strike():
    from test_hq_worked_examples import new_monster_at
    s = trial({"barbarian": (14, 14)}, open_doors=["d4"], quest="warlocks_cellar")
    orc = s.at((12, 13))
    game = Shown(s)
    seen, targets = PRESENTER.sight(game, "hero:barbarian", "barbarian")
    assert (12, 12) in seen and (11, 12) in seen  # through the open door
    assert (13, 12) not in seen and all(board.revealed(s, sq) for sq in seen)
    assert targets == set()  # the orc is two squares off, and a Barbarian casts nothing
    near = new_monster_at(s, "goblin", (13, 14))
    near.placed = True
    seen, targets = PRESENTER.sight(game, "hero:barbarian", "barbarian")
    assert targets == {(13, 14)} and orc.square not in targets
