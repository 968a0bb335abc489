import { cn } from "@brandscope/ui/cn";

export interface LegendEntry {
  label: string;
  /** Any CSS colour; none: the theme's muted colour. */
  color?: string | undefined;
}

/** A chart's colours named: a swatch and a label per entry. */
export function ChartLegend({ items, className }: { items: readonly LegendEntry[]; className?: string }) {
  return (
    <ul
      data-slot="chart-legend"
      aria-label="Legend"
      className={cn("text-muted-foreground flex flex-wrap gap-x-4 gap-y-2 text-sm", className)}
    >
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span aria-hidden className="size-2.5 shrink-0 rounded-sm" style={{ background: item.color }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
