// Dice drawn with CSS pips (no font needed).
const PIPS = {
  1: [5], 2: [3, 7], 3: [3, 5, 7], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9],
};

export function dieHTML(n) {
  const pips = (PIPS[n] || []).map((p) => `<i class="p${p}"></i>`).join("");
  return `<span class="die" role="img" aria-label="${n}">${pips}</span>`;
}

/** Two dice and their total; nothing for a throw not made (a one-throw break has no second). */
export function throwHTML(pair) {
  if (!pair || pair.length !== 2) return "";
  const [a, b] = pair;
  return `<span class="throw">${dieHTML(a)}${dieHTML(b)}<b class="total">= ${a + b}</b></span>`;
}
