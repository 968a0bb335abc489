/** `%text%` for LIKE, with the caller's own `%`, `_` and `\` matched literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
