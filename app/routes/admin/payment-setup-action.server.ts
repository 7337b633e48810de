import type { SessionUser } from "~/domain/auth/roles";
import {
  removePaymentSetup,
  updatePayfastSettings,
  updatePayflexSettings,
} from "~/domain/settings/payment-settings.server";
import {
  bankDetailsSchema,
  payfastSettingsSchema,
  payflexSettingsSchema,
} from "~/domain/settings/settings-schemas";
import { updateBankDetails } from "~/domain/settings/update-settings.server";
import { attempt, invalid, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";

/** The Integrations tab's payment set-up forms, each the owner's (checked again by the domain). */
export const PAYMENT_SETUP_INTENTS = [
  "payfast",
  "payflex",
  "remove-payfast",
  "remove-payflex",
  "bank",
] as const;
export type PaymentSetupIntent = (typeof PAYMENT_SETUP_INTENTS)[number];

export function isPaymentSetupIntent(intent: unknown): intent is PaymentSetupIntent {
  return (PAYMENT_SETUP_INTENTS as readonly unknown[]).includes(intent);
}

const NAMES = { payfast: "PayFast", payflex: "PayFlex" } as const;

/**
 * Saves what one form sent. A refused form gets its typed values back without its secrets
 * (`keptValues`), so neither the page nor its data ever carries a key that was typed.
 */
export async function paymentSetupAction(
  intent: PaymentSetupIntent,
  actor: SessionUser,
  formData: FormData,
) {
  if (intent === "payfast") {
    const parsed = parseForm(payfastSettingsSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () =>
      saved("payfast", await updatePayfastSettings({ actor, input: parsed.data })),
    );
  }
  if (intent === "payflex") {
    const parsed = parseForm(payflexSettingsSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () =>
      saved("payflex", await updatePayflexSettings({ actor, input: parsed.data })),
    );
  }
  if (intent === "remove-payfast" || intent === "remove-payflex") {
    const provider = intent === "remove-payfast" ? "payfast" : "payflex";
    return attempt(formData, async () => {
      const { removed } = await removePaymentSetup({ actor, provider });
      return succeeded(
        removed ? "Keys Removed" : "Nothing to Remove",
        removed
          ? `${NAMES[provider]}'s saved keys are gone: checkout no longer offers it unless the server's environment sets it.`
          : `No ${NAMES[provider]} keys were saved.`,
      );
    });
  }
  const parsed = parseForm(bankDetailsSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    await updateBankDetails({ actor, input: parsed.data });
    return succeeded(
      "Settings Saved",
      parsed.data.bankAccountNumber
        ? "Hand-made invoices still to be paid print these bank details."
        : "No bank details: hand-made invoices print none.",
    );
  });
}

function saved(provider: keyof typeof NAMES, result: { changed: string[] }) {
  return succeeded(
    "Settings Saved",
    result.changed.length
      ? `${NAMES[provider]} is set up: checkout uses it from the next payment.`
      : `Nothing changed in ${NAMES[provider]}'s set-up.`,
  );
}
