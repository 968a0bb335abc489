/**
 * Dates as the exports write them. Results are ISO 8601 strings WITHOUT a zone ("2026-09-12" or
 * "2026-09-12T08:30:00"): the platforms export the account's local time, and the storing layer applies the
 * brand's zone. Only legacy X states UTC (`+0000`); those results end in "Z".
 */

export type DateResult = { ok: true; value: string } | { ok: false; message: string };

const pad = (n: number) => String(n).padStart(2, "0");

function build(y: number, m: number, d: number, time?: [number, number, number]): string | null {
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return null;
  const date = `${y}-${pad(m)}-${pad(d)}`;
  if (!time) return date;
  const [h, min, s] = time;
  if (h > 23 || min > 59 || s > 59) return null;
  return `${date}T${pad(h)}:${pad(min)}:${pad(s)}`;
}

const result = (value: string | null, raw: string): DateResult =>
  value === null ? { ok: false, message: `"${raw}" is not a valid date` } : { ok: true, value };

/** Meta and LinkedIn: `MM/DD/YYYY` with an optional 24 h `HH:MM`. */
export function parseUsDate(raw: string): DateResult {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(raw.trim());
  if (!m) return { ok: false, message: `"${raw.trim()}" is not a MM/DD/YYYY date` };
  const time = m[4]
    ? ([Number(m[4]), Number(m[5]), Number(m[6] ?? 0)] as [number, number, number])
    : undefined;
  return result(build(Number(m[3]), Number(m[1]), Number(m[2]), time), raw.trim());
}

/** `2025/10/31 18:19:10`: a TikTok content export whose post times carry their year (issue 27), local time. */
export function parseSlashedIsoDate(raw: string): DateResult {
  const s = raw.trim();
  const m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  if (!m) return { ok: false, message: `"${s}" is not a YYYY/MM/DD date` };
  const time = m[4]
    ? ([Number(m[4]), Number(m[5]), Number(m[6] ?? 0)] as [number, number, number])
    : undefined;
  return result(build(Number(m[1]), Number(m[2]), Number(m[3]), time), s);
}

/** `2026-09-07`, `2026-09-07T00:00:00` (Meta daily), `2023-09-01 15:02 +0000` (legacy X, UTC). */
export function parseIsoDate(raw: string): DateResult {
  const s = raw.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?\s*(Z|[+-]\d{2}:?\d{2})?$/.exec(s);
  if (!m) return { ok: false, message: `"${s}" is not a YYYY-MM-DD date` };
  const time = m[4]
    ? ([Number(m[4]), Number(m[5]), Number(m[6] ?? 0)] as [number, number, number])
    : undefined;
  const local = build(Number(m[1]), Number(m[2]), Number(m[3]), time);
  if (local === null || !m[7]) return result(local, s);
  // An explicit offset: convert to UTC so the value is unambiguous.
  const offset = m[7] === "Z" ? "+00:00" : m[7].replace(/^([+-]\d{2}):?(\d{2})$/, "$1:$2");
  const utc = new Date(`${time ? local : `${local}T00:00:00`}${offset}`);
  return { ok: true, value: utc.toISOString().replace(".000Z", "Z") };
}

const EN_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** YouTube `Sep 2, 2026`, current X `Sat, Sep 12, 2026`, Keyword Planner periods `September 1, 2025`. */
export function parseEnglishDate(raw: string): DateResult {
  const s = raw.trim();
  const m = /^(?:[a-z]{3,9},?\s+)?([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(s);
  const month = m ? EN_MONTHS.indexOf((m[1] ?? "").slice(0, 3).toLowerCase()) + 1 : 0;
  if (!m || month === 0) return { ok: false, message: `"${s}" is not a date like "Sep 2, 2026"` };
  return result(build(Number(m[3]), month, Number(m[2])), s);
}

// Month names in the UI languages TikTok Studio exports, taken from ICU so nominative ("август"),
// genitive ("августа") and short forms all resolve. A name two languages use for different months is dropped.
const MONTH_LOCALES = [
  "en",
  "ru",
  "uk",
  "de",
  "fr",
  "es",
  "pt",
  "it",
  "nl",
  "pl",
  "tr",
  "id",
  "sv",
  "ro",
  "cs",
];
const MONTHS: ReadonlyMap<string, number> = (() => {
  const names = new Map<string, number>();
  const clash = new Set<string>();
  const add = (name: string, month: number) => {
    const key = normaliseName(name);
    if (!key || /\d/.test(key)) return;
    if (names.has(key) && names.get(key) !== month) clash.add(key);
    names.set(key, month);
  };
  for (const locale of MONTH_LOCALES) {
    for (const style of ["long", "short"] as const) {
      const alone = new Intl.DateTimeFormat(locale, { month: style, timeZone: "UTC" });
      const withDay = new Intl.DateTimeFormat(locale, { month: style, day: "numeric", timeZone: "UTC" });
      for (let m = 0; m < 12; m++) {
        const date = new Date(Date.UTC(2001, m, 15));
        add(alone.format(date), m + 1);
        for (const part of withDay.formatToParts(date)) if (part.type === "month") add(part.value, m + 1);
      }
    }
  }
  for (const key of clash) names.delete(key);
  return names;
})();

// ICU writes Vietnamese months as "tháng 8"; TikTok writes the number as a word ("tháng Tám").
const VI_MONTHS = [
  "một",
  "hai",
  "ba",
  "tư",
  "năm",
  "sáu",
  "bảy",
  "tám",
  "chín",
  "mười",
  "mười một",
  "mười hai",
];

function normaliseName(name: string): string {
  return name.normalize("NFC").toLowerCase().replace(/[.,]/g, "").trim();
}

function monthDay(s: string): [number, number] | null {
  const cjk = /^(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]?$/.exec(s);
  if (cjk) return [Number(cjk[1]), Number(cjk[2])];
  const vi = /^(\d{1,2})\s+tháng\s+(.+)$/iu.exec(s);
  if (vi) {
    const word = normaliseName(vi[2] ?? "");
    const month = /^\d{1,2}$/.test(word) ? Number(word) : VI_MONTHS.indexOf(word) + 1;
    return month > 0 ? [month, Number(vi[1])] : null;
  }
  const dayFirst = /^(\d{1,2})\.?\s+(?:de\s+)?(\p{L}+)\.?$/u.exec(s);
  if (dayFirst) {
    const month = MONTHS.get(normaliseName(dayFirst[2] ?? ""));
    return month ? [month, Number(dayFirst[1])] : null;
  }
  const monthFirst = /^(\p{L}+)\.?\s+(\d{1,2})$/u.exec(s);
  if (monthFirst) {
    const month = MONTHS.get(normaliseName(monthFirst[1] ?? ""));
    return month ? [month, Number(monthFirst[2])] : null;
  }
  return null;
}

/**
 * TikTok Studio dates carry no year (`September 25`, `28 August`, `9月13日`, `18 января`, `18 tháng Tám`).
 * Its exports cover at most the last year up to yesterday, so the year is the reference date's, or the one
 * before when that day would fall after the reference date. `referenceDate` is the export day, YYYY-MM-DD.
 */
export function parseYearlessDate(raw: string, referenceDate: string): DateResult {
  const s = raw.trim();
  const md = monthDay(s);
  const ref = /^(\d{4})-(\d{2})-(\d{2})$/.exec(referenceDate);
  if (!md || !ref) return { ok: false, message: `"${s}" is not a month and day` };
  const [month, day] = md;
  const refYear = Number(ref[1]);
  const sameYear = build(refYear, month, day);
  const year = sameYear === null || sameYear > referenceDate ? refYear - 1 : refYear;
  return result(build(year, month, day), s);
}
