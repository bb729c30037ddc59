import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SERVER_RUNTIME from '../../../src/runtime/server-runtime.json';

// `npm start` (src/runtime/launcher.mts), the benchmark and the tests' server children read the server's V8 flags and
// environment defaults from src/runtime/server-runtime.json; the container image cannot, so it spells them out.
describe('the container image runs the server as npm start does', () => {
  const dockerfile = readFileSync(resolve(__dirname, '../../..', 'docker/Dockerfile'), 'utf8');

  it('passes the same V8 flags, in the same order, before the built server', () => {
    const cmd = dockerfile.split('\n').filter((line) => line.startsWith('CMD ')).at(-1) ?? '';
    expect(JSON.parse(cmd.slice('CMD '.length))).toEqual(['node', ...SERVER_RUNTIME.flags, join('dist', 'src', 'main.js')]);
  });

  it('sets the same environment defaults', () => {
    for (const [name, value] of Object.entries(SERVER_RUNTIME.env)) expect(dockerfile).toMatch(new RegExp(`^ENV ${name}=${value}$`, 'mu'));
  });
});
