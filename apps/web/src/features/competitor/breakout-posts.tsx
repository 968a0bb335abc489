import { NETWORK_LABELS } from "@brandscope/charts/networks";
import { EmptyState } from "@brandscope/ui/empty-state";
import { sectionStateText } from "@brandscope/ui/section-state";
import { formatDate, formatDecimal, formatRate, unknownEngagementText } from "../modules/format";
import { SectionCard } from "../modules/module-page";
import { PostCard } from "../modules/post-card";
import type { CompetitorAnalytics } from "./queries";

/**
 * Posts of the brand and its competitors far above their platform's usual engagement rate
 * (docs/analytics-methods.md §1.5: modified z-score of ln ER ≥ 3.5 over the landscape's posts of the period), each
 * with its company and a link to it.
 */
export function BreakoutPostsSection({ data }: { data: CompetitorAnalytics }) {
  const breakouts = data.breakoutPosts;
  const names = new Map([data.common.brand, ...data.competitors].map((c) => [c.id, c.name]));
  const unjudged = breakouts.platforms.filter((p) => p.status !== "ok");
  return (
    <SectionCard
      title="Breakout posts"
      description={`Posts of your brand and competitors far above their platform's usual engagement rate, ${formatDate(breakouts.window.from)} to ${formatDate(breakouts.window.to)}`}
      state={breakouts}
      className="lg:col-span-2"
    >
      {breakouts.items.length === 0 ? (
        <EmptyState className="py-8" icon={null} title="No post broke out in this period." />
      ) : (
        <ul className="flex flex-col gap-3">
          {breakouts.items.map((post) => (
            <PostCard
              key={`${post.companyId}:${post.id}`}
              post={post}
              company={names.get(post.companyId) ?? "Unknown company"}
            >
              Engagement rate {formatRate(post.engagementRate)} · z-score {formatDecimal(post.z)}
            </PostCard>
          ))}
        </ul>
      )}
      {unjudged.length > 0 ? (
        <ul className="text-muted-foreground text-xs">
          {unjudged.map((p) => (
            <li key={p.platform}>
              {NETWORK_LABELS[p.platform]}: {sectionStateText(p.status, p.reason)}
            </li>
          ))}
        </ul>
      ) : null}
      {breakouts.unknownEngagement ? (
        <p data-slot="engagement-left-out" className="text-muted-foreground mt-2 text-xs">
          {unknownEngagementText(breakouts.unknownEngagement)}
        </p>
      ) : null}
    </SectionCard>
  );
}
