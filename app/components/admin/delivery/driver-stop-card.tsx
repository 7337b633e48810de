import { Camera, MapPin, Phone } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Form, useRevalidator } from "react-router";
import type { z } from "zod";
import { Field, SelectField, TextareaField } from "~/components/admin/field";
import { Button, buttonVariants } from "~/components/admin/ui/button";
import { Badge } from "~/components/admin/ui/badge";
import type { DriverStop } from "~/domain/delivery/driver-runs.server";
import {
  CUSTOMER_MESSAGE_MAX,
  deliveredSchema,
  NOT_DELIVERED_REASON_LABELS,
  NOT_DELIVERED_REASONS,
  notDeliveredSchema,
  STOP_STATE_LABELS,
} from "~/domain/delivery/proof-schemas";
import { parseForm, type FieldErrors, type FormActionResult } from "~/lib/forms";
import { notify } from "~/lib/notify";
import { keepProof, sendProof } from "./proof-outbox";
import { SignaturePad } from "./signature-pad";

export const KEPT_MESSAGE = "Saved on this phone — it will be sent when you are back online";

const mapLink = (address: string[]) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.join(", "))}`;

const bigLink = buttonVariants({ variant: "outline", className: "h-11 min-w-11 justify-start" });

/**
 * A proof form's sending with the page's script: checked by its schema first, then sent to the
 * shop; an answer shows as a toast (or messages by the fields), no answer keeps the proof on
 * the phone. Without the script the form posts to the page and `pageResult` shows.
 */
function useProofSend(options: {
  schema: z.ZodType;
  pageResult?: FormActionResult;
  onKept: (note: string) => void;
}) {
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<FieldErrors>(
    options.pageResult && !options.pageResult.ok ? options.pageResult.fieldErrors : {},
  );
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const parsed = parseForm(options.schema, formData);
    if (!parsed.ok) {
      setErrors(parsed.fieldErrors);
      notify.error("Validation Error", {
        description: Object.values(parsed.fieldErrors)[0] ?? parsed.alert.description,
      });
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const outcome = await sendProof(formData);
      if (outcome.kind === "unreachable") {
        const { photoKept } = await keepProof(formData);
        options.onKept(
          photoKept
            ? KEPT_MESSAGE
            : `${KEPT_MESSAGE} (the photo was too large to keep: take it again later)`,
        );
        return;
      }
      const result = outcome.result;
      if (result.ok) {
        notify.success(result.message.title, { description: result.message.description });
        await revalidator.revalidate();
      } else {
        setErrors(result.fieldErrors);
        notify.error(result.alert.title, { description: result.alert.description });
      }
    } finally {
      setSending(false);
    }
  }

  const clearError = (name: string) =>
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  return { onSubmit, errors, clearError, sending };
}

function DeliveredForm({
  stop,
  proofKey,
  pageResult,
  onKept,
}: {
  stop: DriverStop;
  proofKey: string;
  pageResult?: FormActionResult;
  onKept: (note: string) => void;
}) {
  const form = useProofSend({ schema: deliveredSchema, pageResult, onKept });
  const id = (name: string) => `${name}-${stop.orderNumber}`;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={(event) => void form.onSubmit(event)}
      className="space-y-4"
      aria-label={`Delivered: order #${stop.orderNumber}`}
    >
      <input type="hidden" name="intent" value="delivered" />
      <input type="hidden" name="order" value={stop.orderNumber} />
      <input type="hidden" name="proofKey" value={proofKey} />
      <Field
        name="recipientName"
        id={id("recipientName")}
        label="Received by (name)"
        autoComplete="off"
        required
        className="h-11"
        error={form.errors.recipientName}
        onEdit={form.clearError}
      />
      <SignaturePad
        name="signature"
        id={id("signature")}
        error={form.errors.signature}
        onEdit={form.clearError}
      />
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input type="checkbox" name="signedOnPaper" className="size-5" />
        Signed on the paper run sheet instead
      </label>
      <Field
        name="photo"
        id={id("photo")}
        label="Photo (optional)"
        hint="Of the goods at the door; up to 10 MB."
        type="file"
        accept="image/*"
        capture="environment"
        className="h-11 py-2"
        error={form.errors.photo}
        onEdit={form.clearError}
      >
        <Camera aria-hidden className="pointer-events-none absolute top-3 right-3 size-4" />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={form.sending}>
        {form.sending ? "Sending..." : `Delivered: order #${stop.orderNumber}`}
      </Button>
    </Form>
  );
}

function NotDeliveredForm({
  stop,
  proofKey,
  pageResult,
  onKept,
}: {
  stop: DriverStop;
  proofKey: string;
  pageResult?: FormActionResult;
  onKept: (note: string) => void;
}) {
  const form = useProofSend({ schema: notDeliveredSchema, pageResult, onKept });
  const id = (name: string) => `${name}-${stop.orderNumber}`;
  return (
    <Form
      method="post"
      onSubmit={(event) => void form.onSubmit(event)}
      className="space-y-4"
      aria-label={`Not delivered: order #${stop.orderNumber}`}
    >
      <input type="hidden" name="intent" value="not-delivered" />
      <input type="hidden" name="order" value={stop.orderNumber} />
      <input type="hidden" name="proofKey" value={proofKey} />
      <SelectField
        name="reason"
        id={id("reason")}
        label="Why not"
        defaultValue=""
        className="h-11"
        error={form.errors.reason}
        onEdit={form.clearError}
      >
        <option value="" disabled>
          Choose a reason
        </option>
        {NOT_DELIVERED_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {NOT_DELIVERED_REASON_LABELS[reason]}
          </option>
        ))}
      </SelectField>
      <TextareaField
        name="note"
        id={id("note")}
        label="Note"
        hint="For the shop only; needed for Other."
        rows={2}
        error={form.errors.note}
        onEdit={form.clearError}
      />
      <TextareaField
        name="customerMessage"
        id={id("customerMessage")}
        label="Message for the customer (optional)"
        hint={`Sent with the e-mail that says why; up to ${CUSTOMER_MESSAGE_MAX} characters.`}
        rows={2}
        error={form.errors.customerMessage}
        onEdit={form.clearError}
      />
      <Button
        type="submit"
        size="lg"
        variant="destructive"
        className="w-full"
        disabled={form.sending}
      >
        {form.sending ? "Sending..." : `Not delivered: order #${stop.orderNumber}`}
      </Button>
    </Form>
  );
}

/**
 * One stop on the driver's phone: who and where, call and map, the goods with the add-ons to do
 * and what to collect, and its proof.
 */
export function DriverStopCard({
  stop,
  place,
  proofKeys,
  kept,
  pageResult,
}: {
  stop: DriverStop;
  place: number;
  proofKeys: { delivered: string; notDelivered: string };
  kept: boolean;
  /** The page's answer to a form posted without the page's script. */
  pageResult?: FormActionResult;
}) {
  const [keptNote, setKeptNote] = useState<string | null>(kept ? KEPT_MESSAGE : null);
  const open = stop.state === "booked" || stop.state === "out_for_delivery";
  // A refusal names its form by the values it keeps; a success shows at the top of the page.
  const ours =
    pageResult && !pageResult.ok && pageResult.values.order === String(stop.orderNumber)
      ? { intent: pageResult.values.intent, result: pageResult }
      : undefined;
  return (
    <li className="space-y-3 rounded-lg border p-4" data-testid="driver-stop">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-base font-semibold">
          {place}. {stop.name} <span className="text-muted-foreground">· #{stop.orderNumber}</span>
        </h3>
        <Badge
          variant={
            stop.state === "delivered"
              ? "default"
              : stop.state === "not_delivered"
                ? "destructive"
                : "secondary"
          }
        >
          {STOP_STATE_LABELS[stop.state]}
        </Badge>
      </div>
      {stop.outcome ? <p className="text-sm">{stop.outcome}</p> : null}
      <address className="text-sm not-italic">
        {stop.address.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
      {stop.accessNotes ? (
        <p className="text-sm">
          <span className="font-medium">Access: </span>
          {stop.accessNotes}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <a href={`tel:${stop.phone.replace(/[^\d+]/g, "")}`} className={bigLink}>
          <Phone aria-hidden /> Call {stop.phone}
        </a>
        <a href={mapLink(stop.address)} className={bigLink} target="_blank" rel="noreferrer">
          <MapPin aria-hidden /> Map
          <span className="sr-only"> of {stop.name}&apos;s address (opens a new tab)</span>
        </a>
      </div>
      <ul className="list-disc pl-5 text-sm">
        {stop.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {stop.addOns.length > 0 ? (
        <p className="text-sm">
          <span className="font-medium">To do: </span>
          {stop.addOns.join(", ")}
        </p>
      ) : null}
      <p className="text-sm">
        <span className="font-medium">To collect: </span>
        {stop.toCollect}
      </p>
      {keptNote && open ? (
        <p role="status" className="rounded-md border border-amber-600 p-3 text-sm font-medium">
          {keptNote}
        </p>
      ) : null}
      {open && !keptNote ? (
        <div className="space-y-2">
          <details className="rounded-md border" open={ours?.intent === "delivered" || undefined}>
            <summary className="flex min-h-11 cursor-pointer items-center px-3 font-medium">
              Delivered
            </summary>
            <div className="border-t p-3">
              <DeliveredForm
                stop={stop}
                proofKey={proofKeys.delivered}
                pageResult={ours?.intent === "delivered" ? ours.result : undefined}
                onKept={setKeptNote}
              />
            </div>
          </details>
          <details
            className="rounded-md border"
            open={ours?.intent === "not-delivered" || undefined}
          >
            <summary className="flex min-h-11 cursor-pointer items-center px-3 font-medium">
              Not delivered
            </summary>
            <div className="border-t p-3">
              <NotDeliveredForm
                stop={stop}
                proofKey={proofKeys.notDelivered}
                pageResult={ours?.intent === "not-delivered" ? ours.result : undefined}
                onKept={setKeptNote}
              />
            </div>
          </details>
        </div>
      ) : null}
    </li>
  );
}
