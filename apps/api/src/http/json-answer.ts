/**
 * The JSON text of an answer. The read model keeps the hot reads' answers frozen, the same object while what they
 * were made from is unchanged (db/read-model/kept-answers.ts): their text is made once and kept as
 * long as the answer itself. Serializing them again for every request was the largest part of a hot read's time
 * (15% on the competitor read). Anything else is serialized per request.
 */
const texts = new WeakMap<object, string>();

export function answerText(answer: unknown): string {
  if (answer === null || typeof answer !== "object" || !Object.isFrozen(answer))
    return JSON.stringify(answer);
  let text = texts.get(answer);
  if (text === undefined) {
    text = JSON.stringify(answer);
    texts.set(answer, text);
  }
  return text;
}
