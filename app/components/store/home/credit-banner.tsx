import { formatMoney } from "~/lib/money";
import { Icon } from "~/components/store/icon";
import { Link } from "react-router";
import { telHref, useStoreSettings } from "~/components/store/use-store-settings";
import { buttonVariants } from "~/components/ui/button";

export function CreditBanner() {
  const { laybyMinDepositCents } = useStoreSettings();
  const { phone } = useStoreSettings();
  return (
    <section aria-labelledby="credit-title" className="mx-auto max-w-7xl px-4 pt-4 pb-4">
      <div
        data-reveal
        className="rounded-2xl bg-gradient-to-br from-blue-900 to-blue-950 p-6 text-white sm:p-10"
      >
        <div className="grid items-center gap-8 lg:grid-cols-[1fr_auto]">
          <div>
            <h2 id="credit-title" className="text-2xl font-bold sm:text-3xl">
              3 Years Interest-Free Credit
            </h2>
            <p className="mt-2 text-white/90">
              Take your new bed home today and pay it off over 3 years, interest-free, with no
              deposit.
            </p>
            <ul className="mt-5 grid gap-3 sm:grid-cols-2">
              <li className="flex gap-3 rounded-xl bg-white/10 p-4">
                <Icon name="percent" className="mt-0.5 size-5 shrink-0" />
                <span>
                  <span className="block font-semibold">No deposit, no interest</span>
                  <span className="text-sm text-white/85">3 years interest-free credit</span>
                </span>
              </li>
              <li className="flex gap-3 rounded-xl bg-white/10 p-4">
                <Icon name="calendar-check" className="mt-0.5 size-5 shrink-0" />
                <span>
                  <span className="block font-semibold">
                    Lay-by from {formatMoney(laybyMinDepositCents)}
                  </span>
                  <span className="text-sm text-white/85">Deposit, then pay over 6 months</span>
                </span>
              </li>
            </ul>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row lg:flex-col">
            <Link to="/contact" className={buttonVariants({ variant: "accent", size: "lg" })}>
              Apply Now
            </Link>
            <a
              href={telHref(phone)}
              className={buttonVariants({
                variant: "outline",
                size: "lg",
                className: "border-white/60 bg-transparent text-white hover:bg-white/10",
              })}
            >
              Call {phone}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
