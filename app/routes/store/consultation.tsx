import {
  CONSULTATION_DESCRIPTION,
  CONSULTATION_TITLE,
} from "~/components/store/consultation-dialog";
import { ConsultationForm } from "~/components/store/consultation-form";
import { FormResult } from "~/components/store/form-result";
import { consultationSchema } from "~/domain/leads/schemas";
import { submitConsultation } from "~/domain/leads/submit-consultation.server";
import {
  guardPublicForm,
  invalidForm,
  submitOrApologise,
} from "~/domain/security/public-form.server";
import { storePhone } from "~/domain/settings/store-settings.server";
import { parseForm, type FormActionResult } from "~/lib/forms";
import { sendOrExplain } from "~/lib/connection-safe-action";
import { pageTitle } from "~/lib/seo";
import { readForm } from "~/lib/request-input.server";
import type { Route } from "./+types/consultation";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, CONSULTATION_TITLE) },
  { name: "description", content: CONSULTATION_DESCRIPTION },
];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const blocked = await guardPublicForm({
    form: "consultation",
    formData,
    clientAddress: context.clientAddress,
  });
  if (blocked) return blocked;
  const parsed = parseForm(consultationSchema, formData);
  if (!parsed.ok) return invalidForm(parsed, formData);
  return submitOrApologise(formData, storePhone, async () => {
    await submitConsultation(parsed.data);
    return {
      ok: true,
      message: {
        title: "Consultation Request Submitted!",
        description: "We'll contact you within 24 hours to schedule your consultation.",
      },
    } satisfies FormActionResult;
  });
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
