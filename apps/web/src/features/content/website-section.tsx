import { FigureCard } from "../modules/figure-card";
import { formatDate, formatDecimal } from "../modules/format";
import { SectionCard } from "../modules/module-page";
import { BarList } from "./bar-list";
import type { ContentAnalytics } from "./queries";

type Website = ContentAnalytics["website"];

const SAMPLE_STATE = {
  status: "no_data" as const,
  reason:
    "The sample brand has no website articles. Connect your own brand: its website's feed or sitemap is read every day.",
};

/** "21 Nov" or "21–27 Nov": a week of the website's articles. */
function weekLabel(week: Website["weeks"][number]): string {
  const from = formatDate(week.from).replace(/ \d{4}$/, "");
  const to = formatDate(week.to).replace(/ \d{4}$/, "");
  return week.from === week.to ? from : `${from} – ${to}`;
}

/**
 * The website as a content channel (issue 16): articles per week against the previous period, by week, and the
 * latest, from the feed or sitemap the server read (modules/website/read-articles.ts on the server).
 */
export function WebsiteSection({
  website,
  sample,
  comparison,
}: {
  website: Website;
  sample: boolean;
  comparison: string | undefined;
}) {
  const dating =
    website.datedBy === "sitemap"
      ? "Dated by the sitemap, which gives a page's last change: an edited article counts on the day of its edit."
      : "Dated by the website's feed, which gives each article's publication.";
  return (
    <SectionCard
      title="Website"
      description="Articles your website publishes, read from its feed or sitemap every day"
      state={sample ? SAMPLE_STATE : website}
      className="lg:col-span-2"
    >
      <div className="grid gap-6 md:grid-cols-3">
        <div className="flex flex-col gap-2">
          <FigureCard
            label="Articles per week"
            figure={website.articlesPerWeek}
            format={formatDecimal}
            {...(comparison ? { comparison } : {})}
          />
          <p className="text-muted-foreground text-xs leading-relaxed">
            {website.reason ? `${website.reason} ` : ""}
            {dating}
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Articles by week</h3>
          <BarList
            label="Articles by week"
            unit="articles"
            items={website.weeks.map((week) => ({ label: weekLabel(week), value: week.articles }))}
          />
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Latest articles</h3>
          {website.latest.length === 0 ? (
            <p className="text-muted-foreground text-sm">No article in this period.</p>
          ) : (
            <ol aria-label="Latest articles" className="flex flex-col gap-2 text-sm">
              {website.latest.map((article) => (
                <li key={article.url} className="flex flex-col">
                  <a
                    href={article.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-foreground font-medium underline-offset-2 hover:underline"
                  >
                    {article.title}
                  </a>
                  <span className="text-muted-foreground text-xs">{formatDate(article.publishedAt)}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </SectionCard>
  );
}
