// The browser's words in the page's language (docs/i18n.md). A Chinese page loads Django's
// JavaScriptCatalog (/jsi18n/, the `djangojs` catalogue of locale/) as a classic script before
// the modules, which sets `window.django`; an English page loads nothing and every function
// returns the English it was given. Values fill %(name)s placeholders, as in the Python catalogue;
// a count is always given as %(n)s. The sources are read by mahjong_site/catalogues.py with
// Babel's javascript extractor: the first arguments must be string literals.

const catalogue = globalThis.django && typeof globalThis.django.gettext === "function" ? globalThis.django : null;

/** The page's language as Django names it: "en", "zh-hans", "zh-hant". */
export const LANGUAGE = (document.documentElement.lang || "en").toLowerCase();
export const CHINESE = LANGUAGE.startsWith("zh");

function fill(text, values) {
  if (!values) return text;
  return text.replace(/%\((\w+)\)s|%%/g, (whole, key) => (whole === "%%" ? "%" : key in values ? String(values[key]) : whole));
}

export function gettext(msgid, values) {
  return fill(catalogue ? catalogue.gettext(msgid) : msgid, values);
}

export function ngettext(singular, plural, n, values) {
  const text = catalogue ? catalogue.ngettext(singular, plural, n) : n === 1 ? singular : plural;
  return fill(text, { n, ...values });
}

export function pgettext(context, msgid, values) {
  return fill(catalogue ? catalogue.pgettext(context, msgid) : msgid, values);
}

export function npgettext(context, singular, plural, n, values) {
  const text = catalogue ? catalogue.npgettext(context, singular, plural, n) : n === 1 ? singular : plural;
  return fill(text, { n, ...values });
}

/** A list in the page's language: "a, b, c" in English, "a、b、c" in Chinese. */
export function listWords(items, sep = ", ") {
  return items.join(CHINESE ? "、" : sep);
}

/** A number as the page writes it (thousands grouped). */
export function number(n) {
  return Number(n).toLocaleString("en");
}

/** An ordinal as the sentence around it wants it: "7th" in English; the bare number in Chinese,
 *  whose sentences write 第 7. */
export function ordinal(n) {
  if (CHINESE) return String(n);
  const v = n % 100;
  return n + (["th", "st", "nd", "rd"][(v - 20) % 10] || ["th", "st", "nd", "rd"][v] || "th");
}

/** Words the server gave in English (a reason a table has no hints, no free text...), in the
 *  page's language when the catalogue knows them (locale/server_words.js lists them). */
export function serverWords(text) {
  return text ? gettext(text) : text;
}

/** Marks English for the catalogue without translating it (translated where it is shown). */
export function gettext_noop(msgid) {
  return msgid;
}
