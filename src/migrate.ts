import { loadConfig } from './config';
import { oneLine } from './runtime/one-line';
import { openStore } from './runtime/open-store';

/** `npm run migrate`: brings the configured database up to date and prints the migrations it applied. */
export async function main(): Promise<number> {
  try {
    const store = await openStore(loadConfig(process.env), 'migrate');
    await store.close();
    process.stdout.write(`${JSON.stringify({ applied: store.migrations }, null, 2)}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`error: ${oneLine(error)}\n`);
    return 1;
  }
}

if (require.main === module) {
  void main().then((code) => {
    process.exitCode = code;
  });
}
