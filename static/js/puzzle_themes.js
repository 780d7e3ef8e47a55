// A puzzle's themes (docs/puzzles.md) in the page's language: the server sends codes ("kong",
// "defence"); each page words them here (its player page words them with the same catalogue,
// games/templatetags/puzzle_tags.py). An unknown code is shown as it came.
import { pgettext } from "./i18n.js";

const THEMES = {
  kong: () => pgettext("puzzle theme", "kong"),
  claim: () => pgettext("puzzle theme", "claim"),
  "original-call": () => pgettext("puzzle theme", "original-call"),
  defence: () => pgettext("puzzle theme", "defence"),
  waits: () => pgettext("puzzle theme", "waits"),
  shape: () => pgettext("puzzle theme", "shape"),
  value: () => pgettext("puzzle theme", "value"),
  goulash: () => pgettext("puzzle theme", "goulash"),
};

/** Each theme code as the page says it. */
export function themeWords(codes) {
  return (codes || []).map((code) => (THEMES[code] ? THEMES[code]() : code));
}
