"""The garbage collector paused while a long game is read into memory at once (a save's record,
the keyframes kept of it): the tens of thousands of objects made in one go would set off its
passes again and again, each walking everything the program holds, for nothing to free (a
5,000-decision save read in 17 ms with it paused, 30-80 ms without)."""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """The collector off inside, back as it was after (it may be off already: the program's
    start turns it off until the first frame)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
