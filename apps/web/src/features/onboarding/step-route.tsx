import { useQueryClient } from "@tanstack/react-query";
import { Navigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { countriesOptions, industriesOptions } from "~/features/reference/queries";
import { OnboardingScreen } from "./onboarding-screen";
import { brandOptions } from "./queries";
import { isOnboardingStep, onboardingSteps } from "./steps";

/** A known step renders; anything else goes to the first step. */
export function OnboardingStepRoute({ step }: { step: string }) {
  const queryClient = useQueryClient();
  // Warm what the later steps need without holding this one up; each step shows its own loading and errors.
  useEffect(() => {
    void queryClient.prefetchQuery(brandOptions());
    void queryClient.prefetchQuery(countriesOptions());
    void queryClient.prefetchQuery(industriesOptions());
  }, [queryClient]);
  if (!isOnboardingStep(step)) {
    return <Navigate to="/questionnaire/$" params={{ _splat: onboardingSteps[0] }} replace />;
  }
  return <OnboardingScreen step={step} />;
}
