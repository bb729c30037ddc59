import 'reflect-metadata';
import { loadConfig } from '../../config';
import { commandNamed, usageText } from './commands';
import { oneLine } from './one-line';
import { runAnywhere } from './run-anywhere';
import { UsageError } from './usage-error';

/** `npm run cli -- <command> [options]`: JSON on stdout; one line on stderr and status 1 (2 for usage) on failure. */
export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    (name === undefined ? process.stderr : process.stdout).write(`${usageText()}\n`);
    return name === undefined ? 2 : 0;
  }
  try {
    commandNamed(name).check(args);
    const result = await runAnywhere(loadConfig(process.env), name, args);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`usage error: ${oneLine(error)} (npm run cli -- help lists the commands)\n`);
      return 2;
    }
    process.stderr.write(`error: ${oneLine(error)}\n`);
    return 1;
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
