/**
 * The largest pictures the service decodes, in pixels (width × height). A small file can describe a huge
 * canvas (a decompression bomb), and decoding costs about 3 bytes a pixel: these keep one upload's memory
 * bounded. A note's photo may be as large as a 50-megapixel camera takes; an avatar is shown small.
 */
export const NOTE_IMAGE_MAX_PIXELS = 50_000_000;
export const AVATAR_MAX_PIXELS = 16_000_000;
