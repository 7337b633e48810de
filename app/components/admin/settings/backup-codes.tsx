import { Button, buttonVariants } from "~/components/admin/ui/button";

/**
 * The backup codes, shown once after they are made: as a list, as a text file to download and
 * printable. Each signs in once when the phone is not at hand.
 */
export function BackupCodes({ codes }: { codes: string[] }) {
  const text = [
    "Slumber Corner Beds: two-factor backup codes",
    "Each code signs you in once. Keep them somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\n");
  return (
    <div
      role="region"
      aria-labelledby="backup-codes-heading"
      className="space-y-3 rounded-md border border-border bg-muted/40 p-4"
    >
      <h4 id="backup-codes-heading" className="font-medium">
        Your backup codes
      </h4>
      <p className="text-sm text-muted-foreground">
        Each code signs you in once if your phone is lost or not at hand. They are shown only now:
        download or print them and keep them somewhere safe.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-background px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2 print:hidden">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="slumber-corner-backup-codes.txt"
          className={buttonVariants({ variant: "outline" })}
        >
          Download codes
        </a>
        <Button type="button" variant="outline" onClick={() => window.print()}>
          Print codes
        </Button>
      </div>
    </div>
  );
}
