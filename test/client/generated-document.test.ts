import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openApiDocument } from '../../scripts/openapi';

// clients/typescript/openapi.json is what the server serves with the default configuration; `npm run openapi`
// regenerates it (and the client's types from it), and CI checks that regenerating changes nothing.
describe('the typed client\'s OpenAPI document', () => {
  it('is the one the server serves: after a change to the routes, npm run openapi brings the client up to date', async () => {
    const committed = JSON.parse(await readFile(join(__dirname, '../../clients/typescript/openapi.json'), 'utf8')) as unknown;
    expect(await openApiDocument()).toEqual(committed);
  });
});
