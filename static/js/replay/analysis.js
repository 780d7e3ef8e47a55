// A finished game's decisions against the strong bot (/game/<id>/analysis.json): per person the
// share of decisions that matched the bot's choice and the decisions that cost most, each
// linked to the position where it was made. Worked out once on the server; while it is being
// worked out the page asks again every few seconds.
import { esc, tileWords } from "../tiles.js";
import { gettext, listWords, ngettext } from "../i18n.js";

// Each kind of action: alone, and with its tiles.
const KIND = {
  discard: [() => gettext("discard"), (v) => gettext("discard %(tiles)s", v)],
  pung: [() => gettext("pung"), (v) => gettext("pung %(tiles)s", v)],
  chow: [() => gettext("chow"), (v) => gettext("chow %(tiles)s", v)],
  kong: [() => gettext("kong"), (v) => gettext("kong %(tiles)s", v)],
  pass: [() => gettext("pass"), (v) => gettext("pass %(tiles)s", v)],
  win: [() => gettext("go out"), (v) => gettext("go out %(tiles)s", v)],
  concealed_kong: [() => gettext("declare a kong"), (v) => gettext("declare a kong %(tiles)s", v)],
  promote_kong: [() => gettext("add to a pung"), (v) => gettext("add to a pung %(tiles)s", v)],
};
const kindWords = (type, tiles) => (KIND[type] ? KIND[type][tiles == null ? 0 : 1]({ tiles })
  : tiles == null ? type : `${type} ${tiles}`);

function actionWords(a, offered) {
  if (a.type === "discard" && a.tile) return gettext("discard %(tile)s", { tile: tileWords(a.tile) });
  if (a.tiles) return kindWords(a.type, listWords(String(a.tiles).split(/\s+/).map(tileWords)));
  if (a.tile) return kindWords(a.type, tileWords(a.tile));
  if (offered && a.type === "pass") return gettext("let %(tile)s go", { tile: tileWords(offered) });
  if (offered && a.type === "win") return gettext("go out on %(tile)s", { tile: tileWords(offered) });
  if (offered) return kindWords(a.type, tileWords(offered));
  return kindWords(a.type);
}

/** What a miss cost. Going out is ranked above everything by a sentinel score, so a missed win
 * is told as one (with what the hand would have scored), never as expected value: analyses
 * kept before the server said so carry the sentinel in `lost`. */
export function missCost(m) {
  const missedWin = m.missed_win || (m.bot && m.bot.type === "win" && m.played && m.played.type !== "win");
  if (missedWin) {
    const n = Math.round(m.win_value);
    return m.win_value > 0 ? ngettext("a missed win: the hand would have scored %(n)s point", "a missed win: the hand would have scored %(n)s points", n)
      : gettext("a missed win");
  }
  return m.broke_call ? gettext("about %(n)s points of expected value; it broke the Original Call", { n: m.lost })
    : gettext("about %(n)s points of expected value", { n: m.lost });
}

/** The step where a move's decision was faced: the last step before the move's version. */
export function stepBefore(steps, version) {
  let lo = 0;
  let hi = steps.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (steps[mid].v < version) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function analysisHTML(data, { steps, where, hashOf, playerName, viewer }) {
  const seats = data.seats || [];
  if (!seats.length) return `<p class="muted">${gettext("Only bots played this game: there are no decisions of a person to compare.")}</p>`;
  const blocks = seats.map((s) => {
    const who = playerName(s.seat);
    const you = s.seat === viewer;
    if (!s.decisions) return `<p>${gettext("<b>%(name)s</b>: no choices to compare.", { name: esc(who) })}</p>`;
    const pct = Math.round(100 * s.match_rate);
    const misses = (s.misses || []).map((m) => {
      const at = stepBefore(steps, m.version);
      const v = { played: esc(actionWords(m.played, m.offered)), bot: esc(actionWords(m.bot, m.offered)) };
      const r = { rank: m.rank, of: m.of, cost: esc(missCost(m)) };
      return `<li><a href="${hashOf(where[at])}">${gettext("Deal %(deal)s, move %(move)s", { deal: m.deal, move: where[at].m })}</a>: ${you
        ? gettext("you chose to %(played)s; the bot would %(bot)s", v) : gettext("chose to %(played)s; the bot would %(bot)s", v)} <span class="muted">${you
        ? gettext("(your choice ranked %(rank)s of %(of)s; %(cost)s)", r) : gettext("(the choice ranked %(rank)s of %(of)s; %(cost)s)", r)}</span></li>`;
    }).join("");
    const head = you ? gettext("Your decisions: %(pct)s%% matched", { pct }) : gettext("%(name)s's decisions: %(pct)s%% matched", { name: esc(who), pct });
    return `<div class="analysis-seat"><p><b>${head}</b>
      <span class="muted">${gettext("(%(matched)s of %(decisions)s)", { matched: s.matched, decisions: s.decisions })}</span></p>
      ${misses ? `<p class="muted">${gettext("Biggest misses:")}</p><ol class="misses">${misses}</ol>` : ""}</div>`;
  }).join("");
  const note = data.complete === false ? `<p class="muted">${gettext("The first decisions only: the game was too long to weigh them all.")}</p>` : "";
  return `${blocks}${note}<p class="muted small">${gettext("Each choice is weighed as the strong bot sees it from that seat: how near the hand is to going out, what it could be worth and how dangerous the tile is. A different choice is not always a mistake.")}</p>`;
}

export async function loadAnalysis(url, box, render) {
  for (let attempt = 0; attempt < 60; attempt++) {
    let response;
    try {
      response = await fetch(url, { credentials: "same-origin" });
    } catch {
      break;
    }
    if (response.status === 202) {
      box.querySelector(".analysis-body").innerHTML = `<p class="muted">${gettext("Weighing every decision of the game…")}</p>`;
      await new Promise((r) => setTimeout(r, 3000));
      continue;
    }
    if (!response.ok) break;
    render(await response.json());
    return;
  }
  box.querySelector(".analysis-body").innerHTML = `<p class="muted">${gettext("The analysis is not available now.")}</p>`;
}
