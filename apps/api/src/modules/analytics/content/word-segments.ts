export interface WordSegment {
  segment: string;
  isWordLike: boolean;
}

/** Scripts written without spaces: only Intl.Segmenter's dictionaries can find their word boundaries. */
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/u;

/**
 * UAX #29 words for space-delimited scripts: letters, marks and digits, joined across an inner apostrophe or full
 * stop ("don't", "3.5", "u.s") and a comma between digits ("1,000"), as Intl.Segmenter joins them.
 */
const SPACED_SEGMENT = /[\p{L}\p{M}\p{N}_]+(?:['.][\p{L}\p{M}\p{N}_]+|,\p{N}+)*|[^\S\n]+|[\s\S]/gu;
const WORD_START = /[\p{L}\p{M}\p{N}_]/u;

/**
 * Word segments of a text. Intl.Segmenter costs ~65 µs per caption on Node 20 (400 ms for 6,000 posts), most of
 * the pillar fit's budget, so text in space-delimited scripts takes an equivalent regex path; text with CJK, Thai
 * and similar scripts still goes through the segmenter.
 */
export function wordSegments(text: string, segmenter: Intl.Segmenter): WordSegment[] {
  if (UNSPACED_SCRIPT.test(text)) {
    return Array.from(segmenter.segment(text), (s) => ({
      segment: s.segment,
      isWordLike: s.isWordLike === true,
    }));
  }
  return Array.from(text.matchAll(SPACED_SEGMENT), ([segment]) => ({
    segment,
    isWordLike: WORD_START.test(segment),
  }));
}
