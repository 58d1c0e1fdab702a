import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { E2E_DATA_DIR } from './env';

const OUTBOX = join(E2E_DATA_DIR, 'outbox');

/**
 * The 6-digit code in the newest outbox message to `email`. The embedded default writes one
 * `<ISO stamp>_<recipient>.eml` per message (RFC 5322, body in UTF-8 8bit, CRLF line ends), written
 * aside and renamed, and before the send-code call answers; the short poll only covers a slow disk.
 */
export async function latestCode(email: string, outbox = OUTBOX): Promise<string> {
  const recipient = email.trim().toLowerCase();
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = (await readdir(outbox).catch(() => [] as string[]))
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .reverse();
    for (const name of names) {
      const message = parseEml(await readFile(join(outbox, name), 'utf8'));
      if (message.headers.get('to')?.toLowerCase() !== recipient) continue;
      // Only the body: the recipient address in the headers may itself contain six digits.
      const match = /\b(\d{6})\b/.exec(message.body);
      if (match?.[1]) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${email} in ${outbox}`);
}

/** Splits a message into its (lower-cased) headers and its body; undoes quoted-printable soft breaks. */
function parseEml(eml: string): { headers: Map<string, string>; body: string } {
  const split = eml.search(/\r?\n\r?\n/);
  const head = split < 0 ? eml : eml.slice(0, split);
  const body = split < 0 ? '' : eml.slice(split).trimStart();
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: body.replace(/=\r?\n/g, '') };
}
