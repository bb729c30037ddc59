import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { Type } from 'typebox';
import type { SitemapEntry, SitemapKind } from '../../application/ports/sitemap-views';
import { ReadSitemap, SITEMAP_KINDS } from '../../application/sitemap/read-sitemap';
import { DomainError } from '../../domain/domain-error';
import { Text } from '../page-kit/forms';
import { absolute, type Site } from './components/site';

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string): string => text.replace(/[&<>"']/gu, (c) => XML_ENTITIES[c] ?? c);

const PART = /^(notes|notemaps|users)-([1-9][0-9]{0,6})$/u;

function pathOf(kind: SitemapKind, entry: SitemapEntry): string {
  if (kind === 'users') return `/users/${encodeURIComponent(entry.username ?? '')}`;
  return `/${kind}/${entry.id}`;
}

function urlElement(site: Site, kind: SitemapKind, entry: SitemapEntry): string {
  const lastmod = entry.lastModified === null ? '' : `<lastmod>${new Date(entry.lastModified * 1000).toISOString()}</lastmod>`;
  return `<url><loc>${xml(absolute(site, pathOf(kind, entry)))}</loc>${lastmod}</url>\n`;
}

/**
 * `GET /sitemap.xml` (sitemaps.org): the public notes, the notemaps and the users. A site of at most 50,000 of them
 * gets one `urlset`; a larger one a `sitemapindex` of parts (`/sitemap.xml?part=notes-2`), 50,000 URLs each. Either
 * way the file streams, read from storage a thousand entries at a time. `/robots.txt` points at it.
 */
export function registerSitemapRoutes(scope: FastifyInstance, container: DependencyContainer, site: Site): void {
  const sitemap = container.resolve(ReadSitemap);
  const routes = scope.withTypeProvider<TypeBoxTypeProvider>();

  routes.get('/robots.txt', async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8')
    .send(`User-agent: *\nDisallow: /settings/\nDisallow: /oauth/\nDisallow: /notes/new\nSitemap: ${absolute(site, '/sitemap.xml')}\n`));

  routes.get('/sitemap.xml', { schema: { querystring: Type.Object({ part: Text }) } }, async (request, reply) => {
    const wanted = request.query.part;
    let body: AsyncGenerator<string>;
    if (wanted !== undefined) {
      const match = PART.exec(wanted);
      if (match === null) throw DomainError.notFound('sitemap part', wanted);
      const plan = await sitemap.plan();
      const kind = match[1] as SitemapKind;
      const part = Number(match[2]);
      if (plan.kind === 'single' || !plan.parts.some((p) => p.kind === kind && p.part === part)) throw DomainError.notFound('sitemap part', wanted);
      body = urlset(site, sitemap, [[kind, part]]);
    } else {
      const plan = await sitemap.plan();
      body = plan.kind === 'single'
        ? urlset(site, sitemap, SITEMAP_KINDS.map((kind) => [kind, null]))
        : index(site, plan.parts.map((p) => `${p.kind}-${p.part}`));
    }
    return reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(Readable.from(body));
  });
}

async function* urlset(site: Site, sitemap: ReadSitemap, parts: [SitemapKind, number | null][]): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  if (parts.some(([, part]) => part === null)) yield `<url><loc>${xml(absolute(site, '/'))}</loc></url>\n`;
  for (const [kind, part] of parts) {
    for await (const batch of sitemap.entries(kind, part)) yield batch.map((entry) => urlElement(site, kind, entry)).join('');
  }
  yield '</urlset>\n';
}

async function* index(site: Site, parts: string[]): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for (const part of parts) yield `<sitemap><loc>${xml(absolute(site, `/sitemap.xml?part=${part}`))}</loc></sitemap>\n`;
  yield '</sitemapindex>\n';
}
