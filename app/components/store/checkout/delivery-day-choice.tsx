import { clsx } from "clsx";
import type { DayChoice } from "~/domain/delivery/shopper-delivery.server";

/**
 * The delivery days a zone offers, as a radio group labelled "Delivery Day": at checkout once
 * the address matches a zone, and on the order's page to move the day. The error, when there
 * is one, is read with the group.
 */
export function DeliveryDayChoice({
  days,
  value,
  onChange,
  error,
  idPrefix,
  legend = "Delivery Day",
}: {
  days: readonly DayChoice[];
  value: string;
  onChange: (day: string) => void;
  error?: string;
  idPrefix: string;
  legend?: string;
}) {
  const errorId = `${idPrefix}-deliveryDay-error`;
  return (
    <fieldset
      className="mt-5"
      aria-describedby={error ? errorId : undefined}
      data-testid="delivery-day"
    >
      <legend className="text-sm font-medium">{legend}</legend>
      {days.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          No delivery day is free in the coming weeks. Please contact us.
        </p>
      ) : (
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {days.map((choice, index) => (
            <label
              key={choice.day}
              className={clsx(
                "flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm",
                value === choice.day && "border-primary ring-1 ring-primary",
              )}
            >
              <input
                type="radio"
                name="deliveryDay"
                value={choice.day}
                checked={value === choice.day}
                onChange={() => onChange(choice.day)}
                aria-invalid={error ? true : undefined}
                id={index === 0 ? `${idPrefix}-deliveryDay` : undefined}
                className="size-4 accent-primary"
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
      )}
      {error ? (
        <p id={errorId} className="mt-2 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
