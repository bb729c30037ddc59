/**
 * Waits until `check` holds, failing after `seconds`. A notification between connections arrives within milliseconds
 * on an idle machine; the bound is generous because it only stops a test that would otherwise hang, and a busy CI
 * machine must not fail it.
 */
export async function eventually(check: () => Promise<boolean>, what: string, seconds = 30): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what}: not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
