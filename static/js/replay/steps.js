// The replay's steps as the server sends them (games/engine/replay.py): the first holds the
// whole view, each later one the top-level keys and seats that changed. Rebuilt here once into
// a full view per step (unchanged parts shared), so stepping is a lookup.

export function expand(steps) {
  const views = new Array(steps.length);
  let view = {};
  steps.forEach((step, i) => {
    view = { ...view, ...step.p };
    if (step.s) {
      const seats = view.seats.slice();
      for (const [k, s] of Object.entries(step.s)) seats[Number(k)] = s;
      view.seats = seats;
    }
    views[i] = view;
  });
  return views;
}

/** Per step its deal (0-based) and move number within the deal (1-based); per deal its range. */
export function index(data) {
  const deals = data.deals.map((d, i) => ({
    ...d,
    index: i,
    first: d.first,
    last: i + 1 < data.deals.length ? data.deals[i + 1].first - 1 : data.steps.length - 1,
  }));
  const where = data.steps.map((s, i) => ({ d: s.d, m: i - deals[s.d].first + 1 }));
  return { deals, where };
}

/** "#d3m41" -> the step index, or null. Deals and moves count from 1. */
export function parseHash(hash, deals) {
  const m = /^#?d(\d+)(?:m(\d+))?$/.exec(hash || "");
  if (!m) return null;
  const deal = deals[Math.min(Math.max(Number(m[1]), 1), deals.length) - 1];
  const move = m[2] ? Number(m[2]) : 1;
  return Math.min(deal.first + Math.max(move, 1) - 1, deal.last);
}

export function hashOf(where) {
  return `#d${where.d + 1}m${where.m}`;
}
