import { Button } from "@brandscope/ui/button";
import { cn } from "@brandscope/ui/cn";
import type * as React from "react";
import { useEffect, useRef } from "react";
import { type OnboardingStep, stepLabels } from "./steps";

/**
 * The top of a step: its title and what it asks. The title takes focus when the step opens, so keyboard and
 * screen-reader users start at the new step rather than on a button of the previous one.
 */
export function StepHeader({
  title,
  description,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <header className="flex flex-col gap-2">
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-foreground text-2xl font-semibold tracking-tight outline-none"
      >
        {title}
      </h1>
      {description ? <p className="text-muted-foreground text-sm leading-relaxed">{description}</p> : null}
    </header>
  );
}

/** Back on the left, the step's own action (Continue) on the right. */
export function StepActions({
  onBack,
  backDisabled,
  children,
}: {
  onBack?: (() => void) | undefined;
  backDisabled?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <div data-slot="step-actions" className="flex items-center justify-between gap-3 border-t pt-5">
      {onBack ? (
        <Button emphasis="secondary" onClick={onBack} disabled={backDisabled}>
          Back
        </Button>
      ) : (
        <span />
      )}
      <div className="flex items-center gap-3">{children}</div>
    </div>
  );
}

/**
 * Where the user is in onboarding: "Step 3 of 8", the step's name, and a bar of one segment per step. The
 * ordered list names every step for assistive technology and marks the current one.
 */
export function OnboardingProgress({
  step,
  steps,
  number,
}: {
  step: OnboardingStep;
  steps: readonly OnboardingStep[];
  number: number;
}) {
  return (
    <nav aria-label="Onboarding progress" className="flex flex-col gap-2">
      <p className="text-muted-foreground text-xs font-medium tracking-wide uppercase">
        Step {number} of {steps.length}
        <span aria-hidden="true"> · </span>
        <span className="text-foreground normal-case">{stepLabels[step]}</span>
      </p>
      <ol className="flex gap-1.5">
        {steps.map((each, index) => {
          const state = index + 1 < number ? "done" : index + 1 === number ? "current" : "todo";
          return (
            <li
              key={each}
              aria-current={state === "current" ? "step" : undefined}
              className={cn(
                "h-1.5 flex-1 rounded-full transition-colors duration-500 motion-reduce:transition-none",
                state === "todo" ? "bg-muted" : "bg-primary",
                state === "current" && "bg-primary/60",
              )}
            >
              <span className="sr-only">
                {stepLabels[each]}
                {state === "done" ? " (done)" : state === "current" ? " (current step)" : ""}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
