import type { Config } from '../../../config-types';
import type { AssetManifest } from '../static-assets';

/** What every public page needs to know of the site: where it lives, its assets, and the map's tiles. */
export interface Site {
  publicUrl: string;
  assets: AssetManifest;
  tiles: { url: string; attribution: string };
}

export function siteOf(config: Config, assets: AssetManifest): Site {
  return { publicUrl: config.publicUrl, assets, tiles: { url: config.mapTileUrl, attribution: config.mapTileAttribution } };
}

/** An absolute URL of this site, for canonical links, Open Graph and the sitemap. */
export function absolute(site: Site, path: string): string {
  return `${site.publicUrl}${path}`;
}

/** The origins a page's images may come from: our own, and the tile server's (`{s}` sub-domains as a wildcard). */
export function tileOrigin(tileUrl: string): string {
  const url = new URL(tileUrl.replaceAll('{s}', 'tile-subdomain'));
  return url.origin.replace('tile-subdomain', '*');
}
