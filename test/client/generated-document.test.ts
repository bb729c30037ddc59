import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '../../src/config';
import { buildApp } from '../../src/app';
import { buildContainer } from '../../src/container';

// clients/typescript/openapi.json is what the server serves with the default configuration; `npm run openapi`
// regenerates it (and the client's types from it), and CI checks that regenerating changes nothing.
describe('the typed client\'s OpenAPI document', () => {
  it('is the one the server serves: after a change to the routes, npm run openapi brings the client up to date', async () => {
    const app = await buildApp(buildContainer({ ...loadConfig({}), logLevel: 'silent' }, { kind: 'memory' }));
    try {
      await app.ready();
      const served = (await app.inject({ method: 'GET', url: '/v2/openapi.json' })).json<unknown>();
      const committed = JSON.parse(await readFile(join(__dirname, '../../clients/typescript/openapi.json'), 'utf8')) as unknown;
      expect(served).toEqual(committed);
    } finally {
      await app.close();
    }
  });
});
