// The wall as stacks (seed 000 §2.2): four sides of two-high stacks, the break, the dead wall
// with its loose tiles lifted on top, the live wall shrinking from its open end. Seed 002's
// flowers-only wall has rows of uneven length: East's and West's 18 stacks, South's and North's 17.

import { gettext } from "../i18n.js";
import { esc } from "../tiles.js";

const mod = (a, n) => ((a % n) + n) % n;

/** The stacks in each seat's wall: the view's `rows`, or `stacks_per_side` on every side. */
export function wallRows(wall) {
  if (Array.isArray(wall.rows) && wall.rows.length === 4) return wall.rows;
  return [0, 1, 2, 3].map(() => wall.stacks_per_side);
}

/** Where the j-th stack lies counting from the right end of the breaker's wall (1-based), on
 * round each corner where the row it runs along ends. `rows`: each seat's stacks, or one number
 * for all four. Returns [wall owner seat, stack number from that wall's right end]. */
export function stackPosition(breaker, j, rows) {
  const per = typeof rows === "number" ? [rows, rows, rows, rows] : rows;
  let i = mod(j - 1, per[0] + per[1] + per[2] + per[3]);
  let seat = breaker;
  while (i >= per[seat]) {
    i -= per[seat];
    seat = mod(seat - 1, 4);
  }
  return [seat, i + 1];
}

/** The state of every stack: key "seat:number" -> {tiles, dead, loose, brk, next}.
 * bonus (optional) {dealt, count, from}: the rituals' replacements for bonus tiles, in order:
 * `count` tiles after the `dealt` ones from the open end, or from the dead wall (`from`). */
export function wallStacks(wall, bonus) {
  const rows = wallRows(wall);
  const total = rows[0] + rows[1] + rows[2] + rows[3];
  const b = wall.break.stack;
  const breaker = wall.break.wall;
  const deadStacks = wall.dead_stacks || 0;
  // 000: the broken stack is lifted onto the dead wall as the two loose tiles; 002 and 004 lift
  // nothing, the dead wall being the stacks from the break's right on.
  const loose = wall.loose_tiles !== false;
  const liveStacks = deadStacks ? total - deadStacks - (loose ? 1 : 0) : total;
  const deadBase = 2 * deadStacks + (loose ? 2 : 0); // the dead wall's tiles before any top-up
  const liveEnd = 2 * liveStacks - (wall.tail_taken || 0);
  const liveDrawn = wall.live_drawn;
  const deadDrawn = wall.dead_drawn || 0;
  const out = new Map();
  // Which stack each ritual replacement came from: live order k, or dead-wall rel (-k - 1).
  const repl = new Map();
  for (let i = 0; bonus && i < bonus.count; i++) {
    let key;
    if (bonus.from !== "dead_wall") key = Math.floor((bonus.dealt + i) / 2);
    else if (!deadStacks) key = Math.floor((2 * liveStacks - 1 - i) / 2);
    else if (loose && i < 2) key = -1 - Math.min(i ? 3 : 5, deadStacks);
    else key = -1 - Math.floor(i / 2);
    if (!repl.has(key)) repl.set(key, i);
  }
  for (let j = 1; j <= total; j++) {
    const [seat, n] = stackPosition(breaker, j, rows);
    // count: this stack's place in the breaker's count (1 = the right end), 0 past the break;
    // dealt: its place in the deal from the left of the break (-1: not dealt from).
    const st = { tiles: 0, dead: false, loose: 0, brk: false, next: false, count: j <= b ? j : 0, dealt: -1 };
    const rel = mod(b - j, total);
    if (deadStacks && loose && rel === 0) {
      st.brk = true;
    } else if (deadStacks && (loose ? rel <= deadStacks : rel < deadStacks)) {
      st.dead = true;
      // The dead wall's tiles in the order drawn: the loose tiles (0, 1) then stack by stack.
      for (const i of [2 * rel, 2 * rel + 1]) if (i >= deadDrawn) st.tiles++;
      // The loose tiles lie on the fifth and third stacks, the upper one further out.
      if (loose && rel === Math.min(5, deadStacks) && deadDrawn < 1) st.loose++;
      if (loose && rel === Math.min(3, deadStacks) && deadDrawn < 2) st.loose++;
      if (repl.has(-1 - rel)) st.repl = repl.get(-1 - rel);
    } else {
      const k = mod(j - b - 1, total);
      let live = 0;
      let reserved = 0;
      for (const i of [2 * k, 2 * k + 1]) {
        if (i >= liveDrawn && i < liveEnd) live++;
        // A tail tile taken to top up the dead wall (002) is dead wall until drawn from it.
        else if (deadStacks && i >= liveEnd && i < 2 * liveStacks && deadBase + 2 * liveStacks - 1 - i >= deadDrawn) reserved++;
      }
      st.tiles = live + reserved;
      st.dead = reserved > 0 && live === 0;
      st.next = live > 0 && Math.floor(liveDrawn / 2) === k;
      if (2 * k < liveDrawn) st.dealt = k;
      if (repl.has(k)) st.repl = repl.get(k);
      if (2 * k + 1 >= liveEnd && 2 * k < 2 * liveStacks) st.tail = true; // replacements taken here
    }
    out.set(`${seat}:${n}`, st);
  }
  return out;
}

const SIDE_ORDER = {
  // DOM order of stack numbers on each side so that number 1 (the owner's right end) sits at
  // the owner's right: bottom, right, top, left as seen from the viewer.
  0: (per) => Array.from({ length: per }, (_, i) => per - i),
  1: (per) => Array.from({ length: per }, (_, i) => i + 1),
  2: (per) => Array.from({ length: per }, (_, i) => i + 1),
  3: (per) => Array.from({ length: per }, (_, i) => per - i),
};

export function wallHTML(view, bottomSeat, seatName, bonus) {
  const wall = view.wall;
  if (!wall || !wall.break) return "";
  const rows = wallRows(wall);
  const longest = Math.max(...rows);
  const stacks = wallStacks(wall, bonus);
  let html = "";
  for (let r = 0; r < 4; r++) {
    const seat = (bottomSeat + r) % 4;
    const per = rows[seat];
    const cells = SIDE_ORDER[r](per)
      .map((n) => {
        const st = stacks.get(`${seat}:${n}`);
        const cls = [
          "stack",
          `h${st.tiles}`,
          st.dead ? "dead" : "",
          st.loose ? `loose${st.loose}` : "",
          st.brk ? "brk" : "",
          st.next ? "next" : "",
        ].join(" ");
        // Custom properties time the rituals' counting and dealing (table.css, .rituals-on).
        const repl = st.repl !== undefined;
        const vars = [st.count ? `--c:${st.count}` : "", st.dealt >= 0 ? `--k:${st.dealt}` : "", repl ? `--r:${st.repl}` : ""].filter(Boolean).join(";");
        const extra = `${st.count ? " counted" : ""}${st.dealt >= 0 ? " dealt" : ""}${st.tail ? " tail" : ""}${repl ? " repl" : ""}`;
        return `<i class="${cls.trim()}${extra}"${vars ? ` style="${vars}"` : ""}></i>`;
      })
      .join("");
    const broken = seat === wall.break.wall ? " broken" : "";
    // A shorter row (17 stacks beside 18) is shorter on the felt, its stacks the same size.
    const length = r % 2 ? "height" : "width";
    const short = per < longest
      ? ` style="${length}: calc((100% - var(--d) - 2 * var(--pad)) * ${per} / ${longest})"`
      : "";
    html += `<div class="wall side-${r}${broken}"${short} data-seat="${seat}" data-stacks="${per}" aria-hidden="true" title="${esc(gettext("%(name)s's wall", { name: seatName(seat) }))}">${cells}</div>`;
  }
  return html;
}
