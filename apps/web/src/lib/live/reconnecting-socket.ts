// A WebSocket that reconnects by itself, with a growing delay, until closed on purpose: what
// market-socket.ts needs of one, small enough for Home's first screen (partysocket's was ~2.5 KiB
// gzipped of the 150 `/` may load). Events: 'open', 'message' (the socket's own, passed on) and
// 'close' (a connection ended or was given up: dropped, timed out, or closed here).
export interface ReconnectOptions {
  minReconnectionDelay: number;
  maxReconnectionDelay: number;
  reconnectionDelayGrowFactor: number;
  /** A connection not open by then is dropped and tried again. */
  connectionTimeout?: number;
}

const CLOSED = 3;

export class ReconnectingSocket extends EventTarget {
  readonly OPEN = 1;
  private socket: WebSocket | undefined;
  private retries = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly url: () => string,
    private readonly options: ReconnectOptions,
  ) {
    super();
    this.connect();
  }

  get readyState(): number {
    return this.socket?.readyState ?? CLOSED;
  }

  send(data: string): void {
    if (this.socket?.readyState === this.OPEN) this.socket.send(data);
  }

  /** Closes the connection and stops reconnecting (until `reconnect`). */
  close(): void {
    this.stopped = true;
    this.drop();
  }

  /** Connects again now (after `close`, or to replace the current connection). */
  reconnect(): void {
    this.stopped = false;
    this.retries = 0;
    this.drop();
    this.connect();
  }

  private drop() {
    clearTimeout(this.timer);
    const socket = this.socket;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = null;
    if (socket.readyState < 2) {
      socket.close();
      this.dispatchEvent(new Event('close'));
    }
  }

  private connect() {
    const socket = new WebSocket(this.url());
    this.socket = socket;
    this.timer = setTimeout(() => {
      if (socket.readyState !== this.OPEN) {
        this.drop();
        this.later();
      }
    }, this.options.connectionTimeout ?? 4000);
    socket.onopen = () => {
      clearTimeout(this.timer);
      this.retries = 0;
      this.dispatchEvent(new Event('open'));
    };
    socket.onmessage = (event: MessageEvent) =>
      this.dispatchEvent(new MessageEvent('message', { data: event.data as unknown }));
    socket.onclose = () => {
      socket.onopen = socket.onmessage = socket.onclose = null;
      clearTimeout(this.timer);
      this.dispatchEvent(new Event('close'));
      this.later();
    };
  }

  private later() {
    if (this.stopped) return;
    const {
      minReconnectionDelay: min,
      maxReconnectionDelay: max,
      reconnectionDelayGrowFactor: grow,
    } = this.options;
    const delay = Math.min(max, min * grow ** this.retries++);
    this.timer = setTimeout(() => this.connect(), delay);
  }
}
