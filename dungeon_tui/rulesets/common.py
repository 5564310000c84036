"""What every ruleset does the same way: hero seats, checking a chosen party, making a new
game from a setup, and reporting content problems."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from ..engine.content import ContentError
from ..engine.game import DUNGEON, Game


def hero_seat(hero: str) -> str:
    return f"hero:{hero}"


def choose_party(asked: Iterable[str] | None, order: tuple[str, ...], word: str, most: int = 4) -> list[str]:
    """One to `most` different heroes of the game, in its turn order; ValueError says what is wrong."""
    heroes = list(asked or order)
    for h in heroes:
        if h not in order:
            raise ValueError(f"unknown {word} {h!r}; choose from {', '.join(order)}")
    if len(set(heroes)) != len(heroes) or not 1 <= len(heroes) <= most:
        raise ValueError(f"a party is one to {'four' if most == 4 else most} different {word}s")
    return [h for h in order if h in heroes]


class RulesetBase:
    """A ruleset names its cached content loader; the rest of this is the same for every game."""

    load: Callable[[], Any]  # an lru_cache'd function returning the game's content

    def content(self) -> Any:
        return type(self).load()

    def normalise_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def state_dict(self, state: Any) -> dict[str, Any]:
        return state.to_dict()  # type: ignore[no-any-return]

    def seats(self, state: Any) -> list[str]:
        """A seat per hero in turn order, then the dungeon."""
        return [hero_seat(h) for h in state.party] + [DUNGEON]

    def new_game(self, setup: dict[str, Any], seed: int) -> Game:
        c = self.content()
        return Game(self, self.normalise_setup(setup), seed, c, c.digest)  # type: ignore[arg-type]

    def check(self) -> list[str]:
        """Load the content afresh; every problem, one line each (none when it is valid)."""
        loader = type(self).load
        getattr(loader, "cache_clear", lambda: None)()
        try:
            loader()
        except ContentError as err:
            return err.problems
        return []
