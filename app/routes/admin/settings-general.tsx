import { FormNotice } from "~/components/admin/auth-card";
import { GeneralSettingsForm } from "~/components/admin/settings/general-settings-form";
import { LaybySettingsForm } from "~/components/admin/settings/layby-settings-form";
import { OwnerOnlyNote } from "~/components/admin/settings/owner-only-note";
import { ReviewSettingsForm } from "~/components/admin/settings/review-settings-form";
import {
  generalSettingsSchema,
  laybySettingsSchema,
  reviewSettingsSchema,
} from "~/domain/settings/settings-schemas";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import {
  updateGeneralSettings,
  updateLaybySettings,
  updateReviewSettings,
} from "~/domain/settings/update-settings.server";
import { attempt, invalid, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { readForm } from "~/lib/request-input.server";
import { requireOwner, requireStaff } from "~/lib/staff-gate.server";
import { amountInputValue } from "~/lib/money";
import type { Route } from "./+types/settings-general";

export const meta: Route.MetaFunction = () => [{ title: "General Settings | Admin" }];

/** Every staff member sees the shop's details; only the owner may change them. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const s = await getStoreSettings();
  return {
    canEdit: user.role === "owner",
    saved: {
      storeName: s.storeName,
      email: s.email,
      phone: s.phone,
      streetAddress: s.streetAddress,
      town: s.town,
      province: s.province,
      postalCode: s.postalCode,
      legalName: s.legalName,
      registrationNumber: s.registrationNumber,
      vatNumber: s.vatNumber,
      timezone: s.timezone,
      dateFormat: s.dateFormat,
    },
    layby: {
      minDeposit: amountInputValue(s.laybyMinDepositCents),
      charge: String(s.laybyChargeBasisPoints / 100),
      interest: String(s.laybyInterestBasisPoints / 100),
      closedDays: s.closedDays.join("\n"),
    },
    reviews: {
      inviteDays: String(s.reviewInviteDays),
      fromNonBuyers: s.reviewsFromNonBuyers,
      yearsTrading: s.claimYearsTrading,
      happyCustomers: s.claimHappyCustomers,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireOwner(request);
  const formData = await readForm(request);
  if (formData.get("intent") === "layby") {
    const lay = parseForm(laybySettingsSchema, formData);
    if (!lay.ok) return invalid(lay, formData);
    return attempt(formData, async () => {
      const { changed } = await updateLaybySettings({ actor: user, input: lay.data });
      return succeeded(
        "Settings Saved",
        changed.length === 0
          ? "Nothing had changed."
          : "Checkout offers lay-by on the new terms; plans already agreed keep theirs.",
      );
    });
  }
  if (formData.get("intent") === "reviews") {
    const rev = parseForm(reviewSettingsSchema, formData);
    if (!rev.ok) return invalid(rev, formData);
    return attempt(formData, async () => {
      const { changed } = await updateReviewSettings({ actor: user, input: rev.data });
      return succeeded(
        "Settings Saved",
        changed.length === 0
          ? "Nothing had changed."
          : "Invitations due from now on and the storefront's figures follow the new settings.",
      );
    });
  }
  const parsed = parseForm(generalSettingsSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const { changed } = await updateGeneralSettings({ actor: user, input: parsed.data });
    return succeeded(
      "Settings Saved",
      changed.length === 0
        ? "Nothing had changed."
        : "The shop's details are updated on the storefront, in e-mails and on invoices.",
    );
  });
}

export default function GeneralSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { canEdit, saved, layby, reviews } = loaderData;
  return (
    <section aria-labelledby="general-heading" className="space-y-4">
      <h2 id="general-heading" className="text-lg font-semibold">
        General
      </h2>
      {!canEdit && <OwnerOnlyNote />}
      {/* Without JavaScript the form posts normally: the result shows here. */}
      {actionData?.ok && (
        <FormNotice tone="success" title={actionData.message.title}>
          {actionData.message.description}
        </FormNotice>
      )}
      <GeneralSettingsForm saved={saved} canEdit={canEdit} pageResult={actionData} />
      <LaybySettingsForm saved={layby} canEdit={canEdit} pageResult={actionData} />
      <ReviewSettingsForm saved={reviews} canEdit={canEdit} pageResult={actionData} />
    </section>
  );
}
