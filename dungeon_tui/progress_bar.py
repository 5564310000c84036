"""A progress bar for long headless runs (`simulate`): rich's, on stderr, and only when both
stdout and stderr are a terminal, so piped or redirected output stays exactly the report."""
from __future__ import annotations

import sys
from types import TracebackType
from typing import Any, TextIO


def on_a_terminal(*streams: TextIO) -> bool:
    return all(getattr(stream, "isatty", lambda: False)() for stream in streams)


class ProgressBar:
    """Counts finished games; `say` prints a line above the bar (or plainly, without one)."""

    def __init__(self, total: int, what: str = "games", shown: bool | None = None) -> None:
        self.total = total
        self.shown = on_a_terminal(sys.stdout, sys.stderr) and total > 1 if shown is None else shown
        self.bar: Any = None
        self.task: Any = None
        self.what = what

    def __enter__(self) -> ProgressBar:
        if self.shown:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
            self.bar = Progress(TextColumn(f"[progress.description]{self.what}"), BarColumn(), MofNCompleteColumn(),
                                TimeRemainingColumn(), console=Console(stderr=True), transient=True)
            self.task = self.bar.add_task(self.what, total=self.total)
            self.bar.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self.bar is not None:
            self.bar.stop()

    def advance(self) -> None:
        if self.bar is not None:
            self.bar.advance(self.task)

    def say(self, line: str) -> None:
        print(line, flush=self.bar is not None)
