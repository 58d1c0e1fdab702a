// Tests only: stands in for the ReconnectingSocket under the market socket (vi.mock it with this);
// the test opens it, drops it and delivers the server's frames.
export class FakeSocket extends EventTarget {
  static last: FakeSocket | undefined;
  readonly OPEN = 1;
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  constructor() {
    super();
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
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
