// A finished game's decisions of one person, move by move: the strong bot's ranking at the
// step shown (the choice made marked) and a small chart of the points given up in each deal.
// The figures come from /game/<id>/decisions.json (games/thinking/puzzle_jobs.py: decisions).
import { actionWords } from "../puzzles_position.js";
import { esc } from "../tiles.js";
import { gettext, listWords } from "../i18n.js";

const loaded = new Map(); // seat -> Promise of its decisions

function load(game, seat) {
  if (!loaded.has(seat)) {
    loaded.set(seat, fetch(`/game/${game}/decisions.json?seat=${seat}`, { credentials: "same-origin" })
      .then((r) => (r.ok ? r.json() : null)).catch(() => null));
  }
  return loaded.get(seat);
}

function chartHTML(perDeal) {
  const top = Math.max(1, ...perDeal.map((d) => d.lost));
  const each = perDeal.map((d) => gettext("deal %(deal)s %(lost)s", d));
  return `<div class="dc-chart" role="img" aria-label="${gettext("Points of expected value given up, deal by deal: %(list)s", { list: listWords(each) })}">
    ${perDeal.map((d) => `<div class="dc-bar"><span class="dc-label">${gettext("Deal %(number)s", { number: d.deal })}</span><span class="dc-fill" style="width:${Math.round(100 * d.lost / top)}%"></span><span class="dc-value">${d.lost}</span></div>`).join("")}</div>`;
}

function rankingHTML(d) {
  const same = (a, b) => a.type === b.type && (a.tile || null) === (b.tile || null) && String(a.tiles || "") === String(b.tiles || "") && !!a.call === !!b.call;
  const rows = d.candidates.map((c) => `<li class="${same(c.action, d.played) ? "dc-yours" : ""}">${esc(actionWords(c.action, d.offered))}
    <span class="muted">${gettext("%(expected)s points expected, %(pct)s%% to go out", { expected: c.expected, pct: Math.round(100 * c.win_chance) })}</span>${same(c.action, d.played) ? gettext(" ← chosen") : ""}</li>`).join("");
  const yours = d.yours ? `<li class="dc-yours" value="${d.rank}">${esc(actionWords(d.yours.action, d.offered))} <span class="muted">${gettext("%(expected)s points expected", { expected: d.yours.expected })}</span>${gettext(" ← chosen")}</li>` : "";
  const verdict = d.rank === 1 ? gettext("the strong bot's choice") : d.missed_win ? gettext("a missed win")
    : gettext("ranked %(rank)s of %(of)s, %(lost)s points given up", { rank: d.rank, of: d.of, lost: d.lost });
  return `<p id="dc-now">${gettext("<b>The decision here</b>: %(verdict)s", { verdict: esc(verdict) })}</p><ol class="dc-ranking">${rows}${yours}</ol>`;
}

/** Fill `box` for the seat at the bottom at this step (`version`: the moves made so far; `next`:
 * the next step's, if any). A claim window's passes are not steps, so a decision made after some
 * of them belongs to the step that shows the window. */
export async function showDecisions(box, { game, seat, version, next, person }) {
  if (!person) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const data = await load(game, seat);
  const body = box.querySelector(".dc-body");
  if (!data) {
    body.innerHTML = `<p class="muted">${gettext("The decisions could not be loaded.")}</p>`;
    return;
  }
  const here = data.decisions.find((d) => d.version === version)
    || data.decisions.find((d) => d.version > version && (next == null || d.version < next));
  const weighed = data.complete ? gettext("%(n)s decisions weighed; points given up, deal by deal:", { n: data.decisions.length })
    : gettext("%(n)s decisions weighed (the first ones only); points given up, deal by deal:", { n: data.decisions.length });
  body.innerHTML = `${here ? rankingHTML(here) : `<p class="muted" id="dc-now">${gettext("No decision of this seat at this move.")}</p>`}
    <p class="muted">${weighed}</p>
    ${chartHTML(data.per_deal)}`;
  box.dataset.ready = "1";
}
