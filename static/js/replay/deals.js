// A deal as the replay's deal picker and move list name it: its round, its dealer, its outcome.
import { windName } from "../tiles.js";

/** "Bot Plum won", "drawn" (nobody won: a wash-out), or "in play" (a running game's last deal). */
export function dealOutcome(data, deal, nameOf) {
  const scored = data.steps[deal.last].e.find((e) => e.type === "deal_scored");
  if (!scored) return "in play";
  return scored.winner == null ? "drawn" : `${nameOf(scored.winner)} won`;
}

/** "Deal 3 · East round · Bot Plum deals · Bot Plum won". */
export function dealLabel(data, views, deal, nameOf) {
  const view = views[deal.first];
  const dealer = nameOf(deal.dealer ?? view.dealer);
  const deals = dealer === "You" ? "You deal" : `${dealer} deals`;
  return `Deal ${deal.number} · ${windName(view.prevailing_wind)} round · ${deals} · ${dealOutcome(data, deal, nameOf)}`;
}
