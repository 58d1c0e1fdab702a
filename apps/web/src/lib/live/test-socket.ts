// Tests only: stands in for the ReconnectingSocket under the market socket (vi.mock it with this);
// the test opens it, drops it and delivers the server's frames.
export class FakeSocket extends EventTarget {
  static last: FakeSocket | undefined;
  readonly OPEN = 1;
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  /** Pings (asking the server's clock) are counted apart: the tests look at what the channels send. */
  pings = 0;
  constructor() {
    super();
    FakeSocket.last = this;
  }
  send(data: string) {
    const message = JSON.parse(data) as Record<string, unknown>;
    if (message.op === 'ping') this.pings++;
    else this.sent.push(message);
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  drop() {
    this.readyState = 3;
  }
  frame(message: object) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  close() {}
  reconnect() {}
}
