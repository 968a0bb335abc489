/**
 * Values as labelled horizontal bars, in a list a screen reader reads as 'coffee: 42 posts'; an item's note is a
 * second line under its label ('412 search clicks').
 */
export function BarList({
  label,
  unit,
  items,
}: {
  label: string;
  unit: string;
  items: readonly { label: string; value: number; color?: string; note?: string }[];
}) {
  if (items.length === 0) return <p className="text-muted-foreground text-sm">Nothing to show yet.</p>;
  const largest = Math.max(...items.map((item) => item.value), 1);
  return (
    <ol aria-label={label} className="flex flex-col gap-2">
      {items.map((item) => (
        <li key={item.label} className="grid grid-cols-[10rem_1fr_auto] items-center gap-3 text-sm">
          <span className="flex min-w-0 flex-col">
            <span className="truncate" title={item.label}>
              {item.label}
            </span>
            {item.note ? <span className="text-muted-foreground truncate text-xs">{item.note}</span> : null}
          </span>
          <span aria-hidden="true" className="bg-muted h-2 overflow-hidden rounded-full">
            <span
              className="block h-full rounded-full"
              style={{
                width: `${(item.value / largest) * 100}%`,
                background: item.color || "var(--chart-1)",
              }}
            />
          </span>
          <span className="text-muted-foreground tabular-nums">
            {item.value} <span className="sr-only">{unit}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
