import { Form } from "react-router";
import { Field, SelectField } from "~/components/admin/field";
import { Button } from "~/components/admin/ui/button";
import { PERIOD_KEYS, PERIOD_LABELS } from "~/domain/reports/report-period";

/**
 * The period select, a plain GET form (works before JavaScript): a quick period, or a custom
 * range from and to the days given, with messages by the dates when they cannot be used.
 */
export function PeriodForm({
  values,
  errors,
}: {
  values: { period: string; from: string; to: string };
  errors: Record<string, string>;
}) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Report period">
      <div className="w-48">
        <SelectField
          name="period"
          label="Period"
          defaultValue={values.period}
          error={errors.period}
        >
          {PERIOD_KEYS.map((key) => (
            <option key={key} value={key}>
              {PERIOD_LABELS[key]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="w-44">
        <Field
          name="from"
          label="From (custom range)"
          type="date"
          defaultValue={values.from}
          error={errors.from}
        />
      </div>
      <div className="w-44">
        <Field
          name="to"
          label="To (custom range)"
          type="date"
          defaultValue={values.to}
          error={errors.to}
        />
      </div>
      <Button type="submit" variant="outline">
        Show Report
      </Button>
    </Form>
  );
}
