// jest's test sequencer, with the files known to be slow first, longest first. jest's own order (the durations it
// cached from earlier runs, else file size) knows nothing on a clean clone, where CI runs, and a long file started
// last would keep one of the two workers busy long after the other had finished. Weights are seconds of one CI run
// (two workers, PostgreSQL; 2026-12-07, on a machine busy with other work, so only their order means much);
// update them when a file's time changes much. The other files follow in jest's order.
const { default: Sequencer } = require('@jest/test-sequencer');
const { relative } = require('node:path');

const SLOW = {
  'test/browser/web-pages.test.ts': 104,
  'test/process/comment-flood.test.ts': 75,
  'test/process/npm-start.test.ts': 51,
  'test/process/start-memory.test.ts': 45,
  'test/process/account-export-memory.test.ts': 40,
  'test/contract/kysely.contract.test.ts': 39,
  'test/process/shutdown-deadline.test.ts': 35,
  'test/process/operations.test.ts': 27,
  'test/http/https.test.ts': 27,
  'test/process/webhook-restart.test.ts': 25,
  'test/http/comments.test.ts': 24,
  'test/http/note-queries-explain.test.ts': 24,
  'test/browser/oauth-flows.test.ts': 23,
  'test/http/webhooks.test.ts': 23,
  'test/contract/kysely-database.test.ts': 22,
  'test/http/rate-limit-before-body.test.ts': 20,
  'test/security/fuzz-writes.test.ts': 20,
  'test/unit/adapters/images/sharp-image-processor.test.ts': 19,
  'test/http/write-races.test.ts': 18,
  'test/http/images.test.ts': 18,
  'test/process/s3-start.test.ts': 16,
  'test/contract/kysely-note-tag-keys.test.ts': 16,
  'test/security/fuzz-reads.test.ts': 15,
  'test/http/conditional-requests.test.ts': 15,
  'test/process/crash.test.ts': 14,
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
