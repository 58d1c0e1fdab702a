// The socket under the market socket: it reconnects by itself with growing delays, passes frames on,
// and stays closed when closed on purpose until asked to reconnect.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReconnectingSocket } from './reconnecting-socket';

class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: (() => void) | null = null;
  readonly sent: string[] = [];
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const options = { minReconnectionDelay: 500, maxReconnectionDelay: 2000, reconnectionDelayGrowFactor: 2 };

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.all = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the reconnecting socket', () => {
  it('opens, passes frames on and sends only while open', () => {
    const socket = new ReconnectingSocket(() => 'ws://here/api/ws', options);
    const heard: unknown[] = [];
    let opened = 0;
    socket.addEventListener('open', () => opened++);
    socket.addEventListener('message', (event) => heard.push((event as MessageEvent).data));
    socket.send('early');
    FakeWebSocket.all[0]!.open();
    expect(socket.readyState).toBe(socket.OPEN);
    socket.send('hello');
    FakeWebSocket.all[0]!.onmessage?.(new MessageEvent('message', { data: 'frame' }));
    expect(opened).toBe(1);
    expect(heard).toEqual(['frame']);
    expect(FakeWebSocket.all[0]!.sent).toEqual(['hello']);
  });

  it('reconnects after a drop with growing delays, up to the maximum, and afresh once open', () => {
    let n = 0;
    new ReconnectingSocket(() => `ws://here/${n++}`, options);
    FakeWebSocket.all[0]!.drop();
    for (const delay of [500, 1000, 2000, 2000]) {
      const count = FakeWebSocket.all.length;
      vi.advanceTimersByTime(delay - 1);
      expect(FakeWebSocket.all.length).toBe(count);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.all.length).toBe(count + 1);
      FakeWebSocket.all.at(-1)!.drop();
    }
    // The URL is asked for each time (the language may have changed).
    expect(FakeWebSocket.all.map((s) => s.url)).toEqual([0, 1, 2, 3, 4].map((i) => `ws://here/${i}`));
    vi.advanceTimersByTime(2000);
    FakeWebSocket.all.at(-1)!.open();
    FakeWebSocket.all.at(-1)!.drop();
    const count = FakeWebSocket.all.length;
    vi.advanceTimersByTime(500);
    expect(FakeWebSocket.all.length).toBe(count + 1);
  });

  it('gives up on a connection that does not open in time and tries again', () => {
    new ReconnectingSocket(() => 'ws://here', { ...options, connectionTimeout: 4000 });
    vi.advanceTimersByTime(4000);
    expect(FakeWebSocket.all[0]!.readyState).toBe(3);
    vi.advanceTimersByTime(500);
    expect(FakeWebSocket.all.length).toBe(2);
  });

  it('says when a connection ends: dropped by the server, or closed here', () => {
    const socket = new ReconnectingSocket(() => 'ws://here', options);
    let closed = 0;
    socket.addEventListener('close', () => closed++);
    FakeWebSocket.all[0]!.open();
    FakeWebSocket.all[0]!.drop();
    expect(closed).toBe(1);
    vi.advanceTimersByTime(500);
    FakeWebSocket.all[1]!.open();
    socket.close();
    expect(closed).toBe(2);
  });

  it('stays closed when closed on purpose, and connects at once when asked to reconnect', () => {
    const socket = new ReconnectingSocket(() => 'ws://here', options);
    FakeWebSocket.all[0]!.open();
    socket.close();
    expect(FakeWebSocket.all[0]!.readyState).toBe(3);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.all.length).toBe(1);
    socket.reconnect();
    expect(FakeWebSocket.all.length).toBe(2);
  });
});
