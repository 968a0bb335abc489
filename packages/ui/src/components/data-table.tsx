import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/cn";
import { Skeleton } from "./skeleton";

/* ---------------------------------------------------------------------------------------------------------
 * Table parts: semantic <table> elements with the design system's look, for lists that need their own shape.
 * ------------------------------------------------------------------------------------------------------- */

export function Table({ className, ...props }: React.ComponentProps<"table">) {
  return (
    <div data-slot="table-container" className="relative w-full overflow-x-auto rounded-lg border">
      <table data-slot="table" className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

export function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return (
    <caption
      data-slot="table-caption"
      className={cn("text-muted-foreground border-t px-4 py-3 text-left text-sm", className)}
      {...props}
    />
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return (
    <thead data-slot="table-header" className={cn("bg-muted/50 [&_tr]:border-b", className)} {...props} />
  );
}

export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody data-slot="table-body" className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr
      data-slot="table-row"
      className={cn("hover:bg-muted/40 border-b transition-colors", className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        "text-muted-foreground h-10 px-4 text-left align-middle text-xs font-medium whitespace-nowrap",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<"td">) {
  return <td data-slot="table-cell" className={cn("px-4 py-3 align-middle", className)} {...props} />;
}

/* ---------------------------------------------------------------------------------------------------------
 * DataTable: columns + rows, with sorting, loading rows and an empty state.
 * ------------------------------------------------------------------------------------------------------- */

export type SortDirection = "ascending" | "descending";
export type DataTableSort = { columnId: string; direction: SortDirection };

export type DataTableColumn<Row> = {
  id: string;
  header: React.ReactNode;
  cell: (row: Row, index: number) => React.ReactNode;
  /** Numbers read best right-aligned. */
  align?: "start" | "end";
  /** The header becomes a button that asks for this column's sort (the caller sorts the rows). */
  sortable?: boolean;
  /** The cell names its row (e.g. the persona's name): rendered as a row header. */
  rowHeader?: boolean;
  /** The loading placeholder's width, e.g. 'w-32'. */
  skeletonClassName?: string;
  className?: string;
};

export type DataTableProps<Row> = Omit<React.ComponentProps<"table">, "children"> & {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row, index: number) => string;
  /** The table's name ('Personas'); required: it is how assistive technology announces the table. */
  caption: React.ReactNode;
  /** Keeps the caption for assistive technology only, when a heading above already says it. */
  hideCaption?: boolean;
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort) => void;
  loading?: boolean;
  /** How many placeholder rows show while loading. */
  loadingRows?: number;
  /** Shown across the table when there are no rows (and it is not loading), e.g. an <EmptyState>. */
  empty?: React.ReactNode;
};

const alignClass = { start: "text-left", end: "text-right" } as const;

function SortIcon({ direction }: { direction?: SortDirection }) {
  if (direction === "ascending") return <ArrowUp aria-hidden="true" />;
  if (direction === "descending") return <ArrowDown aria-hidden="true" />;
  return <ArrowUpDown aria-hidden="true" className="opacity-50" />;
}

/** A list of personas, influencers or keywords as an accessible table. Data comes in sorted; no fetching. */
export function DataTable<Row>({
  className,
  columns,
  rows,
  getRowId,
  caption,
  hideCaption = false,
  sort,
  onSortChange,
  loading = false,
  loadingRows = 5,
  empty = "Nothing to show yet.",
  ...props
}: DataTableProps<Row>) {
  return (
    <Table data-slot="data-table" aria-busy={loading || undefined} className={className} {...props}>
      <TableCaption className={cn(hideCaption && "sr-only")}>{caption}</TableCaption>
      <TableHeader>
        <tr>
          {columns.map((column) => {
            const sorted = sort?.columnId === column.id ? sort.direction : undefined;
            const align = alignClass[column.align ?? "start"];
            return (
              <TableHead
                key={column.id}
                scope="col"
                aria-sort={sorted}
                className={cn(align, column.className)}
              >
                {column.sortable && onSortChange ? (
                  <button
                    type="button"
                    data-slot="data-table-sort"
                    onClick={() =>
                      onSortChange({
                        columnId: column.id,
                        direction: sorted === "ascending" ? "descending" : "ascending",
                      })
                    }
                    className={cn(
                      "hover:text-foreground -mx-1 inline-flex items-center gap-1 rounded-sm px-1 py-0.5 [&_svg]:size-3.5",
                      "focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px]",
                      sorted && "text-foreground",
                      column.align === "end" && "flex-row-reverse",
                    )}
                  >
                    {column.header}
                    <SortIcon direction={sorted} />
                  </button>
                ) : (
                  column.header
                )}
              </TableHead>
            );
          })}
        </tr>
      </TableHeader>
      <TableBody>
        {loading ? (
          Array.from({ length: loadingRows }, (_, index) => (
            // Placeholder rows have no identity but their position.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <TableRow key={index} data-slot="data-table-loading-row">
              {columns.map((column) => (
                <TableCell key={column.id} className={alignClass[column.align ?? "start"]}>
                  <Skeleton
                    className={cn(
                      "h-4 w-24",
                      column.align === "end" && "ml-auto w-12",
                      column.skeletonClassName,
                    )}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))
        ) : rows.length === 0 ? (
          <tr data-slot="data-table-empty">
            <TableCell colSpan={columns.length} className="text-muted-foreground p-0 text-center">
              {typeof empty === "string" ? <p className="px-4 py-10">{empty}</p> : empty}
            </TableCell>
          </tr>
        ) : (
          rows.map((row, index) => (
            <TableRow key={getRowId(row, index)}>
              {columns.map((column) => {
                const align = alignClass[column.align ?? "start"];
                const content = column.cell(row, index);
                return column.rowHeader ? (
                  <th
                    key={column.id}
                    scope="row"
                    data-slot="table-cell"
                    className={cn("px-4 py-3 text-left align-middle font-medium", align, column.className)}
                  >
                    {content}
                  </th>
                ) : (
                  <TableCell key={column.id} className={cn(align, column.className)}>
                    {content}
                  </TableCell>
                );
              })}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
