import { Icon } from "~/components/store/icon";
import { ConsultationLink } from "~/components/store/consultation-dialog";
import { buttonVariants } from "~/components/ui/button";

/** /mattresses: a nudge to talk to the shop's sleep experts before choosing. */
export function ExpertAdvice() {
  return (
    <section aria-labelledby="expert-advice-title" className="border-b bg-secondary/60">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 md:flex-row md:items-center md:justify-between">
        <div className="flex gap-3">
          <Icon
            name="message-circle-question-mark"
            className="mt-0.5 size-8 shrink-0 text-primary"
          />
          <div>
            <h2 id="expert-advice-title" className="text-lg font-semibold">
              Not sure which mattress is right for you?
            </h2>
            <p className="mt-1 text-sm text-secondary-foreground/80">
              Our sleep experts help you choose by sleeping position, firmness and budget: in our
              showroom or over the phone, free and without pressure.
            </p>
          </div>
        </div>
        <ConsultationLink className={buttonVariants({ size: "lg" })}>
          <Icon name="calendar-check" /> Book Free Consultation
        </ConsultationLink>
      </div>
    </section>
  );
}
