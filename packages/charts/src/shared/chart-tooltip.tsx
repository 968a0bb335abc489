export interface ChartTooltipProps {
  title: string;
  color?: string;
  rows: readonly (readonly [label: string, value: string])[];
}

/** The one tooltip look for every chart, in the design system's popover tokens. */
export function ChartTooltip({ title, color, rows }: ChartTooltipProps) {
  return (
    <div
      data-slot="chart-tooltip"
      className="bg-popover text-popover-foreground min-w-32 rounded-md border px-2.5 py-1.5 text-xs shadow-md"
    >
      <div className="flex items-center gap-2 font-medium">
        {color ? (
          <span aria-hidden className="size-2.5 shrink-0 rounded-sm" style={{ background: color }} />
        ) : null}
        {title}
      </div>
      {rows.length > 0 ? (
        <dl className="mt-1 grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
