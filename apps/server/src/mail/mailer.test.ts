import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClock } from '../test/harness';
import { OutboxMailer, createMailer, outboxFileName } from './mailer';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the outbox mailer', () => {
  it('writes one .eml file per message, named by time and recipient, with the code greppable', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-mail-'));
    dirs.push(dataDir);
    const clock = new TestClock(Date.parse('2030-05-06T07:08:09.123Z'));
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'TradeFlip <no-reply@x.test>', dataDir },
      clock,
      pino({ level: 'silent' }),
    );
    expect(mailer).toBeInstanceOf(OutboxMailer);

    await mailer.send({
      to: 'bob@example.com',
      subject: 'TradeFlip 验证码：482913',
      text: '您的验证码是 482913。\n再见',
    });
    await mailer.send({ to: 'bob@example.com', subject: 'second', text: 'Your code is 100200.' });

    const outbox = path.join(dataDir, 'outbox');
    const files = fs.readdirSync(outbox).sort();
    expect(files).toEqual([
      '2030-05-06T07-08-09-123Z_bob@example.com.eml',
      '2030-05-06T07-08-09-123Z_bob@example.com_1.eml',
    ]);
    const eml = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
    expect(eml).toContain('To: bob@example.com\r\n');
    expect(eml).toContain('From: TradeFlip <no-reply@x.test>\r\n');
    expect(eml).toContain('Content-Type: text/plain; charset=utf-8\r\n');
    expect(eml).toContain('Subject: =?UTF-8?Q?TradeFlip=20');
    const [, body] = eml.split('\r\n\r\n');
    expect(body).toBe('您的验证码是 482913。\r\n再见\r\n');
    // The first six-digit number of the file is the code (how the browser tests read it).
    expect(/\b(\d{6})\b/.exec(eml)?.[1]).toBe('482913');
  });

  it('keeps file names safe', () => {
    expect(outboxFileName('a/b@x.test', new Date(0))).toBe('1970-01-01T00-00-00-000Z_a_b@x.test.eml');
  });
});
