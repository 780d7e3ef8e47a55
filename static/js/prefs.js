// Display preferences kept in this browser: high contrast (stronger colours, larger tile indexes).
const KEY = "mahjong-hc";

function apply(on) {
  document.body.classList.toggle("hc", on);
  for (const b of document.querySelectorAll(".hc-toggle")) b.setAttribute("aria-pressed", String(on));
}

let on = false;
try {
  on = localStorage.getItem(KEY) === "1";
} catch {
  on = false;
}
apply(on);
document.documentElement.classList.remove("hc-pending");
for (const b of document.querySelectorAll(".hc-toggle")) {
  b.addEventListener("click", () => {
    on = !on;
    try {
      localStorage.setItem(KEY, on ? "1" : "0");
    } catch {
      /* private mode: the choice lasts for this page only */
    }
    apply(on);
  });
}
