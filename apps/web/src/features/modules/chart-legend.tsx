/** A chart's colours named, beside the chart: the doughnut's slices carry percentages but not their labels. */
export function ChartLegend({
  items,
}: {
  items: { id: string; label: string; color?: string | undefined }[];
}) {
  return (
    <ul
      aria-label="Legend"
      className="text-muted-foreground flex flex-wrap justify-center gap-x-4 gap-y-1.5 text-xs"
    >
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-1.5">
          <span aria-hidden className="size-2.5 rounded-full" style={{ background: item.color }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
