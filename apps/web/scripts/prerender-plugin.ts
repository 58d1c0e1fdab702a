// Build steps for the first page load, each kept for the LCP it buys (`npm run bench -- --only prerender`):
//  - dist/prerendered/<path>/index.html for the pages of src/app/prerender.ts: the page's HTML rendered
//    by React at build time with all its CSS inline, so the first paint needs no request but the page;
//    its scripts (the entry's, and its route chunk) start once it has painted. The server answers those
//    paths with these files (apps/server/src/plugins/web.ts); main.tsx hydrates them.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  build,
  type HtmlTagDescriptor,
  type Manifest,
  type Plugin,
  type PluginOption,
  type ResolvedConfig,
} from 'vite';
import {
  AFTER_PAINT_ATTR,
  headScript,
  MEMBERS_ATTR,
  PRERENDERED_ATTR,
  SHELL_ATTR,
  STALE_CSS,
} from '../src/app/prerender-check.ts';

export const PRERENDER_DIR = 'prerendered';

interface PrerenderOptions {
  /** The server-side module, relative to the root, exporting `renderPage` and `prerenderPages`. */
  entry: string;
  /** What the server-side build needs besides: React's JSX transform, the '@' alias. */
  plugins: PluginOption[];
  alias: Record<string, string>;
  /** Parts left out, for the bench's measurement of what each one buys (PRERENDER_OFF). */
  off?: ReadonlySet<PrerenderPart>;
}

/**
 * The parts `npm run bench` switches off one at a time: `pages` (no prerendered pages) and
 * `after-paint` (prerendered pages load their scripts at once). Each buys a measured LCP (issue 8's
 * note: / from 0.67 s to 2.28 s without pages, to 1.72 s without after-paint); V8 compile hints and
 * index.html's modulepreload of the boot stages bought nothing measurable and were removed.
 */
export type PrerenderPart = 'pages' | 'after-paint';

interface PrerenderedPage {
  /** Path and query; the file is the path's (the server answers by path, the head script checks the query). */
  path: string;
  modules: string[];
  /** Modules only a signed-in person's version of the page loads (see MEMBERS_ATTR). */
  memberModules?: string[];
  shell?: boolean;
}

interface ServerEntry {
  prerenderPages: PrerenderedPage[];
  renderPage(path: string): Promise<{ html: string; title: string }>;
}

export function prerender(options: PrerenderOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'tradeflip-prerender',
    apply: (c, env) => env.command === 'build' && !c.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    // In every page (index.html too, so the server's CSP allows it by hash); see prerender-check.ts.
    transformIndexHtml: {
      order: 'post',
      handler: (): HtmlTagDescriptor[] => [{ tag: 'script', children: headScript(), injectTo: 'head' }],
    },
    closeBundle: {
      // Before vite-plugin-pwa writes the service worker, so the precache sees the final files.
      order: 'pre',
      sequential: true,
      async handler() {
        const outDir = resolve(config.root, config.build.outDir);
        await rm(join(outDir, PRERENDER_DIR), { recursive: true, force: true });
        if (options.off?.has('pages')) return;
        const serverDir = resolve(config.root, 'node_modules/.prerender');
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: options.plugins,
          resolve: { alias: options.alias, dedupe: ['react', 'react-dom'] },
          // Bundle every dependency: antd-mobile's modules import their CSS, which Node cannot load.
          ssr: { noExternal: true },
          build: {
            ssr: options.entry,
            outDir: serverDir,
            emptyOutDir: true,
            minify: false,
            copyPublicDir: false,
          },
        });
        const entryName = options.entry.replace(/^.*\//, '').replace(/\.tsx?$/, '');
        const server = (await import(pathToFileURL(join(serverDir, `${entryName}.js`)).href)) as ServerEntry;
        const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        const template = await readFile(join(outDir, 'index.html'), 'utf8');
        for (const page of server.prerenderPages) {
          const rendered = await server.renderPage(page.path);
          const afterPaint = !options.off?.has('after-paint');
          const html = await pageDocument(template, manifest, outDir, page, rendered, afterPaint);
          const file = join(
            outDir,
            PRERENDER_DIR,
            new URL(page.path, 'http://localhost').pathname,
            'index.html',
          );
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, html);
        }
        await rm(serverDir, { recursive: true, force: true });
      },
    },
  };
}

/** The manifest's `key` and every chunk it imports statically, as output files. */
function manifestImports(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`prerender: ${key} is not in the build manifest`);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => manifestImports(manifest, k, seen))];
}

async function pageDocument(
  template: string,
  manifest: Manifest,
  outDir: string,
  page: PrerenderedPage,
  rendered: { html: string; title: string },
  afterPaint: boolean,
): Promise<string> {
  let html = template;
  const cssOf = (files: string[]) =>
    files.flatMap((file) => Object.values(manifest).find((c) => c.file === file)?.css ?? []);

  // The chunks of the page's route and their imports, preloaded beside what index.html preloads.
  const linked = new Set(
    [...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]),
  );
  const seen = new Set<string>();
  const pageChunks = page.modules
    .flatMap((module) => manifestImports(manifest, module, seen))
    .filter((file) => !linked.has(file));
  // A signed-in person's chunks (only where scripts start after paint: the head script picks them).
  const memberChunks = afterPaint
    ? (page.memberModules ?? [])
        .flatMap((module) => manifestImports(manifest, module, seen))
        .filter((file) => !linked.has(file))
    : [];
  const pageLinks = [
    ...pageChunks.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...memberChunks.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" ${MEMBERS_ATTR}>`),
    // Their CSS is inlined for everyone (a few hundred bytes), so it never loads as a request of its own.
    ...[...new Set(cssOf([...pageChunks, ...memberChunks]))].map(
      (file) => `<link rel="stylesheet" crossorigin href="/${file}">`,
    ),
  ];
  html = replaceOnce(html, '</head>', `  ${pageLinks.join('\n    ')}\n  </head>`);

  // Every stylesheet goes inline, in order, ending the render-blocking requests. Its <link> stays,
  // disabled (never fetched): it tells Vite's chunk loader that the CSS is on the page already.
  const css: string[] = [];
  for (const match of html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g)) {
    css.push(await readFile(join(outDir, match[1] ?? ''), 'utf8'));
  }
  html = html.replace(/<link rel="stylesheet"([^>]*)>/g, '<link rel="stylesheet"$1 disabled>');
  const style = `${css.join('\n')}\n${STALE_CSS}`.replace(/<\/style/gi, '<\\/style');
  html = replaceOnce(html, '</head>', `  <style>${style}</style>\n  </head>`);

  // The scripts hydrate what is painted already: the head script starts them after the first paint,
  // with the manifest (the browser fetches its icons at once).
  if (afterPaint) {
    html = html.replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/g,
      `<link ${AFTER_PAINT_ATTR}="module" href="$1">`,
    );
    html = html.replace(
      /<link rel="modulepreload" crossorigin href=/g,
      `<link ${AFTER_PAINT_ATTR}="modulepreload" href=`,
    );
    html = replaceOnce(html, '<link rel="manifest" href=', `<link ${AFTER_PAINT_ATTR}="manifest" href=`);
    if (/<script type="module"|rel="modulepreload"/.test(html))
      throw new Error('prerender: a script left unhandled');
  }

  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(rendered.title)}</title>`);
  html = replaceOnce(
    html,
    '<html ',
    `<html ${PRERENDERED_ATTR}="${escapeHtml(page.path)}" ${page.shell ? `${SHELL_ATTR} ` : ''}`,
  );
  // Inert until hydrated: a tap, or typing, before the app is there would be lost (or submit a form
  // natively); tests' clicks and fills wait for it too.
  html = replaceOnce(html, '<div id="root"></div>', `<div id="root" inert>${rendered.html}</div>`);
  return html;
}

function replaceOnce(html: string, search: string | RegExp, replacement: string): string {
  if (!(typeof search === 'string' ? html.includes(search) : search.test(html))) {
    throw new Error(`prerender: ${String(search)} not found in index.html`);
  }
  return html.replace(search, () => replacement);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
