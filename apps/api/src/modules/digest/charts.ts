import sharp from "sharp";
import type { InlineImage } from "../../lib/mailer";

/**
 * The digest's small charts, drawn as SVG and turned into PNG on the server by sharp (its libvips binary ships in
 * its npm package, already the app's picture encoder), sent as inline CID attachments: no image URL, so no new
 * unauthenticated endpoint, and mail clients that block remote images still show them. They carry no text (the
 * server has no fonts to rely on): every number is in the e-mail's text beside them, and each has an alt text.
 */

export interface PairedBars {
  label: string;
  previous: number | null;
  value: number | null;
}

const WIDTH = 480;
const ROW = 34;
const PAD = 12;
const PREVIOUS = "#9ca3af";

/**
 * One pair of bars per figure, the week before above this week, each pair scaled to its own larger value: the
 * chart shows the direction and size of each change, the text gives the figures. A solid light card, so a client
 * that darkens the page does not leave grey bars on black.
 */
export function pairedBarsSvg(rows: PairedBars[], accent: string): string {
  const height = PAD * 2 + rows.length * ROW * 2;
  const bars = rows.flatMap((row, i) => {
    const max = Math.max(row.previous ?? 0, row.value ?? 0);
    const top = PAD + i * ROW * 2;
    const length = (v: number | null) =>
      max > 0 && v !== null ? Math.max(2, ((WIDTH - 2 * PAD) * v) / max) : 0;
    return [
      `<rect x="${PAD}" y="${top + 4}" width="${length(row.previous).toFixed(1)}" height="${ROW - 12}" rx="3" fill="${PREVIOUS}"/>`,
      `<rect x="${PAD}" y="${top + ROW}" width="${length(row.value).toFixed(1)}" height="${ROW - 12}" rx="3" fill="${accent}"/>`,
    ];
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}"><rect width="100%" height="100%" rx="8" fill="#ffffff"/>${bars.join("")}</svg>`;
}

export async function chartImage(cid: string, svg: string): Promise<InlineImage> {
  // Twice the displayed size, so the chart stays sharp on high-density screens.
  const png = await sharp(Buffer.from(svg), { density: 144 }).png({ compressionLevel: 9 }).toBuffer();
  return { cid, filename: `${cid}.png`, contentType: "image/png", base64: png.toString("base64") };
}
