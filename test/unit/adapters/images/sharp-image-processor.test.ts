import sharp from 'sharp';
import { SharpImageProcessor } from '../../../../src/adapters/images/sharp-image-processor';
import { makeImage } from '../../../support/multipart';

describe('SharpImageProcessor', () => {
  const processor = new SharpImageProcessor();

  it.each(['jpeg', 'png', 'webp'] as const)('keeps a %s in its format and reports the size of what it wrote', async (kind) => {
    const result = await processor.normalize(await makeImage(kind, 21, 13));
    expect(result).toMatchObject({ format: kind, width: 21, height: 13 });
    const meta = await sharp(result?.bytes).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: kind, width: 21, height: 13 });
  });

  it.each([1, 3, 6, 8])('applies EXIF orientation %i and writes none', async (orientation) => {
    const result = await processor.normalize(await makeImage('jpeg', 40, 30, { gps: true, orientation }));
    const quarterTurn = orientation >= 5;
    expect(result).toMatchObject({ width: quarterTurn ? 30 : 40, height: quarterTurn ? 40 : 30 });
    const meta = await sharp(result?.bytes).metadata();
    expect([meta.exif, meta.orientation, meta.xmp]).toEqual([undefined, undefined, undefined]);
  });

  it('refuses an image over 100 megapixels (a decompression bomb)', async () => {
    const bomb = await sharp({ create: { width: 12_000, height: 9_000, channels: 3, background: 'white' } }).png({ compressionLevel: 9 }).toBuffer();
    await expect(processor.normalize(bomb)).resolves.toBeNull();
  });

  it('refuses empty input and formats other than JPEG, PNG and WebP', async () => {
    await expect(processor.normalize(new Uint8Array())).resolves.toBeNull();
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'blue' } }).tiff().toBuffer();
    await expect(processor.normalize(tiff)).resolves.toBeNull();
  });
});
