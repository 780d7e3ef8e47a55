"""The table's words for a seat, run in Chromium: this page's seat is "You" with the verb to
match, also in the review shown once the game is over (whose view has no viewer), and a claim
beaten by another seat's says why theirs outranks it (seed 003 §3.4)."""

from __future__ import annotations

WORDS = """async () => {
  const w = await import("/static/js/words.js");
  const names = ["Bot Plum", "Bot Orchid", "You", "Bot Bamboo"];
  const live = { viewer: 2, view: { viewer: 2 }, seatName: (s) => names[s] };
  const review = { viewer: 2, view: { viewer: null }, seatName: (s) => names[s] };
  const win = (seat, from) => ({ type: "win", seat, from_seat: from, source: "discard", tile: "d5" });
  return {
    mine: w.eventWords(win(2, 0), review),
    theirs: w.eventWords(win(0, 2), review),
    liveMine: w.eventWords(win(2, 1), live),
    fishing: w.eventWords({ type: "fishing", seat: 2 }, review),
    loose: w.eventWords({ type: "draw", seat: 2, source: "dead_wall" }, review),
    winOverPung: w.outrankedWords(live, 0, "win", "pung"),
    pungOverChow: w.outrankedWords(live, 1, "pung", "chow"),
    kongOverChow: w.outrankedWords(live, 3, "kong", "chow"),
    earlierWin: w.outrankedWords(live, 0, "win", "win"),
    notOutranked: w.outrankedWords(live, 1, "chow", "pung"),
  };
}"""


def test_you_and_your_read_right_and_a_beaten_claim_is_explained(site_url, new_page):
    page = new_page()
    page.goto(site_url + "/")
    said = page.evaluate(WORDS)
    assert said["mine"] == "You go out with 5 Dots on Bot Plum's discard!"
    assert said["theirs"] == "Bot Plum goes out with 5 Dots on your discard!"
    assert said["liveMine"] == "You go out with 5 Dots on Bot Orchid's discard!"
    assert said["fishing"] == "You are fishing: one tile from Mah Jong."
    assert said["loose"] == "You take a loose tile."
    assert said["winOverPung"] == "Bot Plum's win outranks your pung."
    assert said["pungOverChow"] == "Bot Orchid's pung outranks your chow."
    assert said["kongOverChow"] == "Bot Bamboo's kong outranks your chow."
    assert said["earlierWin"] == "Bot Plum (earlier in turn) also claimed the win."
    assert said["notOutranked"] is None
