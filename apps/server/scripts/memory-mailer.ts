// The benchmarks' mailer: keeps the last message, so a script can read a registration code.
import type { Mailer, MailMessage } from '../src/mail/mailer';

export class MemoryMailer implements Mailer {
  last: MailMessage | undefined;
  async send(message: MailMessage) {
    this.last = message;
  }
  async close() {}
}
