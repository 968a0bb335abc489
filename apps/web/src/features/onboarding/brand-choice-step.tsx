import type { Brand } from "@brandscope/api-client";
import { Badge } from "@brandscope/ui/badge";
import { cn } from "@brandscope/ui/cn";
import type * as React from "react";
import { useId } from "react";
import { FormProblem } from "~/lib/problem";
import { useCreateBrandMutation } from "./mutations";
import { StepActions, StepHeader } from "./step-frame";

function ChoiceCard({
  title,
  description,
  badge,
  busy,
  disabled,
  onClick,
}: {
  title: string;
  description: string;
  badge?: React.ReactNode;
  busy?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  // Named by its title and described by the rest, so the choice is announced briefly.
  const id = useId();
  return (
    <button
      type="button"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      onClick={onClick}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cn(
        "bg-card text-card-foreground flex flex-col items-start gap-2 rounded-lg border p-5 text-left shadow-xs",
        "hover:border-primary/60 hover:bg-primary/5 transition-colors",
        "focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px]",
        "disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress aria-busy:opacity-100",
      )}
    >
      <span className="flex w-full items-center justify-between gap-2">
        <span id={`${id}-title`} className="text-foreground text-base font-semibold">
          {title}
        </span>
        {busy ? (
          <span
            aria-hidden="true"
            className="border-primary size-4 shrink-0 animate-spin rounded-full border-2 border-t-transparent"
          />
        ) : (
          badge
        )}
      </span>
      <span id={`${id}-description`} className="text-muted-foreground text-sm leading-relaxed">
        {description}
      </span>
    </button>
  );
}

/**
 * Set sample or connect: explore the sample brand (POST /brand {sample: true}, which brings its competitors), or
 * go on to connect one's own. Choosing the sample again while it is connected sends nothing.
 */
export function BrandChoiceStep({
  brand,
  onBack,
  onSample,
  onConnect,
}: {
  brand: Brand | null | undefined;
  onBack?: (() => void) | undefined;
  onSample: () => void;
  onConnect: () => void;
}) {
  const create = useCreateBrandMutation();
  const chooseSample = () => {
    if (brand?.sample) {
      onSample();
      return;
    }
    create.mutate({ sample: true }, { onSuccess: () => onSample() });
  };
  return (
    <>
      <StepHeader
        title="How would you like to start?"
        description="Explore Brandscope with a sample brand first, or connect your own brand now."
      />
      <div className="grid grid-cols-2 gap-4">
        <ChoiceCard
          title="Explore sample data"
          description="Every module filled with the data of a sample brand and its competitors. You can connect your own brand later."
          badge={brand?.sample ? <Badge tone="info">Current</Badge> : undefined}
          busy={create.isPending}
          onClick={chooseSample}
        />
        <ChoiceCard
          title="Connect my brand"
          description="Add your website and social pages, then your competitors. We start collecting your data right away."
          badge={brand && !brand.sample ? <Badge tone="info">Connected</Badge> : undefined}
          disabled={create.isPending}
          onClick={onConnect}
        />
      </div>
      <FormProblem error={create.error} />
      <StepActions onBack={onBack} backDisabled={create.isPending} />
    </>
  );
}
