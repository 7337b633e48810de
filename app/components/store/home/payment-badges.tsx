import { Icon } from "~/components/store/icon";
import type { IconName } from "~/components/store/icon-names";
import { useStoreSettings } from "~/components/store/use-store-settings";
import { LAYBY_MAX_MONTHS } from "~/domain/layby/limits";
import { formatMoney } from "~/lib/money";
import { SectionHeading } from "./section-heading";

const badges = (
  laybyMinDepositCents: number,
): { icon: IconName; label: string; text: string }[] => [
  { icon: "credit-card", label: "Visa", text: "Credit and debit cards" },
  { icon: "credit-card", label: "Mastercard", text: "Credit and debit cards" },
  { icon: "landmark", label: "PayFast Instant EFT", text: "Pay straight from your bank" },
  { icon: "calendar-clock", label: "PayFlex", text: "4 interest-free payments" },
  {
    icon: "wallet",
    label: "Lay-by",
    text: `From a ${formatMoney(laybyMinDepositCents)} deposit over ${LAYBY_MAX_MONTHS} months`,
  },
  {
    icon: "lock",
    label: "SSL Secure Checkout",
    text: "Card details stay with the payment provider",
  },
];

export function PaymentBadges() {
  const { laybyMinDepositCents } = useStoreSettings();
  return (
    <section aria-labelledby="payments-title" className="mx-auto max-w-7xl px-4 py-12">
      <SectionHeading id="payments-title" title="Pay Your Way, Safely">
        Secure payment options for every budget.
      </SectionHeading>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {badges(laybyMinDepositCents).map(({ icon, label, text }) => (
          <li
            key={label}
            data-reveal
            className="flex flex-col items-center rounded-xl border bg-card p-4 text-center"
          >
            <Icon name={icon} className="size-7 text-primary" />
            <span className="mt-2 text-sm font-bold">{label}</span>
            <span className="mt-0.5 text-xs text-muted-foreground">{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
