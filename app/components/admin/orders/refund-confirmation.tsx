import { useEffect, useRef } from "react";
import type { useFetcher } from "react-router";
import { Field } from "~/components/admin/field";
import { Button } from "~/components/admin/ui/button";
import type { RefundPreview } from "~/domain/invoicing/refund-order.server";
import { PROVIDER_NAMES, type PaymentProviderName } from "~/domain/payments/provider";
import type { FieldErrors, FormAlert } from "~/lib/forms";
import { formatMoney } from "~/lib/money";

const money = (cents: number) => formatMoney(cents, { cents: true });

/** The action's answer to "refund-preview": the split, and the form's fields to confirm. */
export type RefundPreviewAnswer = {
  ok: true;
  message: FormAlert;
  preview: RefundPreview;
  values: Record<string, string>;
};

export function isRefundPreview(result: unknown): result is RefundPreviewAnswer {
  return typeof result === "object" && result !== null && "preview" in result;
}

/** One part as staff read it: "R600.00 through PayFast", "R400.00 by hand". */
function partText(part: RefundPreview["parts"][number], method: string) {
  if (part.method === "provider") {
    const name = PROVIDER_NAMES[part.provider as PaymentProviderName] ?? "the payment provider";
    return `${money(part.amountCents)} through ${name}`;
  }
  return `${money(part.amountCents)} ${method === "eft" ? "by EFT from the shop's account" : "by hand"}`;
}

/**
 * The refund's second step: what it pays back and how, split by payment, with what the form
 * said kept as hidden fields and what the preview read of the order's refunds; Confirm posts
 * the refund (once: posted again, it is refused), Back returns to the form. A part paid
 * by hand asks for its reference here when the form did not (the money goes back by provider).
 */
export function RefundConfirmation({
  answer,
  Form,
  errors,
  submitting,
  onBack,
  onEdit,
  intent = "refund",
  title = "Confirm the refund",
  after,
}: {
  answer: RefundPreviewAnswer;
  /** What Confirm posts: a refund, or a cancellation that pays the order back. */
  intent?: "refund" | "cancel";
  title?: string;
  /** What else confirming does, said after the refund's own words. */
  after?: string;
  Form: ReturnType<typeof useFetcher>["Form"];
  errors: FieldErrors;
  submitting: boolean;
  onBack: () => void;
  onEdit: (name: string) => void;
}) {
  const { preview, values } = answer;
  const method = values.method ?? "provider";
  const byHand = preview.parts.some((p) => p.method === "hand");
  const asksReference = byHand && method !== "eft";
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard users land on what they are asked to confirm.
  useEffect(() => heading.current?.focus(), []);
  const kept = Object.entries(values).filter(
    ([name]) =>
      name !== "intent" && name !== "refundsSeen" && !(asksReference && name === "eftReference"),
  );
  return (
    <Form
      method="post"
      className="space-y-4"
      aria-labelledby="refund-confirm-heading"
      data-testid="refund-confirmation"
    >
      <h4 id="refund-confirm-heading" ref={heading} tabIndex={-1} className="font-medium">
        {title}
      </h4>
      <input type="hidden" name="intent" value={intent} />
      {/* What the preview read of the order's refunds: posted twice, the second is refused. */}
      <input type="hidden" name="refundsSeen" value={preview.refundsSeen} />
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="rounded-md bg-muted p-3 text-sm">
        <p className="font-medium" data-testid="refund-preview">
          Pay back {money(preview.amountCents)}:{" "}
          {preview.parts
            .map(
              (p) =>
                `${partText(p, method)}${p.method === "hand" && asksReference ? " (enter its reference)" : ""}`,
            )
            .join(", ")}
          .
        </p>
        {preview.why.length > 0 && (
          <ul className="mt-1 list-disc pl-5" data-testid="refund-why">
            {preview.why.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        <p className="mt-1 text-muted-foreground">
          {values.reason ? `Reason: ${values.reason}. ` : ""}
          {preview.restock
            ? "Returned goods go back into stock."
            : "No goods go back into stock."}{" "}
          A credit note is issued and the customer is e-mailed once the money is paid back.
          {after ? ` ${after}` : ""}
        </p>
        {method === "eft" && values.eftReference && (
          <p className="mt-1 text-muted-foreground">EFT reference: {values.eftReference}</p>
        )}
      </div>
      {asksReference && (
        <div className="max-w-xs">
          <Field
            name="eftReference"
            label="Reference of the part paid by hand (EFT or till)"
            defaultValue={values.eftReference ?? ""}
            error={errors.eftReference}
            onEdit={onEdit}
          />
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="destructive" disabled={submitting}>
          {submitting ? "Refunding..." : `Confirm: pay back ${money(preview.amountCents)}`}
        </Button>
        {/* A link without JavaScript (the form again, as loaded); with it, the form as typed. */}
        <Button variant="outline" asChild>
          <a
            href="?"
            onClick={(event) => {
              event.preventDefault();
              onBack();
            }}
          >
            Back
          </a>
        </Button>
      </div>
    </Form>
  );
}
