import sharp from "sharp";

/** A wide transparent wordmark-like logo: 1200×300 with a teal block on a transparent ground (a PNG). */
export const wideLogo = () =>
  sharp({ create: { width: 1200, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: {
          create: { width: 600, height: 200, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } },
        },
        top: 50,
        left: 300,
      },
    ])
    .png()
    .toBuffer();
