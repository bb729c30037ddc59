import { buildConventionsApp, type ConventionsApp } from './conventions-app';

const BOUNDARY = 'conventions-boundary';

interface Part {
  name: Buffer | string;
  value: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart body by hand, so that its bytes (invalid ones included) are exactly what the test says. */
function multipartBody(parts: Part[]): Buffer {
  const pieces = parts.flatMap((part) => [
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="`),
    Buffer.from(part.name),
    Buffer.from(`"${part.filename ? `; filename="${part.filename}"` : ''}\r\n`),
    Buffer.from(part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''),
    Buffer.from('\r\n'),
    Buffer.from(part.value),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...pieces, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

describe('body parsers', () => {
  let t: ConventionsApp;
  beforeAll(async () => {
    t = buildConventionsApp({ bodyLimit: 64 * 1024 });
    await t.app.ready();
  });
  afterAll(() => t.close());

  const send = (url: string, contentType: string | undefined, payload: Buffer | string) =>
    t.app.inject({ method: 'POST', url, headers: contentType ? { 'content-type': contentType } : {}, payload });
  const echo = (contentType: string | undefined, payload: Buffer | string) => send('/v2/echo/1', contentType, payload);
  const expectBadRequest = (response: Awaited<ReturnType<typeof echo>>, message: RegExp) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().meta.error).toEqual({ type: 'bad_request', message: expect.stringMatching(message), requestId: expect.any(String) });
  };

  describe('JSON', () => {
    it('parses UTF-8 JSON', async () => {
      const response = await echo('application/json', JSON.stringify({ message: 'café ☕ 𝄞' }));
      expect(response.json().body).toEqual({ message: 'café ☕ 𝄞' });
    });

    it('accepts an explicit UTF-8 charset', async () => {
      const response = await echo('application/json; charset=UTF-8', '{"a":1}');
      expect(response.json().body).toEqual({ a: 1 });
    });

    it('refuses bytes that are not UTF-8 with a 400, never a U+FFFD', async () => {
      const payload = Buffer.concat([Buffer.from('{"message":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
      expectBadRequest(await echo('application/json', payload), /not valid UTF-8/);
    });

    it('refuses an encoded surrogate (CESU-8) as not UTF-8', async () => {
      const payload = Buffer.concat([Buffer.from('{"m":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]);
      expectBadRequest(await echo('application/json', payload), /not valid UTF-8/);
    });

    it('tolerates a byte order mark and matches the media type case-insensitively', async () => {
      expect((await echo('application/json', '\uFEFF{"a":1}')).json().body).toEqual({ a: 1 });
      expect((await echo('Application/JSON', '{"a":1}')).json().body).toEqual({ a: 1 });
    });

    it('malformed JSON is a 400', async () => {
      expectBadRequest(await echo('application/json', '{"message": '), /not valid JSON/);
    });

    it('prototype poisoning is a 400', async () => {
      expectBadRequest(await echo('application/json', '{"__proto__":{"admin":true}}'), /not valid JSON/);
      expectBadRequest(await echo('application/json', '{"constructor":{"prototype":{"admin":true}}}'), /not valid JSON/);
    });

    it('another declared charset is a 415', async () => {
      const response = await echo('application/json; charset=iso-8859-1', '{"a":1}');
      expect(response.statusCode).toBe(415);
      expect(response.json().meta.error.type).toBe('unsupported_media_type');
    });

    it('a body over the limit is a 413', async () => {
      const response = await echo('application/json', JSON.stringify({ message: 'x'.repeat(70 * 1024) }));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ meta: { http_status: 413, error: { type: 'payload_too_large', message: 'the request body is too large', requestId: expect.any(String) } } });
    });
  });

  describe('other media types', () => {
    it.each(['text/plain', 'application/xml', 'application/octet-stream', 'multipart/mixed; boundary=x'])('%s is a 415', async (type) => {
      const response = await echo(type, 'hello');
      expect(response.statusCode).toBe(415);
      expect(response.json().meta.error.type).toBe('unsupported_media_type');
    });

    it('a malformed content type is a 415', async () => {
      expect((await echo(';;', '{}')).statusCode).toBe(415);
    });

    it('a body without a content type is a 415', async () => {
      const response = await echo(undefined, 'hello');
      expect(response.statusCode).toBe(415);
    });
  });

  describe('urlencoded forms', () => {
    const form = 'application/x-www-form-urlencoded';

    it('nests bracket keys and collects arrays', async () => {
      const response = await echo(form, 'name=a+b&location[latitude]=52.5&location%5Blongitude%5D=13.4&tags[]=x&tags[]=y&list=1&list=2');
      expect(response.json().body).toEqual({
        name: 'a b',
        location: { latitude: '52.5', longitude: '13.4' },
        tags: ['x', 'y'],
        list: ['1', '2'],
      });
    });

    it('decodes UTF-8 escapes', async () => {
      expect((await echo(form, 'q=caf%C3%A9+%F0%9D%84%9E')).json().body).toEqual({ q: 'café 𝄞' });
    });

    it('feeds validation, which coerces the strings', async () => {
      const response = await send('/v2/things', form, 'name=n&count=3&location[latitude]=-12.5&tags[]=a');
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toEqual({ name: 'n', count: 3, location: { latitude: -12.5 }, tags: ['a'] });
    });

    it('drops the `_method` transport field', async () => {
      expect((await echo(form, '_method=PUT&a=1')).json().body).toEqual({ a: '1' });
    });

    it('an escape that decodes to invalid UTF-8 is a 400', async () => {
      expectBadRequest(await echo(form, 'message=caf%E9'), /percent-escape that is not UTF-8/);
      expectBadRequest(await echo(form, 'mess%FFage=x'), /percent-escape that is not UTF-8/);
      expectBadRequest(await echo(form, 'message=%ED%A0%80'), /percent-escape that is not UTF-8/);
    });

    it('a raw byte that is not UTF-8 is a 400', async () => {
      expectBadRequest(await echo(form, Buffer.concat([Buffer.from('message=caf'), Buffer.from([0xe9])])), /not valid UTF-8/);
    });

    it('nesting deeper than two levels is a 400', async () => {
      expectBadRequest(await echo(form, 'a[b][c][d]=1'), /too deeply nested or has too many values/);
    });

    it('more than 1000 parameters is a 400', async () => {
      const payload = Array.from({ length: 1001 }, (_, i) => `k${i}=1`).join('&');
      expectBadRequest(await echo(form, payload), /too deeply nested or has too many values/);
    });

    it('an array past 100 items is a 400', async () => {
      expectBadRequest(await echo(form, 'tags[150]=x'), /too deeply nested or has too many values/);
    });

    it('an empty form is an empty object', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/v2/echo/1', headers: { 'content-type': form, 'transfer-encoding': 'chunked' }, payload: '' });
      expect(response.json().body).toEqual({});
    });
  });

  describe('multipart forms', () => {
    const multipart = `multipart/form-data; boundary=${BOUNDARY}`;

    it('gives text fields (nested like forms) and files as Buffers', async () => {
      const payload = multipartBody([
        { name: 'message', value: 'café ☕' },
        { name: 'location[latitude]', value: '52.5' },
        { name: 'tags[]', value: 'a' },
        { name: 'tags[]', value: 'b' },
        { name: '_method', value: 'PUT' },
        { name: 'image_file', value: 'PNGDATA', filename: 'a.png', contentType: 'image/png' },
      ]);
      const response = await echo(multipart, payload);
      expect(response.statusCode).toBe(200);
      expect(response.json().body).toEqual({
        message: 'café ☕',
        location: { latitude: '52.5' },
        tags: ['a', 'b'],
        image_file: { file: 'PNGDATA' },
      });
    });

    it('feeds validation like any body', async () => {
      const response = await send('/v2/things', multipart, multipartBody([{ name: 'name', value: 'n' }, { name: 'count', value: '2' }]));
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toEqual({ name: 'n', count: 2 });
      const missing = await send('/v2/things', multipart, multipartBody([{ name: 'count', value: '2' }]));
      expect(missing.json().meta.error.fields).toEqual([{ name: 'name', problem: 'is required' }]);
    });

    it('honours a declared latin1 charset', async () => {
      const payload = multipartBody([{ name: 'm', value: Buffer.from([0x63, 0x61, 0x66, 0xe9]), contentType: 'text/plain; charset=iso-8859-1' }]);
      expect((await echo(multipart, payload)).json().body).toEqual({ m: 'café' });
    });

    it('a text field that is not UTF-8 is a 400', async () => {
      const payload = multipartBody([{ name: 'message', value: Buffer.from([0x63, 0x61, 0x66, 0xe9]) }]);
      expectBadRequest(await echo(multipart, payload), /multipart field message is not valid UTF-8/);
    });

    it('a field name that is not UTF-8 is a 400', async () => {
      const payload = multipartBody([{ name: Buffer.from([0x6d, 0xff]), value: 'x' }]);
      expectBadRequest(await echo(multipart, payload), /field name is not valid UTF-8/);
    });

    it('a JSON part is a 400', async () => {
      const payload = multipartBody([{ name: 'location', value: '{"latitude":1}', contentType: 'application/json' }]);
      expectBadRequest(await echo(multipart, payload), /not as JSON parts/);
      const broken = multipartBody([{ name: 'location', value: '{"latitude":', contentType: 'application/json' }]);
      expectBadRequest(await echo(multipart, broken), /not as JSON parts/);
    });

    it('a second file is a 413', async () => {
      const payload = multipartBody([
        { name: 'image_file', value: 'A', filename: 'a.png', contentType: 'image/png' },
        { name: 'image', value: 'B', filename: 'b.png', contentType: 'image/png' },
      ]);
      const response = await echo(multipart, payload);
      expect(response.statusCode).toBe(413);
      expect(response.json().meta.error.type).toBe('payload_too_large');
    });

    it('text past the body limit is a 413', async () => {
      const payload = multipartBody([{ name: 'a', value: 'x'.repeat(40 * 1024) }, { name: 'b', value: 'y'.repeat(40 * 1024) }]);
      const response = await echo(multipart, payload);
      expect(response.statusCode).toBe(413);
    });

    it('a body without its boundary is a 400', async () => {
      expectBadRequest(await echo('multipart/form-data', multipartBody([{ name: 'a', value: 'b' }])), /multipart body is malformed/);
    });

    it('a body cut short is a 400', async () => {
      const whole = multipartBody([{ name: 'a', value: 'b' }]);
      expectBadRequest(await echo(multipart, whole.subarray(0, whole.length - 10)), /multipart body is malformed/);
    });
  });
});
