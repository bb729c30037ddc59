/** At most `size` tasks at a time; the others wait in arrival order. */
export class Slots {
  running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly size: number) {}

  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next task, or free it.
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
