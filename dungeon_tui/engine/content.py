"""Content: YAML files validated by a ruleset's pydantic models, and their digest.

Each error names the file, the YAML path and the problem, for example
`content/warhammer_quest/monsters.yaml: monsters.skaven.ws: Input should be a valid integer`.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Callable

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import ContentError as ContentError  # the command line catches it without loading this module

MAX_FILE_BYTES = 2 * 1024 * 1024

try:  # the C loader is the same safe loader, faster
    SafeLoader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    SafeLoader = yaml.SafeLoader


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

    def __getitem__(self, name: str) -> Any:
        return self.files[name]


def _where(loc: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in loc) or "(top)"


def load_yaml(path: Path, shown: str) -> tuple[Any, list[str]]:
    try:
        raw = path.read_bytes()
    except OSError as err:
        return None, [f"{shown}: cannot read ({err.strerror or err})"]
    if len(raw) > MAX_FILE_BYTES:
        return None, [f"{shown}: file is larger than {MAX_FILE_BYTES} bytes"]
    try:
        loader = SafeLoader(raw.decode("utf-8"))  # the safe loader only: plain data, no tags
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


def load_bundle(game_dir: str, models: dict[str, type[BaseModel]],
                check: Callable[[Bundle], list[str]] | None = None,
                root: Path | None = None) -> Bundle:
    """Load and validate every declared file; raise ContentError listing all problems."""
    root = root or content_root()
    folder = root / game_dir
    bundle = Bundle(game_dir)
    problems: list[str] = []
    digest = hashlib.sha256()
    for name in sorted(models):
        path = folder / name
        shown = f"content/{game_dir}/{name}"
        if not path.is_file():
            problems.append(f"{shown}: file is missing")
            continue
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
        data, errs = load_yaml(path, shown)
        if errs:
            problems.extend(errs)
            continue
        try:
            bundle.files[name] = models[name].model_validate(data)
        except ValidationError as err:
            for e in err.errors():
                problems.append(f"{shown}: {_where(e['loc'])}: {e['msg']}")
    if not problems and check is not None:
        problems.extend(check(bundle))
    if problems:
        raise ContentError(problems)
    bundle.digest = digest.hexdigest()[:16]
    return bundle
