import type { components } from "@brandscope/api-client";
import { Badge, type BadgeProps } from "@brandscope/ui/badge";
import { Button } from "@brandscope/ui/button";
import { ErrorState } from "@brandscope/ui/error-state";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { FormProblem, problemText } from "~/lib/problem";
import { formatDate, formatDateTime, formatWhole } from "../modules/format";
import { SectionCard } from "../modules/module-page";
import { brandKeys } from "../modules/queries";
import { refetchBrandData } from "../modules/refetch-brand-data";
import { useRefreshWebsiteMutation } from "./mutations";
import { websiteSourcesOptions } from "./queries";

type WebsiteSource = components["schemas"]["WebsiteSource"];

const statusBadges: Record<WebsiteSource["status"], { label: string; tone: BadgeProps["tone"] }> = {
  waiting: { label: "Not read yet", tone: "neutral" },
  reading: { label: "Reading", tone: "info" },
  connected: { label: "Connected", tone: "success" },
  problem: { label: "No articles", tone: "warning" },
};

/**
 * The websites as sources (issue 16): each company's articles are read from its feed or sitemaps when it is
 * collected and every day. Each row says where its articles come from, when it was read and will be, and why a
 * read found nothing; "Read again now" reads one at once.
 */
export function WebsiteSourcesSection() {
  const sources = useQuery(websiteSourcesOptions());
  useFiguresAfterReads(sources.data?.websites);
  return (
    <SectionCard
      title="Websites"
      description="Articles from your website's and your competitors' RSS or Atom feeds, or else their sitemaps: read every day, no key needed. robots.txt is respected."
    >
      {sources.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : sources.isError ? (
        <ErrorState
          title="We could not load the websites"
          message={problemText(sources.error)}
          onRetry={() => void sources.refetch()}
          retrying={sources.isFetching}
        />
      ) : (
        <ul aria-label="Websites" className="flex flex-col divide-y rounded-lg border text-sm">
          {sources.data.websites.map((source) => (
            <WebsiteRow key={source.brandId} source={source} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function WebsiteRow({ source }: { source: WebsiteSource }) {
  const refresh = useRefreshWebsiteMutation();
  const badge = statusBadges[source.status];
  return (
    <li className="flex flex-col gap-2 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="text-foreground font-medium">
          {source.name}
          {source.own ? " (your brand)" : ""}
          <span className="text-muted-foreground ml-2 font-normal break-all">{source.website}</span>
        </span>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      <div aria-live="polite" className="text-muted-foreground flex flex-col gap-1">
        {source.problem ? <p className="text-foreground">{source.problem}</p> : null}
        <p>{readLine(source)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          emphasis="secondary"
          size="sm"
          loading={refresh.isPending}
          disabled={source.status === "reading"}
          onClick={() => refresh.mutate(source.brandId)}
        >
          Read again now<span className="sr-only"> ({source.name})</span>
        </Button>
        <FormProblem error={refresh.error} />
      </div>
    </li>
  );
}

function readLine(source: WebsiteSource): string {
  const parts: string[] = [];
  if (source.articles > 0) {
    const from = source.datedBy === "feed" ? "its feed" : "its sitemap";
    parts.push(
      `${formatWhole(source.articles)} ${source.articles === 1 ? "article" : "articles"} from ${from}`,
    );
  }
  if (source.status === "reading") parts.push("Reading the website now");
  else if (source.lastRunAt) parts.push(`Last read ${formatDate(source.lastRunAt)}`);
  if (source.nextRunAt) parts.push(`next read ${formatDateTime(source.nextRunAt)}`);
  return parts.length > 0 ? parts.join(" · ") : "Not read yet";
}

/**
 * When a read ends (a website leaves "reading"), its articles may have changed the figures, and a first collection
 * the brand's status and logo: fetch both again rather than wait for the brand's own poll.
 */
function useFiguresAfterReads(websites: readonly WebsiteSource[] | undefined) {
  const queryClient = useQueryClient();
  const reading = websites?.some((w) => w.status === "reading") ?? false;
  const wasReading = useRef(reading);
  useEffect(() => {
    if (wasReading.current && !reading) {
      void queryClient.invalidateQueries({ queryKey: brandKeys.current() });
      void refetchBrandData(queryClient);
    }
    wasReading.current = reading;
  }, [reading, queryClient]);
}
