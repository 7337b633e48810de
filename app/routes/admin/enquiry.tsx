import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { EnquiryDetails } from "~/components/admin/enquiries/enquiry-details";
import { EnquiryHandlingForm } from "~/components/admin/enquiries/enquiry-handling-form";
import { StatusBadge } from "~/components/admin/status-badge";
import { inboxTab } from "~/domain/leads/enquiry-lists";
import { getEnquiry } from "~/domain/leads/get-enquiry.server";
import { enquiryUpdateSchema } from "~/domain/leads/schemas";
import { updateEnquiry } from "~/domain/leads/update-enquiry.server";
import { attempt, invalid, loaded, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { idParam, readForm } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/enquiry";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? `${data.name}: enquiry` : "Enquiry"} | Admin` },
];

/** /admin/enquiries/{consultations,messages}/:id names one enquiry; anything else is a 404. */
function enquiryAt(params: { tab?: string; id?: string }) {
  const tab = inboxTab(params.tab);
  if (!tab || tab.kind === "subscriber") throw data(null, { status: 404 });
  return { tab: tab.tab, kind: tab.kind, id: idParam(params.id) };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const { kind, id } = enquiryAt(params);
  return loaded(() => getEnquiry({ kind, id }));
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const { kind, id } = enquiryAt(params);
  const formData = await readForm(request);
  const parsed = parseForm(enquiryUpdateSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const { changed } = await updateEnquiry({ kind, id, ...parsed.data, actor });
    return succeeded(
      "Enquiry Updated",
      changed ? "The status and note are saved." : "Nothing had changed.",
    );
  });
}

export default function EnquiryPage({ loaderData: enquiry, actionData }: Route.ComponentProps) {
  const tab = enquiry.kind === "consultation" ? "consultations" : "messages";
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link
        to={`/admin/enquiries/${tab}`}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {tab === "consultations" ? "Consultation requests" : "Messages"}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">
          {enquiry.kind === "consultation" ? "Consultation request" : "Message"} from {enquiry.name}
        </h1>
        <StatusBadge status={enquiry.status} />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <EnquiryDetails enquiry={enquiry} />
        <EnquiryHandlingForm enquiry={enquiry} pageResult={actionData} />
      </div>
    </div>
  );
}
