import { Icon } from "~/components/store/icon";
import type { IconName } from "~/components/store/icon-names";
import { whatsappHref } from "~/components/store/chat-button";
import { ContactForm } from "~/components/store/contact-form";
import { FormResult } from "~/components/store/form-result";
import { fullAddress, telHref, useStoreSettings } from "~/components/store/use-store-settings";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { contactSchema } from "~/domain/leads/schemas";
import { getSessionUser } from "~/domain/auth/session.server";
import { isVerifiedAddressOf } from "~/domain/shoppers/shopper-auth.server";
import { sendContactMessage } from "~/domain/leads/send-contact-message.server";
import { attempt, CALL_US, readPublicForm, succeeded } from "~/lib/actions.server";
import { sendOrExplain } from "~/lib/connection-safe-action";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Contact Us") },
  {
    name: "description",
    content:
      "Call, WhatsApp, e-mail or visit our showroom. We reply to every message within 24 hours.",
  },
];

const SENT = succeeded(
  "Message Sent!",
  "Thank you for contacting us. We'll get back to you within 24 hours.",
);

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readPublicForm({
    request,
    form: "contact",
    schema: contactSchema,
    clientAddress: context.clientAddress,
  });
  if (!read.ok) return read.answer;
  // A copy goes to a signed-in shopper's verified address only; a typed one proves nothing.
  return attempt(
    read.formData,
    async () => {
      const sender = await getSessionUser(request);
      const copyToSender = sender ? await isVerifiedAddressOf(sender.id, read.input.email) : false;
      await sendContactMessage({ input: read.input, copyToSender });
      return SENT;
    },
    CALL_US,
  );
}

const LOCATION_POINTS = [
  "Free parking",
  "Wheelchair accessible",
  "Easy highway access",
  "Public transport nearby",
];
const QUICK_TIPS = [
  "Bring your current mattress measurements",
  "Consider your sleeping position and preferred firmness",
  "Ask about our financing options",
  "Ask about delivery to your area",
];

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  sendOrExplain(serverAction);

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const s = useStoreSettings();
  const cards: {
    icon: IconName;
    title: string;
    text: string;
    href?: string;
    note: string;
    external?: boolean;
  }[] = [
    {
      icon: "phone",
      title: "Call Us",
      text: s.phone,
      href: telHref(s.phone),
      note: "Speak to our team",
    },
    {
      icon: "message-circle",
      title: "WhatsApp",
      text: `+${s.whatsapp}`,
      href: whatsappHref(s.whatsapp),
      note: "Chat with us on WhatsApp",
      external: true,
    },
    {
      icon: "mail",
      title: "Email Us",
      text: s.email,
      href: `mailto:${s.email}`,
      note: "We reply within 24 hours",
    },
    { icon: "map-pin", title: "Visit Us", text: fullAddress(s), note: "Come and try our beds" },
  ];
  return (
    <div>
      <section className="bg-primary text-primary-foreground">
        <div className="mx-auto max-w-7xl px-4 py-12 text-center md:py-16">
          <h1 className="text-3xl font-bold md:text-4xl">Contact Us</h1>
          <p className="mx-auto mt-3 max-w-2xl opacity-90">
            Questions about a bed, a mattress or your order? Send us a message and we'll reply
            within 24 hours.
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-7xl space-y-10 px-4 py-10">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map(({ icon, title, text, href, note, external }) => (
            <li key={title}>
              <Card className="h-full p-5">
                <Icon name={icon} className="size-6 text-primary" />
                <h2 className="mt-3 font-semibold">{title}</h2>
                {href ? (
                  <a
                    href={href}
                    className="mt-1 block break-words text-primary hover:underline"
                    target={external ? "_blank" : undefined}
                    rel={external ? "noopener noreferrer" : undefined}
                  >
                    {text}
                  </a>
                ) : (
                  <p className="mt-1">{text}</p>
                )}
                <p className="mt-1 text-sm text-muted-foreground">{note}</p>
              </Card>
            </li>
          ))}
        </ul>
        <div className="grid gap-8 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle>
                <span id="message-form">Send us a Message</span>
              </CardTitle>
              <p className="text-sm text-muted-foreground">
                Fields marked * are required. We reply within 24 hours.
              </p>
            </CardHeader>
            <CardContent className="space-y-6">
              <FormResult result={actionData} />
              <ContactForm pageResult={actionData} />
            </CardContent>
          </Card>
          <div className="space-y-6">
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <Icon name="clock" className="size-5 text-primary" /> {s.showroomHours.label}
                </CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="space-y-1.5 text-sm">
                  {s.showroomHours.lines.map((line) => (
                    <div key={line.days} className="flex justify-between gap-4">
                      <dt className="font-medium">{line.days}</dt>
                      <dd className="text-muted-foreground">{line.hours}</dd>
                    </div>
                  ))}
                </dl>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <Icon name="map-pin" className="size-5 text-primary" /> Our Location
                </CardTitle>
              </CardHeader>
              <CardContent className="space-y-3 text-sm">
                <p>{fullAddress(s)}</p>
                <ul className="list-inside list-disc space-y-1 text-muted-foreground">
                  {LOCATION_POINTS.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <Icon name="lightbulb" className="size-5 text-primary" /> Quick Tips
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="list-inside list-disc space-y-1 text-sm text-muted-foreground">
                  {QUICK_TIPS.map((tip) => (
                    <li key={tip}>{tip}</li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          </div>
        </div>
      </div>
    </div>
  );
}
