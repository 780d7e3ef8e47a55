// A deal as the replay's deal picker and move list name it: its round, its dealer, its outcome.
import { windName } from "../tiles.js";
import { gettext } from "../i18n.js";
import { config } from "./state.js";

/** "Bot Plum won", "drawn" (nobody won: a wash-out), or "in play" (a running game's last deal). */
export function dealOutcome(data, deal, nameOf) {
  const scored = data.steps[deal.last].e.find((e) => e.type === "deal_scored");
  if (!scored) return gettext("in play");
  if (scored.winner == null) return gettext("drawn");
  return scored.winner === config.viewer ? gettext("You won") : gettext("%(name)s won", { name: nameOf(scored.winner) });
}

/** "Deal 3 · East round · Bot Plum deals · Bot Plum won". */
export function dealLabel(data, views, deal, nameOf) {
  const view = views[deal.first];
  const seat = deal.dealer ?? view.dealer;
  const values = { number: deal.number, wind: windName(view.prevailing_wind), name: nameOf(seat), outcome: dealOutcome(data, deal, nameOf) };
  return seat === config.viewer ? gettext("Deal %(number)s · %(wind)s round · You deal · %(outcome)s", values)
    : gettext("Deal %(number)s · %(wind)s round · %(name)s deals · %(outcome)s", values);
}
