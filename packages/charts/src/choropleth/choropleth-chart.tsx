import { formatPercent } from "@brandscope/ui/format";
import { ResponsiveWrapper } from "@nivo/core";
import { Choropleth } from "@nivo/geo";
import { ChartFrame } from "../shared/chart-frame";
import { ChartTooltip } from "../shared/chart-tooltip";
import { mixColors } from "../theme/color";
import { useChartTheme } from "../theme/use-chart-theme";
import { COUNTRIES, type CountryFeature, countryName } from "./world-countries";

export interface TrafficByCountryDatum {
  /** ISO 3166-1 alpha-3, e.g. "USA". */
  countryId: string;
  /** Fraction of the visits (0–1). */
  visitsShare: number;
}

export interface ChoroplethChartProps {
  data: readonly TrafficByCountryDatum[];
  ariaLabel: string;
  /** What the shares are of, in the table's column and the tooltip; "Share of visits" unless told. */
  shareLabel?: string;
  emptyMessage?: string;
  className?: string;
}

// Natural Earth without Antarctica, measured at scale 1: 5.405 wide, 2.352 tall, centred 0.203 above the equator.
const MAP_WIDTH = 5.405;
const MAP_HEIGHT = 2.352;
const MAP_CENTRE_Y = -0.2028;
const STEPS = 6;

/** Share of visits by country on a world map, shaded from light (few) to the accent colour (most). */
export function ChoroplethChart({
  data,
  ariaLabel,
  shareLabel = "Share of visits",
  emptyMessage,
  className,
}: ChoroplethChartProps) {
  const theme = useChartTheme();
  const accent = theme.resolve("var(--chart-1)");
  // Each step by the weight of the accent in it: a key that stays unique when colours do not (an unresolved theme).
  const scale = Array.from({ length: STEPS }, (_, step) => {
    const weight = 0.2 + (0.8 * step) / (STEPS - 1);
    return { weight, colour: mixColors(theme.tokens.card, accent, weight) };
  });
  const colours = scale.map((step) => step.colour);
  const rows = [...data]
    .map((datum) => ({ ...datum, countryId: datum.countryId.toUpperCase() }))
    .sort((a, b) => b.visitsShare - a.visitsShare);
  const largest = Math.max(0, ...rows.map((row) => row.visitsShare));

  return (
    <ChartFrame
      ariaLabel={ariaLabel}
      size={{ aspectRatio: MAP_WIDTH / MAP_HEIGHT }}
      isEmpty={rows.length === 0}
      emptyMessage={emptyMessage}
      className={className}
      table={{
        columns: ["Country", shareLabel],
        rows: rows.map((row) => ({
          id: row.countryId,
          cells: [
            countryName(row.countryId) ?? row.countryId,
            formatPercent(row.visitsShare, { decimals: 1 }),
          ],
        })),
      }}
      footer={<ColourScale scale={scale} largest={largest} />}
    >
      <ResponsiveWrapper>
        {({ width, height }) => {
          const scale = Math.min(width / MAP_WIDTH, height / MAP_HEIGHT);
          return (
            <Choropleth
              width={width}
              height={height}
              features={COUNTRIES}
              data={rows}
              match={(feature: CountryFeature, datum: TrafficByCountryDatum) =>
                feature.id === datum.countryId
              }
              value="visitsShare"
              label="properties.name"
              domain={[0, largest || 1]}
              colors={colours}
              unknownColor={theme.tokens.muted}
              borderWidth={0.5}
              borderColor={theme.tokens.card}
              projectionType="naturalEarth1"
              projectionScale={scale}
              projectionTranslation={[0.5, 0.5 - (MAP_CENTRE_Y * scale) / height]}
              role="presentation"
              theme={theme.nivo}
              tooltip={({ feature }) =>
                feature.data ? (
                  <ChartTooltip
                    title={feature.label}
                    color={feature.color}
                    rows={[[shareLabel, formatPercent(feature.value, { decimals: 1 })]]}
                  />
                ) : null
              }
            />
          );
        }}
      </ResponsiveWrapper>
    </ChartFrame>
  );
}

function ColourScale({
  scale,
  largest,
}: {
  scale: readonly { weight: number; colour: string }[];
  largest: number;
}) {
  return (
    <div aria-hidden className="text-muted-foreground mt-2 flex items-center justify-end gap-2 text-xs">
      <span>0%</span>
      <span className="flex h-2 w-32 overflow-hidden rounded-sm">
        {scale.map((step) => (
          <span key={step.weight} className="flex-1" style={{ background: step.colour }} />
        ))}
      </span>
      <span>{formatPercent(largest, { decimals: 1 })}</span>
    </div>
  );
}
