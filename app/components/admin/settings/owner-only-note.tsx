/** Why a staff member sees a shop-wide tab without being able to change it. */
export function OwnerOnlyNote() {
  return (
    <p
      role="note"
      className="rounded-md border border-border bg-muted/50 px-3 py-2 text-sm text-muted-foreground"
    >
      These settings are the shop&apos;s own and apply to everyone: only the owner can change them.
      Ask the owner if something here needs updating.
    </p>
  );
}
