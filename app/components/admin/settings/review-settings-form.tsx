import { Field } from "~/components/admin/field";
import { SwitchField } from "~/components/admin/switch-field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { reviewSettingsSchema } from "~/domain/settings/settings-schemas";
import type { FormActionResult } from "~/lib/forms";

export type ReviewSettingsValues = {
  inviteDays: string;
  fromNonBuyers: boolean;
  yearsTrading: string;
  happyCustomers: string;
};

/**
 * General's reviews card: when buyers are asked to review, whether others may, and the two
 * figures on the storefront that no record can count (docs/decisions/048).
 */
export function ReviewSettingsForm({
  saved,
  canEdit,
  pageResult,
}: {
  saved: ReviewSettingsValues;
  canEdit: boolean;
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({ schema: reviewSettingsSchema, pageResult });
  const kept = form.values;
  return (
    <form.fetcher.Form method="post" onSubmit={form.onSubmit} noValidate>
      <input type="hidden" name="intent" value="reviews" />
      <Card>
        <CardHeader>
          <CardTitle>Reviews and figures</CardTitle>
        </CardHeader>
        <CardContent>
          <fieldset disabled={!canEdit} className="space-y-4">
            <legend className="sr-only">Reviews and the storefront&apos;s figures</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                name="reviewInviteDays"
                label="Invite buyers to review after (days)"
                hint="Days after delivery (or completion) that the e-mail with review links goes out."
                inputMode="numeric"
                defaultValue={kept.reviewInviteDays ?? saved.inviteDays}
                error={form.errors.reviewInviteDays}
                onEdit={form.clearError}
              />
            </div>
            <SwitchField
              name="reviewsFromNonBuyers"
              label="Let signed-in shoppers who did not buy a product review it"
              hint="Off, only buyers review, through their e-mail's link or their account. Their reviews are not marked as a verified buyer's."
              defaultChecked={
                kept.reviewsFromNonBuyers ? kept.reviewsFromNonBuyers === "on" : saved.fromNonBuyers
              }
              error={form.errors.reviewsFromNonBuyers}
              onEdit={form.clearError}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                name="claimYearsTrading"
                label="Years trading, as the home page states it"
                hint="Such as 15+. Leave empty and the home page leaves the figure out."
                defaultValue={kept.claimYearsTrading ?? saved.yearsTrading}
                error={form.errors.claimYearsTrading}
                onEdit={form.clearError}
              />
              <Field
                name="claimHappyCustomers"
                label="Customers served, as the home page states it"
                hint="Such as 5,000+. State only what the shop's records support; empty leaves it out."
                defaultValue={kept.claimHappyCustomers ?? saved.happyCustomers}
                error={form.errors.claimHappyCustomers}
                onEdit={form.clearError}
              />
            </div>
            <p className="text-sm text-muted-foreground">
              The review figures on the storefront are counted from published reviews only.
            </p>
            {canEdit && (
              <Button type="submit" disabled={form.submitting}>
                {form.submitting ? "Saving..." : "Save Reviews"}
              </Button>
            )}
          </fieldset>
        </CardContent>
      </Card>
    </form.fetcher.Form>
  );
}
