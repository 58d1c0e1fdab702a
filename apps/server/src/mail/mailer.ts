// Outgoing mail: SMTP through nodemailer when SMTP_URL is set; otherwise every message becomes one
// .eml file in DATA_DIR/outbox (the embedded default), so a developer or a test can read codes.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** RFC 2047 Q-encoding for non-ASCII header text (keeps ASCII, digits included, readable). */
function encodeHeader(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  const bytes = Buffer.from(text, 'utf8');
  let encoded = '';
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9!*+\-/]/.test(char) ? char : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return `=?UTF-8?Q?${encoded}?=`;
}

/** A plain-text RFC 5322 message, body in UTF-8 8bit (no transfer encoding, so it is greppable). */
export function formatEml(message: MailMessage, from: string, date: Date): string {
  const headers = [
    `From: ${from}`,
    `To: ${message.to}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${randomUUID()}@tradeflip.local>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${message.text.replace(/\r?\n/g, '\r\n')}\r\n`;
}

/** `<UTC timestamp>_<recipient>.eml`, e.g. 2026-01-31T08-15-02-123Z_alice@example.com.eml */
export function outboxFileName(to: string, date: Date, attempt = 0): string {
  const stamp = date.toISOString().replace(/[:.]/g, '-');
  const safeTo = to.replace(/[^A-Za-z0-9@._+-]/g, '_');
  return `${stamp}_${safeTo}${attempt ? `_${attempt}` : ''}.eml`;
}

export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage) {
    await fs.mkdir(this.dir, { recursive: true });
    const now = this.clock.now();
    const content = formatEml(message, this.from, now);
    for (let attempt = 0; ; attempt++) {
      const file = path.join(this.dir, outboxFileName(message.to, now, attempt));
      const temp = `${file}.tmp`;
      try {
        // Written aside and renamed, so a reader never sees half a message.
        await fs.writeFile(temp, content, { flag: 'wx' });
        await fs.link(temp, file);
        await fs.rm(temp, { force: true });
        this.log.info({ to: message.to, file }, 'mail written to the outbox');
        return;
      } catch (error) {
        await fs.rm(temp, { force: true });
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 100) throw error;
      }
    }
  }

  async close() {}
}

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage) {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
    this.log.info({ to: message.to }, 'mail sent');
  }

  async close() {
    this.transport.close();
  }
}

export function createMailer(
  config: { smtpUrl: string | undefined; mailFrom: string; dataDir: string },
  clock: Clock,
  log: FastifyBaseLogger,
): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom, log)
    : new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, clock, log);
}
