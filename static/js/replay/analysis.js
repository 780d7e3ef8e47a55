// A finished game's decisions against the strong bot (/game/<id>/analysis.json): per person the
// share of decisions that matched the bot's choice and the decisions that cost most, each
// linked to the position where it was made. Worked out once on the server; while it is being
// worked out the page asks again every few seconds.
import { esc, tileWords } from "../tiles.js";

const KIND = {
  discard: "discard", pung: "pung", chow: "chow", kong: "kong", pass: "pass", win: "go out",
  concealed_kong: "declare a kong", promote_kong: "add to a pung",
};

function actionWords(a, offered) {
  const kind = KIND[a.type] || a.type;
  if (a.type === "discard" && a.tile) return `discard ${tileWords(a.tile)}`;
  if (a.tiles) return `${kind} ${String(a.tiles).split(/\s+/).map(tileWords).join(", ")}`;
  if (a.tile) return `${kind} ${tileWords(a.tile)}`;
  if (offered && a.type === "pass") return `let ${tileWords(offered)} go`;
  if (offered && a.type === "win") return `go out on ${tileWords(offered)}`;
  if (offered) return `${kind} ${tileWords(offered)}`;
  return kind;
}

/** What a miss cost. Going out is ranked above everything by a sentinel score, so a missed win
 * is told as one (with what the hand would have scored), never as expected value: analyses
 * kept before the server said so carry the sentinel in `lost`. */
export function missCost(m) {
  const missedWin = m.missed_win || (m.bot && m.bot.type === "win" && m.played && m.played.type !== "win");
  if (missedWin) {
    return m.win_value > 0 ? `a missed win: the hand would have scored ${Math.round(m.win_value)} points` : "a missed win";
  }
  const broke = m.broke_call ? "; it broke the Original Call" : "";
  return `about ${m.lost} points of expected value${broke}`;
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
  if (!seats.length) return '<p class="muted">Only bots played this game: there are no decisions of a person to compare.</p>';
  const blocks = seats.map((s) => {
    const who = playerName(s.seat);
    const you = s.seat === viewer;
    if (!s.decisions) return `<p><b>${esc(who)}</b>: no choices to compare.</p>`;
    const pct = Math.round(100 * s.match_rate);
    const misses = (s.misses || []).map((m) => {
      const at = stepBefore(steps, m.version);
      return `<li><a href="${hashOf(where[at])}">Deal ${m.deal}, move ${where[at].m}</a>: ${you ? "you chose to" : "chose to"} ${esc(actionWords(m.played, m.offered))};
        the bot would ${esc(actionWords(m.bot, m.offered))} <span class="muted">(${you ? "your" : "the"} choice ranked ${m.rank} of ${m.of}; ${esc(missCost(m))})</span></li>`;
    }).join("");
    return `<div class="analysis-seat"><p><b>${esc(you ? "Your decisions" : `${who}'s decisions`)}: ${pct}% matched</b>
      <span class="muted">(${s.matched} of ${s.decisions})</span></p>
      ${misses ? `<p class="muted">Biggest misses:</p><ol class="misses">${misses}</ol>` : ""}</div>`;
  }).join("");
  const note = data.complete === false ? '<p class="muted">The first decisions only: the game was too long to weigh them all.</p>' : "";
  return `${blocks}${note}<p class="muted small">Each choice is weighed as the strong bot sees it from that seat: how near the hand is to going out, what it could be worth and how dangerous the tile is. A different choice is not always a mistake.</p>`;
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
      box.querySelector(".analysis-body").innerHTML = '<p class="muted">Weighing every decision of the game…</p>';
      await new Promise((r) => setTimeout(r, 3000));
      continue;
    }
    if (!response.ok) break;
    render(await response.json());
    return;
  }
  box.querySelector(".analysis-body").innerHTML = '<p class="muted">The analysis is not available now.</p>';
}
