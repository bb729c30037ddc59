/** At most `size` holders at a time; the others wait in arrival order. */
export class Slots {
  running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly size: number) {}

  get waiting(): number {
    return this.queue.length;
  }

  /** Waits for a slot; the function it gives back frees it (once, however often it is called). */
  async acquire(): Promise<() => void> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.running += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      // Hand the slot straight to the next holder, or free it.
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }
}
