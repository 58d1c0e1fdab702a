// The build's side of prerender.ts (Node, never in the browser bundle): renders a page of the route
// table to HTML, inside the same providers and tree shape that main.tsx hydrates.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { documentTitle } from '@/components/page-frame';
import { i18n } from '@/lib/i18n';
import { AppProviders } from './providers';
import { prerenderPages } from './prerender';
import { PRERENDER_LANGUAGE } from './prerender-check';
import { routes } from './routes';

export { prerenderPages } from './prerender';
export { PRERENDERED_ATTR, STALE_CSS } from './prerender-check';

export async function renderPage(path: string): Promise<{ html: string; title: string }> {
  const page = prerenderPages.find((p) => p.path === path);
  if (!page) throw new Error(`${path} is not a prerendered page`);
  if (i18n.language !== PRERENDER_LANGUAGE) await i18n.changeLanguage(PRERENDER_LANGUAGE);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status}, not a page`);
  if (context.errors) throw new Error(`${path} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return {
    html,
    title: documentTitle(i18n.t(page.titleKey), i18n.t('brand.name')),
  };
}
