import { LineQuantityField } from "~/components/admin/line-quantity-field";
import { refundQuantityField } from "~/domain/invoicing/refund-schemas";
import type { FieldErrors } from "~/lib/forms";
import { formatMoney } from "~/lib/money";

export type GiveBackLine = {
  position: number;
  description: string;
  /** Shown beside the description when given. */
  sku?: string;
  unitPriceCents: number;
  quantity: number;
  /** How many can still be given back (refunded or credited). */
  left: number;
};

/**
 * An invoice's lines with how many of each come back, as the refund form and the credit dialog
 * ask it (`qty.<position>`): each line's price and how many of it are left, a line with none
 * left disabled. Typing a quantity clears its message and the amount's (one or the other).
 */
export function GiveBackLines({
  lines,
  verb,
  values,
  errors,
  clearError,
}: {
  lines: GiveBackLine[];
  verb: "refunded" | "credited";
  values: Record<string, string | undefined>;
  errors: FieldErrors;
  clearError: (name: string) => void;
}) {
  return (
    <ul className="space-y-3">
      {lines.map((line) => {
        const name = refundQuantityField(line.position);
        return (
          <LineQuantityField
            key={line.position}
            name={name}
            label={
              line.sku ? (
                <>
                  {line.description}{" "}
                  <span className="font-mono text-xs text-muted-foreground">{line.sku}</span>
                </>
              ) : (
                line.description
              )
            }
            note={`${formatMoney(line.unitPriceCents, { cents: true })} each · ${line.left} of ${line.quantity} can be ${verb}`}
            defaultValue={values[name] ?? "0"}
            errors={errors}
            disabled={line.left === 0}
            onEdit={() => {
              clearError(name);
              clearError("amount");
            }}
          />
        );
      })}
    </ul>
  );
}
