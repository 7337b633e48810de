import { clsx } from "clsx";
import { Icon } from "~/components/store/icon";
import type * as React from "react";
import { Link } from "react-router";
import { buttonBase, buttonClasses } from "~/components/ui/button";
import { formatPolicyDate } from "~/domain/legal/policy-dates";
import { POLICY } from "~/domain/legal/policy-facts";
import type { PublicStoreSettings } from "~/domain/settings/store-settings.server";
import { whatsappHref } from "./chat-button";
import { telHref, useStoreSettings } from "./use-store-settings";

/** A Google Maps search for the address: works on every phone, needs no script or key. */
export function directionsHref(address: string) {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

export function InfoHero({
  title,
  intro,
  badge,
  children,
}: {
  title: string;
  intro?: React.ReactNode;
  badge?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <div className="border-b bg-muted">
      <div className="mx-auto max-w-4xl px-4 py-10 text-center md:py-16">
        {badge}
        <h1 className="text-3xl font-bold tracking-tight text-balance md:text-5xl">{title}</h1>
        {intro ? (
          <p className="mx-auto mt-4 max-w-2xl text-base text-pretty text-muted-foreground md:text-lg">
            {intro}
          </p>
        ) : null}
        {children}
      </div>
    </div>
  );
}

/** Body text with readable lists and links, for policy pages (no typography plugin needed). */
export function Prose({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      className={clsx(
        "space-y-4 leading-relaxed text-pretty",
        "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:opacity-80",
        "[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5",
        "[&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_strong]:font-semibold",
        className,
      )}
      {...props}
    />
  );
}

export function InfoSection({
  id,
  title,
  children,
  className,
}: {
  id?: string;
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={id ? `${id}-title` : undefined}
      className={clsx("scroll-mt-24", className)}
    >
      <h2 id={id ? `${id}-title` : undefined} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <Prose className="mt-4">{children}</Prose>
    </section>
  );
}

export type PolicySection = { id: string; title: string; body: React.ReactNode };

/** A long legal text: "On this page" links, then the numbered sections. */
export function PolicySections({ sections }: { sections: PolicySection[] }) {
  return (
    <>
      <nav aria-label="On this page" className="rounded-xl border bg-card p-5">
        <p className="font-semibold">On this page</p>
        <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 text-sm sm:grid-cols-2">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-primary underline-offset-4 hover:underline">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <InfoSection key={s.id} id={s.id} title={`${i + 1}. ${s.title}`}>
          {s.body}
        </InfoSection>
      ))}
    </>
  );
}

export function LastUpdated({ date }: { date: string }) {
  return (
    <p className="mt-4 text-sm text-muted-foreground">
      Last updated: <time dateTime={date}>{formatPolicyDate(date)}</time>
    </p>
  );
}

export function PageBody({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      className={clsx("mx-auto max-w-3xl space-y-12 px-4 py-10 md:py-14", className)}
      {...props}
    />
  );
}

export function HoursList({
  hours,
  className,
}: {
  hours: PublicStoreSettings["showroomHours"];
  className?: string;
}) {
  return (
    <dl className={clsx("space-y-1", className)}>
      {hours.lines.map((line) => (
        <div key={line.days} className="flex justify-between gap-4">
          <dt>{line.days}</dt>
          <dd className="text-right font-medium">{line.hours}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Closing block of an information page: the ways to reach the shop. */
export function ContactCallToAction({
  title = "Still need help?",
  text,
}: {
  title?: string;
  text?: React.ReactNode;
}) {
  const s = useStoreSettings();
  return (
    <section
      aria-labelledby="contact-cta-title"
      className="rounded-xl border bg-secondary p-6 text-secondary-foreground md:p-8"
    >
      <h2 id="contact-cta-title" className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <p className="mt-2">
        {text ??
          `Our team in ${s.town} is happy to help. Call, WhatsApp or e-mail us, and we'll get back to you within ${POLICY.replyWithinHours} hours.`}
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <a data-slot="button" href={telHref(s.phone)} className={buttonClasses()}>
          <Icon name="phone" /> Call {s.phone}
        </a>
        <a
          data-slot="button"
          href={whatsappHref(s.whatsapp)}
          target="_blank"
          rel="noopener noreferrer"
          className={clsx(buttonClasses({ variant: "outline" }), "text-foreground")}
        >
          <Icon name="message-circle" /> WhatsApp us
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a
          data-slot="button"
          href={`mailto:${s.email}`}
          className={clsx(buttonClasses({ variant: "outline" }), "text-foreground")}
        >
          <Icon name="mail" /> {s.email}
        </a>
        <Link
          to="/contact"
          data-slot="button"
          className={`inline-flex shrink-0 ${buttonBase} h-10 px-4 py-2 text-sm text-secondary-foreground underline underline-offset-4 hover:underline`}
        >
          Contact page
        </Link>
      </div>
    </section>
  );
}
