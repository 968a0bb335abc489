import { givenNames, NEUTRAL_NAMES, nameEra } from "./given-names";
import { INTEREST_TAXONOMY, type InterestEntry } from "./interest-taxonomy";
import { stableHash32 } from "./stable-hash";

/** Between the first name and the descriptor of a title. */
export const TITLE_SEPARATOR = " — ";

export interface NamingSubject {
  /** Deterministic key of the persona within the brand (leading demographics + top interest). */
  key: string;
  gender: "female" | "male" | "mixed";
  /** Leading country, even when below 65 %: the names should sound like most of the persona. */
  country: string;
  /** Midpoint of the persona's age range. */
  age: number;
  /** Interest ids, most over-indexed first (support ≥ 5 %). */
  signatureInterests: string[];
}

/** Names and descriptors already used in the brand (lower-cased first names, exact descriptors). */
export interface NameRegistry {
  firstNames: Set<string>;
  descriptors: Set<string>;
}

export function registerTitle(registry: NameRegistry, title: string): void {
  const [first, ...rest] = title.split(TITLE_SEPARATOR);
  if (first) registry.firstNames.add(first.toLowerCase());
  if (rest.length > 0) registry.descriptors.add(rest.join(TITLE_SEPARATOR));
}

const descriptorOf = (id: string): string =>
  (INTEREST_TAXONOMY as Record<string, InterestEntry | undefined>)[id]?.descriptor ?? "Audience";

/**
 * First name = entry hash(brandId, key) mod 10 of the popular names for (country, gender, birth era), the
 * next free one when taken; the gender-neutral list for mixed personas or when all ten are taken.
 */
function firstName(
  brandId: string,
  subject: NamingSubject,
  referenceYear: number,
  used: Set<string>,
): string {
  const birthYear = Math.round(referenceYear - subject.age);
  const lists =
    subject.gender === "mixed"
      ? [NEUTRAL_NAMES]
      : [givenNames(subject.country, subject.gender, nameEra(birthYear)), NEUTRAL_NAMES];
  const start = stableHash32(brandId, subject.key);
  for (const list of lists) {
    for (let i = 0; i < list.length; i++) {
      const name = list[(start + i) % list.length];
      if (name && !used.has(name.toLowerCase())) return name;
    }
  }
  // Only reachable with more personas than names; a numbered name keeps titles unique.
  const base = NEUTRAL_NAMES[start % NEUTRAL_NAMES.length] ?? "Persona";
  for (let n = 2; ; n++) if (!used.has(`${base} ${n}`.toLowerCase())) return `${base} ${n}`;
}

/** Descriptor of the most over-indexed interest; when taken, joined with the next interests in turn. */
function descriptor(subject: NamingSubject, used: Set<string>): string {
  const [lead, ...others] = subject.signatureInterests.map(descriptorOf);
  const first = lead ?? "Audience";
  const candidates = [first, ...others.map((o) => `${first} & ${o}`)];
  for (const c of candidates) if (!used.has(c)) return c;
  return first;
}

/** A title "Lucía — Outdoor Explorer", registered so the next persona of the brand gets another name. */
export function namePersona(
  brandId: string,
  subject: NamingSubject,
  referenceYear: number,
  registry: NameRegistry,
): string {
  const title = `${firstName(brandId, subject, referenceYear, registry.firstNames)}${TITLE_SEPARATOR}${descriptor(subject, registry.descriptors)}`;
  registerTitle(registry, title);
  return title;
}
