import { existsSync, readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// The built server loads TypeBox and Kysely from the bundles the build makes of them (dist/vendor, decision `vendor-bundles`):
// each package as one CommonJS file instead of hundreds of ES modules, about 4.4 MB less heap. Every name the
// manifest lists (`typebox`, `typebox/compile`, `kysely`…) resolves there, for our modules and for the packages that
// import them too (one copy of each). Run from its sources (tsx, jest) there is no manifest and nothing changes.
// main.ts imports this module first, before anything that imports those packages.

/** Resolves every name `dir`'s manifest lists to its file there; false when there is no manifest (nothing done). */
export function useVendorBundles(dir: string): boolean {
  const manifest = join(dir, 'manifest.json');
  if (!existsSync(manifest)) return false;
  const files = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>;
  const urls = new Map(Object.entries(files).map(([specifier, file]) => [specifier, pathToFileURL(join(dir, file)).href]));
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const url = urls.get(specifier);
      return url === undefined ? nextResolve(specifier, context) : { url, format: 'commonjs', shortCircuit: true };
    },
  });
  return true;
}

// dist/vendor, next to the compiled sources (dist/src/runtime).
useVendorBundles(join(__dirname, '../../vendor'));
