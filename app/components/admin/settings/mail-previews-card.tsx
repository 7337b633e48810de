import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { MAIL_PREVIEWS, type MailAudience } from "~/domain/settings/mail-preview-list";

const AUDIENCES: MailAudience[] = ["Shoppers", "Staff", "Suppliers and buyers"];

/** Every e-mail the shop sends, each linking to its preview as it would go out. */
export function MailPreviewsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mail previews</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <p className="text-muted-foreground">
          Each message as the shop sends it, in its layout and as plain text, filled with a sample
          order and shopper. The shop&apos;s name and contact details come from the settings.
        </p>
        {AUDIENCES.map((audience) => (
          <section key={audience} aria-labelledby={`mail-${audience}`}>
            <h3 id={`mail-${audience}`} className="mb-1 font-medium">
              To {audience.toLowerCase()}
            </h3>
            <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
              {MAIL_PREVIEWS.filter((p) => p.audience === audience).map((p) => (
                <li key={p.key}>
                  <Link
                    to={`/admin/settings/notifications/preview/${p.key}`}
                    className="inline-block py-1 font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {p.label}
                  </Link>
                  <span className="text-muted-foreground">: {p.when}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
