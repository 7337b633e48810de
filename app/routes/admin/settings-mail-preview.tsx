import { data, Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { isMailPreviewKey, MAIL_PREVIEWS } from "~/domain/settings/mail-preview-list";
import { previewMail } from "~/domain/settings/mail-previews.server";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import { siteUrl } from "~/lib/site-url.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/settings-mail-preview";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.label ?? "E-mail"} preview | Admin` },
];

/** One e-mail as the shop would send it, built from sample data: staff may read every kind. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const key = params.kind;
  if (!isMailPreviewKey(key)) throw data("There is no e-mail of that name.", { status: 404 });
  const entry = MAIL_PREVIEWS.find((p) => p.key === key)!;
  const mail = await previewMail(key, {
    settings: await getStoreSettings(),
    siteUrl: siteUrl(),
    now: new Date(),
  });
  return { label: entry.label, when: entry.when, mail };
}

export default function MailPreviewPage({ loaderData }: Route.ComponentProps) {
  const { label, when, mail } = loaderData;
  return (
    <section aria-labelledby="preview-heading" className="space-y-4">
      <div>
        <Link
          to="/admin/settings/notifications"
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          Back to Notifications
        </Link>
        <h2 id="preview-heading" className="mt-2 text-lg font-semibold">
          {label}
        </h2>
        <p className="text-sm text-muted-foreground">Sent when: {when}</p>
      </div>
      <Card>
        <CardContent className="pt-6 text-sm">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">Subject</dt>
            <dd data-testid="mail-subject">{mail.subject}</dd>
            <dt className="text-muted-foreground">To</dt>
            <dd>{mail.to}</dd>
            {mail.replyTo ? (
              <>
                <dt className="text-muted-foreground">Reply to</dt>
                <dd>{mail.replyTo}</dd>
              </>
            ) : null}
            {mail.attachments.length > 0 ? (
              <>
                <dt className="text-muted-foreground">Attached</dt>
                <dd>{mail.attachments.join(", ")}</dd>
              </>
            ) : null}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>As HTML</CardTitle>
        </CardHeader>
        <CardContent>
          {/* Sandboxed: the message's own page, with no script and no way out of the frame. */}
          <iframe
            title={`${label}: the e-mail as HTML`}
            srcDoc={mail.html}
            sandbox=""
            className="h-[42rem] w-full rounded-md border bg-white"
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>As plain text</CardTitle>
        </CardHeader>
        <CardContent>
          <pre
            data-testid="mail-text"
            className="overflow-x-auto text-sm leading-relaxed whitespace-pre-wrap"
          >
            {mail.text}
          </pre>
        </CardContent>
      </Card>
    </section>
  );
}
