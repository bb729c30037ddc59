import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';

/** A file the pages load, served under a name that carries a hash of its content. */
export interface StaticAsset {
  /** `/assets/<name>.<hash>.<ext>`: a new content is a new URL, so browsers may keep each one for a year. */
  url: string;
  root: string;
  file: string;
}

/** The files of the public pages: the map library and its clustering plugin from npm, and our own scripts and styles. */
const SOURCES = {
  leafletJs: ['leaflet/dist/leaflet.js'],
  leafletCss: ['leaflet/dist/leaflet.css'],
  clusterJs: ['leaflet.markercluster/dist/leaflet.markercluster.js'],
  clusterCss: ['leaflet.markercluster/dist/MarkerCluster.css'],
  clusterThemeCss: ['leaflet.markercluster/dist/MarkerCluster.Default.css'],
  siteCss: [null, 'site.css'],
  mapJs: [null, 'map.js'],
  exploreJs: [null, 'explore.js'],
  noteFormJs: [null, 'note-form.js'],
  favicon: [null, 'favicon.svg'],
} as const satisfies Record<string, readonly [string] | readonly [null, string]>;

export type AssetName = keyof typeof SOURCES;
export type AssetManifest = Readonly<Record<AssetName, StaticAsset>>;

/** The project's root: the nearest directory above this file holding package.json (from src/ or dist/src/ alike). */
function projectRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('the web assets cannot be found: no package.json above the server');
    dir = parent;
  }
  return dir;
}

/** Hashes every asset once, when the server starts: they are a few hundred kilobytes in all. */
export function loadAssetManifest(): AssetManifest {
  const root = projectRoot();
  const ours = join(root, 'src', 'adapters', 'web', 'assets');
  const manifest = {} as Record<AssetName, StaticAsset>;
  for (const [name, source] of Object.entries(SOURCES) as [AssetName, (typeof SOURCES)[AssetName]][]) {
    const path = source[0] === null ? join(ours, source[1]) : require.resolve(source[0]);
    const hash = createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 12);
    const ext = extname(path);
    manifest[name] = { url: `/assets/${basename(path, ext)}.${hash}${ext}`, root: dirname(path), file: basename(path) };
  }
  return manifest;
}
