import { Link } from "react-router";
import type { ListColumn } from "~/components/admin/list/list-table";
import { StatusBadge } from "~/components/admin/status-badge";
import { CONSULTATION_TYPES } from "~/domain/leads/consultation-types";
import type { InboxTab } from "~/domain/leads/enquiry-lists";
import { formatDateTime } from "~/lib/dates";

/** A consultation request or contact message as the inbox lists it. */
export type InboxEnquiry = {
  id: number;
  name: string;
  email: string;
  phone: string;
  topic: string;
  status: string;
  createdAt: Date | string;
  handler: string | null;
  handledAt: Date | string | null;
};

export type InboxSubscriber = {
  id: number;
  email: string;
  status: string;
  createdAt: Date | string;
  confirmedAt: Date | string | null;
};

export const consultationTypeLabel = (value: string) =>
  CONSULTATION_TYPES.find((t) => t.value === value)?.label ?? value;

const received: ListColumn<InboxEnquiry> = {
  key: "date",
  header: "Received",
  sortable: true,
  className: "whitespace-nowrap",
  cell: (e) => formatDateTime(e.createdAt),
};

/** The columns of the consultations and messages tabs; the name opens the enquiry. */
export function enquiryColumns(tab: Exclude<InboxTab, "subscribers">): ListColumn<InboxEnquiry>[] {
  return [
    received,
    {
      key: "name",
      header: "Name",
      sortable: true,
      cell: (e) => (
        <Link
          to={`/admin/enquiries/${tab}/${e.id}`}
          className="font-medium text-primary hover:underline"
        >
          {e.name}
        </Link>
      ),
    },
    {
      key: "contact",
      header: "Contact",
      className: "text-sm",
      cell: (e) => (
        <>
          <div>{e.email}</div>
          <div className="text-muted-foreground">{e.phone || "No phone given"}</div>
        </>
      ),
    },
    {
      key: "topic",
      header: tab === "consultations" ? "Type" : "Subject",
      className: "max-w-64 truncate",
      cell: (e) => (tab === "consultations" ? consultationTypeLabel(e.topic) : e.topic),
    },
    {
      key: "status",
      header: "Status",
      sortable: true,
      cell: (e) => <StatusBadge status={e.status} />,
    },
    {
      key: "handled",
      header: "Handled",
      className: "text-sm",
      cell: (e) =>
        e.handledAt ? (
          <>
            <div>{e.handler ?? "A former colleague"}</div>
            <div className="text-muted-foreground">{formatDateTime(e.handledAt)}</div>
          </>
        ) : (
          <span className="text-muted-foreground">Not yet</span>
        ),
    },
  ];
}

export const SUBSCRIBER_COLUMNS: ListColumn<InboxSubscriber>[] = [
  { key: "email", header: "Email", sortable: true, cell: (s) => s.email },
  {
    key: "status",
    header: "Status",
    sortable: true,
    cell: (s) => <StatusBadge status={s.status} />,
  },
  {
    key: "date",
    header: "Signed up",
    sortable: true,
    className: "whitespace-nowrap",
    cell: (s) => formatDateTime(s.createdAt),
  },
  {
    key: "consent",
    header: "Consent given",
    className: "whitespace-nowrap",
    cell: (s) =>
      s.confirmedAt ? (
        formatDateTime(s.confirmedAt)
      ) : (
        <span className="text-muted-foreground">Not confirmed</span>
      ),
  },
];
