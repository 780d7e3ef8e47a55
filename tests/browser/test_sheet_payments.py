"""Issue 38 item 14: the score sheet says why each loser pays what they pay, run in Chromium on
the sheet's own module. Seed 004's Cantonese game as the hongkong table scores it
(rules/classical.md §4, the Hong Kong column; docs/scoring.md, Hong Kong payments): only the
winner is paid, every loser pays double on a self-drawn win, the discarder pays double on a
discard win; the classical tables (§2.1-2.3): East pays and receives double, losers settle."""

from __future__ import annotations

SHEET = """async ([scoring, how, discarder, payments, totals]) => {
  const sheet = await import("/static/js/render/sheet.js");
  const proof = await import("/static/js/render/proof.js");
  const names = ["Bot Plum", "You", "Bot Orchid", "Bot Bamboo"];
  const deal = {
    number: 3, dealer: 0, winner: 1, how,
    result: { winner: 1, how, discarder, liable: null, tile: "d5", source: how === "discard" ? "discard" : "wall" },
    hands: totals.map((total, seat) => ({ seat, wind: ["we", "ws", "ww", "wn"][seat], concealed: "", melds: [], bonus: "",
      score: { won: seat === 1, points: 0, doubles: 6, limit: null, total, items: [] } })),
    settlement: { payments, deltas: [0, 0, 0, 0] },
  };
  const ctx = {
    viewer: 1, playerName: (s) => names[s], seatName: (s) => names[s],
    view: { viewer: 1, phase: "deal_over", scoring, last_deal: deal, legal_actions: [],
            seats: [0, 1, 2, 3].map(() => ({ points: 2000 })) },
  };
  const el = document.createElement("div");
  el.innerHTML = sheet.sheetHTML(ctx);
  const grid = document.createElement("div");
  grid.innerHTML = proof.paymentsProofHTML(ctx, deal);
  return {
    sheet: [...el.querySelectorAll(".payments li")].map((li) => li.textContent.replace(/\\s+/g, " ").trim()),
    proof: [...grid.querySelectorAll(".payment-whys li")].map((li) => li.textContent.trim()),
  };
}"""


def _pay(payer, payee, amount):
    return {"payer": payer, "payee": payee, "amount": amount}


def test_a_self_drawn_hong_kong_win_says_why_every_loser_pays_double(site_url, new_page):
    """6 faan -> 32 points, and each loser pays 64: the sheet says it is the self-drawn double."""
    page = new_page()
    page.goto(site_url + "/")
    said = page.evaluate(SHEET, ["hongkong", "self_drawn", None,
                                 [_pay(0, 1, 64), _pay(2, 1, 64), _pay(3, 1, 64)], [0, 32, 0, 0]])
    assert said["sheet"][0] == ("Bot Plum pays You 64: the winning hand's 32 points, doubled: "
                                "a self-drawn win, so every loser pays double")
    assert len(said["sheet"]) == 3 and all("every loser pays double" in s for s in said["sheet"])
    assert said["proof"][2].startswith("Bot Bamboo to You, 64: the winning hand's 32 points, doubled")


def test_a_hong_kong_discard_win_says_the_discarder_pays_double(site_url, new_page):
    page = new_page()
    page.goto(site_url + "/")
    said = page.evaluate(SHEET, ["hongkong", "discard", 2,
                                 [_pay(0, 1, 32), _pay(2, 1, 64), _pay(3, 1, 32)], [0, 32, 0, 0]])
    assert said["sheet"] == [
        "Bot Plum pays You 32: the winning hand's 32 points",
        "Bot Orchid pays You 64: the winning hand's 32 points, doubled: the discarder of the "
        "winning tile pays double",
        "Bot Bamboo pays You 32: the winning hand's 32 points",
    ]


def test_a_classical_sheet_says_east_doubles_and_losers_settle(site_url, new_page):
    """classical.md §2: East (seat 0 deals) pays double; losers pay each other the difference."""
    page = new_page()
    page.goto(site_url + "/")
    # Winner 104; losers: East 20, West 8, North 8. East pays 208; West and North pay 104;
    # West and North each pay East (20 - 8) x 2 = 24; West and North are even.
    said = page.evaluate(SHEET, ["classical", "discard", 2,
                                 [_pay(0, 1, 208), _pay(2, 0, 24), _pay(2, 1, 104),
                                  _pay(3, 0, 24), _pay(3, 1, 104)], [20, 104, 8, 8]])
    assert said["sheet"] == [
        "Bot Plum pays You 208: the winning hand's 104 points, doubled: East pays and receives "
        "double",
        "Bot Orchid pays Bot Plum 24: the difference between their hands (20 and 8), doubled: "
        "East pays and receives double",
        "Bot Orchid pays You 104: the winning hand's 104 points",
        "Bot Bamboo pays Bot Plum 24: the difference between their hands (20 and 8), doubled: "
        "East pays and receives double",
        "Bot Bamboo pays You 104: the winning hand's 104 points",
    ]
