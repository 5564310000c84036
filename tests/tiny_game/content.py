"""Goblin Cellar's content: two YAML files, validated by pydantic models."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from dungeon_tui.engine.content import Bundle, Strict, load_bundle


class HeroProfile(Strict):
    name: str
    letter: str
    hp: int
    defence: int


class Heroes(Strict):
    heroes: dict[str, HeroProfile]


class GoblinPlace(Strict):
    at: tuple[int, int]
    hp: int
    defence: int


class Cellar(Strict):
    name: str
    width: int
    height: int
    stairs: tuple[int, int]
    goblins: list[GoblinPlace]


class Cellars(Strict):
    cellars: dict[str, Cellar]


MODELS = {"heroes.yaml": Heroes, "cellars.yaml": Cellars}


def cross_check(bundle: Bundle) -> list[str]:
    """What one file alone cannot say: every goblin stands inside its cellar."""
    problems = []
    for cid, cellar in bundle["cellars.yaml"].cellars.items():
        for i, goblin in enumerate(cellar.goblins):
            x, y = goblin.at
            if not (0 <= x < cellar.width and 0 <= y < cellar.height):
                problems.append(f"content/goblin_cellar/cellars.yaml: cellars.{cid}.goblins.{i}.at: "
                                f"outside the {cellar.width}x{cellar.height} cellar")
    return problems


@lru_cache(maxsize=1)
def load_content() -> Bundle:
    return load_bundle("goblin_cellar", MODELS, cross_check, root=Path(__file__).parent / "content")
