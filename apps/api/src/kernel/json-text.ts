/**
 * A response body, or part of one, already serialized: routes.ts sends it as it is. The module reads answer
 * with large stored figures that stay the same object while their row does (figure-cache.ts); serializing them
 * again for every request was the largest part of a hot read's time (15% on the competitor read). `T` is the
 * type of the value the text stands for, so a handler's answer is checked against the contract all the same.
 */
export class JsonText<T> {
  /** Never set: carries the type the text stands for. */
  declare readonly value?: T;

  constructor(readonly text: string) {}
}

const serialized = new WeakMap<object, string>();

/**
 * The JSON text of a value that is never changed once made (a parsed stored figure), serialized on first use and
 * then kept as long as the value itself.
 */
export function jsonOnce<T extends object>(value: T): JsonText<T> {
  let text = serialized.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    serialized.set(value, text);
  }
  return new JsonText<T>(text);
}

type Parts<T> = { [K in keyof T]: T[K] | JsonText<T[K]> };

const textOf = (value: unknown) => (value instanceof JsonText ? value.text : JSON.stringify(value));

/** An object whose members may be serialized already; undefined members are left out, as JSON.stringify does. */
export function jsonObject<T extends object>(parts: Parts<T>): JsonText<T> {
  const members: string[] = [];
  for (const [key, value] of Object.entries(parts)) {
    if (value !== undefined) members.push(`${JSON.stringify(key)}:${textOf(value)}`);
  }
  return new JsonText<T>(`{${members.join(",")}}`);
}

export function jsonArray<T>(items: readonly JsonText<T>[]): JsonText<T[]> {
  return new JsonText<T[]>(`[${items.map((item) => item.text).join(",")}]`);
}

/** `{ ...head, ...tail }` for objects given as text (or head as a value): tail's members are not serialized again. */
export function jsonMerge<H extends object, T extends object>(
  head: H | JsonText<H>,
  tail: JsonText<T>,
): JsonText<H & T> {
  const first = textOf(head);
  if (first === "{}") return new JsonText<H & T>(tail.text);
  if (tail.text === "{}") return new JsonText<H & T>(first);
  return new JsonText<H & T>(`${first.slice(0, -1)},${tail.text.slice(1)}`);
}
