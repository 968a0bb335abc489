/** Longest workspace part of a file name, so the dataset and the dates stay readable in a download list. */
const MAX_SLUG = 40;

/**
 * The workspace's name as a file-name part: letters without their accents, digits and single dashes, lower case
 * ("Café Olé & Co." → "cafe-ole-co"); "workspace" when nothing is left (a name in another script). Safe in a
 * quoted Content-Disposition filename: no quote, slash, backslash or control character survives.
 */
export function fileNameSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_SLUG)
    .replace(/^-+|-+$/g, "");
  return slug || "workspace";
}
