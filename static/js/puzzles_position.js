// A seat's view drawn for a puzzle or the analysis board, its actions in words, and every
// candidate's figures as a table. Shared by puzzles.js and analysis_board.js. In the page's
// language (the djangojs catalogue, static/js/i18n.js): each action's words one message per kind.
import { esc, parseTiles, tileHTML, tilesHTML, tileWords, windName } from "./tiles.js";
import { gettext, listWords } from "./i18n.js";

// Each kind of action: alone, with its tiles, on the tile offered.
const KIND = {
  discard: [() => gettext("discard"), (v) => gettext("discard %(tiles)s", v), (v) => gettext("discard on %(tile)s", v)],
  pung: [() => gettext("pung"), (v) => gettext("pung %(tiles)s", v), (v) => gettext("pung on %(tile)s", v)],
  chow: [() => gettext("chow"), (v) => gettext("chow %(tiles)s", v), (v) => gettext("chow on %(tile)s", v)],
  kong: [() => gettext("kong"), (v) => gettext("kong %(tiles)s", v), (v) => gettext("kong on %(tile)s", v)],
  pass: [() => gettext("pass"), (v) => gettext("pass %(tiles)s", v), (v) => gettext("pass on %(tile)s", v)],
  win: [() => gettext("go out"), (v) => gettext("go out %(tiles)s", v), (v) => gettext("go out on %(tile)s", v)],
  concealed_kong: [() => gettext("declare a concealed kong of"), (v) => gettext("declare a concealed kong of %(tiles)s", v),
    (v) => gettext("declare a concealed kong of on %(tile)s", v)],
  promote_kong: [() => gettext("add to the pung a kong of"), (v) => gettext("add to the pung a kong of %(tiles)s", v),
    (v) => gettext("add to the pung a kong of on %(tile)s", v)],
};
const ENGLISH = [(k) => k, (k, v) => `${k} ${v.tiles}`, (k, v) => `${k} on ${v.tile}`];
const kindWords = (type, form, values) => (KIND[type] ? KIND[type][form](values) : ENGLISH[form](type, values));

/** `rob`: the tile `offered` is a kong's being made, which the seat may rob. */
export function actionWords(a, offered, rob = false) {
  if (!a) return "";
  const tile = offered ? tileWords(offered) : "";
  if (rob && offered && a.type === "win") return gettext("rob the kong: go out on %(tile)s", { tile });
  if (rob && offered && a.type === "pass") return gettext("let the kong of %(tile)s stand", { tile });
  if (a.type === "discard" && a.tile) {
    const v = { tile: tileWords(a.tile) };
    return a.call ? gettext("discard %(tile)s and make the Original Call", v) : gettext("discard %(tile)s", v);
  }
  if (a.tiles) return kindWords(a.type, 1, { tiles: listWords(parseTiles(a.tiles).map(tileWords)) });
  if (a.tile) return kindWords(a.type, 1, { tiles: tileWords(a.tile) });
  if (offered && a.type === "pass") return gettext("let %(tile)s go", { tile });
  if (offered) return kindWords(a.type, 2, { tile });
  return kindWords(a.type, 0);
}

export function sameAction(a, b) {
  return a.type === b.type && (a.tile || null) === (b.tile || null)
    && String(a.tiles || "") === String(b.tiles || "") && !!a.call === !!b.call;
}

function meldsHTML(melds) {
  return (melds || []).map((m) => `<span class="meld" aria-label="${esc(listWords(parseTiles(m.tiles).map(tileWords)))}">${tilesHTML(m.tiles, { label: "" })}</span>`).join(" ");
}

/** The position: every seat's wind, melds, bonus and discards; the viewer's own hand. */
export function positionHTML(view) {
  const me = view.viewer;
  const none = gettext("none");
  const seats = view.seats.map((s) => {
    const own = s.seat === me;
    return `<div class="pz-seat${own ? " own" : ""}" data-seat="${s.seat}">
      <h3>${esc(windName(s.wind))}${own ? gettext(" (you)") : ""}${s.seat === view.dealer ? gettext(" · East, the dealer") : ""}
        <span class="muted">${own ? "" : gettext("%(n)s concealed", { n: s.concealed })}${s.original_call ? gettext(" · Original Call") : ""}</span></h3>
      ${s.melds && s.melds.length ? `<p class="pz-melds">${gettext("Sets: %(sets)s", { sets: meldsHTML(s.melds) })}</p>` : ""}
      ${s.bonus ? `<p class="pz-bonus">${gettext("Bonus: %(tiles)s", { tiles: tilesHTML(s.bonus) })}</p>` : ""}
      <p class="pz-discards">${gettext("Discards: %(tiles)s", { tiles: s.discards ? tilesHTML(s.discards) : `<span class="muted">${none}</span>` })}</p>
    </div>`;
  }).join("");
  const wall = view.wall || {};
  const by = view.claim && view.claim.tile ? esc(windName(view.seats[view.claim.discarder].wind)) : "";
  const claim = !by ? "" : view.claim.kind === "rob"
    ? `<p class="pz-claim">${gettext("A kong being made: %(tile)s by %(name)s, which you may rob", { tile: tileHTML(view.claim.tile), name: by })}</p>`
    : `<p class="pz-claim">${gettext("Discarded: %(tile)s by %(name)s", { tile: tileHTML(view.claim.tile), name: by })}</p>`;
  const goulash = view.goulash ? gettext(" · a Goulash: no chows, the 2 of Bamboo wild") : "";
  const facts = gettext("Prevailing wind %(wind)s · %(n)s tiles left in the live wall", { wind: esc(windName(view.prevailing_wind)), n: wall.live ?? "?" });
  return `<p class="pz-facts">${facts}${goulash}</p>
    <div class="pz-seats">${seats}</div>${claim}`;
}

/** The viewer's hand; discards are buttons (data-choice = index in the actions) when `clickable`. */
export function handHTML(view, actions, clickable) {
  const tiles = parseTiles(view.hand);
  const drawn = parseTiles(view.drawn || "");
  const plain = (t) => actions.findIndex((a) => a.type === "discard" && a.tile === t && !a.call);
  const one = (t, extra) => {
    const i = plain(t);
    if (!clickable || i < 0) return tileHTML(t, { cls: extra });
    return tileHTML(t, { tag: "button", cls: `pz-pick ${extra || ""}`, attrs: `data-choice="${i}"`, label: gettext("Discard %(tile)s", { tile: tileWords(t) }) });
  };
  return `<div class="pz-hand" role="group" aria-label="${gettext("Your hand")}">${tiles.map((t) => one(t)).join("")}
    ${drawn.length ? `<span class="pz-drawn-gap"></span>${drawn.map((t) => one(t, "drawn")).join("")}` : ""}</div>`;
}

/** Buttons for the actions that are not a plain discard of a tile in the hand. */
export function otherChoicesHTML(view, actions) {
  const offered = view.claim && view.claim.tile;
  return actions.map((a, i) => (a.type === "discard" && !a.call ? "" :
    `<button type="button" class="button small pz-choice" data-choice="${i}">${esc(actionWords(a, offered))}</button>`)).join(" ");
}

/** The legal actions once each (a discard of two copies of a tile is one choice). */
export function distinct(actions) {
  const out = [];
  for (const a of actions) if (!out.some((b) => sameAction(a, b))) out.push(a);
  return out;
}

// The evaluator's danger classes (games/engine/brain/danger.py).
const DANGER = { safe: () => gettext("safe"), low: () => gettext("low"), medium: () => gettext("medium"), high: () => gettext("high") };

const pct = (x) => `${Math.round(100 * x)}%`;

/** Every candidate's figures, best first; `mark` names the row of an action (the answer). */
export function candidatesHTML(candidates, { offered, mark, bot, rob } = {}) {
  const rows = candidates.map((c, i) => {
    const live = listWords(Object.entries(c.effective || {}).map(([t, n]) => `${tileWords(t)} ×${n}`));
    const you = mark && sameAction(c.action, mark);
    const isBot = bot && sameAction(c.action, bot);
    return `<tr class="${i === 0 ? "best" : ""}${you ? " yours" : ""}">
      <td>${i + 1}</td><th scope="row">${esc(actionWords(c.action, offered, rob))}${isBot ? ` <span class="badge">${gettext("strong bot")}</span>` : ""}${you ? ` <span class="badge">${gettext("your answer")}</span>` : ""}</th>
      <td>${c.shanten < 0 ? gettext("out") : c.shanten === 0 ? gettext("ready") : gettext("%(n)s away", { n: c.shanten })}</td>
      <td>${c.live ?? 0}${live ? ` <span class="muted small">(${esc(live)})</span>` : ""}</td>
      <td>${c.value}</td><td>${pct(c.win_chance)}</td><td>${DANGER[c.danger_class]?.() ?? esc(c.danger_class)} (${pct(c.danger)})</td>
      <td>${c.expected ?? c.score}</td></tr>`;
  }).join("");
  return `<table class="pz-candidates"><caption>${gettext("Every choice, as the strong evaluator weighs it")}</caption>
    <thead><tr><th>#</th><th>${gettext("Choice")}</th><th>${gettext("Distance")}</th><th>${gettext("Helpful tiles unseen")}</th><th>${gettext("Hand's worth")}</th><th>${gettext("Chance of going out")}</th><th>${gettext("Danger")}</th><th>${gettext("Expected points")}</th></tr></thead>
    <tbody>${rows}</tbody></table>`;
}
