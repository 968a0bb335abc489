import { type IntentClass, MODIFIERS, type ModifierLanguage } from "./modifiers";
import { containsPhrase, keywordWords } from "./normalise";

export interface IntentResult {
  primary: IntentClass;
  /** The other matched classes, in precedence order. */
  secondary: IntentClass[];
  /** low when no modifier matched and the class is a fallback. */
  confidence: "high" | "low";
}

/** Semrush-style precedence when a keyword matches several classes (docs/analytics-methods.md §5). */
const PRECEDENCE: readonly IntentClass[] = ["navigational", "transactional", "commercial", "informational"];
/** Google's "high" paid-competition band starts at index 67 (docs/analytics-methods.md §5). */
const HIGH_COMPETITION = 0.67;

interface Rule {
  intent: IntentClass;
  words: string[];
  atStart: boolean;
}

/** The modifier lists split into words once, not per keyword (intent runs over every stored keyword). */
const RULES: Readonly<Record<ModifierLanguage, readonly Rule[]>> = (() => {
  const entries = (Object.keys(MODIFIERS) as ModifierLanguage[]).map((lang) => {
    const set = MODIFIERS[lang];
    const rules: Rule[] = [
      ...PRECEDENCE.flatMap((intent) =>
        set.anywhere[intent].map((phrase) => ({ intent, words: keywordWords(phrase), atStart: false })),
      ),
      ...set.firstWord.map((phrase) => ({
        intent: "informational" as const,
        words: keywordWords(phrase),
        atStart: true,
      })),
      ...set.audienceNouns.map((noun) => ({
        intent: "commercial" as const,
        words: keywordWords(`${set.forWord} ${noun}`),
        atStart: false,
      })),
    ];
    return [lang, rules] as const;
  });
  return Object.fromEntries(entries) as Record<ModifierLanguage, Rule[]>;
})();

const LANGUAGES = Object.keys(MODIFIERS) as ModifierLanguage[];
const isModifierLanguage = (code: string): code is ModifierLanguage => (LANGUAGES as string[]).includes(code);

/**
 * Intent from modifiers and brand names (docs/analytics-methods.md §5); we have no SERP features or clicks. With a known language only
 * that language's list and English are tried (English modifiers appear in every market); otherwise all of them.
 * No match ⇒ informational (low), or commercial (low) when advertisers pay for it: CPC ≥ the country's p75 and
 * competition in the high band.
 */
export function classifyIntent(
  keyword: string,
  brandNames: readonly string[],
  cpc: number | null,
  competition: number | null,
  countryCpcP75: number | null,
  language?: string,
): IntentResult {
  const words = keywordWords(keyword);
  const languages: ModifierLanguage[] =
    language && isModifierLanguage(language) ? [...new Set<ModifierLanguage>(["en", language])] : LANGUAGES;

  const matched = new Set<IntentClass>();
  if (brandNames.some((name) => containsPhrase(words, keywordWords(name)))) matched.add("navigational");
  for (const lang of languages) {
    for (const rule of RULES[lang]) {
      if (!matched.has(rule.intent) && containsPhrase(words, rule.words, rule.atStart))
        matched.add(rule.intent);
    }
  }

  const [primary, ...secondary] = PRECEDENCE.filter((intent) => matched.has(intent));
  if (primary) return { primary, secondary, confidence: "high" };
  const paidFor =
    cpc !== null &&
    countryCpcP75 !== null &&
    competition !== null &&
    cpc >= countryCpcP75 &&
    competition >= HIGH_COMPETITION;
  return { primary: paidFor ? "commercial" : "informational", secondary: [], confidence: "low" };
}
