import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { prerender, PRERENDER_DIR, type PrerenderPart } from './scripts/prerender-plugin.ts';

const THEME = '#0b1220';
const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
/** Build steps the bench leaves out to measure what each buys (comma list; see prerender-plugin.ts). */
const off = new Set((process.env.PRERENDER_OFF ?? '').split(',').filter(Boolean) as PrerenderPart[]);

/** Icon links the manifest cannot carry: Apple's home-screen icon and a PNG favicon. */
function iconLinks(): Plugin {
  return {
    name: 'tradeflip-icon-links',
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
        injectTo: 'head',
      },
    ],
  };
}

export default defineConfig({
  // The build's day, sent with feedback so operators know which app a player ran.
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(new Date().toISOString().slice(0, 10)) },
  plugins: [
    react(),
    iconLinks(),
    prerender({ entry: 'src/app/prerender-page.tsx', plugins: [react()], alias, off }),
    VitePWA({
      // New versions take over at once (skipWaiting + clientsClaim); lib/pwa.ts registers on load and
      // reloads when an update takes control. clientsClaim is also what lets the first visit become
      // controlled, which the install prompt waits for.
      registerType: 'autoUpdate',
      injectRegister: false,
      filename: 'sw.js',
      // The globs below already precache public/ (icons, offline page); no second listing.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'TradeFlip',
        short_name: 'TradeFlip',
        description: 'Crypto wallet and trading games: contracts and Lightning Flip.',
        lang: 'en-US',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: THEME,
        theme_color: THEME,
        categories: ['finance', 'games'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // Web Push: public/push-sw.js shows each notice and opens its screen.
        importScripts: ['/push-sw.js'],
        // The shell: the HTML, every JS/CSS chunk, icons and the offline page.
        globPatterns: ['**/*.{html,js,css,png,svg,woff2}'],
        // Prerendered pages are only ever served by the server for a page load.
        globIgnores: [`${PRERENDER_DIR}/**`],
        // Pages come from the network (the server answers every route with the current build). When
        // that fails, a screen visited before (lib/pwa.ts notes each one in the 'tradeflip-visited'
        // cache) gets the precached shell, which shows its last data (lib/kept-queries.ts); any other
        // the precached offline page. /api is never cached nor answered by the worker. (The worker
        // runs this function's text: it names nothing outside it.)
        navigateFallback: null,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api'),
            handler: async ({ request, url }) => {
              try {
                return await fetch(request);
              } catch {
                const visited = await caches.open('tradeflip-visited');
                const page = (await visited.match(url.pathname)) ? '/index.html' : '/offline.html';
                return (await caches.match(page, { ignoreSearch: true })) ?? Response.error();
              }
            },
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias,
    // One React for the app and every library that uses it.
    dedupe: ['react', 'react-dom'],
  },
  server: {
    proxy: { '/api': { target: process.env.VITE_API_PROXY ?? 'http://localhost:8080', ws: true } },
  },
  build: {
    target: 'es2022',
    // Browsers, not an ECMAScript year, for the CSS: from 'es2022' lightningcss kept only
    // -webkit-backdrop-filter and dropped the standard property Chromium reads (issue 9).
    cssTarget: ['chrome111', 'edge111', 'firefox114', 'safari16.4', 'ios16.4'],
    sourcemap: false,
    // dist/.vite/manifest.json: which chunk is which route, for the e2e bundle-size limits.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, and the router and i18n every page needs, change far less often than the app: their
          // own chunks keep their hashes (and the service worker's precache entries) across releases,
          // and keep main.tsx's app stage (a dynamic entry, counted like a route) small. One chunk each,
          // so that each boot stage of main.tsx runs its own library in a task of its own (React with
          // the entry, React DOM, i18n, the router with the app): together they made long tasks on a
          // slow phone. Everything else splits automatically.
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/]react[\\/]/ },
            { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'i18next', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/ },
            { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
            // TanStack Query in one chunk (it was eight, each a request and a module of its own on the
            // signed-in Home's critical path), less the context the app's providers hold from the start.
            {
              name: 'query',
              test: /[\\/]node_modules[\\/]@tanstack[\\/](?!react-query[\\/]build[\\/]modern[\\/](QueryClientProvider|index)\.js)/,
              // Else the context would be pulled in as a dependency of the hooks.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
