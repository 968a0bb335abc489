import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type * as React from "react";
import { notify } from "~/lib/notify";
import { HOME_PATH } from "../auth/paths";
import { CompanyStep, CountryStep, IndustryStep } from "./about-steps";
import { BrandChoiceStep } from "./brand-choice-step";
import { BrandForm } from "./brand-form";
import { CompetitionStep } from "./competition-step";
import { brandOptions } from "./queries";
import { OnboardingProgress, StepHeader } from "./step-frame";
import {
  type BrandPath,
  brandPath,
  DONE,
  nextStep,
  type OnboardingStep,
  previousStep,
  type StepTarget,
  stepPosition,
} from "./steps";
import { TourStep, WelcomeStep } from "./welcome-steps";

/**
 * One onboarding step with the progress above it. The order lives in steps.ts; which path the user is on (sample
 * or own brand) comes from the connected brand (GET /brand), so Back and the progress also hold after a reload.
 */
export function OnboardingScreen({ step }: { step: OnboardingStep }) {
  const navigate = useNavigate();
  const brand = useQuery(brandOptions());
  const current = brand.data;
  const path = brandPath(current);
  const { steps, number } = stepPosition(step, path);

  const goTo = (target: StepTarget) => {
    if (target === DONE) {
      notify.success("Your workspace is ready.", { id: "onboarding-done" });
      void navigate({ to: HOME_PATH });
      return;
    }
    void navigate({ to: "/questionnaire/$", params: { _splat: target } });
  };
  const previous = previousStep(step, path);
  const onBack = previous ? () => goTo(previous) : undefined;
  const onNext = (picked?: BrandPath) => goTo(nextStep(step, picked ?? path));

  let content: React.ReactNode;
  switch (step) {
    case "welcome":
      content = <WelcomeStep onContinue={() => onNext()} />;
      break;
    case "video":
      content = <TourStep onBack={onBack} onContinue={() => onNext()} />;
      break;
    case "set_sample_or_connect":
      content = (
        <BrandChoiceStep
          brand={current}
          onBack={onBack}
          onSample={() => onNext("sample")}
          onConnect={() => onNext("own")}
        />
      );
      break;
    case "connect_own":
      content = (
        <>
          <StepHeader
            title="Connect your brand"
            description="Your website and social pages are where we collect your brand's data from."
          />
          {brand.isPending ? (
            <div
              role="status"
              aria-busy="true"
              aria-label="Loading your brand"
              className="flex flex-col gap-4"
            >
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-24 w-full" />
            </div>
          ) : (
            // Without an answer from GET /brand the form starts empty: connecting still works.
            <BrandForm brand={current} onBack={onBack} onSaved={() => onNext("own")} />
          )}
        </>
      );
      break;
    case "connect_competition":
      content = (
        <CompetitionStep
          onBack={onBack}
          onContinue={() => onNext()}
          onConnectBrand={() => goTo("connect_own")}
        />
      );
      break;
    case "industry":
      content = <IndustryStep onBack={onBack} onSaved={() => onNext()} />;
      break;
    case "company":
      content = <CompanyStep onBack={onBack} onSaved={() => onNext()} />;
      break;
    case "country":
      content = <CountryStep onBack={onBack} onSaved={() => onNext()} />;
      break;
  }

  return (
    <div className="flex flex-col gap-8">
      <OnboardingProgress step={step} steps={steps} number={number} />
      {/* Keyed by step: each step starts fresh (its form, its focus), and fades in. */}
      <section
        key={step}
        aria-label={`Step ${number} of ${steps.length}`}
        className="animate-fade-in flex flex-col gap-6 motion-reduce:animate-none"
      >
        {content}
      </section>
    </div>
  );
}
