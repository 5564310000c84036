"""Tactics scripts: ordered `when`/`do` lists written in content.

A script is a list of entries; the first whose condition holds fires and its actions run
in order.  Condition and action names come from a ruleset's `Registry` of primitives,
plain functions with typed keyword parameters, checked when content loads.  Running a
script returns the reason for the AI decision: which entry fired and what its actions said,
in words a player reads.  Each primitive is registered with its label (`says`): a format string
over its parameters, or a function of the context and parameters, so the log reads "pinned in
place" or "moves next to the closest hero, Quinn", never a script's own names.

YAML shape::

    default_melee:
      - when: pinned
        do: [{attack_adjacent: {pick: [first_attack, one_on_one]}}]
      - when: not provoked
        do: [hold]
      - default: [{choose_target: {rule: one_on_one}}, {move_to_reach: {reach: 1}}]
    goblin_spearman: {extends: default_melee, params: {reach: 2}}
    pit_guardian:
      - default: default_melee        # fall through to another script
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, TypeVar, get_args, get_origin, overload
from collections.abc import Callable

from .words import listing


class TacticsError(ValueError):
    pass


# A primitive's words in the log: a format string over its parameters ("within {n} squares"),
# or a function (context, **parameters) -> str when the words need the state (figures' names).
Says = str | Callable[..., str]


@dataclass
class Primitive:
    name: str
    fn: Callable[..., Any]
    params: dict[str, Any]  # name -> annotation
    required: tuple[str, ...]
    says: Says | None = None
    says_not: Says | None = None  # a condition's words when a script asks for it not to hold
    defaults: dict[str, Any] = field(default_factory=dict)  # the values a label reads when a script gives none


F = TypeVar("F", bound=Callable[..., Any])


class Registry:
    """A ruleset's named conditions and actions."""

    def __init__(self) -> None:
        self.conditions: dict[str, Primitive] = {}
        self.actions: dict[str, Primitive] = {}

    def _wrap(self, fn: Callable[..., Any], name: str | None, says: Says | None,
              says_not: Says | None = None) -> Primitive:
        sig = inspect.signature(fn, eval_str=True)
        params = list(sig.parameters.values())[1:]  # the first is the context
        return Primitive(name or fn.__name__, fn, {p.name: p.annotation for p in params},
                         tuple(p.name for p in params if p.default is inspect.Parameter.empty), says, says_not,
                         {p.name: p.default for p in params if p.default is not inspect.Parameter.empty})

    @overload
    def condition(self, fn: F, *, name: str | None = None, says: Says | None = None,
                  says_not: Says | None = None) -> F: ...
    @overload
    def condition(self, fn: None = None, *, name: str | None = None, says: Says | None = None,
                  says_not: Says | None = None) -> Callable[[F], F]: ...

    def condition(self, fn: F | None = None, *, name: str | None = None, says: Says | None = None,
                  says_not: Says | None = None) -> F | Callable[[F], F]:
        """Register a condition word (as `@registry.condition` or `@registry.condition(says=...)`);
        `says` is how the log words it when it holds, `says_not` when a script wants it not to."""
        def deco(f: F) -> F:
            prim = self._wrap(f, name, says, says_not)
            self.conditions[prim.name] = prim
            return f
        return deco(fn) if fn else deco

    @overload
    def action(self, fn: F, *, name: str | None = None, says: Says | None = None) -> F: ...
    @overload
    def action(self, fn: None = None, *, name: str | None = None, says: Says | None = None) -> Callable[[F], F]: ...

    def action(self, fn: F | None = None, *, name: str | None = None,
               says: Says | None = None) -> F | Callable[[F], F]:
        """Register an action word (as `@registry.action` or `@registry.action(says=...)`); an action
        that returns no words of its own is logged by its `says`."""
        def deco(f: F) -> F:
            prim = self._wrap(f, name, says)
            self.actions[prim.name] = prim
            return f
        return deco(fn) if fn else deco


@dataclass(frozen=True)
class Call:
    name: str
    params: tuple[tuple[str, Any], ...]
    # Whether the one parameter given is the word's first, so it may be passed by position
    # (`_call` knows the word's parameters).
    by_position: bool = field(default=False, compare=False, hash=False, repr=False)
    # The params as keyword arguments, made once: a script's conditions are asked tens of
    # times a decision.  Callers must not change it.
    kwargs: dict[str, Any] = field(init=False, compare=False, hash=False, repr=False)
    # The arguments by position where they can be (none, or the one first parameter), else
    # None: a call that unpacks `**kwargs` costs two to four times a plain one, and a script's
    # words are called tens of times a decision.
    positional: tuple[Any, ...] | None = field(init=False, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kwargs", dict(self.params))
        one = self.by_position and len(self.params) == 1
        object.__setattr__(self, "positional", () if not self.params else (self.params[0][1],) if one else None)


@dataclass(frozen=True)
class Entry:
    condition: Call | None  # None = default
    negate: bool
    calls: tuple[Call, ...]
    goto: str | None = None  # default: another script
    also: tuple[tuple[Call, bool], ...] = ()  # more conditions that must all hold (a `when` list)
    # Every condition with its negation, the first first (none for a default), made once:
    # `choose` reads them at ~30 entries a decision.
    tests: tuple[tuple[Call, bool], ...] = field(init=False, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        tests = () if self.condition is None else ((self.condition, self.negate), *self.also)
        object.__setattr__(self, "tests", tests)


@dataclass
class Script:
    name: str
    entries: list[Entry] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)


def _type_ok(value: Any, annotation: Any) -> bool:
    if annotation is inspect.Parameter.empty or annotation is Any:
        return True
    origin = get_origin(annotation)
    if origin is list:
        (inner,) = get_args(annotation) or (Any,)
        return isinstance(value, list) and all(_type_ok(v, inner) for v in value)
    if origin is not None:  # a union such as `str | None`
        return any(_type_ok(value, a) for a in get_args(annotation))
    if annotation is type(None):
        return value is None
    if annotation is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(annotation, type):
        return isinstance(value, annotation)
    return True


def _type_name(annotation: Any) -> str:
    return getattr(annotation, "__name__", None) or str(annotation).replace("typing.", "")


def _call(item: Any, table: dict[str, Primitive], where: str, kind: str, extra: dict[str, Any]) -> Call:
    params: Any
    if isinstance(item, str):
        name, params = item, {}
    elif isinstance(item, dict) and len(item) == 1:
        name, params = next(iter(item.items()))
        params = params or {}
        if not isinstance(params, dict):
            raise TacticsError(f"{where}: parameters of {name!r} must be a mapping")
    else:
        raise TacticsError(f"{where}: expected a {kind} name or {{name: {{params}}}}, got {item!r}")
    prim = table.get(name)
    if prim is None:
        raise TacticsError(f"{where}: unknown {kind} {name!r} (known: {', '.join(sorted(table))})")
    # An extending script's params override the base script's own values.
    merged = dict(params)
    merged.update({k: v for k, v in extra.items() if k in prim.params})
    for key, value in merged.items():
        if key not in prim.params:
            raise TacticsError(f"{where}: {name} has no parameter {key!r}")
        if not _type_ok(value, prim.params[key]):
            raise TacticsError(f"{where}: {name}.{key} should be {_type_name(prim.params[key])}, got {value!r}")
    missing = [p for p in prim.required if p not in merged]
    if missing:
        raise TacticsError(f"{where}: {name} needs {', '.join(missing)}")
    first = next(iter(prim.params), None)
    return Call(name, tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in merged.items())),
                by_position=list(merged) == [first])


def compile_scripts(raw: dict[str, Any], registry: Registry, where: str = "tactics") -> dict[str, Script]:
    """Check every script against the registry; raise TacticsError naming the YAML path."""
    scripts: dict[str, Script] = {}
    pending = sorted(raw)
    # Scripts that extend another are compiled after it (at most len(raw) passes).
    for _ in range(len(raw) + 1):
        waiting = []
        for name in pending:
            body = raw[name]
            if isinstance(body, dict):
                base = body.get("extends")
                if base not in raw:
                    raise TacticsError(f"{where}.{name}.extends: unknown script {base!r}")
                if base not in scripts:
                    waiting.append(name)
                    continue
                extra = dict(body.get("params") or {})
                scripts[name] = _compile_list(raw[base], registry, f"{where}.{name}", extra, raw)
                scripts[name].name = name
                scripts[name].params = extra
            else:
                scripts[name] = _compile_list(body, registry, f"{where}.{name}", {}, raw)
                scripts[name].name = name
        pending = waiting
        if not pending:
            return scripts
    raise TacticsError(f"{where}: scripts extend each other in a loop: {', '.join(pending)}")


def _compile_list(body: Any, registry: Registry, where: str, extra: dict[str, Any],
                  raw: dict[str, Any]) -> Script:
    if not isinstance(body, list) or not body:
        raise TacticsError(f"{where}: a script is a non-empty list of entries")
    script = Script(where)
    for i, entry in enumerate(body):
        here = f"{where}[{i}]"
        if not isinstance(entry, dict):
            raise TacticsError(f"{here}: an entry is a mapping with when/do or default")
        if "default" in entry:
            if i != len(body) - 1:
                raise TacticsError(f"{here}: default must be the last entry")
            target = entry["default"]
            if isinstance(target, str) and target in raw:
                script.entries.append(Entry(None, False, (), goto=target))
                continue
            calls = target if isinstance(target, list) else [target]
            script.entries.append(Entry(None, False, tuple(
                _call(c, registry.actions, f"{here}.default", "action", extra) for c in calls)))
            continue
        if set(entry) != {"when", "do"}:
            raise TacticsError(f"{here}: expected keys when and do, got {', '.join(sorted(entry))}")
        conds = entry["when"] if isinstance(entry["when"], list) else [entry["when"]]
        if not conds:
            raise TacticsError(f"{here}.when: an empty list of conditions")
        parsed = []
        for k, cond in enumerate(conds):
            negate = False
            if isinstance(cond, str) and cond.startswith("not "):
                negate, cond = True, cond[4:].strip()
            where_k = f"{here}.when" + (f"[{k}]" if len(conds) > 1 else "")
            parsed.append((_call(cond, registry.conditions, where_k, "condition", extra), negate))
        dos = entry["do"] if isinstance(entry["do"], list) else [entry["do"]]
        script.entries.append(Entry(parsed[0][0], parsed[0][1], tuple(
            _call(c, registry.actions, f"{here}.do", "action", extra) for c in dos), also=tuple(parsed[1:])))
    if script.entries[-1].condition is not None:
        raise TacticsError(f"{where}: the last entry must be a default")
    return script


def plain(word: Any) -> str:
    """A script's own name for something as words: "closest_hero" -> "closest hero"."""
    if isinstance(word, (list, tuple)):
        return " or ".join(plain(w) for w in word)
    return str(word).replace("_", " ")


def said(prim: Primitive, call: Call, ctx: Any, negate: bool = False) -> str:
    """One script step in the log's words: its registered label filled in; a primitive
    registered without one reads as its name and values in plain words."""
    if negate:
        if prim.says_not is None:
            return "not " + said(prim, call, ctx)
        says: Says | None = prim.says_not
    else:
        says = prim.says
    # The call's own keyword arguments when the word has no defaults (read, never changed).
    params = {**prim.defaults, **call.kwargs} if prim.defaults else call.kwargs
    if says is None:
        return " ".join([plain(call.name), *(plain(v) for v in params.values())])
    return says(ctx, **params) if callable(says) else says.format(**params)


def choose(script: Script, scripts: dict[str, Script], registry: Registry, ctx: Any) -> tuple[Script, int, str]:
    """The entry that fires (following `default` links to other scripts): the script it is
    in, its index, and the conditions that held in words ("" for a default), without running
    its actions."""
    conditions = registry.conditions
    for _link in range(8):
        for i, entry in enumerate(script.entries):
            if entry.condition is not None:
                # Written out (not all() over a generator, no flag, `not` rather than bool()):
                # asked of ~30 entries a decision.  A condition holds where `not` of its answer
                # is its negation.
                for c, neg in entry.tests:
                    fn, args = conditions[c.name].fn, c.positional
                    if (not (fn(ctx, args[0]) if args else fn(ctx) if args is not None
                             else fn(ctx, **c.kwargs))) is not neg:
                        break
                else:  # all held: worded only now, as a condition's words may name what it found
                    return script, i, listing([said(conditions[c.name], c, ctx, neg) for c, neg in entry.tests])
                continue
            if entry.goto is not None:  # only a default links on
                script = scripts[entry.goto]
                break
            return script, i, ""
    raise TacticsError(f"{script.name}: default chain too deep")


def perform(entry: Entry, registry: Registry, ctx: Any) -> list[str]:
    """Run one entry's actions in order (until the context says stop); what each said (its own
    words, else its registered label, worded after it ran, else its name in plain words)."""
    notes = []
    for call in entry.calls:
        prim, args = registry.actions[call.name], call.positional
        words = prim.fn(ctx, args[0]) if args else prim.fn(ctx) if args is not None else prim.fn(ctx, **call.kwargs)
        if not words:
            words = said(prim, call, ctx)
        if words:
            notes.append(str(words))
        if getattr(ctx, "stop", False):
            break
    return notes


def reason(label: str, notes: list[str]) -> str:
    """The why for the log: what held, then what the actions said ("pinned in place: ...")."""
    done = "; ".join(notes)
    return f"{label}: {done}" if label and done else label or done


def run(script: Script, scripts: dict[str, Script], registry: Registry, ctx: Any) -> str:
    """Fire the first entry whose condition holds; return the reason for the log."""
    script, i, label = choose(script, scripts, registry, ctx)
    return reason(label, perform(script.entries[i], registry, ctx))


class ScriptBook:
    """A game's tactics scripts compiled against its registry once per content digest (the
    content holds them as written; only the AI knows the words), and the one line `content
    check` gives for a word the AI does not know.  `then(content, scripts)` adds what a game
    derives from its compiled scripts, once, before they are kept."""

    def __init__(self, registry: Registry, file: str,
                 then: Callable[[Any, dict[str, Script]], None] | None = None) -> None:
        self.registry, self.file, self.then = registry, file, then
        self._compiled: dict[str, dict[str, Script]] = {}

    def scripts(self, content: Any) -> dict[str, Script]:
        """The content's scripts compiled (TacticsError if a word is unknown)."""
        compiled = self._compiled.get(content.digest)
        if compiled is None:
            compiled = compile_scripts(content.tactics, self.registry, "scripts")
            if self.then is not None:
                self.then(content, compiled)
            self._compiled[content.digest] = compiled
        return compiled

    def problems(self, content: Any) -> list[str]:
        try:
            compile_scripts(content.tactics, self.registry, "scripts")
        except TacticsError as err:
            return [f"{self.file}: {err}"]
        return []
