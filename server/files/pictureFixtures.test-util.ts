import { crc32, deflateSync } from 'node:zlib';

/**
 * Tiny pictures built byte by byte for tests: complete files for PNG, GIF and WebP, a JPEG header up to its
 * frame. Sizes are whatever the test asks; only the PNG's pixel data grows with them (and compresses to little).
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A grey 8-bit greyscale PNG; with `pixels: false` only signature and IHDR (for sizes too big to fill). */
export function pngBytes(width: number, height: number, options: { pixels?: boolean; seed?: number } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, greyscale, deflate, adaptive filter, no interlace
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header)];
  if (options.pixels !== false) {
    const row = Buffer.alloc(width + 1, options.seed ?? 0x80);
    row[0] = 0; // filter: none
    parts.push(pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))), pngChunk('IEND', Buffer.alloc(0)));
  }
  return Buffer.concat(parts);
}

/** A 2-colour GIF89a of the given logical screen size with one 1×1 image. */
export function gifBytes(width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen.set([0x80, 0, 0], 4); // global colour table of 2 entries
  return Buffer.concat([
    Buffer.from('GIF89a', 'ascii'),
    screen,
    Buffer.from([0, 0, 0, 0xff, 0xff, 0xff]),
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]), // image descriptor 1×1
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]), // LZW data, trailer
  ]);
}

const segment = (marker: number, data: number[]): number[] => [0xff, marker, ((data.length + 2) >> 8) & 0xff, (data.length + 2) & 0xff, ...data];

/** JPEG: SOI, APP0 (JFIF), DQT, then a start-of-frame (SOF0 by default, SOF2 = progressive) with the size. */
export function jpegBytes(width: number, height: number, frameMarker = 0xc0): Buffer {
  const jfif = [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const quantisation = [0, ...Array.from({ length: 64 }, () => 1)];
  const frame = [8, (height >> 8) & 0xff, height & 0xff, (width >> 8) & 0xff, width & 0xff, 1, 1, 0x11, 0];
  return Buffer.from([0xff, 0xd8, ...segment(0xe0, jfif), ...segment(0xdb, quantisation), 0xff, ...segment(frameMarker, frame)]);
}

function riff(chunk: string, data: Buffer): Buffer {
  const padded = data.length % 2 ? Buffer.concat([data, Buffer.alloc(1)]) : data;
  const chunkHeader = Buffer.alloc(8);
  chunkHeader.write(chunk, 0, 'ascii');
  chunkHeader.writeUInt32LE(data.length, 4);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(4 + 8 + padded.length, 4);
  head.write('WEBP', 8, 'ascii');
  return Buffer.concat([head, chunkHeader, padded]);
}

/** Lossy WebP (VP8): frame tag, start code, 14-bit sizes, then a few bytes of frame. */
export function webpLossyBytes(width: number, height: number): Buffer {
  const data = Buffer.alloc(18);
  data.set([0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a], 0);
  data.writeUInt16LE(width, 6);
  data.writeUInt16LE(height, 8);
  data.set([0x0e, 0xc0, 0xfe, 0x25, 0xa4, 0x00, 0x03, 0x70], 10);
  return riff('VP8 ', data);
}

/** Lossless WebP (VP8L): signature 2F and width−1, height−1 packed in 14 bits each. */
export function webpLosslessBytes(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data[0] = 0x2f;
  data.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 1);
  data.set([0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07], 5);
  return riff('VP8L', data);
}

/** Extended WebP (VP8X): flags, then canvas width−1 and height−1 as 24-bit little-endian. */
export function webpExtendedBytes(width: number, height: number): Buffer {
  const data = Buffer.alloc(10);
  data.writeUIntLE(width - 1, 4, 3);
  data.writeUIntLE(height - 1, 7, 3);
  return riff('VP8X', data);
}
