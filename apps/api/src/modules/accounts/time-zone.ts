import { AppError, type ErrorDetail } from "../../kernel/errors";
import { isTimeZone } from "../../lib/time-zone";

/**
 * A time zone sent by a browser (sign-up, profile), checked against the runtime's zone database: an unknown name is
 * a problem at `/timeZone`, never stored, since the weekly digest's hour is read in it.
 */
export function timeZone(value: string | undefined, problems: ErrorDetail[]): string | undefined {
  if (value === undefined) return undefined;
  const name = value.trim();
  if (!isTimeZone(name)) {
    problems.push({
      path: "/timeZone",
      message: "Choose a time zone from the list (for example Europe/London)",
    });
  }
  return name;
}

/** The same check for a request that has no other problems to gather: 400 at once. */
export function checkedTimeZone(value: string | undefined): string | undefined {
  const problems: ErrorDetail[] = [];
  const name = timeZone(value, problems);
  const [first] = problems;
  if (first) throw new AppError("VALIDATION_FAILED", 400, first.message, problems);
  return name;
}
