// Each ruleset's names for its scoring rules and tiles in the page's language (docs/hand-names.md;
// the tables: games/engine/hand_names, served at /rules/names/<language>.json). Frames carry a
// score line as the engine words it, in English, with its rule code; on a Chinese page the line
// is worded again from the code, and its detail (a tile, a limit hand's name) from the table.
// An English page loads nothing and every function returns the English it was given.
import { englishTileWords as tileWords } from "../tiles.js";

const PAGE_LANG = (document.documentElement.lang || "en").toLowerCase();

async function load(lang) {
  try {
    const res = await fetch(`/rules/names/${lang}.json`);
    return res.ok ? await res.json() : null;
  } catch {
    return null; // the English words stand
  }
}

/** The page's name tables, or null on an English page (or if they could not be had). */
export const NAMES = PAGE_LANG.startsWith("zh-") ? await load(PAGE_LANG) : null;

const TOKENS = [
  ..."bcd".split("").flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${s}${n}`)),
  "we", "ws", "ww", "wn", "dr", "dg", "dw", "f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4",
];

/** The table of a scoring family ("classical", "dmjl", "bmja", "hongkong"). */
function tableOf(names, scoring) {
  const tables = names?.tables;
  return tables ? tables[scoring] || tables.classical : null;
}

/** A tile's name from its English words ("5 Dots", "Plum (flower 1)"), or the words as given. */
function tileFrom(t, english) {
  if (!t._byWords) t._byWords = Object.fromEntries(TOKENS.map((k) => [tileWords(k), t.tiles[k]]));
  return t._byWords[english] ?? english;
}

const named = (word, detail) => `${word}（${detail}）`;

/** A score line's name in the page's language: item {rule, name} as the engine sent it. */
export function lineName(item, scoring, names = NAMES) {
  const t = tableOf(names, scoring);
  const word = t?.rules?.[item.rule];
  if (!word) return item.name;
  const en = item.name;
  const base = t.english[item.rule];
  const lines = t.lines || {};
  let m;
  if (item.rule === "L18") return word.replace("{n}", (en.match(/\d+/) || [""])[0]);
  if (en === base) return word;
  if (item.rule === "P1" && (m = en.match(/^(Exposed|Concealed|Claimed) (pung|kong) of (.+)$/))) {
    return named(lines[`${m[1].toLowerCase()} ${m[2]}`] || word, tileFrom(t, m[3]));
  }
  if (item.rule === "P2" && (m = en.match(/^Pair of (own|prevailing) wind \((.+)\)$/))) {
    return named(lines[`${m[1]} wind pair`] || word, tileFrom(t, m[2]));
  }
  if (item.rule === "P2" && (m = en.match(/^Pair of (.+)$/))) return named(lines.pair || word, tileFrom(t, m[1]));
  if (item.rule === "P3") return named(word, tileFrom(t, en));
  if ((m = en.match(/^Own (flower|season): (.+)$/)) && !en.startsWith(`${base}:`)) {
    return named(lines[`own ${m[1]}`] || word, tileFrom(t, m[2]));
  }
  if (en.startsWith(base)) {
    const rest = en.slice(base.length);
    const detail = (rest.match(/^ \((.+)\)$/) || rest.match(/^: (.+)$/) || [])[1];
    if (detail) {
      const code = Object.keys(t.english).find((c) => t.english[c] === detail);
      return named(word, code ? t.rules[code].replace("{n}", "") : tileFrom(t, detail));
    }
  }
  return word;
}

/** One of the score table's words ("points", "faan", "limit_hand", ...), or the English given. */
export function sheetWord(key, english, names = NAMES) {
  return names?.sheet?.[key] ?? english;
}
