import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { DeliveryDayChoice } from "~/components/store/checkout/delivery-day-choice";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { DayChoice } from "~/domain/delivery/shopper-delivery.server";

export type ShopperDelivery = {
  day: string;
  label: string;
  zoneName: string;
  express: boolean;
  mayMove: boolean;
  /** The driver could not deliver: no day is booked, and the shopper chooses a new one. */
  missed?: boolean;
  /** Why, in the shop's words (none for "Other"), and the driver's message for the shopper. */
  missedReason?: string | null;
  driverMessage?: string | null;
  choices: DayChoice[];
};

/** The order's delivery day and zone, and a form to move the day while it may still move. */
export function DeliveryDayCard({
  delivery,
  error,
}: {
  delivery: ShopperDelivery;
  /** Why the last move was refused, shown at the day field. */
  error?: string;
}) {
  const [day, setDay] = useState(delivery.day);
  const navigation = useNavigation();
  const moving =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "move-delivery";
  return (
    <Card
      role="region"
      aria-labelledby="delivery-day-heading"
      className="mt-6 p-5"
      data-testid="order-delivery"
    >
      <h2 id="delivery-day-heading" className="text-lg font-semibold">
        Delivery Day
      </h2>
      <p className="mt-2">
        <span className="font-medium">{delivery.label}</span>
        {delivery.express ? " (express)" : ""} · {delivery.zoneName}
      </p>
      {delivery.missed ? (
        <>
          <p className="mt-2 text-sm">
            Our truck could not deliver your order
            {delivery.missedReason ? `: ${delivery.missedReason.toLowerCase()}` : ""}. Please choose
            a new day below.
          </p>
          {delivery.driverMessage ? (
            <p className="mt-2 text-sm">
              <span className="font-medium">Our driver&apos;s message:</span>{" "}
              {delivery.driverMessage}
            </p>
          ) : null}
        </>
      ) : null}
      {delivery.mayMove ? (
        <Form method="post" className="mt-2" noValidate>
          <input type="hidden" name="intent" value="move-delivery" />
          <DeliveryDayChoice
            idPrefix="move"
            legend={delivery.missed ? "Choose a new Delivery Day" : "Move to another Delivery Day"}
            days={delivery.choices}
            value={day}
            onChange={setDay}
            error={error}
          />
          <Button type="submit" className="mt-4" disabled={moving || day === delivery.day}>
            {delivery.missed
              ? moving
                ? "Booking..."
                : "Book Delivery Day"
              : moving
                ? "Moving..."
                : "Move Delivery Day"}
          </Button>
        </Form>
      ) : (
        <>
          <p className="mt-2 text-sm text-muted-foreground">
            Your delivery is close: from the day before, please phone us to change the day.
          </p>
          {error ? <p className="mt-2 text-sm text-destructive">{error}</p> : null}
        </>
      )}
    </Card>
  );
}
