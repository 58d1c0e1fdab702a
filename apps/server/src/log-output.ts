// Where the server's log lines go: stdout, written asynchronously by sonic-boom (pino's own
// destination), built here rather than by pino because of how pino ends it. pino's exit hook flushes
// with sonic-boom 4.2.1's flushSync, a synchronous loop that sleeps 100 ms and retries on any error:
// once the reader of stdout is gone (EPIPE), process.exit never returns, signals are no longer
// handled, and the embedded database stays locked. So this output has no exit hook: it is flushed
// while the event loop still turns, within a deadline, and a write that fails stops the logging
// instead of the server.
import fs from 'node:fs';
import SonicBoom from 'sonic-boom';

export class LogOutput {
  private readonly boom: SonicBoom;
  private open = true;

  constructor(fd = 1) {
    this.boom = new SonicBoom({ fd });
    this.boom.on('error', (error: NodeJS.ErrnoException) => {
      if (!this.open) return;
      this.open = false;
      try {
        // stderr may be a different reader (or gone too): one line, synchronous, nothing retried.
        fs.writeSync(2, `TradeFlip: logging stopped, stdout failed (${error.code ?? error.message})\n`);
      } catch {
        // nowhere left to say it
      }
    });
  }

  /** pino's destination: lines after close() or after a failed write are dropped. */
  write(line: string): void {
    if (this.open) this.boom.write(line);
  }

  /**
   * Writes out what is buffered, for at most `ms`, then stops writing; what a stuck reader has not
   * taken by then is dropped. Resolves at once when the output already failed (a reader gone).
   */
  close(ms: number): Promise<void> {
    if (!this.open) return Promise.resolve();
    this.open = false;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(deadline);
        resolve();
      };
      const deadline = setTimeout(() => {
        this.boom.destroy();
        done();
      }, ms);
      // 'close' once all is written (fd 1 itself stays open); 'error' when the pipe is broken.
      this.boom.once('close', done);
      this.boom.once('error', done);
      this.boom.end();
    });
  }
}
