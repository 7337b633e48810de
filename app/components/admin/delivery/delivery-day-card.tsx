import { FileDown } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { formatLongDay } from "~/domain/delivery/day-names";
import type { OrderDelivery } from "~/domain/delivery/order-delivery.server";
import { BookingDialog, useBookingToasts } from "./booking-dialog";

/**
 * The order page's delivery day: booked (day and zone) with Move, or not yet with Book; and the
 * order's delivery note.
 */
export function DeliveryDayCard({
  orderNumber,
  delivery,
}: {
  orderNumber: number;
  delivery: OrderDelivery;
}) {
  useBookingToasts();
  const { booking, choice, why } = delivery;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Delivery Day</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <div className="space-y-1" data-testid="delivery-booking">
          {booking ? (
            <p>
              <Link
                to={`/admin/deliveries?day=${booking.day}`}
                className="font-medium text-primary hover:underline"
              >
                {formatLongDay(booking.day)}
              </Link>{" "}
              · {booking.zoneName} · <span className="capitalize">{booking.kind}</span>
            </p>
          ) : (
            <p>No delivery day booked.</p>
          )}
          {why ? <p className="text-muted-foreground">{why}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={`/admin/orders/${orderNumber}/delivery-note`}
            className={buttonVariants({ variant: "outline", size: "sm" })}
            download
          >
            <FileDown aria-hidden /> Delivery note (PDF)
          </a>
          {choice ? (
            <BookingDialog
              mode={booking ? "move" : "book"}
              orderNumber={orderNumber}
              choice={choice}
              bookedDay={booking?.day}
            />
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
