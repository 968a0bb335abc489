import type { components } from "@brandscope/api-client";
import { NETWORK_LABELS } from "@brandscope/charts/networks";
import { Button } from "@brandscope/ui/button";
import { sectionStateText } from "@brandscope/ui/section-state";
import * as React from "react";
import { sentence } from "../modules/format";
import { SectionCard } from "../modules/module-page";
import type { CompetitorAnalytics } from "./queries";

type Schemas = components["schemas"];
type ShareSet = Schemas["ShareOfVoiceSet"];
type Platform = Schemas["SocialNetwork"];

/** The theme's categorical colours, by the company's place in the landscape (the brand first). */
const companyColor = (index: number) => `var(--chart-${(index % 8) + 1})`;

const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });
const formatMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00.000Z`));

/** A share as its whole percent, or '—' for a company left out of the set (never 0%). */
export function percentOf(set: ShareSet, companyId: string): string {
  const share = set.status === "ok" ? set.shares.find((s) => s.companyId === companyId) : undefined;
  return share ? `${share.percent}%` : "—";
}

/** One stacked bar; the table below is its text alternative, so the bar itself is hidden from assistive tech. */
function ShareBar({
  label,
  set,
  colorOf,
}: {
  label: string;
  set: ShareSet;
  colorOf: (id: string) => string;
}) {
  return (
    <div data-slot="share-of-voice-row" data-status={set.status} className="flex flex-col gap-1.5">
      <p className="text-sm font-medium">{label}</p>
      {set.status === "ok" ? (
        <div aria-hidden="true" className="bg-muted flex h-4 w-full overflow-hidden rounded-md">
          {set.shares.map((share) => (
            <div
              key={share.companyId}
              style={{ width: `${share.share * 100}%`, background: colorOf(share.companyId) }}
            />
          ))}
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">
          {sectionStateText(set.status, set.reason) ?? "No data for this period"}
        </p>
      )}
    </div>
  );
}

/**
 * Owned-channel share of voice (docs/analytics-methods.md §2): each company's share of the landscape's engagement,
 * posts and followers on its own accounts, per platform or over all of them, and of website visits. Labelled as
 * owned channels: Brandscope collects no mentions.
 */
export function ShareOfVoiceSection({ data }: { data: CompetitorAnalytics }) {
  const voice = data.shareOfVoice;
  const companies = [data.common.brand, ...data.competitors];
  const colorOf = (id: string) =>
    companyColor(
      Math.max(
        0,
        companies.findIndex((company) => company.id === id),
      ),
    );
  const [platform, setPlatform] = React.useState<Platform | null>(null);
  const scope = voice.scopes.find((s) => s.platform === platform) ?? voice.scopes[0];
  const month = voice.traffic.month;
  const sets = [
    ...(scope
      ? [
          { key: "engagement", label: "Engagement", set: scope.engagement },
          { key: "posts", label: "Posts", set: scope.posts },
          { key: "audience", label: "Followers", set: scope.audience },
        ]
      : []),
    {
      key: "traffic",
      label: month ? `Website visits, ${formatMonth(month)}` : "Website visits",
      set: voice.traffic,
    },
  ];
  return (
    <SectionCard
      title="Share of voice (owned channels)"
      description="Each company's share of the engagement, posts and followers on the companies' own accounts over the same days, and of website visits. Not mentions."
      className="lg:col-span-2"
    >
      <div className="flex flex-col gap-4">
        {voice.scopes.length > 1 ? (
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Platform</legend>
            {voice.scopes.map((s) => (
              <Button
                key={s.platform ?? "all"}
                size="sm"
                emphasis={s.platform === scope?.platform ? "primary" : "secondary"}
                aria-pressed={s.platform === scope?.platform}
                onClick={() => setPlatform(s.platform)}
              >
                {s.platform ? NETWORK_LABELS[s.platform] : "All platforms"}
              </Button>
            ))}
          </fieldset>
        ) : null}
        <ul aria-label="Companies" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {companies.map((company, index) => (
            <li key={company.id} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="size-3 rounded-sm"
                style={{ background: companyColor(index) }}
              />
              {company.name}
            </li>
          ))}
        </ul>
        {sets.map(({ key, label, set }) => (
          <ShareBar key={key} label={label} set={set} colorOf={colorOf} />
        ))}
        <table className="w-full text-sm">
          <caption className="sr-only">
            Share of voice (owned channels),{" "}
            {scope?.platform ? NETWORK_LABELS[scope.platform] : "all platforms"}
          </caption>
          <thead>
            <tr className="text-muted-foreground border-b text-left">
              <th scope="col" className="py-2 pr-4 font-medium">
                Company
              </th>
              {sets.map(({ key, label }) => (
                <th key={key} scope="col" className="py-2 pr-4 font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {companies.map((company) => (
              <tr key={company.id} className="border-b last:border-0" data-company={company.id}>
                <th scope="row" className="py-2 pr-4 text-left font-medium">
                  {company.name}
                </th>
                {sets.map(({ key, set }) => (
                  <td key={key} className="py-2 pr-4 tabular-nums">
                    {percentOf(set, company.id)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {voice.leftOut.length > 0 ? (
          <div className="text-muted-foreground text-xs">
            <p>Left out of the social shares, never counted as 0%:</p>
            <ul>
              {voice.leftOut.map((left) => (
                <li key={left.companyId}>{sentence(left.reason)}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </SectionCard>
  );
}
