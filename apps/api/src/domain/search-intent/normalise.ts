/**
 * Keyword words for modifier matching: NFC, accents stripped (searchers often drop them: "precio"/"preció"),
 * lower case, split on anything that is not a letter or digit.
 */
export function keywordWords(text: string): string[] {
  const plain = text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .normalize("NFC")
    .toLowerCase();
  return plain.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whether `phrase` (already words) occurs as whole consecutive words of `words`, optionally only at the start. */
export function containsPhrase(
  words: readonly string[],
  phrase: readonly string[],
  atStart = false,
): boolean {
  if (phrase.length === 0) return false;
  const last = atStart ? 0 : words.length - phrase.length;
  for (let start = 0; start <= last; start++) {
    if (phrase.every((w, k) => words[start + k] === w)) return true;
  }
  return false;
}
