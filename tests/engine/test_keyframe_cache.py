"""Keyframes kept between runs (engine/keyframe_cache.py): a load starts from the app's own last
keyframe of the game when the record agrees with it, and is exactly the game a replay from the
start gives; whatever does not agree (another path, a changed record, a changed or broken kept
file, another build's file) is a miss, and the record is replayed as before."""
from __future__ import annotations

import json
import pickle

import pytest

from dungeon_tui.engine import keyframe_cache, record
from dungeon_tui.engine.game import Game
from dungeon_tui.rulesets import game_from_record, get


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache" / "keyframes"


def played_game(decisions: int = 300, game_id: str = "warhammer-quest") -> Game:
    """An AI game cut after `decisions`, keeping keyframes as the app's games do."""
    rs = get(game_id)
    game = rs.new_game({}, 4)
    game.keep_keyframes, game.keyframe_gap = True, 40
    seats = rs.ai_controllers()
    while not game.over and len(game.decisions) < decisions:
        d = game.pending
        game.play(*(seats.get(d.seat) or seats["*"]).choose(game, d))
    assert not game.over and len(game.keyframes) >= 3
    return game


def save(game: Game, path) -> record.RecordModel:
    record.save(game, path, "test")
    frame = game.keyframes[-1]
    keyframe_cache.write("load", game, [frame], game.decisions[:frame.decisions])
    return record.read(path)


def replays(monkeypatch) -> list:
    """The decisions played from here on (each call of Game.play)."""
    played: list = []
    monkeypatch.setattr(Game, "play", lambda self, a, why="", _play=Game.play: played.append(a) or _play(self, a, why))
    return played


def same_game(a: Game, b: Game) -> None:
    assert a.state_hash() == b.state_hash() and a.checkpoints == b.checkpoints
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]
    assert a.decisions == b.decisions and [w for _, w in a.decisions] == [w for _, w in b.decisions]
    assert [str(x) for x, _ in a.decisions] == [str(x) for x, _ in b.decisions]  # the game's own words
    assert a.pending == b.pending


def test_a_load_starts_from_the_kept_keyframe_and_is_the_replayed_game(cache, tmp_path, monkeypatch):
    game = played_game()
    rec = save(game, tmp_path / "save.json")
    frame = game.keyframes[-1]
    played = replays(monkeypatch)
    loaded = record.load(rec, game_from_record)
    assert len(played) == len(rec.decisions) - frame.decisions < 80  # only what follows the keyframe
    monkeypatch.undo()
    same_game(loaded, record.replay(rec, game_from_record))
    same_game(loaded, game)
    loaded.run(get("warhammer-quest").ai_controllers())  # and it plays on to an end


def test_without_a_cache_folder_a_load_replays(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_CACHE", "")
    game = played_game()
    rec = save(game, tmp_path / "save.json")
    played = replays(monkeypatch)
    record.load(rec, game_from_record)
    assert len(played) == len(rec.decisions)


def edit_record(path, change) -> record.RecordModel:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return record.read(path)


def test_a_record_that_does_not_agree_with_the_kept_keyframe_is_replayed(cache, tmp_path, monkeypatch):
    game = played_game()
    path = tmp_path / "save.json"
    save(game, path)
    # A reason changed by hand before the keyframe: the kept path is not this record's.
    rec = edit_record(path, lambda d: d["decisions"][3].update(why="changed by hand"))
    played = replays(monkeypatch)
    loaded = record.load(rec, game_from_record)
    assert len(played) == len(rec.decisions) and loaded.decisions[3][1] == "changed by hand"


def test_a_changed_hash_before_the_keyframe_is_still_a_desync(cache, tmp_path):
    game = played_game()
    path = tmp_path / "save.json"
    save(game, path)

    def tamper(d):
        d["checkpoints"][0][2] = "0" * 16
    rec = edit_record(path, tamper)
    with pytest.raises(record.RecordError, match="desync at round"):
        record.load(rec, game_from_record)


def kept_file(cache):
    (path,) = cache.glob("load-*.pickle")
    return path


def opened(path):
    """What a kept file holds, its seal checked as the cache checks it."""
    data = keyframe_cache.unseal(path.parent, path.read_bytes())
    assert data is not None
    return pickle.loads(data)


def sealed_back(path, data):
    """`data` written over the kept file with this install's seal: what a fault of our own
    would leave, which the checks after the seal must catch."""
    path.write_bytes(keyframe_cache.seal(path.parent, pickle.dumps(data)))


def test_a_kept_state_that_is_not_the_records_is_not_used(cache, tmp_path, monkeypatch):
    game = played_game()
    rec = save(game, tmp_path / "save.json")
    path = kept_file(cache)
    fmt, heads, *rest = opened(path)
    other = played_game(200)  # a state of another moment of the game
    heads[-1] = (heads[-1][0], pickle.dumps(other.state), *heads[-1][2:])
    sealed_back(path, (fmt, heads, *rest))
    played = replays(monkeypatch)
    loaded = record.load(rec, game_from_record)
    assert len(played) == len(rec.decisions)
    monkeypatch.undo()
    same_game(loaded, game)


@pytest.mark.parametrize("damage", ["cut short", "another build"])
def test_a_broken_or_foreign_kept_file_is_only_a_miss(cache, tmp_path, monkeypatch, damage):
    game = played_game()
    rec = save(game, tmp_path / "save.json")
    path = kept_file(cache)
    if damage == "cut short":
        path.write_bytes(path.read_bytes()[:1000])
    else:
        monkeypatch.setattr(keyframe_cache, "code_stamp", lambda: "0" * 16)
    played = replays(monkeypatch)
    record.load(rec, game_from_record)
    assert len(played) == len(rec.decisions)


def test_the_viewers_keyframes_come_back_whole_and_only_for_the_same_decisions(cache, tmp_path):
    game = played_game()
    record.save(game, tmp_path / "save.json", "test")
    rec = record.read(tmp_path / "save.json")
    keyframe_cache.write("view", game, game.keyframes, game.decisions)
    frames, played = keyframe_cache.read("view", game, rec.decisions)
    assert played == game.decisions
    assert [(f.decisions, f.frozen, f.checkpoints) for f in frames] == \
        [(f.decisions, f.frozen, f.checkpoints) for f in game.keyframes]
    def events(fs):
        return [[e.to_json() for e in f.events] for f in fs]
    assert events(frames) == events(game.keyframes)
    changed = edit_record(tmp_path / "save.json", lambda d: d["decisions"][5].update(why="another reason"))
    assert keyframe_cache.read("view", game, changed.decisions) is None
    assert keyframe_cache.read("view", game, rec.decisions[:10]) is None  # a shorter record


def test_the_folder_keeps_the_newest_files_within_its_bounds(cache, monkeypatch):
    import time
    monkeypatch.setattr(keyframe_cache, "KEEP_FILES", 3)
    game = played_game()
    frame = game.keyframes[-1]
    for seed in range(5):  # five games of their own
        game.seed = seed
        keyframe_cache.write("load", game, [frame], game.decisions[:frame.decisions])
        time.sleep(0.02)  # the files' times tell the newest
    assert len(list(cache.glob("*.pickle"))) == 3
    game.seed = 4
    assert keyframe_cache._path("load", game).exists()
    game.seed = 0
    assert not keyframe_cache._path("load", game).exists()


class _Planted:
    """What a stranger could plant in the cache folder: a pickle that calls something of its
    choosing as it is read (here `open`, which makes a file)."""

    def __init__(self, where) -> None:
        self.where = str(where)

    def __reduce__(self):
        return open, (self.where, "w")


@pytest.mark.parametrize("where", ["the file", "a kept state", "the file, unsealed", "the file, sealed elsewhere"])
def test_a_kept_file_that_names_anything_but_our_state_classes_is_refused_unread(cache, tmp_path, monkeypatch, where):
    game = played_game()
    rec = save(game, tmp_path / "save.json")
    path = kept_file(cache)
    marker = tmp_path / "planted"
    if where == "the file":  # sealed by this install: refused by the state classes admitted
        sealed_back(path, _Planted(marker))
    elif where == "a kept state":
        fmt, heads, *rest = opened(path)
        heads[-1] = (heads[-1][0], pickle.dumps(_Planted(marker)), *heads[-1][2:])
        sealed_back(path, (fmt, heads, *rest))
    elif where == "the file, unsealed":  # a stranger's file: never unpickled
        path.write_bytes(pickle.dumps(_Planted(marker)))
    else:  # another install's seal (another key) on a stranger's file
        elsewhere = tmp_path / "elsewhere"
        elsewhere.mkdir()
        path.write_bytes(keyframe_cache.seal(elsewhere, pickle.dumps(_Planted(marker))))
    played = replays(monkeypatch)
    loaded = record.load(rec, game_from_record)
    assert not marker.exists()
    assert len(played) == len(rec.decisions)  # a miss: the record replayed from the start
    monkeypatch.undo()
    same_game(loaded, game)


def test_a_file_this_install_did_not_seal_is_never_unpickled(cache, tmp_path, monkeypatch):
    game = played_game()
    rec = save(game, tmp_path / "save.json")
    path = kept_file(cache)
    data = opened(path)
    path.write_bytes(pickle.dumps(data))  # the very same keyframes, without the seal
    thawed = []
    monkeypatch.setattr(keyframe_cache, "thaw_state", lambda b: thawed.append(b))
    played = replays(monkeypatch)
    record.load(rec, game_from_record)
    assert thawed == []
    assert len(played) == len(rec.decisions)


def test_a_key_that_cannot_be_read_leaves_loading_to_the_replay(cache, tmp_path, monkeypatch):
    cache.mkdir(parents=True)
    (cache / ".secret").mkdir()  # a folder where the key's file goes
    game = played_game()
    rec = save(game, tmp_path / "save.json")
    assert not list(cache.glob("*.pickle"))  # nothing kept, no error
    played = replays(monkeypatch)
    loaded = record.load(rec, game_from_record)
    assert len(played) == len(rec.decisions)
    monkeypatch.undo()
    same_game(loaded, game)
