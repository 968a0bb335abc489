/** One month on from `from` (a monthly plan's period), kept to the last day of a shorter month. */
export function addOneMonth(from: Date): Date {
  const next = new Date(from);
  next.setUTCMonth(from.getUTCMonth() + 1);
  if (next.getUTCDate() !== from.getUTCDate()) next.setUTCDate(0);
  return next;
}
