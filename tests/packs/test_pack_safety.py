"""A pack is untrusted input: each way a folder can be bad is refused with one line naming the
pack's file, and the installed games go on as before.  Then what the models and the cross-file
checks say about a pack's data names the pack's file, and ids that clash are refused."""
import os
import shutil
import stat
from pathlib import Path

import pytest

from dungeon_tui import cli
from dungeon_tui.engine import packs
from dungeon_tui.rulesets import get

EXAMPLE = Path(__file__).parent / "examples" / "hq-orc-captain"
GAMES = {"ashardalon", "catakombs", "heroquest", "skirmish", "warhammer_quest"}


@pytest.fixture
def pack(tmp_path):
    folder = tmp_path / "pack"
    shutil.copytree(EXAMPLE, folder)
    return folder


def refused(folder, capsys):
    """The one line `content check --content` prints for the pack; the installed game unchanged."""
    with pytest.raises(packs.PackError) as err:
        packs.read(folder, GAMES)
    (line,) = err.value.problems
    capsys.readouterr()
    assert cli.main(["content", "check", "--game", "heroquest", "--content", str(folder)]) == 2
    out = capsys.readouterr()
    assert out.err.splitlines() == [line] and out.out == ""
    assert cli.main(["content", "check", "--game", "heroquest"]) == 0
    assert "with pack" not in capsys.readouterr().out
    assert "the_orc_captain" not in get("heroquest").content().quests
    return line


def test_a_link_out_of_the_folder(pack, tmp_path, capsys):
    outside = tmp_path / "outside.yaml"
    outside.write_text("monsters: {}\n")
    target = pack / "heroquest" / "monsters.yaml"
    target.unlink()
    target.symlink_to(outside)
    line = refused(pack, capsys)
    assert line == f"{pack}/heroquest/monsters.yaml: a link out of the pack's folder (to {outside}); " \
                   f"a pack keeps all its files inside"


def test_a_link_inside_the_folder_is_read(pack):
    (pack / "heroquest" / "more.yaml").symlink_to(pack / "heroquest" / "monsters.yaml")
    assert "heroquest/more.yaml" in packs.read(pack, GAMES).files


def test_a_ten_megabyte_file(pack, capsys):
    (pack / "heroquest" / "monsters.yaml").write_bytes(b"# " + b"x" * (10 * 1024 * 1024) + b"\n")
    assert refused(pack, capsys) == f"{pack}/heroquest/monsters.yaml: {10 * 1024 * 1024 + 3} bytes; " \
                                   f"a pack's file is at most {packs.MAX_FILE_BYTES}"


def test_too_much_in_all(pack, capsys):
    for i in range(12):
        (pack / "heroquest" / f"n{i}.yaml").write_bytes(b"#" * 200_000 + b"\n")
    assert refused(pack, capsys) == f"{pack}: more than {packs.MAX_TOTAL_BYTES} bytes in all"


def test_too_many_files(pack, capsys):
    for i in range(packs.MAX_FILES + 1):
        (pack / "heroquest" / f"n{i:03}.yaml").write_text("{}\n")
    assert refused(pack, capsys) == f"{pack}: more than {packs.MAX_FILES} files"


def test_deep_nesting(pack, capsys):
    (pack / "heroquest" / "monsters.yaml").write_text("monsters: " + "[" * 200 + "]" * 200 + "\n")
    assert refused(pack, capsys) == f"{pack}/heroquest/monsters.yaml: line 1: nested deeper than " \
                                   f"{packs.MAX_DEPTH} levels"


def test_an_alias_bomb(pack, capsys):
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
    (pack / "heroquest" / "monsters.yaml").write_text("\n".join(lines) + "\n")
    assert refused(pack, capsys) == f"{pack}/heroquest/monsters.yaml: line 1: anchors and aliases (& and *) " \
                                   f"are not allowed in a pack"


def test_a_tag(pack, capsys):
    (pack / "heroquest" / "monsters.yaml").write_text("monsters: !!python/object:os.system {}\n")
    assert refused(pack, capsys) == f"{pack}/heroquest/monsters.yaml: line 1: tags (tag:yaml.org,2002:python/object:" \
                                   f"os.system) are not allowed in a pack"


def test_a_file_that_is_a_folder(pack, capsys):
    (pack / "heroquest" / "treasure.yaml").mkdir()
    assert refused(pack, capsys) == f"{pack}/heroquest/treasure.yaml: is a folder, not a file"


def test_a_folder_that_is_a_file(pack, capsys):
    shutil.rmtree(pack / "heroquest" / "quests")
    (pack / "heroquest" / "quests").write_text("the_orc_captain\n")
    assert refused(pack, capsys) == f"{pack}/heroquest/quests: a file that is not .yaml (a pack holds folders, " \
                                   f".yaml files, and notes in .md or .txt)"


def test_the_pack_itself_a_file(tmp_path, capsys):
    (tmp_path / "pack").write_text("name: x\n")
    with pytest.raises(packs.PackError, match="a content pack is a folder"):
        packs.read(tmp_path / "pack")


def test_an_unreadable_file(pack, capsys, monkeypatch):
    target = pack / "heroquest" / "monsters.yaml"
    target.chmod(0)
    if os.geteuid() == 0:  # root reads it all the same: the system refuses it instead
        real_open = open

        def refusing_open(path, *args, **kwargs):
            if Path(path) == target:
                raise PermissionError(13, "Permission denied", str(path))
            return real_open(path, *args, **kwargs)
        monkeypatch.setattr(packs, "open", refusing_open, raising=False)
    try:
        assert refused(pack, capsys) == f"{pack}/heroquest/monsters.yaml: cannot read (Permission denied)"
    finally:
        target.chmod(stat.S_IRUSR | stat.S_IWUSR)


def test_a_fifo(pack, capsys):
    os.mkfifo(pack / "heroquest" / "pipe.yaml")
    assert refused(pack, capsys) == f"{pack}/heroquest/pipe.yaml: not a plain file"


def test_files_outside_the_games_folders_and_unknown_games(pack, capsys):
    (pack / "stray.yaml").write_text("{}\n")
    assert refused(pack, capsys) == f"{pack}/stray.yaml: not in the folder of a game pack.yaml names (heroquest)"
    (pack / "stray.yaml").unlink()
    (pack / "pack.yaml").write_text("name: orc-captain\nversion: '1'\ngames: [heroquest, chess]\n")
    assert refused(pack, capsys).startswith(f"{pack}/pack.yaml: games: unknown game 'chess'; known: ")


# -- what the models and checks say about a pack's data ---------------------------------------

def replaces(pack, what):
    with (pack / "pack.yaml").open("a") as fh:
        fh.write(f"replaces: [{what!r}]\n")


def problems_of(pack, capsys):
    capsys.readouterr()
    assert cli.main(["content", "check", "--game", "heroquest", "--content", str(pack)]) == 1
    return capsys.readouterr().out.splitlines()


def test_a_models_error_names_the_pack_file(pack, capsys):
    path = pack / "heroquest" / "monsters.yaml"
    path.write_text(path.read_text().replace("attack: 4", "attack: lots"))
    assert problems_of(pack, capsys) == [f"{pack}/heroquest/monsters.yaml: monsters.orc_captain.attack: "
                                         f"Input should be a valid integer, unable to parse string as an integer"]


def test_a_cross_file_error_names_the_pack_file(pack, capsys):
    path = pack / "heroquest" / "quests" / "the_orc_captain.yaml"
    path.write_text(path.read_text().replace("kind: orc_captain", "kind: troll"))
    (line,) = problems_of(pack, capsys)
    assert line.startswith(f"{pack}/heroquest/quests/the_orc_captain.yaml: monsters") and "troll" in line


def test_an_id_that_clashes_is_refused_naming_both_files(pack, capsys):
    (pack / "heroquest" / "monsters.yaml").write_text(
        "monsters:\n  orc: {name: Orc, glyph: o, move: 8, attack: 6, defend: 6, body: 3, mind: 2}\n")
    quests = pack / "heroquest" / "quests"
    shutil.copy(quests / "the_orc_captain.yaml", quests / "the_trial.yaml")
    assert problems_of(pack, capsys) == [
        f"{pack}/heroquest/monsters.yaml: monsters.orc: clashes with content/heroquest/monsters.yaml "
        f"(pack.yaml may list it under replaces)",
        f"{pack}/heroquest/quests/the_trial.yaml: clashes with content/heroquest/quests/the_trial.yaml "
        f"(pack.yaml may list it under replaces)"]


def test_a_pack_replaces_what_it_says_it_replaces(pack, capsys):
    (pack / "heroquest" / "monsters.yaml").write_text(
        "monsters:\n  orc: {name: Orc, glyph: o, move: 8, attack: 6, defend: 6, body: 3, mind: 2}\n")
    os.remove(pack / "heroquest" / "quests" / "the_orc_captain.yaml")
    shutil.rmtree(pack / "heroquest" / "quests")
    replaces(pack, "heroquest/monsters.yaml: monsters.orc")
    assert cli.main(["content", "check", "--game", "heroquest", "--content", str(pack)]) == 0
    assert get("heroquest").content().monsters["orc"].attack == 6
    packs.offer([])
    assert get("heroquest").content().monsters["orc"].attack == 3  # without the pack, the box's orc


def test_replacing_what_is_not_there_is_refused(pack, capsys):
    replaces(pack, "heroquest/monsters.yaml: monsters.troll")
    assert problems_of(pack, capsys) == [f"{pack}/pack.yaml: replaces: 'heroquest/monsters.yaml: monsters.troll' "
                                         f"names nothing the pack holds that the game has already"]


def test_a_file_the_game_does_not_have(pack, capsys):
    (pack / "heroquest" / "dragons.yaml").write_text("dragons: {}\n")
    (line,) = problems_of(pack, capsys)
    assert line.startswith(f"{pack}/heroquest/dragons.yaml: not a content file of this game (its files: board.yaml, ")


def test_the_players_own_folder_adds_good_packs_and_skips_bad_ones(pack, tmp_path, capsys, monkeypatch):
    own = tmp_path / "own"
    own.mkdir()
    shutil.copytree(pack, own / "good")
    shutil.copytree(pack, own / "bad")
    (own / "bad" / "pack.yaml").write_text("name: bad\nversion: '1'\ngames: [heroquest]\n")
    (own / "bad" / "heroquest" / "monsters.yaml").write_text("monsters: &a {x: *a}\n")
    monkeypatch.setenv(packs.ENV, str(own))
    assert cli.main(["content", "check", "--game", "heroquest"]) == 0
    out = capsys.readouterr()
    assert out.err.splitlines() == [f"dungeon-tui: content pack {own}/bad is skipped: "
                                    f"{own}/bad/heroquest/monsters.yaml: line 1: anchors and aliases (& and *) "
                                    f"are not allowed in a pack"]
    assert "with pack orc-captain 1.0" in out.out
    shutil.copytree(pack, own / "twin")  # a second copy of the good pack, under the same name
    assert cli.main(["content", "check", "--game", "heroquest"]) == 0
    assert f"dungeon-tui: content pack {own}/twin is skipped: {own}/twin/pack.yaml: name: 'orc-captain' is the " \
           f"name of {own}/good too" in capsys.readouterr().err.splitlines()


def test_a_new_spell_without_the_code_behind_it_stops_a_new_game(pack, capsys, monkeypatch):
    monkeypatch.setattr(cli, "run_app", lambda app: pytest.fail("the app was opened"))
    (pack / "heroquest" / "spells.yaml").write_text(
        "spells:\n  frost_bite: {name: Frost Bite, group: water, target: monster, text: Ice bites.}\n")
    assert cli.main(["new", "--game", "heroquest", "--content", str(pack)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err and all("frost_bite" in line for line in err)


def test_too_many_names(pack, capsys):
    for i in range(packs.MAX_ENTRIES):
        (pack / "heroquest" / f"empty{i}").mkdir()
    assert refused(pack, capsys) == f"{pack}: more than {packs.MAX_ENTRIES} files and folders"


def test_a_number_too_long_to_read(pack, capsys):
    (pack / "heroquest" / "monsters.yaml").write_text("monsters: " + "9" * 5000 + "\n")
    assert refused(pack, capsys).startswith(f"{pack}/heroquest/monsters.yaml: cannot read a value (Exceeds the limit")
