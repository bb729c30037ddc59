/** An error as the single line a command-line tool prints on stderr. */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split(/\r?\n/u).find((line) => line.trim() !== '')?.trim() ?? 'failed';
}
