import { crc32, createDeflate } from "node:zlib";

export interface PngShape {
  width: number;
  height: number;
  /** 16 doubles every sample. */
  bitDepth?: 8 | 16;
  alpha?: boolean;
  /** Adam7: a decoder has to hold the whole picture before it can shrink it. */
  interlaced?: boolean;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Adam7's passes: first column and row, then the step between columns and rows. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function header(shape: PngShape): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(shape.width, 0);
  ihdr.writeUInt32BE(shape.height, 4);
  ihdr[8] = shape.bitDepth ?? 8;
  ihdr[9] = shape.alpha ? 6 : 2; // truecolour with or without alpha
  ihdr[12] = shape.interlaced ? 1 : 0;
  return Buffer.concat([SIGNATURE, chunk("IHDR", ihdr)]);
}

/** Bytes of the filtered scanlines: each row of each pass starts with its filter byte. */
function scanlineBytes(shape: PngShape): number {
  const pixelBytes = (shape.alpha ? 4 : 3) * ((shape.bitDepth ?? 8) / 8);
  const passes = shape.interlaced ? ADAM7 : [[0, 0, 1, 1] as const];
  let total = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const columns = Math.ceil((shape.width - x0) / dx);
    const rows = Math.ceil((shape.height - y0) / dy);
    if (columns > 0 && rows > 0) total += rows * (1 + columns * pixelBytes);
  }
  return total;
}

/** Compressed zeros, a megabyte at a time: the raw scanlines of a large picture are never held. */
async function deflatedZeros(total: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (data: Buffer) => out.push(data));
  const ended = new Promise((resolve) => deflate.on("end", resolve));
  const block = Buffer.alloc(1024 * 1024);
  for (let left = total; left > 0; left -= block.length) {
    if (!deflate.write(block.subarray(0, Math.min(left, block.length)))) {
      await new Promise((resolve) => deflate.once("drain", resolve));
    }
  }
  deflate.end();
  await ended;
  return Buffer.concat(out);
}

/**
 * A valid PNG of that shape, all black: zeros compress about 1000 to 1, so a picture that takes hundreds of MB
 * decoded is a few hundred KB on the wire (a pixel bomb).
 */
export async function blackPng(shape: PngShape): Promise<Buffer> {
  const data = await deflatedZeros(scanlineBytes(shape));
  return Buffer.concat([header(shape), chunk("IDAT", data), chunk("IEND", Buffer.alloc(0))]);
}

/** Only the declaration of a picture (69 bytes): its header, one empty IDAT and the end. */
export function declaredPng(shape: PngShape): Buffer {
  return Buffer.concat([header(shape), chunk("IDAT", Buffer.alloc(0)), chunk("IEND", Buffer.alloc(0))]);
}
