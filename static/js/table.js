// The live table: reads the page's config, keeps one WebSocket to the game (docs/protocol.md),
// renders each view the server sends, and sends the player's actions with the version seen.
// Its parts are in table/: state.js (the shared state and config), context.js (what the
// renderers are given), draw.js (drawing, focus kept), announce.js (live region, refusals),
// frames.js (the server's frames), actions.js (moves sent), exchange.js, rituals.js,
// waiting.js (the waiting room), controls.js (clicks), keys.js (keyboard), connection.js,
// signal.js (your turn: chime, title, notification), claimnotes.js (a lost claim explained),
// comfort.js (moves the comfort switches make), handorder.js (the hand in the player's order)
// and talk.js (table talk).
import { render, startCountdown } from "./table/draw.js";
import { onMessage } from "./table/frames.js";
import { withEndings } from "./table/resign.js";
import { withTalk } from "./table/talk.js";
import { watchWaitingRoom } from "./table/waiting.js";
import { wireControls } from "./table/controls.js";
import { wireKeys } from "./table/keys.js";
import { connect } from "./table/connection.js";
import { wireHandOrder } from "./table/handorder.js";

watchWaitingRoom();
startCountdown();
wireHandOrder(); // before the controls: the click that ends a drag is not a discard
wireControls();
wireKeys();
// Resigning, ending early: table/resign.js; table talk: table/talk.js.
const conn = connect(withTalk(withEndings(onMessage)));
render();
conn.open();
