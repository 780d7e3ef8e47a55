// The one connection to the game (socket.js): its frames go to the given handler, its state is
// shown on the table (data-connected), and after several failed attempts in a row the page stops
// reconnecting and says so (#connection-lost, with a Reload button).
import { Connection } from "../socket.js";
import { config, root, state } from "./state.js";
import { render } from "./draw.js";
import { gettext, ngettext } from "../i18n.js";

let conn = null;

function onStatus(up) {
  state.connected = up;
  root.dataset.connected = up ? "1" : "0";
  if (!up) state.pending = false;
  render();
}

function showConnectionLost(attempts) {
  if (document.getElementById("connection-lost")) return;
  const box = document.createElement("div");
  box.id = "connection-lost";
  box.className = "connection-lost";
  box.setAttribute("role", "alert");
  box.innerHTML = `<p><b>${gettext("The table cannot be reached.")}</b> ${
    ngettext("%(n)s attempt to connect failed.", "%(n)s attempts to connect failed in a row.", attempts)}
    ${gettext("Check your connection, then reload the page.")}</p>
    <button type="button" class="button primary">${gettext("Reload")}</button>`;
  box.querySelector("button").addEventListener("click", () => location.reload());
  document.body.appendChild(box);
  box.querySelector("button").focus();
}

// Made once by the entry point (opened by it too, once the empty table is drawn).
export function connect(onMessage) {
  conn = new Connection(config, onMessage, onStatus, showConnectionLost);
  return conn;
}

// A frame to the server (docs/protocol.md): queued while the socket is down.
export function toServer(message) {
  conn.send(message);
}
