import sharp from 'sharp';
import { DECODES_AT_ONCE, SharpImageProcessor } from '../../../../src/adapters/images/sharp-image-processor';
import { Slots } from '../../../../src/application/slots';
import type { ProcessedImage } from '../../../../src/application/ports/image-processor';
import { AVATAR_MAX_PIXELS, NOTE_IMAGE_MAX_PIXELS } from '../../../../src/domain/image';
import { makeImage } from '../../../support/multipart';

const processed = (result: unknown): ProcessedImage => {
  if (typeof result !== 'object' || result === null) throw new Error(`expected an image, got ${String(result)}`);
  return result as ProcessedImage;
};

describe('SharpImageProcessor', () => {
  const processor = new SharpImageProcessor();

  it.each(['jpeg', 'png', 'webp'] as const)('keeps a %s in its format and reports the size of what it wrote', async (kind) => {
    const result = processed(await processor.normalize(await makeImage(kind, 21, 13), NOTE_IMAGE_MAX_PIXELS));
    expect(result).toMatchObject({ format: kind, width: 21, height: 13 });
    const meta = await sharp(result.bytes).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: kind, width: 21, height: 13 });
  });

  it.each([1, 3, 6, 8])('applies EXIF orientation %i and writes none', async (orientation) => {
    const result = processed(await processor.normalize(await makeImage('jpeg', 40, 30, { gps: true, orientation }), NOTE_IMAGE_MAX_PIXELS));
    const quarterTurn = orientation >= 5;
    expect(result).toMatchObject({ width: quarterTurn ? 30 : 40, height: quarterTurn ? 40 : 30 });
    const meta = await sharp(result.bytes).metadata();
    expect([meta.exif, meta.orientation, meta.xmp]).toEqual([undefined, undefined, undefined]);
  });

  it('refuses a picture over the limit it is given, by its header, before decoding (a decompression bomb)', async () => {
    const bomb = await sharp({ create: { width: 12_000, height: 9_000, channels: 3, background: 'white' } }).png({ compressionLevel: 9 }).toBuffer();
    await expect(processor.normalize(bomb, NOTE_IMAGE_MAX_PIXELS)).resolves.toBe('too_many_pixels');
    const justOver = await makeImage('png', 101, 100);
    await expect(processor.normalize(justOver, 100 * 100)).resolves.toBe('too_many_pixels');
    await expect(processor.normalize(await makeImage('png', 100, 100), 100 * 100)).resolves.toMatchObject({ width: 100 });
  });

  it('refuses the audit’s avatar bomb (a 10000 × 10000 JPEG turned by EXIF) without growing the process', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: 'white' } })
      .withMetadata({ orientation: 6 }).jpeg({ quality: 30 }).toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    await expect(processor.normalize(bomb, AVATAR_MAX_PIXELS)).resolves.toBe('too_many_pixels');
    // Decoding it would take 300 MB; reading its header takes next to nothing.
    expect((process.memoryUsage().rss - before) / 1024 / 1024).toBeLessThan(100);
  });

  it('refuses empty input and formats other than JPEG, PNG and WebP', async () => {
    await expect(processor.normalize(new Uint8Array(), NOTE_IMAGE_MAX_PIXELS)).resolves.toBe('not_an_image');
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'blue' } }).tiff().toBuffer();
    await expect(processor.normalize(tiff, NOTE_IMAGE_MAX_PIXELS)).resolves.toBe('not_an_image');
    const truncated = (await makeImage('jpeg', 64, 64, { noisy: true })).subarray(0, 400);
    await expect(processor.normalize(truncated, NOTE_IMAGE_MAX_PIXELS)).resolves.toBe('not_an_image');
  });

  it(`decodes at most ${DECODES_AT_ONCE} images at once; the others wait their turn and all finish`, async () => {
    const image = await makeImage('jpeg', 800, 600, { noisy: true });
    let peak = 0;
    const watch = setInterval(() => { peak = Math.max(peak, processor.load.running); }, 1);
    const results = await Promise.all(Array.from({ length: 6 }, () => processor.normalize(image, NOTE_IMAGE_MAX_PIXELS)));
    clearInterval(watch);
    expect(results.map((r) => processed(r).width)).toEqual([800, 800, 800, 800, 800, 800]);
    expect(peak).toBeLessThanOrEqual(DECODES_AT_ONCE);
    expect(processor.load).toEqual({ running: 0, waiting: 0 });
  });
});

describe('Slots', () => {
  it('runs at most its size at once, in arrival order, and frees the slot of a task that fails', async () => {
    const slots = new Slots(2);
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const task = (i: number) => slots.run(() => new Promise<number>((resolve, reject) => {
      started.push(i);
      releases[i] = () => (i === 0 ? reject(new Error('boom')) : resolve(i));
    }));
    const runs = [0, 1, 2, 3].map(task);
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(slots.waiting).toBe(2);
    releases[0]?.();
    await expect(runs[0]).rejects.toThrow('boom');
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    releases[1]?.();
    releases[2]?.();
    await Promise.all([runs[1], runs[2]]);
    await new Promise((resolve) => setImmediate(resolve));
    releases[3]?.();
    await expect(runs[3]).resolves.toBe(3);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });
});

describe('Slots.acquire', () => {
  it('frees a slot once however often its release is called', async () => {
    const slots = new Slots(1);
    const release = await slots.acquire();
    const next = slots.acquire();
    expect(slots.waiting).toBe(1);
    release();
    release();
    const releaseNext = await next;
    expect([slots.running, slots.waiting]).toEqual([1, 0]);
    const third = slots.acquire();
    await new Promise((resolve) => setImmediate(resolve));
    expect(slots.waiting).toBe(1);
    releaseNext();
    (await third)();
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });
});

