import { createFileRoute } from "@tanstack/react-router";
import { OnboardingStepRoute } from "~/features/onboarding/step-route";

/**
 * /questionnaire/<step>: one onboarding step (features/onboarding/steps.ts). /questionnaire itself, and any
 * path that is not a step, starts at the first step. Everything lives in the lazily loaded component, so the
 * onboarding code stays out of the bundle every route (the sign-in page first) loads.
 */
export const Route = createFileRoute("/_app/questionnaire/$")({ component: StepScreen });

function StepScreen() {
  return <OnboardingStepRoute step={Route.useParams()._splat ?? ""} />;
}
