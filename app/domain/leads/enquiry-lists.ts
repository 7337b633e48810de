import { defineList } from "~/lib/list-params";

/** Where staff stand with a consultation request or a contact message. */
export const ENQUIRY_STATUSES = ["new", "contacted", "closed"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;

/** The two kinds of enquiry staff answer; subscribers are only listed. */
export const ENQUIRY_KINDS = ["consultation", "message"] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

/** The inbox's tabs, by the path segment each lives at (/admin/enquiries/{tab}). */
export const INBOX_TABS = [
  { tab: "consultations", kind: "consultation", label: "Consultations" },
  { tab: "messages", kind: "message", label: "Messages" },
  { tab: "subscribers", kind: "subscriber", label: "Subscribers" },
] as const;
export type InboxTab = (typeof INBOX_TABS)[number]["tab"];

/** The tab a path segment names, or undefined for one the inbox does not have. */
export function inboxTab(segment: string | undefined) {
  return INBOX_TABS.find((t) => t.tab === segment);
}

/** Consultation requests and contact messages: newest first, 20 to a page. */
export const ENQUIRY_LIST = defineList({
  sorts: ["date", "name", "status"] as const,
  defaultSort: "date",
  defaultDirection: "desc",
  statuses: ENQUIRY_STATUSES,
  pageSize: 20,
});

export const SUBSCRIBER_LIST = defineList({
  sorts: ["date", "email", "status"] as const,
  defaultSort: "date",
  defaultDirection: "desc",
  statuses: SUBSCRIBER_STATUSES,
  pageSize: 20,
});
