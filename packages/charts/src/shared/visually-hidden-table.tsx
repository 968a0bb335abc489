import type { ReactNode } from "react";

export interface VisuallyHiddenTableProps {
  caption: string;
  columns: readonly string[];
  rows: readonly { id: string; cells: readonly ReactNode[] }[];
}

/**
 * The chart's data as a table that screen readers announce and sighted users never see: the text
 * alternative to the picture, which is only labelled as a whole. The clip sits on a wrapper: a table is never
 * narrower than its content whatever its width says, so `sr-only` on the table itself left a box as wide as
 * its text, and the page scrolled sideways and grew past its end.
 */
export function VisuallyHiddenTable({ caption, columns, rows }: VisuallyHiddenTableProps) {
  return (
    <div data-slot="chart-data-clip" className="sr-only">
      <table data-slot="chart-data">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ id, cells }) => (
            <tr key={id}>
              {cells.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  <th key={columns[cellIndex]} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={columns[cellIndex]}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
