import { Icon } from "~/components/store/icon";
import { redirect } from "react-router";
import { AuthScreen, FormNotice } from "~/components/admin/auth-card";
import { Field } from "~/components/admin/field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/admin/ui/tabs";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader } from "~/components/admin/ui/card";
import { invalid, refused, succeeded } from "~/lib/actions.server";
import { signUpFromForm, signUpNotice } from "~/domain/auth/accounts.server";
import { authSchema } from "~/domain/auth/schemas";
import { getSessionUser } from "~/domain/auth/session.server";
import { signInWithPassword } from "~/domain/auth/sign-in.server";
import { parseForm } from "~/lib/forms";
import { siteUrl } from "~/lib/site-url.server";
import { readForm } from "~/lib/request-input.server";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = () => [
  { title: "Sign In | Slumber Corner Admin" },
  { name: "robots", content: "noindex" },
];

/** The specification: an existing session goes straight on to /admin. */
export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect("/admin");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const parsed = parseForm(authSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  const baseURL = siteUrl();
  if (formData.get("intent") === "sign-up") {
    // The same answer whether or not the e-mail has an account (its owner is e-mailed).
    const created = await signUpFromForm({
      ...parsed.data,
      baseURL,
      clientAddress: context.clientAddress,
    });
    if (created.ok) {
      const notice = signUpNotice(parsed.data.email);
      return succeeded(notice.title, notice.description);
    }
    if (created.rateLimited) {
      return refused(429, { title: "Too many attempts", description: created.message }, formData);
    }
    return refused(400, { title: "Sign Up Failed", description: created.message }, formData);
  }
  const signedIn = await signInWithPassword({
    ...parsed.data,
    rememberMe: true,
    request,
    baseURL,
    clientAddress: context.clientAddress,
  });
  if (signedIn.ok) throw redirect("/admin", { headers: signedIn.headers });
  if (signedIn.reason === "two_factor") {
    throw redirect("/admin-login/two-factor", { headers: signedIn.headers });
  }
  return refused(
    signedIn.reason === "rate_limited" ? 429 : 401,
    { title: "Sign In Failed", description: signedIn.message },
    formData,
  );
}

export default function AuthPage({ actionData }: Route.ComponentProps) {
  return (
    <AuthScreen>
      <Card>
        <CardHeader className="text-center">
          <Icon name="layout-dashboard" className="mx-auto size-10 text-primary" />
          <h1 className="text-2xl font-bold">Slumber Corner Admin</h1>
          <p className="text-sm text-muted-foreground">
            Manage your inventory, orders &amp; invoices
          </p>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="sign-in">
            <TabsList>
              <TabsTrigger value="sign-in">Sign In</TabsTrigger>
              <TabsTrigger value="sign-up">Create Account</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in">
              <AuthForm intent="sign-in" pageResult={actionData} />
            </TabsContent>
            <TabsContent value="sign-up">
              <AuthForm intent="sign-up" pageResult={actionData} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </AuthScreen>
  );
}

function AuthForm({
  intent,
  pageResult,
}: {
  intent: "sign-in" | "sign-up";
  pageResult?: Route.ComponentProps["actionData"];
}) {
  const form = useAdminForm({ schema: authSchema, pageResult, resetOnSuccess: true });
  const signUp = intent === "sign-up";
  const result = form.result;
  return (
    <form.fetcher.Form
      method="post"
      action="/auth"
      ref={form.formRef}
      onSubmit={form.onSubmit}
      noValidate
    >
      <fieldset disabled={form.submitting} className="space-y-4">
        {result && !form.fetcher.data && (
          <FormNotice
            tone={result.ok ? "success" : "error"}
            title={result.ok ? result.message.title : result.alert.title}
          >
            {result.ok ? result.message.description : result.alert.description}
          </FormNotice>
        )}
        <input type="hidden" name="intent" value={intent} />
        <Field
          id={`${intent}-email`}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={form.errors.email}
          onEdit={form.clearError}
          defaultValue={form.values.email}
        />
        <Field
          id={`${intent}-password`}
          name="password"
          label="Password"
          type="password"
          autoComplete={signUp ? "new-password" : "current-password"}
          required
          error={form.errors.password}
          onEdit={form.clearError}
        />
        <Button type="submit" className="w-full">
          {signUp
            ? form.submitting
              ? "Creating account..."
              : "Create Account"
            : form.submitting
              ? "Signing in..."
              : "Sign In"}
        </Button>
      </fieldset>
    </form.fetcher.Form>
  );
}
