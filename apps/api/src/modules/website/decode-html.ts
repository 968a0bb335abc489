/**
 * Turns a page's bytes into text. The charset comes from the BOM, then the Content-Type header, then a
 * <meta> in the first 1024 bytes (where the HTML standard says browsers look), then UTF-8.
 */
export function decodeHtml(body: Buffer, headerCharset: string | undefined): string {
  const label = bomCharset(body) ?? headerCharset ?? metaCharset(body) ?? "utf-8";
  try {
    const decoder = new TextDecoder(label);
    return decoder.encoding === "windows-1252" ? decodeWindows1252(body) : decoder.decode(body);
  } catch {
    // An unknown label (a typo on the site): UTF-8 is the best guess and keeps the page readable.
    return new TextDecoder("utf-8").decode(body);
  }
}

function bomCharset(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return "utf-8";
  if (body[0] === 0xfe && body[1] === 0xff) return "utf-16be";
  if (body[0] === 0xff && body[1] === 0xfe) return "utf-16le";
  return undefined;
}

function metaCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 1024).toString("latin1");
  return (
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1] ??
    /<meta[^>]+content\s*=\s*["'][^"']*charset\s*=\s*([\w.:-]+)/i.exec(head)?.[1]
  );
}

// Node 20's TextDecoder decodes windows-1252 (and latin1, which the web treats as the same) as ISO-8859-1,
// turning the curly quotes and dashes of 0x80-0x9F into control characters. The WHATWG table fixes that.
const cp1252High = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(body: Buffer): string {
  let text = "";
  for (const byte of body) {
    text += String.fromCharCode(byte >= 0x80 && byte <= 0x9f ? (cp1252High[byte - 0x80] ?? byte) : byte);
  }
  return text;
}
