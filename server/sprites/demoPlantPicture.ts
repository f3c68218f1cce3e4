import { crc32, deflateSync } from 'node:zlib';

/**
 * The demo sprite's plant picture, drawn here rather than shipped as a binary: a 1200×675 plan of the
 * site (Hall A, Hall B, the utilities block, the office) as a PNG. The demo sprite's meter icons sit on
 * the rooms named in `PLANT_ROOMS`, in % of the picture.
 */
export const PLANT_PICTURE = { width: 1200, height: 675 } as const;

type Rgb = readonly [number, number, number];
interface Room {
  /** Left, top, width, height in % of the picture. */
  box: readonly [number, number, number, number];
  fill: Rgb;
}

const BACKGROUND: Rgb = [14, 27, 44];
const WALL: Rgb = [90, 130, 170];
const PIPE: Rgb = [58, 160, 255];

/** The rooms of the plan; the sprite places Line 1/2 on Hall A, Line 3 and the cold store on Hall B, and so on. */
export const PLANT_ROOMS = {
  hallA: { box: [4, 8, 40, 38], fill: [28, 48, 72] },
  hallB: { box: [4, 54, 40, 38], fill: [28, 48, 72] },
  utilities: { box: [52, 8, 44, 38], fill: [34, 52, 60] },
  office: { box: [52, 54, 44, 38], fill: [40, 44, 70] },
} as const satisfies Record<string, Room>;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The plan as PNG bytes (8-bit RGB); the same bytes every time, so the stored file is found again by its hash. */
export function plantPicturePng(): Buffer {
  const { width, height } = PLANT_PICTURE;
  const stride = width * 3 + 1;
  const pixels = Buffer.alloc(stride * height);
  const paint = (x0: number, y0: number, x1: number, y1: number, [r, g, b]: Rgb) => {
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y++)
      for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) pixels.set([r, g, b], y * stride + 1 + x * 3);
  };
  const px = (percent: number, of: number) => Math.round((percent / 100) * of);
  paint(0, 0, width, height, BACKGROUND);
  // Supply lines from the utilities block to the halls and the office, under the rooms.
  paint(px(44, width), px(26, height) - 3, px(52, width), px(26, height) + 3, PIPE);
  paint(px(24, width) - 3, px(46, height), px(24, width) + 3, px(54, height), PIPE);
  paint(px(74, width) - 3, px(46, height), px(74, width) + 3, px(54, height), PIPE);
  for (const { box, fill } of Object.values(PLANT_ROOMS)) {
    const [left, top, w, h] = box;
    const x0 = px(left, width);
    const y0 = px(top, height);
    const x1 = px(left + w, width);
    const y1 = px(top + h, height);
    paint(x0, y0, x1, y1, WALL);
    paint(x0 + 4, y0 + 4, x1 - 4, y1 - 4, fill);
  }
  // Filter byte 0 (none) starts every row; Buffer.alloc left it zero.
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, adaptive filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
