"""The canonical JSON of plain data and its hash: the state hashes every record keeps.

The canonical form is `json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=True)`,
fixed forever by the kept records.  orjson writes the same bytes several times faster for the
data states are made of (str keys, ASCII strings, ints within 64 bits, lists, tuples, bools,
None), so it is used for those; anything else goes through json itself, so no hash can change:
- orjson refuses non-str keys, ints beyond 64 bits, too deep nesting and (as asked below)
  dataclasses and dates, which json would refuse or write its own way;
- it writes non-ASCII text raw and DEL (0x7f) unescaped, where json escapes both: any byte
  outside printable ASCII in its output sends the data to json;
- it writes a float with an exponent its own way (`0.00001` for json's `1e-05`; `1e16` or
  `1e+16` by version), so a float token (a digit, `.` or `e`, a digit) sends the data to json
  too.  A text that merely looks like one ("v1.2", "1e5") only costs the slower path.
Not covered: NaN and the infinities, which orjson writes as `null` and json as `NaN`; no state
holds a float at all (tests/engine/test_canonical.py compares both encodings on every game's
states), so this is a limit to know, not one met.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

try:  # optional at run time: an install without it hashes through json alone, the same hashes
    import orjson
except ImportError:  # pragma: no cover - the project depends on it
    orjson = None  # type: ignore[assignment]

# A float token is digits, then `.` or `e`, then a digit, perhaps after a sign: with every digit
# and sign made 0, and `.` and `E` made e, each one holds "0e0", one substring to look for (a
# regular expression over the whole text would cost three times orjson).  Signs are made 0, not
# dropped: a translation that drops nothing costs a fifth less (a sign beside an `e` in a text,
# "re-enter", only takes the slower path).
_FLOAT_SHAPE = bytes.maketrans(b"0123456789+-.E", b"000000000000ee")
_OPTIONS = 0 if orjson is None else (
    orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME)


def json_bytes(data: Any) -> bytes:
    """The canonical form by json itself (the definition; the slow path)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def _plain(blob: bytes) -> bool:
    """Whether orjson's output is json's too: ASCII without DEL, and no float token (a text
    shaped like one, "v1.2", is taken for one: it only costs the slower path)."""
    return (blob.isascii() and b"\x7f" not in blob
            and b"0e0" not in blob.translate(_FLOAT_SHAPE))


def canonical_json(data: Any) -> bytes:
    """The canonical JSON bytes of `data`, by orjson where they are sure to be the same."""
    if orjson is not None:
        try:
            blob = orjson.dumps(data, option=_OPTIONS)
        except TypeError:  # orjson.JSONEncodeError is one: a refusal, json decides
            pass
        else:
            if _plain(blob):
                return blob
    return json_bytes(data)


def canonical_hash(data: Any) -> str:
    return hashlib.sha256(canonical_json(data)).hexdigest()[:16]
