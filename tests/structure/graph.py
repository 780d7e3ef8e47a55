"""The import graph of the `games` package, read from the source (ast), not by importing it:
every import counts, at the top of a module, inside a function or under TYPE_CHECKING."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "games"


@dataclass
class Module:
    name: str
    path: Path
    tree: ast.Module
    imports: dict[str, int] = field(default_factory=dict)  # games module -> first line
    private: list[str] = field(default_factory=list)  # "line: what" for each private name used
    in_functions: list[str] = field(default_factory=list)  # "line: module" imported in a function


def _name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _base(module: Module, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module.name.split(".")
    if module.path.name != "__init__.py":
        package = package[:-1]
    if node.level > 1:
        package = package[: len(package) - (node.level - 1)]
    return ".".join(package + ([node.module] if node.module else []))


def _targets(module: Module, node, known: set[str]) -> list[tuple[str, str | None]]:
    """(games module imported, name imported from it or None) for one import statement."""
    if isinstance(node, ast.Import):
        return [(a.name, None) for a in node.names if a.name in known]
    base = _base(module, node)
    out = []
    for alias in node.names:
        if f"{base}.{alias.name}" in known:
            out.append((f"{base}.{alias.name}", None))  # a submodule
        elif base in known:
            out.append((base, alias.name))
    return out


def _function_nodes(tree: ast.Module) -> set[int]:
    inside = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            inside.update(id(n) for n in ast.walk(node) if n is not node)
    return inside


def build() -> dict[str, Module]:
    modules = {}
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        if "migrations" in path.parts:
            continue
        modules[_name(path)] = Module(_name(path), path, ast.parse(path.read_text(), str(path)))
    known = set(modules)
    for module in modules.values():
        inside = _function_nodes(module.tree)
        aliases: dict[str, str] = {}  # local name -> games module it stands for
        for node in ast.walk(module.tree):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for target, name in _targets(module, node, known):
                if target == module.name:
                    continue
                module.imports.setdefault(target, node.lineno)
                if id(node) in inside:
                    module.in_functions.append(f"{node.lineno}: {target}")
                if name is not None and name.startswith("_") and not name.startswith("__"):
                    module.private.append(f"{node.lineno}: from {target} import {name}")
            for alias in node.names:
                full = (
                    alias.name if isinstance(node, ast.Import)
                    else f"{_base(module, node)}.{alias.name}"
                )
                if full in known:
                    aliases[alias.asname or alias.name.split(".")[-1]] = full
        for node in ast.walk(module.tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in aliases
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                module.private.append(f"{node.lineno}: {aliases[node.value.id]}.{node.attr}")
    return modules


def cycles(modules: dict[str, Module]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in modules[v].imports:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for name in modules:
        if name not in index:
            visit(name)
    return found
