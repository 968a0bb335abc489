import type { Brand } from "@brandscope/api-client";
import { ChartLegend } from "@brandscope/charts/legend";
import { NETWORK_LABELS, networkColor } from "@brandscope/charts/networks";
import { Badge } from "@brandscope/ui/badge";
import { DataTable } from "@brandscope/ui/data-table";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ButtonLink } from "~/lib/link";
import { BrandGate } from "../modules/brand-gate";
import { DoughnutChart, LineChart, RadarChart } from "../modules/charts";
import { formatCount, formatCpc, formatMonth, formatRate, formatShare } from "../modules/format";
import { ModulePage, SectionCard } from "../modules/module-page";
import { NO_OWN_CREATORS, OWN_KEYWORD_WAYS_IN } from "../modules/own-pools";
import { usePeriod } from "../modules/period";
import { ProvenanceLine } from "../modules/provenance-line";
import { QueryError } from "../modules/query-error";
import { type PersonaDetails, personaOptions } from "./queries";

const genderWords = { female: "Women", male: "Men", mixed: "Women and men" } as const;

/**
 * Whether the persona's audience data said which networks its people use: a Google Analytics 4 audience does not,
 * and then no engagement or activity can be estimated from a platform mix.
 */
export const hasPlatformMix = (persona: Pick<PersonaDetails, "platformSplit">) =>
  persona.platformSplit.some((item) => item.share > 0);

/** Said instead of an activity line when there is no platform mix to estimate it from. */
export const NO_PLATFORM_ACTIVITY =
  "No estimate: this persona comes from your website's visitors (Google Analytics 4), which do not say which social networks they use";

/** The persona's charts' data, from the contract's shapes to the charts' neutral ones. */
export function personaChartData(persona: PersonaDetails) {
  return {
    radar: {
      axes: persona.interestRadar.map((item) => item.interest),
      series: [
        { id: persona.id, label: persona.name, values: persona.interestRadar.map((item) => item.score) },
      ],
    },
    platforms: persona.platformSplit.map((item) => ({
      id: item.platform,
      label: NETWORK_LABELS[item.platform],
      value: item.share,
      color: networkColor(item.platform),
    })),
    activity: [
      {
        id: "activity",
        label: "Activity",
        points: persona.activity.map((point) => ({ x: formatMonth(point.date), y: point.value })),
      },
    ],
  };
}

export function PersonaScreen({ id }: { id: string }) {
  return <BrandGate title="Persona">{(brand) => <PersonaModule id={id} brand={brand} />}</BrandGate>;
}

function PersonaModule({ id, brand }: { id: string; brand: Brand }) {
  const [period, setPeriod] = usePeriod("audience");
  const persona = useQuery(personaOptions(id, period));
  const data = persona.data;

  return (
    <ModulePage
      title={data?.name ?? "Persona details"}
      description={
        data
          ? `${genderWords[data.gender]}, ${data.ageMin}–${data.ageMax} · ${formatCount(data.size)} people · ${formatShare(data.share)} of your audience · ${
              hasPlatformMix(data)
                ? `engagement rate ${formatRate(data.engagementRate)}`
                : "no engagement estimate (no platform data)"
            }`
          : "Who this persona is and what they care about."
      }
      brand={brand}
      period={period}
      onPeriodChange={setPeriod}
      provenance={data ? <ProvenanceLine provenance={data.provenance} /> : null}
      actions={
        <ButtonLink to="/audience" emphasis="ghost" size="sm">
          All personas
        </ButtonLink>
      }
    >
      {persona.isError ? (
        <QueryError
          what="this persona"
          error={persona.error}
          onRetry={() => void persona.refetch()}
          retrying={persona.isFetching}
        />
      ) : !data ? (
        <div role="status" aria-label="Loading the persona" className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-80" />
          <Skeleton className="h-80" />
          <Skeleton className="h-96 lg:col-span-2" />
        </div>
      ) : (
        <PersonaDetailsView persona={data} sample={brand.sample} />
      )}
    </ModulePage>
  );
}

function PersonaDetailsView({ persona, sample }: { persona: PersonaDetails; sample: boolean }) {
  const charts = personaChartData(persona);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {persona.interests.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5 lg:col-span-2" aria-label="Interests">
          {persona.interests.map((interest) => (
            <li key={interest}>
              <Badge tone="info">{interest}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <SectionCard title="Interests" description="How strongly each interest shows, from 0 to 100">
        <RadarChart
          axes={charts.radar.axes}
          series={charts.radar.series}
          ariaLabel={`Interests of ${persona.name}`}
          emptyMessage="No interests measured yet"
        />
      </SectionCard>
      <SectionCard title="Platforms" description="Where this persona spends its time">
        <DoughnutChart
          data={charts.platforms}
          ariaLabel={`Platforms of ${persona.name}`}
          valueFormat={formatShare}
          emptyMessage="No platform data yet"
        />
        {hasPlatformMix(persona) ? <ChartLegend items={charts.platforms} /> : null}
      </SectionCard>
      <SectionCard
        title="Activity"
        className="lg:col-span-2"
        description="Engagements per month over the last year, estimated from this persona's platform mix"
      >
        <LineChart
          series={charts.activity}
          ariaLabel={`Activity of ${persona.name}`}
          xLabel="Month"
          emptyMessage={hasPlatformMix(persona) ? "No activity in this period" : NO_PLATFORM_ACTIVITY}
        />
      </SectionCard>
      <SectionCard title="Keywords" description="What this persona searches for, and what a click costs">
        <DataTable
          caption={`Keywords of ${persona.name}`}
          hideCaption
          rows={persona.keywords}
          getRowId={(row) => row.keyword}
          empty={
            sample
              ? "No keywords yet."
              : `No keywords yet: personas are matched with your brand's own keywords. ${OWN_KEYWORD_WAYS_IN}`
          }
          columns={[
            { id: "keyword", header: "Keyword", rowHeader: true, cell: (row) => row.keyword },
            {
              id: "volume",
              header: "Monthly searches",
              align: "end",
              cell: (row) => formatCount(row.volume),
            },
            { id: "cpc", header: "Cost per click", align: "end", cell: (row) => formatCpc(row.cpc) },
          ]}
        />
      </SectionCard>
      <SectionCard title="Matching influencers" description="Influencers whose audience matches this persona">
        <DataTable
          caption={`Influencers matching ${persona.name}`}
          hideCaption
          rows={[...persona.influencers].sort((a, b) => b.matchScore - a.matchScore)}
          getRowId={(row) => row.id}
          empty={sample ? "No matching influencers yet." : `No matching creators. ${NO_OWN_CREATORS}`}
          columns={[
            {
              id: "name",
              header: "Influencer",
              rowHeader: true,
              cell: (row) => (
                <Link
                  to="/influencer/$id/details"
                  params={{ id: row.id }}
                  className="font-medium underline-offset-4 hover:underline"
                >
                  {row.name}
                </Link>
              ),
            },
            { id: "platform", header: "Platform", cell: (row) => NETWORK_LABELS[row.platform] },
            { id: "match", header: "Match", align: "end", cell: (row) => formatShare(row.matchScore) },
          ]}
        />
      </SectionCard>
    </div>
  );
}
