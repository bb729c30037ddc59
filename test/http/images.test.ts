import sharp from 'sharp';
import { blobKeys } from '../support/blobs';
import { fields, filePart, makeImage, multipart, type ImageKind } from '../support/multipart';
import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { TEST_PUBLIC_URL } from '../support/test-config';

const NOTE = { message: 'A view worth a photo', latitude: 52.52, longitude: 13.405 };
const URL_ROOT = new RegExp(`^${TEST_PUBLIC_URL.replace(/\./g, '\\.')}/images/[0-9a-f]{32}\\.(jpg|png|webp)$`, 'u');
const MIME: Record<ImageKind, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

describe.each(ALL_STORAGES)('note images over %s storage', (storage) => {
  let t: TestApp;
  let alice: TestUser;
  let aliceNotes: string;
  let aliceAll: string;
  let aliceRead: string;
  let bobNotes: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    alice = await t.createUser('alice');
    const bob = await t.createUser('bob');
    aliceNotes = await t.token(alice, 'notes');
    aliceAll = await t.token(alice, 'notes delete');
    aliceRead = await t.token(alice, 'read');
    bobNotes = await t.token(bob, 'notes');
    jpeg = await makeImage('jpeg', 64, 48);
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT', url: string, token: string | undefined, body: ReturnType<typeof multipart>) =>
    t.request({ method, url, token, payload: body.payload, headers: body.headers });
  const postNote = (token: string | undefined, ...parts: Parameters<typeof multipart>[0]) =>
    send('POST', '/v2/notes', token, multipart([...fields(NOTE), ...parts]));
  const putNote = (token: string | undefined, id: number, ...parts: Parameters<typeof multipart>[0]) =>
    send('PUT', `/v2/notes/${id}`, token, multipart(parts));
  const fetchImage = (urlRoot: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: urlRoot.slice(TEST_PUBLIC_URL.length), headers });
  const aliceNoteCount = async () => (await t.request({ method: 'GET', url: `/v2/users/${alice.id}/notes?limit=1` })).json().meta.count as number;

  /** A 4xx that must leave no note and no file behind. */
  async function expectNothingStored(response: Awaited<ReturnType<typeof postNote>>, status: number, before: { notes: number; blobs: string[] }) {
    expect(response.statusCode).toBe(status);
    expect(await aliceNoteCount()).toBe(before.notes);
    expect(await blobKeys(t)).toEqual(before.blobs);
  }
  const snapshot = async () => ({ notes: await aliceNoteCount(), blobs: await blobKeys(t) });

  describe('uploading with POST /v2/notes (multipart)', () => {
    it.each<[ImageKind, number, number]>([['jpeg', 64, 48], ['png', 30, 20], ['webp', 17, 33]])(
      'takes a %s, reads %i×%i from the file, and serves it at urlRoot with long-lived cache headers',
      async (kind, width, height) => {
        const bytes = await makeImage(kind, width, height);
        const res = await postNote(aliceNotes, filePart('image_file', kind, bytes),
          { name: 'originalWidth', value: '9999' }, { name: 'originalHeight', value: '9999' });
        expect(res.statusCode).toBe(201);
        const { image } = res.json().data;
        expect(image).toEqual({ originalWidth: width, originalHeight: height, urlRoot: expect.stringMatching(URL_ROOT) });

        const served = await fetchImage(image.urlRoot);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(MIME[kind]);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.headers.etag).toMatch(/^"[0-9a-f]{32}"$/u);
        const meta = await sharp(served.rawPayload).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: kind, width, height });
        // The note read back carries the same image.
        expect((await t.request({ method: 'GET', url: `/v2/notes/${res.json().data.id}` })).json().data.image).toEqual(image);
      },
    );

    it('accepts the field name `image`, and the other fields as multipart text with form nesting', async () => {
      const body = multipart([
        ...fields({ message: 'Nested fields', 'location[latitude]': 48.85, 'location[longitude]': 2.35, 'location[city]': 'Paris', tags: 'photo, river' }),
        filePart('image', 'png', await makeImage('png', 12, 8)),
      ]);
      const res = await send('POST', '/v2/notes', aliceNotes, body);
      expect(res.statusCode).toBe(201);
      const note = res.json().data;
      expect(note.image).toMatchObject({ originalWidth: 12, originalHeight: 8 });
      expect(note.location).toMatchObject({ latitude: 48.85, longitude: 2.35, city: 'Paris' });
      expect(note.tags.meta.count).toBe(2);
    });

    it('strips EXIF (the camera GPS position with it) and turns the image upright by its orientation first', async () => {
      const original = await makeImage('jpeg', 40, 30, { gps: true, orientation: 6 });
      const before = await sharp(original).metadata();
      expect(before.exif).toBeDefined();
      expect(before.orientation).toBe(6);

      const res = await postNote(aliceNotes, filePart('image_file', 'jpeg', original));
      expect(res.statusCode).toBe(201);
      // Orientation 6 is a quarter turn: the stored image is 30 wide and 40 high, and says so.
      expect(res.json().data.image).toMatchObject({ originalWidth: 30, originalHeight: 40 });
      const served = (await fetchImage(res.json().data.image.urlRoot)).rawPayload;
      const after = await sharp(served).metadata();
      expect({ width: after.width, height: after.height }).toEqual({ width: 30, height: 40 });
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(served.includes(Buffer.from('secret-owner'))).toBe(false);
      expect(served.includes(Buffer.from('TestCam'))).toBe(false);
    });

    it('sniffs the content: a PNG sent as photo.jpg (image/jpeg) is stored and served as a PNG', async () => {
      const png = await makeImage('png', 9, 9);
      const res = await postNote(aliceNotes, filePart('image_file', 'png', png, { filename: 'photo.jpg', contentType: 'image/jpeg' }));
      expect(res.statusCode).toBe(201);
      expect(res.json().data.image.urlRoot).toMatch(/\.png$/u);
      expect((await fetchImage(res.json().data.image.urlRoot)).headers['content-type']).toBe('image/png');
    });

    it.each([
      ['a text file named x.jpg', async () => Buffer.from('this is not an image at all\n'.repeat(20)), 'image/jpeg'],
      ['a truncated JPEG', async () => { const file = await makeImage('jpeg', 64, 48, { noisy: true }); return file.subarray(0, file.length / 2); }, 'image/jpeg'],
      ['a truncated PNG', async () => { const file = await makeImage('png', 64, 48, { noisy: true }); return file.subarray(0, file.length / 2); }, 'image/png'],
      ['a truncated WebP', async () => { const file = await makeImage('webp', 64, 48, { noisy: true }); return file.subarray(0, file.length / 2); }, 'image/webp'],
      ['a corrupt JPEG (stray markers in its scan data)', async () => {
        const bad = Buffer.from(await makeImage('jpeg', 64, 48, { noisy: true }));
        for (let at = 600; at < bad.length - 400; at += 97) bad.set([0xff, 0xd3], at);
        return bad;
      }, 'image/jpeg'],
      ['a JPEG with its frame header overwritten', async () => {
        const bad = Buffer.from(await makeImage('jpeg', 64, 48, { noisy: true }));
        const frame = bad.indexOf(Buffer.from([0xff, 0xc0]));
        return bad.fill(0xff, frame + 2, frame + 12);
      }, 'image/jpeg'],
      ['an SVG named x.jpg', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/jpeg'],
      ['a GIF', async () => sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } }).gif().toBuffer(), 'image/gif'],
    ])('refuses %s with 400 naming image_file, and stores nothing', async (_what, bytes, contentType) => {
      const before = await snapshot();
      const res = await postNote(aliceNotes, { name: 'image_file', value: await bytes(), filename: 'x.jpg', contentType });
      await expectNothingStored(res, 400, before);
      expect(res.json().meta).toMatchObject({
        http_status: 400,
        error: { type: 'bad_request', fields: [{ name: 'image_file', problem: expect.stringMatching(/JPEG, PNG or WebP/u) }] },
      });
    });

    it('refuses a file over 20 MiB with 413 and the error envelope, and stores nothing', async () => {
      const before = await snapshot();
      const huge = Buffer.concat([jpeg, Buffer.alloc(20 * 1024 * 1024 + 1 - jpeg.length, 0x20)]);
      const res = await postNote(aliceNotes, filePart('image_file', 'jpeg', huge));
      await expectNothingStored(res, 413, before);
      expect(res.json().meta).toMatchObject({ http_status: 413, error: { type: 'payload_too_large' } });
    });

    it('takes a file well over the default 1 MiB body limit (a 7 MB PNG)', async () => {
      const big = await makeImage('png', 2000, 1200, { noisy: true });
      expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
      const res = await postNote(aliceNotes, filePart('image_file', 'png', big));
      expect(res.statusCode).toBe(201);
      expect(res.json().data.image).toMatchObject({ originalWidth: 2000, originalHeight: 1200 });
    });

    it('stores no file when a recipient is unknown (recipients are read before the file is stored)', async () => {
      const before = await snapshot();
      const res = await postNote(aliceNotes, ...fields({ visibility: 'recipients', recipients: 'no_such_user' }), filePart('image_file', 'jpeg', jpeg));
      await expectNothingStored(res, 400, before);
      expect(res.json().meta.error.fields).toEqual([expect.objectContaining({ name: 'recipients' })]);
    });

    it('stores nothing when the note fields are invalid', async () => {
      const before = await snapshot();
      const body = multipart([...fields({ latitude: 95, longitude: 0 }), filePart('image_file', 'jpeg', jpeg)]);
      await expectNothingStored(await send('POST', '/v2/notes', aliceNotes, body), 400, before);
    });

    it('is 401 without a token and 403 without the notes scope, storing nothing', async () => {
      const before = await snapshot();
      await expectNothingStored(await postNote(undefined, filePart('image_file', 'jpeg', jpeg)), 401, before);
      await expectNothingStored(await postNote(aliceRead, filePart('image_file', 'jpeg', jpeg)), 403, before);
    });

    it('refuses text in image_file outside multipart, and a file together with removeImage=true', async () => {
      const json = await t.request({ method: 'POST', url: '/v2/notes', token: aliceNotes, payload: { ...NOTE, image_file: 'aGVsbG8=' } });
      expect(json.statusCode).toBe(400);
      expect(json.json().meta.error.fields).toEqual([expect.objectContaining({ name: 'image_file' })]);
      const both = await postNote(aliceNotes, ...fields({ removeImage: true }), filePart('image_file', 'jpeg', jpeg));
      expect(both.statusCode).toBe(400);
      expect(both.json().meta.error.fields).toEqual([expect.objectContaining({ name: 'removeImage' })]);
    });

    it('creates a note without an image from an empty file part (a form with no file chosen)', async () => {
      const res = await postNote(aliceNotes, { name: 'image_file', value: Buffer.alloc(0), filename: '' });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.image).toBeNull();
    });
  });

  describe('replacing and removing with PUT /v2/notes/:id', () => {
    async function noteWithImage(): Promise<{ id: number; urlRoot: string }> {
      const res = await postNote(aliceNotes, filePart('image_file', 'jpeg', jpeg));
      expect(res.statusCode).toBe(201);
      return { id: res.json().data.id, urlRoot: res.json().data.image.urlRoot };
    }
    const keyOf = (urlRoot: string) => urlRoot.slice(urlRoot.lastIndexOf('/') + 1);

    it('replaces the image: the new file is served, the old one is deleted', async () => {
      const { id, urlRoot } = await noteWithImage();
      const res = await putNote(aliceNotes, id, filePart('image_file', 'webp', await makeImage('webp', 20, 10)));
      expect(res.statusCode).toBe(200);
      const { image } = res.json().data;
      expect(image).toMatchObject({ originalWidth: 20, originalHeight: 10 });
      expect(image.urlRoot).not.toBe(urlRoot);
      expect((await fetchImage(image.urlRoot)).statusCode).toBe(200);
      expect((await fetchImage(urlRoot)).statusCode).toBe(404);
      const keys = await blobKeys(t);
      expect(keys).toContain(keyOf(image.urlRoot));
      expect(keys).not.toContain(keyOf(urlRoot));
    });

    it('keeps the image when an edit sends no image field', async () => {
      const { id, urlRoot } = await noteWithImage();
      const res = await putNote(aliceNotes, id, ...fields({ message: 'New words' }));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ message: 'New words', image: { urlRoot } });
      const json = await t.request({ method: 'PUT', url: `/v2/notes/${id}`, token: aliceNotes, payload: { message: 'Again' } });
      expect(json.json().data.image.urlRoot).toBe(urlRoot);
    });

    it.each([
      ['an empty image_file text field (multipart)', (id: number) => putNote(aliceNotes, id, { name: 'image_file', value: '' })],
      ['an empty file part (multipart)', (id: number) => putNote(aliceNotes, id, { name: 'image', value: Buffer.alloc(0), filename: '' })],
      ['removeImage=true (multipart)', (id: number) => putNote(aliceNotes, id, ...fields({ removeImage: true }))],
      ['removeImage: true (JSON)', (id: number) => t.request({ method: 'PUT', url: `/v2/notes/${id}`, token: aliceNotes, payload: { removeImage: true } })],
      ['image_file: null (JSON)', (id: number) => t.request({ method: 'PUT', url: `/v2/notes/${id}`, token: aliceNotes, payload: { image_file: null } })],
      ['image_file= (form)', (id: number) => t.request({
        method: 'PUT', url: `/v2/notes/${id}`, token: aliceNotes, payload: 'image_file=', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })],
      ['removeImage=true (form)', (id: number) => t.request({
        method: 'PUT', url: `/v2/notes/${id}`, token: aliceNotes, payload: 'removeImage=true', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })],
    ])('removes the image with %s and deletes its file', async (_how, remove) => {
      const { id, urlRoot } = await noteWithImage();
      const res = await remove(id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.image).toBeNull();
      expect((await fetchImage(urlRoot)).statusCode).toBe(404);
      expect(await blobKeys(t)).not.toContain(keyOf(urlRoot));
    });

    it("refuses someone else's note (403), a missing note (404) and a bad file (400), storing nothing and keeping the image", async () => {
      const { id, urlRoot } = await noteWithImage();
      const blobs = await blobKeys(t);
      expect((await putNote(bobNotes, id, filePart('image_file', 'jpeg', jpeg))).statusCode).toBe(403);
      expect((await putNote(aliceNotes, 2_000_000_000, filePart('image_file', 'jpeg', jpeg))).statusCode).toBe(404);
      const bad = await putNote(aliceNotes, id, { name: 'image_file', value: Buffer.from('nope'), filename: 'x.png', contentType: 'image/png' });
      expect(bad.statusCode).toBe(400);
      // A good file with a bad field: the file is stored before the transaction fails, then removed.
      const badField = await putNote(aliceNotes, id, ...fields({ latitude: 95 }), filePart('image_file', 'jpeg', jpeg));
      expect(badField.statusCode).toBe(400);
      expect(badField.json().meta.error.fields).toEqual([expect.objectContaining({ name: 'latitude' })]);
      expect(await blobKeys(t)).toEqual(blobs);
      expect((await t.request({ method: 'GET', url: `/v2/notes/${id}` })).json().data.image.urlRoot).toBe(urlRoot);
    });

    it('takes an upload over a listening server too: a form POST with _method=PUT and a file over 1 MiB', async () => {
      const { id, urlRoot } = await noteWithImage();
      const big = await makeImage('png', 1200, 800, { noisy: true });
      expect(big.length).toBeGreaterThan(1024 * 1024);
      const body = multipart([{ name: '_method', value: 'PUT' }, ...fields({ message: 'Bigger now' }), filePart('image_file', 'png', big)]);
      const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${origin}/v2/notes/${id}`, {
        method: 'POST', body: body.payload, headers: { ...body.headers, authorization: `Bearer ${aliceNotes}` },
      });
      expect(res.status).toBe(200);
      const note = ((await res.json()) as { data: unknown }).data;
      expect(note).toMatchObject({ message: 'Bigger now', image: { originalWidth: 1200, originalHeight: 800 } });
      expect((await fetchImage(urlRoot)).statusCode).toBe(404);
    });

    it('deleting the note deletes its image file', async () => {
      const { id, urlRoot } = await noteWithImage();
      const res = await t.request({ method: 'DELETE', url: `/v2/notes/${id}`, token: aliceAll });
      expect(res.statusCode).toBe(200);
      expect((await fetchImage(urlRoot)).statusCode).toBe(404);
      expect(await blobKeys(t)).not.toContain(keyOf(urlRoot));
    });
  });

  describe('GET /images/:key', () => {
    it('answers 304 to If-None-Match with its ETag (strong, weak or in a list), 200 otherwise', async () => {
      const res = await postNote(aliceNotes, filePart('image_file', 'jpeg', jpeg));
      const { urlRoot } = res.json().data.image;
      const { etag } = (await fetchImage(urlRoot)).headers;
      for (const header of [String(etag), `W/${String(etag)}`, `"other", ${String(etag)}`]) {
        const cached = await fetchImage(urlRoot, { 'if-none-match': header });
        expect(cached.statusCode).toBe(304);
        expect(cached.rawPayload.length).toBe(0);
        expect(cached.headers.etag).toBe(etag);
      }
      expect((await fetchImage(urlRoot, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    });

    it('is 404 with the error envelope for a key that names no file', async () => {
      for (const key of ['0123456789abcdef0123456789abcdef.jpg', '..%2F..%2Fetc%2Fpasswd', 'x']) {
        const res = await t.request({ method: 'GET', url: `/images/${key}` });
        expect(res.statusCode).toBe(404);
        expect(res.json().meta.error.type).toBe('not_found');
      }
    });
  });

  describe('notemaps follow their notes’ images', () => {
    it('shows the image of the most recently added note with one, and lists it in notes_with_images', async () => {
      const aliceWrite = await t.token(alice, 'write');
      const map = await t.request({ method: 'POST', url: '/v2/notemaps', token: aliceWrite, payload: { name: 'Photos' } });
      const mapId = map.json().data.id as number;
      const withImage = (await postNote(aliceNotes, filePart('image_file', 'png', await makeImage('png', 5, 7)))).json().data;
      const plain = (await t.request({ method: 'POST', url: '/v2/notes', token: aliceNotes, payload: NOTE })).json().data;
      for (const note of [withImage, plain]) {
        const add = await t.request({ method: 'POST', url: `/v2/notemaps/${mapId}/notes`, token: aliceWrite, payload: { note_id: note.id } });
        expect(add.statusCode).toBe(201);
      }
      const read = (await t.request({ method: 'GET', url: `/v2/notemaps/${mapId}` })).json().data;
      expect(read.image).toEqual(withImage.image);
      expect(read.notesWithImages.meta.count).toBe(1);
      const list = (await t.request({ method: 'GET', url: `/v2/notemaps/${mapId}/notes_with_images` })).json();
      expect(list.data.map((n: { id: number }) => n.id)).toEqual([withImage.id]);
    });
  });
});
