"""Each game's example pack (tests/packs/examples): `content check --content` accepts it,
`simulate --content` plays its adventure to the end, and the record names the pack, replays
with it to the same state and is refused without it."""
import json
import shutil
from pathlib import Path

import pytest

from dungeon_tui import cli
from dungeon_tui.rulesets import get

EXAMPLES = Path(__file__).parent / "examples"
# game, pack folder, the pack's name, the adventure to simulate (None: the game's first), what
# the pack brings that the replay's log shows (None: the saves list's title, from the record's meta)
PACKS = [
    ("warhammer-quest", "whq-rat-warren", "rat-warren", "rat_warren", "Adventure: The Rat Warren."),
    ("heroquest", "hq-orc-captain", "orc-captain", "the_orc_captain", "Grishnak moves"),
    ("ashardalon", "ash-dire-wolf", "dire-wolf", None, "Dire Wolf"),
    ("catakombs", "cat-hurried-heist", "hurried-heist", "hurried_heist", None),
    ("skirmish", "sk-short-patrol", "short-patrol", "short_patrol", None),
]
TITLES = {"hurried_heist": "The hurried heist", "short_patrol": "Short Patrol"}


def no_app(monkeypatch):
    def refuse(app):
        raise AssertionError("the app was opened")
    monkeypatch.setattr(cli, "run_app", refuse)


@pytest.mark.parametrize("game,folder,name,adventure,shows", PACKS, ids=[p[0] for p in PACKS])
def test_example_pack_checks_plays_and_replays_only_with_itself(game, folder, name, adventure, shows,
                                                                 tmp_path, capsys, monkeypatch):
    no_app(monkeypatch)
    pack = str(EXAMPLES / folder)
    assert cli.main(["content", "check", "--game", game, "--content", pack]) == 0
    assert f"with pack {name} 1.0" in capsys.readouterr().out

    seed = 1 if game != "ashardalon" else 6  # the dire wolf's card comes up in this game (AI on every seat)
    sim = ["simulate", "--game", game, "--games", "1", "--seed", str(seed), "--record", str(tmp_path),
           "--content", pack]
    assert cli.main(sim + (["--adventure", adventure] if adventure else [])) == 0
    capsys.readouterr()
    (path,) = tmp_path.glob("*.json")
    meta = json.loads(path.read_text())["meta"]
    assert [p["name"] for p in meta["packs"]] == [name]
    if adventure:
        assert meta["adventure"] == adventure
    if adventure in TITLES:
        assert meta["shown"]["adventure"] == TITLES[adventure]

    assert cli.main(["replay", str(path), "--headless", "--content", pack]) == 0
    log = capsys.readouterr().out
    assert shows is None or shows in log
    final = log.splitlines()[-1]
    assert cli.main(["replay", str(path), "--headless", "--content", pack]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == final  # the same game each time

    assert cli.main(["replay", str(path), "--headless"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"dungeon-tui: the record was made with content pack '{name}' 1.0, which is not loaded "
                   f"(give its folder with --content DIR)"]


def test_a_record_refuses_the_same_pack_changed(tmp_path, capsys):
    pack = tmp_path / "pack"
    shutil.copytree(EXAMPLES / "hq-orc-captain", pack)
    assert cli.main(["simulate", "--game", "heroquest", "--games", "1", "--adventure", "the_orc_captain",
                     "--record", str(tmp_path / "rec"), "--content", str(pack)]) == 0
    (path,) = (tmp_path / "rec").glob("*.json")
    digest = json.loads(path.read_text())["meta"]["packs"][0]["digest"]
    (pack / "pack.yaml").write_text((pack / "pack.yaml").read_text().replace('"1.0"', '"1.1"'))
    capsys.readouterr()
    assert cli.main(["replay", str(path), "--headless", "--content", str(pack)]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(f"dungeon-tui: the record was made with content pack 'orc-captain' 1.0 (digest {digest}); "
                           f"the one loaded from {pack} is 1.1 (digest ")


def test_a_record_without_packs_replays_the_installed_game_while_a_pack_is_offered(tmp_path, capsys):
    rs = get("heroquest")
    game = rs.new_game({}, 5)
    game.run(rs.ai_controllers())
    from dungeon_tui.engine import record
    path = tmp_path / "plain.json"
    record.save(game, path, "test")
    assert "packs" not in json.loads(path.read_text())["meta"]
    # the pack replaces the orc: a replay that took it would go otherwise
    pack = tmp_path / "pack"
    shutil.copytree(EXAMPLES / "hq-orc-captain", pack)
    with (pack / "heroquest" / "monsters.yaml").open("a") as fh:
        fh.write("  orc: {name: Orc, glyph: o, move: 8, attack: 6, defend: 6, body: 3, mind: 2, tags: [orc]}\n")
    with (pack / "pack.yaml").open("a") as fh:
        fh.write("replaces: ['heroquest/monsters.yaml: monsters.orc']\n")
    assert cli.main(["replay", str(path), "--headless", "--content", str(pack)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"final state hash {game.state_hash()}"


def test_content_schema_writes_one_schema_per_kind_of_file(tmp_path, capsys):
    assert cli.main(["content", "schema", "--game", "heroquest", "--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "heroquest.quests.schema.json" in names  # quests/*.yaml share one
    assert "heroquest.monsters.schema.json" in names and "heroquest.monsters.pack.schema.json" in names
    assert "pack.schema.json" in names
    assert not any("the_trial" in n for n in names)
    monsters = json.loads((tmp_path / "heroquest.monsters.schema.json").read_text())
    assert monsters["required"] == ["monsters"]
    assert "required" not in json.loads((tmp_path / "heroquest.monsters.pack.schema.json").read_text())
    quest = json.loads((tmp_path / "heroquest.quests.schema.json").read_text())
    assert {"id", "name", "monsters", "objective"} <= set(quest["properties"])
    pack = json.loads((tmp_path / "pack.schema.json").read_text())
    assert set(pack["required"]) == {"name", "version", "games"}


def test_new_and_load_open_the_app_on_a_packs_quest_and_refuse_it_without(tmp_path, capsys, monkeypatch):
    opened = []
    monkeypatch.setattr(cli, "run_app", lambda app: opened.append(app) or 0)
    pack = str(EXAMPLES / "hq-orc-captain")
    assert cli.main(["--content", pack, "new", "--game", "heroquest", "--adventure", "the_orc_captain",
                     "--seed", "4"]) == 0
    game = opened[-1].initial.game
    assert game.setup["adventure"] == "the_orc_captain"
    game.run(get("heroquest").ai_controllers())
    path = tmp_path / "save.json"
    opened[-1].initial.save(path, "test")
    assert cli.main(["load", str(path), "--content", pack]) == 0
    assert opened[-1].initial.game.state_hash() == game.state_hash()
    capsys.readouterr()
    assert cli.main(["load", str(path)]) == 2
    assert "content pack 'orc-captain' 1.0, which is not loaded" in capsys.readouterr().err
    assert cli.main(["new", "--game", "heroquest", "--adventure", "the_orc_captain"]) == 2
    assert "unknown" in capsys.readouterr().err and len(opened) == 2


def test_simulate_shares_a_packs_games_among_processes_started_afresh(tmp_path, capsys, monkeypatch):
    import multiprocessing
    from concurrent import futures
    spawning = multiprocessing.get_context("spawn")
    real_pool = futures.ProcessPoolExecutor
    monkeypatch.setattr(futures, "ProcessPoolExecutor", lambda **kw: real_pool(mp_context=spawning, **kw))
    pack = str(EXAMPLES / "sk-short-patrol")
    assert cli.main(["simulate", "--game", "skirmish", "--adventure", "short_patrol", "--games", "2", "--jobs", "2",
                     "--record", str(tmp_path), "--content", pack]) == 0
    named = [json.loads(p.read_text())["meta"]["packs"][0]["name"] for p in tmp_path.glob("*.json")]
    assert named == ["short-patrol", "short-patrol"]
