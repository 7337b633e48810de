import { Monitor, Moon, Sun } from "lucide-react";
import { SwitchField } from "~/components/admin/switch-field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import {
  appearancePreferencesSchema,
  type AppearancePreferences,
} from "~/domain/staff/preference-schemas";
import { cn } from "~/lib/cn";
import type { FormActionResult } from "~/lib/forms";
import type { Theme } from "~/lib/theme";

const THEME_CHOICES: { value: Theme; label: string; hint: string; Icon: typeof Sun }[] = [
  { value: "light", label: "Light", hint: "Dark text on light backgrounds.", Icon: Sun },
  { value: "dark", label: "Dark", hint: "Light text on dark backgrounds.", Icon: Moon },
  { value: "system", label: "System", hint: "Follows this device's setting.", Icon: Monitor },
];

/**
 * The Appearance tab: the staff member's theme for the back office (and the storefront while
 * signed in on this browser) and compact tables. Saved on the server, so it follows them to
 * every device they sign in on.
 */
export function AppearanceSettingsForm({
  saved,
  pageResult,
}: {
  saved: AppearancePreferences;
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({ schema: appearancePreferencesSchema, pageResult });
  const refused = Object.keys(form.values).length > 0;
  const theme = refused ? form.values.theme : saved.theme;
  const compact = refused ? form.values.compactMode === "on" : saved.compactMode;
  const themeError = form.errors.theme;
  return (
    <form.fetcher.Form method="post" onSubmit={form.onSubmit} noValidate className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Theme</CardTitle>
        </CardHeader>
        <CardContent>
          <fieldset
            aria-describedby={themeError ? "field-theme-error" : undefined}
            className="space-y-3"
          >
            <legend className="sr-only">Theme</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              {THEME_CHOICES.map(({ value, label, hint, Icon }) => (
                <label
                  key={value}
                  className={cn(
                    "flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm",
                    "has-checked:border-primary has-checked:bg-muted",
                    "has-focus-visible:ring-2 has-focus-visible:ring-ring",
                  )}
                >
                  <input
                    type="radio"
                    name="theme"
                    value={value}
                    defaultChecked={theme === value}
                    onInput={() => form.clearError("theme")}
                    className="mt-0.5 accent-primary"
                  />
                  <span className="space-y-1">
                    <span className="flex items-center gap-1.5 font-medium">
                      <Icon className="size-4" aria-hidden />
                      {label}
                    </span>
                    <span className="block text-muted-foreground">{hint}</span>
                  </span>
                </label>
              ))}
            </div>
            {themeError && (
              <p id="field-theme-error" className="text-sm text-destructive">
                {themeError}
              </p>
            )}
          </fieldset>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Layout</CardTitle>
        </CardHeader>
        <CardContent>
          <SwitchField
            name="compactMode"
            label="Compact mode"
            hint="Denser tables: more rows of products, orders and stock on the screen at once."
            defaultChecked={compact}
            error={form.errors.compactMode}
            onEdit={form.clearError}
          />
        </CardContent>
      </Card>
      <Button type="submit" disabled={form.submitting}>
        {form.submitting ? "Saving..." : "Save Changes"}
      </Button>
    </form.fetcher.Form>
  );
}
