import { Button } from "@brandscope/ui/button";
import { cn } from "@brandscope/ui/cn";
import { LogoMark } from "@brandscope/ui/logo";
import type * as React from "react";
import { useEffect, useState } from "react";
import { useAuth } from "~/lib/auth";
import { StepActions, StepHeader } from "./step-frame";

/** The welcome flow's first kind (docs/product.md §2 "Onboarding"): a greeting and what the next minutes hold. */
export function WelcomeStep({ onContinue }: { onContinue: () => void }) {
  const { user } = useAuth();
  const name = user?.firstName?.trim();
  return (
    <>
      <div className="bg-primary/10 grid size-16 place-items-center rounded-2xl">
        <LogoMark className="size-9" />
      </div>
      <StepHeader
        title={name ? `Welcome to Brandscope, ${name}` : "Welcome to Brandscope"}
        description="See how your brand performs next to its competitors: content, audience, influencers and the keywords people search for. Setting up takes about two minutes."
      />
      <ol className="text-muted-foreground flex flex-col gap-3 text-sm">
        {[
          "Take a quick look at the five modules.",
          "Explore sample data, or connect your brand and its competitors.",
          "Tell us your industry, company and main market.",
        ].map((text, index) => (
          <li key={text} className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="bg-muted text-foreground grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold"
            >
              {index + 1}
            </span>
            {text}
          </li>
        ))}
      </ol>
      <StepActions>
        <Button size="lg" onClick={onContinue}>
          Get started
        </Button>
      </StepActions>
    </>
  );
}

/** True one frame after mount, so the illustrations can transition from nothing to their figures. */
function useShown() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return shown;
}

const grow = "transition-all duration-1000 ease-out motion-reduce:transition-none";

function ContentArt({ shown }: { shown: boolean }) {
  return (
    <div className="flex h-full items-end gap-1.5">
      {[
        ["h-[70%]", "bg-chart-1"],
        ["h-[45%]", "bg-chart-2"],
        ["h-[85%]", "bg-chart-3"],
        ["h-[30%]", "bg-chart-4"],
      ].map(([height, colour], index) => (
        <div
          key={colour}
          className={cn("w-3 rounded-t-sm", colour, grow, shown ? height : "h-0")}
          style={{ transitionDelay: `${index * 120}ms` }}
        />
      ))}
    </div>
  );
}

function CompetitorsArt({ shown }: { shown: boolean }) {
  return (
    <div className="flex h-full w-full flex-col justify-center gap-2">
      {[
        ["w-[85%]", "bg-primary"],
        ["w-[60%]", "bg-chart-2"],
        ["w-[40%]", "bg-chart-5"],
      ].map(([width, colour], index) => (
        <div
          key={colour}
          className={cn("h-2.5 rounded-full", colour, grow, shown ? width : "w-0")}
          style={{ transitionDelay: `${index * 150}ms` }}
        />
      ))}
    </div>
  );
}

function AudienceArt({ shown }: { shown: boolean }) {
  return (
    <div className="flex h-full items-center justify-center -space-x-2">
      {["bg-chart-1", "bg-chart-3", "bg-chart-6"].map((colour, index) => (
        <div
          key={colour}
          className={cn(
            "border-background size-8 shrink-0 rounded-full border-2",
            colour,
            grow,
            shown ? "scale-100" : "scale-0",
          )}
          style={{ transitionDelay: `${index * 150}ms` }}
        />
      ))}
    </div>
  );
}

function InfluencersArt({ shown }: { shown: boolean }) {
  return (
    <div className="relative flex h-full items-center justify-center">
      <div className={cn("bg-chart-4 size-11 rounded-full", grow, shown ? "scale-100" : "scale-0")} />
      <div
        className={cn(
          "bg-warning text-background absolute top-1 right-4 grid size-5 place-items-center rounded-full text-[0.625rem] font-bold motion-safe:animate-pulse",
        )}
      >
        ★
      </div>
    </div>
  );
}

function IntentArt({ shown }: { shown: boolean }) {
  return (
    <div className="flex h-full flex-col justify-center gap-1.5">
      {["cold brew", "oat latte"].map((keyword, index) => (
        <span
          key={keyword}
          className={cn(
            "bg-secondary text-secondary-foreground w-fit rounded-full px-2 py-0.5 text-[0.625rem] font-medium",
            grow,
            shown ? "translate-x-0 opacity-100" : "-translate-x-3 opacity-0",
          )}
          style={{ transitionDelay: `${index * 200}ms` }}
        >
          {keyword}
        </span>
      ))}
    </div>
  );
}

const modules: { name: string; text: string; Art: (props: { shown: boolean }) => React.ReactNode }[] = [
  {
    name: "Content",
    text: "What you publish on each network, what performs best, and the themes your content is built on.",
    Art: ContentArt,
  },
  {
    name: "Competitors",
    text: "Your traffic, audience and engagement side by side with the brands you compete with.",
    Art: CompetitorsArt,
  },
  {
    name: "Audience",
    text: "The personas that follow your industry: who they are, where they are and what they engage with.",
    Art: AudienceArt,
  },
  {
    name: "Influencers",
    text: "The creators your audience listens to, ranked by reach and engagement.",
    Art: InfluencersArt,
  },
  {
    name: "Intent",
    text: "The keywords people search for in your market, with their volume and cost per click.",
    Art: IntentArt,
  },
];

/**
 * The welcome flow's second kind (docs/product.md §2 "Onboarding"). There is no product video to show, so this step
 * explains the five modules with small animated illustrations instead (CSS transitions; still for reduced-motion
 * users).
 */
export function TourStep({
  onBack,
  onContinue,
}: {
  onBack?: (() => void) | undefined;
  onContinue: () => void;
}) {
  const shown = useShown();
  return (
    <>
      <StepHeader
        title="Five modules, one picture of your brand"
        description="Each module answers one question about your brand and its market."
      />
      <ul aria-label="Modules" className="flex flex-col gap-3">
        {modules.map(({ name, text, Art }, index) => (
          <li
            key={name}
            className="animate-fade-in flex items-center gap-4 rounded-lg border p-3 motion-reduce:animate-none"
            style={{ animationDelay: `${index * 150}ms` }}
          >
            <div
              aria-hidden="true"
              className="bg-muted/60 h-16 w-24 shrink-0 overflow-hidden rounded-md p-2.5"
            >
              <Art shown={shown} />
            </div>
            <div className="flex flex-col gap-0.5">
              <h2 className="text-foreground text-sm font-semibold">{name}</h2>
              <p className="text-muted-foreground text-sm leading-relaxed">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      <StepActions onBack={onBack}>
        <Button onClick={onContinue}>Continue</Button>
      </StepActions>
    </>
  );
}
