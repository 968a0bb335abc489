import { describe, expect, it } from "vitest";
import {
  brandPath,
  isOnboardingStep,
  nextStep,
  type OnboardingStep,
  previousStep,
  stepPosition,
  stepsFor,
} from "./steps";

/** Follows nextStep from the welcome to the end. */
function walk(path: "sample" | "own"): string[] {
  const visited: string[] = [];
  let step: OnboardingStep | "done" = "welcome";
  while (step !== "done") {
    visited.push(step);
    step = nextStep(step, path);
  }
  return [...visited, step];
}

describe("onboarding order", () => {
  it("takes the own brand through its brand and competitors", () => {
    expect(walk("own")).toEqual([
      "welcome",
      "video",
      "set_sample_or_connect",
      "connect_own",
      "connect_competition",
      "industry",
      "company",
      "country",
      "done",
    ]);
  });

  it("skips connect_own and connect_competition for the sample brand", () => {
    expect(walk("sample")).toEqual([
      "welcome",
      "video",
      "set_sample_or_connect",
      "industry",
      "company",
      "country",
      "done",
    ]);
  });

  it("goes back the way it came", () => {
    expect(previousStep("welcome", undefined)).toBeUndefined();
    expect(previousStep("industry", "sample")).toBe("set_sample_or_connect");
    expect(previousStep("industry", "own")).toBe("connect_competition");
    expect(previousStep("connect_own", "own")).toBe("set_sample_or_connect");
    expect(previousStep("country", "sample")).toBe("company");
  });

  it("before a choice, counts the longest way", () => {
    expect(stepsFor(undefined)).toHaveLength(8);
    expect(stepPosition("set_sample_or_connect", undefined)).toMatchObject({ number: 3, total: 8 });
    expect(stepPosition("industry", "sample")).toMatchObject({ number: 4, total: 6 });
    expect(stepPosition("country", "own")).toMatchObject({ number: 8, total: 8 });
  });

  it("keeps an own-brand step opened on the sample path in the full list", () => {
    expect(stepPosition("connect_competition", "sample")).toMatchObject({ number: 5, total: 8 });
    expect(nextStep("connect_competition", "sample")).toBe("industry");
  });

  it("knows its steps", () => {
    expect(isOnboardingStep("welcome")).toBe(true);
    expect(isOnboardingStep("connect_own")).toBe(true);
    expect(isOnboardingStep("done")).toBe(false);
    expect(isOnboardingStep("toString")).toBe(false);
  });

  it("reads the path off the brand", () => {
    expect(brandPath(null)).toBeUndefined();
    expect(brandPath({ sample: true })).toBe("sample");
    expect(brandPath({ sample: false })).toBe("own");
  });
});
