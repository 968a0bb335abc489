import sharp from "sharp";
import { AppError } from "../../http/errors";

export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_SIZE = 256;

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

/**
 * Decodes the picture, turns it upright (EXIF orientation), crops it to a 256×256 square and encodes it as
 * WebP. Re-encoding drops metadata (location, camera) and anything hidden after the image data.
 */
export async function reencodePicture(data: Buffer): Promise<Buffer> {
  const kind = sniffImage(data);
  if (!kind) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", 415, "Upload a PNG, JPEG or WebP picture.");
  }
  try {
    return await sharp(data, { failOn: "error", limitInputPixels: 50_000_000 })
      .rotate()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError(
      "IMAGE_UNREADABLE",
      400,
      `This ${kind.toUpperCase()} picture could not be read. Try another file.`,
    );
  }
}
