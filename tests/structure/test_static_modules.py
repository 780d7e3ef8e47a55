"""docs/architecture.md, the browser's side: every ES module under static/js is reached from a
page's entry (a template's `<script>`, or a form's Media in the admin) through its imports: no
orphan is shipped."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "static" / "js"
ENTRY = re.compile(r"""static ['"](js/[^'"]+\.js)['"]""")
MEDIA = re.compile(r"""["'](js/[^"']+\.js)["']""")
IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}/[^"']+\.js)["']""")


def _entries() -> set[Path]:
    found = set()
    for template in (ROOT / "templates").rglob("*.html"):
        for name in ENTRY.findall(template.read_text()):
            found.add((ROOT / "static" / name).resolve())
    for module in (ROOT / "games").rglob("*.py"):
        for name in MEDIA.findall(module.read_text()):
            found.add((ROOT / "static" / name).resolve())
    return found


def _imports(module: Path) -> set[Path]:
    return {(module.parent / name).resolve() for name in IMPORT.findall(module.read_text())}


def reached(entries: set[Path]) -> set[Path]:
    seen: set[Path] = set()
    todo = list(entries)
    while todo:
        module = todo.pop()
        if module in seen or not module.exists():
            continue
        seen.add(module)
        todo.extend(_imports(module))
    return seen


def test_every_module_is_reached_from_a_page():
    entries = _entries()
    assert (JS / "table.js").resolve() in entries
    shipped = {p.resolve() for p in JS.rglob("*.js")}
    orphans = sorted(str(p.relative_to(ROOT)) for p in shipped - reached(entries))
    assert orphans == []


def test_every_import_names_a_module_that_exists():
    missing = [f"{m.relative_to(ROOT)} imports {t.relative_to(ROOT)}"
               for m in JS.rglob("*.js") for t in _imports(m) if not t.exists()]
    assert missing == []


def test_the_reader_follows_imports(tmp_path):
    (tmp_path / "a.js").write_text('import { x } from "./b.js";\n')
    (tmp_path / "b.js").write_text('export const x = 1;\nconst y = await import("./c.js");\n')
    (tmp_path / "c.js").write_text("export {};\n")
    (tmp_path / "d.js").write_text("export {};\n")
    got = reached({(tmp_path / "a.js").resolve()})
    assert {p.name for p in got} == {"a.js", "b.js", "c.js"}
