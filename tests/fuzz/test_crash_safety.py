"""Crash safety: a process killed (SIGKILL) in the middle of writing a save leaves the previous
save whole and loadable — for `record.save` and for the app's autosave."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from dungeon_tui.engine import record
from dungeon_tui.rulesets import game_from_record
from dungeon_tui.tui.session import load_session

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

# The child plays a HeroQuest game and saves it.  It announces "saving <hash> <decisions>" before
# each save and "saved" after it; with "slow" the second and later saves write half the file and
# then stall (announcing "writing"), so the parent can kill it mid-write.
CHILD = r'''
import os, sys, time
from pathlib import Path
from dungeon_tui import __version__
from dungeon_tui.rulesets import get
from dungeon_tui.engine import record

mode, target, how = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
real_fdopen = os.fdopen
slow = {"on": False}


class SlowFile:
    """A file whose write stops halfway, flushed to disk, until the process is killed."""
    def __init__(self, fh):
        self.fh = fh
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return self.fh.__exit__(*exc)
    def write(self, text):
        self.fh.write(text[: len(text) // 2])
        self.fh.flush()
        os.fsync(self.fh.fileno())
        print("writing", flush=True)
        time.sleep(120)
        self.fh.write(text[len(text) // 2:])
    def flush(self):
        self.fh.flush()
    def fileno(self):
        return self.fh.fileno()


def fdopen(*args, **kwargs):
    fh = real_fdopen(*args, **kwargs)
    return SlowFile(fh) if slow["on"] else fh


os.fdopen = fdopen

if how == "autosave":
    os.environ["DUNGEON_TUI_SAVES"] = str(target.parent)
    from dungeon_tui.tui.session import new_session
    session = new_session("heroquest", {"adventure": "the_trial"}, 21)
    session.owners = {k: "AI" for k in session.owners}
    session.autosave_file = target
    game = session.game
else:
    from dungeon_tui.rulesets.heroquest.game import GAME
    game = GAME.new_game({"adventure": "the_trial"}, 21)
ctl = get("heroquest").ai_controllers()
saves = rounds = 0
while not game.over:
    d = game.pending
    game.play(*(ctl.get(d.seat) or ctl["*"]).choose(game, d))
    if how == "autosave":
        if len(game.checkpoints) == rounds:  # one autosave a round: enough writes to interrupt
            continue
        rounds = len(game.checkpoints)
        print(f"saving {game.state_hash()} {len(game.decisions)}", flush=True)
        session.autosave()
    else:
        print(f"saving {game.state_hash()} {len(game.decisions)}", flush=True)
        record.save(game, target, __version__)
    print("saved", flush=True)
    saves += 1
    slow["on"] = mode == "slow"
print("over", flush=True)
time.sleep(120)
'''


def start(tmp: Path, mode: str, how: str) -> tuple[subprocess.Popen, Path]:
    target = tmp / ("autosave.json" if how == "autosave" else "game.json")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", CHILD, mode, str(target), how], env=env,
                             stdout=subprocess.PIPE, text=True)
    return child, target


def kill(child: subprocess.Popen, announced: list[tuple[str, int]] | None = None) -> None:
    """SIGKILL the child; with `announced`, also note the saves it announced that were still
    unread in the pipe (on a busy machine the child runs ahead of the reader)."""
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert child.returncode == -signal.SIGKILL
    if announced is not None:
        for line in child.stdout:
            announce(line, announced)
    child.stdout.close()


def announce(line: str, announced: list[tuple[str, int]]) -> bool:
    """Note a "saving <hash> <decisions>" line; True if it was one."""
    if not line.startswith("saving"):
        return False
    _, digest, n = line.split()
    announced.append((digest, int(n)))
    return True


def loads_as(path: Path, how: str) -> tuple[str, int]:
    game = load_session(path).game if how == "autosave" else record.replay(record.read(path), game_from_record)
    return game.state_hash(), len(game.decisions)


@pytest.mark.parametrize("how", ["record", "autosave"])
def test_killed_in_the_middle_of_a_save_the_previous_save_is_intact(tmp_path, how):
    child, target = start(tmp_path, "slow", how)
    announced: list[tuple[str, int]] = []
    try:
        for line in child.stdout:
            if announce(line, announced):
                continue
            if line.strip() == "saved":
                previous = target.read_bytes()
            elif line.strip() == "writing":
                break
        else:
            pytest.fail("the child never reached its second save")
    finally:
        kill(child)
    assert len(announced) == 2
    assert target.read_bytes() == previous  # the old save, byte for byte
    assert loads_as(target, how) == announced[0]
    # the half-written temporary file is all that is left of the killed save, and it is not the save
    leftovers = [p for p in tmp_path.iterdir() if p != target]
    assert all(p.name.startswith(f".{target.name}.") and p.name.endswith(".tmp") for p in leftovers)


@pytest.mark.parametrize("how", ["record", "autosave"])
def test_killed_at_many_points_while_saving_the_file_always_loads(tmp_path, how):
    # Kill after the k-th announcement for several k: the child is then somewhere in playing,
    # serialising or writing.  Whatever it was doing, the file is a whole save of an announced state.
    for k in (1, 2, 3, 5, 8, 13):
        folder = tmp_path / f"k{k}"
        folder.mkdir()
        child, target = start(folder, "fast", how)
        announced: list[tuple[str, int]] = []
        try:
            for line in child.stdout:
                if announce(line, announced) and len(announced) == k:
                    break
        finally:
            kill(child, announced)
        assert len(announced) >= k
        if target.exists():
            # the last save announced before the kill, or the one it was writing
            assert loads_as(target, how) in announced[-2:], k
        else:
            assert k == 1  # killed before the first save finished: nothing was there to lose
