import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { E2E_DATA_DIR } from './env';

/** The 6-digit code in the newest outbox message to `email` (the embedded default writes .eml files). */
export async function latestCode(email: string): Promise<string> {
  const dir = join(E2E_DATA_DIR, 'outbox');
  const needle = email.toLowerCase();
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
    for (const name of names.reverse()) {
      const text = await readFile(join(dir, name), 'utf8');
      if (!text.toLowerCase().includes(needle)) continue;
      const match = /\b(\d{6})\b/.exec(decodeBody(text));
      if (match?.[1]) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${email} in ${dir}`);
}

/** Drops headers and undoes quoted-printable soft breaks so the code is plain text. */
function decodeBody(eml: string): string {
  return eml.replace(/=\r?\n/g, '');
}
