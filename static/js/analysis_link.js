// The calculator's "Analyse this hand": the board reads the calculator's fields (hand, melds,
// bonus, seat, round, ruleset) from the address as the calculator keeps them.
const link = document.getElementById("calc-analyse");
if (link) {
  const keep = ["ruleset", "seat", "round", "hand", "melds", "bonus"];
  link.addEventListener("click", () => {
    const here = new URLSearchParams(location.search);
    const out = new URLSearchParams();
    for (const k of keep) if (here.get(k)) out.set(k, here.get(k));
    link.href = `${link.dataset.board}?${out}`;
  });
}
