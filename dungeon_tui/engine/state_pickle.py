"""A state pickled (a keyframe's copy) without touching the `__dict__` of its objects.

Python 3.11 keeps a plain object's attributes in a compact array until something asks for its
`__dict__`; from then on it keeps a real dict, and every attribute read of that object costs
several times more (4.6x in a loop reading two fields).  Pickling asks for the `__dict__` of
every object it writes, and unpickling builds each object through it: so the first keyframe
of a game slowed its rules for the rest of the game (the replay viewer's opening pass over a
5,000-decision HeroQuest record: 15-20% more time after the copies than without them), and a
game resumed from a keyframe ran slower all along.

Here a dataclass object is written as its fields, read one by one, and read back by setting
them one by one (pickle's "slot state"), which keeps the compact array on both sides.  That
is the object whole only when its attributes are exactly its fields: the collector's view of
the object (`gc.get_referents`, which reads the array without making a dict) must show those
values and no more; anything else (an extra attribute, an object with a dict already, a class
of its own pickling) is pickled as pickle always does.  The bytes are read back by
`game.thaw_state` as before: only the classes are named in them."""
from __future__ import annotations

import copyreg
import dataclasses
import gc
import io
import pickle
from collections.abc import Callable
from operator import is_
from typing import Any

from .fields import reader

PROTOCOL = pickle.HIGHEST_PROTOCOL
# What pickle itself names a reduction by a class's own __new__ (written as the NEWOBJ opcode).
_NEWOBJ = copyreg.__newobj__  # type: ignore[attr-defined]  # not in the stubs
_OWN_PICKLING = ("__reduce_ex__", "__reduce__", "__getstate__", "__setstate__", "__getnewargs_ex__",
                 "__getnewargs__")


def _as_usual(obj: Any) -> Any:
    return obj.__reduce_ex__(PROTOCOL)


def _by_fields(cls: type) -> Callable[[Any], Any] | None:
    """The reducer of a plain dataclass (fields, a dict of attributes, not frozen, pickled as
    any object is), or None."""
    if not dataclasses.is_dataclass(cls) or cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return None
    if any("__slots__" in vars(c) for c in cls.__mro__[:-1]) or not cls.__dictoffset__:
        return None
    if any(getattr(cls, name, None) is not getattr(object, name, None) for name in _OWN_PICKLING):
        return None
    names, get = reader(cls)
    if not names:
        return None
    size = len(names) + 1  # the values, then the class

    def reduce(obj: Any) -> Any:
        seen = gc.get_referents(obj)
        if len(seen) != size:  # a dict made already (the state hashed through vars()), or more
            return _as_usual(obj)  # or fewer attributes than its fields: pickled as usual
        try:
            values = get(obj)
        except AttributeError:  # a field deleted
            return _as_usual(obj)
        if not all(map(is_, seen, values)):
            return _as_usual(obj)
        return _NEWOBJ, (cls,), (None, dict(zip(names, values, strict=True)))
    return reduce


class _Reducers(dict[type, Callable[[Any], Any]]):
    """Each class's reducer, found the first time the class is met."""

    def __missing__(self, cls: type) -> Callable[[Any], Any]:
        if issubclass(cls, type):  # a class of a metaclass of its own: pickle names it itself
            raise KeyError(cls)
        reducer = copyreg.dispatch_table.get(cls) or _by_fields(cls) or _as_usual
        self[cls] = reducer
        return reducer


_REDUCERS = _Reducers()


class _Pickler(pickle.Pickler):
    dispatch_table = _REDUCERS


def dumps(state: Any) -> bytes:
    out = io.BytesIO()
    _Pickler(out, PROTOCOL).dump(state)
    return out.getvalue()
