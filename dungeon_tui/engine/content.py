"""Content: YAML files validated by a ruleset's pydantic models, and their digest.  The parsed
YAML is kept as JSON between runs (content_cache); the models check it every time.

Each error names the file, the YAML path and the problem, for example
`content/warhammer_quest/monsters.yaml: monsters.skaven.ws: Input should be a valid integer`.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Callable

from pydantic import BaseModel, ConfigDict, ValidationError

from . import content_cache, packs as content_packs
from .errors import ContentError as ContentError  # the command line catches it without loading this module

MAX_FILE_BYTES = 2 * 1024 * 1024


class Strict(BaseModel):
    """The base of every content model: unknown keys are errors, loaded content never changes."""
    model_config = ConfigDict(extra="forbid", frozen=True)


def content_root() -> Path:
    """The installed copy inside the package, else the repository's content/ folder."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "content", here.parent / "content"):
        if candidate.is_dir():
            return candidate
    return here.parent / "content"


@dataclass
class Bundle:
    """A game's validated content: one model instance per file, and the digest of the bytes."""

    game: str
    files: dict[str, BaseModel] = field(default_factory=dict)
    digest: str = ""
    packs: tuple[content_packs.Pack, ...] = ()  # the players' packs laid over the installed files
    models: dict[str, type[BaseModel]] = field(default_factory=dict)  # each file's model (`content schema`)

    def __getitem__(self, name: str) -> Any:
        return self.files[name]


def _where(loc: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in loc) or "(top)"


def parse_yaml(raw: bytes, shown: str) -> tuple[Any, list[str]]:
    import yaml  # only when the files changed since they were last read (see content_cache)
    if len(raw) > MAX_FILE_BYTES:
        return None, [f"{shown}: file is larger than {MAX_FILE_BYTES} bytes"]
    try:
        # the safe loader only (plain data, no tags); the C one is the same loader, faster
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(raw.decode("utf-8"))
        try:
            return loader.get_single_data(), []
        finally:
            loader.dispose()
    except UnicodeDecodeError:
        return None, [f"{shown}: not UTF-8 text"]
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark
        line = f" at line {mark.line + 1}" if mark is not None else ""
        return None, [f"{shown}: YAML syntax error{line}: {err.problem}"]
    except (yaml.YAMLError, RecursionError) as err:
        return None, [f"{shown}: cannot parse YAML ({type(err).__name__})"]
    except ValueError:
        # the loader turns a digit string into an int; Python refuses one over 4,300 digits
        return None, [f"{shown}: a number too long to read"]


def load_bundle(game_dir: str, models: dict[str, type[BaseModel]],
                check: Callable[[Bundle], list[str]] | None = None,
                root: Path | None = None) -> Bundle:
    """Load and validate every declared file; raise ContentError listing all problems."""
    root = root or content_root()
    folder = root / game_dir
    bundle = Bundle(game_dir)
    found: dict[str, list[str]] = {name: [] for name in sorted(models)}  # each file's problems, in file order
    digest = hashlib.sha256()
    raws: dict[str, bytes] = {}
    for name in found:
        path = folder / name
        if not path.is_file():
            found[name].append(f"content/{game_dir}/{name}: file is missing")
            continue
        try:
            raws[name] = path.read_bytes()
        except OSError as err:
            found[name].append(f"content/{game_dir}/{name}: cannot read ({err.strerror or err})")
            continue
        digest.update(name.encode() + b"\0" + raws[name] + b"\0")
    full_digest = digest.hexdigest()
    parsed = None if len(raws) < len(found) else content_cache.read(game_dir, full_digest, list(raws))
    if parsed is None:
        parsed = {}
        for name, raw in raws.items():
            data, errs = parse_yaml(raw, f"content/{game_dir}/{name}")
            found[name].extend(errs)
            if not errs:
                parsed[name] = data
        if len(parsed) == len(found):
            content_cache.write(game_dir, full_digest, parsed)
    installed = f"content/{game_dir}"
    bundle.packs = content_packs.for_game(game_dir)
    merged = content_packs.merge(game_dir, models, parsed, bundle.packs, installed)
    bundle.models = merged.models
    for name, data in merged.parsed.items():
        try:
            bundle.files[name] = merged.models[name].model_validate(data)
        except ValidationError as err:
            for e in err.errors():
                shown = merged.shown(name, e["loc"], f"{installed}/{name}")
                found.setdefault(name, []).append(f"{shown}: {_where(e['loc'])}: {e['msg']}")
    problems = merged.problems + [p for name in found for p in found[name]]
    if not problems and check is not None:
        problems.extend(merged.relabel(line, installed + "/") for line in check(bundle))
    if problems:
        raise ContentError(problems)
    if bundle.packs:  # another game than the installed one: another digest
        full_digest = hashlib.sha256(full_digest.encode() + b"".join(
            p.digest.encode() + b"\0" for p in bundle.packs)).hexdigest()
    bundle.digest = full_digest[:16]
    return bundle


def schemas(game_dir: str, content: Any) -> dict[str, dict[str, Any]]:
    """The JSON Schema of each kind of file of a game's content, by the name it is written
    under: <game>.<file>.schema.json; the files a folder holds one to a file (quests/*.yaml)
    share <game>.<folder>.schema.json.  A pack's file that adds to a table has no key it must
    hold: <game>.<file>.pack.schema.json."""
    bundle = getattr(content, "bundle", content)
    out: dict[str, dict[str, Any]] = {}
    for name, model in sorted(bundle.models.items()):
        kind = name.rsplit("/", 1)[0] if "/" in name else name.removesuffix(".yaml")
        schema = out[f"{game_dir}.{kind}.schema.json"] = model.model_json_schema()
        if "/" not in name:  # a pack's file of this kind holds only the tables it adds to
            out[f"{game_dir}.{kind}.pack.schema.json"] = {k: v for k, v in schema.items() if k != "required"}
    return out
