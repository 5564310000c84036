"""The saves list with a full folder: 1,000 HeroQuest records (AI games played to their end,
each written many times under other names), listed the old way (every file read and validated
in full) and the new way (each record's head: its first bytes and its last), in the same run;
then the app's Load screen opened on that folder (a pilot run, until its table is filled) and
Continue's search for the newest game.

Prints figures; asserts nothing.  Run: python bench/saves_list.py [--saves 1000] [--games 10]
`--against DIR` measures only the Load screen, of this checkout and of DIR (another checkout,
for example main before a change) on the same folder, each in fresh processes taking turns, as
a player opens it once: from pushed to its first rows drawn (CPU and wall) and to all rows.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def fill(folder: Path, saves: int, games: int) -> int:
    """`saves` records in `folder`, copies of `games` finished AI games; their total bytes."""
    from dungeon_tui.batch import game_seed, meta_for
    from dungeon_tui.engine import record
    from dungeon_tui.rulesets.heroquest.game import GAME
    texts = []
    for i in range(games):
        game = GAME.new_game({"adventure": "crypt_of_the_bone_lantern"}, game_seed(7, i))
        game.keep_events = False
        game.run(GAME.ai_controllers())
        path = folder / "one.json"
        record.save(game, path, "bench", meta_for(game, f"bench game {i}"))
        texts.append(path.read_bytes())
    path.unlink()
    for n in range(saves):
        (folder / f"save-{n:04d}.json").write_bytes(texts[n % games])
    return sum(len(texts[n % games]) for n in range(saves))


def timed(fn) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def listed(folder: Path, read) -> None:  # type: ignore[no-untyped-def]
    """Every record of the folder read as the list reads it (`record.read` or `record.read_head`)."""
    from dungeon_tui.engine import record
    for p in sorted(folder.glob("*.json")):
        with contextlib.suppress(record.RecordError):
            read(p)


async def load_screen(folder: Path, saves: int) -> tuple[float, float, float]:
    """The Load screen in the app at 120x40, from pushed: to its first rows drawn (the screen
    answers keys from then on), wall and CPU time; to every row in the table, wall time."""
    from textual.widgets import DataTable

    from dungeon_tui.tui.app import DungeonApp, SavesScreen
    app = DungeonApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        start, cpu = time.perf_counter(), time.process_time()
        app.push_screen(SavesScreen("load"))
        await pilot.pause()
        while not (isinstance(app.screen, SavesScreen) and app.screen.query(DataTable)
                   and app.screen.query_one(DataTable).row_count > 1):
            await pilot.pause(0.001)
        first, first_cpu = time.perf_counter() - start, time.process_time() - cpu
        while app.screen.query_one(DataTable).row_count < saves:
            await pilot.pause(0.001)
        return first, first_cpu, time.perf_counter() - start


async def first_rows(saves: int) -> tuple[float, float, float, float]:
    """The Load screen pushed in this process: (CPU, wall) to its first rows, (CPU, wall) to all."""
    from textual.widgets import DataTable

    from dungeon_tui.tui.app import DungeonApp, SavesScreen
    app = DungeonApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        start, cpu = time.perf_counter(), time.process_time()
        app.push_screen(SavesScreen("load"))
        first: tuple[float, float] | None = None
        while True:
            s = app.screen
            rows = s.query_one(DataTable).row_count if isinstance(s, SavesScreen) and s.query(DataTable) else 0
            if first is None and rows > 1:
                first = (time.process_time() - cpu, time.perf_counter() - start)
            if first is not None and rows >= saves:
                return (*first, time.process_time() - cpu, time.perf_counter() - start)
            await pilot.pause(0.001)


def against(folder: Path, other: Path, saves: int, runs: int) -> None:
    """The Load screen of both checkouts, fresh processes taking turns."""
    import json
    import subprocess
    # The measured checkout goes first on the path after this script's module, which puts its own.
    code = ("import asyncio, json, sys; sys.path.insert(0, sys.argv[2]); import saves_list; "
            "sys.path.insert(0, sys.argv[1]); import dungeon_tui; assert dungeon_tui.__file__.startswith(sys.argv[1]); "
            "print(json.dumps(asyncio.run(saves_list.first_rows(int(sys.argv[3])))))")
    here = Path(__file__).resolve()
    trees = {"against": other.resolve(), "this": here.parents[1]}
    found: dict[str, list[list[float]]] = {name: [] for name in trees}
    env = {**os.environ, "DUNGEON_TUI_SAVES": str(folder), "DUNGEON_TUI_CACHE": ""}
    for _ in range(runs):
        for name, root in trees.items():
            out = subprocess.run([sys.executable, "-c", code, str(root), str(here.parent), str(saves)],
                                 cwd=root, env=env, capture_output=True, text=True, check=True).stdout
            found[name].append(json.loads(out.splitlines()[-1]))
    for name, root in trees.items():
        first_cpu, first_wall, all_cpu, all_wall = (statistics.median(r[k] for r in found[name]) * 1000
                                                    for k in range(4))
        print(f"{root}: the Load screen's first rows {first_cpu:.0f} ms CPU ({first_wall:.0f} wall), "
              f"all {saves} rows {all_cpu:.0f} ms CPU ({all_wall:.0f} wall), median of {runs}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--saves", type=int, default=1000)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--against", type=Path, help="another checkout: the Load screen only, both trees")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        size = fill(folder, args.saves, args.games)
        print(f"{args.saves} HeroQuest records, {size / 1e6:.0f} MB in all")
        if args.against:
            against(folder, args.against, args.saves, args.runs)
            return
        from dungeon_tui.engine import record
        full = [timed(lambda: listed(folder, record.read)) for _ in range(args.runs)]
        head = [timed(lambda: listed(folder, record.read_head)) for _ in range(args.runs)]
        print(f"listed in full (every record read and validated): median {statistics.median(full) * 1000:.0f} ms")
        print(f"listed by head (first and last bytes): median {statistics.median(head) * 1000:.0f} ms "
              f"({statistics.median(full) / statistics.median(head):.0f}x faster)")
        os.environ["DUNGEON_TUI_SAVES"] = tmp
        from dungeon_tui.tui.session import autosaves
        for n in range(0, args.saves, 2):  # half of them games in progress
            os.rename(folder / f"save-{n:04d}.json", folder / f"autosave-heroquest-{n}.json")
        print(f"Continue's newest game among {args.saves // 2} in progress: "
              f"{statistics.median(timed(autosaves) for _ in range(args.runs)) * 1000:.1f} ms")
        screens = [asyncio.run(load_screen(folder, args.saves)) for _ in range(args.runs)]
        first, cpu, every = (statistics.median(run[k] for run in screens) * 1000 for k in range(3))
        print(f"the app's Load screen, pushed to its first rows drawn: median {first:.0f} ms "
              f"({cpu:.0f} ms of CPU); to all {args.saves} rows in the table: {every:.0f} ms")


if __name__ == "__main__":
    main()
