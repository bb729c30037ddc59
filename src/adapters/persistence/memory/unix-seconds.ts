/** Unix seconds, as every view reports times. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
