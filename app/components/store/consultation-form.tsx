import { Button } from "~/components/ui/button";
import { CONSULTATION_TYPES } from "~/domain/leads/consultation-types";
import type { FormActionResult } from "~/lib/forms";
import { FormField } from "./form-field";
import { Honeypot } from "./honeypot";
import { usePublicForm } from "./use-public-form";

/** The free-consultation form, in the dialog and on the /consultation page. */
export function ConsultationForm(props: { pageResult?: FormActionResult; onSuccess?: () => void }) {
  const form = usePublicForm({
    loadSchema: () => import("~/domain/leads/schemas").then((m) => m.consultationSchema),
    ...props,
  });
  const { errors, values } = form;
  return (
    <form.fetcher.Form
      method="post"
      action="/consultation"
      ref={form.formRef}
      onSubmit={form.onSubmit}
      onFocus={form.onFocus}
      noValidate
      className="relative"
    >
      <fieldset disabled={form.submitting} className="space-y-4">
        <FormField
          name="name"
          label="Full Name"
          required
          autoComplete="name"
          error={errors.name}
          defaultValue={values.name}
        />
        <FormField
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          error={errors.email}
          defaultValue={values.email}
        />
        <FormField
          name="phone"
          label="Phone"
          type="tel"
          required
          autoComplete="tel"
          error={errors.phone}
          defaultValue={values.phone}
        />
        <FormField
          as="select"
          name="consultationType"
          label="Consultation Type"
          error={errors.consultationType}
          defaultValue={values.consultationType ?? "purchase"}
        >
          {CONSULTATION_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </FormField>
        <FormField
          as="textarea"
          name="message"
          label="Message (optional)"
          rows={3}
          placeholder="Tell us what you are looking for"
          error={errors.message}
          defaultValue={values.message}
        />
        <Honeypot />
        <Button type="submit" size="lg" className="w-full">
          {form.submitting ? "Submitting..." : "Book Consultation"}
        </Button>
      </fieldset>
    </form.fetcher.Form>
  );
}
