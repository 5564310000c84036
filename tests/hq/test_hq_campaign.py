"""HeroQuest between quests (§5.13, §2.6, §2.7, D18-D20): party sheets in the setup, the
campaign file, the armory, gifts of gold, replacement heroes and the campaign command."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dungeon_tui.cli import main
from dungeon_tui.engine import record
from dungeon_tui.rulesets import game_from_record, get
from dungeon_tui.rulesets.heroquest import campaign as camp
from dungeon_tui.rulesets.heroquest.campaign import CampaignError
from dungeon_tui.rulesets.heroquest.combat import attack_dice, defend_dice
from dungeon_tui.rulesets.heroquest.game import GAME

TABLE_DWARF = {"name": "Dwarf", "gold": 0, "body_max": 7, "mind_max": 3, "main_weapon": None,
               "equipment": ["shortsword"], "potions": [], "artifacts": []}


def sheet(**kw):
    return {**TABLE_DWARF, **kw}


# -- the party snapshot in the setup --------------------------------------------------------------

def test_sheets_build_heroes_with_their_gear():
    setup = {"adventure": "the_trial", "sheets": {
        "dwarf": sheet(name="Grimli", gold=300, equipment=["shortsword", "tool_kit", "battle_axe", "shield"],
                       main_weapon="battle_axe", potions=["healing", "healing:4"], body_max=8),
        "wizard": {"name": "Zed", "gold": 12, "body_max": 4, "mind_max": 6, "main_weapon": "wizards_staff",
                   "equipment": ["dagger"], "potions": [], "artifacts": ["wizards_cloak", "wizards_staff"]}}}
    game = GAME.new_game(setup, 7)
    assert game.state.party == ["dwarf", "wizard"]  # the party comes from the sheets when not named
    d, w = game.state.figures["dwarf"], game.state.figures["wizard"]
    assert (d.name, d.gold, d.body, d.max_body, d.mind) == ("Grimli", 300, 8, 8, 3)
    assert d.equipment == ["shortsword", "tool_kit", "battle_axe", "shield"] and d.potions == ["healing", "healing:4"]
    assert attack_dice(d, game.content)[0] == 4  # the battle axe in hand
    assert defend_dice(d, game.content)[0] == 2  # a shield gives nothing beside a two-handed axe
    assert w.equipment == ["dagger", "wizards_cloak", "wizards_staff"] and w.gold == 12
    dice, mods = defend_dice(w, game.content)
    assert dice == 3 and mods == {"Wizard's Cloak": 1}
    assert attack_dice(w, game.content)[0] == 2  # the Wizard's Staff, not the dagger
    assert game.setup["sheets"]["dwarf"]["name"] == "Grimli"  # the record carries the snapshot


def test_a_sheet_with_the_table_values_changes_nothing():
    plain = GAME.new_game({"adventure": "the_trial", "heroes": ["dwarf"]}, 3)
    assert "sheets" not in plain.setup
    same = GAME.new_game({"adventure": "the_trial", "heroes": ["dwarf"], "sheets": {"dwarf": sheet()}}, 3)
    assert same.state_hash() == plain.state_hash()
    richer = GAME.new_game({"adventure": "the_trial", "heroes": ["dwarf"], "sheets": {"dwarf": sheet(gold=1)}}, 3)
    assert richer.state_hash() != plain.state_hash()


@pytest.mark.parametrize("sheets, words", [
    ({"elf": sheet()}, "'elf' is not in the party"),
    ({"dwarf": sheet(gold=-5)}, "sheets.dwarf.gold"),
    ({"dwarf": sheet(body_max=500)}, "sheets.dwarf.body_max"),
    ({"dwarf": sheet(equipment=["vorpal_sword"])}, "'vorpal_sword' is not in the armory"),
    ({"dwarf": sheet(equipment=["spirit_blade"])}, "is an artifact"),
    ({"dwarf": sheet(artifacts=["helmet"])}, "'helmet' is not an artifact"),
    ({"dwarf": sheet(main_weapon="broadsword")}, "not a weapon the hero carries"),
    ({"dwarf": sheet(potions=["moonshine"])}, "not a potion"),
    ({"dwarf": sheet(colour="red")}, "colour"),
    ("lots", "must map hero types"),
])
def test_bad_sheets_are_one_line_errors(sheets, words):
    with pytest.raises(ValueError) as err:
        GAME.normalise_setup({"heroes": ["dwarf"], "sheets": sheets})
    assert words in str(err.value) and "\n" not in str(err.value)


# -- the armory, gold and new heroes ----------------------------------------------------------------

def rich(c, **gold):
    for h in c.party:
        h.gold = gold.get(h.hero_type, h.gold)
    return c


def test_armory_rules():
    c = rich(camp.new("t"), wizard=2000, dwarf=1000, barbarian=100)
    with pytest.raises(CampaignError, match="may not use a Broadsword"):
        camp.buy(c, "wizard", "broadsword")
    with pytest.raises(CampaignError, match="may not use a Chain Mail"):
        camp.buy(c, "wizard", "chain_mail")
    with pytest.raises(CampaignError, match="costs 250 gold; the Barbarian has 100"):
        camp.buy(c, "barbarian", "tool_kit")
    with pytest.raises(CampaignError, match="artifacts are quest rewards"):
        camp.buy(c, "dwarf", "spirit_blade")
    with pytest.raises(CampaignError, match="no 'cannon'"):
        camp.buy(c, "dwarf", "cannon")
    after = camp.buy(c, "wizard", "staff")
    assert after.hero("wizard").gold == 1900 and "staff" in after.hero("wizard").equipment
    assert c.hero("wizard").gold == 2000  # the campaign given is never changed in place
    d = camp.buy(c, "dwarf", "plate_mail")
    assert d.hero("dwarf").gold == 150
    d.hero("dwarf").gold = 1000
    with pytest.raises(CampaignError, match="already wears Plate Mail"):
        camp.buy(d, "dwarf", "chain_mail")
    d = camp.buy(d, "dwarf", "battle_axe")
    assert d.hero("dwarf").main_weapon == "battle_axe"  # more dice than the shortsword: it goes in hand
    d = camp.buy(d, "dwarf", "shield")  # allowed to own; it just gives nothing beside the axe
    with pytest.raises(CampaignError, match="already has a Shield"):
        camp.buy(d, "dwarf", "shield")
    assert [e["item"] for e in d.log if e["kind"] == "buy"] == ["plate_mail", "battle_axe", "shield"]
    d = camp.set_main(d, "dwarf", "shortsword")
    assert camp.setup_for(d)["sheets"]["dwarf"]["main_weapon"] == "shortsword"
    with pytest.raises(CampaignError, match="carries no 'longsword'"):
        camp.set_main(d, "dwarf", "longsword")


def test_give_gold_between_heroes():
    c = rich(camp.new("t", ["barbarian", "elf"]), barbarian=100)
    c = camp.give(c, "barbarian", "elf", 60)
    assert (c.hero("barbarian").gold, c.hero("elf").gold) == (40, 60)
    assert c.log[-1] == {"kind": "give", "from": "barbarian", "to": "elf", "gold": 60}
    with pytest.raises(CampaignError, match="has only 40 gold"):
        camp.give(c, "barbarian", "elf", 41)
    with pytest.raises(CampaignError, match="himself"):
        camp.give(c, "elf", "elf", 1)
    with pytest.raises(CampaignError, match="no living wizard"):
        camp.give(c, "elf", "wizard", 1)


def test_replace_a_fallen_hero():
    c = camp.new("t", ["barbarian", "wizard"])
    with pytest.raises(CampaignError, match="no fallen barbarian"):
        camp.replace(c, "barbarian", "dwarf")
    c.party[0].status = "dead"
    c.party[0].gold = 400
    with pytest.raises(CampaignError, match="already has a living wizard"):
        camp.replace(c, "barbarian", "wizard")
    c = camp.replace(c, "barbarian", "dwarf")
    new = c.hero("dwarf")
    assert (new.gold, new.body_max, new.mind_max, new.equipment, new.main_weapon) == \
        (0, 7, 3, ["shortsword"], "shortsword")
    assert c.party[0].status == "retired" and c.log[-1]["kind"] == "replace"
    assert camp.setup_for(c)["heroes"] == ["dwarf", "wizard"]  # turn order, not joining order
    with pytest.raises(CampaignError, match="no fallen barbarian"):
        camp.replace(c, "barbarian", "elf")  # a retired hero is replaced only once


# -- after a quest ------------------------------------------------------------------------------

def played(c, seeds=range(40)):
    """An AI game of The Trial with some hero alive and wounded and some dead at the end."""
    for seed in seeds:
        game = GAME.new_game(camp.setup_for(c), seed)
        game.run(get("heroquest").ai_controllers())
        heroes = game.state.heroes()
        if any(h.status == "dead" for h in heroes) and any(h.status != "dead" and h.body < h.max_body for h in heroes):
            return game
    raise AssertionError("no seed gave both a fallen and a wounded survivor")


def test_record_result_heals_keeps_loot_and_retires_the_dead():
    c = rich(camp.new("t"), dwarf=300)
    c = camp.buy(c, "dwarf", "tool_kit")
    game = played(c)
    after = camp.record_result(c, game, "r.json", date="2026-01-02")
    for fig in game.state.heroes():
        h = next(p for p in after.party if p.hero_type == fig.kind)
        assert h.gold == fig.gold and h.items == fig.potions
        assert h.status == ("dead" if fig.status == "dead" else "alive")
        assert sorted(h.equipment + h.artifacts) == sorted(fig.equipment)
    assert after.quests[-1].model_dump() == {"quest": "the_trial", "result": game.result["outcome"],
                                             "record_path": "r.json", "date": "2026-01-02"}
    assert after.log[-1]["kind"] == "reward"
    # The tool kit stays with the dwarf, or with whoever took his remains when he fell (§5.11).
    holders = [p.hero_type for p in after.party if "tool_kit" in p.equipment]
    taken = [e for e in game.events if e.kind == "remains" and "Dwarf" in e.text]
    assert holders == (["dwarf"] if game.state.figures["dwarf"].status != "dead" else
                       [f.id for f in game.state.heroes() if "tool_kit" in f.equipment] if taken else [])
    fallen = [h.hero_type for h in after.fallen()]
    assert fallen  # played() made sure someone fell
    with pytest.raises(CampaignError, match=f"the {camp.hero_word(fallen[0])} has fallen"):
        camp.setup_for(after, "the_trial")  # their place is asked about, never assumed
    for hero in fallen:
        after = camp.replace(after, hero, "nobody")
    assert camp.log_line(after.log[-1]).startswith("the party went on without the fallen ")
    nxt = GAME.new_game(camp.setup_for(after, "the_trial"), 1)
    assert nxt.state.party == [h.hero_type for h in after.living()]
    for fig in nxt.state.heroes():
        old = game.state.figures[fig.kind]
        assert fig.body == fig.max_body == old.max_body
        assert fig.gold == old.gold
    assert any(game.state.figures[f.kind].body < f.body for f in nxt.state.heroes())  # someone healed
    with pytest.raises(CampaignError, match="not the campaign's"):
        camp.record_result(after, game)  # the fallen are no longer in the living party


def test_success_unlocks_the_next_quest_and_failure_keeps_it_open():
    c = camp.new("t", ["barbarian"])
    game = GAME.new_game(camp.setup_for(c), 2)
    game.run(get("heroquest").ai_controllers())
    game.state.figures["barbarian"].status = "alive"
    game.state.result = {"outcome": "failure", "why": "forced"}
    failed = camp.record_result(c, game)
    assert failed.unlocked == ["the_trial"] and camp.next_quest(failed) == "the_trial"  # replayable (D18)
    assert failed.hero("barbarian").quests_completed == 0
    game.state.result = {"outcome": "success", "why": "forced"}
    won = camp.record_result(failed, game)
    assert won.hero("barbarian").quests_completed == 1
    assert won.unlocked == camp.quests_in_order()[:2]
    if len(camp.quests_in_order()) == 1:
        with pytest.raises(CampaignError, match="won every unlocked quest"):
            camp.next_quest(won)
    else:
        assert camp.next_quest(won) == camp.quests_in_order()[1]


def test_unfinished_and_locked_quests_are_refused():
    c = camp.new("t", ["elf"])
    game = GAME.new_game(camp.setup_for(c), 1)
    with pytest.raises(CampaignError, match="not over"):
        camp.record_result(c, game)
    c.unlocked = []
    with pytest.raises(CampaignError, match="not unlocked"):
        camp.setup_for(c, "the_trial")


def test_a_campaign_game_replays_from_its_record_alone(tmp_path):
    c = rich(camp.new("t", ["dwarf", "wizard"]), dwarf=1000)
    c = camp.buy(camp.buy(c, "dwarf", "plate_mail"), "dwarf", "helmet")
    game = GAME.new_game(camp.setup_for(c), 11)
    game.run(get("heroquest").ai_controllers())
    path = tmp_path / "rec.json"
    record.save(game, path, "test")
    rec = record.read(path)
    assert rec.setup["sheets"]["dwarf"]["equipment"] == ["shortsword", "plate_mail", "helmet"]
    again = record.replay(rec, game_from_record)
    assert again.state_hash() == game.state_hash() and again.over


# -- the file ----------------------------------------------------------------------------------

def test_save_and_load_round_trip(tmp_path):
    c = camp.buy(rich(camp.new("Heroes of the Empire"), barbarian=500), "barbarian", "helmet")
    path = tmp_path / "c.json"
    camp.save(c, path)
    data = json.loads(path.read_text())
    assert data["format"] == "dungeon-tui/heroquest-campaign" and data["version"] == 1
    assert data["content_digest"] == GAME.content().digest
    assert camp.load(path) == c


@pytest.mark.parametrize("text, words", [
    ("{not json", "not valid JSON"),
    (json.dumps({"format": "dungeon-tui-whq-campaign"}), "not a HeroQuest campaign file"),
    (json.dumps([1, 2]), "not a HeroQuest campaign file"),
    ("FUTURE", "format version 2, written by a newer dungeon-tui"),
    ("GOLD", "party.0.gold"),
    ("ITEM", "party.0.equipment.1: 'laser' is not in the armory"),
    ("TWICE", "each of a different type"),
    ("LOG", "unknown kind"),
    ("[" * 100_000 + "]" * 100_000, "not valid JSON"),
])
def test_bad_campaign_files_give_one_line(tmp_path, text, words):
    good = camp.new("t", ["barbarian", "dwarf"]).model_dump()
    if text == "FUTURE":
        text = json.dumps({**good, "version": 2})
    elif text == "GOLD":
        good["party"][0]["gold"] = "lots"
        text = json.dumps(good)
    elif text == "ITEM":
        good["party"][0]["equipment"].append("laser")
        text = json.dumps(good)
    elif text == "TWICE":
        good["party"][1] = dict(good["party"][0])
        text = json.dumps(good)
    elif text == "LOG":
        good["log"] = [{"kind": "sell", "item": "helmet"}]
        text = json.dumps(good)
    path = tmp_path / "c.json"
    path.write_text(text)
    with pytest.raises(CampaignError) as err:
        camp.load(path)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_too_large_and_missing_files(tmp_path):
    big = tmp_path / "big.json"
    big.write_text(" " * (camp.MAX_BYTES + 1))
    with pytest.raises(CampaignError, match="too large"):
        camp.load(big)
    with pytest.raises(CampaignError, match="cannot read"):
        camp.load(tmp_path / "none.json")


# -- the command ---------------------------------------------------------------------------------

def test_campaign_command(tmp_path, capsys):
    f = str(tmp_path / "c.json")
    assert main(["campaign", "new", f, "--game", "heroquest", "--heroes", "dwarf,wizard", "--name", "Band"]) == 0
    assert capsys.readouterr().out.endswith("for: Dwarf and Wizard\n")  # names, not ids
    assert main(["campaign", "new", f, "--game", "heroquest"]) == 2  # exists
    c = camp.load(f)
    c.hero("dwarf").gold = 400
    camp.save(c, f)
    assert main(["campaign", "buy", f, "--hero", "dwarf", "--item", "tool_kit"]) == 0  # game read from the file
    assert main(["campaign", "give", f, "--from", "dwarf", "--to", "wizard", "--gold", "100"]) == 0
    capsys.readouterr()
    assert main(["campaign", "show", f]) == 0
    out = capsys.readouterr().out
    assert "Band" in out and "Tool Kit" in out and "the_trial" in out and "50 gold" in out and "100 gold" in out
    before = Path(f).read_bytes()
    for bad in (["buy", f, "--hero", "wizard", "--item", "broadsword"],
                ["give", f, "--from", "dwarf", "--to", "wizard", "--gold", "999"],
                ["replace", f, "--hero", "dwarf", "--with", "elf"],
                ["play", f, "--quest", "rescue_of_nobody"],
                ["play", f, "--recruit", "elf"]):
        assert main(["campaign", *bad]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err, err
        assert Path(f).read_bytes() == before
    assert main(["campaign", "play", f, "--seed", "3", "--record", str(tmp_path / "recs")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The Trial: ") and "Dwarf" in out
    # What a player reads names quests, heroes and items: the ids are only for the commands.
    assert "the_trial:" not in out  # the history and the changes name the quest
    assert "the Dwarf bought Tool Kit for 250 gold" in out and "the Dwarf gave the Wizard 100 gold" in out
    assert "The Trial: " in out.split("recent changes:")[1]
    c = camp.load(f)
    assert len(c.quests) == 1 and c.quests[0].record_path.endswith("heroquest-the_trial-3.json")
    rec = record.read(c.quests[0].record_path)
    assert rec.setup["sheets"]["dwarf"]["equipment"] == ["shortsword", "tool_kit"]


def test_campaign_command_errors_on_bad_files(tmp_path, capsys):
    f = tmp_path / "c.json"
    f.write_text("{")
    assert main(["campaign", "show", str(f)]) == 2
    assert capsys.readouterr().err.strip() == f"dungeon-tui: {f} is not valid JSON"
    assert main(["campaign", "play", str(f), "--game", "heroquest"]) == 2
    assert f.read_text() == "{"


def test_warhammer_quest_campaigns_still_work(tmp_path, capsys):
    f = str(tmp_path / "w.json")
    assert main(["campaign", "new", f, "--heroes", "barbarian,elf"]) == 0
    assert main(["campaign", "play", f, "--adventure", "fp6", "--seed", "2"]) == 0
    assert "fp6: " in capsys.readouterr().out
    assert main(["campaign", "play", f]) == 2  # a Warhammer Quest adventure must be named
    assert main(["campaign", "buy", f, "--game", "heroquest", "--hero", "elf", "--item", "helmet"]) == 2
    assert "not a HeroQuest campaign file" in capsys.readouterr().err


def test_campaign_quest_played_in_the_app_then_resumed(tmp_path, monkeypatch, capsys):
    """`campaign play --app`: the app plays the quest; quitting early leaves a save that
    `--resume` goes on with, and the finished quest folds into the campaign file."""
    from dungeon_tui.tui import app as tui_app
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path / "saves"))
    f = str(tmp_path / "c.json")
    assert main(["campaign", "new", f, "--game", "heroquest", "--heroes", "barbarian,elf"]) == 0
    plays = {"steps": 40}

    def run(self):  # stands in for the player: AI choices, stopping early the first time
        ctl = get("heroquest").ai_controllers()
        game = self.session.game
        while not game.over and plays["steps"]:
            d = game.pending
            game.play(*(ctl.get(d.seat) or ctl["*"]).choose(game, d))
            plays["steps"] -= 1
    monkeypatch.setattr(tui_app.DungeonApp, "run", run)
    monkeypatch.setattr(tui_app.DungeonApp, "__init__", lambda self, session=None: setattr(self, "session", session))
    assert main(["campaign", "play", f, "--app", "--seed", "9"]) == 0
    out = capsys.readouterr().out
    assert "--resume" in out and camp.load(tmp_path / "c.json").quests == []
    save = out.strip().split("--resume ")[-1]
    plays["steps"] = 100_000
    assert main(["campaign", "play", f, "--resume", save]) == 0
    after = camp.load(tmp_path / "c.json")
    assert [q.quest for q in after.quests] == ["the_trial"] and after.quests[0].result in ("success", "failure")
    other = str(tmp_path / "other.json")
    assert main(["campaign", "new", other, "--game", "heroquest", "--heroes", "dwarf"]) == 0
    assert main(["campaign", "play", other, "--resume", save]) == 2  # not that campaign's party


def test_the_companion_shops_for_defence_first_then_saves_for_what_it_wants(tmp_path, capsys):
    """`campaign shop`: a helmet and a shield before a third attack die, chain mail last; a
    piece he cannot afford stops the list (he saves for it); the Wizard buys nothing."""
    f = tmp_path / "c.json"
    camp.save(rich(camp.new("t"), dwarf=430, elf=100, wizard=900), f)
    assert main(["campaign", "shop", str(f)]) == 0
    said = capsys.readouterr().out.splitlines()
    c = camp.load(f)
    assert c.hero("dwarf").equipment == ["shortsword", "helmet", "shield"] and c.hero("dwarf").gold == 155
    assert said[1] == ("the Dwarf buys a Helmet: one more defence die, for 125 gold (305 left); buys a Shield: "
                       "one more defence die, for 150 gold (155 left); saves for a Broadsword: 3 attack dice "
                       "(250 gold; he has 155)")
    assert c.hero("elf").gold == 100 and "saves for a Helmet" in said[2]
    assert c.hero("wizard").gold == 900
    assert said[3] == "the Wizard buys nothing: the armory has nothing that betters him"
    assert [e["item"] for e in c.log if e["kind"] == "buy"] == ["helmet", "shield"]
    c.hero("dwarf").gold = 800
    camp.save(c, f)
    assert main(["campaign", "shop", str(f), "--hero", "dwarf"]) == 0
    c = camp.load(f)
    assert c.hero("dwarf").equipment[-2:] == ["broadsword", "chain_mail"]
    assert c.hero("dwarf").main_weapon == "broadsword"
    assert c.hero("dwarf").gold == 50
