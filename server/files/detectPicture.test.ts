import { describe, expect, it } from 'vitest';
import { detectPicture } from './detectPicture';
import { gifBytes, jpegBytes, pngBytes, webpExtendedBytes, webpLosslessBytes, webpLossyBytes } from './pictureFixtures.test-util';

describe('detectPicture', () => {
  it('reads the size of a PNG from its IHDR chunk', () => {
    expect(detectPicture(pngBytes(3, 2))).toEqual({ type: 'image/png', ext: 'png', width: 3, height: 2 });
    expect(detectPicture(pngBytes(70000, 1, { pixels: false }))).toEqual({ type: 'image/png', ext: 'png', width: 70000, height: 1 });
  });

  it('reads the size of a JPEG from its start-of-frame, baseline or progressive, past other segments', () => {
    expect(detectPicture(jpegBytes(640, 480))).toEqual({ type: 'image/jpeg', ext: 'jpg', width: 640, height: 480 });
    expect(detectPicture(jpegBytes(1, 65535, 0xc2))).toEqual({ type: 'image/jpeg', ext: 'jpg', width: 1, height: 65535 });
  });

  it('does not take a Huffman table segment (C4) for a frame', () => {
    const bytes = jpegBytes(9, 9);
    const withTable = Buffer.concat([bytes.subarray(0, 2), Buffer.from([0xff, 0xc4, 0x00, 0x06, 0x00, 0x01, 0x02, 0x03]), bytes.subarray(2)]);
    expect(detectPicture(withTable)).toMatchObject({ width: 9, height: 9 });
  });

  it('reads the logical screen size of a GIF', () => {
    expect(detectPicture(gifBytes(300, 200))).toEqual({ type: 'image/gif', ext: 'gif', width: 300, height: 200 });
    const gif87 = gifBytes(5, 6);
    gif87.write('GIF87a', 0, 'ascii');
    expect(detectPicture(gif87)).toEqual({ type: 'image/gif', ext: 'gif', width: 5, height: 6 });
  });

  it('reads lossy, lossless and extended WebP', () => {
    expect(detectPicture(webpLossyBytes(1, 1))).toEqual({ type: 'image/webp', ext: 'webp', width: 1, height: 1 });
    expect(detectPicture(webpLossyBytes(1024, 768))).toEqual({ type: 'image/webp', ext: 'webp', width: 1024, height: 768 });
    expect(detectPicture(webpLosslessBytes(16384, 3))).toEqual({ type: 'image/webp', ext: 'webp', width: 16384, height: 3 });
    expect(detectPicture(webpExtendedBytes(20000, 10000))).toEqual({ type: 'image/webp', ext: 'webp', width: 20000, height: 10000 });
  });

  it('reads a well-known 1×1 lossless WebP', () => {
    expect(detectPicture(Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'))).toMatchObject({ width: 1, height: 1 });
  });

  it('refuses what is not a PNG, JPEG, GIF or WebP picture', () => {
    const refused = {
      svg: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      html: '<!DOCTYPE html><html><body><img src=x onerror=alert(1)></body></html>',
      text: 'meter 7 reading 123.4 kWh',
      pdf: '%PDF-1.7\n1 0 obj',
      exe: 'MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff',
      riffWave: 'RIFF\x24\x00\x00\x00WAVEfmt ',
      empty: '',
    };
    for (const [kind, text] of Object.entries(refused)) expect(detectPicture(Buffer.from(text, 'latin1')), kind).toBeNull();
  });

  it('refuses headers cut short at every length before the size', () => {
    const cases = {
      png: [pngBytes(3, 2), 24],
      jpeg: [jpegBytes(640, 480), jpegBytes(640, 480).length - 4],
      gif: [gifBytes(3, 2), 10],
      vp8: [webpLossyBytes(4, 4), 30],
      vp8l: [webpLosslessBytes(4, 4), 25],
      vp8x: [webpExtendedBytes(4, 4), 30],
    } as const;
    for (const [kind, [bytes, needed]] of Object.entries(cases)) {
      for (let length = 0; length < needed; length++) expect(detectPicture(bytes.subarray(0, length)), `${kind} cut at ${length}`).toBeNull();
      expect(detectPicture(bytes.subarray(0, needed)), `${kind} whole header`).not.toBeNull();
    }
  });

  it('refuses a zero side, a PNG whose first chunk is not IHDR and a JPEG that reaches its scan without a frame', () => {
    expect(detectPicture(pngBytes(0, 5, { pixels: false }))).toBeNull();
    expect(detectPicture(gifBytes(4, 0))).toBeNull();
    const noHeader = pngBytes(3, 2);
    noHeader.write('tEXt', 12, 'ascii');
    expect(detectPicture(noHeader)).toBeNull();
    expect(detectPicture(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 1, 2, 3, 4, 5, 6]))).toBeNull();
    expect(detectPicture(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
  });
});
