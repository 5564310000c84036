"""A dataclass object's fields as a new dict, read by name.

Never through `vars()`: in Python 3.11 a plain object keeps its attributes in a compact array
until something asks for its `__dict__`, and from then on it holds a real dict and every
attribute read of it costs more (engine/state_pickle.py says how much).  A state hashed at each
checkpoint through `vars()` slowed the rules for the rest of the game: every replay that checks
hashes, and live play in the app.  The dict made here has the same keys and values as
`vars(obj)` while the object's attributes are its fields (no ruleset sets others)."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import attrgetter
from typing import Any

# (class, fields left out) -> (the names read, a getter giving their values as a tuple)
_READERS: dict[tuple[type, tuple[str, ...]], tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]] = {}


def reader(cls: type, but: tuple[str, ...] = ()) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]:
    """A dataclass's field names but those in `but`, and a getter of their values as a tuple
    (one value too), read by name (keyframe copies read their objects the same way)."""
    names = tuple(f.name for f in dataclasses.fields(cls) if f.name not in but)
    if len(names) == 1:
        one = attrgetter(names[0])
        return names, lambda obj: (one(obj),)
    get: Callable[[Any], tuple[Any, ...]] = attrgetter(*names) if names else (lambda obj: ())
    return names, get


def fields_of(obj: Any, but: tuple[str, ...] = ()) -> dict[str, Any]:
    """`obj`'s fields (a dataclass object's) by name, but those in `but`, in their order."""
    key = (type(obj), but)
    found = _READERS.get(key)
    if found is None:
        found = _READERS[key] = reader(type(obj), but)
    names, get = found
    return dict(zip(names, get(obj), strict=True))
