// The replay viewer: fetches a game's steps once (games/web/pages/replay.py), then steps through
// them locally, drawing each with the live table's own renderers (render/layout.js).
// Its parts are in replay/: state.js (the config, the shared state, names and the renderers'
// context), draw.js (the table, the proof, the wall, the Decisions box, the move list),
// panel.js (the controls' markup and values), navigate.js (going to a step, playing, the
// commands), controls.js (clicks and changes), keys.js (keyboard, the address's hash),
// load.js (the steps, the analysis and extras fetched), steps.js (the steps rebuilt into
// views), moves.js (the move list and a step's words), deals.js (a deal named),
// analysis.js and decisions.js (against the strong bot), talk.js (the table's talk, for its
// players).
import { addDecisionsBox } from "./replay/draw.js";
import { wireControls } from "./replay/controls.js";
import { wireKeys } from "./replay/keys.js";
import { start } from "./replay/load.js";
import { addTalkBox } from "./replay/talk.js";

wireControls();
wireKeys();
addDecisionsBox(); // the strong bot at each decision, when the game has an analysis
addTalkBox(); // the table's talk, for those who sat at it
start();
