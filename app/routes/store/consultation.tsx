import {
  CONSULTATION_DESCRIPTION,
  CONSULTATION_TITLE,
} from "~/components/store/consultation-dialog";
import { ConsultationForm } from "~/components/store/consultation-form";
import { FormResult } from "~/components/store/form-result";
import { consultationSchema } from "~/domain/leads/schemas";
import { submitConsultation } from "~/domain/leads/submit-consultation.server";
import { attempt, CALL_US, readPublicForm, succeeded } from "~/lib/actions.server";
import { sendOrExplain } from "~/lib/connection-safe-action";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/consultation";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, CONSULTATION_TITLE) },
  { name: "description", content: CONSULTATION_DESCRIPTION },
];

const SENT = succeeded(
  "Consultation Request Submitted!",
  "We'll contact you within 24 hours to schedule your consultation.",
);

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readPublicForm({
    request,
    form: "consultation",
    schema: consultationSchema,
    clientAddress: context.clientAddress,
  });
  if (!read.ok) return read.answer;
  return attempt(read.formData, () => submitConsultation(read.input).then(() => SENT), CALL_US);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  sendOrExplain(serverAction);

export default function ConsultationPage({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-3xl font-bold">{CONSULTATION_TITLE}</h1>
      <p className="mt-2 text-muted-foreground">{CONSULTATION_DESCRIPTION}</p>
      <div className="mt-6 space-y-6">
        <FormResult result={actionData} />
        <ConsultationForm pageResult={actionData} />
      </div>
    </div>
  );
}
