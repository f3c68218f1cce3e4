import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { UPLOAD_MAX_BYTES } from '@shared/schemas/files';
import { BOARD_CONFIG_SCREEN, EQUIPMENT_BOARD_SCREEN } from '@shared/schemas/boards';
import { gifBytes, jpegBytes, pngBytes, webpLossyBytes } from '../../files/pictureFixtures.test-util';
import { filesKit, type FilesKit } from './filesKit.test-util';

let k: FilesKit;
beforeAll(async () => {
  k = await filesKit();
});
afterAll(() => k.close());

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const NOT_A_PICTURE = { code: ErrorCode.UNSUPPORTED_FILE_TYPE, data: null, message: 'This file is not a PNG, JPEG, WebP or GIF picture' };
const tooLarge = (width: number, height: number) => {
  const message = `The picture is ${width} × ${height} pixels; at most 16384 pixels on a side and 64 megapixels`;
  return { code: ErrorCode.VALIDATION_FAILED, message: `file: ${message}`, data: { issues: [{ field: 'file', rule: 'picture_too_large', message }] } };
};

describe('uploading pictures', () => {
  it('stores a picture under the hash of its bytes and answers the record', async () => {
    const bytes = pngBytes(40, 30, { seed: 1 });
    const before = Date.now();
    const { status, body } = await k.upload(bytes, { name: 'boiler house.png' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, message: 'Uploaded' });
    expect(body.data).toEqual({
      id: expect.any(Number),
      url: `/api/files/${sha(bytes)}.png`,
      name: 'boiler house.png',
      contentType: 'image/png',
      size: bytes.length,
      width: 40,
      height: 30,
      uploadedAt: expect.any(Number),
      uploadedBy: 'admin',
    });
    expect(body.data.uploadedAt).toBeGreaterThanOrEqual(before);
  });

  it('takes the type and extension from the bytes: JPEG, GIF and WebP, declared or sent as octet-stream', async () => {
    const jpeg = await k.upload(jpegBytes(640, 480), { type: 'image/jpeg' });
    expect(jpeg.body.data).toMatchObject({ url: `/api/files/${sha(jpegBytes(640, 480))}.jpg`, contentType: 'image/jpeg', width: 640, height: 480, name: '' });
    const gif = await k.upload(gifBytes(12, 8), { type: 'application/octet-stream' });
    expect(gif.body.data).toMatchObject({ url: `/api/files/${sha(gifBytes(12, 8))}.gif`, contentType: 'image/gif', width: 12, height: 8 });
    const webp = await k.upload(webpLossyBytes(300, 100), { type: 'image/webp; charset=binary' });
    expect(webp.body.data).toMatchObject({ url: `/api/files/${sha(webpLossyBytes(300, 100))}.webp`, contentType: 'image/webp', width: 300, height: 100 });
    const jpgAlias = await k.upload(jpegBytes(2, 2), { type: 'image/jpg' });
    expect(jpgAlias.body.data).toMatchObject({ contentType: 'image/jpeg', width: 2, height: 2 });
  });

  it('refuses SVG, HTML, text, JSON, PDF and an empty body with 415', async () => {
    const refused: [string, string][] = [
      ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['text/html', '<html><body onload="alert(1)"></body></html>'],
      ['text/plain', 'meter 7: 123.4 kWh'],
      ['application/json', '{"picture":true}'],
      ['application/pdf', '%PDF-1.7\n'],
      ['image/png', ''],
    ];
    for (const [type, text] of refused) {
      const { status, body } = await k.upload(Buffer.from(text), { type });
      expect(status, type).toBe(415);
      expect(body, type).toEqual(NOT_A_PICTURE);
    }
    expect((await k.call('GET', '/api/files')).body.data.some((file: any) => file.contentType === 'image/svg+xml')).toBe(false);
  });

  it('refuses bytes whose declared picture type disagrees, and a picture declared as something else', async () => {
    const mismatch = await k.upload(jpegBytes(10, 10), { type: 'image/png' });
    expect(mismatch.status).toBe(415);
    expect(mismatch.body).toEqual({ ...NOT_A_PICTURE, message: 'The file is declared as image/png but its bytes are image/jpeg' });
    const asText = await k.upload(pngBytes(2, 2), { type: 'text/html' });
    expect(asText.status).toBe(415);
    expect(asText.body.message).toBe('The file is declared as text/html but its bytes are image/png');
  });

  it('refuses a body over 5 MB with 413 and takes exactly 5 MB', async () => {
    const over = Buffer.concat([pngBytes(1, 1), Buffer.alloc(6 * 1024 * 1024)]);
    const { status, body } = await k.upload(over);
    expect(status).toBe(413);
    expect(body).toEqual({ code: ErrorCode.BODY_TOO_LARGE, data: null, message: 'The request body is too large' });
    const head = pngBytes(7, 7, { seed: 2 });
    const exact = Buffer.concat([head, Buffer.alloc(UPLOAD_MAX_BYTES - head.length)]);
    const accepted = await k.upload(exact);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.size).toBe(UPLOAD_MAX_BYTES);
  });

  it('refuses pictures over 16384 pixels on a side or 64 megapixels', async () => {
    for (const [width, height] of [
      [16385, 1],
      [1, 20000],
      [8001, 8000],
    ] as const) {
      const { status, body } = await k.upload(pngBytes(width, height, { pixels: false }));
      expect(status).toBe(400);
      expect(body).toEqual(tooLarge(width, height));
    }
    for (const [width, height] of [
      [8000, 8000],
      [16384, 3906],
    ] as const) {
      const { body } = await k.upload(pngBytes(width, height, { pixels: false }));
      expect(body.data).toMatchObject({ width, height });
    }
  });

  it('answers the stored record when the same bytes come again, without a second row', async () => {
    const bytes = gifBytes(77, 7);
    const first = await k.upload(bytes, { type: 'image/gif', name: 'first.gif' });
    const again = await k.upload(bytes, { type: 'application/octet-stream', name: 'second.gif' });
    expect(again.body.data).toEqual(first.body.data);
    const rows = await k.t.app.storage.db.selectFrom('files').select('id').where('sha256', '=', sha(bytes)).execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps a path-like file name as plain text (last segment) and serves the file only by its hash', async () => {
    const bytes = pngBytes(5, 5, { seed: 3 });
    const { body } = await k.upload(bytes, { name: '../../etc/passwd' });
    expect(body.data).toMatchObject({ name: 'passwd', url: `/api/files/${sha(bytes)}.png` });
    for (const url of [
      '/api/files/passwd',
      '/api/files/..%2F..%2Fetc%2Fpasswd',
      `/api/files/${sha(bytes)}.gif`,
      `/api/files/${sha(bytes).toUpperCase()}.png`,
    ]) {
      const response = await k.call('GET', url, { token: null });
      expect([400, 404], url).toContain(response.status);
      expect(response.raw.equals(bytes), url).toBe(false);
    }
  });
});

describe('serving pictures', () => {
  it('answers the bytes without a token, with the stored type and the safe, immutable headers', async () => {
    const bytes = webpLossyBytes(64, 48);
    const { body } = await k.upload(bytes, { type: 'image/webp' });
    const served = await k.call('GET', body.data.url, { token: null });
    expect(served.status).toBe(200);
    expect(served.raw.equals(bytes)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      // The route's own default-src 'none', narrowed by the API policy of http/securityHeaders.ts.
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${sha(bytes)}"`,
    });
  });

  it('answers 304 without the bytes when If-None-Match names the entity tag', async () => {
    const bytes = pngBytes(9, 9, { seed: 4 });
    const { body } = await k.upload(bytes);
    for (const tag of [`"${sha(bytes)}"`, `W/"${sha(bytes)}"`, `"other", "${sha(bytes)}"`]) {
      const cached = await k.call('GET', body.data.url, { token: null, headers: { 'if-none-match': tag } });
      expect(cached.status, tag).toBe(304);
      expect(cached.raw.length).toBe(0);
      expect(cached.headers.etag).toBe(`"${sha(bytes)}"`);
    }
    const changed = await k.call('GET', body.data.url, { token: null, headers: { 'if-none-match': '"other"' } });
    expect(changed.status).toBe(200);
  });

  it('answers NOT_FOUND for a well-formed name nobody uploaded, and VALIDATION_FAILED for another name', async () => {
    const unknown = await k.call('GET', `/api/files/${'0'.repeat(64)}.png`, { token: null });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: ErrorCode.NOT_FOUND, data: null, message: 'No such file' });
    const malformed = await k.call('GET', '/api/files/index.html', { token: null });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'params.name: Not a stored file name' });
  });
});

describe('listing and deleting pictures', () => {
  it('lists newest first without the bytes, and deletes by id', async () => {
    const older = (await k.upload(pngBytes(3, 3, { seed: 5 }), { name: 'older.png' })).body.data;
    const newer = (await k.upload(pngBytes(3, 3, { seed: 6 }), { name: 'newer.png' })).body.data;
    const list = (await k.call('GET', '/api/files')).body.data as any[];
    expect(list.slice(0, 2).map((file) => file.name)).toEqual(['newer.png', 'older.png']);
    expect(list[0]).toEqual(newer);
    for (let i = 1; i < list.length; i++) expect(list[i - 1].uploadedAt).toBeGreaterThanOrEqual(list[i].uploadedAt);

    const deleted = await k.call('DELETE', `/api/files/${older.id}`);
    expect(deleted.body).toEqual({ code: 0, data: null, message: 'Deleted' });
    expect((await k.call('GET', older.url, { token: null })).status).toBe(404);
    expect((await k.call('GET', '/api/files')).body.data.map((file: any) => file.id)).not.toContain(older.id);
    const again = await k.call('DELETE', `/api/files/${older.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: ErrorCode.NOT_FOUND, data: null, message: `File ${older.id} was not found` });
  });
});

describe('who may upload', () => {
  it('asks for a token (401) and for one of the picture screens (403); the public route needs neither', async () => {
    const bytes = pngBytes(4, 4, { seed: 7 });
    const anonymous = await k.upload(bytes, { token: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(ErrorCode.TOKEN_MISSING);
    expect((await k.call('GET', '/api/files', { token: null })).status).toBe(401);

    const outsider = await k.userWith('files_outsider', ['/board/spriteView']);
    for (const [method, url] of [
      ['POST', '/api/files'],
      ['GET', '/api/files'],
      ['DELETE', '/api/files/1'],
    ] as const) {
      const response = method === 'POST' ? await k.upload(bytes, { token: outsider }) : await k.call(method, url, { token: outsider });
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body.code).toBe(ErrorCode.FORBIDDEN);
    }
  });

  it('lets each picture screen upload, list and delete, recording who uploaded', async () => {
    for (const [i, screen] of [BOARD_CONFIG_SCREEN, '/devices/sprite', EQUIPMENT_BOARD_SCREEN].entries()) {
      const token = await k.userWith(`files_user_${i}`, [screen]);
      const uploaded = await k.upload(pngBytes(6, 6, { seed: 20 + i }), { token });
      expect(uploaded.body.data.uploadedBy, screen).toBe(`files_user_${i}`);
      expect((await k.call('GET', '/api/files', { token })).status, screen).toBe(200);
      expect((await k.call('DELETE', `/api/files/${uploaded.body.data.id}`, { token })).status, screen).toBe(200);
    }
  });
});
