import { data } from "react-router";
import { FormNotice } from "~/components/admin/auth-card";
import { AppearanceSettingsForm } from "~/components/admin/settings/appearance-settings-form";
import { appearancePreferencesSchema } from "~/domain/staff/preference-schemas";
import {
  getStaffPreferences,
  saveAppearancePreferences,
} from "~/domain/staff/staff-preferences.server";
import { attempt, invalid, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { readForm } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import { themeCookie } from "~/lib/theme";
import type { Route } from "./+types/settings-appearance";

export const meta: Route.MetaFunction = () => [{ title: "Appearance Settings | Admin" }];

/** Each staff member's own theme and density. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const p = await getStaffPreferences({ userId: user.id });
  return { saved: { theme: p.theme, compactMode: p.compactMode } };
}

const THEME_WORDS = {
  light: "uses the Light theme",
  dark: "uses the Dark theme",
  system: "follows your device's light or dark setting",
} as const;

/**
 * Stores the choice (the truth on every device) and sets this browser's theme cookie with it,
 * so the storefront follows too; the back office reads the stored choice on every page.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const formData = await readForm(request);
  const parsed = parseForm(appearancePreferencesSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const { saved, changed } = await saveAppearancePreferences({
      actor: user,
      input: parsed.data,
    });
    const result = succeeded(
      "Settings Saved",
      changed.length === 0
        ? "Nothing had changed."
        : `The back office ${THEME_WORDS[saved.theme]}${
            saved.compactMode ? ", with compact tables" : ""
          }, on every device you sign in on.`,
    );
    return data(result, { headers: { "Set-Cookie": themeCookie(saved.theme) } });
  });
}

export default function AppearanceSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="appearance-heading" className="space-y-4">
      <div>
        <h2 id="appearance-heading" className="text-lg font-semibold">
          Appearance
        </h2>
        <p className="text-sm text-muted-foreground">
          How the back office looks to you. Each staff member chooses their own.
        </p>
      </div>
      {/* Without JavaScript the form posts normally: the result shows here. */}
      {actionData?.ok && (
        <FormNotice tone="success" title={actionData.message.title}>
          {actionData.message.description}
        </FormNotice>
      )}
      <AppearanceSettingsForm saved={loaderData.saved} pageResult={actionData} />
    </section>
  );
}
