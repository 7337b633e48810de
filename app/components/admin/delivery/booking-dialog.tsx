import { CalendarCheck, CalendarClock } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { SelectField } from "~/components/admin/field";
import { FormDialog } from "~/components/admin/form-dialog";
import { Button } from "~/components/admin/ui/button";
import { deliveryBookingSchema, quotedBookingSchema } from "~/domain/delivery/booking-schemas";
import { formatLongDay } from "~/domain/delivery/day-names";
import type { FormActionResult } from "~/lib/forms";
import { notify } from "~/lib/notify";

const BOOKING_FETCHER = "delivery-booking";

/**
 * Toasts a booking or a move: on the page, because the row whose dialog sent it may leave the
 * page once saved (booked orders leave "To book"; a moved one leaves its old day).
 */
export function useBookingToasts() {
  const fetcher = useFetcher<FormActionResult>({ key: BOOKING_FETCHER });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const r = fetcher.data;
    if (r.ok) notify.success(r.message.title, { description: r.message.description });
    else notify.error(r.alert.title, { description: r.alert.description });
  }, [fetcher.state, fetcher.data]);
}

/** The zone's next free days, as the page's loader read them (DeliveryChoice). */
export type DayChoice = { zoneId: number; zoneName: string; kind: string; days: string[] };

/**
 * "Book" (an order with no day) or "Move" (a booked one): a dialog with the zone's next free
 * days as radio buttons, the first chosen; posts to the Deliveries action, which books through
 * the engine. A day that filled up meanwhile is answered by the day field with the next free one.
 * An order quoted for our own truck outside every zone is given `zoneChoices` instead of its
 * `choice`: a zone to choose first (whose round takes it), then that zone's days.
 */
export function BookingDialog({
  mode,
  orderNumber,
  choice,
  zoneChoices,
  bookedDay,
  compact = false,
}: {
  mode: "book" | "move";
  orderNumber: number;
  choice?: DayChoice;
  /** Each active zone's standard days, for an order quoted for our own truck. */
  zoneChoices?: DayChoice[];
  /** The day it is booked on (Move): not offered again. */
  bookedDay?: string;
  /** A row's small button rather than a card's. */
  compact?: boolean;
}) {
  const [zoneId, setZoneId] = useState("");
  const chosen = zoneChoices ? zoneChoices.find((c) => String(c.zoneId) === zoneId) : choice;
  const days = (chosen?.days ?? []).filter((d) => d !== bookedDay);
  const verb = mode === "book" ? "Book" : "Move";
  const Icon = mode === "book" ? CalendarCheck : CalendarClock;
  return (
    <FormDialog
      trigger={
        <Button
          size="sm"
          variant={mode === "book" ? "default" : "outline"}
          aria-label={compact ? `${verb} delivery for order #${orderNumber}` : undefined}
        >
          <Icon aria-hidden /> {compact ? verb : `${verb} delivery day`}
        </Button>
      }
      title={`${verb} delivery: order #${orderNumber}`}
      description={
        zoneChoices
          ? "Outside every zone, quoted for our own truck: choose the zone whose round takes it, then a day."
          : `${choice?.zoneName}, ${choice?.kind} delivery.${
              bookedDay ? ` Booked for ${formatLongDay(bookedDay)}.` : ""
            }`
      }
      action="/admin/deliveries"
      intent={mode}
      schema={zoneChoices ? quotedBookingSchema : deliveryBookingSchema}
      submitLabel={mode === "book" ? "Book Day" : "Move Delivery"}
      submittingLabel={mode === "book" ? "Booking..." : "Moving..."}
      resetOnSuccess={false}
      fetcherKey={BOOKING_FETCHER}
      toasts={false}
    >
      {(form) => {
        const errorId = `deliver-${orderNumber}-error`;
        const error = form.errors.deliveryDay ?? form.errors.order;
        return (
          <>
            <input type="hidden" name="order" value={orderNumber} />
            {zoneChoices ? (
              <SelectField
                id={`zone-${orderNumber}`}
                name="zone"
                label="Zone"
                error={form.errors.zone}
                onEdit={form.clearError}
                value={zoneId}
                onChange={(e) => setZoneId(e.currentTarget.value)}
              >
                <option value="">Choose a zone</option>
                {zoneChoices.map((c) => (
                  <option key={c.zoneId} value={c.zoneId}>
                    {c.zoneName}
                  </option>
                ))}
              </SelectField>
            ) : null}
            <fieldset
              key={chosen?.zoneId ?? "none"}
              className="space-y-2"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            >
              <legend className="mb-2 text-sm font-medium">Delivery day</legend>
              {!chosen ? (
                <p className="text-sm text-muted-foreground">
                  Choose a zone to see the days its round has free.
                </p>
              ) : days.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  No day is free in the coming weeks: raise the zone&apos;s drops a day or call the
                  customer.
                </p>
              ) : (
                days.map((day, i) => (
                  <label
                    key={day}
                    className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary"
                  >
                    <input
                      type="radio"
                      name="deliveryDay"
                      value={day}
                      defaultChecked={i === 0}
                      onChange={() => form.clearError("deliveryDay")}
                      className="size-4 accent-primary"
                    />
                    {formatLongDay(day)}
                  </label>
                ))
              )}
            </fieldset>
            {error ? (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </>
        );
      }}
    </FormDialog>
  );
}
