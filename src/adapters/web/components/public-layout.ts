import type { SessionUser } from '../../../application/accounts/find-session-user';
import { html, jsonScript, type Html } from '../../page-kit/html';
import { WEB_CSS_URL } from '../../page-kit/web-css';
import type { AssetName } from '../static-assets';
import { absolute, type Site } from './site';

/** What search engines and link previews read of a page. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's own path: its canonical URL and `og:url`. */
  path: string;
  /** The API resource the page shows, offered as `rel=alternate` JSON. */
  api?: string | null;
  ogType?: 'article' | 'profile' | 'website';
  /** An absolute image URL for `og:image`. */
  image?: string | null;
  /** schema.org data for the page, as JSON-LD. */
  jsonLd?: Record<string, unknown> | null;
  /** Pages that are nobody's business but the visitor's (a 404, a form) are kept out of search engines. */
  noindex?: boolean;
}

/** Which scripts a page runs: none, a map of the notes it lists, the explore map, or the new-note form's map. */
export type PageScript = 'notes-map' | 'explore' | 'note-form';

export interface PublicPage {
  head: PageHead;
  user: SessionUser | null;
  body: Html;
  script?: PageScript | null;
  /** The explore page spreads across the window. */
  wide?: boolean;
}

const SCRIPTS: Record<PageScript, { css: AssetName[]; js: AssetName[] }> = {
  'notes-map': { css: ['leafletCss'], js: ['leafletJs', 'mapJs'] },
  explore: { css: ['leafletCss', 'clusterCss', 'clusterThemeCss'], js: ['leafletJs', 'clusterJs', 'exploreJs'] },
  'note-form': { css: ['leafletCss'], js: ['leafletJs', 'noteFormJs'] },
};

/** The page around every public page's content: head, navigation, and the page's scripts at the end. */
export function publicLayout(site: Site, page: PublicPage): Html {
  const { head } = page;
  const assets = page.script ? SCRIPTS[page.script] : { css: [], js: [] };
  const url = absolute(site, head.path);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${head.title} · Place Notes</title>
<meta name="description" content="${head.description}">
${head.noindex ? html`<meta name="robots" content="noindex">` : html`<link rel="canonical" href="${url}">`}
${head.api ? html`<link rel="alternate" type="application/json" href="${head.api}">` : ''}
<meta property="og:site_name" content="Place Notes">
<meta property="og:title" content="${head.title}">
<meta property="og:description" content="${head.description}">
<meta property="og:url" content="${url}">
<meta property="og:type" content="${head.ogType ?? 'website'}">
${head.image ? html`<meta property="og:image" content="${head.image}">` : ''}
<link rel="icon" href="${site.assets.favicon.url}" type="image/svg+xml">
<link rel="stylesheet" href="${WEB_CSS_URL}">
${assets.css.map((name) => html`<link rel="stylesheet" href="${site.assets[name].url}">`)}
<link rel="stylesheet" href="${site.assets.siteCss.url}">
${head.jsonLd ? jsonScript('application/ld+json', null, head.jsonLd) : ''}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site"><nav class="bar" aria-label="Site">${navigation(page.user, head.path)}</nav></header>
<main id="main" tabindex="-1"${page.wide ? html` class="wide"` : ''}>
${page.body}
</main>
${assets.js.map((name) => html`<script src="${site.assets[name].url}" defer></script>`)}
</body>
</html>
`;
}

function navigation(user: SessionUser | null, here: string): Html {
  const brand = html`<a class="brand" href="/">Place Notes</a>`;
  if (user === null) {
    const next = encodeURIComponent(here);
    return html`${brand}<a href="/login?next=${next}">Log in</a><a href="/signup?next=${next}">Sign up</a>`;
  }
  return html`${brand}<a href="/notes/new">Post a note</a><a href="/users/${encodeURIComponent(user.username)}">${user.username}</a><a href="/logout">Log out</a>`;
}

/** The map of a page: an element scripts turn into a map, with the tiles to use; the notes come in a JSON island. */
export function mapElement(site: Site, label: string, extra: Html = html``): Html {
  return html`<div id="map" class="map" role="region" aria-label="${label}" data-tiles="${site.tiles.url}" data-attribution="${site.tiles.attribution}"${extra}></div>`;
}
