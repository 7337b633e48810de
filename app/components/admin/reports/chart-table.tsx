/** A chart's figures as a table, folded under it: its text alternative, for every reader. */
export function ChartTable({
  summary,
  head,
  rows,
  empty,
}: {
  summary: string;
  head: string[];
  rows: string[][];
  empty: string;
}) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-primary underline-offset-4 hover:underline">
        {summary}
      </summary>
      {rows.length === 0 ? (
        <p className="mt-2 text-muted-foreground">{empty}</p>
      ) : (
        <table className="mt-2 w-full text-left">
          <thead>
            <tr>
              {head.map((h, i) => (
                <th key={h} scope="col" className={i === 0 ? "py-1" : "py-1 text-right"}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row[0]} className="border-t">
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className="py-1 font-normal">
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className="py-1 text-right tabular-nums">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
