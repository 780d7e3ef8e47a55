// Clicks and changes: the control buttons, the permalink (copied whole), speed, deal, move and
// the seat at the bottom; the rituals buttons on the table; a move in the move list; a miss in
// the Decisions box; and the wall drawn when its box is opened.
import { parseHash } from "./steps.js";
import { controls, ctx, moveList, root, state, wallBox } from "./state.js";
import { render } from "./draw.js";
import { command, go, setPlaying } from "./navigate.js";
import { gettext } from "../i18n.js";

export function wireControls() {
  controls.addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-rc]");
    if (b) command(b.dataset.rc);
    const link = ev.target.closest(".permalink");
    if (link && navigator.clipboard) {
      // The link is the page's address with this move: copy it whole, ready to share.
      ev.preventDefault();
      navigator.clipboard.writeText(location.href.split("#")[0] + link.getAttribute("href")).then(
        () => { link.textContent = gettext("Link copied"); setTimeout(() => { link.textContent = gettext("Link to this move"); }, 1500); },
        () => { location.hash = link.getAttribute("href"); },
      );
    }
  });

  controls.addEventListener("change", (ev) => {
    const el = ev.target;
    if (el.dataset.rc === "speed") {
      state.speed = el.value;
      if (state.playing) setPlaying(true);
    } else if (el.dataset.rc === "bottom") {
      state.bottom = Number(el.value);
      render();
    } else if (el.dataset.rc === "deal") {
      go(state.idx.deals[Number(el.value)].first);
    } else if (el.dataset.rc === "move") {
      const deal = state.idx.deals[state.idx.where[state.at].d];
      go(Math.min(deal.first + Math.max(1, Number(el.value) || 1) - 1, deal.last));
    }
  });

  root.addEventListener("click", (ev) => {
    const b = ev.target.closest("[data-act]");
    if (!b) return;
    if (b.dataset.act === "show-rituals") state.showRituals = !ctx().showRituals;
    else if (b.dataset.act === "hide-rituals") state.showRituals = false;
    else return;
    render();
  });

  moveList.addEventListener("click", (ev) => {
    const a = ev.target.closest("a[href^='#d']");
    if (!a) return;
    ev.preventDefault();
    const i = a.dataset.step != null ? Number(a.dataset.step) : parseHash(a.getAttribute("href"), state.idx.deals);
    if (i != null) go(i);
  });

  // A miss in the Decisions box opens its position, and brings the table into view if the page
  // was scrolled away from it (the box scrolls within the side, never the page).
  document.getElementById("analysis-box")?.addEventListener("click", (ev) => {
    const a = ev.target.closest("a[href^='#d']");
    if (!a || !state.idx) return;
    ev.preventDefault();
    const i = parseHash(a.getAttribute("href"), state.idx.deals);
    if (i == null) return;
    go(i);
    const box = root.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) root.scrollIntoView({ block: "nearest" });
  });

  wallBox.addEventListener("toggle", () => {
    if (wallBox.open) render();
  });
}
