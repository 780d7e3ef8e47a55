// Display preferences kept in this browser: high contrast (stronger colours, larger tile indexes).
import { readPref, writePref } from "./stored.js";

const KEY = "mahjong-hc";

function apply(on) {
  document.body.classList.toggle("hc", on);
  for (const b of document.querySelectorAll(".hc-toggle")) b.setAttribute("aria-pressed", String(on));
}

let on = readPref(KEY, false);
apply(on);
document.documentElement.classList.remove("hc-pending");
for (const b of document.querySelectorAll(".hc-toggle")) {
  b.addEventListener("click", () => {
    on = !on;
    writePref(KEY, on);
    apply(on);
  });
}
