import { Mail, Phone } from "lucide-react";
import { buttonVariants } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import type { EnquiryKind } from "~/domain/leads/enquiry-lists";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/dates";
import { consultationTypeLabel } from "./inbox-columns";

type SentEnquiry = {
  kind: EnquiryKind;
  name: string;
  email: string;
  phone: string;
  topic: string;
  message: string;
  createdAt: Date | string;
};

/** A consultation's type by its label, or a message's subject. */
function topicLabel(enquiry: Pick<SentEnquiry, "kind" | "topic">) {
  return enquiry.kind === "consultation" ? consultationTypeLabel(enquiry.topic) : enquiry.topic;
}

/** The subject a reply starts with. */
export function replySubject(enquiry: Pick<SentEnquiry, "kind" | "topic">) {
  return enquiry.kind === "consultation"
    ? `Your ${topicLabel(enquiry).toLowerCase()} request`
    : `Re: ${enquiry.topic}`;
}

/** Everything the visitor sent, with links to answer them by e-mail or by phone. */
export function EnquiryDetails({ enquiry }: { enquiry: SentEnquiry }) {
  const dialable = enquiry.phone.replace(/[^\d+]/g, "");
  const rows: [string, string][] = [
    ["Name", enquiry.name],
    ["Email", enquiry.email],
    ["Phone", enquiry.phone || "Not given"],
    [enquiry.kind === "consultation" ? "Type" : "Subject", topicLabel(enquiry)],
    ["Received", formatDateTime(enquiry.createdAt)],
  ];
  const link = cn(buttonVariants({ variant: "outline" }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>What they sent</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <div>
          <h2 className="text-sm text-muted-foreground">Message</h2>
          <p className="mt-1 text-sm whitespace-pre-wrap" data-testid="enquiry-message">
            {enquiry.message || "No message."}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            className={link}
            href={`mailto:${encodeURI(enquiry.email)}?subject=${encodeURIComponent(replySubject(enquiry))}`}
          >
            <Mail className="size-4" aria-hidden /> Reply by e-mail
          </a>
          {dialable ? (
            <a className={link} href={`tel:${dialable}`}>
              <Phone className="size-4" aria-hidden /> Call {enquiry.phone}
            </a>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
