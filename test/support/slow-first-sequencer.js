// jest's test sequencer, with the files known to be slow first, longest first. jest's own order (the durations it
// cached from earlier runs, else file size) knows nothing on a clean clone, where CI runs: a long file started last
// kept one of the two workers busy for a minute after the other had finished. Weights are seconds of one CI run
// (two workers, PostgreSQL); update them when a file's time changes much. The other files follow in jest's order.
const { default: Sequencer } = require('@jest/test-sequencer');
const { relative } = require('node:path');

const SLOW = {
  'test/process/comment-flood.test.ts': 70,
  'test/process/account-export-memory.test.ts': 45,
  'test/contract/kysely.contract.test.ts': 50,
  'test/browser/web-pages.test.ts': 43,
  'test/process/webhook-restart.test.ts': 40,
  'test/process/shutdown-deadline.test.ts': 38,
  'test/process/npm-start.test.ts': 33,
  'test/process/crash.test.ts': 31,
  'test/contract/webhook-store.contract.test.ts': 32,
  'test/process/sigterm.test.ts': 22,
  'test/process/operations.test.ts': 19,
  'test/unit/adapters/persistence/pglite-yields.test.ts': 16,
  'test/security/fuzz-reads.test.ts': 15,
  'test/contract/text-search-parity.test.ts': 13,
  'test/process/s3-start.test.ts': 13,
  'test/process/database-loss.test.ts': 13,
  'test/contract/kysely-webhook-leases.test.ts': 12,
  'test/http/comments.test.ts': 12,
  'test/contract/kysely-webhook-triggers.test.ts': 9,
  'test/process/cli-after-zombie-server.test.ts': 9,
};

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    const weight = (test) => SLOW[relative(test.context.config.rootDir, test.path).split('\\').join('/')] ?? 0;
    // Array.prototype.sort is stable: files of equal weight (every other file) keep jest's order.
    return [...ordered].sort((a, b) => weight(b) - weight(a));
  }
}

module.exports = SlowFirstSequencer;
