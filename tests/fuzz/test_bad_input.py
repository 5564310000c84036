"""Bad saves: every malformed, hostile or huge file gives one clear line, a non-zero exit, no
traceback, and leaves every file on disk as it was — through `replay --headless` and through
loading (`record.read` + `record.replay`, as `load` and the app do)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dungeon_tui import __version__
from dungeon_tui.ai.controllers import random_controllers
from dungeon_tui.engine import record
from dungeon_tui.rulesets import game_from_record
from dungeon_tui.rulesets.heroquest.game import GAME as HQ
from dungeon_tui.tui.session import load_session

ROOT = Path(__file__).resolve().parents[2]
CORPUS = Path(__file__).parent / "corpus"
CORPUS_FILES = sorted(p.name for p in CORPUS.iterdir())


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else b"<dir>", p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*"))}


def real_record(upto: int = 60) -> dict:
    """A real HeroQuest game (its first `upto` decisions) as record JSON, to tamper with."""
    game = HQ.new_game({"adventure": "the_trial"}, 13)  # 11 ends in 45 since HQ rules version 3, 12 in 25 since 4
    ctl = random_controllers(3)
    while not game.over and len(game.decisions) < upto:
        d = game.pending
        game.play(*(ctl.get(d.seat) or ctl["*"]).choose(game, d))
    return record.to_json(game, __version__)


def generated(tmp: Path) -> dict[str, str]:
    """Bad files made in the test: the huge ones, and tampered real records."""
    out: dict[str, str] = {}
    big = tmp / "huge_60mb.json"
    with big.open("w") as fh:
        fh.write('{"format": "dungeon-tui-record", "version": 1, "meta": "')
        chunk = "x" * (1 << 20)
        for _ in range(60):
            fh.write(chunk)
        fh.write('"}')
    out[big.name] = "at most"
    rec = real_record()
    hero = next(d for d in rec["decisions"] if d["seat"].startswith("hero:"))
    variants = {
        "tampered_middle.json": ("decisions", lambda r: r["decisions"].__setitem__(
            len(r["decisions"]) // 2, {"seat": hero["seat"], "kind": "teleport", "args": {"to": [0, 0]}}), "not legal"),
        "tampered_dice.json": ("decisions", lambda r: r["decisions"].__setitem__(
            next(i for i, d in enumerate(r["decisions"]) if d["kind"] == "dice"),
            {"seat": "chance", "kind": "dice", "args": {"faces": [7, 99, -1]}}), "not legal"),
        "tampered_args.json": ("decisions", lambda r: r["decisions"].__setitem__(
            3, {"seat": "chance", "kind": "dice", "args": {"faces": {"a": [1]}}}), "decision 4"),
        "path_seat.json": ("decisions", lambda r: r["decisions"].insert(
            2, {"seat": "../../../etc/passwd", "kind": "/dev/null", "args": {"file": "../../x"}}), "decision 3"),
        "newline_seat.json": ("decisions", lambda r: r["decisions"].insert(
            1, {"seat": "hero:\nTraceback (most recent call last):", "kind": "\x1b[2J", "args": {}}), "decision 2"),
        "wrong_checkpoint.json": ("checkpoints", lambda r: r["checkpoints"].__setitem__(
            0, [r["checkpoints"][0][0], r["checkpoints"][0][1], "0" * 16]), "desync"),
        "absurd_setup.json": ("setup", lambda r: r.__setitem__(
            "setup", {"adventure": "the_trial", "heroes": ["barbarian"] * 100_000}), "setup is not valid"),
        "path_setup.json": ("setup", lambda r: r.__setitem__(
            "setup", {"adventure": "../../../../etc/passwd"}), "unknown quest"),
        "other_rules_version.json": ("rules_version", lambda r: r.__setitem__("rules_version", "999"),
                                     "rules version 999"),
        "unknown_game_real.json": ("ruleset", lambda r: r.__setitem__("ruleset", "space-hulk"), "space-hulk"),
        "newline_key.json": ("meta", lambda r: r.__setitem__("evil\nkey", 1), "Extra inputs"),
    }
    for name, (_what, tamper, says) in variants.items():
        r = json.loads(json.dumps(rec))
        tamper(r)
        (tmp / name).write_text(json.dumps(r))
        out[name] = says
    done = real_record(upto=100_000)
    assert done["decisions"] and len(done["decisions"]) < 100_000
    done["decisions"].append(done["decisions"][-1])
    (tmp / "after_the_end.json").write_text(json.dumps(done))
    out["after_the_end.json"] = "after the end of the game"
    return out


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("bad")
    for name in CORPUS_FILES:
        shutil.copy2(CORPUS / name, tmp / name)
    says = dict.fromkeys(CORPUS_FILES, "") | generated(tmp)
    (tmp / "a_folder.json").mkdir()
    says["a_folder.json"] = "not a file"
    says["missing.json"] = "cannot open"
    return tmp, says


def test_the_corpus_is_there():
    assert len(CORPUS_FILES) >= 20 and "deep_10000.json" in CORPUS_FILES


def one_line(reason: str) -> None:
    assert reason and "\n" not in reason and "\r" not in reason and "\x1b" not in reason
    assert "Traceback" not in reason.split(":", 1)[0]


def test_loading_each_bad_file_raises_one_clear_line(bad_files):
    folder, says = bad_files
    before = snapshot(folder)
    for name, expected in sorted(says.items()):
        with pytest.raises(record.RecordError) as err:
            record.replay(record.read(folder / name), game_from_record)
        reason = str(err.value)
        one_line(reason)
        assert expected in reason, (name, reason)
        with pytest.raises(record.RecordError):  # the app's load path
            load_session(folder / name)
    assert snapshot(folder) == before


def test_replay_headless_of_each_bad_file_is_one_line_and_exit_2(bad_files):
    folder, says = bad_files
    before = snapshot(folder)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for name in sorted(says):
        out = subprocess.run([sys.executable, "-m", "dungeon_tui", "replay", str(folder / name), "--headless"],
                             env=env, capture_output=True, text=True, cwd=folder)
        assert out.returncode == 2, (name, out.stderr)
        lines = out.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("dungeon-tui: "), (name, out.stderr)
        assert "Traceback" not in out.stderr and says[name] in lines[0], (name, lines)
    assert snapshot(folder) == before


def test_the_untampered_record_still_replays(tmp_path):
    path = tmp_path / "good.json"
    path.write_text(json.dumps(real_record()))
    game = record.replay(record.read(path), game_from_record)
    assert len(game.decisions) == 60
