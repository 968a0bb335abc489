import { expect, it } from "vitest";
import { answerText } from "./json-answer";

it("serializes a frozen answer once and keeps its text for as long as the answer", () => {
  let serialized = 0;
  const answer = Object.freeze({
    figures: Object.freeze({
      toJSON: () => {
        serialized++;
        return { n: 1 };
      },
    }),
  });
  expect(answerText(answer)).toBe('{"figures":{"n":1}}');
  expect(answerText(answer)).toBe('{"figures":{"n":1}}');
  expect(serialized).toBe(1);
});

it("serializes an answer that is not frozen every time, so a changed answer shows its change", () => {
  const answer = { n: 1 };
  expect(answerText(answer)).toBe('{"n":1}');
  answer.n = 2;
  expect(answerText(answer)).toBe('{"n":2}');
  expect(answerText([1, "a", null])).toBe('[1,"a",null]');
});
