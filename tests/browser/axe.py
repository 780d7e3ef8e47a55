"""An accessibility check in the page: axe-core (vendored in tests/browser/vendor/axe-core) injected by
the test, run against the WCAG A and AA rules; returns the violations in short form."""

from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"

RUN = """async () => {
    const r = await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}});
    return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' :: ' + n.failureSummary)}));
}"""


def violations(page) -> list[dict]:
    # Checked at rest: a tile caught half-way through its fade-in is not a contrast fault.
    page.emulate_media(reduced_motion="reduce")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN)


def report(found: list[dict]) -> str:
    return "\n".join(f"{v['id']} ({v['impact']}): {v['help']}\n  " + "\n  ".join(v["nodes"]) for v in found)
