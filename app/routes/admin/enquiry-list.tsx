import { Mail, MessageSquare, Newspaper, PhoneCall } from "lucide-react";
import { data } from "react-router";
import { enquiryColumns, SUBSCRIBER_COLUMNS } from "~/components/admin/enquiries/inbox-columns";
import { ListCard } from "~/components/admin/list/list-card";
import { type ListColumn } from "~/components/admin/list/list-table";
import { ListTabs } from "~/components/admin/list/list-tabs";
import { ListEmpty } from "~/components/admin/list/list-toolbar";
import { StatCard } from "~/components/admin/stat-card";
import { usePoll } from "~/components/admin/use-poll";
import {
  ENQUIRY_LIST,
  inboxTab,
  INBOX_TABS,
  SUBSCRIBER_LIST,
  type InboxTab,
} from "~/domain/leads/enquiry-lists";
import { listEnquiries } from "~/domain/leads/list-enquiries.server";
import { listSubscribers } from "~/domain/leads/list-subscribers.server";
import {
  readListParams,
  statusChoices,
  type ListPage,
  type ListParams,
  type ListSpec,
} from "~/lib/list-params";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/enquiry-list";

export const meta: Route.MetaFunction = () => [{ title: "Enquiries | Admin" }];

/** /admin/enquiries/{consultations,messages,subscribers}: one tab of the inbox. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const tab = inboxTab(params.tab);
  if (!tab) throw data(null, { status: 404 });
  const search = readSearchParams(request);
  if (tab.kind === "subscriber") {
    const list = readListParams(SUBSCRIBER_LIST, search);
    return { tab: tab.tab, params: list, ...(await listSubscribers({ params: list })) };
  }
  const list = readListParams(ENQUIRY_LIST, search);
  return { tab: tab.tab, params: list, ...(await listEnquiries({ kind: tab.kind, params: list })) };
}

/** What each tab calls its rows, searches, and says when it has none. */
const TAB_TEXT: Record<InboxTab, { noun: string; placeholder: string; empty: string }> = {
  consultations: {
    noun: "consultation requests",
    placeholder: "Name, e-mail, phone or message...",
    empty: "Requests sent with the consultation form appear here.",
  },
  messages: {
    noun: "messages",
    placeholder: "Name, e-mail, phone, subject...",
    empty: "Messages sent with the contact form appear here.",
  },
  subscribers: {
    noun: "subscribers",
    placeholder: "E-mail...",
    empty: "Newsletter sign-ups appear here.",
  },
};

export default function EnquiriesPage({ loaderData: d }: Route.ComponentProps) {
  // New enquiries appear by themselves, and the sidebar's count follows.
  usePoll(10_000);
  const s = d.summary;
  const newOnes: Record<InboxTab, number> = {
    consultations: s.newConsultations,
    messages: s.newMessages,
    subscribers: 0,
  };
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Enquiries</h1>
        <p className="text-muted-foreground">
          Consultation requests, messages and newsletter sign-ups from the shop.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard index={0} title="New Consultations" value={s.newConsultations} icon={PhoneCall} />
        <StatCard index={1} title="New Messages" value={s.newMessages} icon={Mail} />
        <StatCard
          index={2}
          title="In Contact"
          value={s.contacted}
          note="Contacted, not yet closed"
          icon={MessageSquare}
        />
        <StatCard
          index={3}
          title="Subscribers"
          value={s.confirmedSubscribers}
          note={`${s.pendingSubscribers} awaiting confirmation`}
          icon={Newspaper}
        />
      </div>
      <ListTabs
        label="Enquiries"
        tabs={INBOX_TABS.map((t) => ({
          to: `/admin/enquiries/${t.tab}`,
          label: t.label,
          count: newOnes[t.tab],
          countLabel: "new",
        }))}
      />
      {d.tab === "subscribers" ? (
        <InboxList tab={d.tab} spec={SUBSCRIBER_LIST} columns={SUBSCRIBER_COLUMNS} list={d}>
          <p className="pb-3 text-sm text-muted-foreground">
            The export lists confirmed subscribers only: the ones who gave their consent.
          </p>
        </InboxList>
      ) : (
        <InboxList tab={d.tab} spec={ENQUIRY_LIST} columns={enquiryColumns(d.tab)} list={d} />
      )}
    </div>
  );
}

/** One tab's list, built from the kit: toolbar, table, empty state, pages. */
function InboxList<Row extends { id: number }>({
  tab,
  spec,
  columns,
  list,
  children,
}: {
  tab: InboxTab;
  spec: ListSpec;
  columns: readonly ListColumn<Row>[];
  list: ListPage<Row> & { params: ListParams };
  children?: React.ReactNode;
}) {
  const { noun, placeholder, empty } = TAB_TEXT[tab];
  const { params } = list;
  const filtered = params.q !== "" || params.status !== "all";
  return (
    <ListCard
      title={INBOX_TABS.find((t) => t.tab === tab)!.label}
      noun={noun}
      spec={spec}
      params={params}
      page={list}
      columns={columns}
      rowKey={(row) => row.id}
      toolbar={{
        searchLabel: `Search ${noun}`,
        placeholder,
        statusOptions: statusChoices(spec.statuses),
        exportTo: `/admin/enquiries/${tab}/export`,
      }}
      empty={
        <ListEmpty
          title={`No ${noun} found`}
          description={filtered ? "Nothing matches this search and filter." : empty}
        />
      }
    >
      {children}
    </ListCard>
  );
}
