"""Tactics scripts: ordered `when`/`do` lists written in content.

A script is a list of entries; the first whose condition holds fires and its actions run
in order.  Condition and action names come from a ruleset's `Registry` of primitives,
plain functions with typed keyword parameters, checked when content loads.  Running a
script returns the reason for the AI decision: which entry fired and what its actions said.

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


class TacticsError(ValueError):
    pass


@dataclass
class Primitive:
    name: str
    fn: Callable[..., Any]
    params: dict[str, Any]  # name -> annotation
    required: tuple[str, ...]


F = TypeVar("F", bound=Callable[..., Any])


class Registry:
    """A ruleset's named conditions and actions."""

    def __init__(self) -> None:
        self.conditions: dict[str, Primitive] = {}
        self.actions: dict[str, Primitive] = {}

    def _wrap(self, fn: Callable[..., Any], name: str | None) -> Primitive:
        sig = inspect.signature(fn, eval_str=True)
        params = list(sig.parameters.values())[1:]  # the first is the context
        return Primitive(name or fn.__name__, fn, {p.name: p.annotation for p in params},
                         tuple(p.name for p in params if p.default is inspect.Parameter.empty))

    @overload
    def condition(self, fn: F, *, name: str | None = None) -> F: ...
    @overload
    def condition(self, fn: None = None, *, name: str | None = None) -> Callable[[F], F]: ...

    def condition(self, fn: F | None = None, *, name: str | None = None) -> F | Callable[[F], F]:
        """Register a condition word (as `@registry.condition` or `@registry.condition(name=...)`)."""
        def deco(f: F) -> F:
            prim = self._wrap(f, name)
            self.conditions[prim.name] = prim
            return f
        return deco(fn) if fn else deco

    @overload
    def action(self, fn: F, *, name: str | None = None) -> F: ...
    @overload
    def action(self, fn: None = None, *, name: str | None = None) -> Callable[[F], F]: ...

    def action(self, fn: F | None = None, *, name: str | None = None) -> F | Callable[[F], F]:
        """Register an action word (as `@registry.action` or `@registry.action(name=...)`)."""
        def deco(f: F) -> F:
            prim = self._wrap(f, name)
            self.actions[prim.name] = prim
            return f
        return deco(fn) if fn else deco


@dataclass(frozen=True)
class Call:
    name: str
    params: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Entry:
    condition: Call | None  # None = default
    negate: bool
    calls: tuple[Call, ...]
    goto: str | None = None  # default: another script
    also: tuple[tuple[Call, bool], ...] = ()  # more conditions that must all hold (a `when` list)


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
    return Call(name, tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in merged.items())))


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


def _shown(call: Call) -> str:
    args = ", ".join(str(v) for _, v in call.params)
    return f"{call.name}({args})" if args else call.name


def choose(script: Script, scripts: dict[str, Script], registry: Registry, ctx: Any) -> tuple[Script, int, str]:
    """The entry that fires (following `default` links to other scripts): the script it is
    in, its index, and the conditions that held, without running its actions."""
    for _link in range(8):
        for i, entry in enumerate(script.entries):
            label = "default"
            if entry.condition is not None:
                tests = ((entry.condition, entry.negate), *entry.also)
                if not all(bool(registry.conditions[c.name].fn(ctx, **dict(c.params))) != neg for c, neg in tests):
                    continue
                label = " and ".join(("not " if neg else "") + _shown(c) for c, neg in tests)
            if entry.goto is not None:
                script = scripts[entry.goto]
                break
            return script, i, label
    raise TacticsError(f"{script.name}: default chain too deep")


def perform(entry: Entry, registry: Registry, ctx: Any) -> list[str]:
    """Run one entry's actions in order (until the context says stop); what each said."""
    notes = []
    for call in entry.calls:
        said = registry.actions[call.name].fn(ctx, **dict(call.params))
        if said:
            notes.append(str(said))
        if getattr(ctx, "stop", False):
            break
    return notes


def run(script: Script, scripts: dict[str, Script], registry: Registry, ctx: Any) -> str:
    """Fire the first entry whose condition holds; return the reason for the log."""
    script, i, label = choose(script, scripts, registry, ctx)
    return f"{script.name}: " + "; ".join([label, *perform(script.entries[i], registry, ctx)])
