import sharp, { type Sharp } from "sharp";
import { AppError, BusyError } from "../../kernel/errors";
import { Semaphore } from "../../lib/semaphore";

export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_SIZE = 256;

/**
 * The most pixels a picture may have: 32 megapixels. A 24-megapixel photo (6000×4000 from a camera, 5712×4284
 * from a phone) fits with room for 30-megapixel cameras; a 48- or 50-megapixel "full resolution" phone mode does
 * not, and is answered with what to do. A 256×256 avatar or a logo never needs more.
 */
export const MAX_PICTURE_PIXELS = 32_000_000;
/**
 * What a picture may take once decoded: 32 megapixels of 8-bit RGB, 96 MB. Most pictures never need all of it
 * (libvips streams a plain PNG row by row and decodes a JPEG at 1/8 scale for a 256-pixel result), but an
 * interlaced PNG or a progressive JPEG is held whole, and 16-bit samples or an alpha channel make each pixel
 * larger: such a picture is allowed fewer pixels, so no picture costs more than this.
 */
const MAX_DECODED_BYTES = MAX_PICTURE_PIXELS * 3;

// Each picture is decoded once, so libvips' operation cache (50 MB, 20 open files by default) only holds memory.
sharp.cache(false);
// One libvips thread per picture, and one picture at a time (below): decoding never takes both of the cores.
sharp.concurrency(1);

/**
 * One decode at a time in the whole process (avatars and brand logos share it), so decoded pictures hold at most
 * MAX_DECODED_BYTES. A few more wait (a decode takes 0.05–1 s); past that, or after 15 s of waiting, 503.
 */
export const pictureDecodes = new Semaphore({
  slots: 1,
  queue: 8,
  maxWaitMs: 15_000,
  refuse: () => new BusyError("Too many pictures are being processed right now. Try again in a moment.", 5),
});

export type ImageKind = "png" | "jpeg" | "webp";

/** The image type from the file's first bytes (its magic number); the name and declared type are ignored. */
export function sniffImage(data: Buffer): ImageKind | undefined {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "jpeg";
  if (
    data.subarray(0, 4).toString("latin1") === "RIFF" &&
    data.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "webp";
  }
  return undefined;
}

const unreadable = (kind: ImageKind) =>
  new AppError(
    "IMAGE_UNREADABLE",
    400,
    `This ${kind.toUpperCase()} picture could not be read. Try another file.`,
  );

const megapixels = (pixels: number) => `${Math.floor(pixels / 100_000) / 10} megapixels`;

/**
 * Reads only the picture's header and refuses one too large to decode, before any decoding: a file of a few
 * hundred bytes can declare 60000×60000 pixels.
 */
async function checkDimensions(data: Buffer, kind: ImageKind): Promise<void> {
  // Only the header is read here, so sharp's own pixel limit (it refuses to describe a larger picture) is off.
  const meta = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height) throw unreadable(kind);
  const channels = meta.channels ?? 4;
  const sampleBytes = meta.depth === "ushort" || meta.depth === "short" ? 2 : 1;
  const allowed = Math.min(MAX_PICTURE_PIXELS, Math.floor(MAX_DECODED_BYTES / (channels * sampleBytes)));
  if (meta.width * meta.height <= allowed) return;
  const costlier = [
    sampleBytes === 2 ? "16-bit colour" : "",
    meta.hasAlpha ? "transparency" : "",
    meta.space === "cmyk" ? "CMYK colour" : "",
  ].filter(Boolean);
  const kindNote =
    allowed < MAX_PICTURE_PIXELS && costlier.length > 0
      ? ` for a picture with ${costlier.join(" and ")}`
      : "";
  throw new AppError(
    "IMAGE_TOO_LARGE",
    400,
    `This picture is ${meta.width}×${meta.height} pixels (${megapixels(meta.width * meta.height)}): at most ` +
      `${megapixels(allowed)} can be read${kindNote}. Resize it and try again.`,
  );
}

/** The largest box a workspace logo is scaled into: wide enough for a wordmark, sharp at twice the shell's size. */
export const LOGO_BOX = { width: 512, height: 256 } as const;

/**
 * What a picture becomes: an avatar (or a brand's logo) is cropped to a 256×256 square; a workspace logo keeps its
 * proportions and transparency, scaled down (never up) into LOGO_BOX, because cropping would cut a wordmark.
 */
const shapes = {
  square: (image: Sharp) => image.resize(PICTURE_SIZE, PICTURE_SIZE, { fit: "cover", position: "attention" }),
  logo: (image: Sharp) =>
    image.resize(LOGO_BOX.width, LOGO_BOX.height, { fit: "inside", withoutEnlargement: true }),
};

/**
 * Decodes the picture, turns it upright (EXIF orientation), shapes it (above) and encodes it as WebP.
 * Re-encoding drops metadata (location, camera) and anything hidden after the image data.
 */
export async function reencodePicture(data: Buffer, shape: keyof typeof shapes = "square"): Promise<Buffer> {
  const kind = sniffImage(data);
  if (!kind) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", 415, "Upload a PNG, JPEG or WebP picture.");
  }
  await checkDimensions(data, kind);
  return pictureDecodes.run(async () => {
    try {
      const upright = sharp(data, { failOn: "error", limitInputPixels: MAX_PICTURE_PIXELS }).rotate();
      return await shapes[shape](upright).webp({ quality: 82 }).toBuffer();
    } catch {
      throw unreadable(kind);
    }
  });
}
