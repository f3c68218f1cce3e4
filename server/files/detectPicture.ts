import { UPLOAD_EXTENSIONS, type UploadExtension, type UploadType } from '@shared/schemas/files';

/** What the first bytes of an upload prove it to be. */
export interface DetectedPicture {
  type: UploadType;
  ext: UploadExtension;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, expected: readonly number[], at = 0): boolean =>
  bytes.length >= at + expected.length && expected.every((byte, i) => bytes[at + i] === byte);
const ascii = (bytes: Uint8Array, at: number, length: number): string => String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number): number => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number): number => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

function picture(type: UploadType, width: number, height: number): DetectedPicture | null {
  // A zero side is no picture a wall can show; it also marks a header cut short or forged.
  return width > 0 && height > 0 ? { type, ext: UPLOAD_EXTENSIONS[type], width, height } : null;
}

/** PNG: the signature, then the IHDR chunk that must come first (width, height as big-endian u32). */
function png(b: Uint8Array): DetectedPicture | null {
  if (!startsWith(b, PNG_SIGNATURE) || b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return picture('image/png', u32be(b, 16), u32be(b, 20));
}

/** GIF87a / GIF89a: the logical screen size as little-endian u16. */
function gif(b: Uint8Array): DetectedPicture | null {
  const magic = b.length >= 10 ? ascii(b, 0, 6) : '';
  if (magic !== 'GIF87a' && magic !== 'GIF89a') return null;
  return picture('image/gif', u16le(b, 6), u16le(b, 8));
}

/** Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const isStartOfFrame = (marker: number): boolean => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length field. */
const isStandalone = (marker: number): boolean => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);

/** JPEG: walk the marker segments after SOI until a start-of-frame (precision, height, width). */
function jpeg(b: Uint8Array): DetectedPicture | null {
  if (!startsWith(b, [0xff, 0xd8, 0xff])) return null;
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff) return null;
    while (b[at] === 0xff) at++; // fill bytes before a marker
    if (at >= b.length) return null;
    const marker = b[at]!;
    at++;
    if (isStandalone(marker)) continue;
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    if (at + 2 > b.length) return null;
    const length = u16be(b, at);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) return at + 7 <= b.length ? picture('image/jpeg', u16be(b, at + 5), u16be(b, at + 3)) : null;
    at += length;
  }
  return null;
}

/** WebP: RIFF….WEBP, then the first chunk says which bitstream and where the size is. */
function webp(b: Uint8Array): DetectedPicture | null {
  if (b.length < 16 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') {
    // Lossy: 3-byte frame tag, start code 9D 01 2A, then 14-bit width and height (2 bits of scale above).
    if (b.length < 30 || !startsWith(b, [0x9d, 0x01, 0x2a], 23)) return null;
    return picture('image/webp', u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 2F, then width−1 and height−1 in 14 bits each, little-endian bit order.
    if (b.length < 25 || b[20] !== 0x2f) return null;
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
    return picture('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    // Extended: flags and reserved bytes, then canvas width−1 and height−1 as 24-bit little-endian.
    if (b.length < 30) return null;
    return picture('image/webp', u24le(b, 24) + 1, u24le(b, 27) + 1);
  }
  return null;
}

/**
 * Reads the magic bytes and the size header of a PNG, JPEG, GIF or WebP picture; anything else (SVG,
 * HTML, text, PDF, executables, headers cut short) is null. Pure: no decoding, only the header.
 */
export function detectPicture(bytes: Uint8Array): DetectedPicture | null {
  return png(bytes) ?? jpeg(bytes) ?? gif(bytes) ?? webp(bytes);
}
