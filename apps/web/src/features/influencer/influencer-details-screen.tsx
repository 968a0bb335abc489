import type { Brand } from "@brandscope/api-client";
import { NETWORK_LABELS } from "@brandscope/charts/networks";
import { Badge } from "@brandscope/ui/badge";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import { ButtonLink } from "~/lib/link";
import { BrandGate } from "../modules/brand-gate";
import { EngagementBubbleChart } from "../modules/charts";
import { formatCount, formatDate, formatRate, formatShare } from "../modules/format";
import { ModulePage, SectionCard } from "../modules/module-page";
import { CREATOR_ORIGIN_LABELS, OWN_CREATORS_METHOD } from "../modules/own-pools";
import { ProvenanceLine } from "../modules/provenance-line";
import { QueryError } from "../modules/query-error";
import { type InfluencerDetails, influencerOptions } from "./queries";

/** Audience against engagement as bubbles; the radius is a fraction shown as a percentage. */
export function audienceBubbles(details: InfluencerDetails) {
  return details.audienceVsEngagement.map((point, index) => ({
    id: `${point.label}-${index}`,
    label: point.label,
    x: point.audience,
    y: point.engagement,
    radius: point.radius,
  }));
}

/** Words for the share of the audience judged real. */
export function authenticityWords(value: number | null): string {
  if (value === null) return "Not enough data to judge";
  if (value >= 0.8) return "Mostly real followers";
  if (value >= 0.6) return "Some doubtful followers";
  return "Many doubtful followers";
}

export function InfluencerDetailsScreen({ id }: { id: string }) {
  return (
    <BrandGate title="Influencer">{(brand) => <InfluencerDetailsModule id={id} brand={brand} />}</BrandGate>
  );
}

function InfluencerDetailsModule({ id, brand }: { id: string; brand: Brand }) {
  const influencer = useQuery(influencerOptions(id));
  const data = influencer.data;
  return (
    <ModulePage
      title={data?.name ?? "Influencer details"}
      description={
        data
          ? `${data.handle} · ${NETWORK_LABELS[data.platform]} · ${
              data.followers === null ? "followers unknown" : `${formatCount(data.followers)} followers`
            }`
          : "Their audience, engagement and recent posts."
      }
      brand={brand}
      provenance={data ? <ProvenanceLine provenance={data.provenance} /> : null}
      actions={
        <ButtonLink to="/influencer" emphasis="ghost" size="sm">
          All influencers
        </ButtonLink>
      }
    >
      {influencer.isError ? (
        <QueryError
          what="this influencer"
          error={influencer.error}
          onRetry={() => void influencer.refetch()}
          retrying={influencer.isFetching}
        />
      ) : !data ? (
        <div role="status" aria-label="Loading the influencer" className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-28 lg:col-span-2" />
          <Skeleton className="h-96" />
          <Skeleton className="h-96" />
        </div>
      ) : (
        <Details details={data} />
      )}
    </ModulePage>
  );
}

/** The figures of a real creator of the brand's own pool: nothing about its audience is known or guessed. */
function OwnCreatorStats({ details }: { details: InfluencerDetails }) {
  return (
    <>
      <Stat label="Engagement rate" value={formatRate(details.engagementRate)} />
      <Stat
        label="Topic match"
        value={formatShare(details.topicMatch)}
        hint="Your keywords and topics found"
      />
      <Stat label="Audience fit" value="Unknown" hint="Real creators' audiences are not known" />
      <Stat label="Followers" value={formatCount(details.followers)} />
      <div className="col-span-full flex flex-col gap-1 text-sm">
        <dt className="text-muted-foreground">Source</dt>
        <dd>{details.origin ? CREATOR_ORIGIN_LABELS[details.origin] : "—"}</dd>
        <dd className="text-muted-foreground">{OWN_CREATORS_METHOD}</dd>
      </div>
    </>
  );
}

function Details({ details }: { details: InfluencerDetails }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <dl className="bg-card grid grid-cols-2 gap-4 rounded-lg border p-5 md:grid-cols-4 lg:col-span-2">
        {details.origin ? (
          <OwnCreatorStats details={details} />
        ) : (
          <>
            <Stat label="Engagement rate" value={formatRate(details.engagementRate)} />
            <Stat label="Audience fit" value={formatShare(details.audienceFit)} />
            <Stat
              label="Authenticity"
              value={formatShare(details.authenticity)}
              hint={authenticityWords(details.authenticity)}
            />
            <Stat label="Followers" value={formatCount(details.followers)} />
          </>
        )}
        {details.topics.length > 0 ? (
          <div className="col-span-full flex flex-wrap gap-1.5">
            <dt className="sr-only">Topics</dt>
            {details.topics.map((topic) => (
              <dd key={topic}>
                <Badge tone="info">{topic}</Badge>
              </dd>
            ))}
          </div>
        ) : null}
      </dl>
      <SectionCard
        title="Audience and engagement"
        description="Audience size against engagement"
        className="lg:col-span-2"
      >
        <EngagementBubbleChart
          data={audienceBubbles(details)}
          ariaLabel={`Audience size against engagement, ${details.name}`}
          xLabel="Audience"
          yLabel="Engagement"
          radiusLabel="Audience fit"
          emptyMessage="No audience figures yet"
        />
      </SectionCard>
      <SectionCard title="Audience demographics">
        <div className="grid gap-4 sm:grid-cols-3">
          <ShareList title="Age" items={details.demographics.ages} />
          <ShareList title="Gender" items={details.demographics.genders} />
          <ShareList title="Countries" items={details.demographics.countries} />
        </div>
      </SectionCard>
      <SectionCard title="Recent posts">
        {details.recentPosts.length === 0 ? (
          <p className="text-muted-foreground text-sm">No recent posts.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {details.recentPosts.map((post) => (
              <li key={post.url} className="flex flex-col gap-1 rounded-md border p-3 text-sm">
                <a
                  href={post.url}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="line-clamp-2 font-medium underline-offset-4 hover:underline"
                >
                  {post.text?.trim() || `Post of ${formatDate(post.publishedAt)}`}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
                <p className="text-muted-foreground text-xs">
                  {formatDate(post.publishedAt)} · {formatCount(post.likes)} likes ·{" "}
                  {formatCount(post.comments)} comments · {formatCount(post.views)} views
                </p>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
    </div>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
      {hint ? <dd className="text-muted-foreground text-xs">{hint}</dd> : null}
    </div>
  );
}

function ShareList({ title, items }: { title: string; items: readonly { label: string; share: number }[] }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {items.length === 0 ? (
        <p className="text-muted-foreground text-sm">No data yet</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {items.map((item) => (
            <li key={item.label} className="flex justify-between gap-2">
              <span>{item.label}</span>
              <span className="text-muted-foreground tabular-nums">{formatShare(item.share)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
