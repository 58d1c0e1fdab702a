// A TCP proxy a test puts between a server and its database, then cuts and restores: the network
// failures a process must survive. `cut('refuse')` drops every connection and stops listening (a
// refusal at once: the database's host is down); `cut('silent')` drops every connection and takes
// new ones without ever answering (a partition: packets lost, no refusal). `restore()` forwards again
// on the same port.
import net from 'node:net';

export type CutMode = 'refuse' | 'silent';

export class TcpProxy {
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server | undefined;
  private mode: 'open' | CutMode = 'open';

  private constructor(
    private readonly target: { host: string; port: number },
    public port: number,
  ) {}

  /** A proxy to `target` on a free loopback port. */
  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target, 0);
    await proxy.listen();
    return proxy;
  }

  /** `url` (postgres://…) with its host and port replaced by this proxy's. */
  urlFor(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  private accept(client: net.Socket) {
    this.track(client);
    // Cut silently: held open, never answered.
    if (this.mode !== 'open') return;
    const upstream = net.connect(this.target.port, this.target.host);
    this.track(upstream);
    client.pipe(upstream).pipe(client);
    const both = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', both);
    upstream.on('close', both);
  }

  private listen(): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  private dropAll() {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  private async stopListening() {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async cut(mode: CutMode): Promise<void> {
    this.mode = mode;
    this.dropAll();
    if (mode === 'refuse') await this.stopListening();
  }

  async restore(): Promise<void> {
    this.dropAll();
    this.mode = 'open';
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    this.dropAll();
    await this.stopListening();
  }
}
