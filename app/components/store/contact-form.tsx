import { Icon } from "~/components/store/icon";
import { Button } from "~/components/ui/button";
import type { FormActionResult } from "~/lib/forms";
import { FormField } from "./form-field";
import { Honeypot } from "./honeypot";
import { usePublicForm } from "./use-public-form";

export function ContactForm({ pageResult }: { pageResult?: FormActionResult }) {
  const form = usePublicForm({
    loadSchema: () => import("~/domain/leads/schemas").then((m) => m.contactSchema),
    pageResult,
  });
  const { errors, values } = form;
  return (
    <form.fetcher.Form
      method="post"
      action="/contact"
      ref={form.formRef}
      onSubmit={form.onSubmit}
      onFocus={form.onFocus}
      noValidate
      className="relative"
    >
      <fieldset disabled={form.submitting} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            name="firstName"
            label="First Name"
            required
            autoComplete="given-name"
            error={errors.firstName}
            defaultValue={values.firstName}
          />
          <FormField
            name="lastName"
            label="Last Name"
            required
            autoComplete="family-name"
            error={errors.lastName}
            defaultValue={values.lastName}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
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
            autoComplete="tel"
            error={errors.phone}
            defaultValue={values.phone}
          />
        </div>
        <FormField
          name="subject"
          label="Subject"
          required
          error={errors.subject}
          defaultValue={values.subject}
        />
        <FormField
          as="textarea"
          name="message"
          label="Message"
          rows={5}
          required
          error={errors.message}
          defaultValue={values.message}
        />
        <Honeypot />
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          <Icon name="send" /> {form.submitting ? "Sending..." : "Send Message"}
        </Button>
      </fieldset>
    </form.fetcher.Form>
  );
}
