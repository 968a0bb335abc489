import type { Brand } from "@brandscope/api-client";

/**
 * Onboarding's steps in order, each the last segment of its URL (/questionnaire/<step>). docs/product.md §2: the
 * welcome flow (kinds welcome and video), then set_sample_or_connect, connect_own and connect_competition, then the
 * single-field steps industry, company and country. After country the flow is done and the app opens /content.
 */
export const onboardingSteps = [
  "welcome",
  "video",
  "set_sample_or_connect",
  "connect_own",
  "connect_competition",
  "industry",
  "company",
  "country",
] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

/** Where the flow ends. */
export const DONE = "done" as const;
export type StepTarget = OnboardingStep | typeof DONE;

/** How the user gets data: the sample brand, or their own brand (and its competitors). */
export type BrandPath = "sample" | "own";

/** The steps only the own-brand path takes; the sample brand comes with its competitors. */
const ownBrandSteps: ReadonlySet<OnboardingStep> = new Set(["connect_own", "connect_competition"]);

export const stepLabels: Record<OnboardingStep, string> = {
  welcome: "Welcome",
  video: "Product tour",
  set_sample_or_connect: "Choose your data",
  connect_own: "Your brand",
  connect_competition: "Competitors",
  industry: "Industry",
  company: "Company",
  country: "Country",
};

export function isOnboardingStep(value: string): value is OnboardingStep {
  return (onboardingSteps as readonly string[]).includes(value);
}

/** The path a brand puts the user on; none before a brand is connected. */
export function brandPath(brand: Pick<Brand, "sample"> | null | undefined): BrandPath | undefined {
  if (!brand) return undefined;
  return brand.sample ? "sample" : "own";
}

/**
 * The steps of a path. Before the choice (or without a brand) the full list: the longest way, so progress
 * never jumps backwards once the user chooses.
 */
export function stepsFor(path: BrandPath | undefined): readonly OnboardingStep[] {
  return path === "sample" ? onboardingSteps.filter((step) => !ownBrandSteps.has(step)) : onboardingSteps;
}

/** The steps `step` is part of: a step off the path (an own-brand step opened by address) uses the full list. */
function listWith(step: OnboardingStep, path: BrandPath | undefined): readonly OnboardingStep[] {
  const steps = stepsFor(path);
  return steps.includes(step) ? steps : onboardingSteps;
}

/**
 * The step after `step`. The choice step is the fork: its next step depends on what the user picks now, so
 * pass the picked path there.
 */
export function nextStep(step: OnboardingStep, path: BrandPath | undefined): StepTarget {
  const steps = listWith(step, path);
  return steps[steps.indexOf(step) + 1] ?? DONE;
}

/** The step before `step`, or undefined on the first. */
export function previousStep(step: OnboardingStep, path: BrandPath | undefined): OnboardingStep | undefined {
  const steps = listWith(step, path);
  return steps[steps.indexOf(step) - 1];
}

/** Where `step` sits on its path: `number` is 1-based. */
export function stepPosition(
  step: OnboardingStep,
  path: BrandPath | undefined,
): { number: number; total: number; steps: readonly OnboardingStep[] } {
  const steps = listWith(step, path);
  return { number: steps.indexOf(step) + 1, total: steps.length, steps };
}
