/**
 * Turns a page's bytes into text. The charset comes from the BOM, then the Content-Type header, then a
 * <meta> in the first 1024 bytes (where the HTML standard says browsers look), then UTF-8.
 */
export function decodeHtml(body: Buffer, headerCharset: string | undefined): string {
  const label = bomCharset(body) ?? headerCharset ?? metaCharset(body) ?? "utf-8";
  try {
    // Labels such as latin1 decode as windows-1252, as browsers do: 0x80-0x9F are curly quotes, dashes, €.
    return new TextDecoder(label).decode(body);
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
