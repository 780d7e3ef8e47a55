// Live table status on a tournament page: a light poll of a small JSON. A table's badge
// follows its game; when a round starts or ends the page reloads to show tables or standings.
// The server says when to ask again (data-poll, then each answer's `poll`): often while a
// round is played, seldom between rounds, never once the tournament is over.
import { pgettext } from "./i18n.js";

// A table's status as its badge says it, in the page's language (the codes stay in data-status).
function statusWords(status) {
  const words = {
    waiting: pgettext("tournament table", "waiting"),
    seated: pgettext("tournament table", "seated"),
    live: pgettext("tournament table", "live"),
    finished: pgettext("tournament table", "finished"),
  };
  return words[status] ?? status;
}

const root = document.getElementById("tournament");

async function poll(state) {
  let data;
  try {
    const response = await fetch(root.dataset.statusUrl, { headers: { Accept: "application/json" } });
    if (!response.ok) return state;
    data = await response.json();
  } catch (e) {
    return state; // offline for a moment: try again at the next poll
  }
  if (state.key !== null && data.key !== state.key) {
    window.location.reload();
    return { key: data.key, every: null };
  }
  for (const [id, table] of Object.entries(data.tables)) {
    const badge = document.querySelector(`[data-table="${id}"] [data-status]`);
    if (badge && badge.dataset.status !== table.status) {
      badge.dataset.status = table.status;
      badge.textContent = statusWords(table.status);
      badge.className = `badge table-status status-${table.status}`;
    }
  }
  return { key: data.key, every: data.poll === undefined ? state.every : data.poll };
}

const first = Number.parseInt(root?.dataset.poll ?? "", 10);
if (root && first > 0) {
  let state = { key: null, every: first };
  const loop = async () => {
    if (!document.hidden) state = await poll(state);
    if (state.every) setTimeout(loop, state.every);
    root.dataset.polls = String(Number(root.dataset.polls || 0) + 1); // asked (and timer set)
  };
  loop();
}
