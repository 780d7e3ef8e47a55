// End of the game: final standings with placings, the points plot (rendered by the server,
// fetched once), "Replay this game", "Play again", the record to export.
import { esc } from "../tiles.js";
import { gettext, ngettext, pgettext } from "../i18n.js";

const plots = new Map(); // url -> HTML once loaded (null while loading)

function placeWords(place) {
  return ["", pgettext("place", "1st"), pgettext("place", "2nd"), pgettext("place", "3rd"), pgettext("place", "4th")][place];
}

function loadPlot(url) {
  if (plots.has(url)) return;
  plots.set(url, null);
  fetch(url, { credentials: "same-origin" })
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
    .then((html) => {
      plots.set(url, html);
      document.querySelectorAll(".sheet-plot").forEach((el) => { el.innerHTML = html; });
    })
    .catch(() => {
      plots.set(url, `<p class="muted">${gettext("The points plot could not be loaded.")}</p>`);
    });
}

function plotHTML(ctx) {
  if (!ctx.plotUrl) return "";
  loadPlot(ctx.plotUrl);
  return `<div class="sheet-plot">${plots.get(ctx.plotUrl) || `<p class="muted">${gettext("Drawing the points plot…")}</p>`}</div>`;
}

// "Your decisions": the game's analysis against the strong bot (replay/analysis.js), asked for
// once the game is over; it is worked out in the background, so the line fills in when ready.
const decisions = new Map(); // game -> line HTML once known (null while asked)

function loadDecisions(gameId, seat, replay) {
  if (decisions.has(gameId)) return;
  decisions.set(gameId, null);
  const fill = (html) => {
    decisions.set(gameId, html);
    document.querySelectorAll(".decisions-line").forEach((el) => { el.innerHTML = html; });
  };
  const ask = (attempt) => fetch(`/game/${gameId}/analysis.json`, { credentials: "same-origin" })
    .then((r) => {
      if (r.status === 202 && attempt < 40) return setTimeout(() => ask(attempt + 1), 3000);
      if (!r.ok) return fill("");
      return r.json().then((data) => {
        const s = (data.seats || []).find((x) => x.seat === seat);
        if (!s || !s.decisions) return fill("");
        const pct = Math.round(100 * s.match_rate);
        const misses = (s.misses || []).length;
        const line = gettext("Your decisions: <b>%(pct)s%%</b> matched the strong bot (%(matched)s of %(n)s)",
          { pct, matched: s.matched, n: s.decisions });
        fill(`${line}${misses && replay ? gettext("; <a href=\"%(url)s\">see the biggest misses</a>", { url: `${esc(replay)}#analysis-box` }) : ""}${gettext(".")}`);
      });
    })
    .catch(() => fill(""));
  ask(0);
}

// The replay's steps are built on first request and cached: ask for them while the player reads
// the standings, so "Replay this game" opens at once.
const warmed = new Set();
function warmReplay(url) {
  if (!url || warmed.has(url)) return;
  warmed.add(url);
  fetch(`${url}steps.json`, { credentials: "same-origin" }).catch(() => {});
}

// How the game ended when it did not simply play out (services/forfeits.py, `view.ended`):
// who resigned or left, or that everyone agreed; those who gave it up are placed last.
function endedHTML(ctx, me) {
  const e = ctx.view.ended;
  if (!e) return "";
  const name = (seat) => (seat === me ? pgettext("object", "you") : ctx.playerName(seat));
  const who = (how) => (e.by || []).filter((b) => b.how === how).map((b) => name(b.seat)).join(gettext(" and "));
  const after = e.deals ? ngettext("after %(n)s deal", "after %(n)s deals", e.deals) : gettext("before any deal was scored");
  let text = "";
  if (e.how === "resigned") {
    text = gettext("Ended early: %(who)s resigned %(after)s. The standing is the one at that moment, with %(who)s placed last.",
      { who: who("resigned"), after });
  } else if (e.how === "left") {
    text = gettext("Ended early: %(who)s left the table (away past the grace period) %(after)s. The standing is the one at that moment, with %(who)s placed last.",
      { who: who("left"), after });
  } else if (e.how === "agreed") {
    text = gettext("Ended early: everyone at the table agreed to end it %(after)s, on the standing at that moment.", { after });
  } else if (who("resigned")) {
    text = gettext("%(who)s resigned: a bot played the seat on, and %(who)s is placed last.", { who: who("resigned") });
    text = text[0].toUpperCase() + text.slice(1);
  }
  return text ? `<p class="ended-line">${esc(text)}</p>` : "";
}

function gaveUpWords(how) {
  return { resigned: pgettext("gave up", "resigned"), left: pgettext("gave up", "left") }[how];
}

export function gameOverHTML(ctx) {
  const v = ctx.view;
  if (!v || !v.standings) return "";
  const me = ctx.viewer ?? v.viewer;
  const gaveUp = new Map(((v.ended && v.ended.by) || []).map((b) => [b.seat, gaveUpWords(b.how)]));
  const rows = v.standings
    .map((s) => {
      const you = s.seat === me;
      const out = gaveUp.get(s.seat);
      return `<li class="${you ? "me" : ""}"><span class="place p${s.place}">${placeWords(s.place) || esc(s.place)}</span>
        <span class="name">${esc(ctx.playerName(s.seat))}${out ? ` <span class="gave-up">(${esc(out)})</span>` : ""}</span>
        <b class="num">${s.points.toLocaleString("en")}</b></li>`;
    })
    .join("");
  const mine = v.standings.find((s) => s.seat === me);
  const headline = mine
    ? `<p class="result-line">${gettext("You placed %(place)s with %(points)s points.", { place: placeWords(mine.place), points: mine.points.toLocaleString("en") })}</p>`
    : "";
  const replay = ctx.replayUrl || (ctx.gameId != null ? `/game/${ctx.gameId}/replay/` : null);
  if (ctx.replayUrl) warmReplay(ctx.replayUrl);
  const again = ctx.againUrl && me != null
    ? `<form method="post" action="${esc(ctx.againUrl)}" class="inline">
        <input type="hidden" name="csrfmiddlewaretoken" value="${esc(ctx.csrf || "")}">
        <button type="submit" class="button" id="play-again">${gettext("Play again")}</button></form>`
    : "";
  if (me != null && ctx.gameId != null) loadDecisions(ctx.gameId, me, replay);
  const decided = me != null ? `<p class="decisions-line" aria-live="polite">${decisions.get(ctx.gameId) ?? ""}</p>` : "";
  const record = ctx.recordUrl
    ? `<a href="${esc(ctx.recordUrl)}?download=1" download>${gettext("Export the record")}</a>`
    : "";
  return `<section class="standings" aria-labelledby="standings-title">
    <h3 id="standings-title">${gettext("Final standings")}</h3>${headline}${endedHTML(ctx, me)}
    <ol class="final">${rows}</ol>${decided}
    <div class="sheet-links">${replay ? `<a class="button primary" id="replay-game" href="${esc(replay)}">${gettext("Replay this game")}</a>` : ""}
      ${again} ${record} <a href="/games/">${gettext("Your games")}</a> <a href="/lobby/">${gettext("Back to the lobby")}</a></div>
    ${plotHTML(ctx)}
  </section>`;
}

/** The end screen of a game that ended before its deal in play was scored (it has no deal of its
 *  own to show): the standings and how it ended. */
export function endedSheetHTML(ctx) {
  return `<div class="sheet" role="dialog" aria-modal="false" aria-labelledby="sheet-title">
    <h2 id="sheet-title" tabindex="-1">${gettext("Game over: ended early")}</h2>
    ${gameOverHTML(ctx)}
  </div>`;
}
