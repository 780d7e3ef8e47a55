// One WebSocket to the game, reopened with a growing pause if it drops. Each (re)connection
// starts with a fresh "state" frame from the server, so nothing needs replaying here. A socket
// that closes before it has worked a while counts as a failed attempt: after GIVE_UP_AFTER in a
// row the page stops trying and says so (onGiveUp), rather than reconnecting for ever.
// A page whose config names a `fixture` (the dev pages) loads that frame from a file instead.

const GIVE_UP_AFTER = 6;
const STABLE_MS = 5000; // a socket that served frames this long was a working connection

export class Connection {
  constructor(config, onMessage, onStatus, onGiveUp = () => {}) {
    this.config = config;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.onGiveUp = onGiveUp;
    this.ws = null;
    this.retry = 0;
    this.queue = [];
    this.sent = [];
  }

  open() {
    if (this.config.fixture) return this.openFixture();
    if (!this.config.ws) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}${this.config.ws}`);
    this.ws = ws;
    let openedAt = null;
    let framed = false;
    ws.addEventListener("open", () => {
      openedAt = Date.now();
      this.onStatus(true);
      for (const m of this.queue.splice(0)) ws.send(JSON.stringify(m));
    });
    ws.addEventListener("message", (ev) => {
      framed = true;
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      this.onMessage(msg);
    });
    ws.addEventListener("close", (ev) => {
      this.onStatus(false);
      if (ev.code === 4404 || ev.code === 4403) return; // no such game, or not shown yet
      if (framed && openedAt != null && Date.now() - openedAt >= STABLE_MS) this.retry = 0;
      if (this.retry >= GIVE_UP_AFTER) {
        this.onGiveUp(this.retry);
        return;
      }
      const wait = Math.min(8000, 500 * 2 ** this.retry++);
      setTimeout(() => this.open(), wait);
    });
  }

  send(message) {
    if (this.config.fixture) {
      this.sent.push(message);
      window.__sent = this.sent;
      return;
    }
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
    else this.queue.push(message);
  }

  async openFixture() {
    const res = await fetch(this.config.fixture);
    const frame = await res.json();
    this.onStatus(true);
    if (frame.timer === undefined && frame.view && (frame.view.phase === "claim" || frame.view.phase === "rob")) {
      frame.timer = { kind: "claim", ends_ms: Date.now() + 6000, seconds: 8 };
    }
    this.onMessage(frame);
  }
}
