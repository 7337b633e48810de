import { data } from "react-router";
import { ENQUIRY_LIST, inboxTab, SUBSCRIBER_LIST } from "~/domain/leads/enquiry-lists";
import { enquiryExportHeader, exportEnquiries } from "~/domain/leads/list-enquiries.server";
import {
  exportSubscribers,
  SUBSCRIBER_EXPORT_HEADER,
} from "~/domain/leads/list-subscribers.server";
import { csvResponse } from "~/lib/csv.server";
import { readListParams } from "~/lib/list-params";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/enquiry-export";

/**
 * /admin/enquiries/{tab}/export: what the tab's search and filter show, as a CSV download;
 * subscribers' export holds the confirmed ones only.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const tab = inboxTab(params.tab);
  if (!tab) throw data(null, { status: 404 });
  const search = readSearchParams(request);
  const filename = `${tab.tab}-${new Date().toISOString().slice(0, 10)}.csv`;
  if (tab.kind === "subscriber") {
    return csvResponse({
      filename,
      header: SUBSCRIBER_EXPORT_HEADER,
      rows: exportSubscribers({ params: readListParams(SUBSCRIBER_LIST, search) }),
    });
  }
  return csvResponse({
    filename,
    header: enquiryExportHeader(tab.kind),
    rows: exportEnquiries({ kind: tab.kind, params: readListParams(ENQUIRY_LIST, search) }),
  });
}
