"""Another checkout measured in the same run as this one (a busy machine moves absolute figures
by a factor of two between runs; ratios in one run hold).  A speed script reads `--tree DIR`
before it imports the game, so the same script times either checkout; `--against DIR` runs it
on that checkout and on this one, each in a fresh process, one after the other, per case."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def tree() -> Path:
    """The checkout this process measures: `--tree DIR` on the command line, else this one.
    Put first on the import path before any `dungeon_tui` import."""
    argv = sys.argv
    root = Path(argv[argv.index("--tree") + 1]) if "--tree" in argv else HERE.parent
    sys.path.insert(0, str(root.resolve()))
    return root


def run_against(script: str, other: Path, cases: list[list[str]], rounds: int = 1) -> None:
    """Each case's arguments, on `other` then on this checkout, `rounds` times: their lines as
    printed, each marked with its checkout."""
    for case in cases:
        for _ in range(rounds):
            for label, extra in (("before", ["--tree", str(other.resolve())]), ("after ", [])):
                out = subprocess.run([sys.executable, str(HERE / script), *case, *extra],
                                     capture_output=True, text=True, check=True).stdout
                for line in out.splitlines():
                    print(f"{label} {line}", flush=True)
