import type { Clock } from '../../src/application/ports/clock';

/** A clock the test moves by hand. */
export class HandClock implements Clock {
  private time: number;

  constructor(start = '2026-05-01T10:00:00Z') {
    this.time = Date.parse(start);
  }

  now(): Date {
    return new Date(this.time);
  }

  advance(seconds: number): void {
    this.time += seconds * 1000;
  }
}
