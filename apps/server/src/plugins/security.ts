// Security headers (helmet) with a CSP the SPA and its service worker work under: same-origin
// scripts (plus hashes of any inline <script> in the built index.html), inline styles (antd-mobile
// sets style attributes), same-origin workers, manifest and API/WebSocket connections.
// helmet's middleware is built once here (@fastify/helmet rebuilds it on every request).
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** 'sha256-…' sources of the inline scripts of index.html; the file is looked at once a second at most. */
function inlineScriptHashes(indexFile: string) {
  let checkedAt = 0;
  let mtimeMs = -1;
  let sources = '';
  return (): string => {
    const now = Date.now();
    if (now - checkedAt < 1000) return sources;
    checkedAt = now;
    let current: number;
    try {
      current = fs.statSync(indexFile).mtimeMs;
    } catch {
      mtimeMs = -1;
      sources = '';
      return sources;
    }
    if (current !== mtimeMs) {
      mtimeMs = current;
      const html = fs.readFileSync(indexFile, 'utf8');
      sources = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
        .map((match) => match[1] ?? '')
        .filter((body) => body.trim() !== '')
        .map((body) => ` 'sha256-${createHash('sha256').update(body).digest('base64')}'`)
        .join('');
    }
    return sources;
  };
}

export function contentSecurityPolicy(inlineScripts: string) {
  return [
    "default-src 'self'",
    "base-uri 'self'",
    `script-src 'self'${inlineScripts}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // No upgrade-insecure-requests: the app is also opened over plain http on a LAN address.
  ].join('; ');
}

export const securityPlugin = fp<{ webDist: string }>(
  async (app: FastifyInstance, { webDist }) => {
    const hashes = inlineScriptHashes(path.join(webDist, 'index.html'));
    const headers = helmet({ contentSecurityPolicy: false });
    let policy = { inline: '', header: contentSecurityPolicy('') };
    app.addHook('onRequest', (request, reply, done) => {
      const inline = hashes();
      if (inline !== policy.inline) policy = { inline, header: contentSecurityPolicy(inline) };
      reply.header('content-security-policy', policy.header);
      headers(request.raw, reply.raw, () => done());
    });
  },
  { name: 'security' },
);
