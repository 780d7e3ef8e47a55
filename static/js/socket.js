// One WebSocket to the game, reopened with a growing pause if it drops. Each (re)connection
// starts with a fresh "state" frame from the server, so nothing needs replaying here.
// A page whose config names a `fixture` (the dev pages) loads that frame from a file instead.

export class Connection {
  constructor(config, onMessage, onStatus) {
    this.config = config;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
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
    ws.addEventListener("open", () => {
      this.retry = 0;
      this.onStatus(true);
      for (const m of this.queue.splice(0)) ws.send(JSON.stringify(m));
    });
    ws.addEventListener("message", (ev) => {
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
      if (ev.code === 4404) return; // no such game
      const wait = Math.min(8000, 300 * 2 ** this.retry++);
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
