import type { ReactNode } from "react";

export interface VisuallyHiddenTableProps {
  caption: string;
  columns: readonly string[];
  rows: readonly { id: string; cells: readonly ReactNode[] }[];
}

/**
 * The chart's data as a table that screen readers announce and sighted users never see: the text
 * alternative to the picture, which is only labelled as a whole.
 */
export function VisuallyHiddenTable({ caption, columns, rows }: VisuallyHiddenTableProps) {
  return (
    <table data-slot="chart-data" className="sr-only">
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
  );
}
