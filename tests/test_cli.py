"""The command line around the games: replay --events, simulate (--jobs, --csv, the progress
bar, the game's own words), where saves go, --ascii."""
import csv
import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from dungeon_tui import cli
from dungeon_tui.batch import game_seed
from dungeon_tui.engine import record
from dungeon_tui.rulesets import get
from dungeon_tui.tui import saves

ROOT = Path(__file__).resolve().parents[1]


def no_app(monkeypatch):
    """Fail the test if a command opens the terminal app."""
    def refuse(app):
        raise AssertionError("the app was opened")
    monkeypatch.setattr(cli, "run_app", refuse)


def test_replay_events_prints_json_lines_without_the_app(tmp_path, monkeypatch, capsys):
    game = get("warhammer-quest").new_game({"adventure": "fp5"}, 7)
    game.run(get("warhammer-quest").ai_controllers())
    path = tmp_path / "r.json"
    record.save(game, path, "test")
    no_app(monkeypatch)
    assert cli.main(["replay", str(path), "--events"]) == 0
    lines = capsys.readouterr().out.splitlines()
    events = [json.loads(line) for line in lines]  # every line is one JSON object
    assert events[-1] == {"kind": "final", "state_hash": game.state_hash()}
    assert {"decision", "roll"} <= {e["kind"] for e in events}
    assert cli.main(["replay", str(path), "--events", "--headless"]) == 0
    assert capsys.readouterr().out.splitlines() == lines


def test_replaying_a_record_of_older_rules_in_the_app_is_one_line_not_a_crash(tmp_path, monkeypatch, capsys):
    game = get("warhammer-quest").new_game({"adventure": "fp5"}, 7)
    path = tmp_path / "old.json"
    record.save(game, path, "test")
    data = json.loads(path.read_text())
    data["rules_version"] = "0"
    path.write_text(json.dumps(data))
    no_app(monkeypatch)  # refused before the app would open on it
    assert cli.main(["replay", str(path)]) != 0
    assert "rules version 0" in capsys.readouterr().err


def simulate(capsys, *args):
    assert cli.main(["simulate", *args]) == 0
    return capsys.readouterr().out.splitlines()


def without_date(path: Path) -> dict:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["meta"].pop("date")
    return data


def test_simulate_on_two_processes_plays_the_same_games(tmp_path, capsys):
    # 12 games: more than one batch of a worker process, and batches of different sizes
    run = ["--game", "warhammer-quest", "--games", "12", "--seed", "3"]
    one = simulate(capsys, *run, "--csv", str(tmp_path / "one.csv"), "--record", str(tmp_path / "one"))
    two = simulate(capsys, *run, "--jobs", "2", "--csv", str(tmp_path / "two.csv"), "--record", str(tmp_path / "two"))
    assert one[:-1] == two[:-1]  # all but the times
    assert one[-1].split(";")[0] == two[-1].split(";")[0]  # the decisions
    assert (tmp_path / "one.csv").read_text() == (tmp_path / "two.csv").read_text()
    names = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert len(names) == 12 and names == sorted(p.name for p in (tmp_path / "two").iterdir())
    for name in names:  # the same decisions, hashes and setup; only the date may differ
        assert without_date(tmp_path / "one" / name) == without_date(tmp_path / "two" / name)


def test_simulate_hashes_the_rounds_only_for_a_record(tmp_path, monkeypatch):
    # Nothing reads a round's state hash but a record (and its replay): a game simulated
    # without one skips them and plays the same game.
    from dungeon_tui.batch import play_one
    from dungeon_tui.engine.game import Game
    from dungeon_tui.rulesets import game_from_record
    hashed = []
    state_hash = Game.state_hash
    monkeypatch.setattr(Game, "state_hash", lambda game: hashed.append(1) or state_hash(game))
    rs = get("catakombs")
    bare = play_one(rs, {"adventure": "escape"}, 1, 0, None, "test")
    assert not hashed
    kept = play_one(rs, {"adventure": "escape"}, 1, 0, tmp_path, "test")
    assert hashed and bare.row() == kept.row()
    rec = record.read(tmp_path / f"catakombs-{kept.seed}.json")
    assert rec.checkpoints and all(digest for _, _, digest in rec.checkpoints)
    record.replay(rec, game_from_record)  # checks every round's hash


def test_simulate_csv_has_a_row_per_game_in_the_games_words(tmp_path, capsys):
    out = simulate(capsys, "--game", "warhammer-quest", "--games", "5", "--seed", "4", "--adventure", "random",
                   "--csv", str(tmp_path / "g.csv"))
    with (tmp_path / "g.csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == ["game", "seed", "adventure", "party", "outcome", "won", "turns", "warriors died or lost",
                             "gold carried out", "decisions"]
    assert [int(r["seed"]) for r in rows] == [game_seed(4, i) for i in range(5)]
    assert all(r["party"] == "barbarian dwarf elf wizard" for r in rows)
    assert len({r["adventure"] for r in rows}) > 1  # random: each game draws its own
    counts = {}
    for r in rows:
        counts[r["outcome"]] = counts.get(r["outcome"], 0) + 1
    assert out[1] == "outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    wins = sum(int(r["won"]) for r in rows)
    assert out[2] == f"the heroes won {wins} of 5 ({100 * wins / 5:.0f}%)"


def test_simulate_speaks_each_games_words(capsys):
    # HeroQuest counts rounds, not turns: a game's line and the summary use its own figures
    out = simulate(capsys, "--game", "heroquest", "--games", "1", "--seed", "2", "--verbose")
    assert out[0].startswith("game 1: seed ") and "; rounds " in out[0] and "heroes fallen" in out[0]
    assert "turns" not in out[0]
    outcome = out[0].split()[4].rstrip(";")
    assert outcome in ("success", "failure") and out[2] == f"outcomes: {outcome} 1"


def test_simulate_refuses_a_bad_jobs_count(capsys):
    assert cli.main(["simulate", "--game", "warhammer-quest", "--jobs", "0"]) == 2
    assert "--jobs" in capsys.readouterr().err


def program(*args):
    return [sys.executable, "-m", "dungeon_tui", *args]


def test_simulate_progress_bar_on_a_terminal_only(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color", "COLUMNS": "100"}
    run = program("simulate", "--game", "warhammer-quest", "--games", "4", "--seed", "5")
    piped = subprocess.run(run, env=env, capture_output=True, text=True, check=True)
    assert piped.stderr == "" and "━" not in piped.stdout and "4/4" not in piped.stdout
    assert piped.stdout.splitlines()[0] == "Warhammer Quest: 4 games, seed 5"
    leader, follower = pty.openpty()
    child = subprocess.Popen(run, env=env, stdin=follower, stdout=follower, stderr=follower)
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closes when the program ends
            break
        if not chunk:
            break
        shown += chunk
    os.close(leader)
    assert child.wait() == 0
    text = shown.decode("utf-8", "replace")
    assert "games" in text and "━" in text and "/4" in text  # the bar, counting games
    assert "Warhammer Quest: 4 games, seed 5" in text  # then the report


def test_saves_go_where_the_environment_says(monkeypatch, tmp_path):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path / "mine"))
    assert saves.saves_dir() == tmp_path / "mine"
    assert "named by DUNGEON_TUI_SAVES" in saves.where_saves_go()


def test_saves_go_to_the_checkouts_saves_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("DUNGEON_TUI_SAVES", raising=False)
    assert saves.saves_dir() == ROOT / "saves"  # the tests run from a checkout
    (tmp_path / "pyproject.toml").write_text("")
    monkeypatch.setattr(saves, "PACKAGE_HOME", tmp_path)
    assert saves.saves_dir() == tmp_path / "saves"
    assert "this checkout's" in saves.where_saves_go()


def test_an_installed_program_saves_to_the_users_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("DUNGEON_TUI_SAVES", raising=False)
    (tmp_path / "site-packages").mkdir()
    monkeypatch.setattr(saves, "PACKAGE_HOME", tmp_path / "site-packages")  # no pyproject.toml, no .git
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    if sys.platform != "linux":
        pytest.skip("XDG_DATA_HOME names the data folder on Linux")
    assert saves.saves_dir() == tmp_path / "data" / "dungeon-tui" / "saves"
    assert saves.where_saves_go().startswith(str(tmp_path / "data" / "dungeon-tui" / "saves"))


def test_help_says_where_saves_go(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path / "here"))
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    # argparse wraps the line, at spaces and at the hyphens of a long path
    assert f"Savesgoto{tmp_path / 'here'}" in "".join(capsys.readouterr().out.split())


@pytest.mark.parametrize(("argv", "ascii_map"), [
    ([], None), (["--ascii"], True), (["--no-ascii"], False), (["new", "--ascii"], True),
    (["--ascii", "new"], True), (["load", "x.json", "--ascii"], True), (["replay", "x.json", "--no-ascii"], False),
    (["campaign", "play", "c.json", "--app", "--ascii"], True)])
def test_ascii_is_an_option_wherever_the_app_starts(argv, ascii_map):
    assert cli.parser().parse_args(argv).ascii is ascii_map


def test_ascii_reaches_the_app(monkeypatch):
    opened = []
    monkeypatch.setattr(cli, "run_app", lambda app: opened.append(app) or 0)
    assert cli.main(["--ascii"]) == 0
    assert cli.main(["new", "--game", "warhammer-quest", "--no-ascii"]) == 0
    assert [app.ascii_map for app in opened] == [True, False]


def test_new_loads_no_more_than_the_game_needs(tmp_path):
    """`dungeon-tui new` keeps the campaign commands, the record models and (once the content's
    parsed copy is kept) the YAML library off the way to the first map.  (HeroQuest's armory
    reads the campaign files' error words, which bring the record models: not asked here.)"""
    import json
    import os
    import subprocess
    import sys
    code = ("import json, sys\n"
            "from dungeon_tui import cli\n"
            "cli.play_app(cli.parser().parse_args(['new', '--game', 'whq', '--seed', '3']))\n"
            "print(json.dumps(sorted(m for m in sys.modules if m == 'yaml' or m.endswith(('.record', '.campaign',\n"
            "    '.campaign_commands', '.campaign_file')))))\n")
    env = dict(os.environ, DUNGEON_TUI_CACHE=str(tmp_path), DUNGEON_TUI_SAVES=str(tmp_path / "saves"))
    loaded = [json.loads(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                        check=True).stdout) for _ in range(2)]
    assert loaded == [["yaml"], []]  # the first run parses the YAML and keeps it; the second reads it


def test_the_collector_is_on_again_after_the_app(monkeypatch):
    """play_app turns the collector off while the program starts; it is never left off."""
    import gc
    monkeypatch.setattr(cli, "run_app", lambda app: 0)  # an app that stops before its first frame
    assert cli.main(["new", "--game", "warhammer-quest"]) == 0
    assert gc.isenabled()
