import { ShieldX } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader } from "~/components/admin/ui/card";

/** What a signed-in account without a staff role sees at any /admin address. */
export function NoAccess() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-12">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <ShieldX className="mx-auto size-10 text-destructive" aria-hidden />
          <h1 className="text-2xl font-bold">No access to the back office</h1>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-muted-foreground">
            Your account is signed in, but it has no staff role, so it cannot open the back office.
            If you work at the shop, ask the owner to give your account access.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild variant="outline">
              <Link to="/">Back to Home</Link>
            </Button>
            <Form method="post" action="/auth/sign-out">
              <Button type="submit">Sign Out</Button>
            </Form>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
