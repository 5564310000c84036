"""Effects by content id: the code behind each card, power, spell, event or treasure.

A game keeps one `Effects` registry per kind of content.  Each entry is registered under the
content ids it serves, with its offer (may it be used now?) beside what it does, so a reader
finds a card's whole behaviour in one place.  `problems()` compares the registry with the ids
the content declares; `content check` reports an id with no effect, or an effect with no
content, as one line naming it.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

Run = TypeVar("Run", bound=Callable[..., Any])


def never(*_args: Any, **_kwargs: Any) -> bool:
    """The offer of an effect that is never chosen by itself (it is applied by the rules)."""
    return False


@dataclass(frozen=True, slots=True)
class Effect(Generic[Run]):
    """One effect: what it does, and when it may be used (None: whenever the rules ask)."""

    ids: tuple[str, ...]
    run: Run
    offer: Callable[..., Any] | None = None


class Effects(Generic[Run]):
    """Content id -> its effect.  `what` names the kind in messages ("power", "event card")."""

    def __init__(self, what: str, *, optional: Iterable[str] = ()) -> None:
        self.what = what
        self._by_id: dict[str, Effect[Run]] = {}
        # Ids the content may declare with no code of their own (plain stat cards, say).
        self.optional = frozenset(optional)

    def __call__(self, *ids: str, offer: Callable[..., Any] | None = None) -> Callable[[Run], Run]:
        """Register the decorated function as the effect of `ids` (one function may serve a family)."""
        if not ids:
            raise ValueError(f"a {self.what} effect needs at least one content id")

        def register(run: Run) -> Run:
            effect = Effect(tuple(ids), run, offer)
            for content_id in ids:
                if content_id in self._by_id:
                    raise ValueError(f"{self.what} {content_id!r} has two effects")
                self._by_id[content_id] = effect
            return run
        return register

    def __contains__(self, content_id: object) -> bool:
        return content_id in self._by_id

    def get(self, content_id: str) -> Effect[Run] | None:
        return self._by_id.get(content_id)

    def __getitem__(self, content_id: str) -> Effect[Run]:
        try:
            return self._by_id[content_id]
        except KeyError:
            raise KeyError(f"no effect for {self.what} {content_id!r}") from None

    def ids(self) -> list[str]:
        return sorted(self._by_id)

    def problems(self, declared: Iterable[str], where: str) -> list[str]:
        """One line per content id without an effect and per effect without content."""
        wanted = set(declared)
        out = [f"{where}: {self.what} {cid!r} has no effect in the code"
               for cid in sorted(wanted - self._by_id.keys() - self.optional)]
        out += [f"{where}: the code has an effect for {self.what} {cid!r}, which the content does not declare"
                for cid in sorted(self._by_id.keys() - wanted)]
        return out
