import { Download, ShieldCheck } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";

/**
 * The owner's way into the privacy tool for this customer. Both post the address, as the tool
 * itself does, so it never sits in a URL, a log line or the browser's history.
 */
export function CustomerPrivacyCard({ email }: { email: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Privacy</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p className="text-muted-foreground">
          When this customer asks what the shop holds about them, to correct it or to delete it
          (POPIA sections 23 and 24).
        </p>
        <div className="flex flex-wrap gap-2">
          <Form method="post" action="/admin/privacy">
            <input type="hidden" name="intent" value="find" />
            <input type="hidden" name="email" value={email} />
            <Button type="submit" variant="outline">
              <ShieldCheck aria-hidden /> Open in Privacy Requests
            </Button>
          </Form>
          <form method="post" action="/admin/privacy/export">
            <input type="hidden" name="email" value={email} />
            <Button type="submit" variant="outline">
              <Download aria-hidden /> Download their data
            </Button>
          </form>
        </div>
      </CardContent>
    </Card>
  );
}
