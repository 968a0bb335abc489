import type { components } from "@brandscope/api-client";
import { ErrorState } from "@brandscope/ui/error-state";
import { ButtonLink } from "~/lib/link";
import { sentence } from "./format";

type SourceState = components["schemas"]["SourceState"];

const SOURCE_NAMES: Record<SourceState["source"], string> = {
  website: "Website",
  youtube: "YouTube",
  search_console: "Google Search Console",
  instagram: "Instagram",
  google_ads: "Google Ads",
};

/**
 * Every live source of the brand failed at its last run: nothing new reaches the modules until one works again.
 * Says why for each and where to mend it; imported data still shows below.
 */
export function SourcesFailed({
  brandName,
  sources,
  onRetry,
  retrying,
}: {
  brandName: string;
  sources: SourceState[];
  /** Reads the website again (the brand's collection), when the website is one of the failing sources. */
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <ErrorState
      data-slot="sources-failed"
      title={`None of ${brandName}'s live sources could be read`}
      message={
        <span className="flex flex-col gap-3">
          <span className="flex flex-col gap-1 text-left">
            {sources.map((source) => (
              <span key={source.source}>
                <span className="text-foreground font-medium">{SOURCE_NAMES[source.source]}:</span>{" "}
                <span>{sentence(source.problem ?? "Its last run failed.")}</span>
              </span>
            ))}
          </span>
          <span>What you import on Data sources still shows here.</span>
          <span>
            <ButtonLink to="/data-sources" emphasis="secondary" size="sm">
              Open Data sources
            </ButtonLink>
          </span>
        </span>
      }
      onRetry={onRetry}
      retrying={retrying}
      retryLabel="Read the website again"
    />
  );
}
