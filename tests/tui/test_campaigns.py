"""Campaigns from the title screen: a new HeroQuest campaign, the armory, a quest played in the
app whose end goes back into the campaign file, a fallen hero's place asked before the next
quest; and the same questions on the command line."""
import asyncio
import json
from pathlib import Path

from dungeon_tui.cli import main
from dungeon_tui.engine.game import CHANCE
from dungeon_tui.rulesets.heroquest import campaign as hq_camp
from dungeon_tui.rulesets.warhammer_quest import campaign as whq_camp
from dungeon_tui.tui.app import DungeonApp, TitleScreen
from dungeon_tui.tui.campaigns import CampaignScreen, CampaignsScreen, NewCampaignScreen, campaigns_dir
from dungeon_tui.tui.dialogs import Choose, GameOver
from dungeon_tui.tui.game_screen import GameScreen
from dungeon_tui.tui.session import load_session

from .helpers import screen_text, wait_for


async def to_campaigns(app, pilot):
    assert isinstance(app.screen, TitleScreen)
    await pilot.press("down", "down", "down", "enter")  # New game, Continue, Load, Campaigns
    assert await wait_for(pilot, lambda: isinstance(app.screen, CampaignsScreen))


def test_new_campaign_armory_and_a_quest_folded_back(tmp_path):
    async def run():
        app = DungeonApp()
        async with app.run_test(size=(120, 40)) as pilot:
            await to_campaigns(app, pilot)
            await pilot.press("enter")  # Start a new campaign
            assert await wait_for(pilot, lambda: isinstance(app.screen, NewCampaignScreen))
            app.screen.query_one("#game").value = "heroquest"
            assert await wait_for(pilot, lambda: bool(app.screen.query("#in-dwarf")))
            app.screen.query_one("#name").value = "Band of Four"
            app.screen.action_start()
            assert await wait_for(pilot, lambda: isinstance(app.screen, CampaignScreen))
            path = app.screen.path
            assert path == campaigns_dir() / "band-of-four.json"
            assert await wait_for(pilot, lambda: "Band of Four" in screen_text(app))
            text = screen_text(app)
            assert "Band of Four" in text and "Barbarian" in text and "Play the next: The Trial" in text
            assert "Broadsword" in text and "anyone but the Wizard" in text  # the armory, with who may use
            # Rich enough to buy: the dwarf buys a tool kit from the armory table.
            c = hq_camp.load(path)
            c.hero("dwarf").gold = 300
            hq_camp.save(c, path)
            app.screen.refresh_page()
            table = app.screen.query_one("#armory")
            row = next(i for i, item in enumerate(app.screen.page.armory) if item.key == "tool_kit")
            table.focus()
            table.move_cursor(row=row)
            await pilot.press("enter")
            assert await wait_for(pilot, lambda: isinstance(app.screen, Choose))
            dwarf = [t for t, _n, _g in app.screen_stack[-2].page.heroes].index("dwarf")
            await pilot.press(*["down"] * dwarf, "enter")
            assert await wait_for(pilot, lambda: isinstance(app.screen, CampaignScreen))
            assert "tool_kit" in hq_camp.load(path).hero("dwarf").equipment
            assert await wait_for(pilot, lambda: "Tool Kit" in screen_text(app))
            # The next quest, played by the AI to its end, goes back into the campaign file.
            app.screen.play("the_trial")
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.query("MapView"))
            session = app.screen.session
            assert session.campaign == path and session.game.setup["sheets"]["dwarf"]["equipment"][-1] == "tool_kit"
            for seat in list(session.owners):
                session.owners[seat] = "AI"
            session.options.ai_speed = "instant"
            app.screen.kick()
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameOver), tries=3000)
            assert await wait_for(pilot, lambda: "Campaign: The Trial: " in screen_text(app))
            await pilot.press("enter")
            assert await wait_for(pilot, lambda: isinstance(app.screen, CampaignScreen))
            return path, session.game
    path, game = asyncio.run(run())
    c = hq_camp.load(path)
    assert [q.quest for q in c.quests] == ["the_trial"] and c.quests[0].result == game.result["outcome"]
    kept = json.loads(Path(c.quests[0].record_path).read_text())
    assert kept["meta"]["campaign"] == str(path)


def test_a_fallen_hero_is_asked_about_before_the_next_quest(tmp_path):
    path = tmp_path / "campaigns" / "c.json"
    path.parent.mkdir()
    c = hq_camp.new("Fallen", ["barbarian", "dwarf"])
    c.party[0].status = "dead"  # the Barbarian fell in the last quest
    hq_camp.save(c, path)

    async def run():
        app = DungeonApp()
        async with app.run_test(size=(120, 40)) as pilot:
            await to_campaigns(app, pilot)
            await pilot.press("down", "enter")  # the one campaign file
            assert await wait_for(pilot, lambda: isinstance(app.screen, CampaignScreen))
            assert await wait_for(pilot, lambda: "Settle the fallen Barbarian's place" in screen_text(app))
            app.screen.play("the_trial")  # playing first asks who takes the place
            assert await wait_for(pilot, lambda: isinstance(app.screen, Choose))
            assert await wait_for(pilot, lambda: "The Barbarian has fallen" in screen_text(app))
            assert app.screen.choices[-1] == "nobody: go on without"
            assert app.screen.choices[:2] == ["a new Barbarian", "a new Elf"]  # the same type may come back
            await pilot.press("down", "enter")  # a new Elf
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            return app.screen.session
    session = asyncio.run(run())
    assert session.game.state.party == ["dwarf", "elf"]
    c = hq_camp.load(path)
    assert [h.status for h in c.party] == ["retired", "alive", "alive"] and c.log[-1]["with"] == "elf"
    # Its save names the campaign, so Load or Continue still sends the result home.
    saved = session.save(tmp_path / "s.json")
    assert load_session(saved).campaign == path
    assert session.owners[CHANCE] == "AI"


def test_the_command_line_asks_too(tmp_path, capsys):
    f = tmp_path / "c.json"
    c = hq_camp.new("t", ["barbarian", "dwarf"])
    c.party[0].status = "dead"
    hq_camp.save(c, f)
    before = f.read_bytes()
    assert main(["campaign", "play", str(f), "--seed", "3"]) == 2
    err = capsys.readouterr().err
    assert "the Barbarian has fallen" in err and "--with nobody" in err and err.count("\n") == 1
    assert f.read_bytes() == before
    assert main(["campaign", "replace", str(f), "--hero", "barbarian", "--with", "nobody"]) == 0
    assert capsys.readouterr().out.strip() == "the party went on without the fallen Barbarian"
    assert main(["campaign", "play", str(f), "--seed", "3"]) == 0
    played = hq_camp.load(f)
    assert len(played.quests) == 1 and [h.hero_type for h in played.party if h.status != "retired"] == ["dwarf"]
    # Warhammer Quest: a warrior who fell is asked about with --recruit before the next adventure.
    w = tmp_path / "w.json"
    whq_camp.save(whq_camp.Campaign(recruits=["barbarian", "elf"], fallen=["dwarf"]), w)
    assert main(["campaign", "play", str(w), "--adventure", "fp6"]) == 2
    assert "--recruit nobody" in capsys.readouterr().err
    assert main(["campaign", "play", str(w), "--adventure", "fp6", "--recruit", "nobody"]) == 0


def test_the_companion_shops_for_a_hero_from_the_campaign_screen(tmp_path):
    path = tmp_path / "campaigns" / "c.json"
    path.parent.mkdir()
    c = hq_camp.new("Shopping", ["barbarian", "dwarf"])
    c.hero("dwarf").gold = 300
    hq_camp.save(c, path)
    notes: list[str] = []

    async def run():
        app = DungeonApp()
        app.notify = lambda message, **kw: notes.append(str(message))
        async with app.run_test(size=(120, 40)) as pilot:
            await to_campaigns(app, pilot)
            await pilot.press("down", "enter")  # the one campaign file
            assert await wait_for(pilot, lambda: isinstance(app.screen, CampaignScreen))
            assert await wait_for(pilot, lambda: "Let the companions shop" in screen_text(app))
            app.screen.shop()
            assert await wait_for(pilot, lambda: isinstance(app.screen, Choose))
            assert app.screen.choices == ["Barbarian (0 gold)", "Dwarf (300 gold)", "every hero"]
            await pilot.press("down", "enter")  # the Dwarf
            assert await wait_for(pilot, lambda: isinstance(app.screen, CampaignScreen) and bool(notes))
    asyncio.run(run())
    assert hq_camp.load(path).hero("dwarf").equipment == ["shortsword", "helmet", "shield"]
    assert notes[-1].startswith("the Dwarf buys a Helmet: one more defence die, for 125 gold (175 left); buys a Shield")
    assert notes[-1].endswith("saves for a Broadsword: 3 attack dice (250 gold; he has 25)")
